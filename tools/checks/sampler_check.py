"""How well the Expert's sampler guesses the hands it cannot see.

    python -m tools.checks.sampler_check --players 4 --games 150 --samples 100
    python -m tools.checks.sampler_check --players 2 --games 150 --json

Plays seeded hands (Classic, one hand each) with Hard at every seat. At each of seat 0's play
turns it draws ``--samples`` deals of the hidden cards as the Expert does, with each sampler:

- ``blind``: the counts, lacks and named colors only (no reading of the plays);
- ``whole``: the whole deal dealt again until every read hand explains its plays (the
  Expert's sampler before 2026-11-26, ``--expert deal_each=0``);
- ``each``: each hand that does not explain its plays dealt again on its own
  (``--expert read_across=0``);
- ``older``: ``each``, also reading the plays made before the player took cards since (the
  Expert's).

``whole`` and ``each`` read only the plays since the player last took a card.

From the samples it predicts, for each other player, the chance that it holds a card of each
color and a wild, and scores the predictions against the true hands by their log loss (per
prediction, natural log; lower is better, 0 is certainty and right; a guess of one half
scores 0.693). It also prints the share of samples in which some read hand still does not
explain its plays (a share ``MISMATCH_KEEP`` of those is kept on purpose) and the time per
sample. Every sampler sees the same positions with the same random seeds. Progress goes to
stderr; Ctrl-C stops and prints what was measured so far.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass

from game.ai.driver import AutoTable
from game.ai.expert import deal_hidden, sample_hands
from game.ai.inference import MISMATCH_KEEP, Reading
from game.ai.levels import Hard
from game.ai.memory import Memory
from game.cards import COLORS, Card
from game.engine import Game
from game.view import SeatView
from tools.measure.common import hand_rules, stop_on_signals

SAMPLERS = ("blind", "whole", "each", "older")
STEP_LIMIT = 3000  # actions; a hand is stopped after this many (none has come near)


@dataclass
class Score:
    loss: float = 0.0
    predictions: int = 0
    unexplained: int = 0
    samples: int = 0
    seconds: float = 0.0

    def row(self) -> dict[str, float]:
        return {
            "log_loss": round(self.loss / max(1, self.predictions), 5),
            "predictions": self.predictions,
            "unexplained_share": round(self.unexplained / max(1, self.samples), 4),
            "us_per_sample": round(self.seconds / max(1, self.samples) * 1e6, 1),
        }


def features(hand: list[Card] | tuple[Card, ...]) -> list[bool]:
    """Whether ``hand`` holds a card of each color, then whether it holds a wild."""
    return [any(c.color is color for c in hand) for color in COLORS] + [
        any(c.is_wild for c in hand)
    ]


def draw(
    sampler: str, view: SeatView, memory: Memory, rng: random.Random, reading: Reading
) -> list[list[Card]]:
    """One sample of the hands with ``sampler``."""
    if sampler == "blind":
        return deal_hidden(view, memory, rng)[0]
    return sample_hands(view, memory, rng, reading=reading, each=sampler != "whole")[0]


def check(game: Game, table: AutoTable, samples: int, seed: int, scores: dict[str, Score]) -> None:
    """Score every sampler at seat 0's turn in ``game``."""
    view = game.view(0)
    memory = table.memories[0]
    memory.sync_hand(view.hand)
    others = [p for p in range(game.players) if p != 0 and view.active[p]]
    truth = {p: features(game.hands[p]) for p in others}
    since_took = Reading(view, memory.led, memory.known, across=False)
    older = Reading(view, memory.led, memory.known)
    for sampler in SAMPLERS:
        score = scores[sampler]
        reading = older if sampler == "older" else since_took
        rng = random.Random(seed)
        counts = {p: [0] * 5 for p in others}
        for _ in range(samples):
            start = time.perf_counter()
            hands = draw(sampler, view, memory, rng, reading)
            score.seconds += time.perf_counter() - start
            score.samples += 1
            score.unexplained += bool(reading) and not reading.explains(hands)
            for p in others:
                for k, held in enumerate(features(hands[p])):
                    counts[p][k] += held
        for p in others:
            for k, held in enumerate(truth[p]):
                q = (counts[p][k] + 0.5) / (samples + 1)  # never quite 0 or 1
                score.loss -= math.log(q if held else 1.0 - q)
                score.predictions += 1


def run(players: int, games: int, samples: int, seed: int) -> dict[str, Score]:
    scores = {s: Score() for s in SAMPLERS}
    rules = hand_rules("classic", players)
    assert rules is not None
    try:
        for g in range(games):
            game = Game(rules, players, seed * 1_000_003 + g, dealer=players - 1)
            table = AutoTable(game, {s: Hard() for s in range(players)}, seed + g)
            for step in range(STEP_LIMIT):
                if game.is_over:
                    break
                if game.actor == 0 and game.view(0).phase == "play":
                    check(game, table, samples, seed * 7919 + g * 3001 + step, scores)
                if table.step() is None:
                    break
            print(f"\r{g + 1}/{games} hands", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("\nstopped: what was measured so far", file=sys.stderr)
    print(file=sys.stderr)
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    stop_on_signals()
    scores = run(args.players, args.games, args.samples, args.seed)
    rows = {s: score.row() for s, score in scores.items()}
    if args.json:
        print(json.dumps({"players": args.players, "keep": MISMATCH_KEEP, "samplers": rows}))
        return 0
    print(f"{args.players} players, {args.games} hands, {args.samples} samples per turn")
    head = ("sampler", "log loss", "predictions", "unexplained", "us/sample")
    print(f"{head[0]:8} {head[1]:>9} {head[2]:>12} {head[3]:>12} {head[4]:>10}")
    for s, row in rows.items():
        print(
            f"{s:8} {row['log_loss']:9.5f} {row['predictions']:12d}"
            f" {row['unexplained_share']:12.4f} {row['us_per_sample']:10.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
