"""Reading hidden hands from the plays seen (game.ai.inference) and the Expert's use of it."""

from __future__ import annotations

import random

import pytest

from game.actions import ChooseColor, Play
from game.ai.driver import AutoTable
from game.ai.expert import sample_hands, sample_position
from game.ai.inference import Reading
from game.ai.levels import Hard
from game.ai.memory import READ_PLAYS, Memory, SeenPlay
from game.cards import Card, Color, DeckKind, deck, find_cards
from game.check import state_problems
from game.engine import Game
from game.events import CardPlayed, CardsDrawn, DrawReason, RoundStarted
from game.rules import Rules
from tests.helpers import new_game

CLASSIC = deck(DeckKind.CLASSIC)


def led_game(theirs: list[str], lead: str, rules: Rules | None = None) -> tuple[Game, Memory]:
    """Heads-up: seat 0 plays R9 on R1, seat 1 (holding ``theirs``) leads ``lead``; seat 0's
    game and memory after it."""
    hands = [["R9", "G1", "B5", "Y8", "G4", "B7"], theirs]
    game = new_game(hands, "R1", rules=rules)
    game.apply(Play(0, game.hands[0][0]))
    game.apply(Play(1, next(c for c in game.hands[1] if c.code == lead)))
    memory = AutoTable(game, {0: Hard(), 1: Hard()}, 1).memories[0]
    return game, memory


def hand_of(codes: list[str], avoid: list[Card]) -> list[Card]:
    used = {c.uid for c in avoid}
    return find_cards(tuple(c for c in CLASSIC if c.uid not in used), codes)


def test_a_sound_player_leads_with_a_skip_it_can_follow_up_heads_up() -> None:
    game, memory = led_game(["R3", "G7", "B1", "Y2", "G9", "Y5"], "R3")
    assert [p.card.code for p in memory.led[1]] == ["R3"]
    view = game.view(0)
    reading = Reading(view, memory.led)
    seen = list(game.discard) + list(game.hands[0])
    hands = [list(game.hands[0]), []]
    # Heads-up a red Skip gives another turn, and a red card can follow it: a player who
    # held both would have led with the Skip, not the 3.
    hands[1] = hand_of(["RS", "R5", "G2", "Y3", "B8"], seen)
    assert not reading.explains(hands)
    hands[1] = hand_of(["RS", "G5", "G2", "Y3", "B8"], seen)  # the 3 itself follows it
    assert not reading.explains(hands)
    hands[1] = hand_of(["GS", "G5", "G2", "Y3", "B8"], seen)  # a Skip that could not be led
    assert reading.explains(hands)
    hands[1] = hand_of(["G5", "G2", "Y3", "B8", "Y9"], seen)  # no other red card at all
    assert reading.explains(hands)
    hands[1] = hand_of(["R8", "G2", "Y3", "B8", "Y9"], seen)  # R8: the same odds, more points
    assert not reading.explains(hands)


def test_a_wild_and_a_seven_or_zero_under_seven_zero_are_not_read() -> None:
    game, memory = led_game(["W", "R5", "B1", "Y2", "G9", "Y5"], "W")
    seen = list(game.discard) + list(game.hands[0])
    hands = [list(game.hands[0]), hand_of(["R8", "RS", "R2", "Y3", "B8"], seen)]
    assert Reading(game.view(0), memory.led).explains(hands)  # the lacks read a wild
    rules = Rules(seven_zero=True)
    game, memory = led_game(["R0", "R5", "B1", "Y2", "G9", "Y5"], "R0", rules)
    hands = [list(game.hands[0]), hand_of(["R8", "RS", "R2", "Y3", "B8"], seen)]
    assert Reading(game.view(0), memory.led).explains(hands)


def test_memory_notes_leads_and_the_cards_taken_after_them() -> None:
    memory = Memory(0, 2)
    memory.observe(RoundStarted(1, 1))
    top, r2, g2 = find_cards(CLASSIC, ["R7", "R2", "G2"])
    memory.top, memory.color = top, Color.RED
    memory.observe(CardPlayed(1, r2))
    assert memory.led[1] == [SeenPlay(r2, Color.RED, top, next_size=0)]
    memory.observe(CardsDrawn(1, (None,), DrawReason.TURN))
    # Its hand before the play: its hand now less its newest card.
    assert memory.led[1] == [SeenPlay(r2, Color.RED, top, next_size=0, taken=1, took=True)]
    memory.observe(CardPlayed(1, g2))  # the card just drawn: it could only play or keep it
    assert memory.led[1] == [SeenPlay(r2, Color.RED, top, next_size=0, taken=0, took=True)]
    memory.observe(CardPlayed(0, r2))  # the seat's own plays are not read
    assert 0 not in memory.led


def test_memory_keeps_only_the_leads_that_are_read() -> None:
    memory = Memory(0, 4)
    memory.observe(RoundStarted(1, 1))
    cards = find_cards(CLASSIC, ["R7", "R1", "R2", "R3", "R4", "R5"])
    memory.top, memory.color = cards[0], Color.RED
    for i, card in enumerate(cards[1:]):
        memory.observe(CardPlayed(1, card))
        if i == 1:  # a take marks the leads before it
            memory.observe(CardsDrawn(1, (None, None), DrawReason.DRAW_TWO))
    assert len(memory.led[1]) == READ_PLAYS == 3
    assert [(p.card.code, p.taken, p.took) for p in memory.led[1]] == [
        ("R3", 0, False),
        ("R4", 0, False),
        ("R5", 0, False),
    ]
    memory.observe(CardsDrawn(1, (None, None), DrawReason.DRAW_TWO))
    assert [p.taken for p in memory.led[1]] == [2, 2, 2]


def test_a_play_before_cards_were_taken_is_read_on_the_older_cards() -> None:
    game, memory = led_game(["R3", "G7", "B1", "Y2", "G9", "Y5"], "R3")
    memory.observe(CardsDrawn(1, (None, None), DrawReason.DRAW_TWO))  # then it took two
    view = game.view(0)
    seen = list(game.discard) + list(game.hands[0])
    mine = list(game.hands[0])
    # A sampled hand is dealt newest card first: the first two came after the lead.
    later = [mine, hand_of(["RS", "R5", "G2", "Y3", "B8"], seen)]
    before = [mine, hand_of(["G2", "Y3", "RS", "R5", "B8"], seen)]
    reading = Reading(view, memory.led)
    assert reading.explains(later)  # the Skip came after the 3 was led
    assert not reading.explains(before)  # held with a red card then, it would have led
    # Without reading across the take, or for a hand with cards known in it, the 3 is not read.
    assert Reading(view, memory.led, across=False).explains(before)
    assert Reading(view, memory.led, {1: {before[1][0]}}).explains(before)
    # A hand of no more cards than it took since holds none from before the lead.
    assert reading.explains([mine, before[1][:2]])


def test_samples_lean_toward_hands_that_explain_the_leads() -> None:
    game, memory = led_game(["R3", "G7", "B1", "Y2", "G9", "Y5"], "R3")
    view = game.view(0)
    reading = Reading(view, memory.led)

    def explained(read: bool) -> int:
        n = 0
        for s in range(300):
            rng = random.Random(s)
            hands, _ = sample_hands(view, memory, rng, reading=reading if read else None)
            n += reading.explains(hands)
        return n

    blind, read = explained(False), explained(True)
    assert read > blind + 30, (blind, read)
    for s in range(20):
        sample = sample_position(view, memory, random.Random(s))
        assert len(sample.hands[1]) == 5 and state_problems(sample) == []


def test_a_named_color_is_read_as_the_strongest_color_of_the_hand() -> None:
    hands = [["R9", "G1", "B5", "Y8", "G4", "B7"], ["W", "G7", "B1", "Y2", "G9", "Y5"]]
    game = new_game(hands, "R1")
    game.apply(Play(0, game.hands[0][0]))
    game.apply(Play(1, next(c for c in game.hands[1] if c.is_wild)))
    game.apply(ChooseColor(1, Color.GREEN))
    memory = AutoTable(game, {0: Hard(), 1: Hard()}, 1).memories[0]
    assert [(p.card.code, p.named) for p in memory.led[1]] == [("W", False), ("W", True)]
    reading = Reading(game.view(0), memory.led)
    seen = list(game.discard) + list(game.hands[0])
    mine = list(game.hands[0])
    assert reading.explains([mine, hand_of(["G2", "G3", "B8", "Y3", "R2"], seen)])
    assert reading.explains([mine, hand_of(["G2", "B3", "B8", "G3", "R2"], seen)])  # equals
    assert not reading.explains([mine, hand_of(["G2", "B3", "B8", "B9", "R2"], seen)])


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_each_hand_dealt_again_on_its_own_explains_more_at_four_players() -> None:
    # Four Hard players; at seat 0's turns, how often a sample explains every read hand. A
    # whole deal dealt again until all three hands explain their plays gets there less often
    # than each hand dealt again on its own; either way every card is dealt exactly once,
    # the hands keep their sizes and the cards known in them.
    rules = Rules()
    explained = {True: 0, False: 0}
    read = 0
    for g in range(6):
        game = Game(rules, 4, 40 + g, dealer=3)
        table = AutoTable(game, {s: Hard() for s in range(4)}, 40 + g)
        for _ in range(400):
            if game.is_over or table.step() is None:
                break
            view = game.view(0)
            memory = table.memories[0]
            if view.actor != 0 or view.phase != "play":
                continue
            reading = Reading(view, memory.led)
            if len(reading.players) < 2:
                continue
            read += 1
            for each in (True, False):
                hands, pile = sample_hands(
                    view, memory, random.Random(read), reading=reading, keep=0.0, each=each
                )
                explained[each] += reading.explains(hands)
                dealt = [c.uid for h in hands for c in h] + [c.uid for c in pile]
                dealt += [c.uid for c in view.discard]
                assert sorted(dealt) == sorted(c.uid for c in CLASSIC)
                assert [len(h) for h in hands] == list(view.hand_sizes)
                for p, known in memory.known.items():
                    assert p == 0 or {c.uid for c in known} <= {c.uid for c in hands[p]}
    assert read >= 30, read
    assert explained[True] > explained[False] + read // 10, (read, explained)
