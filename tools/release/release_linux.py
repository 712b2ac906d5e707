"""Build the portable Linux release inside a Debian 11 root (``make release``, as root).

    python -m tools.release.release_linux [--lock requirements.lock]

Makes ``dist/OneMoreCard-<version>-linux-x86_64.tar.gz``. Everything that goes into the program
is built inside ``build/bullseye`` (tools/release/debian_root.py), so the program needs no C library
newer than bullseye's (2.31): Python 3.11 is compiled there from the upstream source in
Debian's own python3.11 source package (bookworm's, bullseye has only 3.9), a virtual
environment holds the runtime packages and PyInstaller, mypyc compiles the engine and
PyInstaller runs ``build.spec``. Each stage is kept: the root, the Python, the environment
(made again when its requirements change) and the compiled engine (made again when the engine
changes), so a second run only copies the sources, runs PyInstaller and packs the tarball.
docs/RELEASE.md ("Linux") says how long each part takes and how to check the result.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from tools.release.debian_root import (
    BUILD,
    ROOT,
    RootError,
    RootSpec,
    ensure_root,
    mirror,
    require_tools,
    run_in,
    share_network,
    step,
)

BUILD_ROOT = RootSpec(
    BUILD / "bullseye",
    "buildd",
    # CPython's build dependencies (no tk: the game has no use for tkinter) and dpkg-dev for
    # `apt-get source`.
    (
        "ca-certificates", "dpkg-dev", "libbz2-dev", "libffi-dev", "libgdbm-dev", "liblzma-dev",
        "libncurses-dev", "libreadline-dev", "libsqlite3-dev", "libssl-dev", "uuid-dev",
        "xz-utils", "zlib1g-dev",
    ),
)  # fmt: skip
PREFIX = "/opt/python3.11"
VENV = "/opt/venv"
SRC = "/src"
PINS = ROOT / "packaging" / "linux-build-requirements.txt"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
APP_ID = "one-more-card"
METAINFO = f"{APP_ID}.metainfo.xml"

# Python 3.11 from the upstream tarball inside Debian's source package (bookworm's: Debian
# patches are left out, they adapt Python to Debian's own layout), shared so PyInstaller can
# bundle libpython, and found through its rpath.
PYTHON_SCRIPT = """
echo "deb-src {mirror} bookworm main" > /etc/apt/sources.list.d/python3.11-source.list
apt-get update -qq
rm -rf /usr/src/python3.11 && mkdir -p /usr/src/python3.11 && cd /usr/src/python3.11
apt-get source --download-only -qq python3.11
mkdir upstream && tar -xf python3.11_*.orig.tar.* -C upstream --strip-components=1
cd upstream
echo "configuring $(ls ../python3.11_*.dsc)"
./configure --quiet --prefix={prefix} --enable-shared LDFLAGS=-Wl,-rpath,{prefix}/lib
echo "compiling Python (several minutes)"
make --quiet -j"$(nproc)" > /usr/src/python3.11/make.log
make --quiet install > /usr/src/python3.11/install.log
{prefix}/bin/python3.11 -c 'import ssl, ctypes, lzma, bz2, zlib, sqlite3, sys; print(sys.version)'
"""

VENV_SCRIPT = """
rm -rf {venv}
{prefix}/bin/python3.11 -m venv {venv}
{venv}/bin/python -m pip install --quiet --disable-pip-version-check {install}
{venv}/bin/python -m pip install --quiet --disable-pip-version-check {compiler}
{venv}/bin/python -m pip list --format=freeze --disable-pip-version-check
"""

PROGRAM_SCRIPT = """
cd {src}
{venv}/bin/python -m tools.build_fast
mkdir -p build/icons
for size in {sizes}; do
    {venv}/bin/python -m tools.make.make_icon --size "$size" \\
        --out "build/icons/$size.png" >/dev/null
done
{venv}/bin/python -m PyInstaller --noconfirm --clean --log-level WARN \\
    --distpath dist --workpath build/pyinstaller build.spec
dist/OneMoreCard/OneMoreCard --version
"""


def version() -> str:
    text = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'__version__ = "([^"]+)"', text)
    if found is None:
        raise RootError("game/__init__.py names no __version__")
    return found.group(1)


def build_python(root: Path) -> None:
    python = root / PREFIX.lstrip("/") / "bin" / "python3.11"
    if python.exists():
        print(f"    Python 3.11 is built ({PREFIX})")
        return
    share_network(root)
    script = PYTHON_SCRIPT.format(mirror=mirror(), prefix=PREFIX)
    if run_in(root, script) != 0:
        raise RootError("Python 3.11 could not be built (its logs: build/bullseye/usr/src)")


def build_venv(root: Path, lock: Path | None) -> None:
    """The environment, made again whenever the requirements it was made from change."""
    pins = PINS.read_text(encoding="utf-8")
    compiler = [line for line in pins.splitlines() if line.startswith("mypy==")]
    if lock is None:
        requirements, install = pins, "-r /tmp/requirements.txt"
    else:
        requirements = lock.read_text(encoding="utf-8")
        install = "--require-hashes -r /tmp/requirements.txt"
    digest = hashlib.sha256((requirements + "".join(compiler)).encode()).hexdigest()
    stamp = root / VENV.lstrip("/") / "requirements.sha256"
    if stamp.exists() and stamp.read_text(encoding="utf-8").strip() == digest:
        print(f"    the environment is up to date ({VENV})")
        return
    env = share_network(root)
    (root / "tmp" / "requirements.txt").write_text(requirements, encoding="utf-8")
    script = VENV_SCRIPT.format(
        venv=VENV, prefix=PREFIX, install=install, compiler=" ".join(compiler)
    )
    if run_in(root, script, env) != 0:
        raise RootError("the build environment could not be installed")
    stamp.write_text(digest + "\n", encoding="utf-8")


def copy_sources(root: Path) -> None:
    """The project's files (tracked, and new ones git does not ignore) into the root's /src;
    its build/ stays, for the compiled engine's and PyInstaller's caches."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    src = root / SRC.lstrip("/")
    src.mkdir(exist_ok=True)
    for old in src.iterdir():
        if old.name != "build":
            shutil.rmtree(old) if old.is_dir() and not old.is_symlink() else old.unlink()
    count = 0
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            target = src / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target, follow_symlinks=False)
            count += 1
    print(f"    {count} files")


def build_program(root: Path, epoch: int) -> None:
    # PyInstaller dates the files in its archives by SOURCE_DATE_EPOCH, and the order of some
    # follows set iteration, which a fixed hash seed makes the same on every build.
    env = {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "SOURCE_DATE_EPOCH": str(epoch),
        "PYTHONHASHSEED": "0",
    }
    sizes = " ".join(str(size) for size in ICON_SIZES)
    if run_in(root, PROGRAM_SCRIPT.format(src=SRC, venv=VENV, sizes=sizes), env) != 0:
        raise RootError("the program could not be built")


def _reset(info: tarfile.TarInfo, mtime: int) -> tarfile.TarInfo:
    """The same metadata on every build, so the same files make the same tarball."""
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    info.mtime = mtime
    if not info.isdir() and not info.issym():
        info.mode = 0o755 if info.mode & 0o100 else 0o644
    return info


def pack(root: Path, out: Path, mtime: int) -> Path:
    """Lay out the release folder beside the program and pack it into the tarball."""
    src = root / SRC.lstrip("/")
    program = src / "dist" / "OneMoreCard"
    shipped = sorted(p.name for p in program.rglob("*") if p.name.startswith(FORBIDDEN))
    if shipped:
        raise RootError(f"the bundle holds {shipped}: build.spec must leave them to the host")
    name = f"OneMoreCard-{version()}-linux-x86_64"
    stage = BUILD / "release" / name
    if stage.exists():
        shutil.rmtree(stage)
    shutil.copytree(program, stage / "OneMoreCard", symlinks=True)
    for size in ICON_SIZES:
        icon = stage / "icons" / f"{size}x{size}" / f"{APP_ID}.png"
        icon.parent.mkdir(parents=True)
        shutil.copyfile(src / "build" / "icons" / f"{size}.png", icon)
    for file in (f"{APP_ID}.desktop", METAINFO, "install.sh"):
        shutil.copy2(ROOT / "packaging" / file, stage / file)
    (stage / "install.sh").chmod(0o755)
    out.mkdir(parents=True, exist_ok=True)
    tarball = out / f"{name}.tar.gz"
    # gzip's own header holds a time and a file name too: the commit's time, and no name.
    with (
        tarball.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=mtime, compresslevel=9) as zipped,
        tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as tar,
    ):
        tar.add(stage, arcname=name, filter=lambda info: _reset(info, mtime))
    return tarball


# PyInstaller's advice for programs meant to run on newer systems: the C++ runtime and libgcc
# come from the host, whose graphics drivers need its own (newer) ones.
FORBIDDEN = ("libstdc++.so", "libgcc_s.so")


def source_date() -> int:
    """The time every file of the release is dated: SOURCE_DATE_EPOCH, else the last commit's."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    done = subprocess.run(
        ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return int(done.stdout.strip() or 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.release.release_linux", description=__doc__
    )
    parser.add_argument("--lock", type=Path, help="install from this hashed lock file")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the tarball goes")
    args = parser.parse_args(argv)
    if args.lock is not None and not args.lock.is_file():
        parser.error(f"no lock file at {args.lock}")
    root = BUILD_ROOT.path
    try:
        require_tools()
        with step("the Debian 11 build root"):
            if not ensure_root(BUILD_ROOT):
                print(f"    kept from before ({root})")
        with step("Python 3.11"):
            build_python(root)
        with step("the build environment"):
            build_venv(root, args.lock)
        with step("the sources"):
            copy_sources(root)
        with step("the compiled engine, the icons and PyInstaller"):
            build_program(root, source_date())
        with step("the tarball"):
            tarball = pack(root, args.out, source_date())
    except (RootError, OSError, subprocess.CalledProcessError) as error:
        print(f"make release failed: {error}", file=sys.stderr)
        return 1
    print(f"built {tarball.relative_to(ROOT) if tarball.is_relative_to(ROOT) else tarball}")
    print(f"check it: python -m tools.release.glibc_floor {tarball} && make release-check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
