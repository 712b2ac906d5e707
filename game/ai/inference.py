"""Reading hidden hands from the plays that were made: which sampled hands explain them.

The Expert samples the cards it cannot see. The counts and lacks of ``game.ai.memory`` bound
what a hand may hold; this module goes further and asks, of a sampled hand, whether its player
would have made the plays that were seen. A sound player (as the Hard level and most people
play) leads with the card the next player is least likely to follow, keeps its wilds, and
heads-up plays an extra-turn card first when it has a card to play after it. A hand that
would have led with a different card than the one played is less likely than one that would
have played it; the Expert's sampler (``game.ai.expert.sample_position``) keeps such a hand
only now and then (``MISMATCH_KEEP``), so its samples lean toward the hands that explain the
table. Measured: an Expert that sees the true hands beats Hard 0.73 of the rounds heads-up,
against 0.54 for one sampling blindly: what the hands hold is the Expert's main lack.

The color a player named for its wild is read the same way: a sound player names the color it
holds most of. A player's latest plays are read on its hand as it was then: the sampled hand
(dealt newest card first) less the cards it took since, plus the cards it played since; of a
hand with cards known in it, only its plays since it last took a card. Only plain turns are
read: a wild's play is read by the lacks already, and a 7 or 0 under 7-0 follows other
reasons. A ``Reading`` counts what each play's player could not see once per decision, so
checking a sampled deal costs little; ``make fast`` compiles this module with the playouts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from game.ai.memory import READ_PLAYS, SeenPlay
from game.ai.playout import BLOCK_W, CHAIN_W, EXTRA_TURN, DeckCounts, deck_counts, none_among
from game.cards import COLORS, Card, Rank
from game.view import SeatView

# A sampled hand that would have led with another card is kept this often: the model is a
# sound player's habit, not every player's rule. Measured over 300 heads-up Hard games: the
# true hand explained what its player did at 96% of the Expert's turns, a blind sample at 46%,
# which puts the odds of a hand that does not explain it near 0.03 of one that does; 0.05
# leaves room for players less regular than Hard (against RLCard's random leads it measured
# no worse than no reading at all).
MISMATCH_KEEP = 0.05
DEPTH = 3  # how far an extra-turn chain is followed, as the Hard level does
_EXTRA = frozenset(int(r) for r in EXTRA_TURN)


class _Before:
    """One play to read, with what its player could not see apart from its own hand (the
    deck less the discard pile before the play)."""

    def __init__(
        self, d: DeckCounts, play: SeenPlay, pile: Sequence[Card], next_size: int, read: bool
    ) -> None:
        self.uid = play.card.uid
        self.read = read  # False: the card left the hand, but the choice of it is not read
        self.named = play.named
        self.taken = play.taken  # the hand then: the hand now less this many newest cards
        self.card_col = d.col[self.uid]
        self.wild = self.card_col < 0
        self.color = COLORS.index(play.color)
        self.top_rank = -1 if play.top.is_wild else d.rank[play.top.uid]
        self.next_size = next_size
        self.u_color = list(d.by_color)
        self.u_rank = list(d.by_rank)
        self.u_cr = list(d.by_cr)
        self.wilds = d.wilds
        for x in pile:
            c = d.col[x.uid]
            if c < 0:
                self.wilds -= 1
            else:
                r = d.rank[x.uid]
                self.u_color[c] -= 1
                self.u_rank[r] -= 1
                self.u_cr[c * 32 + r] -= 1
        self.unseen = d.size - len(pile)


class Reading:
    """The plays of the other players that a sampled deal is checked against, for one
    decision: per player, its latest leads (``Memory.led``) that can still be read."""

    def __init__(
        self,
        view: SeatView,
        led: dict[int, list[SeenPlay]],
        known: Mapping[int, Set[Card]] | None = None,
        across: bool = True,
    ) -> None:
        """``known``: the cards known in each hand (a player with any is read only since it
        last took a card: its hand's order is not dealt by age). ``across``: also read plays
        made before the player took cards since (its hand then was its hand now less its
        newest cards); without, only since it last took one (as before 2026-11-26)."""
        self.d = deck_counts(view.rules.deck)
        self._wilds = 0  # the wilds the player of the play being checked could not see
        self.two_handed = sum(view.active) == 2
        where = {c.uid: i for i, c in enumerate(view.discard)}
        self.players: list[int] = []
        self.plays: list[list[_Before]] = []
        for p, seen in led.items():
            if p == view.seat or not seen:
                continue
            if not across or (known is not None and known.get(p)):
                seen = [play for play in seen if not play.took]
            n = view.players
            nxt = (p + view.direction) % n
            while not view.active[nxt]:
                nxt = (nxt + view.direction) % n
            befores: list[_Before] = []
            for play in seen[-READ_PLAYS:]:
                at = where.get(play.card.uid)
                if play.named and at is not None:
                    befores.append(_Before(self.d, play, (), 0, True))
                    continue
                if at is None or at == 0 or view.discard[at - 1].uid != play.top.uid:
                    befores = []  # the pile was turned over since: what it showed is gone
                    continue
                # A 7 or 0 under 7-0 is played for the exchange, not by the habit read here.
                read = not (view.rules.seven_zero and play.card.rank in (Rank.SEVEN, Rank.ZERO))
                size = play.next_size if play.next_size != -1 else view.hand_sizes[nxt]
                befores.append(_Before(self.d, play, view.discard[:at], size, read))
            if befores:
                self.players.append(p)
                self.plays.append(befores)

    def __bool__(self) -> bool:
        return bool(self.players)

    def explains(self, hands: list[list[Card]]) -> bool:
        """Whether every read player's sampled hand would have led as it did."""
        return all(self.explains_player(i, hands[p]) for i, p in enumerate(self.players))

    def explains_player(self, i: int, hand: list[Card]) -> bool:
        """Whether ``hand``, sampled for the ``i``-th read player (``players[i]``) and dealt
        newest card first, would have led as it did: before each of its plays, its hand was
        the sampled hand less the cards it took since, and the cards it played since."""
        held = [x.uid for x in hand]
        since: list[int] = []  # the cards played after the play being read
        taken = 0  # the newest cards left out of ``held`` (held is hand[taken:] + since)
        befores = self.plays[i]
        for j in range(len(befores) - 1, -1, -1):
            b = befores[j]
            if b.taken != taken:
                if b.taken >= len(hand):
                    return True  # every card it holds came later: nothing more to read
                taken = b.taken
                held = [x.uid for x in hand[taken:]] + since
            if b.named:
                if not self._would_name(held, b.color):
                    return False
                continue  # the wild itself left the hand in the play before
            held.append(b.uid)
            since.append(b.uid)
            if b.read and not self._would_play(held, b):
                return False
        return True

    def _would_name(self, held: list[int], color: int) -> bool:
        """Whether a sound player holding ``held`` names ``color``: it holds as many cards of
        it as of any other color (its strongest color; between equals, any)."""
        counts = [0] * 4
        col = self.d.col
        for u in held:
            c = col[u]
            if c >= 0:
                counts[c] += 1
        return counts[color] >= max(counts)

    def _would_play(self, held: list[int], b: _Before) -> bool:
        """Whether a sound player holding ``held`` (uids, the played card among them) would
        have led with a card like the one played: no other playable colored card is clearly
        better by the Hard level's taste (the chance that the next player cannot follow;
        heads-up, an extra turn with a card to play after it; then the biggest color and the
        most points)."""
        if b.wild:
            return True  # read by the lacks: a wild is played when no colored card can be
        d = self.d
        col, rank = d.col, d.rank
        playable: list[int] = []
        first_kind = -1
        several = False
        for u in held:
            c = col[u]
            if c >= 0 and (c == b.color or (b.top_rank >= 0 and rank[u] == b.top_rank)):
                playable.append(u)
                k = c * 32 + rank[u]
                if first_kind < 0:
                    first_kind = k
                elif k != first_kind:
                    several = True
        if not several:
            return True
        h_color = [0] * 4
        h_rank = [0] * 32
        h_cr = [0] * 128
        self._wilds = b.wilds
        for u in held:
            c = col[u]
            if c < 0:
                self._wilds -= 1
            else:
                h_color[c] += 1
                h_rank[rank[u]] += 1
                h_cr[c * 32 + rank[u]] += 1
        mine = self._value(b.uid, held, 0, b, h_color, h_rank, h_cr)
        for u in playable:
            if self._value(u, held, 0, b, h_color, h_rank, h_cr) > mine + 1e-9:
                return False
        return True

    def _value(
        self,
        u: int,
        held: list[int],
        depth: int,
        b: _Before,
        h_color: list[int],
        h_rank: list[int],
        h_cr: list[int],
    ) -> float:
        d = self.d
        c, r = d.col[u], d.rank[u]
        habit = h_color[c] + d.points[u] / 100
        if self.two_handed and r in _EXTRA and depth < DEPTH:
            rest = [y for y in held if y != u]
            best = -1.0
            for y in rest:
                cy = d.col[y]
                if cy >= 0 and (cy == c or d.rank[y] == r):
                    v = self._value(y, rest, depth + 1, b, h_color, h_rank, h_cr)
                    best = max(best, v)
            return CHAIN_W + (best if best >= 0 else habit)
        total = b.unseen - len(held)
        cr = c * 32 + r
        u_c = b.u_color[c] - h_color[c]
        other = (b.u_rank[r] - b.u_cr[cr]) - (h_rank[r] - h_cr[cr])
        none = none_among(total, self._wilds, b.next_size)
        none *= none_among(total, u_c, b.next_size) * none_among(total, other, b.next_size)
        return habit + BLOCK_W * none
