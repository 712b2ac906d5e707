"""What the phones cost the game's thread: time per change to tell every phone, and bytes sent.

    python -m tools.bench.bench_phones --rounds 20 --phones 2 --players 4

Plays rounds with phone seats (playing random legal moves through the hub's message path, as
the tests do) and AI seats at pace 0, with an outlet that only counts. It times the hub's work
after each change (a view, a state message and its JSON for every phone seat): that work runs
on the frame loop. Progress goes to stderr; Ctrl-C stops and prints what was measured so far.
"""

from __future__ import annotations

import argparse
import json
import queue
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from game.ai import Level
from game.match import Match, MatchEvent, Seat, SeatKind
from game.phones.hub import PhoneHub
from game.phones.protocol import Arrival, Inbound
from game.rules import Preset, preset
from tools.measure.common import percentile, stop_on_signals


class Counting:
    """The hub's outlet: keeps each phone's last state and counts what would go out."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.last: dict[int, dict[str, Any]] = {}
        self.sizes: list[int] = []

    def send(self, seat: int, message: dict[str, Any]) -> None:
        # The server's thread does this encoding in the game; it is counted here as the game's.
        self.sizes.append(len(json.dumps(message, separators=(",", ":"))))
        if message["type"] == "state":
            self.last[seat] = message

    def stop(self, text: str = "") -> None:
        pass


class Timed(PhoneHub):
    """The hub, timing its work after each change."""

    times: list[float]

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        start = time.perf_counter()
        super().on_events(match, events)
        self.times.append(time.perf_counter() - start)


def one_round(
    seed: int, players: int, phones: int, rules_name: str, times: list[float], sizes: list[int]
) -> int:
    """Play one round; the number of actions."""
    seats = tuple(
        Seat(f"P{i}", kind=SeatKind.PHONE) if i < phones else Seat(f"A{i}", Level.NORMAL)
        for i in range(players)
    )
    match = Match(preset(rules_name), seats, seed, pace=0.0)
    outlet = Counting()
    hub = Timed(match, outlet, {s: "" for s in match.phones})
    hub.times = times
    for seat in match.phones:
        outlet.inbox.put(Inbound(seat, Arrival.JOINED))
    hub.pump()
    rng = random.Random(seed)
    for step in range(5000):
        if match.is_round_over:
            break
        for seat in match.phones:
            state = outlet.last[seat]
            options = [c["send"] for c in state["hand"] if c["legal"]]
            options += [b["send"] for b in state["buttons"]]
            if options and state["turn"]:
                text = json.dumps({"type": "act", "action": rng.choice(options)})
                outlet.inbox.put(Inbound(seat, Arrival.MESSAGE, text))
        hub.pump()
        match.tick(float(step))
        match.tick(float(step))
    sizes += outlet.sizes
    return len(match.game.actions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench.bench_phones")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--phones", type=int, default=2)
    parser.add_argument("--preset", default="classic", choices=[p.value for p in Preset])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    stop_on_signals()
    times: list[float] = []
    sizes: list[int] = []
    actions = 0
    try:
        for n in range(args.rounds):
            actions += one_round(
                args.seed + n, args.players, args.phones, args.preset, times, sizes
            )
            print(f"\rround {n + 1}/{args.rounds}", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("\nstopped: what was measured so far", file=sys.stderr)
    print(file=sys.stderr)
    ms = [t * 1000 for t in times]
    print(f"changes told: {len(ms)}  actions: {actions}  phones: {args.phones}/{args.players}")
    print(
        "hub work per change (ms): "
        f"p50 {percentile(ms, 50):.2f}  p99 {percentile(ms, 99):.2f}  max {max(ms, default=0):.2f}"
    )
    if sizes:
        print(
            f"messages: {len(sizes)}  bytes per message: mean {sum(sizes) / len(sizes):.0f}"
            f"  max {max(sizes)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
