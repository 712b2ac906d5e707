"""Hard makes House Rules deliberately: the action with the most moves, and with Wild Game
Changer it replaces the easiest rule in play; the scenes' race steps agree with the move counts."""

from __future__ import annotations

import dataclasses
import random

from game.actions import MakeRule
from game.ai import Level, make_agent
from game.ai.memory import Memory
from game.engine import Game, Phase
from game.rules import PRESETS, RACE_ACTION_MOVES, Preset, RaceAction


def _rule_moment(game: Game, seed: int) -> bool:
    """Play random legal actions until someone must make a House Rule."""
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.phase is Phase.MAKE_RULE:
            return True
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return False
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])
    return False


def test_hard_makes_the_rule_with_the_most_moves() -> None:
    rules = PRESETS[Preset.HOUSE_RULES]
    found = 0
    for seed in range(40):
        game = Game(rules, 3, seed)
        if not _rule_moment(game, seed):
            continue
        seat = game.actor
        view = game.view(seat)
        choice = make_agent(Level.HARD).decide(view, Memory(seat, 3), random.Random(seed))
        assert isinstance(choice, MakeRule) and choice in view.legal
        best = max(RACE_ACTION_MOVES[a.rule] for a in view.legal if isinstance(a, MakeRule))
        assert RACE_ACTION_MOVES[choice.rule] == best
        found += 1
    assert found >= 5, found


def test_with_game_changer_hard_replaces_the_easiest_rule() -> None:
    hard = make_agent(Level.HARD)
    game = Game(PRESETS[Preset.HOUSE_RULES], 3, 1)
    _rule_moment(game, 1)
    view = game.view(game.actor)
    ruled = {
        1: RaceAction.TAP_CENTER_THREE_TIMES,  # 3 moves
        2: RaceAction.PRESS_UP,  # 1 move: the one to replace
        4: RaceAction.TAP_TABLE_TWICE,  # 2 moves
    }
    used = set(ruled.values())
    choices = [
        MakeRule(view.seat, n, r) for n in sorted(ruled) for r in RaceAction if r not in used
    ]
    view = dataclasses.replace(view, house_rules=tuple(sorted(ruled.items())), legal=tuple(choices))
    choice = hard.make_rule(view, choices, random.Random(3))
    assert isinstance(choice, MakeRule)
    assert choice.number == 2 and RACE_ACTION_MOVES[choice.rule] == 2


def test_the_tables_race_steps_match_the_move_counts() -> None:
    from scenes.table.moves import RACE_STEPS

    assert {rule: len(steps) for rule, steps in RACE_STEPS.items()} == RACE_ACTION_MOVES
