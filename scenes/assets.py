"""Where the game's data files are, and the bundled fonts.

Assets are found next to the package when run from source and under ``sys._MEIPASS`` inside a
PyInstaller bundle; nothing is ever written there. Fonts are always the bundled Inter files
(SIL OFL, see ``assets/fonts/LICENSE-Inter.txt``), never a system font, so the game looks the
same on every machine; only when a file is missing or damaged does pygame's own font stand in.
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


# Sentences about files replaced by a fallback, not yet shown (the app shows them as toasts).
_problems: list[str] = []


def take_problems() -> list[str]:
    """The fallback messages since the last call, each once."""
    taken = list(_problems)
    _problems.clear()
    return taken


def _open(weight: Weight, size: int) -> pygame.font.Font:
    """The bundled font; raises AssetError, OSError or pygame.error when it is unusable."""
    face = pygame.font.Font(asset_path("fonts", weight.value), size)
    # A damaged file opens without complaint and fails only at the first text (asking its
    # height even crashes the process), so measure once while a fallback is still possible.
    face.size("Ag")
    return face


@cache
def font(size: int, weight: Weight = Weight.REGULAR) -> pygame.font.Font:
    """A bundled font at a pixel size; cached because opening a font file costs milliseconds.

    A missing or damaged font file gives pygame's own font instead, with a message for the
    player: every screen is text, so without this the game could not draw at all."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return _open(weight, size)
    except (AssetError, OSError, pygame.error):
        _report_bad_fonts()
        return pygame.font.Font(None, size)


@cache
def _report_bad_fonts() -> None:
    """Once: one message naming every unusable font file, not a toast per weight as each is
    first used."""
    bad = [weight.value for weight in Weight if not _usable(weight)] or ["a font file"]
    files = f"file {bad[0]} is" if len(bad) == 1 else f"files {', '.join(bad)} are"
    _problems.append(
        f"The font {files} missing or damaged, so a plain font is used. Reinstalling the game "
        "restores it."
    )


def _usable(weight: Weight) -> bool:
    try:
        _open(weight, 12)
    except (AssetError, OSError, pygame.error):
        return False
    return True
