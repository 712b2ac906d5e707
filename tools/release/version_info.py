"""The Windows version resource of the built program (Properties, Details), made from
``game.__version__`` when build.spec runs on Windows: PyInstaller reads this text as its
``version`` file (a VSVersionInfo expression).

python -m tools.release.version_info build/version_info.txt
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from game import __version__

COMPANY = "The One More Card authors"
PRODUCT = "One More Card"


def numbers(version: str) -> tuple[int, int, int, int]:
    """``0.4.0`` -> (0, 4, 0, 0): Windows wants four numbers; a suffix (``rc1``) is dropped."""
    release = re.match(r"\d+(\.\d+)*", version)
    if release is None:
        raise ValueError(f"no version numbers in {version!r}")
    found = [int(part) for part in release.group().split(".")]
    padded = [*found, 0, 0, 0, 0][:4]
    return padded[0], padded[1], padded[2], padded[3]


def version_info(version: str, exe_name: str = "OneMoreCard.exe") -> str:
    """The VSVersionInfo text PyInstaller's ``EXE(version=...)`` reads."""
    four = numbers(version)
    strings = {
        "CompanyName": COMPANY,
        "FileDescription": PRODUCT,
        "FileVersion": version,
        "InternalName": exe_name.removesuffix(".exe"),
        "LegalCopyright": f"Copyright (c) {COMPANY}. MIT License.",
        "OriginalFilename": exe_name,
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={four},
    prodvers={four},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("build/version_info.txt")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(version_info(__version__), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
