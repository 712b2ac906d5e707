"""An exact resume: a match saved and continued plays the very moves of one never interrupted.

The cards come back exactly from the record (tests/test_saves.py); these tests check the AIs
too: their random choices are drawn from the match seed and the move number, and their
memories are rebuilt from the log, so a continued match cannot drift from the original.
"""

from __future__ import annotations

import pytest

from game.actions import Action
from game.ai import Level, make_agent
from game.ai.driver import AutoTable
from game.engine import Game
from game.record import Record
from game.rules import Preset, Rules, preset

LEVELS = (Level.EASY, Level.NORMAL, Level.HARD, Level.NORMAL)


def play_on(game: Game, seed: int, moves: int) -> list[Action]:
    """Let four AIs play ``moves`` more actions (fewer if the match ends)."""
    table = AutoTable(game, {seat: make_agent(level) for seat, level in enumerate(LEVELS)}, seed)
    for _ in range(moves):
        if game.is_over or table.step() is None:
            break
    return list(game.actions)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        preset(Preset.HOUSE_RULES.value).with_changes(jump_in=True, seven_zero=True),
        Rules(stacking=Rules().stacking.CROSS, skip_bounce=True, jump_in=True),
    ],
    ids=["classic", "house-rules-jump-in-7-0", "stacking-bounce-jump-in"],
)
def test_a_continued_match_plays_the_moves_of_one_never_stopped(rules: Rules) -> None:
    seed = 21
    whole = play_on(Game(rules, 4, seed), seed, 600)
    assert len(whole) > 140
    for cut in (1, 57, 133):
        # What Continue does: replay the saved actions, seat fresh AIs on the game.
        saved = Record(rules, 4, seed, actions=tuple(whole[:cut]))
        resumed = saved.replay()
        assert play_on(resumed, seed, 600 - cut) == whole, cut
