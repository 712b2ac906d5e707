"""``fairness.public`` reads a growing log on from where it left it (the table's badge asks at
every frame, the hub for every phone at every move): what it answers must be what reading the
whole log from its end back to the last seal answers, at every event of real rounds (deals,
reshuffles, reveals) and for a log that is not the one it read (cut short, rewritten, another)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai import Level
from game.events import DeckRevealed, DeckSealed, Event
from game.fairness import formula, public, short
from game.match import Match, Seat
from game.rules import Rules

SEATS = tuple(Seat(name, Level.NORMAL) for name in ("Ana", "Ben", "Chloe", "Dev"))


def whole_reading(log: Sequence[Event], say: Any = None) -> dict[str, Any] | None:
    """``public`` as it was: the log read from its end back to the last seal, every time."""
    sealed: DeckSealed | None = None
    revealed: list[DeckRevealed] = []
    for event in reversed(log):
        if isinstance(event, DeckRevealed):
            revealed.append(event)
        elif isinstance(event, DeckSealed):
            sealed = event
            break
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
                    p for p in ((say(d) if say else ""), formula(d.salt, d.order)) if p
                ),
            }
            for d in reversed(revealed)
        ]
    return shown


def say(event: Event) -> str:
    return f"said {type(event).__name__}"


def test_a_growing_log_reads_as_the_whole_log_at_every_event() -> None:
    match = Match(Rules(target_points=200), SEATS, 3, pace=0.0)
    seen = {"sealed": 0, "revealed": 0, "reshuffled": 0}
    clock = 0.0
    for _ in range(20_000):
        if match.is_match_over:
            break
        if match.is_round_over:
            match.next_round()
        clock += 1.0
        match.tick(clock)
        log = match.game.log
        assert public(log) == whole_reading(log)
        assert public(log, say) == whole_reading(log, say)
        seals = sum(isinstance(e, DeckSealed) for e in log)
        seen["sealed"] += 1 if seals else 0
        seen["reshuffled"] += 1 if seals > 1 else 0
        seen["revealed"] += 1 if any(isinstance(e, DeckRevealed) for e in log) else 0
    assert match.is_match_over
    assert all(seen.values()), seen  # deals, reshuffles and reveals were all read


def test_a_log_that_is_not_the_one_read_is_read_whole() -> None:
    match = Match(Rules(), SEATS, 5, pace=0.0)
    clock = 0.0
    while not match.is_round_over:
        clock += 1.0
        match.tick(clock)
    log = list(match.game.log)
    assert public(log) == whole_reading(log) and public(log) is not None
    ended = log[:]
    del log[-len(log) // 2 :]  # cut back to mid-round: the round's reveals are gone
    assert public(log) == whole_reading(log)
    assert "reveal" not in (public(log) or {})
    log[-1] = ended[-1]  # the same length, another last event
    assert public(log) == whole_reading(log)
    log.extend(ended[len(log) :])
    assert public(log) == whole_reading(log)
    assert public([]) is None
    assert public(tuple(ended)) == whole_reading(ended)
