"""The last match setup, remembered between runs: players, who sits where, names, rules.

The setup screen starts from what was played last time instead of the defaults. The choices are
stored as JSON in the user's config folder (``setup.json``), written atomically, and read back
through the one user-file loader: a file that is not a setup at all gives the defaults with a
message and is kept aside; a single bad value (a player count of 40, an unknown AI level, rules
that cannot be played) is put back to its default and the player is told once. Names are
cleaned as everywhere else. This module imports no pygame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import Level
from game.i18n import _
from game.match import SeatKind
from game.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, Preset, Rules, RulesError
from scenes.store.userdata import clean_name, config_dir, load_json, write_atomic

SETUP_NAME = "setup.json"
VERSION = 1
SEATS = MAX_PLAYERS
PERSON = "person"
DEFAULT_PLAYERS = 4


def _default_kinds() -> list[Level | SeatKind | None]:
    # The default table: you against three Normal AIs (more seats, when added, are Normal too).
    kinds: list[Level | SeatKind | None] = [None]
    return kinds + [Level.NORMAL] * (SEATS - 1)


@dataclass
class LastSetup:
    """Everything the setup screen lets a player choose, for all ten seats.

    Seats beyond ``players`` are kept too, so taking a player away and adding one back brings
    the same seat back. A name is "" while the seat uses its default; a seat has one name for a
    person and another for an AI, so switching a person's seat to an AI and back keeps both.
    """

    players: int = DEFAULT_PLAYERS
    kinds: list[Level | SeatKind | None] = field(default_factory=_default_kinds)
    person_names: list[str] = field(default_factory=lambda: [""] * SEATS)
    ai_names: list[str] = field(default_factory=lambda: [""] * SEATS)
    preset: Preset = Preset.CLASSIC
    rules: Rules = PRESETS[Preset.CLASSIC]
    open_hands: bool = False

    def to_dict(self) -> dict[str, Any]:
        seats = [
            {
                "kind": PERSON if kind is None else kind.value,
                "name": person,
                "ai_name": ai,
            }
            for kind, person, ai in zip(self.kinds, self.person_names, self.ai_names, strict=True)
        ]
        return {
            "version": VERSION,
            "players": self.players,
            "seats": seats,
            "preset": self.preset.value,
            "rules": self.rules.to_dict(),
            "open_hands": self.open_hands,
        }


def setup_path(folder: Path | None = None) -> Path:
    return (folder if folder is not None else config_dir()) / SETUP_NAME


def from_dict(data: Any, resets: list[str] | None = None) -> LastSetup:
    """A remembered setup from parsed JSON: each bad value goes back to its default and is
    described in ``resets``; raises ValueError only when the data is not a setup at all."""
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError(_("the file does not hold a match setup"))
    resets = resets if resets is not None else []
    last = LastSetup()
    players = data.get("players", DEFAULT_PLAYERS)
    if type(players) is int and MIN_PLAYERS <= players <= MAX_PLAYERS:
        last.players = players
    else:
        resets.append(
            _("the number of players (must be {low} to {high})").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS
            )
        )
    _seats(data["seats"], last, resets)
    try:
        last.preset = Preset(data.get("preset", Preset.CLASSIC.value))
    except (ValueError, TypeError):
        resets.append(_("the rule preset (unknown)"))
    last.rules = _rules(data.get("rules"), last, resets)
    open_hands = data.get("open_hands", False)
    if isinstance(open_hands, bool):
        last.open_hands = open_hands
    else:
        resets.append(_("open hands (must be on or off)"))
    return last


def _seats(seats: list[Any], last: LastSetup, resets: list[str]) -> None:
    """Each seat's kind and names; a bad one is reset alone, the others are kept."""
    if len(seats) > SEATS:
        resets.append(
            _("the seats after the first {count} (a table has {count} at most)").format(count=SEATS)
        )
    for seat, entry in enumerate(seats[:SEATS]):
        number = seat + 1
        if not isinstance(entry, dict):
            resets.append(_("seat {number} (not a seat)").format(number=number))
            continue
        kind = entry.get("kind", PERSON if seat == 0 else Level.NORMAL.value)
        if kind == PERSON:
            last.kinds[seat] = None
        elif kind == SeatKind.PHONE.value:
            last.kinds[seat] = SeatKind.PHONE
        else:
            try:
                last.kinds[seat] = Level(kind)
            except (ValueError, TypeError):
                resets.append(_("who sits at seat {number} (unknown)").format(number=number))
        for key, names in (("name", last.person_names), ("ai_name", last.ai_names)):
            raw = entry.get(key, "")
            name = clean_name(raw) if isinstance(raw, str) else ""
            if name != raw:
                # The file's text is shown cleaned, never as it came.
                resets.append(
                    _("the name at seat {number}, now {name}").format(
                        number=number, name=repr(name)
                    )
                    if name
                    else _("the name at seat {number}").format(number=number)
                )
            names[seat] = name


def _rules(raw: Any, last: LastSetup, resets: list[str]) -> Rules:
    """The switches, or the preset's own when they cannot be read or played."""
    fallback = PRESETS[last.preset]
    if raw is None:
        return fallback
    try:
        rules = Rules.from_dict(raw)
        rules.validate(last.players)
    except RulesError as error:
        resets.append(_("the rule switches ({reason}), now the preset's").format(reason=error))
        return fallback
    if not 1 <= rules.target_points <= 100_000:
        # Only checked by the engine for a points match; the setup shows it in every mode.
        resets.append(_("the target points (must be 1 to 100000), now the preset's rules"))
        return fallback
    return rules


def load_last_setup(folder: Path | None = None) -> tuple[LastSetup, str | None]:
    """The remembered setup, or the defaults, and a message saying what was wrong and where the
    bad file was kept. Never raises, whatever the file holds."""
    loaded = load_json(
        setup_path(folder),
        from_dict,
        _(
            "The last game's setup could not be loaded: {reason}. "
            "The setup starts from the defaults."
        ),
        _("The last game's setup had values that were not valid and were reset: {values}."),
    )
    return loaded.settled(LastSetup(), lambda last: save_last_setup(last, folder))


def save_last_setup(last: LastSetup, folder: Path | None = None) -> str | None:
    """Store the setup; returns a message if the disk refused (the game goes on)."""
    try:
        write_atomic(setup_path(folder), json.dumps(last.to_dict(), indent=1))
    except OSError as error:
        return _("The setup could not be remembered ({reason}).").format(
            reason=error.strerror or error
        )
    return None
