"""Where the game's data files are, and the bundled fonts.

Assets are found next to the package when run from source and under ``sys._MEIPASS`` inside a
PyInstaller bundle; nothing is ever written there. Fonts are always the bundled Inter files
(SIL OFL, see ``assets/fonts/LICENSE-Inter.txt``), never a system font, so the game looks the
same on every machine.
"""

from __future__ import annotations

import enum
import sys
from functools import cache
from pathlib import Path

import pygame


class AssetError(Exception):
    """A data file the game needs is missing or unreadable; the message names it."""


def asset_root() -> Path:
    """The ``assets`` folder, from source or from inside a PyInstaller bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    """The path of one asset; raises AssetError with the path when it does not exist."""
    path = asset_root().joinpath(*parts)
    if not path.exists():
        raise AssetError(f"missing game file: {path} (reinstall the game)")
    return path


class Weight(enum.Enum):
    """The font weights shipped in ``assets/fonts``."""

    REGULAR = "Inter-Regular.otf"
    SEMIBOLD = "Inter-SemiBold.otf"
    BOLD = "Inter-Bold.otf"
    BLACK = "Inter-Black.otf"


@cache
def font(size: int, weight: Weight = Weight.REGULAR) -> pygame.font.Font:
    """A bundled font at a pixel size; cached because opening a font file costs milliseconds."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = asset_path("fonts", weight.value)
    try:
        return pygame.font.Font(path, size)
    except (OSError, pygame.error) as error:
        raise AssetError(f"cannot read font {path}: {error}") from error
