"""Compile the rules engine with mypyc into ``build/fast/game/`` (``make fast``).

    python -m tools.build_fast

The compiled engine is the same source (the modules ``game.COMPILED_MODULES`` lists: the engine,
the Expert's playouts and its reading of the plays) built as C extensions: the simulator, the
arena and the Expert's playouts run about twice as fast on it (docs/BENCHMARKS.md).
``game/__init__.py`` loads it only while its stamp matches the source and this Python; otherwise,
and wherever no C compiler is found, the plain-Python engine runs, unchanged. The build happens
in a temporary copy of ``game/``, so the working tree never holds compiled files next to the
sources. Exit status 1, with the reason, when it cannot be built.

The compiler is mypyc, which comes with mypy: where this Python has none (``make play``'s
.venv holds only what playing needs), the ``fast`` extra's pinned mypy is installed once into
``build/compiler/`` and used from there.

    python -m tools.build_fast --background

(``make play``) returns at once: when a build is needed it says so, starts it as a process of
its own at low priority (its output in ``build/fast.log``) and exits 3, so the game starts now
on the plain engine and the next start finds the compiled one.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "fast"
COMPILER = ROOT / "build" / "compiler"
LOG = ROOT / "build" / "fast.log"
# The fast extra of pyproject.toml (a test checks they agree).
COMPILER_REQUIREMENTS = ("mypy==2.4.1", "setuptools>=68")
# Measured on the development machine from nothing (compiler installed, then the build: 58 s
# with other jobs running; the build alone 50 s): docs/BENCHMARKS.md, "First start".
FIRST_BUILD_S = 60
STARTED_IN_BACKGROUND = 3  # the exit status of --background when it started a build


def compiler_path() -> str | None:
    """Where mypyc is imported from: None for this Python's own, else build/compiler; installs
    it there first when neither has it. Raises OSError with pip's last lines if that fails."""
    if importlib.util.find_spec("mypyc") is not None:
        return None
    if not (COMPILER / "mypyc").is_dir():
        pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        done = subprocess.run(
            [*pip, "--target", str(COMPILER), *COMPILER_REQUIREMENTS],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            shutil.rmtree(COMPILER, ignore_errors=True)  # a half install is never used
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            raise OSError("the compiler could not be installed:\n  " + "\n  ".join(tail))
    return str(COMPILER)


def build() -> str | None:
    """Build the compiled engine; None on success, else why it could not be built."""
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        return "no C compiler (cc or gcc) on PATH"
    try:
        extra_path = compiler_path()
    except OSError as error:
        return str(error)
    env = dict(os.environ)
    if extra_path is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [extra_path, env.get("PYTHONPATH")]))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "game", work / "game", ignore=shutil.ignore_patterns("__pycache__"))
        sources = game.compiled_sources()
        done = subprocess.run(
            [sys.executable, "-c", "import sys; from mypyc.__main__ import main; main()", *sources],
            cwd=work,
            env=env,
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


def in_background() -> int:
    """Start the build as a process of its own and return at once (``make play``)."""
    if up_to_date():
        return 0
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        print("(no C compiler: the game runs on the plain-Python engine)")
        return 1
    print(
        f"Compiling the fast engine (first start only, about {FIRST_BUILD_S} s) in the"
        " background: this game starts now on the plain engine, the next start uses the"
        f" compiled one. Progress: {LOG.relative_to(ROOT)}",
        flush=True,
    )
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with LOG.open("w", encoding="utf-8") as log:
        # Its own session: closing the game (or Ctrl+C in the terminal) leaves it to finish.
        subprocess.Popen(
            [sys.executable, "-m", "tools.build_fast", "--nice"],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return STARTED_IN_BACKGROUND


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build_fast", description=__doc__)
    parser.add_argument("--background", action="store_true", help="build in a process of its own")
    parser.add_argument("--nice", action="store_true", help="at low priority (the game runs)")
    args = parser.parse_args(argv)
    if args.background:
        return in_background()
    if args.nice and hasattr(os, "nice"):
        os.nice(10)
    if up_to_date():
        print("the compiled engine is up to date")
        return 0
    print(f"compiling the engine with mypyc (about {FIRST_BUILD_S} s the first time)...")
    started = time.perf_counter()
    why = build()
    if why is not None:
        print(f"The compiled engine was not built: {why}. The plain-Python engine runs.")
        return 1
    took = time.perf_counter() - started
    print(f"compiled engine built in {OUT.relative_to(ROOT)} in {took:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
