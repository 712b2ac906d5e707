"""The Statistics screen: each person's rounds and matches won, best round, best streak and
rounds against each AI level, from ``scenes.store.stats``, with what was wrong with the file.
"""

from __future__ import annotations

import itertools

import pygame

from game.ai import Level
from game.i18n import N_, _, ngettext
from scenes.app import App, Scene
from scenes.art import shown_felt
from scenes.assets import Weight
from scenes.input import Act, Intent
from scenes.store.stats import load_stats
from scenes.ui import (
    GOLD,
    MUTED,
    WHITE,
    Button,
    Menu,
    draw_text,
    ellipsize,
    fit_size,
    panel,
    wrap,
)

# The player column's width: 24 wide letters at the table's size would run into the next column.
NAME_WIDTH = 300
XS = (200, 520, 760, 1000, 1200, 1400)  # where the columns start
COLUMN_GAP = 16
CELL_SIZE = 24
COLUMNS = (
    N_("Player"),
    N_("Rounds won"),
    N_("Matches won"),
    N_("Best round"),
    N_("Best streak"),
    N_("Against AI levels"),
)
# The AI levels as the table's last column names them (the stored keys are the levels' values).
LEVEL_NAMES = {
    Level.EASY.value: N_("Easy"),
    Level.NORMAL.value: N_("Normal"),
    Level.HARD.value: N_("Hard"),
    Level.EXPERT.value: N_("Expert"),
}


def won_of(won: int, played: int) -> str:
    """A "won of played" cell."""
    # TRANSLATORS: a statistics cell: {won} rounds (or matches) won of {played} played.
    return ngettext("{won} of {played}", "{won} of {played}", played).format(won=won, played=played)


def against_text(against: dict[str, list[int]]) -> str:
    """The rounds won against each AI level: "Normal 3/5, Hard 0/2"."""
    parts = [
        # TRANSLATORS: {level} is an AI level (Normal), {won}/{played} the rounds against it.
        _("{level} {won}/{played}").format(
            level=_(LEVEL_NAMES.get(level, level)), won=won, played=played
        )
        for level, (played, won) in sorted(against.items())
    ]
    return ", ".join(parts) or "-"


def _fit(text: str, width: int) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels at the table's size."""
    return ellipsize(text, CELL_SIZE, width, Weight.REGULAR)


def _cell(
    surface: pygame.Surface,
    text: str,
    at: tuple[int, int],
    room: int,
    color: tuple[int, int, int],
    weight: Weight,
) -> None:
    """One cell of the table, fitted to its column's ``room`` (smaller, then cut)."""
    size = fit_size(text, CELL_SIZE, room, weight)
    draw_text(surface, ellipsize(text, size, room, weight), size, at, color, weight, "midleft")


class StatsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = shown_felt(app.screen.get_size())
        self.profiles, self.problem = load_stats()
        back = Button(pygame.Rect(810, 960, 300, 76), _("Back"), app.pop)
        self.menu = Menu([back], on_back=app.pop)

    def relabel(self) -> None:
        self.menu.buttons[0].label = _("Back")

    def handle(self, intent: Intent) -> None:
        if intent.act is not Act.SCROLL:
            self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, _("Statistics"), 56, (960, 74), GOLD, Weight.BLACK, shadow=True)
        rect = pygame.Rect(160, 130, 1600, 800)
        surface.blit(panel(rect.size, 26, (10, 16, 22, 215)), rect)
        if not self.profiles:
            message = self.problem or _(
                "Play a round with a person at the table to start counting."
            )
            lines = wrap(message, 28, rect.width - 120)
            for i, line in enumerate(lines):
                y = rect.centery + (i - (len(lines) - 1) / 2) * 38
                draw_text(surface, line, 28, (rect.centerx, y), MUTED)
            self.menu.draw(surface)
            return
        # Each column's room runs to the next one; a longer language's words are drawn smaller
        # (then cut) rather than over their neighbour's.
        rooms = [b - a - COLUMN_GAP for a, b in itertools.pairwise((*XS, rect.right - 40))]
        for x, room, title in zip(XS, rooms, COLUMNS, strict=True):
            _cell(surface, _(title), (x, rect.y + 50), room, GOLD, Weight.BOLD)
        ranked = sorted(self.profiles.items(), key=lambda item: -item[1].rounds)
        for row, (name, p) in enumerate(ranked[:12]):
            y = rect.y + 110 + row * 54
            rate = f" ({100 * p.rounds_won // p.rounds}%)" if p.rounds else ""
            cells = (
                _fit(name, NAME_WIDTH),
                f"{won_of(p.rounds_won, p.rounds)}{rate}",
                won_of(p.matches_won, p.matches),
                str(p.best_round),
                str(p.best_streak),
                against_text(p.against),
            )
            for x, room, cell in zip(XS, rooms, cells, strict=True):
                _cell(surface, cell, (x, y), room, WHITE, Weight.REGULAR)
        if self.problem:
            lines = wrap(self.problem, 22, rect.width - 80)
            for i, line in enumerate(lines):
                y = rect.bottom - 30 - (len(lines) - 1 - i) * 28
                draw_text(surface, line, 22, (960, y), MUTED)
        self.menu.draw(surface)
