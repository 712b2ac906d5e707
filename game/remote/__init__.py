"""Phones as private hands: the web server, its messages and the match's phone seats (docs/PHONES.md)."""
