"""The player's preferences that the scenes read: speeds, sound, look; stored between runs.

The values live in one mutable dataclass shared by the scenes; animation speed scales every
animation (0 makes them instant, as autoplay and tests use) and AI pace scales the AIs'
thinking pauses on the clock (it never changes what they decide). They are saved as JSON in
the user's config folder, atomically; a broken or foreign file falls back to the defaults with
a message and is kept aside, never deleted.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SETTINGS_NAME = "settings.json"


@dataclass
class Settings:
    animation_speed: float = 1.0  # 0 instant, 1 normal, 2 twice as fast
    ai_pace: float = 1.0  # multiplies the AI thinking pauses; 0 for no pause
    volume: float = 0.7  # sound effects
    music_volume: float = 0.4  # under the effects, so a long match does not tire the ear
    shapes: bool = True  # colorblind shapes on colored cards
    reduced_motion: bool = False  # shorter flights, nothing that moves by itself
    fullscreen: bool = False
    large_text: bool = False  # a bigger status line and move log, for reading across a room
    # Rebindable moves: a key name (pygame.key.name) and an SDL game-controller button number.
    keys: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    buttons: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_BUTTONS))

    def duration(self, seconds: float) -> float:
        """An animation's length at the chosen speed (0 when animations are off)."""
        if self.animation_speed <= 0:
            return 0.0
        # Reduced motion keeps every move visible but halves how long things fly about.
        scale = 0.5 if self.reduced_motion else 1.0
        return seconds * scale / self.animation_speed


# SDL game-controller button numbers: A 0, B 1, X 2, Y 3, back 4, start 6, shoulders 9 and 10.
DEFAULT_KEYS: dict[str, str] = {"draw": "d", "uno": "u", "catch": "c", "hint": "h", "pause": "p"}
DEFAULT_BUTTONS: dict[str, int] = {
    "confirm": 0,
    "back": 1,
    "draw": 2,
    "uno": 3,
    "catch": 9,
    "hint": 4,
    "pause": 6,
    "peek": 10,  # right shoulder: hold to see your own hand (couch play)
}

# The range each number may take; a value outside is a broken file, not a setting to obey.
LIMITS: dict[str, tuple[float, float]] = {
    "animation_speed": (0.0, 4.0),
    "ai_pace": (0.0, 3.0),
    "volume": (0.0, 1.0),
    "music_volume": (0.0, 1.0),
}


def settings_path(folder: Path | None = None) -> Path:
    if folder is None:
        from scenes.userdata import config_dir

        folder = config_dir()
    return folder / SETTINGS_NAME


def from_dict(data: Any) -> Settings:
    """Settings from parsed JSON; raises ValueError naming the first bad entry."""
    if not isinstance(data, dict):
        raise ValueError("the settings file does not hold a settings object")
    values: dict[str, Any] = {}
    for item in dataclasses.fields(Settings):
        if item.name not in data:
            continue  # a setting added in a newer version keeps its default
        value = data[item.name]
        default = getattr(Settings(), item.name)
        if isinstance(default, dict):
            values[item.name] = _bindings(item.name, value, default)
            continue
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"{item.name} must be true or false")
        else:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"{item.name} must be a number")
            low, high = LIMITS[item.name]
            if not low <= value <= high:
                raise ValueError(f"{item.name} must be between {low:g} and {high:g}")
            value = float(value)
        values[item.name] = value
    return Settings(**values)


def _bindings(name: str, value: Any, default: dict[str, Any]) -> dict[str, Any]:
    """Key or button bindings: known moves only, each a name or a button number."""
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be an object")
    merged = dict(default)
    for move, bound in value.items():
        if move not in default:
            raise ValueError(f"{name} has an unknown move {move!r}")
        kind = type(default[move])
        if not isinstance(bound, kind) or isinstance(bound, bool):
            raise ValueError(f"{name}.{move} must be a {kind.__name__}")
        if kind is int and not 0 <= bound < 32:
            raise ValueError(f"{name}.{move} is not a controller button")
        merged[move] = bound
    return merged


def load_settings(folder: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a message saying why (the bad file kept aside)."""
    path = settings_path(folder)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), f"Settings could not be read ({error}); using the defaults."
    try:
        return from_dict(json.loads(text)), None
    except ValueError as error:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"settings.broken-{stamp}.json")
        try:
            path.replace(aside)
            kept = f" The file was kept as {aside.name}."
        except OSError:
            kept = ""
        return Settings(), f"The settings file was damaged ({error}); using the defaults.{kept}"


def save_settings(settings: Settings, folder: Path | None = None) -> str | None:
    """Store the settings; returns a message if the disk refused (the game goes on)."""
    from scenes.userdata import write_atomic

    try:
        write_atomic(settings_path(folder), json.dumps(dataclasses.asdict(settings), indent=2))
    except OSError as error:
        return f"Settings could not be saved: {error}"
    return None
