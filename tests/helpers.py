"""Stacked-deck helpers for scenario tests: deal exact hands, turn an exact first card."""

from __future__ import annotations

import asyncio
import queue
import time
from collections.abc import Iterable, Sequence
from typing import Any

from game.cards import Card
from game.engine import Game
from game.events import DeckRevealed, DeckSealed, Event
from game.lessons import PERSON, REHEARSAL_LIMIT, Lesson
from game.match import Match
from game.phones.protocol import Inbound
from game.rules import Rules


def rules_events(events: Iterable[Event]) -> list[Event]:
    """The events of the rules: without the fair deal's seals and reveals (game.fairness),
    which tests/test_fair_deal.py checks, so a rules test lists only what the rules did."""
    return [e for e in events if not isinstance(e, DeckSealed | DeckRevealed)]


def deal_order(
    hands: Sequence[Sequence[str]],
    first: str | Sequence[str],
    draws: Sequence[str] = (),
    dealer: int | None = None,
) -> list[str]:
    """The card order (top of the pile first) that deals ``hands[seat]`` to each seat, then
    turns ``first`` (one card, or several to be flipped in turn), then leaves ``draws`` on top
    of the draw pile. The dealer defaults to the last seat, so seat 0 plays first."""
    n = len(hands)
    size = len(hands[0])
    if any(len(h) != size for h in hands):
        raise ValueError("every hand must have the same size (the deal is round-robin)")
    dealer = n - 1 if dealer is None else dealer
    order = [hands[(dealer + 1 + i) % n][i // n] for i in range(size * n)]
    order += [first] if isinstance(first, str) else list(first)
    order += list(draws)
    return order


def new_game(
    hands: Sequence[Sequence[str]],
    first: str | Sequence[str],
    draws: Sequence[str] = (),
    *,
    rules: Rules | None = None,
    dealer: int | None = None,
    seed: int = 0,
) -> Game:
    """A game dealt from a stacked deck: exact hands, first card and top of the draw pile."""
    rules = (rules or Rules()).with_changes(hand_size=len(hands[0]))
    dealer = len(hands) - 1 if dealer is None else dealer
    order = deal_order(hands, first, draws, dealer)
    return Game(rules, len(hands), seed, dealer=dealer, stacked=order)


def codes(cards: Iterable[Card | None]) -> list[str]:
    return [c.code if c is not None else "?" for c in cards]


def hand_codes(game: Game) -> list[list[str]]:
    return [codes(h) for h in game.hands]


def count_cards(game: Game) -> int:
    return len(game.draw_pile) + len(game.discard) + sum(len(h) for h in game.hands)


def drain(inbox: queue.Queue[Inbound]) -> list[Inbound]:
    """Everything the phones' server has put in its inbox so far."""
    out = []
    while True:
        try:
            out.append(inbox.get_nowait())
        except queue.Empty:
            return out


async def settle(inbox: queue.Queue[Inbound], count: int, limit_s: float = 3.0) -> list[Inbound]:
    """Wait (at most ``limit_s``) until ``count`` arrivals are in the inbox: each arrival is
    waited on in a thread (the server goes on in this loop meanwhile), not looked for on a clock.
    """
    got = drain(inbox)
    deadline = time.monotonic() + limit_s
    while len(got) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            got.append(await asyncio.to_thread(inbox.get, True, left))
        except queue.Empty:
            break
        got += drain(inbox)
    return got


class Outlet:
    """A phone server's stand-in for the hub: keeps what the hub sends; a test puts the phones'
    doings in ``inbox``."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.sent: list[tuple[int, dict[str, Any]]] = []

    def send(self, seat: int, message: dict[str, Any]) -> None:
        self.sent.append((seat, message))

    def stop(self, text: str = "") -> None:
        pass

    def last(self, seat: int) -> dict[str, Any]:
        """The last state the seat was sent."""
        return next(m for s, m in reversed(self.sent) if s == seat and m["type"] == "state")


def to_step(match: Match, lesson: Lesson, index: int) -> None:
    """Play the AIs (and the person's earlier steps) up to the moment of lesson step ``index``,
    as ``game.lessons.rehearse`` plays them."""
    for number, step in enumerate(lesson.steps[: index + 1]):
        for _turn in range(REHEARSAL_LIMIT):
            if PERSON in match.waiting_on() or step.holds(match.game):
                break
            if not match.fast_forward(1):
                break
        if number < index:
            action = step.action(match.game)
            assert action is not None
            match.submit(PERSON, action)
