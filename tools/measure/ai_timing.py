"""AI decision time: percentiles of how long each level takes to decide, in milliseconds.

    python -m tools.measure.ai_timing --level hard --hands 200
    python -m tools.measure.ai_timing --level expert --hands 5 --budget 0.2

Plays hands with the level in seat 0 and Hard players elsewhere (so the positions are
realistic) and times every decision of seat 0: turn decisions and real-time reactions alike.
Progress goes to stderr; Ctrl-C stops and prints what was measured so far.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from game import COMPILED
from game.ai import Level, make_agent
from game.ai.driver import AutoTable
from game.ai.expert import BUDGET_S, Expert
from game.ai.levels import Agent, Hard
from game.engine import Game
from tools.measure.common import hand_rules, percentile, stop_on_signals


class Timed(Agent):
    """Wraps an agent and records the wall time of each of its decisions."""

    def __init__(self, inner: Agent, times: list[float]) -> None:
        self.inner = inner
        self.level = inner.level
        self.times = times

    def decide(self, view, memory, rng):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        action = self.inner.decide(view, memory, rng)
        if action is not None:
            self.times.append(time.perf_counter() - start)
        return action

    def react(self, view, memory, rng):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        action = self.inner.react(view, memory, rng)
        self.times.append(time.perf_counter() - start)
        return action


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.measure.ai_timing")
    parser.add_argument("--level", required=True, choices=[level.value for level in Level])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="classic")
    parser.add_argument(
        "--budget", type=float, default=BUDGET_S, help="Expert seconds per decision"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    stop_on_signals()
    rules = hand_rules(args.preset, args.players)
    if rules is None:
        return 2
    times: list[float] = []
    inner = make_agent(Level(args.level), budget_s=args.budget)
    agent = Timed(inner, times)
    last = time.perf_counter()
    try:
        for hand in range(args.hands):
            seed = args.seed * 1_000_003 + hand
            game = Game(rules, args.players, seed)
            agents: dict[int, Agent] = {0: agent, **{s: Hard() for s in range(1, args.players)}}
            table = AutoTable(game, agents, seed)
            while not game.is_over and table.step() is not None:
                pass
            if time.perf_counter() - last >= 1.0:
                last = time.perf_counter()
                print(f"\r{hand + 1}/{args.hands} hands", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
    print(file=sys.stderr)
    ms = [t * 1000 for t in times]
    result: dict[str, object] = {
        "level": args.level,
        "decisions": len(ms),
        "p50_ms": round(percentile(ms, 50), 3),
        "p95_ms": round(percentile(ms, 95), 3),
        "p99_ms": round(percentile(ms, 99), 3),
        "max_ms": round(max(ms, default=0.0), 3),
    }
    if isinstance(inner, Expert):
        # Searches stopped by the budget (not by dropping every other candidate) tell how
        # many samples the budget buys.
        full = sorted(n for n, by_budget in inner.searched if by_budget)
        result["searches"] = len(full)
        result["samples_p50"] = full[len(full) // 2] if full else 0
        result["samples_mean"] = round(sum(full) / len(full), 1) if full else 0.0
        result["engine"] = "compiled" if COMPILED else "python"
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.level}: {result['decisions']} decisions, p50 {result['p50_ms']} ms, "
            f"p95 {result['p95_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms"
        )
        if "searches" in result:
            print(
                f"{result['searches']} searches, samples per search p50 {result['samples_p50']}"
                f", mean {result['samples_mean']} ({result['engine']} engine)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
