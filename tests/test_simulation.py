"""Seeded simulations of random players: every preset and every switch, 2 to 10 players.

After every action: the action was legal, every card is accounted for exactly once, turn,
phase and direction are consistent, and at the end of each hand the scores add up. Every game
must end. The figures of the same simulations at scale are in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.check import score_problems, state_problems
from game.engine import Game
from game.randomplay import random_action
from game.rules import CustomEffect, Preset, Rules, TargetMode, preset
from tools.measure.common import build_rules
from tools.simulate import simulate

PRESET_NAMES = [p.value for p in Preset]

pytestmark = pytest.mark.slow  # whole-game sweeps: in make test, not test-quick


# Games per player count of each preset. Over its nine player counts, the first games of each
# count already run every arc of game/ and meet every kind of event that 25 games do: 6 for
# Classic and Quick, 8 for UNO 2023, 20 for House Rules (branch coverage, python -m
# tests.sweep_coverage simulation; docs/BENCHMARKS.md). Each count here is at least that.
PRESET_GAMES = {"classic": 10, "quick": 10, "uno2023": 10, "house-rules": 20}


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("players", range(2, 11))
def test_every_preset_and_player_count(name: str, players: int) -> None:
    games = PRESET_GAMES[name]
    tally = simulate(build_rules(name, []), players, games=games, seed=players)
    assert tally.games == games
    assert tally.violations == 0, tally.examples


# Each switch case plays the fewest first games of its 40 that run every arc of game/ and meet
# every kind of event its 40 games do (python -m tests.sweep_coverage simulation, 2026-11-27:
# 5 to 40, 1,006 games of 1,600); the tool measures against the 40 (SWITCH_REFERENCE).
SWITCH_REFERENCE = 40
EFFECT_GAMES = {
    CustomEffect.DISCARD_COLOR: 30,
    CustomEffect.REVERSE: 8,
    CustomEffect.OTHERS_DRAW_1: 20,
    CustomEffect.NEXT_DRAWS_2: 13,
    CustomEffect.SWAP_HANDS: 13,
    CustomEffect.PASS_HANDS: 20,
    CustomEffect.SKIP_NEXT: 12,
    CustomEffect.PLAY_AGAIN: 15,
}
SWITCH_CASES: list[tuple[str, list[str], int, int]] = [
    ("classic", ["wd4_wilds_count_as_color=true"], 3, 34),
    ("classic", ["wd4_bluffing=false"], 3, 34),
    ("classic", ["challenge_outcome=return-card"], 2, 16),
    ("classic", ["challenge_outcome=return-card", "wd4_wilds_count_as_color=true"], 4, 38),
    ("classic", ["draw_mode=until-playable"], 4, 25),
    ("classic", ["force_play=true"], 3, 34),
    ("classic", ["draw_mode=until-playable", "force_play=true"], 5, 19),
    ("classic", ["uno_catching=false"], 3, 34),
    ("classic", ["uno_penalty=4"], 4, 30),
    ("classic", ["stacking=same"], 3, 34),
    ("classic", ["stacking=cross"], 5, 19),
    ("classic", ["jump_in=true"], 4, 25),
    ("classic", ["seven_zero=true"], 5, 19),
    ("classic", ["skip_bounce=true"], 3, 34),
    ("classic", ["skip_bounce=true"], 2, 25),
    ("classic", ["play_until_one_left=true"], 6, 40),
    ("classic", ["play_until_one_left=true", "seven_zero=true", "jump_in=true"], 10, 32),
    ("classic", ["no_wild_finish=true"], 3, 34),
    ("classic", ["teams=true"], 4, 25),
    ("classic", ["teams=true", "stacking=cross", "jump_in=true"], 4, 27),
    ("classic", ["first_card=flip-until-number"], 4, 25),
    ("uno2023", ["first_card=classic-effects"], 4, 25),
    ("classic", ["hand_size=3"], 8, 30),
    ("classic", ["hand_size=10", "next_dealer=rotate"], 7, 32),
    ("uno2023", ["custom_effects="], 4, 11),
    *[("uno2023", [f"custom_effects={e.value}"], 4, EFFECT_GAMES[e]) for e in CustomEffect],
    ("uno2023", ["custom_effects=next-draws-2,play-again"], 3, 23),
    ("uno2023", ["custom_effects=discard-color,swap-hands,pass-hands,skip-next"], 5, 38),
    ("uno2023", ["play_until_one_left=true"], 7, 29),
    ("house-rules", ["jump_in=true", "seven_zero=true"], 5, 27),
    ("house-rules", ["stacking=cross", "skip_bounce=true"], 3, 20),
    ("house-rules", ["play_until_one_left=true"], 5, 32),
    ("house-rules", ["wd4_wilds_count_as_color=true", "no_wild_finish=true"], 4, 5),
]


# The cases without their counts (the fairness and position tests play them too).
SWITCHES = [(name, rules, players) for name, rules, players, _games in SWITCH_CASES]


@pytest.mark.parametrize(("name", "rules", "players", "games"), SWITCH_CASES)
def test_every_switch(name: str, rules: list[str], players: int, games: int) -> None:
    extra = ["target_mode=single-hand"] if any("play_until" in r for r in rules) else []
    tally = simulate(build_rules(name, rules + extra), players, games=games, seed=7)
    assert tally.games == games
    assert tally.violations == 0, tally.examples


EVERYTHING_ON = [
    "stacking=cross",
    "jump_in=true",
    "seven_zero=true",
    "skip_bounce=true",
    "draw_mode=until-playable",
    "force_play=true",
    "no_wild_finish=true",
    "challenge_outcome=return-card",
]


# The fewest first games of the 15 that run every arc of game/ and meet every kind of event the
# 15 do, at ten players with everything on (python -m tests.sweep_coverage everything-on,
# 2026-11-27); House Rules' long hands reach them all in 6.
EVERYTHING_ON_GAMES = {"classic": 15, "quick": 15, "uno2023": 13, "house-rules": 6}


def test_everything_on_at_ten_players() -> None:
    for name in PRESET_NAMES:
        games = EVERYTHING_ON_GAMES[name]
        tally = simulate(build_rules(name, EVERYTHING_ON), 10, games=games, seed=3)
        assert tally.games == games
        assert tally.violations == 0, (name, tally.examples)


def play_match(rules: Rules, players: int, seed: int) -> tuple[Game, int]:
    """A whole match with random players, checking every state and every hand's scores."""
    game = Game(rules, players, seed)
    rng = random.Random(seed)
    rounds = 0
    for _ in range(200_000):
        if game.is_over:
            break
        action = random_action(game, rng)
        assert action in game.legal_actions()
        before = list(game.scores)
        events = game.apply(action)
        problems = state_problems(game) + score_problems(before, events, game)
        assert not problems, (seed, len(game.actions), problems)
        rounds = game.round
    assert game.is_over, "the match did not end"
    return game, rounds


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (preset("classic"), 2),
        (preset("classic"), 4),
        (preset("quick"), 3),
        (preset("classic").with_changes(teams=True), 4),
        (preset("uno2023").with_changes(target_points=200), 5),
        (preset("house-rules").with_changes(target_points=200), 3),
        (preset("classic").with_changes(next_dealer=Rules().next_dealer.ROTATE), 3),
    ],
)
def test_whole_matches_reach_the_target(rules: Rules, players: int) -> None:
    for seed in range(3):
        game, rounds = play_match(rules, players, seed)
        target = rules.target_for(players)
        assert target is not None
        assert max(game.scores) >= target
        assert rounds >= 1
        if rules.teams:
            assert game.scores[0] == game.scores[2] and game.scores[1] == game.scores[3]


def test_quick_targets() -> None:
    quick = preset("quick")
    assert quick.target_for(2) == 100
    assert quick.target_for(3) == 200
    assert quick.target_for(4) == 200
    assert Rules(target_mode=TargetMode.SINGLE_HAND).target_for(4) is None


def test_simulation_is_deterministic() -> None:
    def run() -> dict[str, Any]:
        return simulate(build_rules("house-rules", ["jump_in=true"]), 4, 30, seed=11).summary()

    first, second = run(), run()
    first.pop("games_per_second")
    second.pop("games_per_second")
    assert first == second
