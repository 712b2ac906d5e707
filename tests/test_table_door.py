"""The table behind one narrow door (issue 39, item 1): structure checks read from the code.

The table scene reads the match and a seat's legal actions, not the all-seeing game's; submits
each move for the seat its device owns (the match refuses a forged action for another seat);
reaches the presenter through its verbs, never its fields; gives the overlays and the scoring
screen a small door; fits in 400 lines; its pure move logic imports without pygame; and the
replay builds from parts below both screens (``scenes/board``), never from ``scenes.table``.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.actions import Action
from game.ai import Level
from game.match import REFUSAL_TEXT, MatchSetup, Refusal, Seat
from game.rules import Rules
from scenes.app import App
from scenes.store.settings import Settings
from scenes.table.scene import TableScene

ROOT = Path(__file__).resolve().parent.parent
SCENES = ROOT / "scenes"
TABLE = SCENES / "table"
PRESENTER = SCENES / "board" / "presenter.py"
# A list's or a set's methods that change it in place: calling one on a presenter's field
# writes that field as surely as assigning it.
MUTATORS = frozenset(
    {"append", "extend", "insert", "clear", "pop", "popleft", "remove", "add", "update", "sort"}
)


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def is_presenter(node: ast.expr) -> bool:
    """``presenter`` or ``<anything>.presenter``."""
    return (isinstance(node, ast.Name) and node.id == "presenter") or (
        isinstance(node, ast.Attribute) and node.attr == "presenter"
    )


def presenter_field(node: ast.expr) -> str | None:
    """The presenter field ``node`` reaches into (``presenter.log``, ``presenter.log[:]``,
    ``self.presenter.tweens.x``...), if any."""
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute) and is_presenter(node.value):
            return node.attr
        node = node.value
    return None


def field_writes(module: ast.Module) -> list[tuple[int, str]]:
    """Every line of ``module`` that assigns a presenter's field or changes one in place."""
    found = []
    for node in ast.walk(module):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
        ):
            field = presenter_field(node.func.value)
            if field is not None:
                found.append((node.lineno, f"{field}.{node.func.attr}()"))
        for target in targets:
            for each in target.elts if isinstance(target, ast.Tuple) else [target]:
                field = presenter_field(each)
                if field is not None:
                    found.append((each.lineno, f"{field} ="))
    return found


def scene_sources() -> list[Path]:
    return sorted(p for p in SCENES.rglob("*.py") if p != PRESENTER)


def test_the_check_finds_a_presenter_field_written() -> None:
    # The checker itself sees each way a field can be written (so its silence below means
    # something): assignment, tuple targets, subscripts, augmented assignment, in-place calls.
    code = (
        "self.presenter.hover = 1\n"
        "presenter.status, x = 'a', 2\n"
        "presenter.log[:] = []\n"
        "self.presenter.draw_count += 1\n"
        "presenter.queue.clear()\n"
        "self.presenter.log.extend(lines)\n"
        "self.presenter.set_viewer(2)\n"
        "sprite = self.presenter.sprites.get(3)\n"
    )
    assert [line for line, _ in field_writes(ast.parse(code))] == [1, 2, 3, 4, 5, 6]


def test_no_presenter_field_is_written_outside_the_presenter() -> None:
    writes = {
        str(path.relative_to(ROOT)): found
        for path in scene_sources()
        if (found := field_writes(tree(path)))
    }
    assert writes == {}


def test_the_table_asks_the_match_not_the_game_for_legal_actions() -> None:
    calls = [
        f"{path.name}:{node.lineno}"
        for path in sorted(TABLE.glob("*.py"))
        for node in ast.walk(tree(path))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "legal_actions"
    ]
    assert calls == []


def protocol_members(path: Path, name: str) -> list[str]:
    (cls,) = [n for n in ast.walk(tree(path)) if isinstance(n, ast.ClassDef) and n.name == name]
    members = []
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            members.append(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            members.append(node.name)
    return members


def test_the_overlays_and_the_scoring_screen_get_a_small_door() -> None:
    view = protocol_members(TABLE / "overlays.py", "TableView")
    scoring = protocol_members(TABLE / "scoring.py", "ScoringTable")
    assert 0 < len(view) <= 8, view
    assert 0 < len(scoring) <= 8, scoring


def test_the_table_scene_fits_in_400_lines() -> None:
    (cls,) = [
        n
        for n in ast.walk(tree(TABLE / "scene.py"))
        if isinstance(n, ast.ClassDef) and n.name == "TableScene"
    ]
    assert cls.end_lineno is not None
    assert cls.end_lineno - cls.lineno + 1 <= 400


def test_the_tables_move_logic_imports_without_pygame() -> None:
    code = (
        "import sys\n"
        "sys.modules['pygame'] = None\n"  # any import of pygame now fails
        "import scenes.table.moves\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['pygame']"  # only the blocking entry itself


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_the_replay_builds_from_parts_below_both_screens() -> None:
    users = [SCENES / "replay.py", *sorted((SCENES / "board").glob("*.py"))]
    reaching = {
        str(path.relative_to(ROOT)): sorted(
            n for n in imported(path) if n.startswith("scenes.table")
        )
        for path in users
    }
    assert {k: v for k, v in reaching.items() if v} == {}
    replay = imported(SCENES / "replay.py")
    assert {"scenes.board.presenter", "scenes.board.hud", "scenes.board.layout"} <= replay


def couch() -> tuple[App, TableScene]:
    pygame.init()
    app = App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)
    seats = (Seat("Player 1"), Seat("Ana", Level.EASY), Seat("Player 2"))
    setup = MatchSetup(Rules(), seats, 8, 1)
    table = TableScene(app, setup, sounds=app.media.sounds, art=app.media.art)
    app.push(table)
    return app, table


def test_a_forged_action_for_another_seat_is_refused_through_the_table() -> None:
    app, table = couch()
    match = table.match
    # Run until the other person (seat 2) has a move while seat 0 is still at the screen.
    for _ in range(600):
        app.step(1 / 60, [])
        if match.viewer == 0 and match.legal_for(2):
            break
    assert match.viewer == 0
    forged: Action = match.legal_for(2)[0]
    before = len(table.game.log)
    # A button, a prompt's answer and the submit itself all act for the screen person's seat.
    table.chooser(forged)()
    assert table.refusal is not None
    assert table.refusal.text == REFUSAL_TEXT[Refusal.NOT_YOUR_SEAT]
    table.asking().chooser(forged)()
    assert table.submit(0, forged) == []
    assert len(table.game.log) == before
    # Submitted for its own seat, the same action is legal: only the seat was wrong.
    assert table.submit(2, forged) != []
