"""The Expert AI: information-set Monte Carlo over positions sampled from its own view.

For a turn decision with more than one sensible option it repeatedly samples the hidden cards
(the other hands and the draw pile) consistently with what its seat knows: hand sizes, cards it
knows to be in a hand, colors a player seems to lack (at most as many cards of them as the
player has taken since). On each sample it tries every candidate and plays the hand out; the
candidate with the best mean outcome (round points, and the win itself) wins. It stops at its
time budget (default 0.2 s) or after a fixed number of samples (for reproducible arenas),
whichever comes first. Other decisions (colors, challenges, windows) are the Hard level's.
It is a pure function of the view, the memory and its random generator, so the table scene can
run it in a worker thread.

The playouts use a light version of the Hard policy that reads the sampled game directly
instead of building a view and a memory for every move: every player keeps its wilds, plays
from its biggest color (points first), heads-up plays its extra-turn cards first, names its
strongest color and takes penalties without challenging. It reads only the hand of the player
it moves for, so the sampled hands of the others never steer a move (letting it peek at the
next hand to block measured worse in a short arena run). Without views to build, a few hundred
samples fit in the budget instead of a few dozen.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from game.actions import (
    Accept,
    Action,
    CallUno,
    ChooseColor,
    ChooseSwap,
    Draw,
    Pass,
    Play,
)
from game.ai.levels import EXTRA_TURN, Hard, Level
from game.ai.memory import Memory
from game.cards import COLORS, Card, Color, Rank, deck
from game.engine import Game, IllegalAction, Phase, shuffle
from game.events import RoundEnded
from game.view import SeatView

PLAYOUT_LIMIT = 600  # actions; a playout this long counts as a draw
MARGIN = 4.0  # round points a candidate must gain over the Hard choice to replace it
WIN_POINTS = 30.0  # what winning the hand is worth on top of the points it scores


class Expert(Hard):
    level = Level.EXPERT

    def __init__(self, budget_s: float = 0.2, samples: int | None = None) -> None:
        self.budget_s = budget_s
        self.samples = samples

    def decide(self, view: SeatView, memory: Memory, rng: random.Random) -> Action | None:
        if view.actor != view.seat or view.phase not in ("play", "drawn"):
            return super().decide(view, memory, rng)
        legal = [a for a in view.legal if a.player == view.seat]
        if any(isinstance(a, CallUno) for a in legal):
            return CallUno(view.seat)  # calling costs nothing and saves two cards
        default = super().decide(view, memory, rng)
        plays: list[Action] = [a for a in legal if isinstance(a, Play)]
        # Declining to play is only searched after a draw (play or keep the drawn card).
        candidates = plays + [a for a in legal if isinstance(a, Pass)]
        if len(candidates) <= 1 or default is None:
            return default
        if default not in candidates:
            candidates.append(default)
        return self.search(view, memory, candidates, default, rng)

    def search(
        self,
        view: SeatView,
        memory: Memory,
        candidates: list[Action],
        default: Action,
        rng: random.Random,
    ) -> Action:
        """The candidate with the best mean playout; the Hard choice unless another beats it
        by a clear margin, since a few noisy samples should not overturn a sound habit."""
        values: list[list[float]] = [[] for _ in candidates]
        runs = 0
        deadline = time.perf_counter() + self.budget_s
        limit = self.samples if self.samples is not None else 1_000_000
        while runs < limit:
            seed = int(rng.random() * 2**31)
            for i, action in enumerate(candidates):
                game = sample_position(view, memory, random.Random(seed))
                values[i].append(playout(game, view.seat, action))
            runs += 1
            if self.samples is None and time.perf_counter() >= deadline:
                break
        # Every candidate met the same samples, so compare each with the Hard choice sample by
        # sample, and leave that choice only for a gain larger than the margin and than twice
        # the gain's standard error: few noisy playouts should not overturn a sound habit.
        base = values[candidates.index(default)]
        best, best_gain = default, 0.0
        for action, vals in zip(candidates, values, strict=True):
            diffs = [v - b for v, b in zip(vals, base, strict=True)]
            n = len(diffs)
            gain = sum(diffs) / n
            spread = (sum((d - gain) ** 2 for d in diffs) / (n - 1)) ** 0.5 if n > 1 else 0.0
            if gain > max(MARGIN, 2.0 * spread / n**0.5) and gain > best_gain:
                best, best_gain = action, gain
        return best


def sample_position(view: SeatView, memory: Memory, rng: random.Random) -> Game:
    """A full game consistent with ``view``: hidden cards dealt at random to the other hands
    (cards known in a hand stay there; a player who lacked a color, or any wild, gets no more
    of it than the cards they have taken since) and the rest to the draw pile."""
    cards = deck(view.rules.deck)
    placed = {c.uid for c in view.hand} | {c.uid for c in view.discard}
    hands: list[list[Card]] = [[] for _ in range(view.players)]
    hands[view.seat] = list(view.hand)
    for p, known in memory.known.items():
        if p == view.seat:
            continue
        for card in known:
            if card.uid not in placed and len(hands[p]) < view.hand_sizes[p]:
                hands[p].append(card)
                placed.add(card.uid)
    pool = [c for c in cards if c.uid not in placed]
    shuffle(rng, pool)
    for p in range(view.players):
        if p == view.seat:
            continue
        need = view.hand_sizes[p] - len(hands[p])
        # How many more cards of each lacking color (None: of any wild) p may still get.
        room: dict[Color | None, int] = {c: n for c, n in memory.void.get(p, {}).items()}
        if p in memory.wildless:
            room[None] = memory.wildless[p]
        i = 0
        while need > 0 and i < len(pool):
            card = pool[i]
            kind = None if card.is_wild else card.color
            left = room.get(kind)
            if left is not None:
                if left <= 0:
                    i += 1
                    continue
                room[kind] = left - 1
            hands[p].append(pool.pop(i))
            need -= 1
        while need > 0 and pool:  # not enough cards outside the lacking colors
            hands[p].append(pool.pop())
            need -= 1
    drawn = view.drawn
    return Game.from_position(
        view.rules,
        seed=int(rng.random() * 2**31),
        hands=hands,
        draw_pile=pool,
        discard=view.discard,
        color=view.color,
        direction=view.direction,
        turn=view.seat,
        phase=Phase.DRAWN if drawn is not None else Phase.PLAY,
        drawn=drawn,
        must_play=view.must_play,
        scores=view.scores,
        dealer=view.dealer,
        active=view.active,
        uno_said=view.uno_said,
        catchable=view.catchable,
        house_rules=dict(view.house_rules),
        custom_effects=view.custom_effects,
    )


def playout(game: Game, seat: int, first: Action) -> float:
    """Apply ``first``, play the hand out with the light policy, and score it for ``seat``:
    the points won, or minus a share of the points the winner took."""
    try:
        events = game.apply(first)
    except IllegalAction:
        return -1000.0
    for _ in range(PLAYOUT_LIMIT):
        ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        if ended is not None:
            return _value(game, seat, ended)
        events = game.apply(light_policy(game))
    return 0.0


def light_policy(game: Game) -> Action:
    """One action for a sampled game: a cheap Hard-like player at every seat."""
    legal = game.legal_actions()
    if game.catchable:
        # Players in a playout always call in time: nobody is caught.
        late = next((a for a in legal if isinstance(a, CallUno)), None)
        if late is not None:
            return late
    actor = game.actor
    mine = [a for a in legal if a.player == actor]
    if not mine:
        return legal[0]  # a House Rules race: everybody finishes, in seat order
    phase = game.phase
    hand = game.hands[actor]
    if phase is Phase.PLAY:
        plays = [a for a in mine if isinstance(a, Play)]
        if any(isinstance(a, CallUno) for a in mine) and plays:
            return next(a for a in mine if isinstance(a, CallUno))
        if not plays:
            return next(a for a in mine if isinstance(a, Draw))
        return _best_play(game, actor, plays)
    if phase is Phase.COLOR:
        counts = Counter(c.color for c in hand if c.color is not None)
        color = max(COLORS, key=lambda c: (counts[c], -COLORS.index(c)))
        return next(a for a in mine if isinstance(a, ChooseColor) and a.color is color)
    if phase in (Phase.PENALTY, Phase.SKIP):
        # Stack or bounce when possible; otherwise take it (no challenges in a playout).
        answer = next((a for a in mine if isinstance(a, Play)), None)
        return answer or next(a for a in mine if isinstance(a, Accept))
    if phase is Phase.SWAP:
        swaps = [a for a in mine if isinstance(a, ChooseSwap)]
        return min(swaps, key=lambda a: len(game.hands[a.target]))
    return mine[0]  # a drawn card is played; rules are made in the engine's order


def _best_play(game: Game, actor: int, plays: list[Play]) -> Action:
    hand = game.hands[actor]
    two_handed = sum(game.active) == 2
    counts: Counter[Color | None] = Counter(c.color for c in hand)

    def value(action: Play) -> float:
        card = action.card
        if card.is_wild:
            return -1e6 - (card.rank is Rank.WILD_DRAW_FOUR)
        habit = counts[card.color] + card.points / 100
        return habit + (100.0 if two_handed and card.rank in EXTRA_TURN else 0.0)

    return max(plays, key=value)


def _value(game: Game, seat: int, ended: RoundEnded) -> float:
    """Round points for ``seat``, with the win itself worth ``WIN_POINTS`` more: a search on
    points alone traded won hands for points (measured: fewer hands won against Hard)."""
    partner = (seat + 2) % 4 if game.rules.teams else None
    if ended.winner in (seat, partner):
        return WIN_POINTS + ended.points
    return -(WIN_POINTS + ended.points) / max(1, game.players - 1)
