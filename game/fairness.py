"""Fair deal: each deck order is committed before its first card leaves it, revealed after.

A deck is the draw pile a round is dealt from, and each new draw pile a reshuffle of the discard
pile makes. For each one the game keeps a ``Deck``: the order (the card codes, top card first),
a 128-bit salt, and the commitment ``SHA-256(salt || encoding(order))`` in hex, where

    encoding(order) = ",".join(codes).encode("utf-8")

and ``salt`` is the 16 raw bytes (shown as 32 hex digits). The commitment is made before the
first card of the deck is dealt or drawn; the salt and the order are revealed when the round
ends. ``steps`` lists what was taken off the deck, in order: ``["take", code]`` for a card taken
from the top, ``["return", code, depth]`` for a card put back ``depth`` cards below the top (a
Wild Draw Four turned first, classic first-card effects). docs/FAIRNESS.md explains the scheme
for players and for anyone who writes their own checker (tools/verify_deal.py is one).

The salts come from a match key (``Game.salt_key``): 16 bytes from ``game.match.ENTROPY`` for a
real match, kept in the saved record so a replay makes the same commitments.

The ledger keeps what the record needs; what the table, the move log and the phones show comes
from the events the engine makes of it (``DeckSealed`` when a deck is committed, before its first
card is dealt or drawn; ``DeckRevealed`` for each deck when the round ends): ``public`` reads
them from the game's log.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.cards import Card
from game.events import DeckRevealed, DeckSealed, Event

SALT_BYTES = 16


def encoding(order: list[str] | tuple[str, ...]) -> bytes:
    """The canonical bytes of a deck order: card codes, top card first, joined by ","."""
    return ",".join(order).encode("utf-8")


def commitment(salt: bytes, order: list[str] | tuple[str, ...]) -> str:
    """SHA-256 over the salt's raw bytes followed by the encoding, in lowercase hex."""
    return hashlib.sha256(salt + encoding(order)).hexdigest()


def derive_salt(key: bytes, round_no: int, deck_no: int) -> bytes:
    """The salt of deck ``deck_no`` (0: the deal, 1...: reshuffles) of round ``round_no``."""
    return hashlib.sha256(key + f"|{round_no}|{deck_no}".encode()).digest()[:SALT_BYTES]


def key_from_seed(seed: int) -> bytes:
    """A match key for a game given no key (a test, an old record): fixed by the seed."""
    return hashlib.sha256(f"fair-deal|{seed}".encode()).digest()[:SALT_BYTES]


def short(value: str, groups: int = 3) -> str:
    """The first groups of four characters of a commitment, as shown on the badge."""
    return " ".join(value[i * 4 : i * 4 + 4] for i in range(groups))


@dataclass
class Deck:
    """One committed deck: its order (top first), salt, commitment and what left it."""

    order: tuple[str, ...]
    salt: bytes
    commitment: str
    steps: list[list[Any]] = field(default_factory=list)

    def to_dict(self, *, reveal: bool) -> dict[str, Any]:
        data: dict[str, Any] = {"commitment": self.commitment, "steps": list(self.steps)}
        if reveal:
            data["salt"] = self.salt.hex()
            data["order"] = list(self.order)
        return data

    def problem(self) -> str:
        """What does not hold ("" when all does): the salt and order hash to the commitment,
        and every step took the top card of the pile the order and the earlier steps leave."""
        if commitment(self.salt, self.order) != self.commitment:
            return "the salt and order do not hash to the commitment"
        pile = list(self.order)  # top card first
        for number, step in enumerate(self.steps, start=1):
            if step[0] == "take":
                if not pile or pile.pop(0) != step[1]:
                    return f"card {number} taken was not the top card"
            else:
                pile.insert(step[2], step[1])
        return ""


@dataclass
class Ledger:
    """The decks of every round of a game: rounds[r - 1] holds round r's decks."""

    key: bytes
    rounds: list[list[Deck]] = field(default_factory=list)
    revealed: int = 0  # rounds whose salt and order may be shown

    def seal(self, round_no: int, pile_top_last: list[Card]) -> DeckSealed:
        """Commit a round's deal (the engine keeps the pile's top card at the end of the list)."""
        while len(self.rounds) < round_no:
            self.rounds.append([])
        return self._commit(round_no, pile_top_last)

    def reseal(self, round_no: int, pile_top_last: list[Card]) -> DeckSealed | None:
        """Commit a reshuffled draw pile; None in a round whose deal was not committed (a game
        set up in the middle of a hand: a lesson, a test, the Expert's sampled positions)."""
        if len(self.rounds) != round_no or not self.rounds[-1]:
            return None
        return self._commit(round_no, pile_top_last)

    def _commit(self, round_no: int, pile_top_last: list[Card]) -> DeckSealed:
        decks = self.rounds[round_no - 1]
        order = tuple(c.code for c in reversed(pile_top_last))
        salt = derive_salt(self.key, round_no, len(decks))
        deck = Deck(order, salt, commitment(salt, order))
        decks.append(deck)
        return DeckSealed(round_no, len(decks) - 1, deck.commitment)

    def current(self) -> Deck | None:
        return self.rounds[-1][-1] if self.rounds and self.rounds[-1] else None

    def take(self, cards: list[Card]) -> None:
        deck = self.current()
        if deck is not None:
            deck.steps.extend(["take", c.code] for c in cards)

    def put_back(self, card: Card, depth: int) -> None:
        deck = self.current()
        if deck is not None:
            deck.steps.append(["return", card.code, depth])

    def reveal_round(self, round_no: int) -> list[DeckRevealed]:
        """The round has ended: its decks may be shown; one event per deck, the deal first."""
        self.revealed = max(self.revealed, round_no)
        if len(self.rounds) < round_no:
            return []
        return [
            DeckRevealed(
                round_no, number, d.commitment, d.salt.hex(), d.order, matches=not d.problem()
            )
            for number, d in enumerate(self.rounds[round_no - 1])
        ]

    def to_data(self) -> list[dict[str, Any]]:
        """What the saved record keeps: every round's commitments, and reveals of ended rounds."""
        return [
            {
                "round": number,
                "decks": [d.to_dict(reveal=number <= self.revealed) for d in decks],
            }
            for number, decks in enumerate(self.rounds, start=1)
        ]


def formula(salt: str, order: Sequence[str], shown: int = 5) -> str:
    """The reveal in symbols, the same in every language: "SHA-256(salt ‖ R5,G8,W+4,…)"."""
    more = ",…" if len(order) > shown else ""
    return f"SHA-256({salt} ‖ {','.join(order[:shown])}{more})"


@dataclass(frozen=True)
class _Read:
    """How far ``public`` has read a log: its length and last event then, the seal of the deck
    in play and the reveals since it (in order)."""

    log: Sequence[Event]
    length: int
    last: Event | None
    sealed: DeckSealed | None
    revealed: tuple[DeckRevealed, ...]


# The logs ``public`` read last, by identity. The table's badge asks at every frame and the hub
# for every phone at every move: a log only grows within a game, so it is read on from where it
# was left, not again from its end back to the seal (a whole round of events each time). A log
# that is not the one read (shorter, or another event where the last one read was) is read
# whole again.
_READ: dict[int, _Read] = {}
_READ_KEPT = 4


def _seal_and_reveals(log: Sequence[Event]) -> tuple[DeckSealed | None, tuple[DeckRevealed, ...]]:
    """The log's last ``DeckSealed`` and the ``DeckRevealed`` after it, in order."""
    was = _READ.get(id(log))
    length = len(log)
    if (
        was is None
        or was.log is not log
        or was.length > length
        or (was.length and log[was.length - 1] is not was.last)
    ):
        was = None
    start = 0 if was is None else was.length
    sealed = None if was is None else was.sealed
    revealed = [] if was is None else list(was.revealed)
    for at in range(start, length):
        event = log[at]
        if isinstance(event, DeckSealed):
            sealed, revealed = event, []
        elif isinstance(event, DeckRevealed):
            revealed.append(event)
    if was is None or start != length:
        if id(log) not in _READ and len(_READ) >= _READ_KEPT:
            del _READ[next(iter(_READ))]
        last = log[length - 1] if length else None
        _READ[id(log)] = _Read(log, length, last, sealed, tuple(revealed))
    return sealed, tuple(revealed)


def public(
    log: Sequence[Event], say: Callable[[Event], str] | None = None
) -> dict[str, Any] | None:
    """What the table and every phone show, read from the events of the game's log: the
    commitment of the deck now in play, and once its round has ended, each of the round's decks
    revealed (None before the first deal, and in a game set up mid-hand). ``say`` (a narrator's
    ``note``) gives a reveal's sentence in the reader's language: each revealed deck's ``text``
    is that sentence and the formula, the line the scoring screen and the phones show."""
    sealed, revealed = _seal_and_reveals(log)
    if sealed is None:
        return None
    shown: dict[str, Any] = {"commitment": sealed.commitment, "short": short(sealed.commitment)}
    if revealed:
        shown["reveal"] = [
            {
                "commitment": d.commitment,
                "salt": d.salt,
                "order": list(d.order),
                "matches": d.matches,
                "text": "  ".join(
                    part for part in ((say(d) if say else ""), formula(d.salt, d.order)) if part
                ),
            }
            for d in revealed
        ]
    return shown
