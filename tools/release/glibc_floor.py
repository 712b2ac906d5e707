"""The newest GNU C library each ELF file in a release needs, and a check that none is too new.

    python -m tools.release.glibc_floor dist/OneMoreCard-0.4.0-linux-x86_64.tar.gz [--max 2.31]
    python -m tools.release.glibc_floor dist/OneMoreCard          # a folder, or one file

A program built against a newer glibc does not start on an older one ("version GLIBC_2.34 not
found"). Each dynamically linked ELF file lists the symbol versions it needs from each library
in its version-needs table (``.gnu.version_r``); the highest ``GLIBC_x.y`` there is the oldest
glibc it runs on. This reads that table in pure Python (no binutils needed), from the section
headers or, in a file whose section headers are stripped, through the dynamic segment the
loader itself reads. It lists every ELF file, highest first, and exits 1 when any needs a
glibc newer than ``--max`` (Debian 11's 2.31 by default), 2 when the input cannot be read.
"""

from __future__ import annotations

import argparse
import os
import re
import struct
import sys
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
SHT_GNU_VERNEED = 0x6FFFFFFE
PT_LOAD, PT_DYNAMIC = 1, 2
DT_NULL, DT_STRTAB = 0, 5
DT_VERNEED, DT_VERNEEDNUM = 0x6FFFFFFE, 0x6FFFFFFF
GLIBC = re.compile(r"GLIBC_(\d+(?:\.\d+)+)")
DEFAULT_MAX = "2.31"

Version = tuple[int, ...]


class ElfError(ValueError):
    """The file is not an ELF file this reads, or its tables point outside it."""


@dataclass(frozen=True)
class Need:
    """One symbol version a file needs: ``GLIBC_2.17`` from ``libc.so.6``."""

    library: str
    version: str


@dataclass(frozen=True)
class Floor:
    """One ELF file's highest GLIBC version (None: it needs none) and the library asking."""

    path: str
    glibc: Version | None
    library: str = ""


class _Reader:
    """Bounds-checked reads from the file's bytes in its own byte order and word size."""

    def __init__(self, data: bytes) -> None:
        if data[:4] != ELF_MAGIC or len(data) < 64:
            raise ElfError("not an ELF file")
        if data[4] not in (1, 2) or data[5] not in (1, 2):
            raise ElfError("unknown ELF class or byte order")
        self.data = data
        self.wide = data[4] == 2
        self.order = "<" if data[5] == 1 else ">"

    def read(self, fmt: str, offset: int) -> tuple[int, ...]:
        fmt = self.order + fmt.replace("N", "Q" if self.wide else "I")
        if offset < 0 or offset + struct.calcsize(fmt) > len(self.data):
            raise ElfError(f"a table points outside the file (offset {offset})")
        return struct.unpack_from(fmt, self.data, offset)

    def string(self, offset: int) -> str:
        if not 0 <= offset < len(self.data):
            raise ElfError(f"a name points outside the file (offset {offset})")
        end = self.data.find(b"\0", offset)
        return self.data[offset : end if end >= 0 else len(self.data)].decode("ascii", "replace")


def _from_sections(elf: _Reader) -> tuple[int, int, int] | None:
    """(table offset, entry count, string table offset) from the section headers, if any."""
    shoff = elf.read("N", 40 if elf.wide else 32)[0]
    shentsize, shnum = elf.read("HH", 58 if elf.wide else 46)
    if shoff == 0 or shnum == 0:
        return None
    layout = "IINNNNIINN"
    for index in range(shnum):
        header = elf.read(layout, shoff + index * shentsize)
        if header[1] == SHT_GNU_VERNEED:
            link = elf.read(layout, shoff + header[6] * shentsize)
            return header[4], header[7], link[4]
    return None  # none there: the dynamic segment is read, as the loader would


def _from_dynamic(elf: _Reader) -> tuple[int, int, int] | None:
    """The same through the program headers: the dynamic segment's addresses, mapped back to
    file offsets through the loadable segments."""
    phoff = elf.read("N", 32 if elf.wide else 28)[0]
    phentsize, phnum = elf.read("HH", 54 if elf.wide else 42)
    layout = "IIQQQQQQ" if elf.wide else "IIIIIIII"
    loads: list[tuple[int, int, int]] = []
    dynamic: tuple[int, int] | None = None
    for index in range(phnum):
        header = elf.read(layout, phoff + index * phentsize)
        if elf.wide:
            kind, offset, vaddr, size = header[0], header[2], header[3], header[5]
        else:
            kind, offset, vaddr, size = header[0], header[1], header[2], header[4]
        if kind == PT_LOAD:
            loads.append((vaddr, offset, size))
        elif kind == PT_DYNAMIC:
            dynamic = (offset, size)
    if dynamic is None:
        return None  # statically linked: it names no library versions
    tags: dict[int, int] = {}
    entry = 16 if elf.wide else 8
    for position in range(dynamic[0], dynamic[0] + dynamic[1], entry):
        tag, value = elf.read("qQ" if elf.wide else "iI", position)
        if tag == DT_NULL:
            break
        tags.setdefault(tag, value)
    if DT_VERNEED not in tags:
        return None

    def offset_of(address: int) -> int:
        for vaddr, offset, size in loads:
            if vaddr <= address < vaddr + size:
                return address - vaddr + offset
        raise ElfError(f"address {address:#x} is in no loaded segment")

    count = tags.get(DT_VERNEEDNUM, 0)
    return offset_of(tags[DT_VERNEED]), count, offset_of(tags.get(DT_STRTAB, 0))


def needs(data: bytes) -> list[Need]:
    """Every (library, symbol version) the ELF file needs, from its version-needs table."""
    elf = _Reader(data)
    table = _from_sections(elf)
    if table is None:
        table = _from_dynamic(elf)
    if table is None:
        return []
    position, count, strings = table
    found: list[Need] = []
    for _ in range(min(count, 10_000)):
        _version, aux_count, file_name, aux, following = elf.read("HHIII", position)
        library = elf.string(strings + file_name)
        aux_position = position + aux
        for _ in range(min(aux_count, 10_000)):
            _hash, _flags, _other, name, aux_next = elf.read("IHHII", aux_position)
            found.append(Need(library, elf.string(strings + name)))
            if aux_next == 0:
                break
            aux_position += aux_next
        if following == 0:
            break
        position += following
    return found


def parse_version(text: str) -> Version:
    if not re.fullmatch(r"\d+(\.\d+)+", text):
        raise ValueError(f"not a version like 2.31: {text!r}")
    return tuple(int(part) for part in text.split("."))


def floor_of(path: str, data: bytes) -> Floor:
    best: Floor = Floor(path, None)
    for need in needs(data):
        match = GLIBC.fullmatch(need.version)
        if match is None:
            continue
        version = parse_version(match.group(1))
        if best.glibc is None or version > best.glibc:
            best = Floor(path, version, need.library)
    return best


def elf_files(target: Path) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of every regular ELF file in a tarball, a folder or one file."""
    if target.is_dir():
        for folder, _dirs, files in os.walk(target):
            for name in sorted(files):
                path = Path(folder) / name
                if path.is_file() and not path.is_symlink():
                    with path.open("rb") as handle:
                        if handle.read(4) == ELF_MAGIC:
                            yield str(path.relative_to(target)), ELF_MAGIC + handle.read()
    elif tarfile.is_tarfile(target):
        with tarfile.open(target) as tar:
            for member in tar:
                member_file = tar.extractfile(member) if member.isfile() else None
                if member_file is not None and member_file.read(4) == ELF_MAGIC:
                    yield member.name, ELF_MAGIC + member_file.read()
    else:
        data = target.read_bytes()
        if data[:4] == ELF_MAGIC:
            yield target.name, data


def show(version: Version | None) -> str:
    return "GLIBC_" + ".".join(map(str, version)) if version else "(none)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.release.glibc_floor", description=__doc__
    )
    parser.add_argument("path", type=Path, help="a release tarball, a folder or an ELF file")
    parser.add_argument("--max", default=DEFAULT_MAX, help="the newest glibc allowed (2.31)")
    args = parser.parse_args(argv)
    try:
        limit = parse_version(args.max)
    except ValueError as error:
        parser.error(str(error))
    if not args.path.exists():
        print(f"{args.path}: no such file or folder", file=sys.stderr)
        return 2
    floors: list[Floor] = []
    try:
        for name, data in elf_files(args.path):
            floors.append(floor_of(name, data))
    except (OSError, tarfile.TarError, ElfError) as error:
        print(f"{args.path}: cannot be read: {error}", file=sys.stderr)
        return 2
    if not floors:
        print(f"{args.path}: no ELF files", file=sys.stderr)
        return 2
    floors.sort(key=lambda floor: (floor.glibc or (), floor.path), reverse=True)
    for floor in floors:
        asking = f"  ({floor.library})" if floor.library else ""
        print(f"{show(floor.glibc):<12} {floor.path}{asking}")
    top = floors[0]
    verdict = "too new" if top.glibc and top.glibc > limit else "ok"
    print(
        f"{len(floors)} ELF files; the highest: {show(top.glibc)} ({top.path});"
        f" allowed: up to GLIBC_{args.max}: {verdict}"
    )
    return 1 if verdict != "ok" else 0


if __name__ == "__main__":
    sys.exit(main())
