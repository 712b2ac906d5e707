"""Robustness checks run by hand: a phone match killed and continued, the Expert's sampler."""
