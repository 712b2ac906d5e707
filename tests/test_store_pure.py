"""The user files' modules (scenes/store/) import no pygame and no screen, and their key table
without pygame names the same keys as pygame's."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STORE = ROOT / "scenes" / "store"
MODULES = ("settings", "saves", "userdata", "lastsetup", "stats", "keys")


def test_the_store_imports_with_pygame_blocked() -> None:
    imports = ", ".join(f"scenes.store.{name}" for name in MODULES)
    code = f"import sys; sys.modules['pygame'] = None; import {imports}"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("path", sorted(STORE.glob("*.py")), ids=lambda path: path.name)
def test_the_store_imports_no_pygame_and_no_screen_even_inside_a_function(path: Path) -> None:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""] if node.level == 0 else ["scenes.store"]
        else:
            continue
        for name in names:
            assert name.split(".")[0] != "pygame", f"{path.name}:{node.lineno} imports pygame"
            if name.split(".")[0] == "scenes":
                assert name.startswith("scenes.store"), f"{path.name}:{node.lineno}: {name}"


def test_the_key_table_without_pygame_is_pygames() -> None:
    import pygame

    from scenes.store.keys import KEY_NAMES, SCANCODE, key_table, named_key

    # Every code pygame names, in the two ranges SDL uses (characters, and keys marked by the
    # scancode bit), is in the table under pygame's name, and pygame reads the name back.
    named = {}
    for code in (*range(0, 0x3_0000), *range(SCANCODE, SCANCODE + 0x1000)):
        name = pygame.key.name(code)
        if name:
            named[code] = name
    assert named == KEY_NAMES
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pygame's table warns before pygame.init()
        for code, name in KEY_NAMES.items():
            assert pygame.key.key_code(name) == code, name
    # Without pygame and with it, codes and the names older files hold give the same key.
    pygames = key_table(pygame.key.key_code, pygame.key.name)
    odd: tuple[str | int, ...] = ("Left Shift", "G", 0, 1, -1, 2**40, "no key")
    for bound in (*KEY_NAMES, *KEY_NAMES.values(), *odd):
        assert named_key(bound) == pygames(bound), bound
    # Only pygame's table knows SDL's own names, which no version of the game wrote.
    assert named_key("Keypad 5") is None and pygames("Keypad 5") == pygame.K_KP_5
