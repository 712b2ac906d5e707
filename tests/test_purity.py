"""The engine is pure: importing every module of ``game`` loads no pygame, pytmx or scenes."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import importlib, pkgutil, sys
import game
for module in pkgutil.walk_packages(game.__path__, "game."):
    importlib.import_module(module.name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pytmx", "scenes"))
print(",".join(loaded))
"""


def test_importing_game_loads_no_pygame() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == ""
