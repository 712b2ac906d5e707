"""Measuring the AI: its habits, its decision time, what its choices are worth, and the outside
agent it is measured against (``common`` holds what these and the arena share)."""
