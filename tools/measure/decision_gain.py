"""Decision gain: what an Expert's choices are worth, measured from the true position.

    python -m tools.measure.decision_gain --deals 150
    python -m tools.measure.decision_gain --deals 150 --continuations 64 \
        --variant argmax=600:0:0:1.5

An arena's win rate needs thousands of rounds to tell two Experts apart (a round is won or
lost by the deal far more than by any one decision). This tool measures the decisions instead.
It plays seeded heads-up deals of one Expert against Hard (both seatings of each deal) and
stops at every turn of the Expert. There each variant says what it would do, from the seat's
view and memory only, as at the table. Where the variants disagree, each distinct choice is
valued from the true position: the draw pile is reshuffled (nobody at the table knows its
order), the choice is applied, and Hard plays every seat to the end of the hand, over the
same ``--continuations`` reshuffles for every choice. A variant's gain is the true win chance
of its choice minus that of Hard's choice, summed over all the Expert's turns and divided by
the rounds played: about how many more hands per round its decisions win than Hard's would,
in the positions an Expert reaches against Hard.

A variant is ``name=samples:margin:se_k:drop_k[:named[:read]][:NAME=VALUE...]`` (see
``game.ai.expert``): a fixed number of samples, the gain over Hard's choice a candidate must
clear, the standard errors of that gain it must also clear, the standard errors under which a
candidate is dropped, whether the sampled hands hold the color their player named, and whether
they lean toward hands that explain the plays seen (``game.ai.inference``; each 1, the default,
or 0), then any of the arena's ``--expert`` options (``draw_candidate=0``, ...). With
``--players`` above 2 the Expert sits in two seats of each deal, as in the arena (three Hard
players around it). Progress goes to stderr; Ctrl-C stops and prints what was measured.
"""

from __future__ import annotations

import argparse
import copy
import json
import multiprocessing
import random
import sys
import time
from dataclasses import asdict, dataclass, field

from game.actions import Action, Play
from game.ai.driver import AutoTable
from game.ai.expert import BUDGET_S, DROP_K, MARGIN, SE_K, Expert, ExpertConfig, _kind
from game.ai.levels import Agent, Hard, Level
from game.engine import Game, Phase
from game.events import RoundEnded
from game.rules import Rules
from tools.arena import agent_for, expert_option
from tools.measure.common import hand_rules, run_jobs

# The Expert that reaches the positions (fixed samples, so a run is reproducible).
PATH_SAMPLES = 120
STEP_LIMIT = 3000  # actions in a continuation; a longer one counts as lost


@dataclass(frozen=True)
class Variant:
    name: str
    samples: int
    margin: float
    se_k: float
    drop_k: float
    infer_named: bool = True
    read_plays: bool = True
    options: tuple[tuple[str, float], ...] = ()  # the arena's --expert options

    def agent(self) -> Expert:
        opts = {
            "margin": self.margin,
            "se_k": self.se_k,
            "drop_k": self.drop_k,
            "infer_named": float(self.infer_named),
            "read_plays": float(self.read_plays),
        }
        opts.update(self.options)
        agent = agent_for(Level.EXPERT.value, BUDGET_S, self.samples, tuple(opts.items()))
        assert isinstance(agent, Expert)
        return agent


@dataclass(frozen=True)
class Job:
    rules: Rules
    deal: int
    seed: int
    variants: tuple[Variant, ...]
    continuations: int
    path_samples: int = PATH_SAMPLES
    players: int = 2


@dataclass
class Result:
    """Per variant, its gain over Hard's choice at every turn where some variant left it."""

    turns: int = 0
    rounds: int = 0
    gains: dict[str, list[float]] = field(default_factory=dict)
    # Beside each gain, what the variant chose instead of Hard's choice ("" for the same).
    kinds: dict[str, list[str]] = field(default_factory=dict)


def parse_variant(text: str) -> Variant:
    name, _, spec = text.partition("=")
    parts = spec.split(":")
    flags = [f for f in parts[4:] if "=" not in f]
    named_options = [f for f in parts[4:] if "=" in f]
    if (
        not name
        or len(parts) < 4
        or len(flags) > 2
        or any(f not in ("0", "1") for f in flags)
        or parts[4 : 4 + len(flags)] != flags  # the flags come before the options
    ):
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected name=samples:margin:se_k:drop_k[:named[:read]][:NAME=VALUE...],"
            " flags 0 or 1"
        )
    try:
        numbers = int(parts[0]), float(parts[1]), float(parts[2]), float(parts[3])
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc}") from exc
    options = tuple(expert_option(f) for f in named_options)
    on = [f == "1" for f in flags] + [True, True]
    return Variant(name, *numbers, infer_named=on[0], read_plays=on[1], options=options)


def kind_name(action: Action | None) -> str:
    """What kind of choice ``action`` is, for the gains by kind: a play of a colored card or
    of a wild, a draw instead of a play, keeping a drawn card, a color, a call of UNO (the
    Expert calls it before it plays its second last card; Hard's choice may be the play)."""
    if isinstance(action, Play):
        return "play wild" if action.card.is_wild else "play"
    names = {"Draw": "draw", "Pass": "keep", "ChooseColor": "color", "CallUno": "uno"}
    return names.get(type(action).__name__, type(action).__name__)


def _key(action: Action | None) -> object:
    return _kind(action) if isinstance(action, Play) else action


def positions(job: Job) -> list[tuple[AutoTable, int]]:
    """Both plays of the deal, with a copy of the table at every turn of the Expert (its
    agents replaced by Hard, which plays the continuations)."""
    out: list[tuple[AutoTable, int]] = []
    seed = job.seed * 1_000_003 + job.deal
    n = job.players
    first = job.deal % n
    # The arena's two seatings of a deal (heads-up: both seats).
    for seat in sorted({first, (first + max(1, n // 2)) % n}):
        game = Game(job.rules, n, seed, dealer=job.deal % n)
        agents: dict[int, Agent] = {
            s: Expert(ExpertConfig(samples=job.path_samples)) if s == seat else Hard()
            for s in range(n)
        }
        table = AutoTable(game, agents, seed)
        while not game.is_over:
            if game.actor == seat and game.phase in (Phase.PLAY, Phase.DRAWN, Phase.COLOR):
                snap = copy.deepcopy(table)
                snap.agents = {s: Hard() for s in range(n)}
                out.append((snap, seat))
            if table.step() is None:
                break
    return out


def true_value(table: AutoTable, seat: int, action: Action, k: int) -> float:
    """Whether ``seat`` wins the hand after ``action`` with Hard at every seat, the draw
    pile reshuffled by continuation ``k``."""
    table = copy.deepcopy(table)
    game = table.game
    random.Random(k * 7_777 + 1).shuffle(game.draw_pile)
    table.seed = k
    game.apply(action)
    table.feed()
    for _ in range(STEP_LIMIT):
        if game.is_over or table.step() is None:
            break
    ended = next((e for e in reversed(game.log) if isinstance(e, RoundEnded)), None)
    return 1.0 if ended is not None and ended.winner == seat else 0.0


def play_deal(job: Job) -> Result:
    result = Result(
        gains={v.name: [] for v in job.variants}, kinds={v.name: [] for v in job.variants}
    )
    for table, seat in positions(job):
        result.turns += 1
        view = table.game.view(seat)
        memory = table.memories[seat]
        memory.sync_hand(view.hand)
        hard = Hard().decide(view, copy.deepcopy(memory), table.rng(seat))
        chosen = {
            v.name: v.agent().decide(view, copy.deepcopy(memory), table.rng(seat))
            for v in job.variants
        }
        distinct: dict[object, Action] = {}
        for action in (hard, *chosen.values()):
            if action is not None:
                distinct.setdefault(_key(action), action)
        if hard is None or len(distinct) == 1:
            continue
        value = {
            key: sum(true_value(table, seat, a, k) for k in range(job.continuations))
            / job.continuations
            for key, a in distinct.items()
        }
        for name, action in chosen.items():
            result.gains[name].append(value[_key(action)] - value[_key(hard)])
            result.kinds[name].append("" if _key(action) == _key(hard) else kind_name(action))
    result.rounds = 2
    return result


@dataclass(frozen=True)
class Gain:
    per_round: float
    low: float  # the 95% interval of per_round, from the spread over the turns
    high: float
    per_turn: float
    turns_changed: int  # valued turns on which the variant left Hard's choice
    # The gain per round over the first variant's, with its 95% interval from the same turns
    # (paired: both variants met every turn, so the luck of the positions cancels).
    over_first: float
    over_first_low: float
    over_first_high: float
    # Per kind of choice made instead of Hard's: (turns, the gain per round those turns gave).
    by_kind: dict[str, tuple[int, float]] = field(default_factory=dict)


def _per_round(values: list[float], turns: int, rounds: int) -> tuple[float, float, float]:
    """Summed per round, with a 95% interval from the spread over all ``turns`` (the turns
    not listed count as 0)."""
    n = max(1, turns)
    mean = sum(values) / n
    var = max(0.0, sum(v * v for v in values) / n - mean * mean)
    per_round = sum(values) / max(1, rounds)
    half = 1.96 * (var / n) ** 0.5 * n / max(1, rounds)
    return round(per_round, 4), round(per_round - half, 4), round(per_round + half, 4)


def summary(total: Result) -> dict[str, Gain]:
    out: dict[str, Gain] = {}
    first = next(iter(total.gains.values()), [])
    for name, gains in total.gains.items():
        per_round, low, high = _per_round(gains, total.turns, total.rounds)
        paired = [g - f for g, f in zip(gains, first, strict=True)]
        over, over_low, over_high = _per_round(paired, total.turns, total.rounds)
        out[name] = Gain(
            per_round,
            low,
            high,
            round(sum(gains) / max(1, total.turns), 5),
            sum(1 for g in gains if g != 0.0),
            over,
            over_low,
            over_high,
            _by_kind(gains, total.kinds.get(name, []), total.rounds),
        )
    return out


def _by_kind(gains: list[float], kinds: list[str], rounds: int) -> dict[str, tuple[int, float]]:
    """The turns on which a variant left Hard's choice, and their gain per round, by kind."""
    out: dict[str, tuple[int, float]] = {}
    for gain, kind in zip(gains, kinds, strict=True):
        if kind:
            turns, total = out.get(kind, (0, 0.0))
            out[kind] = (turns + 1, total + gain)
    return {k: (n, round(total / max(1, rounds), 4)) for k, (n, total) in sorted(out.items())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.measure.decision_gain", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=150, help="two rounds each")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--continuations", type=int, default=64)
    parser.add_argument("--variant", action="append", type=parse_variant, default=[])
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rules = hand_rules(args.preset, args.players, [])
    if rules is None:
        return 2
    variants = tuple(args.variant) or (Variant("expert", 600, MARGIN, SE_K, DROP_K),)
    jobs = [
        Job(rules, d, args.seed, variants, args.continuations, players=args.players)
        for d in range(args.deals)
    ]
    total = Result(gains={v.name: [] for v in variants}, kinds={v.name: [] for v in variants})
    start = time.perf_counter()
    done = 0

    def take(part: Result) -> None:
        nonlocal done
        done += 1
        total.turns += part.turns
        total.rounds += part.rounds
        for name, gains in part.gains.items():
            total.gains[name].extend(gains)
            total.kinds[name].extend(part.kinds[name])
        lead = ", ".join(f"{name} {sum(g) / total.rounds:+.4f}" for name, g in total.gains.items())
        print(
            f"\r{done}/{len(jobs)} deals, {time.perf_counter() - start:.0f} s: {lead}",
            end="",
            file=sys.stderr,
            flush=True,
        )

    if run_jobs(play_deal, jobs, max(1, args.processes), take, ordered=False):
        print(f"\ninterrupted after {total.rounds} rounds", file=sys.stderr)
    print(file=sys.stderr)
    result = summary(total)
    if args.json:
        variants_out = {name: asdict(gain) for name, gain in result.items()}
        print(json.dumps({"rounds": total.rounds, "turns": total.turns, "variants": variants_out}))
        return 0
    print(
        f"{args.preset}, {args.players} players, seed {args.seed}: {total.rounds} rounds,"
        f" {total.turns} Expert turns"
    )
    for name, g in result.items():
        print(
            f"  {name:12s} gain per round {g.per_round:+.4f} [{g.low:+.4f}, {g.high:+.4f}]"
            f"  per turn {g.per_turn:+.5f}  turns changed {g.turns_changed}"
            f"  over the first {g.over_first:+.4f}"
            f" [{g.over_first_low:+.4f}, {g.over_first_high:+.4f}]"
        )
        kinds = ", ".join(f"{k} {n} turns {v:+.4f}" for k, (n, v) in g.by_kind.items())
        print(f"  {'':12s} instead of Hard's choice: {kinds or 'never'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
