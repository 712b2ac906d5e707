"""Games per second of this engine against RLCard's bare UNO engine, side by side in one run.

    python -m tools.bench_engine                      # 3 rounds of 5 s each side
    python -m tools.bench_engine --seconds 10 --rounds 5 --json
    python -m tools.bench_engine --setup-rlcard       # make .venv-rlcard (pip install rlcard)

A game is one two-player hand under the Classic rules, played by the same kind of random
player on both sides, RLCard's: it plays a card chosen uniformly among the cards it may play
and draws only when it has none (in RLCard's game drawing is only legal then); a drawn card it
may play is played (RLCard plays it by itself); a wild's color is random. Our rules have steps
RLCard's lack, and the player takes the cheapest legal one: it calls UNO with its next-to-last
card (a call is an action of its own here), never challenges and never catches. Each side runs
for ``--seconds`` in turn, ``--rounds`` times, so both meet the same machine load; the median
of the rounds is compared.

Our side runs in this process three ways: the normal engine (events and history), the quiet
path (``Game(quiet=True)``: the same code, no events, no history) and, when ``make fast`` has
built it, the compiled engine (which of the two is loaded is printed; the plain-Python figures
come from a child process with ``UNO_PURE_PYTHON=1`` when the compiled one is loaded here).
RLCard runs in its own virtual environment (``--rlcard-python``, default ``.venv-rlcard``); it
is not a dependency of this project. Progress goes to stderr; Ctrl-C stops and prints what was
measured so far.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import game
from game.actions import Action, CallUno, Draw, Play
from game.engine import Game, Phase
from game.rules import TargetMode, preset
from tools.measure.common import stop_on_signals

ROOT = Path(__file__).resolve().parent.parent
RLCARD_VENV = ROOT / ".venv-rlcard"

# Run by RLCard's Python: the same loop around its bare game (init_game, get_legal_actions,
# step, is_over), with a uniform choice among its legal actions.
RLCARD_LOOP = r"""
import json, random, sys, time
from rlcard.games.uno.game import UnoGame
seconds, seed = float(sys.argv[1]), int(sys.argv[2])
g = UnoGame(num_players=2)
g.np_random.seed(seed)
rng = random.Random(seed)
games = actions = 0
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    g.init_game()
    while not g.is_over():
        legal = g.get_legal_actions()
        g.step(legal[int(rng.random() * len(legal))])
        actions += 1
    games += 1
took = time.perf_counter() - start
print(json.dumps({"games": games, "actions": actions, "seconds": took}))
"""

# Run by a child of this project's Python with the plain-Python engine forced.
PURE_LOOP = r"""
import json, sys
from tools.bench_engine import run_ours
print(json.dumps(run_ours(float(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "quiet")))
"""


def rlcard_like(game_: Game, rng: random.Random) -> Action:
    """RLCard's random player in our rules (see the module docstring)."""
    legal = game_.legal_actions()
    phase = game_.phase
    if phase is Phase.PLAY:
        plays = [a for a in legal if type(a) is Play]
        if not plays:
            return next(a for a in legal if type(a) is Draw)
        call = next((a for a in legal if type(a) is CallUno), None)
        if call is not None:
            return call
        return plays[int(rng.random() * len(plays))]
    if phase is Phase.COLOR:
        return legal[int(rng.random() * 4)]
    return legal[0]  # DRAWN: play the drawn card; PENALTY: take it (Accept comes first)


def run_ours(seconds: float, seed: int, quiet: bool) -> dict[str, Any]:
    """Play hands for ``seconds``; games, actions and the time taken."""
    rules = preset("classic").with_changes(target_mode=TargetMode.SINGLE_HAND)
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game(rules, 2, seed * 1_000_003 + games, quiet=quiet)
        apply = g.apply
        while g.phase is not Phase.MATCH_OVER:
            apply(rlcard_like(g, rng))
            actions += 1
        games += 1
    return {"games": games, "actions": actions, "seconds": time.perf_counter() - start}


def run_child(args: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    done = subprocess.run(args, capture_output=True, text=True, check=True, env=env, cwd=ROOT)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def setup_rlcard(python: Path) -> int:
    venv = python.parent.parent
    print(f"making {venv} with rlcard...", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "rlcard"], check=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_engine", description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="per side and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rlcard-python", type=Path, default=RLCARD_VENV / "bin" / "python")
    parser.add_argument("--setup-rlcard", action="store_true", help="make the RLCard venv")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    stop_on_signals()
    if args.setup_rlcard:
        return setup_rlcard(args.rlcard_python)
    have_rlcard = args.rlcard_python.exists()
    if not have_rlcard:
        print(
            f"RLCard's Python not found at {args.rlcard_python}: only this engine is measured "
            "(python -m tools.bench_engine --setup-rlcard makes it)",
            file=sys.stderr,
        )
    sides: dict[str, list[dict[str, Any]]] = {}
    pure_env = {**os.environ, "UNO_PURE_PYTHON": "1"}
    jobs: list[tuple[str, Any]] = []
    if game.COMPILED:
        jobs.append(("compiled, quiet", lambda s, r: run_ours(s, r, True)))
        jobs.append(("compiled, events", lambda s, r: run_ours(s, r, False)))
        for mode in ("quiet", "events"):
            cmd = [sys.executable, "-c", PURE_LOOP]
            jobs.append(
                (
                    f"python, {mode}",
                    lambda s, r, cmd=cmd, mode=mode: run_child(
                        [*cmd, str(s), str(r), mode], pure_env
                    ),
                )
            )
    else:
        jobs.append(("python, quiet", lambda s, r: run_ours(s, r, True)))
        jobs.append(("python, events", lambda s, r: run_ours(s, r, False)))
    if have_rlcard:
        rl = [str(args.rlcard_python), "-c", RLCARD_LOOP]
        jobs.append(("rlcard", lambda s, r: run_child([*rl, str(s), str(r)])))
    try:
        for round_ in range(args.rounds):
            for name, job in jobs:
                print(f"round {round_ + 1}/{args.rounds}: {name}...", file=sys.stderr, flush=True)
                sides.setdefault(name, []).append(job(args.seconds, args.seed + round_))
    except KeyboardInterrupt:
        print("interrupted: what was measured so far", file=sys.stderr)
    report: dict[str, Any] = {"engine_loaded": "compiled" if game.COMPILED else "python"}
    for name, runs in sides.items():
        rates = [r["games"] / r["seconds"] for r in runs]
        games = sum(r["games"] for r in runs)
        report[name] = {
            "games_per_second": round(statistics.median(rates), 1),
            "runs": [round(x, 1) for x in rates],
            "actions_per_game": round(sum(r["actions"] for r in runs) / games, 2),
        }
    if "rlcard" in report:
        base = report["rlcard"]["games_per_second"]
        for name in sides:
            if name != "rlcard":
                report[name]["vs_rlcard"] = round(report[name]["games_per_second"] / base, 2)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"engine loaded here: {report['engine_loaded']}")
        for name in sides:
            row = report[name]
            ratio = f"  x{row['vs_rlcard']} RLCard" if "vs_rlcard" in row else ""
            print(
                f"{name:18} {row['games_per_second']:9.1f} games/s  "
                f"{row['actions_per_game']:6.2f} actions/game{ratio}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
