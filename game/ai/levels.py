"""The AI levels Easy, Normal and Hard: rule-based players that see only their seat's view.

Every agent answers ``decide(view, memory, rng)`` with one of ``view.legal`` (the actions open
to its own seat) or None to let a real-time window pass. It reads nothing else: not the game,
not another hand. Each level also has a ``Timing``: how long it thinks before a turn action and
how fast it reacts in a real-time window (catching UNO, jump-in, a House Rules race); the
table scene waits that long, and headless play orders arrivals by it (``game.ai.driver``).

- Easy plays like a beginner: any playable card, often forgets UNO, slow to catch, never
  challenges, names a random color.
- Normal has sound habits: keeps wilds for later, names its strongest color, challenges a
  Wild Draw Four when a bluff is likely, but forgets UNO about one time in four.
- Hard counts cards from its view and memory: what is unseen, which colors each opponent seems
  to lack (and how many cards they have taken since), which cards it knows in other hands. It
  plays the card the next foe is least likely to follow, heads-up plays its extra-turn cards
  first, names colors to hurt the next foe and the leader, keeps its wilds, challenges by the
  probability that the player held the color, and plays every house rule deliberately (the
  House Rules it makes are the ones with the most moves, hardest for a person to race).
"""

from __future__ import annotations

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
from game.ai.playout import (
    BLOCK_W,
    CHAIN_W,
    EXTRA_TURN,
    HARD_BLUFF_PRIOR,
    NORMAL_BLUFF_PRIOR,
    bluff_tendency,
    challenge_stakes_of,
    none_among,
)
from game.cards import COLORS, Card, Color, DeckKind, Rank, deck
from game.rules import RACE_ACTION_MOVES
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
    # A late call with one card, or a call that goes with a jump-in out of turn.
    return isinstance(action, CallUno) and (
        view.hand_sizes[action.player] == 1 or action.player != view.actor
    )


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
        if len(legal) != len(view.legal):  # else nothing was left out: the view stands as it is
            view = replace(view, legal=legal)
        phase = view.phase
        if phase == "play":
            return self.turn(view, memory, rng)
        if phase == "drawn":
            return self.drawn(view, memory, rng)
        if phase == "color":
            return ChooseColor(view.seat, self.color(view, memory, rng))
        if phase == "penalty":
            return self._call_first(view, self.penalty(view, memory, rng), rng)
        if phase == "skip":
            bounces = [a for a in legal if isinstance(a, Play)]
            if bounces and self.bounce(view, rng):
                return self._call_first(view, bounces[0], rng)
            return Accept(view.seat)
        if phase == "swap":
            targets = [a.target for a in legal if isinstance(a, ChooseSwap)]
            return ChooseSwap(view.seat, self.swap_target(view, targets, rng))
        if phase == "make-rule":
            return self.make_rule(view, [a for a in legal if isinstance(a, MakeRule)], rng)
        if phase == "setup":
            effects = [a for a in legal if isinstance(a, ChooseCustomEffect)]
            done = [a for a in legal if isinstance(a, FinishCustomEffects)]
            return done[0] if done else _choice(rng, list(effects))
        if phase == "round-over":
            return next((a for a in legal if isinstance(a, NextRound)), None)
        return legal[0]

    def _call_first(self, view: SeatView, action: Action, rng: random.Random) -> Action:
        """UNO goes with the play of the next-to-last card, whatever it answers: call first
        (as often as this level remembers to), then play on the next decision."""
        if (
            isinstance(action, Play | JumpIn)
            and CallUno(view.seat) in view.legal
            and rng.random() < self.uno_call_chance
        ):
            return CallUno(view.seat)
        return action

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
            return self._call_first(view, jumps[0], rng)
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

    def make_rule(self, view: SeatView, choices: list[MakeRule], rng: random.Random) -> Action:
        return _choice(rng, list(choices))


class Easy(Agent):
    level = Level.EASY
    catch_chance = 0.35
    late_call_chance = 0.5
    jump_chance = 0.3
    uno_call_chance = 0.5


def exchange_change(view: SeatView, card: Card) -> int:
    """How many more cards (negative: fewer) this seat holds after playing ``card`` and its
    7-0 exchange than after a plain play of it: a 7 swaps with the smallest other hand (the
    swap every level above Easy makes), a 0 brings in the hand of the player before us (every
    hand moves on in the direction of play). 0 for any other card or without 7-0."""
    if not view.rules.seven_zero or card.rank not in (Rank.SEVEN, Rank.ZERO):
        return 0
    after = len(view.hand) - 1
    if after == 0:
        return 0  # going out: nothing is exchanged
    if card.rank is Rank.SEVEN:
        others = [
            view.hand_sizes[p] for p in range(view.players) if p != view.seat and view.active[p]
        ]
        return min(others) - after if others else 0
    return view.hand_sizes[previous_seat(view)] - after


def sensible_exchanges(view: SeatView, plays: list[Play]) -> list[Play]:
    """``plays`` without the 7s and 0s whose exchange would leave us more cards, while another
    card would do (a 7-0 exchange that hurts is only played when nothing else can be; a Wild
    Draw Four that would be a bluff does not count as another card here)."""
    kept = [a for a in plays if exchange_change(view, a.card) <= 0 and not is_bluff(view, a.card)]
    return kept or plays


def is_bluff(view: SeatView, card: Card) -> bool:
    """Would playing ``card`` be a Wild Draw Four bluff (we hold the current color)?"""
    return card.rank is Rank.WILD_DRAW_FOUR and any(c.color is view.color for c in view.hand)


EXCHANGE_GAIN = 2  # an exchange this many cards to the good is played before anything else


class Normal(Agent):
    level = Level.NORMAL
    catch_chance = 0.9
    # Normal forgets UNO about one time in four and remembers late half the time: a person
    # meets a Normal AI to catch within a few rounds (a Normal that never forgot made
    # newcomers think catching was broken). Hard and the Expert never forget.
    late_call_chance = 0.5
    jump_chance = 0.9
    uno_call_chance = 0.75

    def choose_play(
        self, view: SeatView, memory: Memory, plays: list[Play], rng: random.Random
    ) -> Action:
        counts = color_counts(view.hand)
        plays = sensible_exchanges(view, plays)
        # A 7 toward a much smaller hand, or a 0 that passes a big hand on, goes first.
        best = min(plays, key=lambda a: exchange_change(view, a.card))
        if exchange_change(view, best.card) <= -EXCHANGE_GAIN:
            return best
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
        if any(isinstance(a, Challenge) for a in view.legal) and self.challenge_pays(view, memory):
            return Challenge(view.seat)
        return Accept(view.seat)

    # How often a +4 player is taken to bluff before challenges have shown anything: Normal
    # expects a bluff in ten; Hard, whose foes mostly play a +4 only when it is legal, one in
    # fifty (measured: Normal with one in fifty lost 1.5 points of win rate against Easy, which
    # plays a +4 whenever it comes up; Hard with one in ten lost 0.6 against Normal).
    bluff_prior = NORMAL_BLUFF_PRIOR

    def challenge_pays(self, view: SeatView, memory: Memory) -> bool:
        """Challenge when the estimated chance of a bluff makes it pay (``challenge_gain``)."""
        p = self.bluff_probability(view, memory)
        gain, cost = challenge_stakes(view)
        return p * gain > (1.0 - p) * cost

    def bluff_probability(self, view: SeatView, memory: Memory) -> float:
        """How likely the +4 just played was a bluff, by Bayes: the chance its player held the
        color it was played on (what this seat has seen of the color: the cards it has not
        seen, what the player seemed to lack before the +4), weighed by how often that player
        bluffs (the bluffs and honest +4s that challenges have shown in this match)."""
        color = memory.wd4_color_before
        if color is None:
            return 0.0
        bluffer = previous_seat(view)
        held = Odds(view, memory).color_held_given(bluffer, color, memory.wd4_lack_before)
        if held >= 1.0:
            return 1.0
        tendency = bluff_tendency(
            memory.bluffs_shown.get(bluffer, 0),
            memory.honest_shown.get(bluffer, 0),
            self.bluff_prior,
        )
        bluff = tendency * held
        return bluff / (bluff + (1.0 - held))

    def bounce(self, view: SeatView, rng: random.Random) -> bool:
        return True

    def swap_target(self, view: SeatView, targets: list[int], rng: random.Random) -> int:
        return min(targets, key=lambda p: (view.hand_sizes[p], p))


def challenge_stakes(view: SeatView) -> tuple[float, float]:
    """What a challenge of a +4 wins and loses, in cards (``challenge_stakes_of``)."""
    return challenge_stakes_of(sum(view.active) - 1)


@dataclass(frozen=True)
class _DeckCounts:
    """A whole deck's wild cards, and its colored cards by color, by rank and by both."""

    wilds: int
    colors: dict[Color, int]
    ranks: dict[Rank, int]
    kinds: dict[tuple[Color, Rank], int]


_DECK_COUNTS: dict[DeckKind, _DeckCounts] = {}


def _deck_counts(kind: DeckKind) -> _DeckCounts:
    counts = _DECK_COUNTS.get(kind)
    if counts is None:
        colored = [(c.color, c.rank) for c in deck(kind) if c.color is not None]
        counts = _DECK_COUNTS[kind] = _DeckCounts(
            wilds=len(deck(kind)) - len(colored),
            colors=dict(Counter(color for color, _ in colored)),
            ranks=dict(Counter(rank for _, rank in colored)),
            kinds=dict(Counter(colored)),
        )
    return counts


class Odds:
    """Card counting for one decision: what this seat has not seen, by color, rank and wild,
    and what its memory says each player lacks; answers how likely a player can follow."""

    def __init__(self, view: SeatView, memory: Memory) -> None:
        self.view = view
        self.memory = memory
        seen = {c.uid for c in view.hand} | {c.uid for c in view.discard}
        for p, cards in memory.known.items():
            if p != view.seat:
                seen |= {c.uid for c in cards}
        # What is unseen is the whole deck's count less the cards seen, counted only when a
        # question needs it: a decision asks a few, and counting every unseen card by color and
        # rank (enum keys) was most of a Hard decision's time. The uid is the deck's index.
        whole = deck(view.rules.deck)
        self._deck = _deck_counts(view.rules.deck)
        self._seen = [whole[uid] for uid in seen]
        self.total = len(whole) - len(seen)
        self.wilds = self._deck.wilds - sum(1 for c in self._seen if c.color is None)
        self._cache: dict[tuple[int, Color | None, Rank | None], float] = {}

    def colored(self, color: Color) -> int:
        """How many cards of ``color`` are unseen."""
        return self._deck.colors.get(color, 0) - sum(1 for c in self._seen if c.color is color)

    def other_colors_of(self, rank: Rank, color: Color) -> int:
        """How many colored cards of ``rank`` but not of ``color`` are unseen."""
        seen = sum(1 for c in self._seen if c.rank is rank and c.color not in (None, color))
        return self._deck.ranks.get(rank, 0) - self._deck.kinds.get((color, rank), 0) - seen

    def follow(self, player: int, color: Color | None, rank: Rank | None) -> float:
        """The chance that ``player`` holds a card that can follow ``color`` (and ``rank``, for
        a colored card): a card of that color or rank, or a wild. Cards known in the hand
        count as held; a color they lack counts only among the cards taken since."""
        key = (player, color, rank)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        known = self.memory.known.get(player, set())
        if any(c.is_wild or c.color is color or c.rank is rank for c in known):
            self._cache[key] = 1.0
            return 1.0
        held = max(0, self.view.hand_sizes[player] - len(known))
        void = self.memory.void.get(player, {})
        total = self.total
        none = none_among(total, self.wilds, min(held, self.memory.wildless.get(player, held)))
        if color is not None:
            none *= none_among(total, self.colored(color), min(held, void.get(color, held)))
        if rank is not None and color is not None:
            none *= none_among(total, self.other_colors_of(rank, color), held)
        self._cache[key] = 1.0 - none
        return 1.0 - none

    def color_held(self, player: int, color: Color) -> float:
        """The chance that ``player`` holds at least one card of ``color``."""
        return self.color_held_given(player, color, self.memory.void.get(player, {}).get(color))

    def color_held_given(self, player: int, color: Color, lack: int | None) -> float:
        """``color_held`` with ``lack`` for what is known of the player's lack of ``color``
        (the cards taken since it was seen; None: no lack seen)."""
        if any(c.color is color for c in self.memory.known.get(player, set())):
            return 1.0
        held = self.view.hand_sizes[player]
        taken = min(held, held if lack is None else lack)
        return 1.0 - none_among(self.total, self.colored(color), taken)


class Hard(Normal):
    level = Level.HARD
    bluff_prior = HARD_BLUFF_PRIOR
    catch_chance = 1.0
    jump_chance = 1.0
    uno_call_chance = 1.0  # plays to win: never forgets UNO
    late_call_chance = 1.0

    def choose_play(
        self, view: SeatView, memory: Memory, plays: list[Play], rng: random.Random
    ) -> Action:
        # Counting leads: the play the next foe is least likely to follow (then it must draw)
        # wins, Normal's habit (biggest color, points first) breaks near-ties, wilds wait.
        # Measured against Normal heads-up: the counted chance leading gained about 6 points
        # of win rate, the habit leading (the counted score only breaking ties) none.
        hand = view.hand
        shuffle = next((a for a in plays if a.card.rank is Rank.WILD_SHUFFLE_HANDS), None)
        if shuffle is not None and self.shuffle_now(view):
            return shuffle
        if view.rules.no_wild_finish and len(hand) == 2:
            # Never be left with only a wild, which may not finish the hand.
            wild = next((a for a in plays if a.card.is_wild), None)
            if wild is not None:
                return wild
        bluff = self.bluff_now(view, memory, plays)
        if bluff is not None:
            return bluff
        plays = sensible_exchanges(view, plays)
        best = min(plays, key=lambda a: exchange_change(view, a.card))
        if exchange_change(view, best.card) <= -EXCHANGE_GAIN:
            return best  # a 7 toward a much smaller hand, or a 0 passing a big one on
        odds = Odds(view, memory)
        nxt = next_seat(view)
        two_handed = sum(view.active) == 2

        def value(card: Card, cards: tuple[Card, ...], depth: int) -> float:
            if card.is_wild:
                # Keep wilds for later; a plain wild before a Wild Draw Four.
                return -1e6 - (card.rank is Rank.WILD_DRAW_FOUR)
            color = card.color
            assert color is not None
            rest = tuple(c for c in cards if c is not card)
            habit = sum(1 for c in cards if c.color is color) + card.points / 100
            if two_handed and card.rank in EXTRA_TURN and rest and depth < 3:
                # Heads-up this card gives another turn: it is worth what we play after it.
                after = [
                    c for c in rest if not c.is_wild and (c.color is color or c.rank is card.rank)
                ]
                if after:
                    return CHAIN_W + max(value(c, rest, depth + 1) for c in after)
                return CHAIN_W + habit
            # (With 2v2 teams the next player is always a foe: partners sit opposite.)
            return habit + BLOCK_W * (1.0 - odds.follow(nxt, color, card.rank))

        return max(plays, key=lambda a: value(a.card, hand, 0))

    def shuffle_now(self, view: SeatView) -> bool:
        """Wild Shuffle Hands pays when our hand is clearly bigger than the average one."""
        sizes = [view.hand_sizes[p] for p in range(view.players) if view.active[p]]
        return len(view.hand) - 1 > sum(sizes) / len(sizes) + 0.5

    def color(self, view: SeatView, memory: Memory, rng: random.Random) -> Color:
        # Our strongest color leads (naming a color we hold little of measured worse); between
        # equals, the one the next foe and the leader are least likely to follow.
        counts = color_counts(view.hand)
        odds = Odds(view, memory)
        partner = partner_of(view)
        foes = [p for p in range(view.players) if view.active[p] and p not in (view.seat, partner)]
        nxt = next_seat(view)  # a foe: with 2v2 teams partners sit opposite
        leader = min(foes, key=lambda p: (view.hand_sizes[p], p != nxt), default=nxt)

        def value(color: Color) -> float:
            hurt = 0.6 * (1.0 - odds.follow(nxt, color, None))
            hurt += 0.3 * (1.0 - odds.follow(leader, color, None))
            return counts[color] + hurt

        return max(COLORS, key=lambda c: (value(c), -COLORS.index(c)))

    def penalty(self, view: SeatView, memory: Memory, rng: random.Random) -> Action:
        stacks = [a for a in view.legal if isinstance(a, Play)]
        if stacks:
            # Answer with a Draw Two before spending a Wild Draw Four.
            return min(stacks, key=lambda a: a.card.rank is Rank.WILD_DRAW_FOUR)
        challenge = any(isinstance(a, Challenge) for a in view.legal)
        if challenge and self.challenge_pays(view, memory):
            return Challenge(view.seat)
        return Accept(view.seat)

    def bluff_now(self, view: SeatView, memory: Memory, plays: list[Play]) -> Play | None:
        """A Wild Draw Four played as a bluff (we hold the color), when the estimate says it
        pays: the next foe is close to out (two cards or fewer), none of our other cards stops
        it (a Skip or a Draw Two of ours would, or heads-up a Reverse), and that foe challenges
        seldom enough: unchallenged it draws four and loses its turn, caught we draw four. A
        foe is taken to challenge what it has seen challenged before, and any +4 from a hand
        big enough that a reasoning player would suspect it (measured: bluffing from any hand
        size lost a point of win rate against Normal)."""
        wd4 = next((a for a in plays if a.card.rank is Rank.WILD_DRAW_FOUR), None)
        if wd4 is None or not view.rules.wd4_bluffing or view.must_play:
            return None
        if not is_bluff(view, wd4.card):
            return None  # not a bluff: the Wild Draw Four is legal (Hard keeps it for later)
        color = view.color
        assert color is not None  # a color is named in every normal turn
        nxt = next_seat(view)
        if view.hand_sizes[nxt] > 2:
            return None
        stoppers = (Rank.SKIP, Rank.DRAW_TWO) + ((Rank.REVERSE,) if sum(view.active) == 2 else ())
        if any(a.card.rank in stoppers for a in plays):
            return None
        # Would a foe who reasons as Normal does challenge a +4 from a hand our size? The
        # chance that we still hold the color, as the foe can reckon it from our hand size
        # (the cards we have not seen stand in for the ones it has not).
        odds = Odds(view, memory)
        left = len(view.hand) - 1
        held = 1.0 - none_among(odds.total + left, odds.colored(color) + 1, left)
        suspect = Normal.bluff_prior * held
        suspected = suspect / (suspect + (1.0 - held)) if held < 1.0 else 1.0
        gain_foe, cost_foe = challenge_stakes(view)
        faced = memory.wd4_faced.get(nxt, 0)
        chance = (memory.challenges.get(nxt, 0) + 1.0) / (faced + 3.0)  # 1/3 with no history
        if suspected * gain_foe > (1.0 - suspected) * cost_foe:
            chance = max(chance, 0.9)
        gain, loss = 4.0 + 1.0 + view.hand_sizes[nxt], 4.0
        return wd4 if (1.0 - chance) * gain > chance * loss else None

    def play_drawn(self, view: SeatView, card: Card) -> bool:
        # Keep a drawn wild for later (as any wild in hand), unless a player is close to out;
        # a drawn Wild Shuffle Hands is played when our hand is clearly the biggest.
        if not card.is_wild:
            return True
        if card.rank is Rank.WILD_SHUFFLE_HANDS and self.shuffle_now(view):
            return True
        return min(view.hand_sizes) <= 2

    def swap_target(self, view: SeatView, targets: list[int], rng: random.Random) -> int:
        partner = partner_of(view)
        foes = [p for p in targets if p != partner] or targets
        # Take the smallest hand; between equals, hurt the leader in points.
        return min(foes, key=lambda p: (view.hand_sizes[p], -view.scores[p], p))

    def make_rule(self, view: SeatView, choices: list[MakeRule], rng: random.Random) -> Action:
        """The rule hardest to do and to remember: the most moves (three taps, a sequence of
        two). The AI's own reaction does not depend on it, while a person's does, and the
        slowest racer draws. With Wild Game Changer, it replaces the easiest rule in play."""
        current = dict(view.house_rules)

        def worth(action: MakeRule) -> tuple[int, int]:
            replaced = current.get(action.number)
            easiest = -RACE_ACTION_MOVES[replaced] if replaced is not None else 0
            return RACE_ACTION_MOVES[action.rule], easiest

        best = max(worth(a) for a in choices)
        return _choice(rng, [a for a in choices if worth(a) == best])


LEVELS: dict[Level, type[Agent]] = {Level.EASY: Easy, Level.NORMAL: Normal, Level.HARD: Hard}


def forgetting_uno(level: Level) -> Agent:
    """An agent of ``level`` that never calls UNO, neither with its next-to-last card nor late:
    the AI a guided lesson's person catches (``forgets_uno`` in a lesson file, game.lessons),
    seated only by lessons, as ``Match.hold`` is set only by them. Everything else is the
    level's own: its choices, its timing and its random draws (the chance is still drawn, and
    never met). The Expert searches its calls, so it cannot forget on purpose (ValueError)."""
    if level not in LEVELS:
        raise ValueError(f"a {level.value} AI cannot forget UNO on purpose")
    agent = LEVELS[level]()
    agent.uno_call_chance = 0.0
    agent.late_call_chance = 0.0
    return agent
