"""The AI arena: two levels play seeded hands against each other in duplicate format.

    python -m tools.arena --a hard --b normal --rounds 20000 --seed 1
    python -m tools.arena --a hard --b normal --players 4 --rounds 4000 --json
    python -m tools.arena --a expert --b hard --rounds 1000 --samples 150
    python -m tools.arena --a hard --b rlcard-rule --rounds 20000
    python -m tools.arena --a hard --b normal --rule seven_zero=true --rounds 20000
    python -m tools.arena --a expert --b hard --samples 120 --expert read_plays=0

Side A holds one seat, side B every other seat. Each deal is played twice, with A in two
different seats (swapped with a B seat), and the seat of A rotates from deal to deal, so the
luck of the deal and of the seat cancels out. A round is one hand. Prints, for each side, the
round win rate and points per round with 95% confidence intervals (Wilson for rates, normal
for points); ``--json`` prints them as one JSON object. Runs on every core; progress goes to
stderr, and Ctrl-C stops and prints what was measured so far.

``--expert NAME=VALUE`` (repeatable) sets an option of the Expert's search for both sides
(``game.ai.expert.Expert``: margin, se_k, drop_k, mismatch_keep; infer_named, read_plays,
rank_lacks, playout_lacks, draw_candidate, own_lacks, hard_challenges, hard_plays, deal_each,
read_across as 0 or 1),
to compare a variant with the default on the same deals.

Besides the four levels, ``rlcard-rule`` seats the outside agent of ``tools.measure.outside_agent``
(RLCard's UNO rule agent, ported).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, overload

from game.ai import Level, make_agent
from game.ai.driver import AutoTable
from game.ai.expert import BUDGET_S, Expert, ExpertConfig
from game.ai.levels import Agent
from game.engine import Game
from game.events import RoundEnded
from game.rules import Rules
from tools.measure.common import hand_rules, run_jobs
from tools.measure.outside_agent import RLCardRule

OUTSIDE = "rlcard-rule"


@dataclass(frozen=True)
class Job:
    rules: Rules
    players: int
    a: str  # a level's name, or OUTSIDE
    b: str
    deal: int
    seed: int
    budget_s: float
    samples: int | None
    expert: tuple[tuple[str, float], ...] = ()  # Expert options (--expert)


class Deals(Sequence[Job]):
    """The jobs of a run, deal 0 to ``size`` - 1 of ``first``, each made when it is handed out:
    a long run has hundreds of thousands, and a run stopped early needs few of them."""

    def __init__(self, first: Job, size: int) -> None:
        self.first = first
        self.size = size

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Job: ...

    @overload
    def __getitem__(self, index: slice) -> list[Job]: ...

    def __getitem__(self, index: int | slice) -> Job | list[Job]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        if not -self.size <= index < self.size:
            raise IndexError(f"deal {index} of {self.size}")
        return replace(self.first, deal=index % self.size)


@dataclass
class Totals:
    rounds: int = 0
    a_wins: int = 0
    a_points: list[float] = field(default_factory=list)
    b_points: list[float] = field(default_factory=list)


# The Expert's options --expert can set: every field of its config but the search's bounds.
_OPTIONS = [f for f in fields(ExpertConfig) if f.name not in ("budget_s", "samples")]
EXPERT_FLOATS = tuple(f.name for f in _OPTIONS if f.type in (float, "float"))
EXPERT_FLAGS = tuple(f.name for f in _OPTIONS if f.type in (bool, "bool"))


def agent_for(
    name: str, budget_s: float, samples: int | None, expert: tuple[tuple[str, float], ...] = ()
) -> Agent:
    if name == OUTSIDE:
        return RLCardRule()
    if name == Level.EXPERT.value and expert:
        opts: dict[str, Any] = {k: bool(v) if k in EXPERT_FLAGS else v for k, v in expert}
        return Expert(replace(ExpertConfig(budget_s=budget_s, samples=samples), **opts))
    return make_agent(Level(name), budget_s=budget_s, samples=samples)


def expert_option(text: str) -> tuple[str, float]:
    """One ``--expert NAME=VALUE``: a known option and a number."""
    name, _, value = text.partition("=")
    if name not in EXPERT_FLOATS + EXPERT_FLAGS:
        known = ", ".join(EXPERT_FLOATS + EXPERT_FLAGS)
        raise argparse.ArgumentTypeError(f"{text!r}: unknown Expert option (known: {known})")
    try:
        number = float(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: the value must be a number") from exc
    if name in EXPERT_FLAGS and number not in (0.0, 1.0):
        raise argparse.ArgumentTypeError(f"{text!r}: {name} is 0 or 1")
    return name, number


def play_deal(job: Job) -> list[tuple[bool, float, float]]:
    """Both plays of one deal: (A won, A's points, B's points per B seat) for each."""
    results = []
    first = job.deal % job.players
    for a_seat in (first, (first + max(1, job.players // 2)) % job.players):
        agents = {
            seat: agent_for(
                job.a if seat == a_seat else job.b, job.budget_s, job.samples, job.expert
            )
            for seat in range(job.players)
        }
        seed = job.seed * 1_000_003 + job.deal
        game = Game(job.rules, job.players, seed, dealer=(first - 1) % job.players)
        table = AutoTable(game, agents, seed)
        while not game.is_over:
            if table.step() is None:
                break
        ended = next(e for e in reversed(game.log) if isinstance(e, RoundEnded))
        a_won = ended.winner == a_seat
        a_points = float(ended.points) if a_won else 0.0
        b_points = 0.0 if a_won else float(ended.points) / (job.players - 1)
        results.append((a_won, a_points, b_points))
    return results


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def summary(totals: Totals, seconds: float) -> dict[str, Any]:
    n = totals.rounds
    a_low, a_high = wilson(totals.a_wins, n)
    a_pts = mean_ci(totals.a_points)
    b_pts = mean_ci(totals.b_points)
    rate = totals.a_wins / n if n else 0.0
    return {
        "rounds": n,
        "seconds": round(seconds, 1),
        "a": {
            "win_rate": round(rate, 4),
            "win_rate_ci": [round(a_low, 4), round(a_high, 4)],
            "points_per_round": round(a_pts[0], 2),
            "points_per_round_ci": [round(a_pts[1], 2), round(a_pts[2], 2)],
        },
        "b": {
            "win_rate": round(1 - rate, 4),
            "win_rate_ci": [round(1 - a_high, 4), round(1 - a_low, 4)],
            "points_per_round": round(b_pts[0], 2),
            "points_per_round_ci": [round(b_pts[1], 2), round(b_pts[2], 2)],
        },
    }


def run(jobs: Sequence[Job], processes: int, progress: bool = True) -> tuple[Totals, float]:
    totals = Totals()
    start = time.perf_counter()
    last: float | None = None  # the first result is shown at once: the rounds are under way

    def take(pair: list[tuple[bool, float, float]]) -> None:
        nonlocal last
        for a_won, a_points, b_points in pair:
            totals.rounds += 1
            totals.a_wins += a_won
            totals.a_points.append(a_points)
            totals.b_points.append(b_points)
        now = time.perf_counter()
        if progress and (last is None or now - last >= 1.0):
            last = now
            rate = totals.a_wins / totals.rounds
            print(
                f"\r{totals.rounds}/{2 * len(jobs)} rounds, A wins {rate:.3f}",
                end="",
                file=sys.stderr,
                flush=True,
            )

    if run_jobs(play_deal, jobs, processes, take, chunksize=4):
        print(f"\ninterrupted after {totals.rounds} rounds", file=sys.stderr)
    if progress:
        print(file=sys.stderr)
    return totals, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    levels = [level.value for level in Level] + [OUTSIDE]
    parser = argparse.ArgumentParser(prog="python -m tools.arena", description="AI arena.")
    parser.add_argument("--a", required=True, choices=levels)
    parser.add_argument("--b", required=True, choices=levels)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--rounds", type=int, default=2000, help="hands, two per deal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget", type=float, default=BUDGET_S, help="Expert seconds per decision"
    )
    parser.add_argument("--samples", type=int, default=None, help="Expert samples per decision")
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--rule", action="append", default=[], metavar="SWITCH=VALUE")
    parser.add_argument(
        "--expert", action="append", default=[], type=expert_option, metavar="NAME=VALUE"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rules = hand_rules(args.preset, args.players, args.rule)
    if rules is None:
        return 2
    deals = max(1, args.rounds // 2)
    expert = tuple(args.expert)
    first = Job(
        rules, args.players, args.a, args.b, 0, args.seed, args.budget, args.samples, expert
    )
    totals, seconds = run(Deals(first, deals), max(1, args.processes))
    result = summary(totals, seconds)
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{args.a} (1 seat) vs {args.b} ({args.players - 1} seats), {args.preset}, seed {args.seed}"
    )
    print(f"rounds: {result['rounds']} in {result['seconds']} s")
    for side, name in (("a", args.a), ("b", args.b)):
        r = result[side]
        low, high = r["win_rate_ci"]
        plow, phigh = r["points_per_round_ci"]
        print(
            f"  {side} {name:11s} win rate {r['win_rate']:.3f} [{low:.3f}, {high:.3f}]"
            f"   points/round {r['points_per_round']:.1f} [{plow:.1f}, {phigh:.1f}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
