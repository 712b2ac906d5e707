"""The Expert AI: information-set Monte Carlo over positions sampled from its own view.

For a turn decision with more than one distinct option (two copies of a card count as one) it
repeatedly samples the hidden cards (the other hands and the draw pile) consistently with what
its seat knows: hand sizes, cards it knows to be in a hand, colors a player seems to lack (at
most as many cards of them as the player has taken since). On each sample it tries every
candidate and plays the hand out; a playout scores the won hand first, since won hands are what
the level is measured on, and its round points only break near-ties. The Hard choice stands
unless another candidate wins a clearly larger share of the same samples; a candidate that
clearly cannot is dropped on the way, so the samples go to the lines still in question. The
color for its own Wild or Wild Draw Four is searched the same way, from the position just
before the wild left the hand. It stops at its time budget (default 0.2 s) or after a fixed
number of samples (for reproducible arenas), whichever comes first. Other decisions
(challenges, windows, house rules) are the Hard level's. It is a pure function of the view, the
memory and its random generator, so the table scene can run it in a worker thread.

The playouts use a light version of the Hard policy that reads the sampled game directly
instead of building a view and a memory for every move: every player keeps its wilds (and a
drawn Wild Draw Four while nobody is close to out), heads-up plays its extra-turn cards first,
otherwise plays the card the next player is least likely to follow, counted from what that
player cannot have seen (the deck minus its own hand and the discard pile) and the next hand's
size, with the biggest color breaking ties; it names its strongest color and takes penalties
without challenging. It reads only the hand of the player it moves for, so the sampled hands
of the others never steer a move (letting it peek at the next hand to block measured worse in
a short arena run). Without views to build, a few hundred samples fit in the budget instead of
a few dozen.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

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
from game.ai.levels import BLOCK_W, EXTRA_TURN, Hard, Level, none_among
from game.ai.memory import Memory
from game.cards import COLORS, Card, Color, DeckKind, Rank, deck
from game.engine import Game, IllegalAction, Phase, shuffle
from game.rules import Stacking
from game.view import SeatView

PLAYOUT_LIMIT = 600  # actions; a playout this long counts as a draw
# The share of won hands a candidate must gain over the Hard choice to replace it (on top of
# one standard error of that gain): a few noisy playouts should not overturn a sound habit.
MARGIN = 0.02
SE_K = 1.0  # standard errors of the gain a replacement must also clear
# Successive elimination: from FIRST_CHECK samples on, every CHECK_EVERY samples, a candidate
# whose gain plus DROP_K standard errors is still below MARGIN is no longer played out.
FIRST_CHECK = 40
CHECK_EVERY = 20
DROP_K = 1.5
# Round points in a playout's score are divided by this: a typical hand's 20 to 60 points add
# a tenth or so to the 1 the win is worth, so points break near-ties between lines and never
# outweigh the win.
POINTS_SCALE = 400.0


class Expert(Hard):
    level = Level.EXPERT

    def __init__(self, budget_s: float = 0.2, samples: int | None = None) -> None:
        self.budget_s = budget_s
        self.samples = samples
        # Each search's samples, and whether the time budget ended it (tools.ai_timing).
        self.searched: list[tuple[int, bool]] = []

    def decide(self, view: SeatView, memory: Memory, rng: random.Random) -> Action | None:
        if view.actor == view.seat and view.phase == "color":
            return self.search_color(view, memory, rng)
        if view.actor != view.seat or view.phase not in ("play", "drawn"):
            return super().decide(view, memory, rng)
        legal = [a for a in view.legal if a.player == view.seat]
        if any(isinstance(a, CallUno) for a in legal):
            return CallUno(view.seat)  # calling costs nothing and saves two cards
        default = super().decide(view, memory, rng)
        plays: list[Action] = [a for a in legal if isinstance(a, Play)]
        # Declining to play is only searched after a draw (play or keep the drawn card).
        candidates = plays + [a for a in legal if isinstance(a, Pass)]
        if default is None:
            return default
        # Two copies of a card play out alike: search one (the budget then buys more samples).
        distinct: dict[object, Action] = {_kind(default): default}
        for action in candidates:
            distinct.setdefault(_kind(action), action)
        if len(distinct) <= 1:
            return default
        return self.search(view, memory, list(distinct.values()), default, rng)

    def search_color(self, view: SeatView, memory: Memory, rng: random.Random) -> Action | None:
        """The color for the wild just played, searched like a turn: the position is set up as
        it was before the wild left the hand, and each line plays the wild and names a color."""
        default = super().decide(view, memory, rng)
        # A wild turned up to start the hand leaves no earlier position, and a Wild Draw Four
        # may have answered a penalty (stacking), which a plain turn would not set up again:
        # Hard's color then.
        wild = view.discard[-1] if len(view.discard) > 1 else None
        if (
            not isinstance(default, ChooseColor)
            or wild is None
            or wild.rank not in (Rank.WILD, Rank.WILD_DRAW_FOUR)
            or (wild.rank is Rank.WILD_DRAW_FOUR and view.rules.stacking is not Stacking.OFF)
        ):
            return default
        before = replace(
            view,
            phase="play",
            hand=(*view.hand, wild),
            discard=view.discard[:-1],
            drawn=None,
            must_play=False,
        )
        candidates: list[Action] = [ChooseColor(view.seat, c) for c in COLORS]
        return self.search(before, memory, candidates, default, rng, Play(view.seat, wild))

    def search(
        self,
        view: SeatView,
        memory: Memory,
        candidates: list[Action],
        default: Action,
        rng: random.Random,
        prefix: Action | None = None,
    ) -> Action:
        """The candidate with the best mean playout; the Hard choice unless another beats it
        by a clear margin, since a few noisy samples should not overturn a sound habit.

        Every candidate meets the same samples, so each is compared with the Hard choice
        sample by sample. A candidate whose gain is clearly below the margin (by ``DROP_K``
        standard errors, checked every ``CHECK_EVERY`` samples) is dropped, so the samples
        go to the lines still in question; when only the Hard choice is left, it stands."""
        base_i = candidates.index(default)
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        runs = 0
        deadline = time.perf_counter() + self.budget_s
        limit = self.samples if self.samples is not None else 1_000_000
        while runs < limit:
            seed = int(rng.random() * 2**31)
            for i in alive:
                game = sample_position(view, memory, random.Random(seed))
                if prefix is not None:
                    try:
                        game.apply(prefix)
                    except IllegalAction:
                        return default  # the position could not be set up again
                values[i].append(playout(game, view.seat, candidates[i]))
            runs += 1
            if self.samples is None and time.perf_counter() >= deadline:
                break
            if runs >= FIRST_CHECK and runs % CHECK_EVERY == 0:
                alive = [
                    i
                    for i in alive
                    if i == base_i or _upper(_diffs(values[i], values[base_i])) >= MARGIN
                ]
                if len(alive) == 1:
                    self.searched.append((runs, False))
                    return default
        # Leave the Hard choice only for a gain larger than the margin and than SE_K standard
        # errors of that gain, on the samples every remaining candidate met.
        best, best_gain = default, 0.0
        for i in alive:
            gain, spread = _mean_se(_diffs(values[i], values[base_i]))
            if gain > max(MARGIN, SE_K * spread) and gain > best_gain:
                best, best_gain = candidates[i], gain
        self.searched.append((runs, self.samples is None and runs < limit))
        return best


def _diffs(vals: list[float], base: list[float]) -> list[float]:
    """A candidate's gain over the Hard choice on each sample (a candidate still searched has
    met every sample the Hard choice has)."""
    return [v - b for v, b in zip(vals, base, strict=True)]


def _mean_se(diffs: list[float]) -> tuple[float, float]:
    """The mean of ``diffs`` and its standard error."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    return mean, (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5


def _upper(diffs: list[float]) -> float:
    """The gain plus ``DROP_K`` standard errors: what the candidate might still be worth."""
    mean, se = _mean_se(diffs)
    return mean + DROP_K * se


def _kind(action: Action) -> object:
    """What tells candidates apart: a card's color and rank, or the kind of action."""
    if isinstance(action, Play):
        return (action.card.color, action.card.rank)
    return type(action).__name__


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
        flipped=view.flipped,
        quiet=True,
    )


def playout(game: Game, seat: int, first: Action) -> float:
    """Apply ``first``, play the hand out with the light policy, and score it for ``seat``
    (see ``_value``). The sampled game is quiet: nothing reads events here."""
    try:
        game.apply(first)
    except IllegalAction:
        return -10.0  # below any outcome: never chosen
    tally = Tally(game)
    apply = game.apply
    for _ in range(PLAYOUT_LIMIT):
        if game.phase in _OVER:
            return _value(game, seat)
        apply(light_policy(game, tally))
    return 0.0


_OVER = (Phase.ROUND_OVER, Phase.MATCH_OVER)


def light_policy(game: Game, tally: Tally | None = None) -> Action:
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
        plays: list[Play] = []
        uno: Action | None = None
        draw: Action | None = None
        for a in mine:
            if isinstance(a, Play):
                plays.append(a)
            elif isinstance(a, CallUno):
                uno = a
            elif isinstance(a, Draw):
                draw = a
        if uno is not None and plays:
            return uno
        if not plays:
            assert draw is not None
            return draw
        return _best_play(game, actor, plays, tally)
    if phase is Phase.COLOR:
        col = _deck_of(game).col
        counts = [0] * 4
        for card in hand:
            c = col[card.uid]
            if c >= 0:
                counts[c] += 1
        # The biggest color, the first in COLORS between equals.
        color = COLORS[max(range(4), key=lambda i: (counts[i], -i))]
        return next(a for a in mine if isinstance(a, ChooseColor) and a.color is color)
    if phase in (Phase.PENALTY, Phase.SKIP):
        # Stack or bounce when possible; otherwise take it (no challenges in a playout).
        answer = next((a for a in mine if isinstance(a, Play)), None)
        return answer or next(a for a in mine if isinstance(a, Accept))
    if phase is Phase.SWAP:
        swaps = [a for a in mine if isinstance(a, ChooseSwap)]
        return min(swaps, key=lambda a: len(game.hands[a.target]))
    if phase is Phase.DRAWN:
        drawn = game.drawn
        # Like Hard, keep a drawn Wild Draw Four for later unless a player is close to out.
        close = min(map(len, game.hands)) <= 2
        if drawn is not None and drawn.rank is Rank.WILD_DRAW_FOUR and not close:
            keep = next((a for a in mine if isinstance(a, Pass)), None)
            if keep is not None:
                return keep
    return mine[0]  # a drawn card is played; rules are made in the engine's order


class _Deck:
    """Per deck kind: each card's color index and rank as small ints (indexed by uid), and how
    many cards of each color, rank and (color, rank) the deck holds. Lists of ints keep the
    counting in a playout cheap (hashing enums is slow)."""

    def __init__(self, kind: DeckKind) -> None:
        cards = deck(kind)
        self.size = len(cards)
        self.col = [COLORS.index(c.color) if c.color is not None else -1 for c in cards]
        self.rank = [int(c.rank) for c in cards]
        self.points = [c.points for c in cards]
        self.by_color = [0] * 4
        self.by_rank = [0] * 32
        self.by_cr = [0] * 128
        for c, r in zip(self.col, self.rank, strict=True):
            if c >= 0:
                self.by_color[c] += 1
                self.by_rank[r] += 1
                self.by_cr[c * 32 + r] += 1


_DECKS: dict[DeckKind, _Deck] = {}


def _deck_of(game: Game) -> _Deck:
    kind = game.rules.deck
    d = _DECKS.get(kind)
    if d is None:
        d = _DECKS[kind] = _Deck(kind)
    return d


class Tally:
    """The discard pile of one playout by color and rank, kept up to date as the pile grows
    (and counted afresh when a reshuffle shrinks it), so each move need not count it again."""

    def __init__(self, game: Game) -> None:
        self.deck = _deck_of(game)
        self.length = 0
        self.by_color = [0] * 4
        self.by_rank = [0] * 32
        self.by_cr = [0] * 128

    def update(self, discard: list[Card]) -> None:
        if len(discard) < self.length:
            self.length = 0
            self.by_color = [0] * 4
            self.by_rank = [0] * 32
            self.by_cr = [0] * 128
        col, rank = self.deck.col, self.deck.rank
        for card in discard[self.length :]:
            c = col[card.uid]
            if c >= 0:
                r = rank[card.uid]
                self.by_color[c] += 1
                self.by_rank[r] += 1
                self.by_cr[c * 32 + r] += 1
        self.length = len(discard)


def _next_active(game: Game, seat: int) -> int:
    """The next active seat after ``seat`` in the sampled game's direction of play."""
    n = game.players
    p = (seat + game.direction) % n
    while not game.active[p]:
        p = (p + game.direction) % n
    return p


def _best_play(game: Game, actor: int, plays: list[Play], tally: Tally | None) -> Action:
    """Hard's taste, cheaply: wilds last (a plain wild before a Wild Draw Four), heads-up
    extra-turn cards first, otherwise the card the next player is least likely to follow,
    then the biggest color, then the most points. Without a tally (a call from outside a
    playout) the counting is left out. Small ints indexed by uid keep it cheap: this runs for
    most moves of every playout."""
    if len(plays) == 1:
        return plays[0]
    d = tally.deck if tally is not None else _deck_of(game)
    col, rank = d.col, d.rank
    colored = [a for a in plays if col[a.card.uid] >= 0]
    if not colored:
        return min(plays, key=lambda a: a.card.rank is Rank.WILD_DRAW_FOUR)
    if len(colored) == 1:
        return colored[0]
    hand = game.hands[actor]
    h_color = [0] * 4
    h_rank = [0] * 32
    h_cr = [0] * 128
    for card in hand:
        c = col[card.uid]
        if c >= 0:
            r = rank[card.uid]
            h_color[c] += 1
            h_rank[r] += 1
            h_cr[c * 32 + r] += 1
    two_handed = sum(game.active) == 2
    if tally is not None:
        tally.update(game.discard)
        unseen = d.size - len(hand) - len(game.discard)
        held = len(game.hands[_next_active(game, actor)])
    points = d.points
    best, best_value = colored[0], -1e18
    for a in colored:
        uid = a.card.uid
        c, r = col[uid], rank[uid]
        value = h_color[c] + points[uid] / 100
        if tally is not None:
            # The chance that none of the next player's cards is of the card's color or, in
            # another color, of its rank, as if its hand were drawn from the cards the actor
            # has not seen (Hard's count, without the lacks; wilds are left out, the same
            # for all).
            u_c = d.by_color[c] - tally.by_color[c] - h_color[c]
            cr = c * 32 + r
            u_r = (d.by_rank[r] - d.by_cr[cr]) - (tally.by_rank[r] - tally.by_cr[cr])
            u_r -= h_rank[r] - h_cr[cr]
            value += BLOCK_W * none_among(unseen, u_c + u_r, held)
        if two_handed and r in _EXTRA_TURN:
            value += 1e5  # heads-up an extra-turn card goes first: the turn comes straight back
        if value > best_value:
            best, best_value = a, value
    return best


_EXTRA_TURN = frozenset(int(r) for r in EXTRA_TURN)


def _value(game: Game, seat: int) -> float:
    """1 for a won hand (ours or our partner's) plus a small share of its round points, minus a
    share of the same for a lost one. The win comes first: a search that weighed the points
    as much as the win (round points + 30) traded won hands for points (measured: more points
    per round than Hard, but no more hands won); the points only tell close lines apart."""
    assert game.result is not None  # the hand is over
    winner, points = game.result
    partner = (seat + 2) % 4 if game.rules.teams else None
    value = 1.0 + points / POINTS_SCALE
    if winner in (seat, partner):
        return value
    return -value / max(1, game.players - 1)
