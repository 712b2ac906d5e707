"""The player's preferences that the scenes read: speeds, sound, look; stored between runs.

The values live in one mutable dataclass shared by the scenes; animation speed scales every
animation (0 makes them instant, as autoplay and tests use) and AI pace scales the AIs'
thinking pauses on the clock (it never changes what they decide). They are saved as JSON in
the user's config folder, atomically, and read back through the one user-file loader: a
broken or foreign file falls back to the defaults with a message and is kept aside, never
deleted; a single bad value (out of range, of the wrong kind, a key no keyboard has) is reset to
its default, and the player is told once what was reset. Which keys a keyboard has is a key
table given by the caller (``scenes.store.keys``): this module imports no pygame.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import CODES, N_, _, pgettext
from scenes.store.keys import KeyTable, named_key
from scenes.store.userdata import clean_name, config_dir, load_json, read_json, write_atomic

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
    large_text: bool = False  # every text bigger (scenes.assets), for reading across a room
    # The screen's language (a code of game.i18n.CODES); "" follows the system's.
    language: str = ""
    # Rebindable moves: an SDL key code (pygame.K_*) and an SDL game-controller button number.
    # Codes, because SDL has no name for many keys; names in older files are read as codes.
    keys: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    buttons: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_BUTTONS))

    def duration(self, seconds: float) -> float:
        """An animation's length at the chosen speed (0 when animations are off)."""
        if self.animation_speed <= 0:
            return 0.0
        # Reduced motion keeps every move visible but halves how long things fly about.
        scale = 0.5 if self.reduced_motion else 1.0
        return seconds * scale / self.animation_speed


# SDL game-controller button numbers: A 0, B 1, X 2, Y 3, back 4, start 6, shoulders 9 and 10.
# SDL's code for a letter key is the letter's lower-case ASCII code (pygame.K_d == ord("d")).
DEFAULT_KEYS: dict[str, int] = {
    "draw": ord("d"),
    "uno": ord("u"),
    "catch": ord("c"),
    "hint": ord("h"),
    "pause": ord("p"),
}
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
    return (folder if folder is not None else config_dir()) / SETTINGS_NAME


# How a reset names each setting (the file's keys are not words for the player).
SETTING_NAMES: dict[str, str] = {
    "animation_speed": N_("animation speed"),
    "ai_pace": N_("AI pace"),
    "volume": N_("volume"),
    "music_volume": N_("music volume"),
    "shapes": N_("shapes"),
    "reduced_motion": N_("reduced motion"),
    "fullscreen": N_("fullscreen"),
    "large_text": N_("large text"),
    "language": N_("language"),
}


def from_dict(data: Any, resets: list[str] | None = None, keys: KeyTable = named_key) -> Settings:
    """Settings from parsed JSON: each bad value is replaced by its default and described in
    ``resets``; raises ValueError only when the data is not a settings object at all. ``keys``
    says which key a stored code or name is (see ``scenes.store.keys``)."""
    if not isinstance(data, dict):
        raise ValueError(_("the file does not hold settings"))
    resets = resets if resets is not None else []
    values: dict[str, Any] = {}
    for item in dataclasses.fields(Settings):
        if item.name not in data:
            continue  # a setting added in a newer version keeps its default
        value = data[item.name]
        default = getattr(Settings(), item.name)
        label = _(SETTING_NAMES.get(item.name, item.name))
        if isinstance(default, dict):
            values[item.name] = _bindings(item.name, value, default, resets, keys)
        elif isinstance(default, str):
            if value == "" or value in CODES:
                values[item.name] = value
            else:
                # TRANSLATORS: one item of a list of settings that were reset.
                resets.append(_("{setting} (not a language the game speaks)").format(setting=label))
        elif isinstance(default, bool):
            if isinstance(value, bool):
                values[item.name] = value
            else:
                # TRANSLATORS: one item of a list of settings that were reset.
                resets.append(_("{setting} (must be on or off)").format(setting=label))
        elif isinstance(value, bool) or not isinstance(value, int | float):
            # TRANSLATORS: one item of a list of settings that were reset.
            resets.append(_("{setting} (must be a number)").format(setting=label))
        else:
            low, high = LIMITS[item.name]
            # NaN fails both comparisons, so it is reset too.
            if low <= value <= high:
                values[item.name] = float(value)
            else:
                resets.append(
                    # TRANSLATORS: one item of a list of settings that were reset.
                    _("{setting} (must be from {low} to {high})").format(
                        setting=label, low=f"{low:g}", high=f"{high:g}"
                    )
                )
    return Settings(**values)


def _bindings(
    name: str, value: Any, default: dict[str, Any], resets: list[str], keys: KeyTable
) -> dict[str, Any]:
    """Key or button bindings: known moves only, each a key code (or an older file's key name)
    or a button number; a bad one goes back to its default, and two moves on one key put the
    whole set back."""
    is_keys = name == "keys"
    kinds = (int, str) if is_keys else (int,)
    if not isinstance(value, dict):
        resets.append(
            _("the keys (not a list of moves)")
            if is_keys
            else _("the controller buttons (not a list of moves)")
        )
        return dict(default)
    merged = dict(default)
    for move, bound in value.items():
        if move not in default:
            # The move is the file's text: it is shown cleaned, never as it came.
            shown = repr(clean_name(move))
            resets.append(
                _("the key for an unknown move {move}").format(move=shown)
                if is_keys
                else _("the controller button for an unknown move {move}").format(move=shown)
            )
        elif type(bound) not in kinds or (
            _key_code(bound, keys) is None if is_keys else not _is_button(bound)
        ):
            resets.append(
                _("the key for {move} (no keyboard has that key)").format(move=move)
                if is_keys
                else _("the controller button for {move} (not a button number)").format(move=move)
            )
        else:
            merged[move] = _key_code(bound, keys) if is_keys else bound
    if len(set(merged.values())) < len(merged):
        resets.append(
            _("the keys (two moves shared one key)")
            if is_keys
            else _("the controller buttons (two moves shared one controller button)")
        )
        return dict(default)
    return merged


def _is_button(bound: Any) -> bool:
    return type(bound) is int and 0 <= bound < 32


def _key_code(bound: str | int, keys: KeyTable) -> int | None:
    """The code of a key the table knows, given by code or, in a file written before codes were
    stored, by name; None for anything else (the file may hold any text or number)."""
    if isinstance(bound, str) and (not bound or clean_name(bound) != bound):
        return None  # also keeps NULs and huge names away from the key table and the screen
    return keys(bound)


def load_settings(
    folder: Path | None = None, keys: KeyTable = named_key
) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults, and a message saying what was wrong and where the
    bad file was kept. Never raises, whatever the file holds. ``keys`` is the key table: the
    game gives pygame's, so that any key name pygame knows is read (see ``scenes.store.keys``).
    """
    loaded = load_json(
        settings_path(folder),
        lambda data, resets: from_dict(data, resets, keys),
        _("The settings could not be loaded: {reason}. The defaults are used instead."),
        _("The settings had values that were not valid and were reset: {values}."),
    )
    return loaded.settled(Settings(), lambda settings: save_settings(settings, folder))


def stored_language(folder: Path | None = None) -> str:
    """The language the settings file asks for ("" when it asks for none, or cannot be read),
    read before the settings themselves: their messages (a damaged file, reset values) are
    told in the language the game is about to speak. Never raises; moves nothing aside."""
    try:
        data = read_json(settings_path(folder))
    except Exception:  # whatever is wrong, load_settings finds it again and says so
        return ""
    language = data.get("language", "") if isinstance(data, dict) else ""
    return language if language in CODES else ""


def save_settings(settings: Settings, folder: Path | None = None) -> str | None:
    """Store the settings; returns a message if the disk refused (the game goes on)."""
    try:
        write_atomic(settings_path(folder), json.dumps(dataclasses.asdict(settings), indent=2))
    except OSError as error:
        return _("The settings could not be saved ({reason}).").format(
            reason=error.strerror or error
        )
    return None


# The choices the settings screen and the pause menu cycle through, and their one name each.
SPEEDS: tuple[float, ...] = (1.0, 1.5, 2.0, 0.0, 0.75)
PACES: tuple[float, ...] = (1.0, 0.6, 0.3, 1.5)


def _speed_names() -> dict[float, str]:
    return {
        0.0: pgettext("animation speed", "instant"),
        0.75: pgettext("animation speed", "relaxed"),
        1.0: pgettext("animation speed", "normal"),
        1.5: pgettext("animation speed", "fast"),
        2.0: pgettext("animation speed", "fastest"),
    }


def _pace_names() -> dict[float, str]:
    return {
        0.0: pgettext("AI thinking pauses", "none"),
        0.3: pgettext("AI thinking pauses", "quick"),
        0.6: pgettext("AI thinking pauses", "brisk"),
        1.0: pgettext("AI thinking pauses", "natural"),
        1.5: pgettext("AI thinking pauses", "unhurried"),
    }


def speed_name(speed: float) -> str:
    """The animation speed as both screens name it ("fast"), or "x1.2" off the usual steps, in
    the screen's language."""
    return _speed_names().get(round(max(speed, 0.0), 2), f"x{speed:g}")


def pace_name(pace: float) -> str:
    """The AI thinking pauses as both screens name them ("brisk")."""
    return _pace_names().get(round(max(pace, 0.0), 2), f"x{pace:g}")


def next_step(steps: tuple[float, ...], current: float) -> float:
    """The value after ``current`` in ``steps`` (the first one if it is not among them)."""
    index = steps.index(current) if current in steps else -1
    return steps[(index + 1) % len(steps)]
