"""The pure game: the UNO rules engine, its AI, the match and the phones' messages. Standard
library only: never pygame, pytmx, aiohttp or ``scenes`` (``game/ruff.toml`` bans them and
``tests/test_purity.py`` imports every module with them blocked).

Start with ``game.engine`` (the rules and the action/event vocabulary), ``game.rules`` (every
switch and the presets) and ``game.record`` (save, load and replay); then ``game.match`` (seats,
submit, tick, listeners), ``game.ai`` (the levels), ``game.narrate`` (a seat's sentences) and
``game.phones`` (a phone seat's messages and the hub). The program that shows a match, and the
phones' web server, are in ``scenes``.

The engine may also run compiled: ``python -m tools.build_fast`` (``make fast``) compiles the
modules of ``COMPILED_MODULES`` (the engine, the Expert's playouts and its inference) with mypyc
into ``build/fast/``. This package then finds that build first, but only while it was made from
the package's sources as they are now and for this Python (a stamp holds both), so an edited
engine is never shadowed by a stale build. Without a build (no C compiler, a packaged program,
``UNO_PURE_PYTHON=1``) the same source runs as plain Python.
"""

import hashlib
import os
import sys
from pathlib import Path

__version__ = "0.4.0"

# The modules tools.build_fast compiles with mypyc: the one list build.spec (which leaves
# their plain sources out of a package that ships the build), tools.build_fast and the tests read.
COMPILED_MODULES = ("game.engine", "game.ai.playout", "game.ai.inference")


def compiled_sources() -> list[str]:
    """The compiled modules' sources, relative to the project root (``game/engine.py``...)."""
    return [name.replace(".", "/") + ".py" for name in COMPILED_MODULES]


def fast_stamp(package: Path) -> str:
    """What a compiled build must have been made from: this Python and the hash of every
    source of the package (not only the compiled ones: compiled code may have taken in what
    it imports, such as a constant or a class's fields, when it was built)."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
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
COMPILED = _FAST is not None  # are the COMPILED_MODULES the mypyc build?
FAST_DIR = _FAST  # build/fast/game while the compiled build is in use (game.ai reads it)
if _FAST is not None:
    __path__.insert(0, str(_FAST))
    # The modules' shared C code is one top-level module beside the package.
    sys.path.append(str(_FAST.parent))
