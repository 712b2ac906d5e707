"""Autosave and continue: the match survives a killed process; a bad save is kept aside with a
clear message and never deleted."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ai import Level
from game.engine import Game
from game.match import MatchSetup, Seat, SeatKind, ai_table
from game.record import _checksum
from game.rules import Rules
from scenes.app import App
from scenes.store import saves
from scenes.store.settings import Settings
from scenes.table.scene import TableScene
from scenes.title import TitleScene

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
    sounds, art = app.media.sounds, app.media.art
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
    with pytest.raises(saves.SaveError, match="cut short") as caught:
        saves.load_match()
    assert not path.exists()
    kept = list(path.parent.glob("autosave.broken-*.json"))
    assert len(kept) == 1 and kept[0].name in str(caught.value)
    assert kept[0].read_text(encoding="utf-8").endswith('"act')


def test_the_title_says_at_once_that_a_save_is_bad(home: Path) -> None:
    path = saves.save_path()
    path.parent.mkdir(parents=True)
    path.write_text("not json at all", encoding="utf-8")
    pygame.init()
    app = App(Settings(), headless=True)
    title = TitleScene(app)
    app.push(title)
    app.step(1 / 60, [])
    # Checked before Continue is offered: a button that can only fail is not shown.
    assert "cannot be continued" in title.notice and "autosave.broken-" in title.notice
    assert all(b.label != "Continue" for b in title.menu.buttons)
    assert app.top is title


def test_continue_still_reports_a_save_damaged_after_the_title_was_drawn(home: Path) -> None:
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    saves.save_match(ai_table(3, Level.NORMAL, seed=2), _new_game(3, 2))
    title = TitleScene(app)
    app.push(title)
    app.step(1 / 60, [])
    assert title.menu.buttons[0].label == "Continue" and not title.notice
    saves.save_path().write_text("[" * 100_000, encoding="utf-8")
    title.menu.buttons[0].on_click()
    app.step(1 / 60, [])
    assert "nests more than" in title.notice and app.top is title
    assert all(b.label != "Continue" for b in title.menu.buttons)


def test_the_title_counts_one_move_in_the_singular(home: Path) -> None:
    game = _new_game(3, 2)
    game.apply(game.legal_actions()[0])
    saves.save_match(ai_table(3, Level.NORMAL, seed=2), game)
    assert saves.peek() == ("3 players, round 1, 1 move so far", None)


# The program as ``python -m scenes`` runs it, telling on stdout the moves in each save it
# wrote: the test waits on that line, not on the file's content read on a clock.
TELLING = """
import sys
from scenes.store import saves
written = saves.save_match
def save_match(setup, game, *args, **kwargs):
    written(setup, game, *args, **kwargs)
    print(len(game.actions), flush=True)
saves.save_match = save_match  # before the table's listeners import it
from scenes.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


def lines_to(stream: IO[str], lines: queue.Queue[str]) -> None:
    """Every line of ``stream`` into ``lines``, then an empty one at its end."""
    for line in stream:
        lines.put(line)
    lines.put("")


@pytest.mark.subprocess
def test_a_killed_match_continues_from_its_last_save(home: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, "-c", TELLING, "--autoplay", "--players", "3", "--seed", "4"]
    # At speed 0 (no animations, no AI pauses) the 25 moves come in a fifth of a second, not
    # nine: a save is written after every action at any pace (2.9 -> 0.7 CPU-s for the child).
    command += ["--speed", "0", "--autosave"]
    child = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert child.stdout is not None
    path = saves.save_path()
    saved: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lines_to, args=(child.stdout, saved), daemon=True).start()
    try:
        moves = 0
        deadline = time.monotonic() + 60
        # Each line is a save written; killed at the 25th, mid-match, at whatever it does.
        while moves < 25 and time.monotonic() < deadline:
            try:
                line = saved.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if not line:
                break  # the program ended
            moves = int(line)
        assert moves >= 25, "the autoplay never saved 25 moves"
    finally:
        child.kill()
        child.wait()
    setup, game = saves.load_match()
    assert len(game.actions) >= 25 and not game.is_over
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    sounds, art = app.media.sounds, app.media.art
    table = TableScene(app, setup, sounds=sounds, art=art, autoplay=True, game=game, autosave=True)
    app.push(table)
    for frame in range(5000):
        if table.finished:
            break
        # The resumed table is drawn at its first frame and every 30th; the match is played to
        # its end at speed 0 in about 27 frames, whose drawing was a fifth of this test's CPU.
        app.step(1 / 60, [], draw=frame % 30 == 0)
    assert table.finished and table.game.is_over
    assert not path.exists()  # a finished match leaves nothing to continue


# ------------------------------------------------------------------ damaged saves (issue 14)


def _new_game(players: int, seed: int) -> Game:
    return Game(Rules(), players, seed)


def _signed(data: dict[str, Any]) -> str:
    """A save as a faulty or hand-made writer would sign it: the checksum matches the content."""
    data = {k: v for k, v in data.items() if k != "checksum"}
    data["checksum"] = _checksum(data)
    return json.dumps(data)


def _saved(names: tuple[str, ...] = ("You", "Ana", "Ben")) -> dict[str, Any]:
    setup = ai_table(3, Level.NORMAL, seed=5)
    seats = (Seat(names[0]), *(Seat(n, Level.NORMAL) for n in names[1:]))
    saves.save_match(replace(setup, seats=seats), _new_game(3, 5))
    data: dict[str, Any] = json.loads(saves.save_path().read_text(encoding="utf-8"))
    return data


def _title(app: App) -> TitleScene:
    title = TitleScene(app)
    app.push(title)
    app.step(1 / 60, [])
    return title


def _refused_and_kept(original: bytes, match: str) -> None:
    path = saves.save_path()
    with pytest.raises(saves.SaveError, match=match) as caught:
        saves.load_match()
    assert not path.exists()
    kept = list(path.parent.glob("autosave.broken-*.json"))
    assert len(kept) == 1 and kept[0].name in str(caught.value)
    assert kept[0].read_bytes() == original


def test_a_save_with_a_5000_digit_integer_is_kept_aside(home: Path) -> None:
    data = _saved()
    text = json.dumps(data).replace(f'"seed": {data["seed"]}', '"seed": 1' + "0" * 5000)
    saves.save_path().write_text(text, encoding="utf-8")
    _refused_and_kept(text.encode(), "number too long")


def test_a_signed_save_without_its_state_is_kept_aside(home: Path) -> None:
    data = _saved()
    del data["state"]
    text = _signed(data)
    saves.save_path().write_text(text, encoding="utf-8")
    _refused_and_kept(text.encode(), "which state")


def test_a_save_nested_100000_deep_is_told_on_the_title_screen(home: Path) -> None:
    """describe() on the title used to raise RecursionError: the program did not start."""
    path = saves.save_path()
    path.parent.mkdir(parents=True)
    text = "[" * 100_000 + "]" * 100_000
    path.write_text(text, encoding="utf-8")
    pygame.init()
    title = _title(App(Settings(), headless=True))
    assert "nests more than 64 levels" in title.notice
    assert all(b.label != "Continue" for b in title.menu.buttons)
    (kept,) = path.parent.glob("autosave.broken-*.json")
    assert kept.read_text(encoding="utf-8") == text


def test_an_autosave_that_is_a_folder_is_told_and_moved_so_saving_works_again(
    home: Path,
) -> None:
    path = saves.save_path()
    path.mkdir(parents=True)
    (path / "note.txt").write_text("kept", encoding="utf-8")
    pygame.init()
    title = _title(App(Settings(), headless=True))
    assert "a folder in its place" in title.notice
    (kept,) = path.parent.glob("autosave.broken-*.json")
    assert (kept / "note.txt").read_text(encoding="utf-8") == "kept"
    saves.save_match(ai_table(3, Level.NORMAL, seed=5), _new_game(3, 5))
    assert saves.peek() == ("3 players, round 1, 0 moves so far", None)


def test_names_in_a_save_are_cleaned_before_the_table_draws_them(home: Path) -> None:
    """A NUL made draw_text raise; a million characters made pygame raise: now both play."""
    _saved(("Ma\x00ria", "x" * 1_000_000, "\u202e\u200b"))
    setup, _ = saves.load_match()
    assert [s.name for s in setup.seats] == ["Maria", "x" * 24, "Player 3"]
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    title = _title(app)
    assert title.menu.buttons[0].label == "Continue" and not title.notice
    title.menu.buttons[0].on_click()
    for _ in range(10):
        app.step(1 / 60, [])
    assert isinstance(app.top, TableScene)
    assert app.top.setup.seats[0].name == "Maria" and app.top.narrator.name(1) == "x" * 24


def test_a_continued_match_keeps_its_phone_seats(home: Path) -> None:
    """Playtest s3: Continue turned Maria's phone seat into a screen seat ("Pass to Maria")."""
    seats = (Seat("Tom"), Seat("Maria", kind=SeatKind.PHONE), Seat("Ben", Level.EASY))
    setup = MatchSetup(Rules(), seats, 5, None)
    saves.save_match(setup, Game(setup.rules, 3, setup.seed))
    loaded, _ = saves.load_match()
    assert [s.kind for s in loaded.seats] == [SeatKind.PERSON, SeatKind.PHONE, SeatKind.AI]
    assert loaded.seats == seats


def test_a_save_from_before_phone_seats_loads_its_people_at_the_screen(home: Path) -> None:
    setup = MatchSetup(Rules(), (Seat("Tom"), Seat("Ben", Level.EASY)), 5, None)
    saves.save_match(setup, Game(setup.rules, 2, setup.seed))
    path = saves.save_path()
    data = json.loads(path.read_text())
    for seat in data["meta"]["seats"]:
        del seat["kind"]
    data.pop("checksum")
    data["checksum"] = _checksum(data)
    path.write_text(json.dumps(data))
    loaded, _ = saves.load_match()
    assert [s.kind for s in loaded.seats] == [SeatKind.PERSON, SeatKind.AI]


@pytest.mark.parametrize("kind", ["robot", "phone-ai", 3])
def test_a_seat_of_an_unknown_kind_is_refused_with_a_sentence(home: Path, kind: object) -> None:
    setup = MatchSetup(Rules(), (Seat("Tom"), Seat("Ben", Level.EASY)), 5, None)
    saves.save_match(setup, Game(setup.rules, 2, setup.seed))
    path = saves.save_path()
    data = json.loads(path.read_text())
    data["meta"]["seats"][0]["kind"] = kind
    data.pop("checksum")
    data["checksum"] = _checksum(data)
    path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError, match=r"cannot be continued|kind"):
        saves.load_match()
