"""Statistics per person: rounds, matches, streaks, per AI level; a damaged file is kept aside."""

from __future__ import annotations

from pathlib import Path

from game.ai import Level
from game.events import RoundEnded
from game.rules import Rules
from scenes.stats import load_stats, record_round, stats_path
from scenes.table import MatchSetup, SeatSpec

SETUP = MatchSetup(
    Rules(), (SeatSpec("Maria"), SeatSpec("Ana", Level.HARD), SeatSpec("Tom")), seed=1
)


def ended(winner: int, points: int) -> RoundEnded:
    return RoundEnded(winner, points, (), (0, 0, 0))


def test_rounds_and_matches_are_counted_per_person(tmp_path: Path) -> None:
    record_round(SETUP, ended(0, 40), False, folder=tmp_path)
    record_round(SETUP, ended(0, 90), False, folder=tmp_path)
    record_round(SETUP, ended(1, 30), True, (1,), folder=tmp_path)
    profiles, problem = load_stats(tmp_path)
    assert problem is None and set(profiles) == {"Maria", "Tom"}
    maria, tom = profiles["Maria"], profiles["Tom"]
    assert (maria.rounds, maria.rounds_won, maria.best_round) == (3, 2, 90)
    assert (maria.streak, maria.best_streak) == (0, 2)
    assert (maria.matches, maria.matches_won) == (1, 0)
    assert maria.against == {"hard": [3, 2]}
    assert (tom.rounds, tom.rounds_won, tom.against) == (3, 0, {"hard": [3, 0]})


def test_a_damaged_file_is_kept_aside_and_counting_starts_again(tmp_path: Path) -> None:
    stats_path(tmp_path).write_text('{"Maria": {"rounds": -3}}', encoding="utf-8")
    problem = record_round(SETUP, ended(2, 10), False, folder=tmp_path)
    assert problem is not None and "kept as stats.broken-" in problem
    assert len(list(tmp_path.glob("stats.broken-*.json"))) == 1
    profiles, _ = load_stats(tmp_path)
    assert profiles["Tom"].rounds_won == 1
