"""Counts of the AI habits that win or throw away hands: 7-0 exchanges, +4 bluffs, challenges.

    python -m tools.measure.ai_habits --level hard --hands 300
    python -m tools.measure.ai_habits --level normal --hands 300 --json

Plays four-player hands (Classic with 7-0 on, one hand each) with every seat at ``--level``
and, at each of their decisions, counts:

- sevens and zeros played, how many left the player with more cards than it had before the
  exchange (a 7 swapped toward a bigger hand, a 0 that brought a bigger hand in), and how many
  of those when another card of the hand could have been played instead (a Wild Draw Four
  that would have been a bluff does not count);
- Wild Draw Fours played, and how many were bluffs (the player held the color);
- challenges made, and how many caught a bluff;
- UNO moments (a player's own play left it one card), how many without the call (forgotten:
  the moment a person at the table can catch it), and how many of those were caught.

Every figure is counted from the game, not from the AI's own account. Progress goes to stderr;
Ctrl-C stops and prints what was counted so far.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass

from game.actions import Challenge, JumpIn, Play
from game.ai import Level, make_agent
from game.ai.driver import AutoTable
from game.cards import Rank
from game.engine import Game, Phase
from game.events import Challenged, UnoCaught
from game.rules import TargetMode, preset
from tools.measure.common import stop_on_signals


@dataclass
class Habits:
    hands: int = 0
    exchanges: int = 0  # sevens and zeros played with 7-0 on
    worse: int = 0  # ... that left the player with more cards than before the exchange
    worse_with_other: int = 0  # ... when another card could have been played
    wd4: int = 0
    bluffs: int = 0
    challenges: int = 0
    caught: int = 0
    uno_moments: int = 0  # a player's own play left it one card
    uno_forgotten: int = 0  # ... and it had not called UNO
    uno_caught: int = 0  # players caught without UNO


def count(level: Level, hands: int, seed: int, players: int) -> Habits:
    rules = preset("classic").with_changes(seven_zero=True, target_mode=TargetMode.SINGLE_HAND)
    tally = Habits()
    last = time.monotonic()
    try:
        for hand in range(hands):
            game = Game(rules, players, seed * 1_000_003 + hand)
            agents = {s: make_agent(level, samples=40) for s in range(players)}
            table = AutoTable(game, agents, seed + hand)
            pending: tuple[int, int, bool] | None = None  # player, hand size, other play
            for _ in range(5_000):
                actor = game.actor
                before = len(game.hands[actor])
                legal_plays = [
                    a for a in game.legal_actions() if isinstance(a, Play) and a.player == actor
                ]
                held_color = any(c.color is game.color for c in game.hands[actor])
                sizes = [len(h) for h in game.hands]
                log_start = len(game.actions)
                if table.step() is None:
                    break
                played = {
                    a.player for a in game.actions[log_start:] if isinstance(a, Play | JumpIn)
                }
                for seat, size in enumerate(sizes):
                    # Down to one card by its own play (a 7-0 exchange is no UNO moment).
                    if seat in played and size == 2 and len(game.hands[seat]) == 1:
                        tally.uno_moments += 1
                        tally.uno_forgotten += not game.uno_said[seat]
                for action in game.actions[log_start:]:
                    if isinstance(action, Challenge):
                        tally.challenges += 1
                    if not isinstance(action, Play) or action.player != actor:
                        continue
                    rank = action.card.rank
                    if rank is Rank.WILD_DRAW_FOUR:
                        tally.wd4 += 1
                        tally.bluffs += held_color
                    if rank in (Rank.SEVEN, Rank.ZERO) and game.phase is not Phase.PENALTY:
                        # Another card: not a 7 or a 0, and not a +4 that would be a bluff.
                        others = [
                            a
                            for a in legal_plays
                            if a.card.rank not in (Rank.SEVEN, Rank.ZERO)
                            and not (a.card.rank is Rank.WILD_DRAW_FOUR and held_color)
                        ]
                        pending = (actor, before, bool(others))
                # An exchange is judged once it is done: after the swap or the pass.
                if pending is not None and game.phase is not Phase.SWAP:
                    player, size, other = pending
                    pending = None
                    tally.exchanges += 1
                    if len(game.hands[player]) > size - 1 and game.phase is not Phase.ROUND_OVER:
                        tally.worse += 1
                        tally.worse_with_other += other
                if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                    break
            tally.caught += sum(1 for e in game.log if isinstance(e, Challenged) and e.bluff)
            tally.uno_caught += sum(1 for e in game.log if isinstance(e, UnoCaught))
            tally.hands += 1
            if time.monotonic() - last >= 1.0:
                last = time.monotonic()
                print(f"\r{hand + 1}/{hands} hands", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("\ninterrupted: what was counted so far", file=sys.stderr)
    print(file=sys.stderr)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.measure.ai_habits", description=__doc__)
    parser.add_argument("--level", default="hard", choices=[lv.value for lv in Level])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    stop_on_signals()
    tally = count(Level(args.level), args.hands, args.seed, args.players)
    if args.json:
        print(json.dumps({"level": args.level, **asdict(tally)}))
    else:
        t = tally
        print(f"{args.level}, {t.hands} hands of {args.players} players, 7-0 on")
        print(
            f"sevens and zeros: {t.exchanges}; left more cards: {t.worse}, "
            f"of them with another card playable: {t.worse_with_other}"
        )
        print(f"Wild Draw Fours: {t.wd4}, bluffs: {t.bluffs}")
        print(f"challenges: {t.challenges}, bluffs caught: {t.caught}")
        per_hand = t.uno_forgotten / max(1, t.hands)
        print(
            f"UNO moments: {t.uno_moments}, forgotten: {t.uno_forgotten} ({per_hand:.2f} a hand),"
            f" caught: {t.uno_caught}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
