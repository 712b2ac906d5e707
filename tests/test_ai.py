"""AI opponents: they play only legal actions, finish games, and decide from their view alone."""

from __future__ import annotations

import copy
import random

import pytest

from game.actions import Play
from game.ai import Level, make_agent
from game.ai.driver import AutoTable
from game.ai.levels import Hard, is_window_action
from game.ai.memory import Memory
from game.engine import Game
from game.events import redact
from game.randomplay import random_action
from game.rules import Rules, Stacking, TargetMode, preset

LEVELS = [Level.EASY, Level.NORMAL, Level.HARD]


def agents_for(level: Level, players: int) -> dict[int, object]:
    if level is Level.EXPERT:  # one searching seat among Hard players keeps the test quick
        return {0: make_agent(level, samples=1), **{s: Hard() for s in range(1, players)}}
    return {seat: make_agent(level) for seat in range(players)}


@pytest.mark.parametrize("level", [*LEVELS, Level.EXPERT])
@pytest.mark.parametrize("name", ["classic", "uno2023", "house-rules"])
def test_ai_only_hands_end_with_legal_actions(level: Level, name: str) -> None:
    rules = preset(name).with_changes(target_mode=TargetMode.SINGLE_HAND)
    hands = 2 if level is Level.EXPERT else 6
    for seed in range(hands):
        players = 2 + seed % (2 if level is Level.EXPERT else 4)
        game = Game(rules, players, seed)
        table = AutoTable(game, agents_for(level, players), seed)  # type: ignore[arg-type]
        for _ in range(20_000):
            if game.is_over:
                break
            # The engine raises IllegalAction on anything not legal, so this also checks that.
            assert table.step() is not None
        assert game.is_over


SWITCHES = [
    {"stacking": Stacking.CROSS, "jump_in": True},
    {"seven_zero": True, "skip_bounce": True},
    {"play_until_one_left": True, "no_wild_finish": True},
    {"teams": True},
    {"custom_effects": ()},
]


@pytest.mark.parametrize("changes", SWITCHES)
@pytest.mark.parametrize("level", LEVELS)
def test_ai_plays_every_switch(level: Level, changes: dict[str, object]) -> None:
    deck = "uno2023" if "custom_effects" in changes else "house-rules"
    rules = preset(deck).with_changes(target_mode=TargetMode.SINGLE_HAND, **changes)
    for seed in range(3):
        game = Game(rules, 4, seed)
        table = AutoTable(game, agents_for(level, 4), seed)  # type: ignore[arg-type]
        for _ in range(20_000):
            if game.is_over:
                break
            assert table.step() is not None
        assert game.is_over


def memory_of(game: Game, seat: int) -> Memory:
    memory = Memory(seat, game.players)
    for event in game.log:
        memory.observe(redact(event, seat))
    return memory


def twin_with_other_hidden_cards(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game as ``seat`` sees it, with the hidden cards dealt differently."""
    twin = copy.deepcopy(game)
    others = [p for p in range(game.players) if p != seat]
    hidden = [c for p in others for c in twin.hands[p]] + twin.draw_pile
    rng.shuffle(hidden)
    for p in others:
        size = len(twin.hands[p])
        twin.hands[p], hidden = hidden[:size], hidden[size:]
    twin.draw_pile = hidden
    twin._legal = None
    return twin


@pytest.mark.parametrize("level", [*LEVELS, Level.EXPERT])
def test_decisions_depend_only_on_the_seats_view(level: Level) -> None:
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    agent = make_agent(level, samples=3)
    checked = 0
    for seed in range(40):
        game = Game(rules, 3, seed)
        rng = random.Random(seed)
        for _ in range(5 + seed % 20):
            if game.is_over:
                break
            game.apply(random_action(game, rng))
        if game.is_over:
            continue
        seat = game.actor
        memory = memory_of(game, seat)
        if any(memory.known[p] for p in memory.known):
            continue  # the seat knows cards in another hand: those are not hidden
        twin = twin_with_other_hidden_cards(game, seat, random.Random(seed))
        assert twin.hands != game.hands or twin.draw_pile != game.draw_pile
        assert twin.view(seat) == game.view(seat)
        first = agent.decide(game.view(seat), memory, random.Random(99))
        second = agent.decide(twin.view(seat), memory_of(twin, seat), random.Random(99))
        assert first == second, (seed, first, second)
        checked += 1
    assert checked >= 20


def test_catch_and_late_uno_call_are_window_actions_but_turn_actions_are_not() -> None:
    # Seat 0 plays down to one card without calling: seat 1 may catch, seat 0 may still call.
    game = Game(Rules(hand_size=2), 2, 3, stacked=["R1", "G2", "R3", "G4", "R5"], dealer=1)
    game.apply(Play(0, game.hands[0][0]))
    view = game.view(1)
    windows = [type(a).__name__ for a in view.legal if is_window_action(a, view)]
    turn = [type(a).__name__ for a in view.legal if not is_window_action(a, view)]
    assert windows == ["Catch"]
    assert turn == ["Draw", "CallUno"]  # two cards: UNO may be declared before playing
    own = game.view(0)
    assert [type(a).__name__ for a in own.legal] == ["CallUno"]
    assert is_window_action(own.legal[0], own)
