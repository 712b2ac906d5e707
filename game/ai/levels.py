"""The AI levels Easy, Normal and Hard: rule-based players that see only their seat's view.

Every agent answers ``decide(view, memory, rng)`` with one of ``view.legal`` (the actions open
to its own seat) or None to let a real-time window pass. It reads nothing else: not the game,
not another hand. Each level also has a ``Timing``: how long it thinks before a turn action and
how fast it reacts in a real-time window (catching UNO, jump-in, a House Rules race); the
table scene waits that long, and headless play orders arrivals by it (``game.ai.driver``).

- Easy plays like a beginner: any playable card, often forgets UNO, slow to catch, never
  challenges, names a random color.
- Normal has sound habits: keeps wilds for later, names its strongest color, always calls UNO,
  challenges a Wild Draw Four when a bluff is likely.
- Hard counts cards from its view and memory: what is unseen, which colors each opponent seems
  to lack, which cards it knows in other hands. It scores each play for tempo, color control and
  damage to the next player and the leader, times its draw cards and wilds, challenges by the
  probability that the player held the color, and plays every house rule deliberately.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum

from game.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    ChooseCustomEffect,
    ChooseSwap,
    Draw,
    FinishCustomEffects,
    FinishRace,
    JumpIn,
    MakeRule,
    NextRound,
    Pass,
    Play,
)
from game.ai.memory import Memory
from game.cards import COLORS, Card, Color, Rank, deck
from game.view import SeatView


class Level(Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"


@dataclass(frozen=True, slots=True)
class Timing:
    """Seconds: a thinking pause before turn actions, a reaction time for real-time windows."""

    think_s: float
    reaction_s: float
    spread_s: float

    def reaction(self, rng: random.Random) -> float:
        # A reaction is never faster than a fifth of a second, however lucky the draw.
        return max(0.2, rng.gauss(self.reaction_s, self.spread_s))


TIMINGS: dict[Level, Timing] = {
    Level.EASY: Timing(think_s=1.1, reaction_s=1.6, spread_s=0.5),
    Level.NORMAL: Timing(think_s=0.9, reaction_s=1.0, spread_s=0.3),
    Level.HARD: Timing(think_s=0.8, reaction_s=0.6, spread_s=0.15),
    Level.EXPERT: Timing(think_s=0.8, reaction_s=0.55, spread_s=0.12),
}


def _choice(rng: random.Random, items: list[Action]) -> Action:
    return items[int(rng.random() * len(items))]


def color_counts(hand: tuple[Card, ...]) -> Counter[Color]:
    return Counter(c.color for c in hand if c.color is not None)


def strongest_color(hand: tuple[Card, ...]) -> Color:
    """The color with most cards (then most points) in the hand; red if none."""
    counts = color_counts(hand)
    points: Counter[Color] = Counter()
    for card in hand:
        if card.color is not None:
            points[card.color] += card.points
    return max(COLORS, key=lambda c: (counts[c], points[c], -COLORS.index(c)))


def next_seat(view: SeatView, seat: int | None = None) -> int:
    """The next active seat after ``seat`` (default: this seat) in the direction of play."""
    start = view.seat if seat is None else seat
    n = view.players
    p = (start + view.direction) % n
    while not view.active[p]:
        p = (p + view.direction) % n
    return p


def previous_seat(view: SeatView) -> int:
    """The active seat before this one (who played the card this seat must answer)."""
    n = view.players
    p = (view.seat - view.direction) % n
    while not view.active[p]:
        p = (p - view.direction) % n
    return p


def is_window_action(action: Action, view: SeatView) -> bool:
    """Actions of a real-time window, open to several players at once."""
    if isinstance(action, Catch | JumpIn | FinishRace):
        return True
    return isinstance(action, CallUno) and view.hand_sizes[action.player] == 1


def partner_of(view: SeatView) -> int | None:
    return (view.seat + 2) % 4 if view.rules.teams else None


class Agent:
    """Base of every level: dispatch on the kind of decision; subclasses fill in the taste."""

    level: Level = Level.EASY

    @property
    def timing(self) -> Timing:
        return TIMINGS[self.level]

    def decide(self, view: SeatView, memory: Memory, rng: random.Random) -> Action | None:
        """The decision the engine waits on from this seat, or None if it waits on nobody here.

        Real-time windows (catch, late UNO call, jump-in, race) are answered by ``react``.
        """
        if view.actor != view.seat or view.phase == "race":
            return None
        legal = tuple(a for a in view.legal if not is_window_action(a, view))
        if not legal:
            return None
        view = replace(view, legal=legal)
        phase = view.phase
        if phase == "play":
            return self.turn(view, memory, rng)
        if phase == "drawn":
            return self.drawn(view, memory, rng)
        if phase == "color":
            return ChooseColor(view.seat, self.color(view, memory, rng))
        if phase == "penalty":
            return self.penalty(view, memory, rng)
        if phase == "skip":
            bounces = [a for a in legal if isinstance(a, Play)]
            return bounces[0] if bounces and self.bounce(view, rng) else Accept(view.seat)
        if phase == "swap":
            targets = [a.target for a in legal if isinstance(a, ChooseSwap)]
            return ChooseSwap(view.seat, self.swap_target(view, targets, rng))
        if phase == "make-rule":
            return _choice(rng, [a for a in legal if isinstance(a, MakeRule)])
        if phase == "setup":
            effects = [a for a in legal if isinstance(a, ChooseCustomEffect)]
            done = [a for a in legal if isinstance(a, FinishCustomEffects)]
            return done[0] if done else _choice(rng, list(effects))
        if phase == "round-over":
            return next((a for a in legal if isinstance(a, NextRound)), None)
        return legal[0]

    # --- real-time windows: catching, late UNO calls, jump-in, races

    def react(self, view: SeatView, memory: Memory, rng: random.Random) -> Action | None:
        """An action in an open real-time window, or None to let it pass for now."""
        for action in view.legal:
            if isinstance(action, FinishRace):
                return action
            if isinstance(action, CallUno) and view.hand_sizes[view.seat] == 1:
                return action if rng.random() < self.late_call_chance else None
        catches = [a for a in view.legal if isinstance(a, Catch)]
        if catches and rng.random() < self.catch_chance:
            return catches[0]
        jumps = [a for a in view.legal if isinstance(a, JumpIn)]
        if jumps and rng.random() < self.jump_chance:
            return jumps[0]
        return None

    catch_chance = 0.5
    late_call_chance = 0.5
    jump_chance = 0.5
    uno_call_chance = 0.5

    # --- a normal turn

    def turn(self, view: SeatView, memory: Memory, rng: random.Random) -> Action:
        legal = view.legal
        if (
            any(isinstance(a, CallUno) for a in legal)
            and any(isinstance(a, Play) for a in legal)
            and rng.random() < self.uno_call_chance
        ):
            return CallUno(view.seat)
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return Draw(view.seat)
        return self.choose_play(view, memory, plays, rng)

    def choose_play(
        self, view: SeatView, memory: Memory, plays: list[Play], rng: random.Random
    ) -> Action:
        return _choice(rng, list(plays))

    def drawn(self, view: SeatView, memory: Memory, rng: random.Random) -> Action:
        plays = [a for a in view.legal if isinstance(a, Play)]
        calls = [a for a in view.legal if isinstance(a, CallUno)]
        if calls and rng.random() < self.uno_call_chance:
            return calls[0]
        if plays and self.play_drawn(view, plays[0].card):
            return plays[0]
        passes = [a for a in view.legal if isinstance(a, Pass)]
        return passes[0] if passes else plays[0]

    def play_drawn(self, view: SeatView, card: Card) -> bool:
        return True

    def color(self, view: SeatView, memory: Memory, rng: random.Random) -> Color:
        return COLORS[int(rng.random() * 4)]

    def penalty(self, view: SeatView, memory: Memory, rng: random.Random) -> Action:
        stacks = [a for a in view.legal if isinstance(a, Play)]
        if stacks and rng.random() < 0.5:
            return _choice(rng, list(stacks))
        return Accept(view.seat)

    def bounce(self, view: SeatView, rng: random.Random) -> bool:
        return rng.random() < 0.5

    def swap_target(self, view: SeatView, targets: list[int], rng: random.Random) -> int:
        return targets[int(rng.random() * len(targets))]


class Easy(Agent):
    level = Level.EASY
    catch_chance = 0.35
    late_call_chance = 0.5
    jump_chance = 0.3
    uno_call_chance = 0.5


class Normal(Agent):
    level = Level.NORMAL
    catch_chance = 0.9
    late_call_chance = 1.0
    jump_chance = 0.9
    uno_call_chance = 1.0

    def choose_play(
        self, view: SeatView, memory: Memory, plays: list[Play], rng: random.Random
    ) -> Action:
        counts = color_counts(view.hand)
        # Keep wilds for later: play a colored card when there is one, from the biggest color.
        colored = [a for a in plays if not a.card.is_wild]
        if colored:
            return max(colored, key=lambda a: (counts[a.card.color], a.card.points))  # type: ignore[index]
        # A plain wild before a Wild Draw Four; Normal never bluffs.
        return min(plays, key=lambda a: a.card.rank is Rank.WILD_DRAW_FOUR)

    def color(self, view: SeatView, memory: Memory, rng: random.Random) -> Color:
        return strongest_color(view.hand)

    def penalty(self, view: SeatView, memory: Memory, rng: random.Random) -> Action:
        stacks = [a for a in view.legal if isinstance(a, Play)]
        if stacks:
            return min(stacks, key=lambda a: a.card.rank is Rank.WILD_DRAW_FOUR)
        if any(isinstance(a, Challenge) for a in view.legal) and self.bluff_likely(view, memory):
            return Challenge(view.seat)
        return Accept(view.seat)

    def bluff_likely(self, view: SeatView, memory: Memory) -> bool:
        # A rough rule of thumb: a big hand usually holds every color.
        bluffer = previous_seat(view)
        return view.hand_sizes[bluffer] >= 6

    def bounce(self, view: SeatView, rng: random.Random) -> bool:
        return True

    def swap_target(self, view: SeatView, targets: list[int], rng: random.Random) -> int:
        return min(targets, key=lambda p: (view.hand_sizes[p], p))


BASE_W = 0.6  # weight of the cards left in the color a play sets (larger measured no better)
SCORE_W = 0.1  # weight of the counted score against Normal's habit (0.05-0.3 measured alike)


class Hard(Normal):
    level = Level.HARD
    catch_chance = 1.0
    jump_chance = 1.0

    def unseen(self, view: SeatView, memory: Memory) -> list[Card]:
        """Cards this seat has not seen and does not know to be anywhere."""
        visible = {c.uid for c in view.hand} | {c.uid for c in view.discard}
        for p, cards in memory.known.items():
            if p != view.seat:
                visible |= {c.uid for c in cards}
        return [c for c in deck(view.rules.deck) if c.uid not in visible]

    def choose_play(
        self, view: SeatView, memory: Memory, plays: list[Play], rng: random.Random
    ) -> Action:
        # Normal's habit leads (play from the biggest color, keep wilds, a +4 last); the
        # counted score breaks ties and near-ties. Measured in the arena, letting the score
        # lead instead lost to Normal at a four-player table.
        unseen = self.unseen(view, memory)
        counts = color_counts(view.hand)

        def key(action: Play) -> float:
            card = action.card
            habit = -100.0 if card.is_wild else counts[card.color] + card.points / 100  # type: ignore[index]
            if card.rank is Rank.WILD_DRAW_FOUR:
                habit -= 1.0
            return habit + SCORE_W * self.score_play(view, memory, card, unseen)

        return max(plays, key=key)

    @staticmethod
    def follow_chance(
        unseen: list[Card], held: int, color: Color | None, rank: Rank | None
    ) -> float:
        """The chance that ``held`` cards drawn from ``unseen`` include one that can follow a
        card of ``color`` and ``rank`` (same color, same rank, or any wild)."""
        total = len(unseen)
        held = min(held, total)
        if held <= 0:
            return 0.0
        matching = sum(
            1
            for c in unseen
            if c.is_wild or c.color is color or (rank is not None and c.rank is rank)
        )
        return 1.0 - math.comb(total - matching, held) / math.comb(total, held)

    def score_play(
        self, view: SeatView, memory: Memory, card: Card, unseen: list[Card] | None = None
    ) -> float:
        """How good playing ``card`` now looks; the highest score is played."""
        me = view.seat
        sizes = view.hand_sizes
        nxt = next_seat(view)
        partner = partner_of(view)
        foe_next = nxt != partner
        opponents = [p for p in range(view.players) if p not in (me, partner) and view.active[p]]
        danger = min((sizes[p] for p in opponents), default=7)
        after = [c for c in view.hand if c is not card]
        counts = color_counts(tuple(after))
        rank = card.rank
        two_handed = sum(view.active) == 2
        result = card.color or strongest_color(tuple(after))
        score = 0.0
        # Follow-up: cards left that will still match the color this card sets.
        score += BASE_W * counts[result] if card.color is not None else 0.0
        # Leave the next player a color they were seen to lack.
        if foe_next and result in memory.lacks.get(nxt, set()):
            score += 3.0
        # Switching color by number: worth it when we hold more of the new color.
        if card.color is not None and card.color is not view.color:
            score += 1.0 if counts[card.color] > counts[view.color] else -0.5  # type: ignore[index]
        extra_turn = rank in (Rank.SKIP, Rank.DRAW_TWO) or (rank is Rank.REVERSE and two_handed)
        if extra_turn and (two_handed or foe_next):
            # Another turn for us (heads-up) or a lost one for the next foe.
            # Heads-up, a Skip or Reverse only gains if we can follow it up ourselves.
            follow = any(c.is_wild or c.color is card.color or c.rank is rank for c in after)
            score += (3.0 if follow else 0.3) + (2.0 if sizes[nxt] <= 2 else 0.0)
            if rank is Rank.DRAW_TWO:
                score += 2.0
        elif extra_turn:
            score -= 3.0  # never skip or feed our partner
        if rank is Rank.WILD_DRAW_FOUR:
            score += (6.0 if sizes[nxt] <= 2 else -4.0) if foe_next else -6.0
        elif rank is Rank.WILD_SHUFFLE_HANDS:
            active = [sizes[p] for p in range(view.players) if view.active[p]]
            score += 1.5 * (len(view.hand) - sum(active) / len(active)) - 1.0
        elif card.is_wild:
            # Keep wilds for later unless the hand is nearly done.
            score += 3.0 if len(after) <= 1 else -2.5
        # Card counting: how likely is the next foe to have an answer? It matters most when
        # they are close to going out.
        if foe_next and unseen is not None:
            rank_after = None if card.is_wild else rank
            chance = self.follow_chance(unseen, sizes[nxt], result, rank_after)
            score -= chance * (6.0 if sizes[nxt] <= 2 else 1.5)
        # Shed points, more urgently when a foe is about to go out.
        score += card.points / (8.0 if danger <= 2 else 40.0)
        if view.rules.no_wild_finish and len(after) == 1 and after[0].is_wild:
            score -= 5.0  # do not end up holding only a wild we may not finish with
        return score

    def color(self, view: SeatView, memory: Memory, rng: random.Random) -> Color:
        counts = color_counts(view.hand)
        nxt = next_seat(view)
        foe = nxt != partner_of(view)
        lacks = memory.lacks.get(nxt, set()) if foe else set()
        known = Counter(c.color for c in memory.known.get(nxt, set()) if c.color)
        unseen = self.unseen(view, memory)
        weight = 6.0 if view.hand_sizes[nxt] <= 2 else 1.5

        def value(color: Color) -> float:
            hurt = (2.5 if color in lacks else 0.0) - (1.5 * known[color] if foe else 0.0)
            if foe:
                hurt -= weight * self.follow_chance(unseen, view.hand_sizes[nxt], color, None)
            return 2.0 * counts[color] + hurt

        return max(COLORS, key=lambda c: (value(c), -COLORS.index(c)))

    def penalty(self, view: SeatView, memory: Memory, rng: random.Random) -> Action:
        stacks = [a for a in view.legal if isinstance(a, Play)]
        if stacks:
            # Answer with a Draw Two before spending a Wild Draw Four.
            return min(stacks, key=lambda a: a.card.rank is Rank.WILD_DRAW_FOUR)
        challenge = any(isinstance(a, Challenge) for a in view.legal)
        if challenge and self.bluff_probability(view, memory) > 0.6:
            return Challenge(view.seat)
        return Accept(view.seat)

    def bluff_probability(self, view: SeatView, memory: Memory) -> float:
        """How likely the +4 was illegal: that its player still held the color it was played on.

        Hypergeometric: the bluffer's hand was drawn from the cards this seat has not seen; a
        color they were seen to lack counts as absent, a card known in their hand as present.
        Halved, because many players only play a +4 when it is legal.
        """
        color = memory.wd4_color_before
        bluffer = previous_seat(view)
        if color is None:
            return 0.0
        if any(c.color is color for c in memory.known.get(bluffer, set())):
            return 1.0
        if color in memory.lacks.get(bluffer, set()):
            return 0.0
        unseen = self.unseen(view, memory)
        total = len(unseen)
        of_color = sum(1 for c in unseen if c.color is color)
        held = min(view.hand_sizes[bluffer], total)
        if total == 0 or held == 0:
            return 0.0
        none = math.comb(total - of_color, held) / math.comb(total, held)
        return 0.5 * (1.0 - none)

    def play_drawn(self, view: SeatView, card: Card) -> bool:
        # Keep a drawn wild for later while the hand is big and nobody is close to out.
        # A drawn Wild Draw Four is kept for a better moment unless a foe is close to out.
        return card.rank is not Rank.WILD_DRAW_FOUR or min(view.hand_sizes) <= 2

    def swap_target(self, view: SeatView, targets: list[int], rng: random.Random) -> int:
        partner = partner_of(view)
        foes = [p for p in targets if p != partner] or targets
        # Take the smallest hand; between equals, hurt the leader in points.
        return min(foes, key=lambda p: (view.hand_sizes[p], -view.scores[p], p))


LEVELS: dict[Level, type[Agent]] = {Level.EASY: Easy, Level.NORMAL: Normal, Level.HARD: Hard}
