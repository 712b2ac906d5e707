"""Where the game's data files are, and the bundled fonts.

Assets are found next to the package when run from source and under ``sys._MEIPASS`` inside a
PyInstaller bundle; nothing is ever written there. Fonts are always the bundled Inter files
(SIL OFL, see ``assets/fonts/LICENSE-Inter.txt``), never a system font, so the game looks the
same on every machine; only when a file is missing or damaged does pygame's own font stand in.

Every text size is a size in the 1920x1080 layout, multiplied by the text scale: Large text
(``Settings.large_text``) sets it to ``LARGE_TEXT_SCALE`` so every word on every screen grows,
not one panel at a time. Sizes measured through ``font`` (fitting, cutting, wrapping) follow.
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


# Large text makes every text this much bigger. The layout keeps its places (buttons and panels
# are laid out for the normal size, with room to spare), so the factor stays modest; a label
# that would overflow its button is still fitted by ``ui.fit_size``.
LARGE_TEXT_SCALE = 1.4
_text = {"scale": 1.0}  # the text scale now (a dict, so no function needs ``global``)


def text_scale() -> float:
    """How much bigger than its nominal size every text is drawn (1 normally)."""
    return _text["scale"]


def set_text_scale(scale: float) -> bool:
    """Draw every text ``scale`` times its nominal size from now on; True when that changed
    (the cached fonts were then dropped, and so must be whatever was rendered with them)."""
    if scale == _text["scale"]:
        return False
    _text["scale"] = scale
    font.cache_clear()
    return True


def scaled(size: float) -> int:
    """A nominal text size, or a text's line pitch, at the current text scale; rounded down, so
    a text laid out to fit at the normal size overflows by as little as possible."""
    return max(1, int(size * _text["scale"] + 1e-6))


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
    """A bundled font at a nominal pixel size times the text scale; cached because opening a
    font file costs milliseconds.

    A missing or damaged font file gives pygame's own font instead, with a message for the
    player: every screen is text, so without this the game could not draw at all."""
    if not pygame.font.get_init():
        pygame.font.init()
    pixels = scaled(size)
    try:
        return _open(weight, pixels)
    except (AssetError, OSError, pygame.error):
        _report_bad_fonts()
        return pygame.font.Font(None, pixels)


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
