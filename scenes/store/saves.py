"""Autosave and continue: the match in progress is the engine's replay record, saved after
every action.

The file lives in the user's data folder and is replaced atomically (temporary file, fsync,
rename), so killing the program at any moment leaves the last complete save. Loading goes
through the one user-file loader (size, UTF-8, nesting and number limits), then replays the
record and checks the state it reaches; a corrupt, truncated, edited or incompatible file (or a
folder in its place) is never deleted: it is renamed aside (``autosave.broken-<time>.json``)
and the title screen says so and carries on.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import Level
from game.engine import Game
from game.i18n import _, ngettext
from game.match import MatchSetup, Seat, SeatKind
from game.record import Record
from scenes.store.userdata import Loaded, clean_name, data_dir, load_json, write_atomic

SAVE_NAME = "autosave.json"


class SaveError(ValueError):
    """The saved match cannot be continued; the message says why (and where the file went)."""


def save_path(folder: Path | None = None) -> Path:
    return (folder if folder is not None else data_dir()) / SAVE_NAME


def save_match(setup: MatchSetup, game: Game, folder: Path | None = None) -> None:
    """Write the match so far (raises OSError if the disk refuses; the caller reports it)."""
    meta: dict[str, Any] = {
        "seats": [
            {
                "name": s.name,
                "level": None if s.level is None else s.level.value,
                # Who plays it: a continued match keeps every phone seat on a phone.
                "kind": (s.kind or SeatKind.PERSON).value,
            }
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
    loaded = _load(folder)
    if loaded.value is None:
        raise SaveError(loaded.problem or _("There is no saved match to continue."))
    return loaded.value


@dataclass(frozen=True)
class Summary:
    """What the title screen says of the match to continue (said again in a new language)."""

    players: int
    round: int
    moves: int

    def text(self) -> str:
        """The line under Continue, in the screen's language."""
        # TRANSLATORS: under the title screen's Continue button; {players} is 2 to 10.
        return ngettext(
            "{players} players, round {round}, {moves} move so far",
            "{players} players, round {round}, {moves} moves so far",
            self.moves,
        ).format(players=self.players, round=self.round, moves=self.moves)


def summary(folder: Path | None = None) -> tuple[Summary | None, str | None]:
    """For the title screen: the match to continue (None if there is none) and a message for
    the player when the save was damaged (and set aside).

    The save is checked in full (replayed) so Continue is offered only when it will work.
    """
    loaded = _load(folder)
    if loaded.value is None:
        return None, loaded.problem
    setup, game = loaded.value
    return Summary(len(setup.seats), game.round, len(game.actions)), None


def peek(folder: Path | None = None) -> tuple[str | None, str | None]:
    """``summary`` as the line the title screen shows."""
    found, problem = summary(folder)
    return (None if found is None else found.text()), problem


def _load(folder: Path | None) -> Loaded[tuple[MatchSetup, Game]]:
    return load_json(
        save_path(folder),
        _match,
        _(
            "The saved match could not be loaded: {reason}. "
            "It cannot be continued; start a new game."
        ),
        _("The saved match had values that were not valid and were reset: {values}."),
    )


def _match(data: Any, resets: list[str]) -> tuple[MatchSetup, Game]:
    # The record checks itself (RecordError is a ValueError that says why); names are cleaned
    # without a word, since the next autosave writes them clean.
    record, game = Record.from_data(data)
    return _setup(record), game


def _setup(record: Record) -> MatchSetup:
    seats_data = record.meta.get("seats")
    if not isinstance(seats_data, list) or len(seats_data) != record.players:
        raise SaveError(_("the save does not say who sits at the table"))
    seats = []
    for seat, entry in enumerate(seats_data):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise SaveError(_("a seat of the save is malformed"))
        name = clean_name(entry["name"]) or f"Player {seat + 1}"
        level = entry.get("level")
        try:
            seats.append(Seat(name, None if level is None else Level(level)))
        except ValueError as error:
            raise SaveError(
                _("unknown AI level {level}").format(level=repr(clean_name(str(level))))
            ) from error
        # Saves from before phone seats were kept name no kind: their people were at the screen.
        kind = entry.get("kind", SeatKind.AI.value if level is not None else "person")
        if kind == SeatKind.PHONE.value and level is None:
            seats[-1] = Seat(name, kind=SeatKind.PHONE)
        elif kind not in (SeatKind.PERSON.value, SeatKind.AI.value) or (
            (kind == SeatKind.AI.value) != (level is not None)
        ):
            raise SaveError(_("a seat of the save names an unknown kind of player"))
    max_rounds = record.meta.get("max_rounds")
    if max_rounds is not None and (type(max_rounds) is not int or max_rounds < 1):
        raise SaveError(_("the save's round limit is malformed"))
    open_hands = record.meta.get("open_hands", False)
    if not isinstance(open_hands, bool):
        raise SaveError(_("the save's open-hands setting is malformed"))
    return MatchSetup(record.rules, tuple(seats), record.seed, max_rounds, open_hands)
