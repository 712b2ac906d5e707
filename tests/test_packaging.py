"""What the project's install and build files promise: the fast engine's compiler is the one
pyproject names, and the locks pin what they must."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_engine_compiler_is_the_fast_extra() -> None:
    from tools.build_fast import COMPILER_REQUIREMENTS

    extras = pyproject()["project"]["optional-dependencies"]  # type: ignore[index]
    assert tuple(extras["fast"]) == COMPILER_REQUIREMENTS


def test_playing_installs_no_test_tool() -> None:
    runtime = (ROOT / "requirements" / "runtime.txt").read_text(encoding="utf-8")
    pinned = set(re.findall(r"^([a-z0-9._-]+)==", runtime, re.MULTILINE))
    assert {"pygame-ce", "aiohttp", "segno", "pytmx", "platformdirs"} <= pinned
    assert not pinned & {"pytest", "mypy", "ruff", "playwright", "hypothesis", "mutmut"}


def test_every_locked_package_has_hashes_and_pyinstaller_is_pinned() -> None:
    for name in ("runtime.txt", "build.txt"):
        text = (ROOT / "requirements" / name).read_text(encoding="utf-8")
        entries = re.split(r"^(?=[a-z0-9._-]+==)", text, flags=re.MULTILINE)[1:]
        assert entries
        for entry in entries:
            assert "--hash=sha256:" in entry, entry.splitlines()[0]
    build = (ROOT / "requirements" / "build.txt").read_text(encoding="utf-8")
    extras = pyproject()["project"]["optional-dependencies"]  # type: ignore[index]
    (pin,) = extras["build"]
    assert pin.startswith("pyinstaller==") and f"\n{pin} " in build
