"""The random player of the simulator and the invariant tests.

It chooses among the legal actions with a seeded generator, but not uniformly: a uniform
player draws as often as it plays and its games need not end, which tests nothing useful. So it
answers real-time windows (catch, jump-in, race, a late UNO call) some of the time, in random
order, and in its own turn plays a random playable card, drawing instead only now and then.
Every legal action keeps a chance of being chosen, so simulations still reach every rule.
"""

from __future__ import annotations

import random

from game.actions import Action, Draw, Pass
from game.engine import Game, Phase

WINDOW_CHANCE = 0.3  # how often a player outside the turn acts before the turn player
DECLINE_CHANCE = 0.1  # how often a player draws (or keeps a drawn card) instead of playing


def random_action(game: Game, rng: random.Random) -> Action:
    """A legal action for the current state, chosen at random as described above."""
    legal = game.legal_actions()
    actor = game.actor
    if not game.catchable and not game.rules.jump_in and game.phase is not Phase.RACE:
        own, others = legal, []  # no real-time window is open: only the actor may act
    else:
        own = [a for a in legal if a.player == actor]
        others = [a for a in legal if a.player != actor]
    if others and (not own or rng.random() < WINDOW_CHANCE):
        return others[int(rng.random() * len(others))]
    plays = [a for a in own if not isinstance(a, Draw | Pass)]
    if plays and (len(plays) == len(own) or rng.random() >= DECLINE_CHANCE):
        return plays[int(rng.random() * len(plays))]
    return own[int(rng.random() * len(own))]
