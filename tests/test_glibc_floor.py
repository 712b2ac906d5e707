"""tools.release.glibc_floor reads each ELF file's version needs: crafted files of every word size
and byte order, with and without section headers, a real system binary against binutils' reading,
and the command's verdicts on folders and tarballs (ok, too new, unreadable)."""

from __future__ import annotations

import io
import re
import shutil
import struct
import subprocess
import tarfile
from pathlib import Path

import pytest

from tools.release import glibc_floor
from tools.release.glibc_floor import Need, floor_of, needs

BASE = 0x400000


def _verneed(order: str, strings: bytes, wants: dict[str, list[str]]) -> tuple[bytes, bytes]:
    """A string table and a version-needs table for the libraries and versions asked."""
    table = bytearray(strings)

    def name(text: str) -> int:
        table.extend(text.encode() + b"\0")
        return len(table) - len(text) - 1

    out = bytearray()
    libraries = list(wants.items())
    for index, (library, versions) in enumerate(libraries):
        following = 0 if index == len(libraries) - 1 else 16 + 16 * len(versions)
        out += struct.pack(order + "HHIII", 1, len(versions), name(library), 16, following)
        for position, version in enumerate(versions):
            last = position == len(versions) - 1
            out += struct.pack(order + "IHHII", 0, 0, 0, name(version), 0 if last else 16)
    return bytes(table), bytes(out)


def craft(
    wants: dict[str, list[str]], *, wide: bool = True, order: str = "<", sections: bool = True
) -> bytes:
    """A minimal ELF file whose only content is its version needs: two program headers (one
    load covering the file, the dynamic segment), the string and version tables, the dynamic
    table and, when ``sections``, section headers for the two tables."""
    word = "Q" if wide else "I"
    ehsize, phsize, shsize = (64, 56, 64) if wide else (52, 32, 40)
    strings, verneed = _verneed(order, b"\0", wants)
    phoff = ehsize
    stroff = phoff + 2 * phsize
    needoff = stroff + len(strings)
    dynoff = needoff + len(verneed)
    dyn_format = order + ("qQ" if wide else "iI")
    dynamic = b"".join(
        struct.pack(dyn_format, tag, value)
        for tag, value in (
            (glibc_floor.DT_STRTAB, BASE + stroff),
            (glibc_floor.DT_VERNEED, BASE + needoff),
            (glibc_floor.DT_VERNEEDNUM, len(wants)),
            (glibc_floor.DT_NULL, 0),
        )
    )
    shoff = dynoff + len(dynamic)
    total = shoff + (3 * shsize if sections else 0)
    if wide:
        phdr = order + "IIQQQQQQ"
        load = struct.pack(phdr, 1, 5, 0, BASE, BASE, total, total, 0x1000)
        dyn = struct.pack(phdr, 2, 6, dynoff, BASE + dynoff, 0, len(dynamic), len(dynamic), 8)
    else:
        phdr = order + "IIIIIIII"
        load = struct.pack(phdr, 1, 0, BASE, BASE, total, total, 5, 0x1000)
        dyn = struct.pack(phdr, 2, dynoff, BASE + dynoff, 0, len(dynamic), len(dynamic), 6, 4)
    shdr = order + "II" + word * 4 + "II" + word * 2
    headers = b""
    if sections:
        headers = (
            struct.pack(shdr, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            + struct.pack(shdr, 0, 3, 2, BASE + stroff, stroff, len(strings), 0, 0, 1, 0)
            + struct.pack(
                shdr, 0, glibc_floor.SHT_GNU_VERNEED, 2, BASE + needoff, needoff,
                len(verneed), 1, len(wants), 8, 0,
            )
        )  # fmt: skip
    ident = b"\x7fELF" + bytes([2 if wide else 1, 1 if order == "<" else 2, 1]) + bytes(9)
    header = ident + struct.pack(
        order + "HHI" + word * 3 + "IHHHHHH",
        3, 62, 1, 0, phoff, shoff if sections else 0, 0,
        ehsize, phsize, 2, shsize, 3 if sections else 0, 0,
    )  # fmt: skip
    data = header + load + dyn + strings + verneed + dynamic + headers
    assert len(data) == total
    return data


WANTS = {
    "libc.so.6": ["GLIBC_2.2.5", "GLIBC_2.17", "GLIBC_PRIVATE"],
    "libm.so.6": ["GLIBC_2.29"],
    "libstdc++.so.6": ["GLIBCXX_3.4.30", "CXXABI_1.3"],
}


@pytest.mark.parametrize("wide", [True, False])
@pytest.mark.parametrize("order", ["<", ">"])
@pytest.mark.parametrize("sections", [True, False])
def test_every_need_is_read_in_every_layout(wide: bool, order: str, sections: bool) -> None:
    data = craft(WANTS, wide=wide, order=order, sections=sections)
    expected = [
        Need(library, version) for library, versions in WANTS.items() for version in versions
    ]
    assert needs(data) == expected
    floor = floor_of("x", data)
    # GLIBCXX_3.4.30 and GLIBC_PRIVATE are not glibc releases: libm's 2.29 is the floor.
    assert (floor.glibc, floor.library) == ((2, 29), "libm.so.6")


def test_versions_compare_as_numbers_not_text() -> None:
    data = craft({"libc.so.6": ["GLIBC_2.9", "GLIBC_2.10", "GLIBC_2.2.5"]})
    assert floor_of("x", data).glibc == (2, 10)


def test_a_file_that_needs_no_versions_has_no_floor() -> None:
    assert floor_of("x", craft({})).glibc is None


@pytest.mark.skipif(shutil.which("readelf") is None, reason="binutils' readelf is not installed")
def test_a_real_binary_agrees_with_readelf() -> None:
    binary = Path(shutil.which("true") or "/bin/true").resolve()
    listing = subprocess.run(
        ["readelf", "-V", "-W", str(binary)], capture_output=True, text=True, check=True
    ).stdout
    section = listing.split("Version needs section", 1)[1]
    names = re.findall(r"Name: (\S+)", section)
    assert sorted(need.version for need in needs(binary.read_bytes())) == sorted(names)


def _tarball(path: Path, files: dict[str, bytes]) -> None:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def test_the_command_passes_a_tarball_at_the_floor_and_fails_one_above(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.tar.gz"
    _tarball(
        good,
        {
            "app/OneMoreCard": craft({"libc.so.6": ["GLIBC_2.31"]}),
            "app/lib.so": craft({"libm.so.6": ["GLIBC_2.27"]}),
            "app/readme.txt": b"not an ELF file",
        },
    )
    assert glibc_floor.main([str(good)]) == 0
    out = capsys.readouterr().out
    assert "GLIBC_2.31" in out and "app/OneMoreCard" in out and "2 ELF files" in out
    bad = tmp_path / "bad.tar.gz"
    _tarball(bad, {"app/lib.so": craft({"libc.so.6": ["GLIBC_2.34"]})})
    assert glibc_floor.main([str(bad)]) == 1
    assert "too new" in capsys.readouterr().out
    assert glibc_floor.main([str(bad), "--max", "2.34"]) == 0


def test_a_folder_is_walked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "a.so").write_bytes(craft({"libc.so.6": ["GLIBC_2.32"]}))
    (tmp_path / "run").write_bytes(craft({"libc.so.6": ["GLIBC_2.2.5"]}))
    assert glibc_floor.main([str(tmp_path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("GLIBC_2.32") and lines[0].endswith("lib/a.so  (libc.so.6)")


def test_unreadable_input_is_reported_not_raised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    truncated = tmp_path / "broken.so"
    truncated.write_bytes(craft({"libc.so.6": ["GLIBC_2.17"]})[:100])
    assert glibc_floor.main([str(truncated)]) == 2
    assert "cannot be read" in capsys.readouterr().err
    (tmp_path / "text").mkdir()
    (tmp_path / "text" / "notes.txt").write_text("hello")
    assert glibc_floor.main([str(tmp_path / "text")]) == 2
    assert "no ELF files" in capsys.readouterr().err
    assert glibc_floor.main([str(tmp_path / "missing.tar.gz")]) == 2
    with pytest.raises(SystemExit):
        glibc_floor.main([str(truncated), "--max", "two"])
