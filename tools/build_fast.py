"""Compile the rules engine with mypyc into ``build/fast/game/`` (``make fast``).

    python -m tools.build_fast

The compiled engine is the same source (``game/engine.py``) built as a C extension: the
simulator, the arena and the Expert's playouts run about twice as fast on it (docs/BENCHMARKS.md).
``game/__init__.py`` loads it only while its stamp matches the source and this Python; otherwise,
and wherever no C compiler is found, the plain-Python engine runs, unchanged. The build happens
in a temporary copy of ``game/``, so the working tree never holds compiled files next to the
sources. Exit status 1, with the reason, when it cannot be built.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "fast" / "game"


def build() -> str | None:
    """Build the compiled engine; None on success, else why it could not be built."""
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        return "no C compiler (cc or gcc) on PATH"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "game", work / "game", ignore=shutil.ignore_patterns("__pycache__"))
        sources = [f"game/{name}.py" for name in game.COMPILED_MODULES]
        done = subprocess.run(
            [sys.executable, "-c", "import sys; from mypyc.__main__ import main; main()", *sources],
            cwd=work,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
            return "mypyc failed:\n  " + "\n  ".join(tail)
        built = sorted((work / "game").glob("*.so")) + sorted((work / "game").glob("*.pyd"))
        if not built:
            return "mypyc made no extension module"
        if OUT.exists():
            shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        for path in built:
            shutil.copy2(path, OUT / path.name)
        (OUT / "STAMP").write_text(game.fast_stamp(ROOT / "game") + "\n", encoding="utf-8")
    return None


def main() -> int:
    print("compiling the engine with mypyc (about 15 s)...", file=sys.stderr)
    why = build()
    if why is not None:
        print(f"The compiled engine was not built: {why}. The plain-Python engine runs.")
        return 1
    print(f"compiled engine built in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
