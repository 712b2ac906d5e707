"""Collect the licences of everything the program ships into ``assets/licenses/`` (the build
ships that folder, and puts it beside the program too):

    python -m tools.release.collect_licenses          # write assets/licenses/python/ and README.txt
    python -m tools.release.collect_licenses --check  # exit 1 if what is written is not what
                                                      # it would write

- every Python package of the runtime lock (``requirements/runtime.txt``): the licence files
  its installed distribution carries (``importlib.metadata``), and the licence its metadata
  names; run it in an environment made from the lock (``make play``'s .venv);
- CPython's own licence (PyInstaller ships the interpreter), from the running Python;
- the native libraries bundled in pygame-ce's wheels (SDL and what it loads), whose wheels
  carry no licence texts: ``assets/licenses/libraries/`` keeps those texts, copied from
  pygame-ce's repository at the release locked (docs/licenses) and, where it has none, the
  copyright file of Debian's package of the library; ``LIBRARIES`` says which file covers
  which library, and a test checks every library in pygame-ce's wheel is covered.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import sysconfig
import tempfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "assets" / "licenses"
LOCK = ROOT / "requirements" / "runtime.txt"
# A licence file's name, inside a distribution's metadata folder.
LICENCE_NAME = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)

# The libraries of pygame-ce's wheel (the start of each file's name in pygame_ce.libs/ or
# pygame/.dylibs), and the file in assets/licenses/libraries/ that holds each one's licence.
LIBRARIES = {
    "libSDL2-": ("SDL2", "LICENSE.sdl2.txt"),
    "libSDL2_image": ("SDL2_image", "LICENSE.sdl2_image.txt"),
    "libSDL2_mixer": ("SDL2_mixer", "LICENSE.sdl2_mixer.txt"),
    "libSDL2_ttf": ("SDL2_ttf", "LICENSE.sdl2_ttf.debian-copyright.txt"),
    "libFLAC": ("FLAC", "LICENSE.FLAC.txt"),
    "libasound": ("alsa-lib", "LICENSE.alsa-lib.debian-copyright.txt"),
    "libbrotli": ("Brotli", "LICENSE.brotli.debian-copyright.txt"),
    "libfluidsynth": ("FluidSynth", "LICENSE.fluidsynth.txt"),
    "libfreetype": ("FreeType", "LICENSE.freetype.txt"),
    "libharfbuzz": ("HarfBuzz", "LICENSE.harfbuzz.debian-copyright.txt"),
    "libjpeg": ("libjpeg-turbo", "LICENSE.jpeg.txt"),
    "libmpg123": ("mpg123", "LICENSE.mpg123.txt"),
    "libogg": ("Ogg", "LICENSE.ogg-vorbis.txt"),
    "libvorbis": ("Vorbis", "LICENSE.ogg-vorbis.txt"),
    "libopusfile": ("opusfile", "LICENSE.opusfile.txt"),
    "libopus-": ("Opus", "LICENSE.opus.txt"),
    "libpng": ("libpng", "LICENSE.png.txt"),
    "libportmidi": ("PortMidi", "LICENSE.portmidi.txt"),
    "libsharpyuv": ("libwebp (sharpyuv)", "LICENSE.webp.txt"),
    "libwebp": ("libwebp", "LICENSE.webp.txt"),
    "libsndfile": ("libsndfile", "LICENSE.sndfile.debian-copyright.txt"),
    "libtiff": ("LibTIFF", "LICENSE.tiff.txt"),
    "libwavpack": ("WavPack", "LICENSE.wavpack.debian-copyright.txt"),
    "libxmp": ("libxmp", "LICENSE.xmp.debian-copyright.txt"),
    "libz": ("zlib", "LICENSE.zlib.txt"),
}
# pygame-ce itself (its wheel names LGPL 2.1 but carries no text) and the code it builds in.
# Packages whose wheels carry no licence text, and the file here that holds it.
KEPT_HERE = {"pygame-ce": "libraries/LICENSE.pygame-ce.LGPL-2.1.txt"}
PYGAME_FILES = (
    ("pygame-ce", "LICENSE.pygame-ce.LGPL-2.1.txt"),
    ("SDL_gfx (pygame.gfxdraw)", "LICENSE.sdl_gfx.txt"),
    ("sse2neon (ARM builds)", "LICENSE.sse2neon-h.txt"),
)


def locked_names(lock: Path = LOCK) -> list[str]:
    """The packages the runtime lock pins, in its order."""
    text = lock.read_text(encoding="utf-8")
    return re.findall(r"^([A-Za-z0-9._-]+)==", text, re.MULTILINE)


def licence_of(dist: metadata.Distribution) -> str:
    """The licence a distribution's metadata names: its SPDX expression, else its License
    field (its first line), else its licence classifiers."""
    meta = dist.metadata
    expression = meta["License-Expression"]
    if expression:
        return str(expression)
    field = (meta["License"] or "").strip().splitlines()
    if field and len(field[0]) <= 80:
        return field[0]
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or []]
    found = [
        c
        for c, full in zip(classifiers, meta.get_all("Classifier") or [], strict=True)
        if full.startswith("License ::")
    ]
    return ", ".join(found) or "see its files"


def licence_files(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """(name, text) of every licence file in the distribution's metadata folder."""
    found = []
    for file in dist.files or []:
        parts = file.parts
        if not parts[0].endswith(".dist-info") or not LICENCE_NAME.search(file.name):
            continue
        text = file.read_text(encoding="utf-8")
        if text:
            found.append(("-".join(parts[1:]).removeprefix("licenses-"), text))
    return found


def write(out: Path) -> list[str]:
    """Write python/ and README.txt under ``out``; returns the problems (packages not installed,
    or with no licence file)."""
    problems: list[str] = []
    lines = [
        "One More Card ships the software below. Each entry names its licence and the file(s)",
        "in this folder holding its text. One More Card itself: LICENSE (MIT), beside this",
        "folder in the program; the Inter typeface: fonts/LICENSE-Inter.txt in the assets",
        "(SIL Open Font License 1.1); the Japanese typeface, Noto Sans CJK JP (subset):",
        "fonts/LICENSE-NotoSansCJK.txt in the assets (SIL Open Font License 1.1).",
        "",
        "Python packages (collected from their installed metadata by"
        " tools.release.collect_licenses):",
    ]
    python = out / "python"
    if python.exists():
        shutil.rmtree(python)
    for name in locked_names():
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            problems.append(f"{name} is not installed here")
            continue
        folder = python / f"{dist.metadata['Name']}-{dist.version}"
        files = licence_files(dist)
        if not files and name not in KEPT_HERE:
            problems.append(f"{name} carries no licence file")
        for file_name, text in files:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / file_name).write_text(text, encoding="utf-8")
        shown = ", ".join(f"python/{folder.name}/{f}" for f, _ in files) or KEPT_HERE[name]
        lines.append(f"  {dist.metadata['Name']} {dist.version}: {licence_of(dist)}: {shown}")
    cpython = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    if cpython.is_file():
        python.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(cpython, python / "CPython-LICENSE.txt")
        version = ".".join(map(str, sys.version_info[:2]))
        lines.append(
            f"  CPython {version} (the interpreter inside the program): PSF License:"
            " python/CPython-LICENSE.txt"
        )
    else:
        problems.append(f"no {cpython}")
    lines += ["", "pygame-ce and the libraries its wheels bundle (libraries/):"]
    for what, file_name in PYGAME_FILES:
        lines.append(f"  {what}: libraries/{file_name}")
    covered: dict[str, list[str]] = {}
    for what, file_name in LIBRARIES.values():
        covered.setdefault(file_name, []).append(what)
    for file_name, names in covered.items():
        lines.append(f"  {', '.join(names)}: libraries/{file_name}")
    lines += [
        "",
        "libraries/*.debian-copyright.txt are the copyright files of Debian's packages of",
        "those libraries (pygame-ce's repository has no text for them); the others come",
        "from pygame-ce's repository (docs/licenses, docs/LGPL.txt) at the release locked.",
    ]
    (out / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return problems


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.relative_to(folder).parts[0] != "libraries"
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.release.collect_licenses", description=__doc__
    )
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            problems = write(Path(tmp))
            same = snapshot(Path(tmp)) == snapshot(OUT)
        for problem in problems:
            print(f"problem: {problem}")
        print("assets/licenses is up to date" if same else "assets/licenses differs: run it")
        return 0 if same and not problems else 1
    problems = write(OUT)
    for problem in problems:
        print(f"problem: {problem}")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
