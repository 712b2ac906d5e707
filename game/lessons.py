"""Guided lessons: a short real hand dealt from a stacked deck, and the steps a newcomer takes
in it (docs/LESSONS.md).

A lesson is data, one JSON file each in ``assets/lessons/``: the rule preset, the AI seats'
levels, the seed, every hand, the first card and the top of the draw pile, then the steps. A
step names what the person does (play a card, draw, call UNO, choose a color, challenge, take
a penalty, make a House Rule, race, jump in, catch) and two sentences by their id in
``game.lesson_words`` (the catalogs cannot read JSON): what to do, and what just happened.
Nothing here bends a rule: the lesson is played by the real engine and match, and ``rehearse``
plays every file by its steps against them (the AIs choose as they will at the table, from the
same seed), so a file whose moment never comes is refused at start, with a sentence, like a
file that cannot be read.

A race and a jump-in are timed against the AIs' reactions, so no deal can make them certain:
a timed step holds the AIs (``Match.hold``) while its moment is open, at the table as in the
rehearsal, and they move on once the person has done it (docs/LESSONS.md). So does a catch: an
AI named in ``forgets_uno`` never calls UNO (``game.ai.levels.forgetting_uno``, seated by
``Lesson.prepare``), and the others wait while the person may catch it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from game.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    ChooseSwap,
    Draw,
    FinishRace,
    JumpIn,
    MakeRule,
    Play,
)
from game.ai import Level
from game.ai.levels import forgetting_uno
from game.cards import Color, deck, find_cards
from game.engine import Game
from game.events import (
    CardPlayed,
    CardsDrawn,
    Challenged,
    ColorChosen,
    DrawReason,
    HandsSwapped,
    HouseRuleMade,
    RaceFinished,
    UnoCalled,
    UnoCaught,
)
from game.i18n import _
from game.lesson_words import WORDS
from game.match import Match, MatchEvent, Seat
from game.rules import PRESETS, Preset, RaceAction, Rules, RulesError, TargetMode

# The person always sits at seat 0 and plays first (the dealer is the last seat).
PERSON = 0
# A lesson file is a few hundred bytes; anything far larger is not one.
MAX_BYTES = 64 * 1024
# AI moves between two of the person's steps, at most, while rehearsing (a lesson is short).
REHEARSAL_LIMIT = 200
# The AIs' names, seat 1 onwards (names, not words: the same in every language).
AI_NAMES = ("Ana", "Ben", "Chloe")


class Do(Enum):
    """What the person does to finish a step."""

    PLAY = "play"  # the step's card
    DRAW = "draw"
    UNO = "uno"
    COLOR = "color"  # the step's color, after a wild
    CHALLENGE = "challenge"  # a Wild Draw Four played on you
    ACCEPT = "accept"  # take a penalty without answering
    SWAP = "swap"  # the step's seat, to swap hands with (a 7 under 7-0)
    RULE = "rule"  # make the step's House Rule (for the step's number, if it names one)
    RACE = "race"  # finish the House Rules race that is running
    JUMPIN = "jumpin"  # play the step's card out of turn, on an identical card
    CATCH = "catch"  # catch the step's seat, down to one card without having called UNO


# The steps timed against the AIs' reactions: the AIs wait while their moment is open.
TIMED = frozenset({Do.RACE, Do.JUMPIN, Do.CATCH})


class LessonError(ValueError):
    """A lesson file that cannot be played; the message says why, for the person."""


@dataclass(frozen=True)
class Step:
    """One thing to do: ``say`` asks for it, ``then`` explains it once done (word ids)."""

    do: Do
    say: str
    then: str
    card: str | None = None  # Do.PLAY, Do.JUMPIN: the card's code
    color: Color | None = None  # Do.COLOR
    seat: int | None = None  # Do.SWAP, Do.CATCH: the other seat (1 onwards)
    rule: RaceAction | None = None  # Do.RULE
    number: int | None = None  # Do.RULE: the number the rule is for (None: any)

    def action(self, game: Game, seat: int = PERSON) -> Action | None:
        """The legal action of ``seat`` that does this step now (None: not possible now)."""
        for action in game.legal_actions():
            if action.player == seat and self.is_done_by(action):
                return action
        return None

    def is_done_by(self, action: Action) -> bool:
        match self.do:
            case Do.PLAY:
                return isinstance(action, Play) and action.card.code == self.card
            case Do.DRAW:
                return isinstance(action, Draw)
            case Do.UNO:
                return isinstance(action, CallUno)
            case Do.COLOR:
                return isinstance(action, ChooseColor) and action.color is self.color
            case Do.CHALLENGE:
                return isinstance(action, Challenge)
            case Do.ACCEPT:
                return isinstance(action, Accept)
            case Do.SWAP:
                return isinstance(action, ChooseSwap) and action.target == self.seat
            case Do.RULE:
                return isinstance(action, MakeRule) and self._rule_is(action.number, action.rule)
            case Do.RACE:
                return isinstance(action, FinishRace)
            case Do.JUMPIN:
                return isinstance(action, JumpIn) and action.card.code == self.card
            case Do.CATCH:
                return isinstance(action, Catch) and action.target == self.seat

    def _rule_is(self, number: int, rule: RaceAction) -> bool:
        return rule is self.rule and self.number in (None, number)

    def holds(self, game: Game) -> bool:
        """Whether the AIs wait now: a timed step whose moment is open (the person could do it
        now). Nothing else changes: the person's move is the one the real match would take."""
        return self.do in TIMED and self.action(game) is not None

    def done(self, events: Sequence[MatchEvent], seat: int = PERSON) -> bool:
        """Whether ``events`` (as the match tells its listeners) hold this step being done."""
        return any(self._done_in(event, seat) for event in events)

    def _done_in(self, event: MatchEvent, seat: int) -> bool:
        match self.do:
            case Do.PLAY:
                return (
                    isinstance(event, CardPlayed)
                    and event.player == seat
                    and event.card.code == self.card
                )
            case Do.DRAW:
                return (
                    isinstance(event, CardsDrawn)
                    and event.player == seat
                    and event.reason is DrawReason.TURN
                )
            case Do.UNO:
                return isinstance(event, UnoCalled) and event.player == seat
            case Do.COLOR:
                return (
                    isinstance(event, ColorChosen)
                    and event.player == seat
                    and event.color is self.color
                )
            case Do.CHALLENGE:
                return isinstance(event, Challenged) and event.player == seat
            case Do.ACCEPT:
                return (
                    isinstance(event, CardsDrawn)
                    and event.player == seat
                    and (event.reason is not DrawReason.TURN)
                )
            case Do.SWAP:
                return (
                    isinstance(event, HandsSwapped)
                    and event.player == seat
                    and event.target == self.seat
                )
            case Do.RULE:
                return (
                    isinstance(event, HouseRuleMade)
                    and event.player == seat
                    and self._rule_is(event.number, event.rule)
                )
            case Do.RACE:
                return isinstance(event, RaceFinished) and event.player == seat
            case Do.JUMPIN:
                return (
                    isinstance(event, CardPlayed)
                    and event.player == seat
                    and event.jump_in
                    and event.card.code == self.card
                )
            case Do.CATCH:
                return (
                    isinstance(event, UnoCaught)
                    and event.player == seat
                    and event.target == self.seat
                )

    def acted(self, events: Sequence[MatchEvent], seat: int = PERSON) -> bool:
        """Whether the person did something else in ``events`` (a legal move, not the step's)."""
        return any(
            getattr(event, "player", None) == seat
            and isinstance(
                event, CardPlayed | CardsDrawn | ColorChosen | HandsSwapped | HouseRuleMade
            )
            for event in events
        ) and not self.done(events, seat)

    @property
    def sentence(self) -> str:
        return _(WORDS[self.say])

    @property
    def explanation(self) -> str:
        """What just happened ("": nothing to explain, the next step follows at once)."""
        return _(WORDS[self.then]) if self.then else ""


@dataclass(frozen=True)
class Lesson:
    """A stacked deal and its steps; ``key`` is its file's name, remembered once finished."""

    key: str
    title: str  # a word id
    order: int
    preset: Preset
    seed: int
    levels: tuple[Level, ...]  # seat 1 onwards
    hands: tuple[tuple[str, ...], ...]  # seat 0 (the person) first
    first: str
    draws: tuple[str, ...]
    steps: tuple[Step, ...]
    # Rule switches on top of the preset (the switches' lesson: stacking, 7-0).
    changes: tuple[tuple[str, Any], ...] = ()
    # AI seats (1 onwards) that never call UNO, so that the person can catch them.
    forgets_uno: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        return _(WORDS[self.title])

    @property
    def rules(self) -> Rules:
        # One hand only: the lesson ends when its round is scored.
        return PRESETS[self.preset].with_changes(
            **dict(self.changes), hand_size=len(self.hands[0]), target_mode=TargetMode.SINGLE_HAND
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    def deal_order(self) -> list[str]:
        """The codes from the top of the pile: the round-robin deal from seat 0, the first
        card, then the draws."""
        size, n = len(self.hands[0]), self.players
        order = [self.hands[i % n][i // n] for i in range(size * n)]
        return [*order, self.first, *self.draws]

    def game(self) -> Game:
        return Game(
            self.rules, self.players, self.seed, dealer=self.players - 1, stacked=self.deal_order()
        )

    def seats(self, you: str) -> tuple[Seat, ...]:
        ais = (Seat.ai(AI_NAMES[i], level) for i, level in enumerate(self.levels))
        return (Seat(you), *ais)

    def prepare(self, match: Match) -> None:
        """Seat the AIs that forget UNO on purpose (``forgets_uno``) at ``match``, a new match
        of this lesson: the table's and the rehearsal's, so both play the same moves."""
        for seat in self.forgets_uno:
            match.auto.seat(seat, forgetting_uno(self.levels[seat - 1]))

    def match(self, you: str = "You") -> Match:
        """A new match of this lesson, as the rehearsal plays it (the AIs answer at once)."""
        match = Match(self.rules, self.seats(you), self.seed, game=self.game(), pace=0.0)
        self.prepare(match)
        return match


# ----------------------------------------------------------------- reading


def parse(key: str, data: Any) -> Lesson:
    """The lesson in ``data`` (a file's parsed JSON); raises LessonError saying what is wrong."""
    if not isinstance(data, dict):
        raise LessonError(_("it is not a lesson"))
    try:
        preset = Preset(_field(data, "preset", str))
        levels = tuple(Level(v) for v in _field(data, "ai", list))
        if Level.EXPERT in levels:
            # The Expert searches against the clock: its choices, and so the lesson, would
            # not be the ones rehearsed.
            raise ValueError("expert")
        hands = tuple(tuple(_codes(h)) for h in _field(data, "hands", list))
        lesson = Lesson(
            key=key,
            title=_word(_field(data, "title", str)),
            order=_field(data, "order", int),
            preset=preset,
            seed=_field(data, "seed", int),
            levels=levels,
            hands=hands,
            first=_field(data, "first", str),
            draws=tuple(_codes(data.get("draws", []))),
            steps=tuple(_step(s) for s in _field(data, "steps", list)),
            changes=_changes(preset, data.get("rules", {})),
            forgets_uno=tuple(_seats(data.get("forgets_uno", []), "forgets_uno")),
        )
    except LessonError:
        raise
    except (ValueError, TypeError, KeyError):
        raise LessonError(_("a value is not one a lesson can have")) from None
    _check_deal(lesson)
    return lesson


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    if name not in data:
        raise LessonError(_("the field {name} is missing").format(name=name))
    value = data[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise LessonError(_("the field {name} has a wrong value").format(name=name))
    return value


def _codes(values: Any) -> list[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise LessonError(_("a list of cards is not a list of card names"))
    return list(values)


def _seats(values: Any, name: str) -> list[int]:
    if not isinstance(values, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise LessonError(_("the field {name} has a wrong value").format(name=name))
    return list(values)


def _changes(preset: Preset, data: Any) -> tuple[tuple[str, Any], ...]:
    """The file's rule switches over its preset, checked as a rules file's are."""
    if not isinstance(data, dict):
        raise LessonError(_("the field {name} has a wrong value").format(name="rules"))
    try:
        changed = Rules.from_dict({**PRESETS[preset].to_dict(), **data})
    except RulesError:
        raise LessonError(_("the field {name} has a wrong value").format(name="rules")) from None
    return tuple((name, getattr(changed, name)) for name in sorted(data))


def _word(key: str) -> str:
    if key not in WORDS:
        raise LessonError(_("no sentence is called {key}").format(key=key))
    return key


def _step(data: Any) -> Step:
    if not isinstance(data, dict):
        raise LessonError(_("a step is not a step"))
    do = Do(_field(data, "do", str))
    card = data.get("card")
    color = Color(data["color"]) if isinstance(data.get("color"), str) else None
    if do in (Do.PLAY, Do.JUMPIN) and not isinstance(card, str):
        raise LessonError(_("a step plays no card"))
    if do is Do.COLOR and color is None:
        raise LessonError(_("a step chooses no color"))
    seat = data.get("seat")
    seated = do in (Do.SWAP, Do.CATCH)
    if seated and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 1):
        raise LessonError(_("the field {name} has a wrong value").format(name="seat"))
    rule, number = _rule(do, data)
    then = data.get("then", "")
    if not isinstance(then, str):
        raise LessonError(_("the field {name} has a wrong value").format(name="then"))
    say = _word(_field(data, "say", str))
    then = _word(then) if then else ""
    return Step(
        do,
        say,
        then,
        card if do in (Do.PLAY, Do.JUMPIN) else None,
        color,
        seat if seated else None,
        rule,
        number,
    )


def _rule(do: Do, data: dict[str, Any]) -> tuple[RaceAction | None, int | None]:
    """A rule step's House Rule (``rule``, required) and number (``number``, 1 to 5; left out:
    the person picks the number, as after a Wild Game Changer)."""
    if do is not Do.RULE:
        return None, None
    rule = RaceAction(_field(data, "rule", str))
    number = data.get("number")
    if number is not None and (
        not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 5
    ):
        raise LessonError(_("the field {name} has a wrong value").format(name="number"))
    return rule, number


def _check_deal(lesson: Lesson) -> None:
    if not 2 <= lesson.players <= len(AI_NAMES) + 1 or len(lesson.levels) != lesson.players - 1:
        raise LessonError(_("the hands and the AI seats do not match"))
    if len({len(h) for h in lesson.hands}) != 1 or not lesson.hands[0]:
        raise LessonError(_("every hand must have the same number of cards"))
    if not lesson.steps:
        raise LessonError(_("the lesson has no steps"))
    forgetters = lesson.forgets_uno
    if len(set(forgetters)) != len(forgetters) or not all(
        1 <= seat < lesson.players for seat in forgetters
    ):
        raise LessonError(_("the field {name} has a wrong value").format(name="forgets_uno"))
    try:
        find_cards(deck(lesson.rules.deck), lesson.deal_order())
    except ValueError:
        raise LessonError(_("a card name is wrong, or the deck has too few of that card")) from None


def rehearse(lesson: Lesson) -> None:
    """Play ``lesson`` by its steps against the real engine and AIs (the person doing each step
    as soon as the game waits on them, or a timed step's moment opens); raises LessonError
    naming the step whose moment never comes."""
    match = lesson.match()
    for number, step in enumerate(lesson.steps, 1):
        for _turn in range(REHEARSAL_LIMIT):
            # A timed step's moment stops the AIs here as ``Match.hold`` does at the table.
            if PERSON in match.waiting_on() or match.is_round_over or step.holds(match.game):
                break
            if not match.fast_forward(1):
                break
        action = None if match.is_round_over else step.action(match.game)
        if action is None:
            raise LessonError(_("step {number} can never be done").format(number=number))
        if not step.done(match.submit(PERSON, action)):
            raise LessonError(_("step {number} is not seen done").format(number=number))


def load(path: Path) -> Lesson:
    """The lesson in the file ``path``, rehearsed; raises LessonError (or OSError)."""
    raw = path.read_bytes()
    if len(raw) > MAX_BYTES:
        raise LessonError(_("the file is too large"))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise LessonError(_("the file is not JSON")) from None
    lesson = parse(path.stem, data)
    rehearse(lesson)
    return lesson


def load_all(folder: Path) -> tuple[list[Lesson], list[str]]:
    """Every lesson of ``folder`` that can be played, in order, and a sentence for each file
    skipped; never raises."""
    lessons: list[Lesson] = []
    problems: list[str] = []
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        paths = []
    for path in paths:
        try:
            lessons.append(load(path))
        except Exception as error:  # any file at all must not stop the game
            problems.append(
                _("The lesson {file} was skipped: {reason}.").format(
                    file=path.name, reason=str(error) or type(error).__name__
                )
            )
    lessons.sort(key=lambda lesson: (lesson.order, lesson.key))
    return lessons, problems
