"""The Windows .ico and macOS .icns that tools.make.make_icon writes for the builds: each container
well formed, each image a PNG of the size its entry states."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pygame


def image_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return pygame.image.load(io.BytesIO(data), "icon.png").get_size()


def test_the_ico_and_icns_hold_every_size(tmp_path: Path) -> None:
    from tools.make.make_icon import ICNS_TYPES, ICO_SIZES, main

    ico_path, icns_path = tmp_path / "a.ico", tmp_path / "a.icns"
    assert main(["--ico", str(ico_path), "--icns", str(icns_path)]) == 0
    data = ico_path.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(ICO_SIZES))
    for i, size in enumerate(ICO_SIZES):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (w or 256, h or 256, planes, bits) == (size, size, 1, 32)
        assert image_size(data[offset : offset + length]) == (size, size)
    data = icns_path.read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    at, found = 8, {}
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack_from(">I", data, at + 4)[0]
        found[kind] = image_size(data[at + 8 : at + length])
        at += length
    assert at == len(data)
    assert found == {kind: (size, size) for kind, size in ICNS_TYPES}


def test_the_png_icon_is_still_the_default(tmp_path: Path) -> None:
    from tools.make.make_icon import main

    out = tmp_path / "icon.png"
    assert main(["--out", str(out), "--size", "64"]) == 0
    assert pygame.image.load(str(out)).get_size() == (64, 64)


def test_the_windows_version_resource_names_the_games_version() -> None:
    import ast

    from game import __version__
    from tools.release.version_info import numbers, version_info

    assert numbers("0.4.0") == (0, 4, 0, 0)
    assert numbers("1.2.3.4.5") == (1, 2, 3, 4)
    assert numbers("2.0rc1") == (2, 0, 0, 0)
    text = version_info(__version__)
    call = ast.parse(text, mode="eval").body  # the expression PyInstaller evaluates
    assert isinstance(call, ast.Call) and getattr(call.func, "id", "") == "VSVersionInfo"
    assert f"filevers={numbers(__version__)}" in text
    assert f"StringStruct('ProductVersion', '{__version__}')" in text
