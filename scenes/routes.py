"""Where a screen can send the player: small frozen values, one per screen.

A scene never builds another scene: it names where to go (``app.go(Options())``) and the
composition root (``scenes.composition``) builds the screen for that route. So screens do not import
screens, and a route can be made anywhere, by anything: a button, a test, the command line, a
tutorial script. A route holds what the screen needs to open and nothing of pygame; this module
imports only ``game`` (it must never import a scene, or the circle is back).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine import Game
from game.match import MatchSetup
from game.record import Record
from game.rules import Rules


@dataclass(frozen=True)
class Title:
    """The title screen; ``notice`` is a message about the player's files to show at once."""

    notice: str = ""


@dataclass(frozen=True)
class NewGame:
    """The setup screen: players, AI levels and every rule."""


@dataclass(frozen=True)
class Options:
    """The settings screen."""


@dataclass(frozen=True)
class Controls:
    """Rebinding keys and controller buttons."""


@dataclass(frozen=True)
class Stats:
    """The statistics of every player who has played here."""


@dataclass(frozen=True)
class About:
    """The version, the engine, the licence, the credits and where the log is."""


@dataclass(frozen=True)
class HowTo:
    """The rules explained, as ``rules`` set them (the table shows its own match's)."""

    rules: Rules = field(default_factory=Rules)
    players: int | None = None  # a table's count narrows the text to it


@dataclass(frozen=True)
class Network:
    """Where the phones' server listens (docs/PHONES.md): ``host`` None listens on every
    interface and gives the phones this computer's home-network address; ``port`` None asks
    for the usual port, or any free one."""

    host: str | None = None
    port: int | None = None


@dataclass(frozen=True)
class Table:
    """A match at the table: a new one from ``setup``, or ``game`` continued (a save).

    ``on_match_end`` gets the finished game (autoplay prints its result and quits); it takes
    the game, not the table scene, so that naming the route needs no scene.
    """

    setup: MatchSetup
    game: Game | None = None
    autosave: bool = False
    # Couch play: the controller (instance id) given to each seat in setup.
    pads: dict[int, int] | None = None
    autoplay: bool = False  # every seat played by the AI, the match shown as it goes
    on_match_end: Callable[[Game], None] | None = None
    network: Network = field(default_factory=Network)  # for the phone seats, if any
    # A new match a person started (New game, Quick game): a new deck's lesson may be offered
    # first ("New to these cards?", ``scenes.table.offer``).
    offer_lesson: bool = False


@dataclass(frozen=True)
class Lessons:
    """The list of guided lessons, the finished ones ticked."""


@dataclass(frozen=True)
class Lesson:
    """One guided lesson at the table, by its file's name (``game.lessons``); ``then``: the
    match the person was starting when the lesson was offered, played at its end if they wish."""

    key: str
    then: Table | None = None


@dataclass(frozen=True)
class Offer:
    """Before a deck's first match, "New to these cards?" (``scenes.table.offer``): the lesson
    ``lesson`` or the match ``table``; ``notice``, a message about the record of lessons."""

    table: Table
    lesson: str
    notice: str = ""


@dataclass(frozen=True)
class Replay:
    """A finished match played again move by move, from its record."""

    setup: MatchSetup
    record: Record


# Every route there is: the composition root must build each (mypy checks its ``match``).
Route = (
    Title
    | NewGame
    | Options
    | Controls
    | Stats
    | About
    | HowTo
    | Table
    | Replay
    | Lessons
    | Lesson
    | Offer
)
