"""Compile the rules engine with mypyc into ``build/fast/game/`` (``make fast``).

    python -m tools.build_fast

The compiled engine is the same source (``game/engine.py``, and the Expert's playouts in
``game/ai/playout.py``) built as C extensions: the simulator, the arena and the Expert's
playouts run about twice as fast on it (docs/BENCHMARKS.md).
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
OUT = ROOT / "build" / "fast"


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
        # The compiled modules inside game/ and their shared C code at the top.
        built = [p for p in work.rglob("*") if p.suffix in (".so", ".pyd")]
        built = [p for p in built if "build" not in p.relative_to(work).parts]
        if len(built) <= len(game.COMPILED_MODULES):
            return "mypyc made no extension modules"
        if OUT.exists():
            shutil.rmtree(OUT)
        for path in built:
            target = OUT / path.relative_to(work)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        stamp = game.fast_stamp(ROOT / "game") + "\n"
        (OUT / "game" / "STAMP").write_text(stamp, encoding="utf-8")
    return None


def up_to_date() -> bool:
    try:
        stamp = (OUT / "game" / "STAMP").read_text(encoding="utf-8").strip()
    except OSError:
        return False
    return stamp == game.fast_stamp(ROOT / "game")


def main() -> int:
    if up_to_date():
        print("the compiled engine is up to date")
        return 0
    print("compiling the engine with mypyc (about 15 s)...", file=sys.stderr)
    why = build()
    if why is not None:
        print(f"The compiled engine was not built: {why}. The plain-Python engine runs.")
        return 1
    print(f"compiled engine built in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
