"""Seeded simulation of random players: invariant checks and games per second.

    python -m tools.simulate --preset classic --players 2 --games 5000 --seed 1
    python -m tools.simulate --preset house-rules --players 6 --games 500 --rule jump_in=true
    python -m tools.simulate --preset classic --players 2 --games 20000 --no-checks --json

A game here is one hand. With checks on, every action is first confirmed to be among the legal
actions and every state afterwards is checked (every card accounted for once, turn and phase
consistent, scores add up at the end); ``--no-checks`` measures the bare engine (its quiet path,
no events built; the compiled engine when ``make fast`` built it) with the random
players. Prints games per second, mean and max turns (actions applied per game) and violations
(must be 0); ``--json`` prints the same figures as one JSON object. Progress goes to stderr for
long runs; Ctrl-C stops and prints what was measured so far.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any

from game.check import score_problems, state_problems
from game.engine import Game
from game.randomplay import random_action
from game.rules import Rules
from tools.measure.common import hand_rules, stop_on_signals

MAX_ACTIONS = 100_000  # a hand longer than this counts as a game that did not end


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    max_actions: int = 0
    seconds: float = 0.0
    violations: int = 0
    examples: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        self.violations += 1
        if len(self.examples) < 10:
            self.examples.append(text)

    def summary(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else 0.0,
            "mean_turns": round(self.actions / self.games, 2) if self.games else 0.0,
            "max_turns": self.max_actions,
            "violations": self.violations,
        }


def play_one(rules: Rules, players: int, seed: int, checks: bool, tally: Tally) -> None:
    # Without checks nobody reads the events: the engine's quiet path builds none.
    game = Game(rules, players, seed, quiet=not checks)
    rng = random.Random(seed)
    actions = 0
    apply = game.apply
    if not checks:
        while not game.is_over and actions < MAX_ACTIONS:
            apply(random_action(game, rng))
            actions += 1
    else:
        for problem in state_problems(game):
            tally.problem(f"seed {seed}, at the deal: {problem}")
        while not game.is_over and actions < MAX_ACTIONS:
            action = random_action(game, rng)
            # The very object: the random player picks one of the legal actions (and comparing
            # dataclasses one by one cost more than this whole check).
            if not any(map(is_, game.legal_actions(), repeat(action))):
                tally.problem(f"seed {seed}, action {actions + 1}: {action} was not legal")
                break
            before = list(game.scores)
            events = apply(action)
            actions += 1
            for problem in state_problems(game) + score_problems(before, events, game):
                tally.problem(f"seed {seed}, action {actions}: {problem}")
    if not game.is_over:
        tally.problem(f"seed {seed}: the game did not end within {MAX_ACTIONS} actions")
    tally.games += 1
    tally.actions += actions
    tally.max_actions = max(tally.max_actions, actions)


def simulate(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    *,
    checks: bool = True,
    progress: bool = False,
) -> Tally:
    """Play ``games`` seeded hands; stops early (keeping the tally) on KeyboardInterrupt."""
    rules.validate(players)
    tally = Tally()
    start = time.perf_counter()
    last_report = start
    try:
        for g in range(games):
            play_one(rules, players, seed * 1_000_003 + g, checks, tally)
            if progress and g % 64 == 0:
                now = time.perf_counter()
                if now - last_report >= 1.0:
                    last_report = now
                    print(f"\r{g + 1}/{games} games", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print(f"\ninterrupted after {tally.games} games", file=sys.stderr)
    tally.seconds = time.perf_counter() - start
    if progress and tally.seconds >= 1.0:
        print(file=sys.stderr)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.simulate", description="Seeded simulation of random players."
    )
    parser.add_argument("--preset", default="classic", help="classic, uno2023, house-rules, quick")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rule", action="append", default=[], metavar="SWITCH=VALUE")
    parser.add_argument("--no-checks", action="store_true", help="measure the bare engine")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    stop_on_signals()
    rules = hand_rules(args.preset, args.players, args.rule)
    if rules is None:
        return 2
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    tally = simulate(
        rules, args.players, args.games, args.seed, checks=not args.no_checks, progress=True
    )
    summary = tally.summary()
    if args.json:
        print(json.dumps(summary))
    else:
        mode = "checks off" if args.no_checks else "checks on"
        print(f"preset {args.preset}, {args.players} players, seed {args.seed}, {mode}")
        print(f"games:            {summary['games']}")
        print(f"games per second: {summary['games_per_second']}")
        print(f"turns per game:   mean {summary['mean_turns']}, max {summary['max_turns']}")
        print(f"violations:       {summary['violations']}")
    for example in tally.examples:
        print(f"  {example}", file=sys.stderr)
    return 1 if tally.violations else 0


if __name__ == "__main__":
    sys.exit(main())
