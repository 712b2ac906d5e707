"""The pure UNO rules engine and its AI: standard library only, never pygame or pytmx.

Start with ``game.engine`` (the rules and the action/event vocabulary), ``game.rules`` (every
switch and the presets) and ``game.record`` (save, load and replay).

The engine may also run compiled: ``python -m tools.build_fast`` (``make fast``) compiles
``game/engine.py`` with mypyc into ``build/fast/game/``. This package then finds that build
first, but only while it was made from the engine source as it is now and for this Python (a
stamp holds both), so an edited engine is never shadowed by a stale build. Without a build (no
C compiler, a packaged program, ``UNO_PURE_PYTHON=1``) the same source runs as plain Python.
"""

import hashlib
import os
import sys
from pathlib import Path

__version__ = "0.4.0"

COMPILED_MODULES = ("engine",)  # what tools.build_fast compiles, in game/


def fast_stamp(package: Path) -> str:
    """What a compiled build must have been made from: this Python and the sources' hash."""
    digest = hashlib.sha256()
    for name in COMPILED_MODULES:
        digest.update((package / f"{name}.py").read_bytes())
    return f"{sys.implementation.cache_tag} {digest.hexdigest()}"


def _compiled_dir() -> Path | None:
    if os.environ.get("UNO_PURE_PYTHON"):
        return None
    here = Path(__file__).resolve().parent
    fast = here.parent / "build" / "fast" / "game"
    try:
        stamp = (fast / "STAMP").read_text(encoding="utf-8").strip()
        current = fast_stamp(here)
    except OSError:
        return None
    return fast if stamp == current else None


_FAST = _compiled_dir()
COMPILED = _FAST is not None  # is game.engine the mypyc build?
if _FAST is not None:
    __path__.insert(0, str(_FAST))
