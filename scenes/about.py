"""The About screen: the version, which engine runs (compiled or plain Python), the licence,
the credits, where the licences of what the program bundles are, and where the log is."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from game import __version__, engine
from scenes.app import App, Scene
from scenes.art import felt
from scenes.assets import Weight, asset_root
from scenes.input import Intent
from scenes.logs import NATIVE_NAME, log_path
from scenes.ui import GOLD, MUTED, WHITE, Button, Menu, draw_text, panel, wrap

TEXT_SIZE = 26
LINE_STEP = 36
LABEL_WIDTH = 230

CREDITS = (
    "Made by The One More Card authors. Typeface: Inter, by The Inter Project Authors (SIL Open"
    " Font License 1.1). Built with pygame-ce and SDL, aiohttp, segno, pytmx and platformdirs,"
    " on Python."
)


def engine_kind() -> str:
    """Which rules engine this process runs: the mypyc build or the plain-Python modules."""
    compiled = (engine.__file__ or "").endswith((".so", ".pyd"))
    return "compiled (mypyc)" if compiled else "plain Python"


def licences_folder() -> Path:
    """Where the bundled software's licences are: beside the built program (build.spec copies
    them there), else (the .app, the source tree) in the assets."""
    beside = Path(sys.executable).resolve().parent / "licenses"
    if getattr(sys, "frozen", False) and beside.is_dir():
        return beside
    return asset_root() / "licenses"


def about_rows() -> list[tuple[str, str]]:
    """What the screen says, as (label, text) rows."""
    log = log_path()
    return [
        ("Version", __version__),
        ("Engine", engine_kind()),
        ("Licence", "MIT: the LICENSE file beside the program"),
        ("Credits", CREDITS),
        ("Other licences", f"{licences_folder()} (README.txt says which file is whose)"),
        ("Log file", str(log)),
        ("Native crashes", str(log.with_name(NATIVE_NAME))),
    ]


class AboutScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = felt(app.screen.get_size()).convert()
        self.rows = about_rows()
        back = Button(pygame.Rect(810, 960, 300, 76), "Back", app.pop)
        self.menu = Menu([back], on_back=app.pop)

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, "About One More Card", 56, (960, 74), GOLD, Weight.BLACK, shadow=True)
        rect = pygame.Rect(160, 130, 1600, 800)
        surface.blit(panel(rect.size, 26, (10, 16, 22, 215)), rect)
        x_label, x_text = rect.x + 60, rect.x + 60 + LABEL_WIDTH
        width = rect.right - 60 - x_text
        y = rect.y + 60
        for label, text in self.rows:
            draw_text(surface, label, TEXT_SIZE, (x_label, y), GOLD, Weight.BOLD, "midleft")
            for line in wrap(text, TEXT_SIZE, width) or [""]:
                draw_text(surface, line, TEXT_SIZE, (x_text, y), WHITE, Weight.REGULAR, "midleft")
                y += LINE_STEP
            y += LINE_STEP // 2
        note = "A copy of the log helps when you report a problem."
        draw_text(surface, note, 22, (rect.centerx, rect.bottom - 40), MUTED)
        self.menu.draw(surface)
