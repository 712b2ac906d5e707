"""Properties of the engine over any sequence of legal actions, found by hypothesis.

Hypothesis picks the rule set, the seat count, the seed and, at every step, which of the legal
actions is taken; when a property fails it shrinks the sequence to a short one that shows it.
Two properties: every card is accounted for exactly once after every action (with the rest of
``game.check.state_problems``), and a game replays from its record (JSON and back) to the same
state, digest for digest.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.check import state_problems
from game.engine import Game
from game.record import Record
from game.rules import PRESETS, Preset

# Eighty generated games (two properties of EXAMPLES each): make test, not test-quick.
pytestmark = pytest.mark.slow

# Enough steps to cross a round's end in a short game; few enough that each example is cheap.
STEPS = 120
# Examples per property: together about a second or two on one core (hypothesis' default of
# 100 each would be several times that for little more).
EXAMPLES = 40

PROPERTY = settings(
    max_examples=EXAMPLES,
    deadline=None,  # a long example is not a failure: tests never judge wall time
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,  # the same examples on every run: the suite passes or fails alike
)

games = st.tuples(st.sampled_from(sorted(Preset, key=lambda p: p.value)), st.integers(2, 6))


_INDEXES: dict[int, st.SearchStrategy[int]] = {}


def _index_below(count: int) -> st.SearchStrategy[int]:
    """Which of ``count`` legal actions: one strategy per count, made and validated once (a new
    ``sampled_from`` at every step was most of these tests' time); it shrinks toward the first
    action as ``sampled_from`` does."""
    strategy = _INDEXES.get(count)
    if strategy is None:
        strategy = _INDEXES[count] = st.integers(0, count - 1)
    return strategy


def play(data: st.DataObject, preset: Preset, players: int, seed: int) -> Game:
    """A game moved on by up to ``STEPS`` legal actions that hypothesis chooses; every state on
    the way must be consistent."""
    game = Game(PRESETS[preset], players, seed)
    for _ in range(STEPS):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal, "a game that is not over offers a legal action"
        game.apply(legal[data.draw(_index_below(len(legal)))])
        problems = state_problems(game)
        assert not problems, problems
    return game


@PROPERTY
@given(games, st.integers(0, 2**31), st.data())
def test_any_legal_sequence_keeps_every_card_accounted_for(
    setup: tuple[Preset, int], seed: int, data: st.DataObject
) -> None:
    preset, players = setup
    game = play(data, preset, players, seed)
    held = [c.uid for h in game.hands for c in h]
    everywhere = [c.uid for c in game.draw_pile] + [c.uid for c in game.discard] + held
    assert sorted(everywhere) == sorted(c.uid for c in game.cards)


@PROPERTY
@given(games, st.integers(0, 2**31), st.data())
def test_any_game_replays_from_its_record_to_the_same_state(
    setup: tuple[Preset, int], seed: int, data: st.DataObject
) -> None:
    preset, players = setup
    game = play(data, preset, players, seed)
    record = Record.of(game)
    loaded, again = Record.from_json(record.to_json(game))
    assert loaded == record
    assert again.state_digest() == game.state_digest()
    assert again.actions == game.actions
