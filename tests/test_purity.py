"""``game`` is pure: every one of its modules imports with pygame, pytmx, aiohttp and the
``scenes`` package blocked (an import of any of them fails), and none of them is loaded."""

from __future__ import annotations

import subprocess
import sys

BLOCKED = ("pygame", "pytmx", "aiohttp", "scenes")

CODE = """
import importlib, importlib.abc, pkgutil, sys
BLOCKED = {blocked!r}


class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if any(name == b or name.startswith(b + ".") for b in BLOCKED):
            raise ImportError(f"blocked: {{name}}")
        return None


sys.meta_path.insert(0, Block())
import game
failed = []
for module in pkgutil.walk_packages(game.__path__, "game."):
    try:
        importlib.import_module(module.name)
    except ImportError as error:
        failed.append(f"{{module.name}}: {{error}}")
loaded = sorted(m for m in sys.modules if any(m == b or m.startswith(b + ".") for b in BLOCKED))
print("|".join(failed + loaded))
"""


def run(code: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return out.stdout.strip()


def test_every_game_module_imports_with_pygame_pytmx_aiohttp_and_scenes_blocked() -> None:
    assert run(CODE.format(blocked=BLOCKED)) == ""


def test_the_block_is_real() -> None:
    # Blocking a part of game itself must show up, so the check above can fail.
    assert "game.phones: blocked" in run(CODE.format(blocked=("game.phones",)))
