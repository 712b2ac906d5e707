"""The quick parts of the Linux release (the build itself is `make release`, docs/RELEASE.md):
the tarball's layout and reproducibility, its refusal of a bundled C++ runtime, the desktop
entry and AppStream metadata (validated by Debian's own tools where installed), and how the
Debian roots are found, stamped and entered."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

import game
from tools.release import debian_root, release_check, release_linux
from tools.release.debian_root import RootError, RootSpec
from tools.release.release_linux import APP_ID, ICON_SIZES, METAINFO

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"


def _fake_root(root: Path, extra: tuple[str, ...] = ()) -> None:
    """What the build leaves in the root's /src: the program folder and the icons."""
    program = root / "src" / "dist" / "OneMoreCard"
    (program / "_internal").mkdir(parents=True)
    (program / "OneMoreCard").write_bytes(b"\x7fELF program")
    (program / "OneMoreCard").chmod(0o755)
    (program / "_internal" / "libpython3.11.so.1.0").write_bytes(b"\x7fELF lib")
    for name in extra:
        (program / "_internal" / name).write_bytes(b"\x7fELF")
    icons = root / "src" / "build" / "icons"
    icons.mkdir(parents=True)
    for size in ICON_SIZES:
        (icons / f"{size}.png").write_bytes(b"png")


def test_the_tarball_holds_the_release_and_is_the_same_every_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(release_linux, "BUILD", tmp_path / "build")
    _fake_root(tmp_path / "root")
    first = release_linux.pack(tmp_path / "root", tmp_path / "one", 1700000000)
    second = release_linux.pack(tmp_path / "root", tmp_path / "two", 1700000000)
    assert first.name == f"OneMoreCard-{game.__version__}-linux-x86_64.tar.gz"
    assert first.read_bytes() == second.read_bytes()
    top = first.name.removesuffix(".tar.gz")
    with tarfile.open(first) as tar:
        members = {member.name: member for member in tar}
    expected = {
        f"{top}/OneMoreCard/OneMoreCard",
        f"{top}/{APP_ID}.desktop",
        f"{top}/{METAINFO}",
        f"{top}/install.sh",
        *(f"{top}/icons/{size}x{size}/{APP_ID}.png" for size in ICON_SIZES),
    }
    assert expected <= set(members)
    assert members[f"{top}/install.sh"].mode == 0o755
    assert members[f"{top}/OneMoreCard/OneMoreCard"].mode == 0o755
    assert members[f"{top}/{APP_ID}.desktop"].mode == 0o644
    assert {(m.uid, m.mtime) for m in members.values()} == {(0, 1700000000)}


@pytest.mark.parametrize("runtime", ["libstdc++.so.6", "libgcc_s.so.1"])
def test_a_bundle_with_its_own_cxx_runtime_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runtime: str
) -> None:
    monkeypatch.setattr(release_linux, "BUILD", tmp_path / "build")
    _fake_root(tmp_path / "root", (runtime,))
    with pytest.raises(RootError, match=r"build\.spec must leave them to the host"):
        release_linux.pack(tmp_path / "root", tmp_path / "out", 0)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_install_sh_installs_every_icon_size_the_release_makes() -> None:
    script = (PACKAGING / "install.sh").read_text()
    assert f'SIZES="{" ".join(map(str, ICON_SIZES))}"' in script
    assert ICON_SIZES[0] == 16 and ICON_SIZES[-1] == 512


def test_the_metainfo_names_this_version() -> None:
    text = (PACKAGING / METAINFO).read_text()
    assert f'<release version="{game.__version__}"' in text, "add this version to the metainfo"
    assert f'<launchable type="desktop-id">{APP_ID}.desktop</launchable>' in text


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream is not installed")
def test_the_metainfo_is_valid_appstream() -> None:
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--no-color", str(PACKAGING / METAINFO)],
        capture_output=True,
        text=True,
        check=False,
    )
    # The one remark allowed: the id is not reverse-DNS, as the project has no domain of its
    # own to name it by (docs/RELEASE.md).
    remarks = [line for line in done.stdout.splitlines() if line[:2] in ("E:", "W:", "I:")]
    assert remarks == [
        "W: one-more-card:5: cid-desktopapp-is-not-rdns one-more-card",
        "I: one-more-card:5: cid-contains-hyphen one-more-card",
    ], done.stdout


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed"
)
def test_the_desktop_entry_is_valid() -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(PACKAGING / f"{APP_ID}.desktop")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


def test_the_mirror_comes_from_apt_or_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sources = tmp_path / "sources.list.d"
    sources.mkdir()
    (sources / "debian.sources").write_text(
        "Types: deb\nURIs: http://mirror.example/debian/\nSuites: bookworm\n"
    )
    (sources / "other.list").write_text("deb http://elsewhere.example/ubuntu jammy main\n")
    monkeypatch.setattr(debian_root, "APT_SOURCES", (tmp_path / "none", sources))
    monkeypatch.delenv("DEBIAN_MIRROR", raising=False)
    assert debian_root.mirror() == "http://mirror.example/debian"
    monkeypatch.setenv("DEBIAN_MIRROR", "http://chosen.example/debian")
    assert debian_root.mirror() == "http://chosen.example/debian"
    monkeypatch.delenv("DEBIAN_MIRROR")
    (sources / "debian.sources").unlink()
    with pytest.raises(RootError, match="set DEBIAN_MIRROR"):
        debian_root.mirror()


def test_a_root_counts_as_made_only_with_its_own_stamp(tmp_path: Path) -> None:
    spec = RootSpec(tmp_path / "root", "minbase", ("b", "a"))
    assert not debian_root.is_ready(spec)
    spec.path.mkdir()
    (spec.path / debian_root.STAMP).write_text("bullseye minbase a\n")
    assert not debian_root.is_ready(spec), "a root made with other packages is made again"
    (spec.path / debian_root.STAMP).write_text(spec.describe() + "\n")
    assert debian_root.is_ready(spec)
    assert debian_root.ensure_root(spec) is False


def test_making_a_root_without_root_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(RootError, match="needs root"):
        debian_root.require_tools()


def test_commands_inside_a_root_get_only_the_environment_given(tmp_path: Path) -> None:
    argv = debian_root._command(tmp_path, ["/bin/true"], {"SDL_VIDEODRIVER": "dummy"})
    assert argv[:2] == ["unshare", "--mount"] and "--kill-child" in argv
    tail = argv[argv.index("-i") + 1 :]
    assert "SDL_VIDEODRIVER=dummy" in tail and "HOME=/root" in tail
    assert tail[-1] == "/bin/true"
    assert not any(item.startswith("PWD=") for item in tail)
    assert (tmp_path / "dev" / "shm").is_dir()


def test_release_without_root_stops_at_once_and_says_why(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert release_linux.main([]) == 1
    assert "needs root: run it with sudo" in capsys.readouterr().err


def test_release_check_without_a_tarball_says_how_to_make_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert release_check.main([str(tmp_path / "missing.tar.gz")]) == 2
    assert "make release" in capsys.readouterr().err


def test_the_release_is_dated_by_source_date_epoch_else_the_last_commit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert release_linux.source_date() == 1700000000
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert release_linux.source_date() > 1700000000  # this checkout's last commit
