"""The Expert AI: information-set Monte Carlo over positions sampled from its own view.

For a turn decision with more than one distinct option (two copies of a card count as one;
drawing instead of playing, which the rules allow, is one of them) it
repeatedly samples the hidden cards (the other hands and the draw pile) consistently with what
its seat knows: hand sizes, cards it knows to be in a hand, colors and ranks a player seems to
lack (only the cards the player has taken since may be of them), and the color a player named for
its wild (a sound player names a color it holds: at least one card of it, until it plays one),
and, leaning on the plays seen (``game.ai.inference``), toward hands that would have led with
the cards their players led with: a hand that does not explain its player's leads is dealt
again (from the draw pile and its own cards, the other hands standing), but for a
``mismatch_keep`` share of them.
On each sample it tries every candidate and plays the hand out; a playout scores the won hand
first, since won hands are what the level is measured on, and its round points only break
near-ties. The Hard choice stands unless another candidate wins a clearly larger share of the
same samples; a candidate that clearly cannot is dropped on the way, so the samples go to the
lines still in question. The color for its own Wild or Wild Draw Four is searched the same
way, from the position just before the wild left the hand. It stops at its time budget
(``BUDGET_S``) or after a fixed number of samples (for reproducible arenas), whichever comes
first. Other decisions (challenges, windows, house rules) are the Hard level's. It is a pure
function of the view, the memory and its random generator, so the table runs it in a worker
process (``game.ai.worker``) and gets the decision it would have made in its own, while its
thinking pause runs (``game.match``: the pause counts from when the search was sent).

The playouts use a light version of the Hard policy that reads the sampled game directly
instead of building a view and a memory for every move, and makes Hard's choices (a test
compares them at every turn of seeded hands): every player keeps its wilds (a drawn one too,
while nobody is close to out), bluffs a +4 where Hard would, heads-up values an extra-turn
card by the best card that can follow it, otherwise plays the card the next player is least
likely to follow, counted from what that player cannot have seen (the deck minus its own
hand and the discard pile), the next hand's size and the colors and wilds the next player
was seen to lack (as Hard counts: ``playout.Lacks``, from the seat's memory at the start, the
Expert's own lacks among them since its foes can read them too, and from the playout's own
draws after), with the biggest color breaking ties; it names its strongest color (between
equals, Hard's choice), and challenges a +4 as Hard judges it (the chance the +4 player
still held the color, weighed by Hard's prior of a bluff in fifty and what challenges
showed), so that the playouts neither let an Expert's bluff from a big hand go unpunished
nor punish its honest +4 from a mid-sized one, which Hard at the table lets pass.
It reads only the hand of the player it moves for, so the sampled hands of the others never
steer a move (letting it peek at the next hand to block measured worse in a short arena run).
Without views to build, a few hundred samples fit in the budget instead of a few dozen; the
playouts live in ``game.ai.playout``, which ``make fast`` compiles.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from game.actions import (
    Action,
    CallUno,
    ChooseColor,
    Draw,
    Pass,
    Play,
)
from game.ai.inference import MISMATCH_KEEP, Reading
from game.ai.levels import Hard, Level
from game.ai.memory import Memory
from game.ai.playout import Lacks, WildFourMemory, playout
from game.cards import COLORS, Card, Color, Rank, deck
from game.engine import Game, IllegalAction, Phase, shuffle
from game.rules import Stacking
from game.view import SeatView

# The share of won hands a candidate must gain over the Hard choice to replace it (on top of
# one standard error of that gain): a few noisy playouts should not overturn a sound habit.
MARGIN = 0.02
SE_K = 1.0  # standard errors of the gain a replacement must also clear
# Successive elimination: from FIRST_CHECK samples on, every CHECK_EVERY samples, a candidate
# whose gain plus DROP_K standard errors is still below MARGIN is no longer played out.
FIRST_CHECK = 40
CHECK_EVERY = 20
DROP_K = 1.5


# The Expert's time per decision, in seconds: the default of ExpertConfig, make_agent and the
# tools' --budget.
BUDGET_S = 0.2


@dataclass(frozen=True)
class ExpertConfig:
    """Every option of an Expert: the whole of it crosses to the worker process
    (``game.ai.worker``), so an Expert decides there as it would here. The defaults are the
    level as it plays; the switches turn off one part each (``tools.arena --expert``,
    ``tools.measure.decision_gain``)."""

    budget_s: float = BUDGET_S  # the search stops after this long...
    samples: int | None = None  # ...or after this many samples (reproducible arenas)
    # The guard and the dropping of the search (the module constants by default).
    margin: float = MARGIN
    se_k: float = SE_K
    drop_k: float = DROP_K
    infer_named: bool = True  # a player holds the color it named for its wild
    read_plays: bool = True  # samples lean toward hands that explain the leads seen
    mismatch_keep: float = MISMATCH_KEEP  # the share of unexplained hands kept anyway
    rank_lacks: bool = True  # ranks a player lacked, as well as colors
    playout_lacks: bool = True  # the playouts' players count what they saw others lack
    draw_candidate: bool = True  # drawing instead of playing is searched
    own_lacks: bool = True  # the foes in the playouts also read the Expert's lacks
    hard_challenges: bool = True  # the playouts challenge a +4 as Hard judges it
    hard_plays: bool = True  # the playouts play Hard's choices
    deal_each: bool = True  # each hand is dealt again on its own (else the whole deal)
    read_across: bool = True  # leads made before the player took cards are read too


DEFAULT = ExpertConfig()


class Expert(Hard):
    level = Level.EXPERT

    def __init__(self, config: ExpertConfig = DEFAULT) -> None:
        self.config = config
        # Each search's samples, and whether the time budget ended it (tools.measure.ai_timing).
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
        # Declining to play: after a draw, keeping the drawn card; before, drawing instead of
        # playing (the rules allow it; it may keep a wild for the end).
        candidates = plays + [a for a in legal if isinstance(a, Pass)]
        if self.config.draw_candidate and plays:
            candidates += [a for a in legal if isinstance(a, Draw)]
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
        c = self.config
        base_i = candidates.index(default)
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        runs = 0
        inputs = self._inputs(view, memory)
        deadline = time.perf_counter() + c.budget_s
        limit = c.samples if c.samples is not None else 1_000_000
        while runs < limit:
            if not self._sample(view, memory, rng, inputs, candidates, alive, values, prefix):
                return default  # the position could not be set up again
            runs += 1
            if c.samples is None and time.perf_counter() >= deadline:
                break
            if runs >= FIRST_CHECK and runs % CHECK_EVERY == 0:
                alive = [
                    i
                    for i in alive
                    if i == base_i
                    or _upper(_diffs(values[i], values[base_i]), c.drop_k) >= c.margin
                ]
                if len(alive) == 1:
                    self.searched.append((runs, False))
                    return default
        self.searched.append((runs, c.samples is None and runs < limit))
        return self._choice(candidates, alive, values, base_i, default)

    def _inputs(self, view: SeatView, memory: Memory) -> _SearchInputs:
        """What every sample of one search reads from the memory, built once."""
        c = self.config
        reading = Reading(view, memory.led, memory.known, c.read_across) if c.read_plays else None
        lacks = None
        if c.playout_lacks:
            # The foes in the playouts also count with what they could read of our hand.
            skip = -1 if c.own_lacks else view.seat
            lacks = Lacks.of(view.players, memory.void, memory.wildless, skip)
        record = WildFourMemory.of(
            view.players,
            memory.bluffs_shown,
            memory.honest_shown,
            memory.challenges,
            memory.wd4_faced,
        )
        return _SearchInputs(reading, lacks, record)

    def _sample(
        self,
        view: SeatView,
        memory: Memory,
        rng: random.Random,
        inputs: _SearchInputs,
        candidates: list[Action],
        alive: list[int],
        values: list[list[float]],
        prefix: Action | None,
    ) -> bool:
        """Deal one sample of the hidden cards and play every candidate still in question out
        on it, adding each playout's value to ``values``; False when ``prefix`` cannot be
        played on the sampled position."""
        c = self.config
        sample = random.Random(int(rng.random() * 2**31))
        hands, pile = sample_hands(
            view,
            memory,
            sample,
            c.infer_named,
            inputs.reading,
            c.mismatch_keep,
            c.rank_lacks,
            c.deal_each,
        )
        seed = int(sample.random() * 2**31)
        for i in alive:
            game = position(view, hands, pile, seed)
            if prefix is not None:
                try:
                    game.apply(prefix)
                except IllegalAction:
                    return False
            own = inputs.lacks.copy() if inputs.lacks is not None else None
            values[i].append(
                playout(
                    game,
                    view.seat,
                    candidates[i],
                    own,
                    inputs.record,
                    c.hard_challenges,
                    c.hard_plays,
                )
            )
        return True

    def _choice(
        self,
        candidates: list[Action],
        alive: list[int],
        values: list[list[float]],
        base_i: int,
        default: Action,
    ) -> Action:
        """Leave the Hard choice only for a gain larger than the margin and than ``SE_K``
        standard errors of that gain, on the samples every remaining candidate met."""
        c = self.config
        best, best_gain = default, 0.0
        for i in alive:
            gain, spread = _mean_se(_diffs(values[i], values[base_i]))
            if gain > max(c.margin, c.se_k * spread) and gain > best_gain:
                best, best_gain = candidates[i], gain
        return best


@dataclass(frozen=True)
class _SearchInputs:
    """What one search reads from the memory for all its samples: the reading of the leads
    seen (None when the config leaves it out), the lacks the playouts' players start from
    (likewise) and the +4 record of the table."""

    reading: Reading | None
    lacks: Lacks | None
    record: WildFourMemory


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


def _upper(diffs: list[float], drop_k: float) -> float:
    """The gain plus ``drop_k`` standard errors: what the candidate might still be worth."""
    mean, se = _mean_se(diffs)
    return mean + drop_k * se


def _kind(action: Action) -> object:
    """What tells candidates apart: a card's color and rank, or the kind of action."""
    if isinstance(action, Play):
        return (action.card.color, action.card.rank)
    return type(action).__name__


def sample_position(
    view: SeatView,
    memory: Memory,
    rng: random.Random,
    infer_named: bool = True,
    read_plays: bool = True,
) -> Game:
    """A full game consistent with ``view`` (``sample_hands``), set up for a playout."""
    reading = Reading(view, memory.led, memory.known) if read_plays else None
    hands, pile = sample_hands(view, memory, rng, infer_named, reading)
    return position(view, hands, pile, int(rng.random() * 2**31))


SAMPLE_TRIES = 12  # deals tried for hands that explain the plays seen (then the last stands)


def sample_hands(
    view: SeatView,
    memory: Memory,
    rng: random.Random,
    infer_named: bool = True,
    reading: Reading | None = None,
    keep: float = MISMATCH_KEEP,
    rank_lacks: bool = True,
    each: bool = True,
) -> tuple[list[list[Card]], list[Card]]:
    """The hidden cards dealt consistently with ``view`` (``deal_hidden``); with a
    ``reading`` of the plays seen, a hand that would not have led with the cards its player
    led with (``game.ai.inference``) is dealt again from the draw pile and its own cards, the
    other hands standing, but for a ``keep`` share of them, so the samples lean toward the
    hands that explain the table. Each player's hand is dealt again on its own: a whole deal
    dealt again until every hand explains its plays (``each`` False, as before 2026-11-26)
    reached one at four players less often and at a higher cost (docs/ai-journal.md)."""
    hands, pile, firsts = _deal(view, memory, rng, infer_named, rank_lacks)
    if not reading:
        return hands, pile
    if not each:
        for _ in range(SAMPLE_TRIES - 1):
            if reading.explains(hands) or rng.random() < keep:
                return hands, pile
            hands, pile, firsts = _deal(view, memory, rng, infer_named, rank_lacks)
        return hands, pile
    for i, p in enumerate(reading.players):
        hand, first = hands[p], firsts[p]
        for _ in range(SAMPLE_TRIES - 1):
            if reading.explains_player(i, hand) or rng.random() < keep:
                break
            pile.extend(hand[first:])
            del hand[first:]
            shuffle(rng, pile)
            _deal_to(view, memory, p, hand, pile, infer_named, rank_lacks)
    return hands, pile


def _uid(card: Card) -> int:
    return card.uid


def deal_hidden(
    view: SeatView,
    memory: Memory,
    rng: random.Random,
    infer_named: bool = True,
    rank_lacks: bool = True,
) -> tuple[list[list[Card]], list[Card]]:
    """The hidden cards dealt at random to the other hands (cards known in a hand stay there;
    of a player who lacked a color, or any wild, or with ``rank_lacks`` a rank, only the cards
    it has taken since may be of it) and the rest to the draw pile. With
    ``infer_named``, a player who named a color for a wild and has played none of it since
    holds at least one card of it (a sound player names a color it holds)."""
    hands, pile, _ = _deal(view, memory, rng, infer_named, rank_lacks)
    return hands, pile


def _deal(
    view: SeatView,
    memory: Memory,
    rng: random.Random,
    infer_named: bool,
    rank_lacks: bool,
) -> tuple[list[list[Card]], list[Card], list[int]]:
    """``deal_hidden``, with where each hand's dealt cards start (after its known ones)."""
    cards = deck(view.rules.deck)
    placed = {c.uid for c in view.hand} | {c.uid for c in view.discard}
    hands: list[list[Card]] = [[] for _ in range(view.players)]
    hands[view.seat] = list(view.hand)
    for p, known in memory.known.items():
        if p == view.seat:
            continue
        # In the cards' order, not the set's: a set of cards iterates by their identity hash,
        # which differs from one process to the next, and the deal must not.
        for card in sorted(known, key=_uid):
            if card.uid not in placed and len(hands[p]) < view.hand_sizes[p]:
                hands[p].append(card)
                placed.add(card.uid)
    firsts = [len(hand) for hand in hands]
    pool = [c for c in cards if c.uid not in placed]
    shuffle(rng, pool)
    for p in range(view.players):
        if p != view.seat:
            _deal_to(view, memory, p, hands[p], pool, infer_named, rank_lacks)
    return hands, pool, firsts


def _deal_to(
    view: SeatView,
    memory: Memory,
    p: int,
    hand: list[Card],
    pool: list[Card],
    infer_named: bool,
    rank_lacks: bool,
) -> None:
    """Fill player ``p``'s ``hand`` (its known cards already in it) from the shuffled ``pool``
    up to its size, within what ``memory`` says it lacks."""
    known_n = len(hand)
    need = view.hand_sizes[p] - known_n
    # The lacks of p: a color (None: any wild) or a rank it held none of, and how many
    # cards it has taken since. Only that many of its newest cards can be of it: the hand
    # is dealt from the newest card back, and a card older than a lack may not be of it
    # (a cap on the whole hand instead would let every card be the one it took since,
    # which dealt, heads-up, a wild to a hand of two 15% of the time against 5.5% in
    # Hard's real hands).
    room: dict[Color | None, int] = {c: n for c, n in memory.void.get(p, {}).items()}
    if p in memory.wildless:
        room[None] = memory.wildless[p]
    ranks = memory.rank_void.get(p, {}) if rank_lacks else {}  # read, never changed
    for age in range(need):  # age 0: the card it took last
        if not pool:
            break
        i = 0
        while i < len(pool):
            card = pool[i]
            since = room.get(None if card.is_wild else card.color)
            since_r = None if card.is_wild else ranks.get(card.rank)
            if (since is None or since > age) and (since_r is None or since_r > age):
                break
            i += 1
        # Not enough cards outside the lacks (rare): the last card of the pool.
        hand.append(pool.pop(i if i < len(pool) else -1))
    named = memory.named.get(p) if infer_named else None
    if named is not None and named not in room:
        _hold_named(hand, known_n, pool, named, ranks)


def position(view: SeatView, hands: list[list[Card]], pile: list[Card], seed: int) -> Game:
    """The quiet game of ``view`` with ``hands`` and draw ``pile`` (top card last)."""
    drawn = view.drawn
    return Game.from_position(
        view.rules,
        seed=seed,
        hands=hands,
        draw_pile=pile,
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


def _hold_named(
    hand: list[Card],
    first_dealt: int,
    pool: list[Card],
    color: Color,
    ranks: dict[Rank, int],
) -> None:
    """Make sure ``hand`` holds a card of ``color``: if none of it was dealt, the last card
    dealt to it (its oldest, never a known one, from ``first_dealt`` on) trades places with
    the first card of the color left in ``pool`` that it may hold that old: not of a rank it
    lacked (``ranks``: a lacked rank and the cards taken since), unless the pool has no other
    card of the color."""
    if len(hand) <= first_dealt or any(c.color is color for c in hand):
        return
    age = len(hand) - 1 - first_dealt  # the oldest dealt card's place, counted from the newest
    of_color = [j for j, c in enumerate(pool) if c.color is color]
    if not of_color:
        return
    j = next((j for j in of_color if ranks.get(pool[j].rank, age + 1) > age), of_color[0])
    hand[-1], pool[j] = pool[j], hand[-1]
