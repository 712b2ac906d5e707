"""The match: seats, turns, AI arrivals, rounds and who may see which hand, without a screen.

A ``Match`` owns the ``Game`` and is the only thing that changes it. Every source of actions is
a seat: a person's device calls ``submit(seat, action)``, which checks that the action is that
seat's and legal now, and refuses it with a ``Refused`` whose text is for players (never the
engine's, which names seats by number). AI seats are played by the agents of ``game.ai``:
``tick(now)`` plans the earliest AI arrival (a thinking pause, or a reaction time for catches,
jump-ins and races, scaled by ``pace``) and applies it once ``now`` reaches it. Time is a number
of seconds passed in by the caller; nothing here reads a clock, sleeps, draws or touches a file.
An Expert decides in a worker process when the caller gives a ``Searcher``
(``game.ai.worker.SearchPool``): ``tick`` sends it the decision and polls it frame by frame.

Every consumer of what happened is a listener (``on_events(match, events)``): the table scene
(its presenter and log), the autosave, the statistics and the phones' hub
(``game.phones.hub.PhoneHub``). Each applied action reaches every listener with its events, and
so does a match's deal and its close (``MatchFinished``). A phone seat whose phone is gone is
``away`` (``connected``); the table may hand it to an AI and back (``hand_to_ai``,
``hand_back``).

One shared screen (couch play) has rules of its own, kept here as plain data and pure
functions (``Screen``, ``Couch``): at a table of several people a hand is face up only while
the game waits on its owner and that person has confirmed holding the screen; between two
people's turns the screen is handed on behind a curtain; a person may hold a button to peek at
their own hand while nobody else's turn is on screen; young players may play with open hands.
A House Rules race is timed for the AIs from when the people racing saw its prompt
(``race_seen``), so nobody loses a race before they could read what it asks. A guided lesson
holds every AI arrival (``hold``) while the person's timed step is open (docs/LESSONS.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Protocol

from game.actions import Action, FinishRace, NextRound
from game.ai import Agent, Level, make_agent
from game.ai.driver import AutoTable, Proposal, earliest
from game.ai.memory import Memory
from game.engine import Game, IllegalAction, Phase
from game.events import Event, MatchEnded
from game.i18n import N_, _
from game.rules import Rules
from game.view import SeatView

# Fast-forward (autoplay at speed 0) applies at most this many actions per call, so a window
# that calls it once a frame still redraws.
FAST_FORWARD_LIMIT = 400


class Pending(Protocol):
    """A decision being made elsewhere (``game.ai.worker.Search``)."""

    def done(self) -> bool: ...

    def result(self) -> Action | None: ...


class Searcher(Protocol):
    """Where the decisions that take a while are made (``game.ai.worker.SearchPool``)."""

    def wants(self, agent: Agent) -> bool: ...

    def submit(
        self, agent: Agent, view: SeatView, memory: Memory, rng: random.Random
    ) -> Pending: ...


class SeatKind(Enum):
    """Who plays a seat. Every kind but AI is a person, who submits actions from a device."""

    PERSON = "person"  # at this computer: mouse, keyboard or a controller
    PHONE = "phone"  # on their own phone: the screen never shows this hand
    AI = "ai"


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat: a person (no level) or an AI of a level."""

    name: str
    level: Level | None = None  # for an AI seat, and only for one
    kind: SeatKind | None = None  # None: worked out from the level

    def __post_init__(self) -> None:
        kind = self.kind
        if kind is None:
            kind = SeatKind.AI if self.level is not None else SeatKind.PERSON
            object.__setattr__(self, "kind", kind)
        if (kind is SeatKind.AI) != (self.level is not None):
            raise ValueError(f"seat {self.name!r}: an AI seat has a level, a person's has none")

    @classmethod
    def ai(cls, name: str, level: Level) -> Seat:
        return cls(name, level)

    @property
    def is_person(self) -> bool:
        return self.kind is not SeatKind.AI


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """Everything a match starts from: what the setup screen chose, and what a save keeps."""

    rules: Rules
    seats: tuple[Seat, ...]
    seed: int
    max_rounds: int | None = None  # autoplay: stop after this many rounds
    open_hands: bool = False  # young players: every person's hand face up, no hand-off


# The AIs' names, in the order seats are given them.
AI_NAMES = ("Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun")


def default_setup(seed: int | None = None) -> MatchSetup:
    """You against three Normal AIs, Classic rules: the one-click game (a fresh deal unless a
    seed is given)."""
    names = ("You", "Ana", "Ben", "Chloe")
    seats = (Seat(names[0]), *(Seat(n, Level.NORMAL) for n in names[1:]))
    return MatchSetup(Rules(), seats, fresh_seed() if seed is None else seed)


# Where new deals come from: the system's entropy, so that nothing that seeds Python's shared
# generator (a test, a tool) can make two matches deal alike. The tests put a seeded generator
# here (tests/conftest.py), so that no test plays whatever deal the system happens to give.
ENTROPY: random.Random = random.SystemRandom()


def fresh_seed() -> int:
    """A seed for a new deal (Quick game, a new game from the setup screen), from ``ENTROPY``."""
    return ENTROPY.randrange(1 << 30)


def fresh_salt_key() -> bytes:
    """The 128-bit key a new match's fair-deal salts come from (game.fairness), from ``ENTROPY``."""
    return ENTROPY.getrandbits(128).to_bytes(16, "big")


def ai_table(
    players: int, level: Level, seed: int, rules: Rules | None = None, rounds: int | None = None
) -> MatchSetup:
    """A table of AIs only, all of one level (autoplay, benchmarks, tests)."""
    seats = tuple(Seat(AI_NAMES[i], level) for i in range(players))
    return MatchSetup(rules or Rules(), seats, seed, rounds)


class Refusal(Enum):
    """Why ``submit`` refused an action; ``Refused.text`` says it to a player."""

    NO_SUCH_SEAT = "no-such-seat"
    AI_SEAT = "ai-seat"
    NOT_YOUR_SEAT = "not-your-seat"
    ROUND_OVER = "round-over"
    NOT_NOW = "not-now"
    FINISHED = "finished"


REFUSAL_TEXT: dict[Refusal, str] = {
    Refusal.NO_SUCH_SEAT: N_("There is no such seat at this table."),
    Refusal.AI_SEAT: N_("That seat is played by the computer."),
    Refusal.NOT_YOUR_SEAT: N_("You can only make your own moves."),
    Refusal.ROUND_OVER: N_("This hand is over."),
    # A button or key left over from a moment that has passed.
    Refusal.NOT_NOW: N_("That move is not possible any more: the game has moved on."),
    Refusal.FINISHED: N_("The match is over."),
}


class Refused(Exception):
    """An action ``submit`` did not apply; nothing changed."""

    def __init__(self, reason: Refusal) -> None:
        self.reason = reason
        # Told to the person at once: in the screen's language of this moment.
        self.text = _(REFUSAL_TEXT[reason])
        super().__init__(self.text)


@dataclass(frozen=True, slots=True)
class MatchFinished:
    """The table has left a match whose last round was scored: the engine's match ended
    (``completed``, with its winners), or the round limit of an autoplay run was reached."""

    completed: bool
    winners: tuple[int, ...]


MatchEvent = Event | MatchFinished


class Listener(Protocol):
    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        """Told of every change, after it happened; must not change the match itself."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The next AI action and the time it arrives."""

    proposal: Proposal
    due: float


# ----------------------------------------------------------------- one shared screen


@dataclass(frozen=True, slots=True)
class Screen:
    """What the one shared screen shows: plain data, replaced and never changed."""

    viewer: int  # the person at the bottom of the screen (seat 0 at an AI-only table)
    shown_to: int | None = None  # the person who confirmed holding the screen
    faces_open: bool = True  # the viewer's hand is face up
    peeking: int | None = None  # a person holding their peek button

    @property
    def showing(self) -> int:
        """Whose side of the table the screen shows now."""
        return self.peeking if self.peeking is not None else self.viewer


@dataclass(frozen=True, slots=True)
class Couch:
    """The rules of who sees which hand on one screen, as functions of the game and the screen."""

    people: tuple[int, ...]  # the people at the screen
    open_hands: bool = False  # young players: every person's hand face up, no hand-off
    phones: tuple[int, ...] = ()  # people holding their hands on their phones: never shown

    @property
    def shared(self) -> bool:
        """Several people take turns at the screen, hiding their hands from each other."""
        return len(self.people) > 1 and not self.open_hands

    def first_screen(self) -> Screen:
        return Screen(self.people[0] if self.people else 0, faces_open=not self.shared)

    def waiting_on(self, game: Game) -> tuple[int, ...]:
        """The people the game waits on now: a turn or a choice, or everyone still racing."""
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return ()
        if game.phase is Phase.RACE:
            return tuple(p for p in self.people if p in game.race_left)
        actor = game.actor
        if actor in self.people and any(a.player == actor for a in game.legal_actions()):
            return (actor,)
        return ()

    def waited_on(self, game: Game, screen: Screen) -> int | None:
        """The person the screen must go to now, if any: in a race, none while the viewer
        still races (they have the prompt), else the first racer."""
        waiting = self.waiting_on(game)
        if not waiting or (game.phase is Phase.RACE and screen.viewer in waiting):
            return None
        return waiting[0]

    def hand_off_to(self, game: Game, screen: Screen) -> int | None:
        """The person the screen must be handed to behind a curtain before anything moves."""
        if not self.shared:
            return None
        waiting = self.waited_on(game, screen)
        return None if waiting == screen.shown_to else waiting

    def guard(self, game: Game, screen: Screen) -> Screen:
        """A hand is face up only while the game waits on the person holding the screen: the
        moment they have moved, it turns face down before the screen is passed on."""
        if not self.shared or screen.peeking is not None:
            return screen
        want = screen.shown_to is not None and self.waited_on(game, screen) == screen.shown_to
        return screen if want == screen.faces_open else replace(screen, faces_open=want)

    def show_to(self, screen: Screen, seat: int) -> Screen:
        """A person confirmed holding the screen: it turns to them, their hand face up."""
        if seat not in self.people:
            raise ValueError(f"seat {seat} is not a person at this table")
        return replace(screen, viewer=seat, shown_to=seat, faces_open=True)

    def peek(self, game: Game, screen: Screen, seat: int, holding: bool) -> Screen:
        """Hold-to-peek: a person sees their own hand while no one else's turn is on screen.

        Only at a shared screen: elsewhere every person's hand is face up already (a lone
        person's released peek used to leave their hand face down for good)."""
        if not self.shared:
            return screen
        if holding:
            if self.waited_on(game, screen) not in (None, seat) or screen.peeking is not None:
                return screen
            return replace(screen, peeking=seat)
        if screen.peeking == seat:
            return replace(screen, peeking=None, faces_open=False)
        return screen

    def face_visible(self, screen: Screen, seat: int) -> bool:
        if seat in self.phones:
            return False
        if self.open_hands and seat in self.people:
            return True
        if screen.peeking is not None:
            return seat == screen.peeking
        return seat == screen.viewer and screen.faces_open


# ----------------------------------------------------------------- the match


class Match:
    """One match from the first deal to the final standings, driven by its seats."""

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[Seat],
        seed: int,
        *,
        game: Game | None = None,
        max_rounds: int | None = None,
        open_hands: bool = False,
        pace: float = 1.0,
        searcher: Searcher | None = None,
        agent_factory: Callable[[Level], Agent] = make_agent,
        listeners: Iterable[Listener] = (),
    ) -> None:
        """A new match, or ``game`` continued (a saved match; its deal is not announced).

        ``pace`` scales every AI pause (0: the AIs answer on the next tick); ``searcher``, when
        given, takes the decisions it wants (the Expert's: it searches for a while) off the
        caller's thread (``game.ai.worker.SearchPool``: a worker process); ``max_rounds``
        stops an autoplay run after that many rounds.
        """
        self.rules = rules
        self.seats = tuple(seats)
        # Who was seated, before any phone seat was handed to the computer.
        self.setup_seats = self.seats
        self.seed = seed
        self.max_rounds = max_rounds
        if game is not None and (
            game.players != len(self.seats) or game.rules != rules or game.seed != seed
        ):
            raise ValueError("the game to continue has other rules, players or seed")
        self.game = (
            game
            if game is not None
            else Game(rules, len(self.seats), seed, salt_key=fresh_salt_key())
        )
        # The people at the screen; the phones' people hold their hands elsewhere.
        self.people = tuple(i for i, s in enumerate(self.seats) if s.kind is SeatKind.PERSON)
        self.phones = tuple(i for i, s in enumerate(self.seats) if s.kind is SeatKind.PHONE)
        self._connected: set[int] = set()
        self.couch = Couch(self.people, open_hands, self.phones)
        self.screen = self.couch.first_screen()
        self.pace = pace
        self._make_agent = agent_factory
        agents = {
            i: agent_factory(s.level) for i, s in enumerate(self.seats) if s.level is not None
        }
        self.auto = AutoTable(self.game, agents, seed)
        self._searcher = searcher
        self._thinking: dict[int, Pending] | None = None  # decisions on the searcher, by seat
        self._sent_at = 0.0  # when the decisions now on the searcher were sent
        self._plan: Plan | None = None
        # The moment at which no AI wanted to act (``_moment``): asked again only once it has
        # passed. A person thinking over a turn for a minute was asked for 3,600 times, every
        # AI's whole decision each time, when nothing had changed.
        self._quiet: tuple[int, int] | None = None
        self._race_seen_at: float | None = None
        # A guided lesson's timed step (game.lessons: a race, a jump-in): while it answers
        # True, no AI arrival is planned or applied, so the moment waits for the person the
        # way a stacked deal's moments do. None at every other table.
        self.hold: Callable[[], bool] | None = None
        self._finished = False
        self._listeners = list(listeners)
        self._notifying = False
        if game is None:
            self._notify(list(self.game.log))

    # ------------------------------------------------------------- state

    @property
    def plan(self) -> Plan | None:
        """The AI arrival planned, if any."""
        return self._plan

    @property
    def race_seen_at(self) -> float | None:
        """When the people racing saw the running race's prompt (None: not yet, or no race)."""
        return self._race_seen_at

    @property
    def finished(self) -> bool:
        return self._finished

    @property
    def is_round_over(self) -> bool:
        """The hand is over and scored (the last of the match included)."""
        return self.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)

    @property
    def rounds_done(self) -> bool:
        return self.max_rounds is not None and self.game.round >= self.max_rounds

    @property
    def is_match_over(self) -> bool:
        """No round follows: a score reached the target, or the round limit was reached."""
        phase = self.game.phase
        return phase is Phase.MATCH_OVER or (phase is Phase.ROUND_OVER and self.rounds_done)

    @property
    def away(self) -> frozenset[int]:
        """Phone seats whose phone is not connected, and that the computer does not play: the
        table waits for them (no AI moves), as it would for a person who stepped away."""
        return frozenset(
            s for s in self.phones if s not in self._connected and self.seats[s].is_person
        )

    def legal_for(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (real-time windows included)."""
        return [a for a in self.game.legal_actions() if a.player == seat]

    def waiting_on(self) -> tuple[int, ...]:
        """The people the game waits on now: a turn or a choice, or everyone still racing."""
        return self.couch.waiting_on(self.game)

    # ------------------------------------------------------------- changes

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    @property
    def listeners(self) -> tuple[Listener, ...]:
        return tuple(self._listeners)

    def connected(self, seat: int, present: bool) -> None:
        """A phone seat's phone joined (``present``) or went away."""
        if seat not in self.phones:
            raise ValueError(f"seat {seat} is not a phone seat")
        if present:
            self._connected.add(seat)
        else:
            self._connected.discard(seat)
            self._plan = None  # an AI answer planned against a person now away waits too

    def hand_to_ai(self, seat: int, level: Level) -> None:
        """The computer plays a phone seat from now on (its phone is away, or its person left);
        it knows what that seat has seen, nothing more."""
        self._check_not_notifying()
        if seat not in self.phones:
            raise ValueError(f"seat {seat} is not a phone seat")
        self.seats = tuple(
            Seat(s.name, level) if i == seat else s for i, s in enumerate(self.seats)
        )
        self.auto.seat(seat, self._make_agent(level))
        self._plan = None
        self._thinking = None
        self._quiet = None

    def hand_back(self, seat: int) -> None:
        """A phone seat the computer played goes back to its phone."""
        self._check_not_notifying()
        if seat not in self.phones:
            raise ValueError(f"seat {seat} is not a phone seat")
        self.seats = tuple(
            self.setup_seats[i] if i == seat else s for i, s in enumerate(self.seats)
        )
        self.auto.seat(seat, None)
        self._plan = None
        self._thinking = None
        self._quiet = None

    def played_by_ai(self, seat: int) -> bool:
        return not self.seats[seat].is_person

    def submit(self, seat: int, action: Action) -> list[Event]:
        """A person's action for their own seat: applied, or refused with its reason."""
        self._check_not_notifying()
        if self._finished:
            raise Refused(Refusal.FINISHED)
        if not 0 <= seat < len(self.seats):
            raise Refused(Refusal.NO_SUCH_SEAT)
        if not self.seats[seat].is_person:
            raise Refused(Refusal.AI_SEAT)
        if action.player != seat:
            raise Refused(Refusal.NOT_YOUR_SEAT)
        if self.is_round_over:
            raise Refused(Refusal.ROUND_OVER)  # the next round starts from ``next_round``
        try:
            events = self.game.apply(action)
        except IllegalAction:
            raise Refused(Refusal.NOT_NOW) from None
        return self._applied(events)

    def tick(self, now: float) -> list[Event]:
        """Apply the AI arrival due by ``now``, or plan the next one; the events applied.

        Call it while the screen is not catching up with earlier events: the AIs' pauses are
        real time a person competes with, not animation time. A plan is made on one tick and
        applied on a later one (or the same, when a search finished on the executor is due).
        """
        if not self.auto.agents or not self._ai_may_act():
            return []
        if self._thinking is not None:
            if not all(search.done() for search in self._thinking.values()):
                return []
            answers: dict[int, Action | None] = {}
            for seat, search in self._thinking.items():
                try:
                    answers[seat] = search.result()
                except Exception:
                    continue
            self._thinking = None

            def answered(seat: int, agent: Agent, *args: Any) -> Action | None:
                return answers[seat] if seat in answers else agent.decide(*args)

            # The same proposals as when the searches were sent, with their answers in, timed
            # from then: the search is the Expert's thinking, spent inside its pause rather
            # than before it (its turn takes no longer than Hard's while the search fits).
            self._schedule(self.auto.proposals(answered), now, since=self._sent_at)
        if self._plan is None:
            moment = self._moment()
            if moment == self._quiet:
                return []
            searcher = self._searcher
            if searcher is None:
                proposals = self.auto.proposals()
                self._schedule(proposals, now)
                self._quiet = moment if earliest(proposals) is None else None
                return []
            sent: dict[int, Pending] = {}

            def send(
                seat: int, agent: Agent, view: SeatView, memory: Memory, rng: random.Random
            ) -> Action | None:
                if searcher.wants(agent):
                    sent[seat] = searcher.submit(agent, view, memory, rng)
                    return None
                return agent.decide(view, memory, rng)

            proposals = self.auto.proposals(send)
            if sent:
                self._thinking = sent  # scheduled when every answer is back
                self._sent_at = now
            else:
                self._schedule(proposals, now)
                self._quiet = moment if earliest(proposals) is None else None
            return []
        if now < self._plan.due:
            return []
        return self._apply(self._plan.proposal.action)

    def race_seen(self, now: float) -> None:
        """The running race's prompt is on screen for the person at it: the AIs' reactions run
        from ``now`` (the first call counts)."""
        if self.game.phase is Phase.RACE and self._race_seen_at is None:
            self._race_seen_at = now

    def fast_forward(self, limit: int = FAST_FORWARD_LIMIT) -> list[Event]:
        """Autoplay at speed 0: apply the earliest AI arrival, again and again, until the round
        is over, no AI wants to act (a person must), or ``limit`` actions were applied."""
        self._check_not_notifying()
        events: list[Event] = []
        for _step in range(limit):
            if not self._ai_may_act():
                break
            first = earliest(self.auto.proposals())
            if first is None:
                break
            events += self._apply(first.action)
        return events

    def next_round(self) -> list[Event]:
        """After a round was scored: deal the next one, or finish the match if none follows."""
        self._check_not_notifying()
        if not self.is_round_over:
            raise RuntimeError("the round is still being played")
        if self.is_match_over:
            self.finish()
            return []
        return self._apply(NextRound(self.game.dealer))

    def finish(self) -> None:
        """The table leaves the finished match; listeners hear ``MatchFinished`` once."""
        self._check_not_notifying()
        if self._finished:
            return
        if not self.is_match_over:
            raise RuntimeError("the match is not over")
        self._finished = True
        ended = next((e for e in reversed(self.game.log) if isinstance(e, MatchEnded)), None)
        completed = self.game.phase is Phase.MATCH_OVER
        winners = ended.winners if ended is not None and completed else ()
        self._notify([MatchFinished(completed, winners)])

    def _moment(self) -> tuple[int, int]:
        """What the AIs' proposals depend on, besides who plays which seat (a change of that
        forgets ``_quiet``): the game so far, as the AIs' memories and random streams follow
        from its log and its number of actions."""
        return len(self.game.actions), len(self.game.log)

    def _ai_may_act(self) -> bool:
        # Nothing moves after the hand is over, while the screen changes hands, nor while a
        # phone is away (its person could not answer, catch or race), nor while a lesson holds.
        if self.hold is not None and self.hold():
            return False
        return not self.is_round_over and self.hand_off_to() is None and not self.away

    def _schedule(
        self, proposals: Sequence[Proposal], now: float, since: float | None = None
    ) -> None:
        """Plan the earliest proposal, due its delay after ``since`` (the moment the proposals
        were asked for, when earlier than ``now``); a race's arrivals run from its prompt."""
        first = earliest(proposals)
        if first is None:
            return
        racing = [p for p in self.people if p in self.game.race_left]
        if isinstance(first.action, FinishRace) and racing:
            if self._race_seen_at is None:
                if self.screen.viewer in racing:
                    return  # the prompt is not on screen yet: ask again on the next tick
                # Only people off the screen race (on their own devices): the race is on the
                # table for them now.
                self._race_seen_at = now
            # Timed from the prompt, even after the person on screen has finished: the others
            # saw it at the same moment.
            self._plan = Plan(first, self._race_seen_at + first.delay_s * self.pace)
            return
        start = now if since is None else min(since, now)
        self._plan = Plan(first, start + first.delay_s * self.pace)

    def _apply(self, action: Action) -> list[Event]:
        self._check_not_notifying()
        return self._applied(self.game.apply(action))

    def _applied(self, events: list[Event]) -> list[Event]:
        self.auto.feed()
        self._plan = None
        self._thinking = None  # a search still running answers a moment that has passed
        if self.game.phase is not Phase.RACE:
            self._race_seen_at = None
        self._notify(events)
        return events

    def _notify(self, events: Sequence[MatchEvent]) -> None:
        self._notifying = True
        try:
            for listener in list(self._listeners):
                listener.on_events(self, events)
        finally:
            self._notifying = False

    def _check_not_notifying(self) -> None:
        if self._notifying:
            # A change made from inside a notification would reach the later listeners
            # before the events they are still to be told of.
            raise RuntimeError("a listener may not change the match while it is being told")

    # ------------------------------------------------------------- the shared screen

    @property
    def viewer(self) -> int:
        return self.screen.viewer

    def person_waited_on(self) -> int | None:
        """The person the screen must go to now (see ``Couch.waited_on``)."""
        return self.couch.waited_on(self.game, self.screen)

    def hand_off_to(self) -> int | None:
        """The person the screen must be handed to before anything moves, if any."""
        return self.couch.hand_off_to(self.game, self.screen)

    def face_visible(self, seat: int) -> bool:
        return self.couch.face_visible(self.screen, seat)

    def show_to(self, seat: int) -> None:
        """A person confirmed holding the screen."""
        self.screen = self.couch.show_to(self.screen, seat)
        if self.game.phase is Phase.RACE:
            # A race handed on: the AIs' reactions run again from when this person sees it,
            # or the one who waited for the screen would lose the moment they took it.
            self._race_seen_at = None
            self._plan = None

    def guard_faces(self) -> bool:
        """Turn the viewer's hand face down once the game no longer waits on them; True if the
        faces changed (the screen then redraws the hands)."""
        before, self.screen = self.screen, self.couch.guard(self.game, self.screen)
        return self.screen != before

    def peek(self, seat: int, holding: bool) -> bool:
        """A person pressed (``holding``) or released their peek button; True if it showed."""
        before = self.screen
        self.screen = self.couch.peek(self.game, self.screen, seat, holding)
        return self.screen != before
