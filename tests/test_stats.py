"""Statistics per person: rounds, matches, streaks, per AI level; a damaged file is kept aside."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ai import Level
from game.events import RoundEnded
from game.match import MatchSetup, Seat
from game.rules import Rules
from scenes.app import App
from scenes.stats_screen import StatsScene
from scenes.store.settings import Settings
from scenes.store.stats import load_stats, record_round, stats_path

SETUP = MatchSetup(Rules(), (Seat("Maria"), Seat("Ana", Level.HARD), Seat("Tom")), seed=1)


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


def _kept(folder: Path) -> bytes:
    (kept,) = folder.glob("stats.broken-*.json")
    return kept.read_bytes()


def test_stats_nested_100000_deep_are_kept_aside_at_the_round_end(tmp_path: Path) -> None:
    original = ("[" * 100_000 + "]" * 100_000).encode()
    stats_path(tmp_path).write_bytes(original)
    problem = record_round(SETUP, ended(0, 10), False, folder=tmp_path)
    assert problem is not None and "nests more than 64 levels" in problem
    assert _kept(tmp_path) == original
    profiles, again = load_stats(tmp_path)
    assert again is None and profiles["Maria"].rounds_won == 1


def test_impossible_counts_are_reset_and_told_once(tmp_path: Path) -> None:
    original = json.dumps(
        {
            "Maria": {"rounds": 4, "rounds_won": 9, "matches": -1, "best_round": 60},
            "Tom": {"rounds": 2, "against": {"hard": [2, 5], "easy": [1, 0], "\x00" * 9: [1, 1]}},
        }
    )
    stats_path(tmp_path).write_text(original, encoding="utf-8")
    profiles, problem = load_stats(tmp_path)
    maria, tom = profiles["Maria"], profiles["Tom"]
    assert (maria.rounds, maria.rounds_won, maria.matches, maria.best_round) == (4, 4, 0, 60)
    assert tom.against == {"easy": [1, 0]}
    assert problem is not None
    for told in ("Maria: rounds won (more than the rounds played)", "Maria: matches", "'hard'"):
        assert told in problem
    assert "\x00" not in problem
    assert _kept(tmp_path).decode() == original
    assert load_stats(tmp_path) == (profiles, None)


def test_names_in_stats_are_cleaned_and_the_statistics_scene_draws(tmp_path: Path) -> None:
    """A NUL raised in the Statistics scene; a million characters raised in pygame."""
    profile = {"rounds": 3, "rounds_won": 1}
    names = {"To\x00m": profile, "y" * 1_000_000: profile, "\x07": profile, "Tom": profile}
    stats_path(tmp_path).write_text(json.dumps(names), encoding="utf-8")
    profiles, problem = load_stats(tmp_path)
    assert list(profiles) == ["Tom", "y" * 24, "Player"]
    assert problem is not None and "a second 'Tom'" in problem
    assert max(len(name) for name in profiles) == 24


def test_the_statistics_scene_shows_a_damaged_file_and_draws_cleaned_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("scenes.store.stats.data_dir", lambda: tmp_path)
    pygame.init()
    app = App(Settings(), headless=True)
    stats_path(tmp_path).write_text(json.dumps({"Ma\x00ria": {"rounds": 1}}), encoding="utf-8")
    scene = StatsScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    assert list(scene.profiles) == ["Maria"] and scene.problem is not None
    app.pop()
    app.step(1 / 60, [])
    stats_path(tmp_path).write_text("{" * 100_000, encoding="utf-8")
    scene = StatsScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    assert (
        not scene.profiles
        and scene.problem is not None
        and "Counting starts again" in scene.problem
    )


@pytest.mark.subprocess  # starts the program in a process of its own
def test_a_10_million_character_name_does_not_stop_the_program(tmp_path: Path) -> None:
    """It crashed the process (segmentation fault): run in the real program, in its own process."""
    from tools.check_damaged_files import CASES, run_case

    (case,) = [c for c in CASES if c.name == "stats: 10,000,000-char name"]
    outcome = run_case(case, tmp_path)
    assert outcome.code == 0 and outcome.handled, outcome
    assert "'zzzzzzzzzzzzzzzzzzzzzzzz'" in outcome.told
