"""Statistics per player profile (the name a person plays under): rounds and matches played and
won against each AI level, best round score, win streaks; and the scene that shows them.

Kept as JSON in the user's data folder, written atomically after each round. A damaged file is
kept aside and the statistics start again, with a message; the game never stops for it.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.events import RoundEnded
from scenes.app import App, Scene
from scenes.art import felt
from scenes.assets import Weight
from scenes.input import Act, Intent
from scenes.table import MatchSetup
from scenes.ui import GOLD, MUTED, WHITE, Button, Menu, draw_text, panel
from scenes.userdata import data_dir, write_atomic

STATS_NAME = "stats.json"


@dataclass
class Profile:
    rounds: int = 0
    rounds_won: int = 0
    matches: int = 0
    matches_won: int = 0
    best_round: int = 0
    streak: int = 0
    best_streak: int = 0
    # AI level -> [rounds played against it, rounds won]
    against: dict[str, list[int]] = field(default_factory=dict)


def stats_path(folder: Path | None = None) -> Path:
    return (folder if folder is not None else data_dir()) / STATS_NAME


def _profile(data: Any) -> Profile:
    if not isinstance(data, dict):
        raise ValueError("a profile is not an object")
    profile = Profile()
    for name in (
        "rounds",
        "rounds_won",
        "matches",
        "matches_won",
        "best_round",
        "streak",
        "best_streak",
    ):
        value = data.get(name, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name} must be a whole number")
        setattr(profile, name, value)
    against = data.get("against", {})
    if not isinstance(against, dict) or not all(
        isinstance(v, list) and len(v) == 2 and all(isinstance(n, int) for n in v)
        for v in against.values()
    ):
        raise ValueError("the per-level record is malformed")
    profile.against = {str(k): [int(v[0]), int(v[1])] for k, v in against.items()}
    return profile


def load_stats(folder: Path | None = None) -> tuple[dict[str, Profile], str | None]:
    path = stats_path(folder)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a statistics file")
        return {str(name): _profile(entry) for name, entry in data.items()}, None
    except FileNotFoundError:
        return {}, None
    except (OSError, ValueError) as error:
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"stats.broken-{stamp}.json")
        try:
            path.replace(aside)
        except OSError:
            return {}, f"Statistics could not be read ({error})."
        return {}, f"Statistics were damaged ({error}); kept as {aside.name}, starting afresh."


def record_round(
    setup: MatchSetup,
    ended: RoundEnded,
    match_over: bool,
    winners: tuple[int, ...] = (),
    folder: Path | None = None,
) -> str | None:
    """Add one finished round (and the match, when it ended) for every person at the table."""
    profiles, problem = load_stats(folder)
    levels = sorted({s.level.value for s in setup.seats if s.level is not None})
    for seat, spec in enumerate(setup.seats):
        if not spec.is_person:
            continue
        profile = profiles.setdefault(spec.name, Profile())
        partner = (ended.winner + 2) % 4 if setup.rules.teams else None
        won = seat in (ended.winner, partner)
        profile.rounds += 1
        profile.rounds_won += won
        profile.streak = profile.streak + 1 if won else 0
        profile.best_streak = max(profile.best_streak, profile.streak)
        if won:
            profile.best_round = max(profile.best_round, ended.points)
        for level in levels:
            played, wins = profile.against.get(level, [0, 0])
            profile.against[level] = [played + 1, wins + won]
        if match_over:
            profile.matches += 1
            profile.matches_won += seat in winners
    try:
        text = json.dumps({name: asdict(p) for name, p in profiles.items()}, indent=1)
        write_atomic(stats_path(folder), text)
    except OSError as error:
        return f"Statistics could not be saved: {error}"
    return problem


class StatsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = felt(app.screen.get_size()).convert()
        self.profiles, self.problem = load_stats()
        back = Button(pygame.Rect(810, 960, 300, 76), "Back", app.pop)
        self.menu = Menu([back], on_back=app.pop)

    def handle(self, intent: Intent) -> None:
        if intent.act is not Act.SCROLL:
            self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, "Statistics", 56, (960, 74), GOLD, Weight.BLACK, shadow=True)
        rect = pygame.Rect(160, 130, 1600, 800)
        surface.blit(panel(rect.size, 26, (10, 16, 22, 215)), rect)
        if not self.profiles:
            message = self.problem or "Play a round with a person at the table to start counting."
            draw_text(surface, message, 28, rect.center, MUTED)
            self.menu.draw(surface)
            return
        columns = (
            "Player",
            "Rounds won",
            "Matches won",
            "Best round",
            "Best streak",
            "Against AI levels",
        )
        xs = (200, 520, 760, 1000, 1200, 1400)
        for x, title in zip(xs, columns, strict=True):
            draw_text(surface, title, 24, (x, rect.y + 50), GOLD, Weight.BOLD, "midleft")
        ranked = sorted(self.profiles.items(), key=lambda item: -item[1].rounds)
        for row, (name, p) in enumerate(ranked[:12]):
            y = rect.y + 110 + row * 54
            rate = f" ({100 * p.rounds_won // p.rounds}%)" if p.rounds else ""
            levels = ", ".join(f"{lv} {w}/{n}" for lv, (n, w) in sorted(p.against.items()))
            cells = (
                name,
                f"{p.rounds_won} of {p.rounds}{rate}",
                f"{p.matches_won} of {p.matches}",
                str(p.best_round),
                str(p.best_streak),
                levels or "-",
            )
            for x, cell in zip(xs, cells, strict=True):
                draw_text(surface, cell, 24, (x, y), WHITE, Weight.REGULAR, "midleft")
        if self.problem:
            draw_text(surface, self.problem, 22, (960, rect.bottom - 30), MUTED)
        self.menu.draw(surface)
