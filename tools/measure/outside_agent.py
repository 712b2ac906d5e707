"""An outside rule-based UNO agent, ported to measure our levels against: RLCard's UNO rule agent.

Source: RLCard (https://github.com/datamllab/rlcard), ``rlcard/models/uno_rule_models.py``,
class ``UNORuleAgentV1``, MIT licence. Nobody here wrote its logic; this module only carries it
over to our agent interface, faithfully, so that ``python -m tools.arena --a hard --b
rlcard-rule`` measures our levels against a player designed elsewhere. RLCard is not a
dependency: the few lines of logic are restated here.

Its decision, as RLCard states it ("Choose the color that appears least in the hand from legal
actions. Try to keep wild cards as long as it can"), and as its code does it:

1. When it cannot play, it draws.
2. A Wild Draw Four is only legal in RLCard's game when nothing else is; it then plays it and
   names the color it holds most of (the first such color in hand order on a tie).
3. Otherwise it plays a legal non-wild card chosen uniformly at random; when only wilds are
   legal it plays a wild and names a color at random.

What had to be adapted to our rules, each time with the minimal legal choice:

- RLCard plays a card it has just drawn automatically when it is a wild (its color chosen at
  random) or has the target's color, and keeps it otherwise (a card matching only by rank is
  kept). The port does the same in our "play or keep the drawn card" decision. A drawn Wild
  Draw Four acts as a plain wild in RLCard; in ours it makes the next player draw four.
- Our Wild Draw Four may be played at any time (as a bluff); the port keeps RLCard's rule and
  plays one only when it has no other card it could play, so it never bluffs.
- RLCard's game has no UNO call, no catching, no challenge, no jump-in, no stacking, no skip
  bounce, no hand swaps and no House Rules. The port always calls UNO (so our penalty for a
  rule its game lacks never applies), never catches, never challenges (it takes the four
  cards), never jumps in, never stacks or bounces, swaps with the first seat offered, makes
  the first rule offered and always finishes a race.
- Its thinking pause is the Normal level's; it never reacts in a real-time window.

RLCard's licence, which covers the logic restated here:

    MIT License

    Copyright (c) 2019 DATA Lab at Texas A&M University

    Permission is hereby granted, free of charge, to any person obtaining a copy
    of this software and associated documentation files (the "Software"), to deal
    in the Software without restriction, including without limitation the rights
    to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
    copies of the Software, and to permit persons to whom the Software is
    furnished to do so, subject to the following conditions:

    The above copyright notice and this permission notice shall be included in all
    copies or substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
    IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
    FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
    AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
    LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
    OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
    SOFTWARE.
"""

from __future__ import annotations

import random

from game.actions import Accept, Action, FinishRace, MakeRule, Play
from game.ai.levels import TIMINGS, Agent, Level, Timing
from game.ai.memory import Memory
from game.cards import COLORS, Card, Color, Rank
from game.view import SeatView


class RLCardRule(Agent):
    """RLCard's ``UNORuleAgentV1`` on our interface (see the module docstring)."""

    catch_chance = 0.0
    late_call_chance = 1.0
    jump_chance = 0.0
    uno_call_chance = 1.0

    def __init__(self) -> None:
        # RLCard names a random color for a wild it drew and played at once, even a Wild Draw
        # Four; set when such a card is played, cleared at the next turn.
        self._drawn_wild = False

    @property
    def timing(self) -> Timing:
        return TIMINGS[Level.NORMAL]

    def decide(self, view: SeatView, memory: Memory, rng: random.Random) -> Action | None:
        if view.actor == view.seat and view.phase == "play":
            self._drawn_wild = False
        if view.actor == view.seat and view.phase == "make-rule":
            return next(a for a in view.legal if isinstance(a, MakeRule))
        return super().decide(view, memory, rng)

    def react(self, view: SeatView, memory: Memory, rng: random.Random) -> Action | None:
        return next((a for a in view.legal if isinstance(a, FinishRace)), None)

    def choose_play(
        self, view: SeatView, memory: Memory, plays: list[Play], rng: random.Random
    ) -> Action:
        colored = [a for a in plays if not a.card.is_wild]
        if colored:
            return colored[int(rng.random() * len(colored))]
        plain = [a for a in plays if a.card.rank is not Rank.WILD_DRAW_FOUR]
        return plain[0] if plain else plays[0]

    def play_drawn(self, view: SeatView, card: Card) -> bool:
        self._drawn_wild = card.is_wild
        return card.is_wild or card.color is view.color

    def color(self, view: SeatView, memory: Memory, rng: random.Random) -> Color:
        top = view.top
        if top is not None and top.rank is Rank.WILD_DRAW_FOUR and not self._drawn_wild:
            counts: dict[Color, int] = {}
            for card in view.hand:  # in hand order, so a tie goes to the color seen first
                if card.color is not None:
                    counts[card.color] = counts.get(card.color, 0) + 1
            if counts:
                return max(counts, key=lambda c: counts[c])
        return COLORS[int(rng.random() * len(COLORS))]

    def penalty(self, view: SeatView, memory: Memory, rng: random.Random) -> Action:
        return Accept(view.seat)

    def bounce(self, view: SeatView, rng: random.Random) -> bool:
        return False

    def swap_target(self, view: SeatView, targets: list[int], rng: random.Random) -> int:
        return targets[0]
