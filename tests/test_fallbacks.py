"""A missing or damaged game file does not stop a table from starting: a table layout map falls
back to the built-in layout and a font file to pygame's own font, each with a message the player
sees (a toast over the screen)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from scenes import art, assets, title, ui
from scenes.app import App
from scenes.board import layout
from scenes.store.settings import Settings
from scenes.table.scene import TableScene

FRAME = 1 / 60


def clear_caches() -> None:
    """Forget every font, text and layout made so far (they may come from the broken files)."""
    assets._font.cache_clear()
    assets._fallback_font.cache_clear()
    assets._report_bad_fonts.cache_clear()
    assets.take_problems()
    ui.forget_text()
    art._text_ink.cache_clear()
    art._text_mask.cache_clear()
    layout.load_layout.cache_clear()


@pytest.fixture
def damaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], Path]]:
    """A copy of the assets that the game reads instead; the test damages it through the
    returned function (given a path inside assets, it returns that file's path)."""
    copy = tmp_path / "assets"
    shutil.copytree(assets.asset_root(), copy)
    monkeypatch.setattr(assets, "asset_root", lambda: copy)
    clear_caches()
    yield lambda name: copy / name
    clear_caches()


def start_quick_game() -> tuple[App, TableScene]:
    """The title screen, then Quick game, as a player would; a few frames of each."""
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    screen = title.TitleScene(app)
    app.push(screen)
    # The card art drawn with a stand-in font is this app's own (app.media): it reaches no
    # later test.
    for _ in range(3):
        app.step(FRAME, [])
    screen._quick()
    for _ in range(10):
        app.step(FRAME, [])
    # A prompt may be open over the table already (a wild turned first asks you for a color).
    table = next(scene for scene in app.stack if isinstance(scene, TableScene))
    return app, table


def toasts(app: App) -> str:
    return " ".join(toast.text for toast in app.toasts)


@pytest.mark.parametrize("damage", ["missing", "broken"])
def test_a_table_starts_on_the_built_in_layout_when_its_map_is_unusable(
    damaged: Callable[[str], Path], damage: str
) -> None:
    tmx = damaged("layouts/table_4.tmx")
    if damage == "missing":
        tmx.unlink()
    else:
        tmx.write_text("<map><objectgroup name='points'>", encoding="utf-8")
    app, table = start_quick_game()
    assert table.layout == layout.built_in_layout(4)
    assert "table layout file for 4 players is missing or damaged" in toasts(app)
    assert table.presenter.hands[0]  # the deal reached the person's seat


@pytest.mark.parametrize("damage", ["missing", "broken"])
def test_the_game_draws_with_pygames_font_when_a_font_file_is_unusable(
    damaged: Callable[[str], Path], damage: str
) -> None:
    for weight in (assets.Weight.REGULAR, assets.Weight.BOLD):
        font_file = damaged(f"fonts/{weight.value}")
        if damage == "missing":
            font_file.unlink()
        else:
            # Opens without complaint and fails only when text is drawn (a real damaged file).
            font_file.write_bytes(b"OTTO" + bytes(200))
    app, table = start_quick_game()
    said = toasts(app)
    assert "font files Inter-Regular.otf, Inter-Bold.otf are missing or damaged" in said
    assert len(app.toasts) == 1  # one message for every bad file, not one per file
    assert table.presenter.hands[0]


def test_the_shipped_files_give_no_message() -> None:
    clear_caches()
    app, _ = start_quick_game()
    assert app.toasts == []
