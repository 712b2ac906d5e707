"""Autosave and continue: the match in progress is the engine's replay record, saved after
every action.

The file lives in the user's data folder and is replaced atomically (temporary file, fsync,
rename), so killing the program at any moment leaves the last complete save. Loading replays
the record and checks the state it reaches; a corrupt, truncated, edited or incompatible file
is never deleted: it is renamed aside (``autosave.broken-<time>.json``) and the title screen
says so and carries on.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from game.actions import RecordError
from game.ai import Level
from game.engine import Game
from game.record import Record
from scenes.table import MatchSetup, SeatSpec
from scenes.userdata import data_dir, write_atomic

SAVE_NAME = "autosave.json"


class SaveError(Exception):
    """The saved match cannot be continued; the message says why and where the file went."""


def save_path(folder: Path | None = None) -> Path:
    return (folder if folder is not None else data_dir()) / SAVE_NAME


def has_save(folder: Path | None = None) -> bool:
    return save_path(folder).is_file()


def save_match(setup: MatchSetup, game: Game, folder: Path | None = None) -> None:
    """Write the match so far (raises OSError if the disk refuses; the caller reports it)."""
    meta: dict[str, Any] = {
        "seats": [
            {"name": s.name, "level": None if s.level is None else s.level.value}
            for s in setup.seats
        ],
        "max_rounds": setup.max_rounds,
        "open_hands": setup.open_hands,
    }
    record = Record.of(game, meta)
    write_atomic(save_path(folder), record.to_json(game))


def clear_save(folder: Path | None = None) -> None:
    """A finished match leaves nothing to continue."""
    save_path(folder).unlink(missing_ok=True)


def load_match(folder: Path | None = None) -> tuple[MatchSetup, Game]:
    """The saved match and its game, replayed; a bad file is moved aside and SaveError raised."""
    path = save_path(folder)
    try:
        text = path.read_text(encoding="utf-8")
        record, game = Record.from_json(text)
        setup = _setup(record)
    except (OSError, UnicodeDecodeError, RecordError, SaveError) as error:
        aside = _set_aside(path)
        where = f" It was kept as {aside.name}." if aside is not None else ""
        raise SaveError(f"The saved match could not be continued: {error}.{where}") from error
    return setup, game


def _setup(record: Record) -> MatchSetup:
    seats_data = record.meta.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != record.players:
        raise SaveError("the save does not say who sits at the table")
    seats = []
    for entry in seats_data:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise SaveError("a seat of the save is malformed")
        level = entry.get("level")
        try:
            seats.append(SeatSpec(entry["name"], None if level is None else Level(level)))
        except ValueError as error:
            raise SaveError(f"unknown AI level {level!r}") from error
    max_rounds = record.meta.get("max_rounds")
    if max_rounds is not None and not isinstance(max_rounds, int):
        raise SaveError("the save's round limit is malformed")
    open_hands = record.meta.get("open_hands", False)
    if not isinstance(open_hands, bool):
        raise SaveError("the save's open-hands setting is malformed")
    return MatchSetup(record.rules, tuple(seats), record.seed, max_rounds, open_hands)


def _set_aside(path: Path) -> Path | None:
    if not path.exists():
        return None
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"autosave.broken-{stamp}.json")
    try:
        path.replace(aside)
    except OSError:
        return None
    return aside


def describe(folder: Path | None = None) -> str:
    """A short line about the saved match for the title screen ("Round 3, 4 players")."""
    try:
        data = json.loads(save_path(folder).read_text(encoding="utf-8"))
        return f"{data['players']} players, {len(data['actions'])} moves so far"
    except (OSError, ValueError, KeyError, TypeError):
        return "a match in progress"
