"""What each seeded game of the whole-game sweeps adds: game/'s lines and branches, and event kinds.

    python -m tests.sweep_coverage simulation      # tests/test_simulation.py's cases
    python -m tests.sweep_coverage fast-engine     # tests/test_fast_engine.py's quiet path

For every case of a sweep (a rule set at a player count), each of its seeded games is played
alone under ``coverage`` (branch coverage of game/) and the arcs it ran and the kinds of events
it told are kept. The line printed per case is the number of games the test plays, the arcs and
event kinds of all of them, and the fewest first games whose union already has every one of
those arcs and event kinds: a test that plays that many games of the case runs the same code
and meets the same events. docs/BENCHMARKS.md ("The test suite's cost") has the figures.
Not a test: nothing here is collected by pytest (the file's name has no ``test_``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import coverage

from game.engine import Game
from game.randomplay import random_action
from game.rules import Rules
from tests import test_fairness, test_fast_engine, test_remote_leak, test_simulation
from tools.measure.common import build_rules
from tools.simulate import Tally, play_one


@dataclass(frozen=True)
class Case:
    """One parametrized case: its name and one callable per seeded game, in the test's order."""

    name: str
    games: tuple[Callable[[], set[str]], ...]
    rule_set: str = ""  # cases of one rule set at other player counts share it ("": its own)


def simulated(rules: Rules, players: int, seed: int) -> Callable[[], set[str]]:
    """One game of ``tools.simulate.simulate`` (its checks on, as the tests run it); returns the
    kinds of events of the game played again outside the measurement."""

    def run() -> set[str]:
        tally = Tally()
        play_one(rules, players, seed, True, tally)
        assert tally.violations == 0, tally.examples
        game = Game(rules, players, seed)
        rng = random.Random(seed)
        kinds = {type(e).__name__ for e in game.log}
        for _ in range(100_000):
            if game.is_over:
                break
            kinds |= {type(e).__name__ for e in game.apply(random_action(game, rng))}
        return kinds

    return run


def simulation_cases() -> Iterator[Case]:
    for name in test_simulation.PRESET_NAMES:
        for players in range(2, 11):
            rules = build_rules(name, [])
            seeds = [players * 1_000_003 + g for g in range(25)]
            games = tuple(simulated(rules, players, s) for s in seeds)
            yield Case(f"preset {name} {players}", games, f"preset {name}")
    for name, switches, players in test_simulation.SWITCHES:
        extra = ["target_mode=single-hand"] if any("play_until" in r for r in switches) else []
        rules = build_rules(name, switches + extra)
        seeds = [7 * 1_000_003 + g for g in range(test_simulation.SWITCH_REFERENCE)]
        label = f"switch {name} {','.join(switches)} {players}"
        yield Case(label, tuple(simulated(rules, players, s) for s in seeds))


def everything_on_cases() -> Iterator[Case]:
    for name in test_simulation.PRESET_NAMES:
        rules = build_rules(name, test_simulation.EVERYTHING_ON)
        seeds = [3 * 1_000_003 + g for g in range(15)]  # the reference the counts come from
        yield Case(f"everything on {name} 10", tuple(simulated(rules, 10, s) for s in seeds))


def quiet_game(rules: Rules, players: int, seed: int, rng_seed: int) -> Callable[[], set[str]]:
    """One game of the quiet-path test: the loud and the quiet engine side by side."""

    def run() -> set[str]:
        loud = Game(rules, players, seed)
        quiet = Game(rules, players, seed, quiet=True)
        rng = random.Random(rng_seed)
        kinds = {type(e).__name__ for e in loud.log}
        for _ in range(20_000):
            if loud.is_over:
                break
            assert quiet.legal_actions() == loud.legal_actions()
            action = random_action(loud, rng)
            kinds |= {type(e).__name__ for e in loud.apply(action)}
            quiet.apply(action)
            assert quiet.state_digest() == loud.state_digest()
        return kinds

    return run


def fast_engine_cases() -> Iterator[Case]:
    for name, players in test_fast_engine.TABLES:
        plain: dict[str, object] = {}
        for i, changes in enumerate([plain, *test_fast_engine.SWITCHES]):
            if changes.get("play_until_one_left") and players < 3:
                continue
            rules = test_fast_engine.rules_for(name, changes)
            games = tuple(quiet_game(rules, players, s + 100 * i, s) for s in range(3))
            yield Case(f"quiet {name} {players} switches {i}", games, f"quiet {name} switches {i}")


def phone_match(seed: int) -> Callable[[], set[str]]:
    """One match of the phones' leak test; returns the kinds of moves its phones made."""

    def run() -> set[str]:
        kinds: Counter[str] = Counter()
        test_remote_leak.play(seed, kinds)
        return set(kinds)

    return run


def remote_leak_cases() -> Iterator[Case]:
    # Measured against 60 matches (the test plays LEAK_MATCHES at least, then more only while a
    # kind of move is missing).
    yield Case("phones' leak test", tuple(phone_match(seed) for seed in range(60)))


def fair_game(rules: Rules, players: int, seed: int) -> Callable[[], set[str]]:
    """One match of the fairness test, every view and event checked."""

    def run() -> set[str]:
        return {type(e).__name__ for e in test_fairness.play_checked(rules, players, seed).log}

    return run


def fairness_cases() -> Iterator[Case]:
    # The preset cases play two seeds each; the switch cases one (nothing to cut there).
    for name in test_simulation.PRESET_NAMES:
        for players in (2, 4, 7):
            rules = build_rules(name, [])
            games = tuple(fair_game(rules, players, s) for s in (0, 1))
            yield Case(f"fair {name} {players}", games, f"fair {name}")


SWEEPS: dict[str, Callable[[], Iterator[Case]]] = {
    "fairness": fairness_cases,
    "simulation": simulation_cases,
    "everything-on": everything_on_cases,
    "fast-engine": fast_engine_cases,
    "remote-leak": remote_leak_cases,
}


def measured(game: Callable[[], set[str]]) -> tuple[set[tuple[str, int, int]], set[str]]:
    """The arcs of game/ one game ran, and its kinds of events."""
    cov = coverage.Coverage(branch=True, source=["game"], data_file=None)
    cov.start()
    try:
        kinds = game()
    finally:
        cov.stop()
    data = cov.get_data()
    arcs = {(f, a, b) for f in data.measured_files() for a, b in data.arcs(f) or ()}
    return arcs, kinds


def fewest_of_set(cases: list[list[tuple[set[tuple[str, int, int]], set[str]]]]) -> int:
    """The fewest first games of each case whose union has every arc and kind of all games."""

    def union(first: int) -> tuple[set[tuple[str, int, int]], set[str]]:
        arcs: set[tuple[str, int, int]] = set()
        kinds: set[str] = set()
        for games in cases:
            for more_arcs, more_kinds in games[:first]:
                arcs |= more_arcs
                kinds |= more_kinds
        return arcs, kinds

    most = max(len(games) for games in cases)
    whole = union(most)
    return next(first for first in range(1, most + 1) if union(first) == whole)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.sweep_coverage")
    parser.add_argument("sweep", choices=sorted(SWEEPS))
    parser.add_argument("--keep", metavar="FILE", help="also write every game's arcs (JSON)")
    args = parser.parse_args(argv)
    kept: dict[str, list[list[object]]] = {}
    print("case | games | arcs | event kinds | fewest first games with all of them")
    needed: list[int] = []
    # Per rule set: every case's games, each as (arcs, kinds).
    sets: dict[str, list[list[tuple[set[tuple[str, int, int]], set[str]]]]] = {}
    for case in SWEEPS[args.sweep]():
        arcs: set[tuple[str, int, int]] = set()
        kinds: set[str] = set()
        growth: list[tuple[int, int]] = []
        for game in case.games:
            more_arcs, more_kinds = measured(game)
            sets.setdefault(case.rule_set or case.name, [[]])[-1].append((more_arcs, more_kinds))
            kept.setdefault(case.name, []).append([sorted(more_arcs), sorted(more_kinds)])
            arcs |= more_arcs
            kinds |= more_kinds
            growth.append((len(arcs), len(kinds)))
        sets[case.rule_set or case.name].append([])
        fewest = next(i + 1 for i, g in enumerate(growth) if g == growth[-1])
        needed.append(fewest)
        line = f"{case.name} | {len(case.games)} | {len(arcs)} | {len(kinds)} | {fewest}"
        print(line, flush=True)
    print(f"cases: {len(needed)}; the most first games any case needs: {max(needed)}")
    print("rule set | cases | fewest first games of each case with all of the set's arcs and kinds")
    for name, cases in sets.items():
        played = [c for c in cases if c]
        print(f"{name} | {len(played)} | {fewest_of_set(played)}")
    if args.keep:
        Path(args.keep).write_text(json.dumps(kept), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
