"""Autosave and continue: the match survives a killed process; a bad save is kept aside with a
clear message and never deleted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ai import Level
from scenes import saves
from scenes.app import App
from scenes.settings import Settings
from scenes.table import TableScene, ai_table
from scenes.title import TitleScene, shared_media

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's folders inside tmp_path (platformdirs follows XDG on Linux)."""
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    return tmp_path


def test_a_save_round_trips_to_the_same_state(home: Path) -> None:
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    sounds, art = shared_media(app)
    table = TableScene(
        app, ai_table(3, Level.NORMAL, seed=9), sounds=sounds, art=art, autosave=True
    )
    app.push(table)
    for _ in range(40):
        app.step(1 / 60, [])
    setup, game = saves.load_match()
    assert game.state_digest() == table.game.state_digest()
    assert [s.name for s in setup.seats] == [s.name for s in table.setup.seats]


def test_a_corrupt_save_is_kept_aside_with_a_message(home: Path) -> None:
    path = saves.save_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "unotable-record", "version": 1, "act', encoding="utf-8")
    with pytest.raises(saves.SaveError, match="truncated") as caught:
        saves.load_match()
    assert not path.exists()
    kept = list(path.parent.glob("autosave.broken-*.json"))
    assert len(kept) == 1 and kept[0].name in str(caught.value)
    assert kept[0].read_text(encoding="utf-8").endswith('"act')


def test_the_title_still_works_after_a_bad_save(home: Path) -> None:
    path = saves.save_path()
    path.parent.mkdir(parents=True)
    path.write_text("not json at all", encoding="utf-8")
    pygame.init()
    app = App(Settings(), headless=True)
    title = TitleScene(app)
    app.push(title)
    app.step(1 / 60, [])
    assert title.menu.buttons[0].label == "Continue"
    title.menu.buttons[0].on_click()
    app.step(1 / 60, [])
    assert "could not be continued" in title.notice
    assert app.top is title
    assert all(b.label != "Continue" for b in title.menu.buttons)


def test_a_killed_match_continues_from_its_last_save(home: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [
        sys.executable,
        "-m",
        "scenes",
        "--autoplay",
        "--players",
        "3",
        "--seed",
        "4",
        "--speed",
        "6",
        "--autosave",
    ]
    child = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    path = saves.save_path()
    try:
        deadline = time.monotonic() + 60
        moves = 0
        while time.monotonic() < deadline and moves < 25:
            time.sleep(0.1)
            try:
                moves = len(json.loads(path.read_text(encoding="utf-8"))["actions"])
            except (OSError, ValueError, KeyError):
                moves = 0  # not written yet (never half-written: the write is atomic)
        assert moves >= 25, "the autoplay never saved 25 moves"
    finally:
        child.kill()
        child.wait()
    setup, game = saves.load_match()
    assert len(game.actions) >= 25 and not game.is_over
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    sounds, art = shared_media(app)
    table = TableScene(app, setup, sounds=sounds, art=art, autoplay=True, game=game, autosave=True)
    app.push(table)
    for _ in range(5000):
        if table.finished:
            break
        app.step(1 / 60, [])
    assert table.finished and table.game.is_over
    assert not path.exists()  # a finished match leaves nothing to continue
