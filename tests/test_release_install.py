"""packaging/install.sh, run as a player would from an unpacked release (a stand-in program in
the real layout), with HOME in a temporary folder: the menu entry, icons, metainfo and link land
under ~/.local, the entry starts the installed copy, and --uninstall removes exactly them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tools.release.release_linux import APP_ID, ICON_SIZES, METAINFO

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"


def _release(folder: Path) -> Path:
    """A release folder laid out as tools.release.release_linux lays it, with a stand-in program."""
    folder.mkdir(parents=True)
    program = folder / "OneMoreCard" / "OneMoreCard"
    program.parent.mkdir()
    program.write_text('#!/bin/sh\necho one more card "$@"\n')
    program.chmod(0o755)
    (folder / "OneMoreCard" / "_internal").mkdir()
    (folder / "OneMoreCard" / "_internal" / "base_library.zip").write_bytes(b"zip")
    for size in ICON_SIZES:
        icon = folder / "icons" / f"{size}x{size}" / f"{APP_ID}.png"
        icon.parent.mkdir(parents=True)
        icon.write_bytes(b"png %d" % size)
    for name in (f"{APP_ID}.desktop", METAINFO, "install.sh"):
        shutil.copy2(PACKAGING / name, folder / name)
    return folder / "install.sh"


def _run(script: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        ["sh", str(script), *args], env=env, capture_output=True, text=True, timeout=60, check=False
    )


# The desktop's shared caches, which install.sh refreshes where their tools are installed.
CACHES = ("mimeinfo.cache", "icon-theme.cache")


def _installed(home: Path) -> list[Path]:
    files = (p for p in home.rglob("*") if p.is_file() or p.is_symlink())
    return sorted(p for p in files if p.name not in CACHES)


@pytest.mark.subprocess
def test_install_then_uninstall(tmp_path: Path) -> None:
    # A folder with a space and a dollar sign: the entry must still name the program exactly.
    home = tmp_path / "a home $dir"
    home.mkdir()
    saves = home / ".local" / "share" / "OneMoreCard" / "match.json"
    saves.parent.mkdir(parents=True)
    saves.write_text("{}")
    script = _release(tmp_path / "OneMoreCard-0.4.0-linux-x86_64")
    done = _run(script, home)
    assert done.returncode == 0, done.stderr
    local = home / ".local"
    program = local / "lib" / APP_ID / "OneMoreCard"
    assert program.is_file()
    assert (local / "lib" / APP_ID / "_internal" / "base_library.zip").is_file()
    for size in ICON_SIZES:
        icon = local / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert icon.read_bytes() == b"png %d" % size
    assert (local / "share" / "metainfo" / METAINFO).is_file()
    entry = (local / "share" / "applications" / f"{APP_ID}.desktop").read_text()
    exec_line = next(line for line in entry.splitlines() if line.startswith("Exec="))
    assert exec_line == 'Exec="' + str(program).replace("$", "\\$") + '"'
    assert "Icon=one-more-card" in entry
    link = local / "bin" / "OneMoreCard"
    ran = subprocess.run([str(link), "--version"], capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "one more card --version"
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(
            ["desktop-file-validate", str(local / "share" / "applications" / f"{APP_ID}.desktop")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout

    # Installing again replaces the copy (a file of an older version does not linger).
    (local / "lib" / APP_ID / "_internal" / "stale.so").write_bytes(b"old")
    assert _run(script, home).returncode == 0
    assert not (local / "lib" / APP_ID / "_internal" / "stale.so").exists()

    done = _run(script, home, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert _installed(home) == [saves], "uninstall leaves only the player's own files"


def test_uninstall_leaves_a_link_that_is_not_ours(tmp_path: Path) -> None:
    home = tmp_path / "home"
    other = home / ".local" / "bin" / "OneMoreCard"
    other.parent.mkdir(parents=True)
    other.symlink_to("/opt/elsewhere/OneMoreCard")
    script = _release(tmp_path / "release")
    assert _run(script, home, "--uninstall").returncode == 0
    assert other.is_symlink()


def test_unknown_options_and_a_missing_program_are_refused(tmp_path: Path) -> None:
    script = _release(tmp_path / "release")
    done = _run(script, tmp_path, "--frobnicate")
    assert done.returncode == 2 and "unknown option --frobnicate" in done.stderr
    shutil.rmtree(tmp_path / "release" / "OneMoreCard")
    done = _run(script, tmp_path)
    assert done.returncode == 1 and "no OneMoreCard/OneMoreCard" in done.stderr
    assert not (tmp_path / ".local" / "share" / "applications").exists()


def test_help_names_both_uses(tmp_path: Path) -> None:
    done = _run(PACKAGING / "install.sh", tmp_path, "--help")
    assert done.returncode == 0
    assert "./install.sh --uninstall" in done.stdout
