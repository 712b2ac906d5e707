"""The match flow without a screen: turns, AI arrivals by the clock passed in, races, couch
visibility and hand-off, listeners, rounds and the match end.

Every test here runs with pygame blocked (an import of it fails), and one test checks in a
fresh interpreter that ``game.match`` imports with pygame blocked from the start.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import pickle
import random
import select
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from game.actions import Action, CallUno, Catch, Draw, FinishRace, MakeRule, Play
from game.ai import Agent, Level, Timing, make_agent, worker
from game.ai.driver import RACE_MOVE_S, Proposal, earliest
from game.ai.memory import Memory
from game.ai.worker import Search, SearchPool
from game.cards import Color, DeckKind
from game.check import score_problems, state_problems
from game.engine import Game, Phase
from game.events import CardPlayed, RaceFinished, RoundEnded, RoundStarted, UnoCaught
from game.match import (
    Match,
    MatchEvent,
    MatchFinished,
    Refusal,
    Refused,
    Seat,
    SeatKind,
    default_setup,
)
from game.rules import Preset, RaceAction, Rules, preset
from game.view import SeatView
from tests.helpers import new_game

ROOT = Path(__file__).resolve().parents[1]
YOU, BO = Seat("You"), Seat("Bo")
ANA = Seat.ai("Ana", Level.NORMAL)


@pytest.fixture(autouse=True)
def no_pygame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any import of pygame while a test runs fails."""
    monkeypatch.setitem(sys.modules, "pygame", None)


def match_of(game: Game, seats: Sequence[Seat], **options: Any) -> Match:
    """A match continuing ``game`` (dealt from a stacked deck) with these seats."""
    return Match(game.rules, seats, game.seed, game=game, **options)


class Catcher(Agent):
    """Catches a missed UNO every time, after a fixed reaction: EASY 0.5 s, others 0.4 s."""

    catch_chance = 1.0

    def __init__(self, level: Level) -> None:
        self.reaction_s = 0.5 if level is Level.EASY else 0.4

    @property
    def timing(self) -> Timing:
        return Timing(think_s=1.0, reaction_s=self.reaction_s, spread_s=0.0)


class Autosave:
    """A fake autosave: what the match held at each call, and whether it was closed."""

    def __init__(self) -> None:
        self.saved: list[int] = []  # actions applied at each save
        self.closed: list[MatchFinished] = []

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        closing = [e for e in events if isinstance(e, MatchFinished)]
        self.closed += closing
        if not closing:
            self.saved.append(len(match.game.actions))


class Statistics:
    """A fake statistics listener: rounds played and won by each person."""

    def __init__(self) -> None:
        self.rounds: Counter[str] = Counter()
        self.won: Counter[str] = Counter()

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        for event in events:
            if isinstance(event, RoundEnded):
                for seat in match.people:
                    self.rounds[match.seats[seat].name] += 1
                    self.won[match.seats[seat].name] += event.winner == seat


def test_the_match_imports_with_pygame_blocked() -> None:
    code = "import sys; sys.modules['pygame'] = None; import game.match"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr.decode()


def test_a_seat_is_a_person_or_an_ai_with_a_level() -> None:
    assert YOU.is_person and YOU.kind is SeatKind.PERSON and YOU.level is None
    assert not ANA.is_person and ANA.kind is SeatKind.AI
    with pytest.raises(ValueError):
        Seat("Ana", kind=SeatKind.AI)
    with pytest.raises(ValueError):
        Seat("You", Level.EASY, SeatKind.PERSON)
    game = new_game([["R1"], ["B4"]], "R9")
    with pytest.raises(ValueError):
        match_of(game, (YOU, ANA, BO))  # three seats for a game of two
    with pytest.raises(ValueError):
        Match(game.rules, (YOU, ANA), game.seed + 1, game=game)


def test_a_person_plays_their_turn_and_the_match_then_waits_on_the_ai() -> None:
    game = new_game([["R1", "G2", "Y5"], ["B4", "B7", "R7"]], "R3")
    match = match_of(game, (YOU, ANA))
    assert match.waiting_on() == (0,)
    r1 = game.hands[0][0]
    events = match.submit(0, Play(0, r1))
    assert events == [CardPlayed(0, r1, False)]
    assert game.top is r1 and game.actor == 1
    assert match.waiting_on() == ()  # Ana's turn: no person is waited on


def test_an_illegal_move_or_another_seats_move_is_refused_and_changes_nothing() -> None:
    game = new_game([["R1", "G2", "Y5"], ["B4", "B7", "R7"]], "R3")
    saves = Autosave()
    match = match_of(game, (YOU, ANA), listeners=[saves])
    digest = game.state_digest()
    refusals: list[tuple[int, Action, Refusal]] = [
        (0, Play(0, game.hands[0][1]), Refusal.NOT_NOW),  # Green 2 on Red 3
        (0, Draw(1), Refusal.NOT_YOUR_SEAT),
        (1, Draw(1), Refusal.AI_SEAT),
        (2, Draw(0), Refusal.NO_SUCH_SEAT),
        (-1, Draw(0), Refusal.NO_SUCH_SEAT),
    ]
    for seat, action, reason in refusals:
        with pytest.raises(Refused) as refused:
            match.submit(seat, action)
        assert refused.value.reason is reason
        # A sentence for players, not the engine's (which names seats by number).
        assert refused.value.text == str(refused.value)
        assert "seat 0" not in refused.value.text and refused.value.text.endswith(".")
    assert game.state_digest() == digest and not game.actions
    assert saves.saved == []  # nothing happened, nobody was told


def test_a_person_acts_only_for_their_own_seat_at_a_couch_table() -> None:
    game = new_game([["R1", "G5"], ["R2", "B9"], ["R4", "Y4"]], "R3")
    match = match_of(game, (YOU, BO, Seat.ai("Ana", Level.EASY)))
    with pytest.raises(Refused) as refused:
        match.submit(1, Play(0, game.hands[0][0]))  # Bo plays for You
    assert refused.value.reason is Refusal.NOT_YOUR_SEAT
    with pytest.raises(Refused) as refused:
        match.submit(1, Draw(1))  # Bo's own move, on You's turn
    assert refused.value.reason is Refusal.NOT_NOW
    match.submit(0, Play(0, game.hands[0][0]))
    assert game.actor == 1


def test_an_ai_arrival_is_applied_only_once_it_is_due() -> None:
    game = new_game([["R1", "G2", "Y5"], ["B4", "B7", "R7"]], "R3")
    match = match_of(game, (YOU, ANA), pace=0.5)
    match.submit(0, Play(0, game.hands[0][0]))
    assert match.tick(10.0) == [] and match.plan is not None  # planned, not yet applied
    plan = match.plan
    assert plan.proposal.seat == 1
    assert plan.due == pytest.approx(10.0 + 0.9 * 0.5)  # Normal thinks 0.9 s, at half pace
    for now in (10.1, 10.2, 10.3, 10.4, plan.due - 1e-6):
        assert match.tick(now) == []
        assert len(game.actions) == 1 and match.plan == plan
    events = match.tick(plan.due)
    assert game.actions[-1] == plan.proposal.action
    assert events and isinstance(events[0], CardPlayed) and events[0].player == 1
    assert match.plan is None  # the next arrival is planned on the next tick


def test_while_no_ai_wants_to_act_they_are_asked_again_only_once_something_changed() -> None:
    # Your turn in a game with jump-in: no AI acts until you move. Each frame's tick asked
    # every AI again (a whole decision, for one who may act); now once, until something changed.
    game = new_game([["R1", "G2", "Y5"], ["B4", "B7", "Y7"]], "R3", rules=Rules(jump_in=True))
    match = match_of(game, (YOU, ANA))
    asked: list[int] = []
    proposals = match.auto.proposals

    def counted(*args: Any) -> list[Proposal]:
        asked.append(len(game.actions))
        return proposals(*args)

    match.auto.proposals = counted  # type: ignore[method-assign,assignment]
    for frame in range(120):
        assert match.tick(frame / 60) == [] and match.plan is None
    assert asked == [0]
    match.submit(0, Play(0, game.hands[0][0]))  # Ana's turn: she is asked, and plans
    match.tick(2.0)
    assert asked == [0, 1] and match.plan is not None and match.plan.proposal.seat == 1


def test_every_ai_remembers_every_move_as_it_is_made() -> None:
    game = new_game([["G3", "G2", "Y5"], ["B4", "B7", "R7"], ["Y1", "Y2", "Y4"]], "R3")
    match = match_of(game, (YOU, ANA, Seat.ai("Ben", Level.HARD)))
    memories = match.auto.memories.values()
    assert {m.color for m in memories} == {Color.RED}
    match.submit(0, Play(0, game.hands[0][0]))  # Green 3 on Red 3: green now
    assert {m.color for m in memories} == {Color.GREEN}


def test_a_person_moving_drops_the_ai_plan_made_before() -> None:
    # You play your next-to-last card without calling UNO; Ana plans; your late call comes
    # first, and what Ana planned answered a moment that has passed.
    game = new_game([["R1", "G2"], ["B4", "B7"]], "R3", ["B1", "B2"])
    match = match_of(game, (YOU, ANA))
    match.submit(0, Play(0, game.hands[0][0]))
    match.tick(0.0)
    assert match.plan is not None
    match.submit(0, CallUno(0))
    assert match.plan is None
    assert not any(isinstance(a, Catch) for a in game.legal_actions())


def test_the_earliest_arrival_wins_and_a_tie_goes_to_the_lower_seat() -> None:
    play, draw, catch = Draw(0), Draw(1), Catch(2, 0)
    assert earliest([Proposal(0.9, 2, catch), Proposal(0.9, 1, draw), Proposal(1.2, 0, play)]) == (
        Proposal(0.9, 1, draw)
    )
    assert earliest([Proposal(1.0, 0, play), Proposal(0.3, 2, catch)]) == Proposal(0.3, 2, catch)
    assert earliest([]) is None


@pytest.mark.parametrize(
    ("levels", "catcher"), [((Level.EASY, Level.EASY), 1), ((Level.EASY, Level.HARD), 2)]
)
def test_two_ais_catching_at_once(levels: tuple[Level, Level], catcher: int) -> None:
    # You play your next-to-last card without calling UNO: both AIs can catch you. At the same
    # reaction time seat 1 comes first; a faster seat 2 beats it.
    game = new_game([["R1", "G5"], ["B4", "B7"], ["G4", "G7"]], "R3")
    seats = (YOU, Seat.ai("Ana", levels[0]), Seat.ai("Ben", levels[1]))
    match = match_of(game, seats, agent_factory=Catcher)
    match.submit(0, Play(0, game.hands[0][0]))
    match.tick(0.0)
    assert match.plan is not None
    assert match.plan.proposal.action == Catch(catcher, 0)
    assert match.plan.due == pytest.approx(0.5 if catcher == 1 else 0.4)
    events = match.tick(1.0)
    assert any(isinstance(e, UnoCaught) for e in events)
    assert game.actions[-1] == Catch(catcher, 0)


def race_game(players: int, *, started: bool = True) -> Game:
    """A House Rules game in which You just played a ruled Green 3: everyone races (or, not
    ``started``, in which You are about to)."""
    hands = [["R3H", "G3", "Y5"], ["B4", "B7", "B9"], ["Y1", "Y2", "Y4"]][:players]
    game = new_game(hands, "R9", ["B1", "B2", "B6"], rules=preset(Preset.HOUSE_RULES.value))
    game.apply(Play(0, game.hands[0][0]))
    game.apply(MakeRule(0, 3, RaceAction.PRESS_UP))
    for seat in range(1, players):
        game.apply(Draw(seat))
    if not started:
        return game
    game.apply(Play(0, game.hands[0][0]))
    assert game.phase is Phase.RACE and game.race_left == list(range(players))
    return game


def test_an_ai_racer_is_timed_from_when_the_race_prompt_was_seen() -> None:
    game = race_game(2, started=False)
    match = match_of(game, (YOU, ANA))
    match.race_seen(0.0)  # no race yet: nothing to time
    match.submit(0, Play(0, game.hands[0][0]))
    assert game.phase is Phase.RACE and match.race_seen_at is None
    ana = earliest(match.auto.proposals())
    assert ana is not None and ana.action == FinishRace(1)
    assert ana.delay_s >= 0.2 + RACE_MOVE_S
    for now in (0.0, 20.0, 50.0):  # the prompt is not on your screen yet: Ana waits for it
        assert match.tick(now) == [] and match.plan is None
    match.race_seen(60.0)
    match.race_seen(61.0)  # the prompt drawn again: the first sight counts
    assert match.race_seen_at == 60.0
    match.tick(60.0)
    assert match.plan is not None and match.plan.due == pytest.approx(60.0 + ana.delay_s)
    assert match.tick(60.0 + ana.delay_s - 0.01) == []
    events = match.tick(60.0 + ana.delay_s)
    assert RaceFinished(1) in events
    assert game.phase is not Phase.RACE  # You, the last, lost the race
    assert match.race_seen_at is None  # ready for the next race


def test_after_the_screen_person_finishes_a_race_the_ai_stays_timed_from_the_prompt() -> None:
    game = race_game(3)
    match = match_of(game, (YOU, ANA, BO), open_hands=True)  # Bo races on his own keys
    match.race_seen(3.0)
    match.submit(0, FinishRace(0))
    assert match.race_seen_at == 3.0
    ana = earliest(match.auto.proposals())
    assert ana is not None and ana.action == FinishRace(1)
    match.tick(7.0)
    assert match.plan is not None and match.plan.due == pytest.approx(3.0 + ana.delay_s)


def test_a_race_run_only_by_people_off_the_screen_is_timed_from_now() -> None:
    game = race_game(3)
    match = match_of(game, (YOU, ANA, BO), open_hands=True)
    match.submit(0, FinishRace(0))  # before the prompt was even drawn: only Bo races now
    ana = earliest(match.auto.proposals())
    assert ana is not None
    match.tick(7.0)
    assert match.race_seen_at == 7.0
    assert match.plan is not None and match.plan.due == pytest.approx(7.0 + ana.delay_s)


def test_at_a_couch_table_the_screen_person_races_there_and_the_others_on_their_devices() -> None:
    match = match_of(race_game(3), (YOU, ANA, BO))
    match.show_to(2)  # Bo holds the screen; You race on your own controller
    assert match.waiting_on() == (0, 2)
    assert match.person_waited_on() is None and match.hand_off_to() is None
    match.race_seen(1.0)
    match.tick(1.0)
    assert match.plan is not None  # nothing waits for the screen to change hands


def test_a_race_handed_on_at_a_couch_table_restarts_the_ai_clock() -> None:
    game = race_game(3)
    match = match_of(game, (YOU, ANA, BO))
    match.show_to(0)
    assert match.hand_off_to() is None  # You race at the screen
    match.race_seen(1.0)
    match.tick(1.5)
    assert match.plan is not None  # Ana's finish, timed from 1.0
    match.submit(0, FinishRace(0))
    assert match.plan is None
    assert match.hand_off_to() == 2  # Bo still races: the screen goes to him
    for now in (2.0, 30.0):
        assert match.tick(now) == [] and match.plan is None  # behind the curtain
    match.show_to(2)
    assert match.race_seen_at is None and match.hand_off_to() is None
    assert match.tick(31.0) == [] and match.plan is None  # Bo has not seen the prompt yet
    match.race_seen(32.0)
    ana = earliest(match.auto.proposals())
    assert ana is not None
    match.tick(32.0)
    assert match.plan is not None and match.plan.due == pytest.approx(32.0 + ana.delay_s)


def faces(match: Match) -> list[bool]:
    return [match.face_visible(seat) for seat in range(len(match.seats))]


def test_two_people_at_one_screen_hand_it_on_and_see_only_their_own_hand() -> None:
    game = new_game([["R1", "G5"], ["R2", "B9"], ["R4", "Y4"]], "R3")
    seats = (YOU, BO, Seat.ai("Ana", Level.EASY))
    match = match_of(game, seats, agent_factory=Catcher)
    assert match.couch.shared
    assert match.hand_off_to() == 0 and faces(match) == [False, False, False]
    match.show_to(0)
    assert match.hand_off_to() is None and faces(match) == [True, False, False]
    match.submit(0, Play(0, game.hands[0][0]))  # without calling UNO: catchable
    assert match.guard_faces()  # You moved: your hand turns face down
    assert faces(match) == [False, False, False]
    assert not match.guard_faces()
    assert match.hand_off_to() == 1 and match.person_waited_on() == 1
    catch = earliest(match.auto.proposals())
    assert catch is not None and catch.action == Catch(2, 0)  # Ana would catch You...
    for now in (0.0, 5.0):
        assert match.tick(now) == [] and match.plan is None  # ...but nothing moves yet
    assert not match.peek(0, True)  # You may not peek while Bo's turn is on the screen
    match.show_to(1)
    assert faces(match) == [False, True, False] and match.viewer == 1
    match.tick(6.0)
    assert any(isinstance(e, UnoCaught) for e in match.tick(7.0))
    assert faces(match) == [False, True, False]  # still Bo's turn
    match.submit(1, Play(1, game.hands[1][0]))
    match.guard_faces()
    assert match.hand_off_to() is None and match.person_waited_on() is None  # Ana's turn
    assert faces(match) == [False, False, False]
    assert match.peek(0, True)  # You hold your peek button: your hand, nobody else's
    assert faces(match) == [True, False, False] and match.screen.showing == 0
    assert not match.peek(1, True)  # one peek at a time
    assert not match.peek(1, False)
    assert match.peek(0, False)
    assert faces(match) == [False, False, False] and match.screen.showing == 1
    with pytest.raises(ValueError):
        match.show_to(2)  # the screen is only ever handed to a person


def test_a_peek_released_on_your_own_turn_waits_for_the_guard_to_open_your_hand() -> None:
    game = new_game([["R1", "G5"], ["R2", "B9"], ["R4", "Y4"]], "R3")
    match = match_of(game, (YOU, BO, Seat.ai("Ana", Level.EASY)))
    match.show_to(0)
    assert match.peek(0, True) and faces(match) == [True, False, False]
    assert match.peek(0, False)
    assert faces(match) == [False, False, False]  # nothing shows until the guard confirms
    assert match.guard_faces() and faces(match) == [True, False, False]


def test_peeking_changes_nothing_where_every_persons_hand_is_face_up() -> None:
    game = new_game([["R1", "G5"], ["R2", "B9"], ["R4", "Y4"]], "R3")
    alone = match_of(game, (ANA, YOU, Seat.ai("Ben", Level.EASY)))
    assert not alone.peek(1, True) and not alone.peek(1, False)
    assert faces(alone) == [False, True, False]
    game = new_game([["R1", "G5"], ["R2", "B9"], ["R4", "Y4"]], "R3")
    open_hands = match_of(game, (YOU, BO, ANA), open_hands=True)
    assert not open_hands.peek(1, True)
    assert open_hands.screen.showing == 0 and faces(open_hands) == [True, True, False]


def test_open_hands_show_every_persons_cards_and_never_hand_off() -> None:
    game = new_game([["R1", "G5"], ["R2", "B9"], ["R4", "Y4"]], "R3")
    match = match_of(game, (YOU, BO, Seat.ai("Ana", Level.EASY)), open_hands=True)
    assert not match.couch.shared
    assert faces(match) == [True, True, False]
    match.submit(0, Play(0, game.hands[0][0]))
    assert not match.guard_faces() and match.hand_off_to() is None
    assert faces(match) == [True, True, False]


def test_an_ai_only_table_shows_seat_0_and_one_person_always_sees_their_hand() -> None:
    game = new_game([["R1", "G5"], ["R2", "B9"]], "R3")
    watched = match_of(game, (Seat.ai("Ana", Level.EASY), Seat.ai("Ben", Level.EASY)))
    assert watched.viewer == 0 and faces(watched) == [True, False]
    game = new_game([["R1", "G5"], ["R2", "B9"]], "R3")
    alone = match_of(game, (ANA, YOU))
    assert alone.viewer == 1 and faces(alone) == [False, True]
    assert alone.hand_off_to() is None


def test_listeners_hear_the_deal_every_action_and_the_rounds_of_people() -> None:
    saves, stats = Autosave(), Statistics()
    match = Match(Rules(), (YOU, ANA), 5, listeners=[saves, stats])
    assert saves.saved == [0]  # the deal was announced (and would be saved)
    game = match.game
    for _ in range(1000):
        if match.is_round_over:
            break
        if match.waiting_on():
            match.submit(0, match.legal_for(0)[0])
        else:
            match.fast_forward()
    assert saves.saved == list(range(len(game.actions) + 1))  # one call per action
    assert stats.rounds == Counter({"You": 1})  # people only: no statistics for Ana
    ended = next(e for e in reversed(game.log) if isinstance(e, RoundEnded))
    assert stats.won["You"] == (ended.winner == 0)
    match.remove_listener(saves)
    match.next_round()
    assert stats.rounds == Counter({"You": 1}) and len(saves.saved) == len(game.actions)


def test_a_listener_may_not_change_the_match_while_it_is_told() -> None:
    class Meddler:
        def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
            match.submit(1, Draw(1))

    game = new_game([["R1", "G2", "Y5"], ["B4", "B7", "R7"]], "R3")
    match = match_of(game, (YOU, Seat("Bo")), listeners=[Meddler()])
    with pytest.raises(RuntimeError):
        match.submit(0, Play(0, game.hands[0][0]))
    assert len(game.actions) == 1


def ai_wins_first_round(rules: Rules | None = None, **options: Any) -> tuple[Match, Autosave]:
    """You draw, then Ana plays her only card and wins the round (and deals the next)."""
    game = new_game([["B1"], ["R1"]], "R9", ["G8"], rules=rules)
    saves = Autosave()
    match = match_of(game, (YOU, ANA), listeners=[saves], **options)
    match.submit(0, Draw(0))
    match.tick(0.0)
    events = match.tick(5.0)
    assert any(isinstance(e, RoundEnded) for e in events)
    return match, saves


def test_a_round_over_waits_for_next_round_and_the_deal_reaches_the_listeners() -> None:
    match, saves = ai_wins_first_round()
    game = match.game
    assert match.is_round_over and not match.is_match_over and game.phase is Phase.ROUND_OVER
    assert match.waiting_on() == ()
    assert earliest(match.auto.proposals()) is not None  # Ana, the dealer, would deal...
    for now in (10.0, 20.0):
        assert match.tick(now) == []  # ...but the next round waits for the score screen
    assert match.fast_forward() == []
    with pytest.raises(Refused) as refused:
        match.submit(0, Draw(0))
    assert refused.value.reason is Refusal.ROUND_OVER
    with pytest.raises(RuntimeError):
        match.finish()  # the match goes on
    events = match.next_round()
    assert isinstance(events[0], RoundStarted) and game.round == 2
    assert saves.saved[-1] == len(game.actions)  # the new deal reached the listeners
    with pytest.raises(RuntimeError):
        match.next_round()  # the round is being played


def test_the_match_ends_at_the_target_and_the_listeners_hear_it_once() -> None:
    match, saves = ai_wins_first_round(Rules(target_points=1))
    assert match.is_round_over and match.is_match_over and match.game.phase is Phase.MATCH_OVER
    assert match.next_round() == []
    assert match.finished and saves.closed == [MatchFinished(True, (1,))]
    match.finish()
    assert saves.closed == [MatchFinished(True, (1,))]
    assert match.tick(100.0) == []
    with pytest.raises(Refused) as refused:
        match.submit(0, Draw(0))
    assert refused.value.reason is Refusal.FINISHED


def test_a_round_limit_finishes_the_match_without_a_winner() -> None:
    match, saves = ai_wins_first_round(max_rounds=1)
    assert match.game.phase is Phase.ROUND_OVER and match.is_match_over
    match.next_round()
    assert match.finished and saves.closed == [MatchFinished(False, ())]
    assert match.game.round == 1


class Invariants:
    """The simulator's checks after every action: it was legal, every card is accounted for,
    the turn and phase agree, scores add up."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.legal: list[Action] | None = None
        self.scores: list[int] = []

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        game = match.game
        played = [e for e in events if not isinstance(e, MatchFinished)]
        if self.legal is not None and played:
            if game.actions[-1] not in self.legal:
                self.problems.append(f"{game.actions[-1]} was not legal")
            self.problems += score_problems(self.scores, played, game)
        self.problems += state_problems(game)
        self.legal = list(game.legal_actions())
        self.scores = list(game.scores)


@pytest.mark.parametrize("seed", [1, 2])
def test_an_ai_only_match_fast_forwards_to_its_end(seed: int) -> None:
    seats = (
        Seat.ai("Ana", Level.EASY),
        Seat.ai("Ben", Level.NORMAL),
        Seat.ai("Chloe", Level.HARD),
    )
    checks, saves = Invariants(), Autosave()
    rules = Rules(target_points=150)
    match = Match(rules, seats, seed, listeners=[checks, saves])
    game = match.game
    assert len(match.fast_forward(limit=5)) > 0 and len(game.actions) == 5  # bounded
    for _ in range(60):  # rounds
        for _ in range(100):
            if match.is_round_over:
                break
            assert match.fast_forward(), "the AIs stopped in the middle of a round"
        assert match.is_round_over
        if match.is_match_over:
            break
        match.next_round()
    match.next_round()
    assert checks.problems == []
    assert match.finished and game.phase is Phase.MATCH_OVER
    assert max(game.scores) >= 150
    winners = tuple(s for s in range(3) if game.scores[s] == max(game.scores))
    assert saves.closed == [MatchFinished(True, winners)]


def person_first_legal(match: Match) -> None:
    assert match.waiting_on() == (0,)
    match.submit(0, match.legal_for(0)[0])


def round_by_ticks(seed: int, steps: Callable[[], float], pace: float) -> Match:
    match = Match(Rules(jump_in=True), (YOU, ANA, Seat.ai("Ben", Level.HARD)), seed, pace=pace)
    now = 0.0
    for _ in range(50_000):
        if match.is_round_over:
            break
        if not match.tick(now) and match.plan is None:
            person_first_legal(match)  # no AI wants to act: the person moves
        now += steps()
    assert match.is_round_over
    return match


def round_fast_forwarded(seed: int) -> Match:
    match = Match(Rules(jump_in=True), (YOU, ANA, Seat.ai("Ben", Level.HARD)), seed)
    for _ in range(5_000):
        while match.fast_forward():
            pass
        if match.is_round_over:
            break
        person_first_legal(match)
    assert match.is_round_over
    return match


@pytest.mark.parametrize("seed", [3, 4])
def test_ticks_of_any_size_and_fast_forward_play_the_same_game(seed: int) -> None:
    steps = random.Random(seed)
    fast = round_fast_forwarded(seed)
    even = round_by_ticks(seed, lambda: 0.05, 1.0)
    uneven = round_by_ticks(seed, lambda: steps.uniform(0.01, 1.5), 0.3)
    assert len(fast.game.actions) > 10
    for other in (even, uneven):
        assert other.game.actions == fast.game.actions
        assert other.game.state_digest() == fast.game.state_digest()


@pytest.mark.subprocess
def test_the_experts_search_in_a_worker_process_makes_the_same_moves_as_inline() -> None:
    seats = (Seat.ai("Ana", Level.EXPERT), Seat.ai("Ben", Level.EXPERT), ANA)

    def expert(level: Level) -> Agent:
        return make_agent(level, samples=4)  # a fixed search, not a time budget

    inline = Match(Rules(), seats, 11, agent_factory=expert)
    inline.fast_forward(limit=40)  # 40 moves, or the hand's end
    moves = len(inline.game.actions)
    assert moves >= 20
    pool = CountingPool()
    try:
        remote = Match(Rules(), seats, 11, agent_factory=expert, searcher=pool)
        play_through_the_worker(remote, pool, moves, 120)
    finally:
        pool.shutdown()
    assert pool.sent >= 10  # the Experts' decisions were made in the worker
    assert remote.game.actions == inline.game.actions
    assert remote.game.state_digest() == inline.game.state_digest()


class HeldSearch:
    """A search whose answer is ready when the test says so."""

    def __init__(self, action: Action | None) -> None:
        self.action, self.ready = action, False

    def done(self) -> bool:
        return self.ready

    def result(self) -> Action | None:
        return self.action


class HeldSearcher:
    def __init__(self) -> None:
        self.sent: list[HeldSearch] = []

    def wants(self, agent: Agent) -> bool:
        return agent.level is Level.EXPERT

    def submit(
        self, agent: Agent, view: SeatView, memory: Memory, rng: random.Random
    ) -> HeldSearch:
        self.sent.append(HeldSearch(agent.decide(view, memory, rng)))
        return self.sent[-1]


def test_the_experts_pause_runs_while_it_searches() -> None:
    # The search is the Expert's thinking: its move is due its pause after the search was
    # sent, not after the answer came back (a search shorter than the pause adds no wait).
    seats = (Seat.ai("Ana", Level.EXPERT), Seat.ai("Ben", Level.EXPERT))
    searcher = HeldSearcher()
    match = Match(
        Rules(), seats, 5, agent_factory=lambda lv: make_agent(lv, samples=2), searcher=searcher
    )
    match.tick(10.0)
    assert len(searcher.sent) == 1 and match.plan is None
    match.tick(10.3)  # still searching: nothing planned
    assert match.plan is None
    searcher.sent[0].ready = True
    match.tick(10.5)
    think = make_agent(Level.EXPERT).timing.think_s
    assert match.plan is not None and match.plan.due == pytest.approx(10.0 + think)
    # A search longer than the pause: the move comes at once when the answer is back.
    before = len(match.game.actions)
    assert match.tick(10.0 + think) and len(match.game.actions) == before + 1
    match.tick(20.0)  # the next decision goes to the searcher
    assert len(searcher.sent) == 2
    searcher.sent[-1].ready = True
    assert match.tick(25.0) and len(match.game.actions) == before + 2


class CountingPool(SearchPool):
    """The worker's pool, counting its searches and keeping the last one to wait on."""

    sent = 0
    last: Search | None = None

    def submit(self, agent: Agent, view: SeatView, memory: Memory, rng: random.Random) -> Search:
        self.sent += 1
        self.last = super().submit(agent, view, memory, rng)
        return self.last

    def wait(self, timeout_s: float) -> None:
        """Until the last search is back (or failed: the match then decides by itself)."""
        if self.last is not None and timeout_s > 0:
            with contextlib.suppress(Exception):  # the worker's failure, or the time out
                self.last.result(timeout_s)


def play_through_the_worker(match: Match, pool: CountingPool, moves: int, limit_s: float) -> None:
    """Tick the match on a clock a second a tick until ``moves`` actions are played; while a
    search is out, wait on its answer (an event), not on a clock."""
    now, deadline = 0.0, time.monotonic() + limit_s
    for _ in range(100 * moves):  # a tick plays, sends a search, or passes a pause
        if len(match.game.actions) >= moves or time.monotonic() >= deadline:
            break
        match.tick(now)
        now += 1.0
        pool.wait(deadline - time.monotonic())


def test_cards_cross_to_the_worker_as_ids_and_arrive_as_its_own() -> None:
    game = Game(Rules(), 3, 5)
    view = game.view(game.actor)
    back = worker.loads(worker.dumps(view), view.rules.deck)
    assert back == view
    assert all(a is b for a, b in zip(back.hand, view.hand, strict=True))
    # A card id outside the deck is refused in words, not taken as some other card.
    out = io.BytesIO()
    NoSuchCard(out).dump(["card"])
    with pytest.raises(pickle.UnpicklingError, match="no card 10000"):
        worker.loads(out.getvalue(), DeckKind.CLASSIC)


class NoSuchCard(pickle.Pickler):
    def persistent_id(self, obj: object) -> object:
        return 10_000 if obj == "card" else None


@pytest.mark.subprocess
def test_a_dead_worker_costs_a_decision_made_here_never_a_crash() -> None:
    seats = (Seat.ai("Ana", Level.EXPERT), Seat.ai("Ben", Level.EXPERT))

    def expert(level: Level) -> Agent:
        return make_agent(level, samples=4)

    before = set(multiprocessing.active_children())
    pool = CountingPool()  # its worker is started with it
    try:
        match = Match(Rules(), seats, 3, agent_factory=expert, searcher=pool)
        workers = [p for p in multiprocessing.active_children() if p not in before]
        assert workers
        for process in workers:  # the worker is killed
            process.kill()
            process.join(5)
        play_through_the_worker(match, pool, 12, 60)
        assert len(match.game.actions) >= 12  # play went on: here, then on a new worker
    finally:
        pool.shutdown()


def worker_up(pool: SearchPool) -> None:
    """Return once the pool's worker has answered a search (its start-up, priority included,
    runs before its first search)."""
    game = Game(Rules(), 2, 1)
    seat = game.actor
    expert = make_agent(Level.EXPERT, samples=2)
    search = pool.submit(expert, game.view(seat), Memory(seat, game.players), random.Random(1))
    assert search.result(60) is not None  # waits on the answer; TimeoutError after 60 s


# The game that owns a worker: ``worker_up`` written out, so that the process imports only the
# game's modules, not this file's (pytest and the test helpers cost it half as much again).
OWNER = """
import multiprocessing, random, time
from game.ai import Level, make_agent
from game.ai.memory import Memory
from game.ai.worker import SearchPool
from game.engine import Game
from game.rules import Rules
pool = SearchPool()
game = Game(Rules(), 2, 1)
seat = game.actor
expert = make_agent(Level.EXPERT, samples=2)
search = pool.submit(expert, game.view(seat), Memory(seat, game.players), random.Random(1))
assert search.result(60) is not None
print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
time.sleep(120)
"""


@pytest.mark.skipif(
    not Path("/proc/self/stat").exists(),
    reason="tells a worker that is gone from one its parent left unreaped by /proc (Linux)",
)
@pytest.mark.subprocess
def test_the_worker_leaves_when_the_game_is_killed() -> None:
    owner = subprocess.Popen(
        [sys.executable, "-c", OWNER], stdout=subprocess.PIPE, text=True, cwd=Path.cwd()
    )
    try:
        assert owner.stdout is not None
        pids = [int(p) for p in owner.stdout.readline().split()]
        assert pids
    finally:
        owner.kill()  # SIGKILL: no shutdown, no cleanup in the game's process
        owner.wait(10)
    deadline = time.monotonic() + 15
    alive = [p for p in pids if not ended(p, deadline)]
    assert alive == [], "the worker outlived the game"


def ended(pid: int, deadline: float) -> bool:
    """Has process ``pid`` ended by ``deadline``? Waits on its pidfd, readable once it exits
    (an event: Linux 5.3 and newer). Without pidfds no event tells of another process's end
    (it is not our child), so /proc is read every 0.1 s, a bounded number of times."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True  # gone already
    except (AttributeError, OSError):
        for _ in range(200):
            if not Path(f"/proc/{pid}").exists() or zombie(pid):
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.1)
        return False
    try:
        readable, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        return bool(readable)
    finally:
        os.close(fd)


@pytest.mark.subprocess
@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities here")
def test_the_worker_searches_at_a_lower_priority_than_the_game() -> None:
    # On two cores a searching worker at the game's priority could take the core the frame
    # loop waited for (tools.bench_frames --expert: its worst frame, preempted).
    before = set(multiprocessing.active_children())
    pool = SearchPool()
    try:
        worker_up(pool)
        pids = [p.pid for p in multiprocessing.active_children() if p not in before and p.pid]
        assert pids
        game = os.getpriority(os.PRIO_PROCESS, 0)
        for pid in pids:
            assert os.getpriority(os.PRIO_PROCESS, pid) == min(game + worker.WORKER_NICE, 19)
    finally:
        pool.shutdown()


def zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except OSError:
        return False


def test_a_new_match_deals_afresh_whatever_seeds_the_shared_generator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A tool or a test that seeds Python's shared generator must not make matches deal alike.
    import game.match

    monkeypatch.undo()  # the game's own source of deals, not the tests' seeded one (conftest)
    assert isinstance(game.match.ENTROPY, random.SystemRandom)
    random.seed(1)
    first = default_setup().seed
    random.seed(1)
    assert default_setup().seed != first
    assert default_setup(5).seed == 5


def test_every_test_deals_from_the_same_seeded_generator() -> None:
    # tests/conftest.py seeds where new deals come from: Quick game in a test deals the same
    # cards on every run (with the system's entropy, one run in several opened on a prompt).
    from tests.conftest import DEAL_SEED

    expected = random.Random(DEAL_SEED)
    assert [default_setup().seed for _ in range(3)] == [
        expected.randrange(1 << 30) for _ in range(3)
    ]
