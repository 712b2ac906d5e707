"""The Expert's playouts: a sampled hand played to its end by a light policy that makes the
Hard level's choices without building a view and a memory for every move.

This module is the inner loop of the Expert's search (most of its time goes here) and is kept
apart from the search so that ``tools.build_fast`` can compile it with the engine. It also holds
the card-counting arithmetic it shares with the Hard level (``none_among``, ``BLOCK_W``,
``EXTRA_TURN``, ``CHAIN_W``, the bluff priors, ``bluff_tendency``, ``challenge_stakes_of``).
It reads only the sampled ``Game`` (quiet: no events are built), the hand of the player it
moves for, what each player was seen to lack (``Lacks``: counted from the searching seat's
memory and then from the playout's own draws and plays, all public), and what the match's Wild
Draw Fours showed of each player (``WildFourMemory``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.actions import (
    Accept,
    Action,
    CallUno,
    Challenge,
    ChooseColor,
    ChooseSwap,
    Draw,
    Pass,
    Play,
)
from game.cards import COLORS, Card, Color, DeckKind, Rank, deck
from game.engine import Game, IllegalAction, Phase

PLAYOUT_LIMIT = 600  # actions; a playout this long counts as a draw
# Round points in a playout's score are divided by this: a typical hand's 20 to 60 points add
# a tenth or so to the 1 the win is worth, so points break near-ties between lines and never
# outweigh the win.
POINTS_SCALE = 400.0
BLOCK_W = 1000.0  # a 0.1% better chance that the next foe must draw outweighs a card of habit
EXTRA_TURN = (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO)  # heads-up, each gives us another turn
CHAIN_W = 3.0  # heads-up, an extra-turn card goes before the card it lets us play after it
# How often Hard takes a +4 to be a bluff before challenges have shown anything (its foes
# mostly play a +4 only when it is legal; see game.ai.levels).
HARD_BLUFF_PRIOR = 0.02
NORMAL_BLUFF_PRIOR = 0.1  # Normal's: one in ten


def none_among(total: int, matching: int, held: int) -> float:
    """The chance that ``held`` cards drawn from ``total`` include none of ``matching``."""
    if held <= 0 or matching <= 0:
        return 1.0
    if held > total - matching:
        return 0.0
    return math.comb(total - matching, held) / math.comb(total, held)


def bluff_tendency(bluffs: int, honest: int, prior: float) -> float:
    """How often a player is taken to bluff a +4: the ``prior``, worth ten +4s seen, moved by
    the bluffs and honest +4s that challenges have shown of it (quickly, as they are few)."""
    return (bluffs + prior * 10.0) / (bluffs + honest + 10.0)


def challenge_stakes_of(foes: int) -> tuple[float, float]:
    """What a challenge of a +4 wins and loses, in cards, at a table of ``foes`` foes. Caught,
    the bluffer draws the four (worth a share of its cards to us: all of them heads-up, a third
    at four players) and we take a turn instead of losing one; wrong, we draw six, not four."""
    return 4.0 + 4.0 / max(1, foes) + 1.0, 2.0


def playout(
    game: Game,
    seat: int,
    first: Action,
    lacks: Lacks | None = None,
    record: WildFourMemory | None = None,
    hard_challenges: bool = True,
    hard_plays: bool = True,
) -> float:
    """Apply ``first``, play the hand out with the light policy, and score it for ``seat``
    (see ``_value``). The sampled game is quiet: nothing reads events here. With ``lacks``
    (what the searching seat's memory says each player lacks; this playout's own copy), every
    player counts the next player's chance to follow with the lacks, as Hard does, and the
    lacks follow the playout's draws and plays. ``record``: what the match's +4s showed of
    each player (without, Hard's prior and no challenges seen). ``hard_challenges``: a +4 is
    challenged as Hard judges it (``_suspect``); without, from a hand size alone
    (``_suspect_by_size``). ``hard_plays``: the plays (bluffs included) and colors as Hard
    chooses them (``_best_play``, ``_best_color``); without, the older light rules (an
    extra-turn card always first when a card can follow it, no wild count, the first color
    between equals, no bluff)."""
    try:
        game.apply(first)
    except IllegalAction:
        return -10.0  # below any outcome: never chosen
    tally = Tally(game)
    apply = game.apply
    if lacks is not None:
        lacks.start(game)
    for _ in range(PLAYOUT_LIMIT):
        if game.phase in _OVER:
            return _value(game, seat)
        action = light_policy(game, tally, lacks, record, hard_challenges, hard_plays)
        if lacks is None:
            apply(action)
            continue
        lacks.before(game, action, tally.deck)
        apply(action)
        lacks.after(game)
    return 0.0


_OVER = (Phase.ROUND_OVER, Phase.MATCH_OVER)


def light_policy(
    game: Game,
    tally: Tally | None = None,
    lacks: Lacks | None = None,
    record: WildFourMemory | None = None,
    hard_challenges: bool = True,
    hard_plays: bool = True,
) -> Action:
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
        return _best_play(game, actor, plays, tally, lacks, record, hard_plays)
    if phase is Phase.COLOR:
        color = COLORS[_best_color(game, actor, tally, lacks, hard_plays)]
        return next(a for a in mine if isinstance(a, ChooseColor) and a.color is color)
    if phase in (Phase.PENALTY, Phase.SKIP):
        # Stack or bounce when possible; challenge a +4 when Hard would (below); otherwise
        # take it.
        answer = next((a for a in mine if isinstance(a, Play)), None)
        if answer is not None:
            return answer
        challenge = next((a for a in mine if isinstance(a, Challenge)), None)
        if challenge is not None:
            if hard_challenges:
                if _suspect(game, actor, tally, lacks, record):
                    return challenge
            elif _suspect_by_size(game, actor):
                return challenge
        return next(a for a in mine if isinstance(a, Accept))
    if phase is Phase.SWAP:
        swaps = [a for a in mine if isinstance(a, ChooseSwap)]
        return min(swaps, key=lambda a: len(game.hands[a.target]))
    if phase is Phase.DRAWN:
        drawn = game.drawn
        # Like Hard, keep a drawn wild for later unless a player is close to out.
        close = min(map(len, game.hands)) <= 2
        if drawn is not None and drawn.is_wild and not close:
            keep = next((a for a in mine if isinstance(a, Pass)), None)
            if keep is not None:
                return keep
    return mine[0]  # a drawn card is played; rules are made in the engine's order


class DeckCounts:
    """Per deck kind: each card's color index and rank as small ints (indexed by uid), and how
    many cards of each color, rank and (color, rank) the deck holds, and how many wilds. Lists
    of ints keep the counting in a playout cheap (hashing enums is slow); game.ai.inference
    counts with them too."""

    def __init__(self, kind: DeckKind) -> None:
        cards = deck(kind)
        self.size = len(cards)
        self.col = [COLORS.index(c.color) if c.color is not None else -1 for c in cards]
        self.rank = [int(c.rank) for c in cards]
        self.points = [c.points for c in cards]
        self.by_color = [0] * 4
        self.by_rank = [0] * 32
        self.by_cr = [0] * 128
        self.wilds = 0
        for c, r in zip(self.col, self.rank, strict=True):
            if c < 0:
                self.wilds += 1
            else:
                self.by_color[c] += 1
                self.by_rank[r] += 1
                self.by_cr[c * 32 + r] += 1


_DECKS: dict[DeckKind, DeckCounts] = {}


def deck_counts(kind: DeckKind) -> DeckCounts:
    """The counts of a deck kind, built once."""
    d = _DECKS.get(kind)
    if d is None:
        d = _DECKS[kind] = DeckCounts(kind)
    return d


class Tally:
    """The discard pile of one playout by color and rank, kept up to date as the pile grows
    (and counted afresh when a reshuffle shrinks it), so each move need not count it again."""

    def __init__(self, game: Game) -> None:
        self.deck = deck_counts(game.rules.deck)
        self.length = 0
        self.by_color = [0] * 4
        self.by_rank = [0] * 32
        self.by_cr = [0] * 128
        self.wilds = 0

    def update(self, discard: list[Card]) -> None:
        if len(discard) < self.length:
            self.length = 0
            self.by_color = [0] * 4
            self.by_rank = [0] * 32
            self.by_cr = [0] * 128
            self.wilds = 0
        col, rank = self.deck.col, self.deck.rank
        for card in discard[self.length :]:
            c = col[card.uid]
            if c >= 0:
                r = rank[card.uid]
                self.by_color[c] += 1
                self.by_rank[r] += 1
                self.by_cr[c * 32 + r] += 1
            else:
                self.wilds += 1
        self.length = len(discard)


# Color indexes (COLORS order) by color, for the few lookups outside the per-uid lists.
_COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
_WD4 = int(Rank.WILD_DRAW_FOUR)
_SKIP, _REVERSE, _DRAW_TWO = int(Rank.SKIP), int(Rank.REVERSE), int(Rank.DRAW_TWO)
# Plays after which the lacks tell nothing: hands moved between players (a 0 or a 7 under
# 7-0, Wild Shuffle Hands) or cards left them outside a turn (House Rules cards). Only these
# ranks keep the lacks (a 0 and a 7 too without 7-0); any other play forgets them all.
_PLAIN = frozenset(
    int(r)
    for r in (
        *(Rank(n) for n in range(1, 10) if n != 7),
        Rank.SKIP,
        Rank.REVERSE,
        Rank.DRAW_TWO,
        Rank.WILD,
        Rank.WILD_DRAW_FOUR,
    )
)
_PLAIN_NO_SEVEN_ZERO = _PLAIN | {int(Rank.ZERO), int(Rank.SEVEN)}


class Lacks:
    """What each player of one playout seems to lack, counted as Hard's memory counts it
    (``game.ai.memory``): per player and color, and for wilds, -1 for no lack seen, otherwise
    how many cards the player has taken since. A draw instead of a play shows a lack of the
    color in force and of wilds; each card taken may bring them back; a card of the color
    played shows one came back. The searching seat's memory gives the lacks at the start."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.void = [-1] * (players * 4)  # [player * 4 + color index]
        self.wild = [-1] * players
        self.drew_at = [-1] * players  # the color a player drew on this turn (-1: none)
        self.sizes = [0] * players
        self.plain = _PLAIN  # set by start() from the rules
        self.drawer = -1  # the player drawing instead of playing, in the action under way
        self.drawer_color = -1
        # The lack (as in ``void``) of the color in force that the player of the last Wild
        # Draw Four had before playing it: its challenger reckons with it.
        self.wd4_lack = -1

    @staticmethod
    def of(
        players: int,
        void: dict[int, dict[Color, int]],
        wildless: dict[int, int],
        skip: int = -1,
    ) -> Lacks:
        """The lacks a memory noted (``Memory.void`` and ``Memory.wildless``), but those of
        player ``skip``."""
        lacks = Lacks(players)
        for p, colors in void.items():
            if p != skip:
                for color, since in colors.items():
                    lacks.void[p * 4 + _COLOR_INDEX[color]] = since
        for p, since in wildless.items():
            if p != skip:
                lacks.wild[p] = since
        return lacks

    def copy(self) -> Lacks:
        """The lacks as they stand, for one more playout (``start`` sets the rest)."""
        other = Lacks(self.players)
        other.void = self.void[:]
        other.wild = self.wild[:]
        return other

    def forget(self) -> None:
        self.void = [-1] * (self.players * 4)
        self.wild = [-1] * self.players
        self.drew_at = [-1] * self.players

    def start(self, game: Game) -> None:
        self.sizes = [len(h) for h in game.hands]
        self.plain = _PLAIN if game.rules.seven_zero else _PLAIN_NO_SEVEN_ZERO

    def before(self, game: Game, action: Action, d: DeckCounts) -> None:
        """Note what ``action``, about to be applied, shows."""
        p = action.player
        if isinstance(action, Draw):
            color = game.color
            if game.phase is Phase.PLAY and color is not None:
                self.drawer = p  # after() notes the lack once it sees what was taken
                self.drawer_color = _COLOR_INDEX[color]
        elif isinstance(action, Pass):
            c = self.drew_at[p]
            if c >= 0 and game.phase is Phase.DRAWN:
                self.void[p * 4 + c] = 0  # the card drawn could not follow either
            self.drew_at[p] = -1
        elif isinstance(action, Play):
            uid = action.card.uid
            r = d.rank[uid]
            if r not in self.plain:
                self.forget()
                return
            if r == _WD4:
                color = game.color
                self.wd4_lack = self.void[p * 4 + _COLOR_INDEX[color]] if color is not None else -1
            if self.drew_at[p] >= 0:
                # The card just drawn went straight out: the lacks stand as they were.
                self.drew_at[p] = -1
                self._taken(p, -1)
                return
            c = d.col[uid]
            if c < 0:
                color = game.color
                if color is not None:
                    self.void[p * 4 + _COLOR_INDEX[color]] = 0  # a wild while it could follow?
                w = self.wild[p]
                self.wild[p] = -1 if w == 0 else max(-1, w - 1)
            else:
                v = self.void[p * 4 + c]
                self.void[p * 4 + c] = -1 if v == 0 else max(-1, v - 1)
        elif isinstance(action, ChooseSwap):
            self.forget()

    def after(self, game: Game) -> None:
        """Count the cards each player took in the action just applied, and note the lack a
        draw instead of a play showed: none of the color and no wild, except among the cards
        drawn; when the turn ended at once, the card drawn could not follow either."""
        sizes = self.sizes
        for p, hand in enumerate(game.hands):
            n = len(hand)
            if n > sizes[p]:
                self._taken(p, n - sizes[p])
                if p == self.drawer:
                    c = self.drawer_color
                    self.void[p * 4 + c] = n - sizes[p]
                    self.wild[p] = n - sizes[p]
                    if game.phase is Phase.DRAWN and game.drawn is not None:
                        self.drew_at[p] = c  # play or keep the card drawn: before() sees it
                    else:
                        self.void[p * 4 + c] = 0
            sizes[p] = n
        self.drawer = -1

    def _taken(self, p: int, k: int) -> None:
        void, base = self.void, p * 4
        for i in range(base, base + 4):
            if void[i] >= 0:
                void[i] = max(0, void[i] + k)
        if self.wild[p] >= 0:
            self.wild[p] = max(0, self.wild[p] + k)


@dataclass(frozen=True)
class WildFourMemory:
    """What the match's Wild Draw Fours showed of each player, as the searching seat's memory
    holds it (read, never changed in a playout): how often each is taken to bluff one (Hard's
    estimate, ``bluff_tendency``, from the bluffs and honest +4s its challenges showed), the
    challenges each made and the +4s each faced."""

    bluffing: tuple[float, ...]
    challenges: tuple[int, ...]
    faced: tuple[int, ...]

    @staticmethod
    def of(
        players: int,
        bluffs: dict[int, int],
        honest: dict[int, int],
        challenges: dict[int, int],
        faced: dict[int, int],
    ) -> WildFourMemory:
        """From a memory's ``bluffs_shown``, ``honest_shown``, ``challenges`` and
        ``wd4_faced``."""
        seats = range(players)
        return WildFourMemory(
            tuple(
                bluff_tendency(bluffs.get(p, 0), honest.get(p, 0), HARD_BLUFF_PRIOR) for p in seats
            ),
            tuple(challenges.get(p, 0) for p in seats),
            tuple(faced.get(p, 0) for p in seats),
        )


def _suspect(
    game: Game, victim: int, tally: Tally | None, lacks: Lacks | None, record: WildFourMemory | None
) -> bool:
    """Would Hard, in ``victim``'s seat, challenge the +4 just played on it? Hard's estimate
    (``Normal.bluff_probability`` with Hard's prior of a bluff in fifty): the chance that the
    +4 player still held the color it was played on, counted from the cards ``victim`` has not
    seen and, when it had been seen to lack the color, from only the cards it has taken since;
    a challenge when that chance, weighed by how often the player is taken to bluff (the prior,
    moved by what challenges in the match showed: ``WildFourMemory.bluffing``), pays for the
    risk. With no lack seen and no bluff shown, that takes a hand of about ten cards: a +4 from
    a mid-sized hand is not challenged, as Hard at the table does not challenge it."""
    color = game.wd4_color_before
    if color is None:
        return False
    p = _previous_active(game, victim)
    d = tally.deck if tally is not None else deck_counts(game.rules.deck)
    c = _COLOR_INDEX[color]
    col = d.col
    hand = game.hands[victim]
    mine = 0
    for card in hand:
        if col[card.uid] == c:
            mine += 1
    if tally is not None:
        tally.update(game.discard)
        shown = tally.by_color[c]
    else:
        shown = sum(1 for card in game.discard if col[card.uid] == c)
    unseen = d.size - len(hand) - len(game.discard)
    size = len(game.hands[p])
    since = lacks.wd4_lack if lacks is not None else -1
    held = 1.0 - none_among(
        unseen, d.by_color[c] - shown - mine, size if since < 0 else min(size, since)
    )
    if held >= 1.0:
        return True
    bluff = (record.bluffing[p] if record is not None else HARD_BLUFF_PRIOR) * held
    chance = bluff / (bluff + (1.0 - held))
    gain, cost = challenge_stakes_of(sum(game.active) - 1)
    return chance * gain > (1.0 - chance) * cost


def _suspect_by_size(game: Game, victim: int) -> bool:
    """The older rule (arena flag ``hard_challenges=0``): Normal's estimate of a bluff from the
    +4 player's hand size alone, which pays for a challenge from four cards heads-up and five
    at a bigger table (Hard at the table waits for about ten)."""
    p = _previous_active(game, victim)
    return len(game.hands[p]) >= (4 if sum(game.active) == 2 else 5)


def _previous_active(game: Game, seat: int) -> int:
    """The active seat before ``seat`` in the direction of play (who played the card that
    ``seat`` must answer)."""
    n = game.players
    p = (seat - game.direction) % n
    while not game.active[p]:
        p = (p - game.direction) % n
    return p


def _best_color(
    game: Game, actor: int, tally: Tally | None, lacks: Lacks | None, hard: bool
) -> int:
    """The color to name (an index in COLORS), as Hard names it (``Hard.color``): the one the
    actor holds most of; between equals, the one the next foe and the leader (the smallest
    hand) are least likely to follow, from the cards the actor has not seen and their lacks;
    then the first in COLORS. Without ``hard`` or a tally, the first between equals."""
    d = tally.deck if tally is not None else deck_counts(game.rules.deck)
    col = d.col
    hand = game.hands[actor]
    counts = [0] * 4
    h_wilds = 0
    for card in hand:
        c = col[card.uid]
        if c >= 0:
            counts[c] += 1
        else:
            h_wilds += 1
    top = max(counts)
    tied = [i for i in range(4) if counts[i] == top]
    if len(tied) == 1 or not hard or tally is None:
        return tied[0]
    tally.update(game.discard)
    unseen = d.size - len(hand) - len(game.discard)
    u_wilds = d.wilds - tally.wilds - h_wilds
    nxt = _next_active(game, actor)
    partner = (actor + 2) % 4 if game.rules.teams else -1
    foes = [p for p in range(game.players) if game.active[p] and p not in (actor, partner)]
    leader = min(foes, key=lambda p: (len(game.hands[p]), p != nxt), default=nxt)
    best, best_value = tied[0], -1.0
    for c in tied:
        u_c = d.by_color[c] - tally.by_color[c] - counts[c]
        hurt = 0.6 * _none_follows(game, nxt, c, unseen, u_c, u_wilds, lacks)
        hurt += 0.3 * _none_follows(game, leader, c, unseen, u_c, u_wilds, lacks)
        if hurt > best_value:
            best, best_value = c, hurt
    return best


def _none_follows(
    game: Game, p: int, c: int, unseen: int, u_c: int, u_wilds: int, lacks: Lacks | None
) -> float:
    """The chance that player ``p`` holds neither a wild nor a card of color ``c`` (``u_c``
    of them unseen, and ``u_wilds`` wilds), counting a lack as Hard does."""
    held = len(game.hands[p])
    w_held = c_held = held
    if lacks is not None:
        w, v = lacks.wild[p], lacks.void[p * 4 + c]
        w_held = held if w < 0 else min(held, w)
        c_held = held if v < 0 else min(held, v)
    return none_among(unseen, u_wilds, w_held) * none_among(unseen, u_c, c_held)


def _next_active(game: Game, seat: int) -> int:
    """The next active seat after ``seat`` in the sampled game's direction of play."""
    n = game.players
    p = (seat + game.direction) % n
    while not game.active[p]:
        p = (p + game.direction) % n
    return p


def _best_play(
    game: Game,
    actor: int,
    plays: list[Play],
    tally: Tally | None,
    lacks: Lacks | None = None,
    record: WildFourMemory | None = None,
    hard_plays: bool = True,
) -> Action:
    """Hard's taste (``Hard.choose_play``), cheaply: a +4 bluff where Hard would bluff
    (``_bluff``); wilds last (a plain wild before a Wild Draw Four); the card the next player
    is least likely to follow, then the biggest color, then the most points; heads-up an
    extra-turn card is worth what can be played after it (``_chain_value``). Without a tally
    (a call from outside a playout) the counting is left out. Small ints indexed by uid keep
    it cheap: this runs for most moves of every playout."""
    if len(plays) == 1:
        return plays[0]
    d = tally.deck if tally is not None else deck_counts(game.rules.deck)
    col, rank = d.col, d.rank
    if hard_plays and tally is not None and game.rules.wd4_bluffing and not game.must_play:
        bluff = _bluff(game, actor, plays, tally, record)
        if bluff is not None:
            return bluff
    colored = [a for a in plays if col[a.card.uid] >= 0]
    if not colored:
        return min(plays, key=lambda a: a.card.rank is Rank.WILD_DRAW_FOUR)
    if len(colored) == 1:
        return colored[0]
    hand = game.hands[actor]
    h_color = [0] * 4
    h_rank = [0] * 32
    h_cr = [0] * 128
    h_wilds = _count_hand(hand, col, rank, h_color, h_rank, h_cr)
    # Heads-up, an extra-turn card is valued by the cards that may follow it, so those need a
    # count too.
    chain = sum(game.active) == 2 and any(rank[a.card.uid] in _EXTRA_TURN for a in colored)
    counted = hand if chain else [a.card for a in colored]
    block: dict[int, float] = {}
    if tally is not None:
        block = _blocks(
            game, actor, counted, tally, lacks, hard_plays, h_wilds, h_color, h_rank, h_cr
        )
    return _pick(colored, hand, chain, d, block, h_color, hard_plays)


def _count_hand(
    hand: list[Card],
    col: list[int],
    rank: list[int],
    h_color: list[int],
    h_rank: list[int],
    h_cr: list[int],
) -> int:
    """Count ``hand``'s colored cards into ``h_color``, ``h_rank`` and ``h_cr`` (by color,
    rank and color * 32 + rank, as ``DeckCounts``); the number of its wilds."""
    h_wilds = 0
    for card in hand:
        c = col[card.uid]
        if c >= 0:
            r = rank[card.uid]
            h_color[c] += 1
            h_rank[r] += 1
            h_cr[c * 32 + r] += 1
        else:
            h_wilds += 1
    return h_wilds


def _blocks(
    game: Game,
    actor: int,
    counted: list[Card],
    tally: Tally,
    lacks: Lacks | None,
    hard_plays: bool,
    h_wilds: int,
    h_color: list[int],
    h_rank: list[int],
    h_cr: list[int],
) -> dict[int, float]:
    """Hard's count, by uid of each colored card of ``counted``: ``BLOCK_W`` times the chance
    that the next player cannot follow it. That is the chance it holds no wild (of those it
    has taken since it lacked them, if it did), no card of the card's color (likewise) and,
    in another color, none of its rank, as if its hand were drawn from the cards the actor
    has not seen (the deck less the actor's hand, counted in ``h_*``, and the discard)."""
    d = tally.deck
    col, rank = d.col, d.rank
    hand = game.hands[actor]
    tally.update(game.discard)
    unseen = d.size - len(hand) - len(game.discard)
    foe = _next_active(game, actor)
    held = len(game.hands[foe])
    no_wild = 1.0
    if lacks is not None and hard_plays:
        w_since = lacks.wild[foe]
        w_held = held if w_since < 0 else min(held, w_since)
        no_wild = none_among(unseen, d.wilds - tally.wilds - h_wilds, w_held)
    block: dict[int, float] = {}
    for card in counted:
        uid = card.uid
        c = col[uid]
        if c < 0:
            continue
        r = rank[uid]
        u_c = d.by_color[c] - tally.by_color[c] - h_color[c]
        cr = c * 32 + r
        u_r = (d.by_rank[r] - d.by_cr[cr]) - (tally.by_rank[r] - tally.by_cr[cr])
        u_r -= h_rank[r] - h_cr[cr]
        if lacks is None:
            block[uid] = BLOCK_W * none_among(unseen, u_c + u_r, held)
        else:
            since = lacks.void[foe * 4 + c]
            held_c = held if since < 0 else min(held, since)
            none = none_among(unseen, u_c, held_c) * none_among(unseen, u_r, held)
            block[uid] = BLOCK_W * no_wild * none
    return block


def _pick(
    colored: list[Play],
    hand: list[Card],
    chain: bool,
    d: DeckCounts,
    block: dict[int, float],
    h_color: list[int],
    hard_plays: bool,
) -> Play:
    """The colored play of best value: its color's count in the hand, its points and its count
    (``block``); heads-up, an extra-turn card by what can follow it (``chain``)."""
    col, rank, points = d.col, d.rank, d.points
    uids = [card.uid for card in hand] if chain else []
    best, best_value = colored[0], -1e18
    for a in colored:
        uid = a.card.uid
        c, r = col[uid], rank[uid]
        habit = h_color[c] + points[uid] / 100
        value = habit + block.get(uid, 0.0)
        if chain and r in _EXTRA_TURN:
            if hard_plays:
                value = _chain_value(uid, uids, 0, d, block)
            elif _follows(hand, uid, c, r, col, rank):
                value += 1e5  # the older rule (arena flag hard_plays=0): always first
            else:
                value = CHAIN_W + habit
        if value > best_value:
            best, best_value = a, value
    return best


_EXTRA_TURN = frozenset(int(r) for r in EXTRA_TURN)


def _bluff(
    game: Game, actor: int, plays: list[Play], tally: Tally, record: WildFourMemory | None
) -> Play | None:
    """A Wild Draw Four played as a bluff where Hard would play one (``Hard.bluff_now``): the
    next foe has two cards or fewer, none of the other plays would stop it (a Skip, a Draw
    Two, heads-up a Reverse), and that foe challenges seldom enough: as often as its
    challenges in the match show (a third with none), or nine times in ten when a foe
    reasoning as Normal does would suspect a +4 from a hand the actor's size."""
    d = tally.deck
    col, rank = d.col, d.rank
    wd4 = None
    for a in plays:
        if rank[a.card.uid] == _WD4:
            wd4 = a
            break
    color = game.color
    if wd4 is None or color is None:
        return None
    c = _COLOR_INDEX[color]
    hand = game.hands[actor]
    if not any(col[card.uid] == c for card in hand):
        return None  # not a bluff: Hard keeps a legal Wild Draw Four for later
    nxt = _next_active(game, actor)
    size = len(game.hands[nxt])
    if size > 2:
        return None
    two_handed = sum(game.active) == 2
    for a in plays:
        r = rank[a.card.uid]
        if r in (_SKIP, _DRAW_TWO) or (two_handed and r == _REVERSE):
            return None
    tally.update(game.discard)
    mine = sum(1 for card in hand if col[card.uid] == c)
    unseen = d.size - len(hand) - len(game.discard)
    left = len(hand) - 1
    held = 1.0 - none_among(unseen + left, d.by_color[c] - tally.by_color[c] - mine + 1, left)
    suspect = NORMAL_BLUFF_PRIOR * held
    suspected = suspect / (suspect + (1.0 - held)) if held < 1.0 else 1.0
    gain_foe, cost_foe = challenge_stakes_of(sum(game.active) - 1)
    made, faced = (record.challenges[nxt], record.faced[nxt]) if record is not None else (0, 0)
    chance = (made + 1.0) / (faced + 3.0)
    if suspected * gain_foe > (1.0 - suspected) * cost_foe:
        chance = max(chance, 0.9)
    gain, loss = 4.0 + 1.0 + size, 4.0
    return wd4 if (1.0 - chance) * gain > chance * loss else None


def _chain_value(
    uid: int, cards: list[int], depth: int, d: DeckCounts, block: dict[int, float]
) -> float:
    """Hard's value of playing card ``uid`` from ``cards`` heads-up: an extra-turn card (up to
    three deep) is worth ``CHAIN_W`` and the best card that can follow it from the rest (its
    habit if none can), any other its habit and its count (``block``)."""
    col, rank = d.col, d.rank
    c, r = col[uid], rank[uid]
    habit = d.points[uid] / 100
    for u in cards:
        if col[u] == c:
            habit += 1
    if r in _EXTRA_TURN and depth < 3 and len(cards) > 1:
        rest = [u for u in cards if u != uid]
        best = -1e18
        for u in rest:
            cu = col[u]
            if cu >= 0 and (cu == c or rank[u] == r):
                best = max(best, _chain_value(u, rest, depth + 1, d, block))
        return CHAIN_W + (best if best > -1e18 else habit)
    return habit + block.get(uid, 0.0)


def _follows(hand: list[Card], uid: int, c: int, r: int, col: list[int], rank: list[int]) -> bool:
    """Whether ``hand`` holds a colored card, other than card ``uid``, that can be played
    after it (its color ``c`` or its rank ``r``)."""
    for card in hand:
        u = card.uid
        if u != uid and col[u] >= 0 and (col[u] == c or rank[u] == r):
            return True
    return False


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
