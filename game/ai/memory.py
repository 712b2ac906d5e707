"""What one seat remembers: built only from that seat's redacted events.

An AI never reads the game: it reads its ``SeatView`` and this memory, which it feeds with
``events.redact(event, seat)``. From the events a careful player could note at a real table it
keeps: which cards it knows to be in another hand (its own old hand after a swap, a hand shown
to it after a challenge), which colors an opponent seems to lack and how many cards they have
taken since, whether they seem to hold no wild, and the current color as the events set it.

An opponent "seems to lack" a color when they drew instead of playing on it (they had no card
of it, and no wild either) and kept the card they drew, or when they played a wild on it (a
sound player keeps its wilds while it can follow). A draw on a colored card also shows they
held no card of its rank, in any color. Each card they take later may bring the color (or the
rank) back, so the memory counts those cards rather than forgetting the lack: a player who
lacked red and has since drawn two cards holds at most two red cards. The same is counted of
the seat itself: what the others can read of its hand (the Expert's playouts let the foes
count with it, as they can at the table).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.cards import Card, Color, Rank
from game.events import (
    CardPlayed,
    CardReturned,
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    Challenged,
    ColorChosen,
    DrawReason,
    Event,
    FirstCardTurned,
    HandsPassed,
    HandsShuffled,
    HandsSwapped,
    Passed,
    PenaltyPending,
    RoundStarted,
)

# The latest leads of each player that are kept and read (game.ai.inference): more are
# worth little (six measured 0.004 better in log loss for 23% more time per sample), and
# keeping only these bounds what a round's memory holds and sends to the search worker.
READ_PLAYS = 3


@dataclass(frozen=True, slots=True)
class SeenPlay:
    """A card a player led with in a plain turn: what it played on (the color in force and
    the card on top) and, heads-up, how many cards the next player (this seat) held then
    (-1 at a bigger table, where the next hand's size now stands in for it). With ``named``,
    the color the player named for ``card``, its wild, instead (``top`` is the wild too)."""

    card: Card
    color: Color
    top: Card
    next_size: int = -1
    named: bool = False
    # The cards the player took after this play, less any of them it played at once (the
    # newest cards of its hand now), and whether it took any card since at all.
    taken: int = 0
    took: bool = False


def _seen_play(s: SeenPlay, *, taken: int, took: bool) -> SeenPlay:
    """``s`` with another count of cards taken since: ``dataclasses.replace`` said the same at
    several times the cost (it runs for every card a player takes, in every AI's memory)."""
    return SeenPlay(
        card=s.card,
        color=s.color,
        top=s.top,
        next_size=s.next_size,
        named=s.named,
        taken=taken,
        took=took,
    )


@dataclass
class Memory:
    seat: int
    players: int
    color: Color | None = None
    hand: list[Card] = field(default_factory=list)  # own hand as the events built it
    known: dict[int, set[Card]] = field(default_factory=dict)  # cards seen in other hands
    # void[p][color]: p was seen without ``color`` and has taken this many cards since.
    void: dict[int, dict[Color, int]] = field(default_factory=dict)
    # wildless[p]: p was seen without a wild and has taken this many cards since.
    wildless: dict[int, int] = field(default_factory=dict)
    # rank_void[p][rank]: p drew instead of playing on a colored card of ``rank`` (so it held
    # none of that rank in any color) and has taken this many cards since.
    rank_void: dict[int, dict[Rank, int]] = field(default_factory=dict)
    # named[p]: the color p named for its wild, while p has played no card of it since: a
    # sound player names a color it holds (its strongest), so p likely still holds one.
    named: dict[int, Color] = field(default_factory=dict)
    # led[p]: the latest READ_PLAYS cards p led with in plain turns and colors it named, with
    # what they were played on and the cards it took since (game.ai.inference reads a sampled
    # hand by them), since its hand last changed other than by its plays and takes.
    led: dict[int, list[SeenPlay]] = field(default_factory=dict)
    top: Card | None = None  # the card on top of the discard pile
    wd4_color_before: Color | None = None  # the color a Wild Draw Four was played on
    # What this match's challenges showed (public): per player, +4s shown to be bluffs or
    # honest, challenges made, and +4s faced (as the player who could challenge).
    bluffs_shown: dict[int, int] = field(default_factory=dict)
    honest_shown: dict[int, int] = field(default_factory=dict)
    challenges: dict[int, int] = field(default_factory=dict)
    wd4_faced: dict[int, int] = field(default_factory=dict)
    # What was known of the +4 player's lack of the color before its +4: the +4 itself reads
    # as a lack (a wild played on a color), which must not count when judging a bluff.
    wd4_lack_before: int | None = None
    _last_wd4: bool = False
    _drew_at: dict[int, Color | None] = field(default_factory=dict)
    _drew_rank: dict[int, Rank] = field(default_factory=dict)

    def reset_round(self) -> None:
        self.hand = []
        self.known = {p: set() for p in range(self.players)}
        self.void = {p: {} for p in range(self.players)}
        self.wildless = {}
        self.rank_void = {}
        self.named = {}
        self.led = {}
        self.top = None
        self._drew_at = {}
        self._drew_rank = {}

    def lacks(self, player: int) -> set[Color]:
        """Colors ``player`` surely holds none of, as far as this seat has seen."""
        return {c for c, taken in self.void.get(player, {}).items() if taken == 0}

    def observe(self, event: Event) -> None:
        """Take in one event, already redacted for this seat."""
        match event:
            case RoundStarted():
                self.reset_round()
            case CardsDealt(_, deals):
                self.hand = [c for p, c in deals if p == self.seat and c is not None]
            case FirstCardTurned(card):
                self.color = card.color
                self.top = card
            case CardPlayed():
                self._on_played(event)
            case ColorChosen(player, color):
                self.color = color
                if player != self.seat:
                    self.named[player] = color
                    if self.top is not None and self.top.is_wild:
                        self._note_lead(player, SeenPlay(self.top, color, self.top, named=True))
            case CardsDrawn():
                self._on_drawn(event)
            case Passed(player):
                self._on_kept(player)
            case CardsDiscarded(player, cards):
                self.led.pop(player, None)  # the hand changed outside a turn's lead
                for card in cards:
                    self._forget(player, card)
                    if player == self.seat and card in self.hand:
                        self.hand.remove(card)
            case HandsSwapped(player, target, player_hand, target_hand):
                self._swap(player, target, player_hand, target_hand)
            case HandsPassed(_, moves, hands):
                self._pass(moves, hands)
            case HandsShuffled(_, deals):
                self._on_shuffled(deals)
            case PenaltyPending(victim, amount) if self._last_wd4 and amount == 4:
                self.wd4_faced[victim] = self.wd4_faced.get(victim, 0) + 1
            case Challenged():
                self._on_challenged(event)
            case CardReturned(player, card):
                self.known.setdefault(player, set()).add(card)
                if player == self.seat:
                    self.hand.append(card)
                self._took(player, 1)
            case _:
                pass

    def _on_played(self, event: CardPlayed) -> None:
        """A card played: a lead to read (not a jump-in), the color it leaves in force and, for
        a Wild Draw Four, what was known of its player's lack of the color before it."""
        player, card = event.player, event.card
        if player != self.seat and not event.jump_in:
            self._led(player, card)
        self.top = card
        self._last_wd4 = card.rank is Rank.WILD_DRAW_FOUR
        if card.rank is Rank.WILD_DRAW_FOUR:
            self.wd4_color_before = self.color
            lacks = self.void.get(player, {})
            self.wd4_lack_before = lacks.get(self.color) if self.color else None
        self._played(player, card)
        if card.color is not None:
            self.color = card.color
        self._forget(player, card)
        if player == self.seat and card in self.hand:
            self.hand.remove(card)

    def _on_drawn(self, event: CardsDrawn) -> None:
        """Cards drawn: each may bring a lacking color back; a draw for the turn shows a lack."""
        player, cards = event.player, event.cards
        if player == self.seat:
            self.hand.extend(c for c in cards if c is not None)
        self._took(player, len(cards))
        if event.reason is DrawReason.TURN and self.color is not None:
            # Drew instead of playing: no card of the color, and no wild.
            self.void.setdefault(player, {})[self.color] = len(cards)
            self.wildless[player] = len(cards)
            self._drew_at[player] = self.color
            if self.top is not None and not self.top.is_wild:
                rank = self.top.rank
                self.rank_void.setdefault(player, {})[rank] = len(cards)
                self._drew_rank[player] = rank

    def _on_kept(self, player: int) -> None:
        """``player`` kept the card just drawn: it could not follow the color either."""
        stood = self._drew_at.pop(player, None)
        if stood is not None:
            self.void.setdefault(player, {})[stood] = 0
        kept = self._drew_rank.pop(player, None)
        if kept is not None:
            self.rank_void.setdefault(player, {})[kept] = 0

    def _on_shuffled(self, deals: tuple[tuple[int, Card | None], ...]) -> None:
        """Every hand dealt again from all of them: nothing known or lacked holds any more."""
        self.hand = [c for p, c in deals if p == self.seat and c is not None]
        self.known = {p: set() for p in range(self.players)}
        self.void = {p: {} for p in range(self.players)}
        self.wildless = {}
        self.rank_void = {}
        self.named = {}
        self.led = {}

    def _on_challenged(self, event: Challenged) -> None:
        """A +4 challenged: the public record of bluffs and challenges, and the hand shown to
        the challenger when that is this seat."""
        player, target = event.player, event.target
        self.challenges[player] = self.challenges.get(player, 0) + 1
        shown = self.bluffs_shown if event.bluff else self.honest_shown
        shown[target] = shown.get(target, 0) + 1
        if player == self.seat and event.hand is not None:
            self.known[target] = set(event.hand)

    def _led(self, player: int, card: Card) -> None:
        """Note a card ``player`` led with in a plain turn (not the card it just drew, which
        it could only play or keep), before the play changes the color in force."""
        if player in self._drew_at or self.color is None or self.top is None:
            return
        # Heads-up the next player is this seat, whose hand size the events tell.
        size = len(self.hand) if self.players == 2 else -1
        self._note_lead(player, SeenPlay(card, self.color, self.top, size))

    def _note_lead(self, player: int, play: SeenPlay) -> None:
        """Add ``play`` to ``led``. The first lead since the player took cards moves it to the
        end of ``led``, where it stood when a take forgot its leads (the order in which the
        samplers read the players, so the sampler that reads only since the last take deals
        the same hands as before plays across takes were kept)."""
        seen = self.led.get(player)
        if seen is None or all(s.took for s in seen):
            seen = self.led.pop(player, [])
            self.led[player] = seen
        seen.append(play)
        # Only the latest are read; the older ones all took cards before these (a take marks
        # every lead kept), so reading since the last take also sees the same leads.
        del seen[:-READ_PLAYS]

    def _took(self, player: int, count: int) -> None:
        """``player`` took ``count`` unseen cards: each may bring back a lacking color."""
        seen = self.led.get(player)
        if seen:
            # Its hand before its plays was its hand now less its newest cards.
            self.led[player] = [_seen_play(s, taken=s.taken + count, took=True) for s in seen]
        void = self.void.get(player)
        if void:
            for color in void:
                void[color] += count
        if player in self.wildless:
            self.wildless[player] += count
        ranks = self.rank_void.get(player)
        if ranks:
            for rank in ranks:
                ranks[rank] += count

    def _played(self, player: int, card: Card) -> None:
        """``player`` played ``card``: it came from the cards they took since a lack, if any."""
        if card.color is not None and self.named.get(player) is card.color:
            del self.named[player]  # the color named came out: no more is read into it
        void = self.void.setdefault(player, {})
        ranks = self.rank_void.setdefault(player, {})
        just_drawn = self._drew_at.pop(player, None) is not None
        if player in self._drew_rank:
            del self._drew_rank[player]
        if just_drawn:
            # The card drawn a moment ago went straight out: the lacks stand as they were,
            # and so does the hand before the plays read.
            seen = self.led.get(player)
            if seen:
                self.led[player] = [
                    _seen_play(s, taken=max(0, s.taken - 1), took=s.took) for s in seen
                ]
            for color in void:
                void[color] = max(0, void[color] - 1)
            for rank in ranks:
                ranks[rank] = max(0, ranks[rank] - 1)
            if player in self.wildless:
                self.wildless[player] = max(0, self.wildless[player] - 1)
            return
        if card.rank in ranks:
            if ranks[card.rank] == 0:
                del ranks[card.rank]  # we were wrong: they held the rank after all
            else:
                ranks[card.rank] -= 1
        if card.is_wild and self.color is not None:
            # A sound player keeps wilds while it can follow: it seems to lack the color.
            void[self.color] = 0
        if card.color is not None and card.color in void:
            if void[card.color] == 0:
                del void[card.color]  # we were wrong: they held the color after all
            else:
                void[card.color] -= 1
        if card.is_wild and player in self.wildless:
            if self.wildless[player] == 0:
                del self.wildless[player]
            else:
                self.wildless[player] -= 1

    def _forget(self, player: int, card: Card) -> None:
        self.known.get(player, set()).discard(card)

    def _swap(
        self, a: int, b: int, a_hand: tuple[Card | None, ...], b_hand: tuple[Card | None, ...]
    ) -> None:
        """Hands ``a`` and ``b`` exchanged; what was known or lacked moves with the cards."""
        known, void, wildless = self.known, self.void, self.wildless
        known[a], known[b] = known.get(b, set()), known.get(a, set())
        void[a], void[b] = void.get(b, {}), void.get(a, {})
        ranks = self.rank_void
        ranks[a], ranks[b] = ranks.get(b, {}), ranks.get(a, {})
        wa, wb = wildless.pop(a, None), wildless.pop(b, None)
        if wb is not None:
            wildless[a] = wb
        if wa is not None:
            wildless[b] = wa
        na, nb = self.named.pop(a, None), self.named.pop(b, None)
        if nb is not None:
            self.named[a] = nb
        if na is not None:
            self.named[b] = na
        if self.seat in (a, b):
            mine, theirs, other = (a_hand, b_hand, b) if self.seat == a else (b_hand, a_hand, a)
            self.hand = [c for c in mine if c is not None]
            known[other] = {c for c in theirs if c is not None}
            void[other] = {}
            ranks[other] = {}
            wildless.pop(other, None)
            self.named.pop(other, None)
        self.named.pop(self.seat, None)
        self.led = {}
        self._drew_at.clear()
        self._drew_rank.clear()

    def _pass(
        self, moves: tuple[tuple[int, int], ...], hands: tuple[tuple[Card | None, ...], ...]
    ) -> None:
        """Every hand moved from ``src`` to ``dst``; what we knew moves along with it."""
        old = set(self.hand)
        known = {p: set[Card]() for p in range(self.players)}
        void: dict[int, dict[Color, int]] = {p: {} for p in range(self.players)}
        ranks: dict[int, dict[Rank, int]] = {}
        wildless: dict[int, int] = {}
        for src, dst in moves:
            known[dst] = old if src == self.seat else self.known.get(src, set())
            if src != self.seat:
                void[dst] = self.void.get(src, {})
                ranks[dst] = self.rank_void.get(src, {})
                if src in self.wildless:
                    wildless[dst] = self.wildless[src]
        self.hand = [c for c in hands[self.seat] if c is not None]
        known[self.seat] = set()
        self.known, self.void, self.wildless = known, void, wildless
        self.rank_void = ranks
        self.named = {}  # rare enough (a 0 under 7-0) not to follow the hands around
        self.led = {}
        self._drew_at.clear()
        self._drew_rank.clear()

    def sync_hand(self, hand: tuple[Card, ...]) -> None:
        """Adopt the hand from the view (after swaps and passes the events do not carry it)."""
        self.hand = list(hand)
