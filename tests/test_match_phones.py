"""Phone seats in the match: never shown on the screen, no curtain between them, the table waits
while a phone is away, and the host can let the computer play a seat and give it back."""

from __future__ import annotations

import pytest

from game.ai import Level
from game.events import redact
from game.match import Match, Refusal, Refused, Seat, SeatKind
from game.rules import Rules

pytestmark = pytest.mark.bare_app


def table(*kinds: SeatKind | Level, seed: int = 4) -> Match:
    seats = tuple(
        Seat(f"P{i}", k) if isinstance(k, Level) else Seat(f"P{i}", kind=k)
        for i, k in enumerate(kinds)
    )
    return Match(Rules(), seats, seed, pace=0.0)


PHONE, PERSON = SeatKind.PHONE, SeatKind.PERSON


def test_a_phone_seat_is_a_person_off_the_screen() -> None:
    match = table(PHONE, PERSON, PHONE, Level.EASY)
    assert match.phones == (0, 2)
    assert match.people == (1,)
    assert not match.couch.shared  # one person at the screen: no curtain
    for seat in (0, 2):
        assert not match.face_visible(seat)  # a phone's hand is never on the screen
    assert match.face_visible(1)
    assert Seat("Maria", kind=PHONE).is_person


def test_phones_only_show_no_hand_on_the_screen() -> None:
    match = table(PHONE, PHONE, Level.EASY)
    assert match.people == ()
    assert not any(match.face_visible(s) for s in range(3))
    assert match.hand_off_to() is None


def test_the_table_waits_while_a_phone_is_away() -> None:
    # A deal whose first turn is an AI's.
    seed = next(n for n in range(100) if table(PHONE, Level.EASY, Level.EASY, seed=n).game.actor)
    match = table(PHONE, Level.EASY, Level.EASY, seed=seed)
    assert match.away == frozenset({0})
    before = len(match.game.actions)
    for now in range(50):
        match.tick(float(now))
    assert len(match.game.actions) == before  # no AI moves while the phone has not joined
    match.connected(0, True)
    assert match.away == frozenset()
    for now in range(50, 60):
        match.tick(float(now))
    assert len(match.game.actions) > before
    match.connected(0, False)
    assert match.away == frozenset({0})
    with pytest.raises(ValueError, match="not a phone seat"):
        match.connected(1, True)


def test_the_computer_plays_a_phone_seat_and_gives_it_back() -> None:
    match = table(PHONE, Level.EASY, seed=2)
    match.hand_to_ai(0, Level.NORMAL)
    assert match.played_by_ai(0)
    assert match.away == frozenset()  # the table no longer waits for that phone
    assert match.seats[0].kind is SeatKind.AI
    assert match.setup_seats[0].kind is PHONE
    with pytest.raises(Refused) as refused:
        match.submit(0, match.game.legal_actions()[0])
    assert refused.value.reason is Refusal.AI_SEAT
    # The AI plays the seat: both seats move with nobody submitting.
    for now in range(400):
        match.tick(float(now))
        if match.is_round_over:
            break
    movers = {a.player for a in match.game.actions}
    assert 0 in movers
    match.hand_back(0)
    assert not match.played_by_ai(0)
    assert match.seats[0] == match.setup_seats[0]
    assert 0 not in match.auto.agents
    with pytest.raises(ValueError, match="not a phone seat"):
        match.hand_to_ai(1, Level.EASY)


def test_a_seat_handed_to_the_computer_while_nothing_moves_is_played_at_once() -> None:
    # The phone's turn, the other AI with nothing to do: the match stops asking the AIs until
    # something changes. The computer taking the phone's seat is such a change.
    seed = next(n for n in range(100) if table(PHONE, Level.EASY, seed=n).game.actor == 0)
    match = table(PHONE, Level.EASY, seed=seed)
    match.connected(0, True)
    for now in range(5):
        assert match.tick(float(now)) == [] and match.plan is None
    match.hand_to_ai(0, Level.EASY)
    match.tick(5.0)
    assert match.plan is not None and match.plan.proposal.seat == 0


def test_an_ai_taking_a_seat_knows_only_what_that_seat_saw() -> None:
    match = table(PHONE, Level.EASY, seed=6)
    for now in range(6):
        match.connected(0, True)
        match.tick(float(now))
    match.hand_to_ai(0, Level.HARD)
    memory = match.auto.memories[0]
    fresh = type(memory)(0, match.game.players)
    for event in match.game.log:
        fresh.observe(redact(event, 0))
    assert memory == fresh
