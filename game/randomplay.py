"""The random player of the simulator and the invariant tests.

It chooses among the legal actions with a seeded generator, but not uniformly: a uniform
player draws as often as it plays and its games need not end, which tests nothing useful. So it
answers real-time windows (catch, jump-in, race, a late UNO call) some of the time, in random
order, and in its own turn picks uniformly among its actions, except that a Draw or a Pass
(declining to play) is usually re-drawn among the others when there are others. Every legal
action keeps a chance of being chosen, so simulations still reach every rule.
"""

from __future__ import annotations

import random

from game.actions import Action, Draw, Pass
from game.engine import Game, Phase

WINDOW_CHANCE = 0.3  # how often a player outside the turn acts before the turn player
DECLINE_CHANCE = 0.05  # how often a Draw or Pass that came up is kept although a play exists


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
    count = len(own)
    i = int(rng.random() * count)
    chosen = own[i]
    # The turn player's actions hold at most one Draw or Pass: when it comes up, choose again
    # among the others, except now and then, so a hand moves on but declining still happens.
    is_decline = type(chosen) is Draw or type(chosen) is Pass
    if is_decline and count > 1 and rng.random() >= DECLINE_CHANCE:
        j = int(rng.random() * (count - 1))
        return own[j + 1 if j >= i else j]
    return chosen
