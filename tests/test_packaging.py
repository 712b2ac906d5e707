"""What the project's install and build files promise: the fast engine's compiler is the one
pyproject names, and the locks pin what they must."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

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


def same(one: str, other: str) -> bool:
    """Whether two distribution names are the same name (PEP 503)."""
    return re.sub(r"[-_.]+", "-", one.lower()) == re.sub(r"[-_.]+", "-", other.lower())


def test_every_locked_package_has_its_licence_shipped() -> None:
    from tools.release.collect_licenses import locked_names

    folder = ROOT / "assets" / "licenses"
    index = (folder / "README.txt").read_text(encoding="utf-8")
    runtime = (ROOT / "requirements" / "runtime.txt").read_text(encoding="utf-8")
    for name in locked_names():
        version = re.search(rf"^{re.escape(name)}==(\S+)", runtime, re.MULTILINE)
        assert version is not None
        line = next(
            (ln for ln in index.splitlines() if ln.startswith("  ") and same(ln.split()[0], name)),
            None,
        )
        assert line is not None, f"{name} is not in assets/licenses/README.txt"
        assert f" {version.group(1)}:" in line, f"{name}: collected from another version"
        files = line.rsplit(": ", 1)[1].split(", ")
        for file in files:
            assert (folder / file).is_file() and (folder / file).stat().st_size > 0, file
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert (ROOT / "assets" / "fonts" / "LICENSE-Inter.txt").is_file()


def test_every_library_in_pygames_wheel_has_its_licence_shipped() -> None:
    import pygame

    from tools.release.collect_licenses import LIBRARIES, PYGAME_FILES

    base = Path(pygame.__file__).parent
    bundled = [
        p.name
        for folder in (base.parent / "pygame_ce.libs", base / ".dylibs")
        if folder.is_dir()
        for p in folder.iterdir()
    ]
    libraries = ROOT / "assets" / "licenses" / "libraries"
    for name in bundled:
        covering = [file for prefix, (_, file) in LIBRARIES.items() if name.startswith(prefix)]
        assert covering, f"{name} (in pygame-ce's wheel) has no licence in LIBRARIES"
        assert (libraries / covering[0]).is_file()
    for _, file in PYGAME_FILES:
        assert (libraries / file).is_file()


def test_the_release_workflow_passes_actionlint(tmp_path: Path) -> None:
    found = Path(sys.executable).parent / "actionlint"
    actionlint = str(found) if found.exists() else shutil.which("actionlint")
    if actionlint is None:
        pytest.skip("actionlint is not installed (the test extra installs it: make test)")
    workflow = ROOT / ".github" / "workflows" / "release.yml"
    done = subprocess.run(
        [actionlint, str(workflow)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # It is a real check: a job on a runner GitHub does not have fails it.
    broken = tmp_path / ".github" / "workflows" / "release.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(workflow.read_text(encoding="utf-8").replace("windows-2022", "windows-1999"))
    done = subprocess.run(
        [actionlint, str(broken)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode != 0 and "windows-1999" in done.stdout
