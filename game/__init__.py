"""The pure UNO rules engine and its AI: standard library only, never pygame or pytmx.

Start with ``game.engine`` (the rules and the action/event vocabulary), ``game.rules`` (every
switch and the presets) and ``game.record`` (save, load and replay).
"""

__version__ = "0.4.0"
