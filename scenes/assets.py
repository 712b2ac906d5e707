"""Where the game's data files are, and the bundled fonts.

Assets are found next to the package when run from source and under ``sys._MEIPASS`` inside a
PyInstaller bundle; nothing is ever written there. Fonts are always the bundled files, never a
system font, so the game looks the same on every machine: Inter (SIL OFL, see
``assets/fonts/LICENSE-Inter.txt``) and, for the characters Inter lacks (Japanese), a subset of
Noto Sans CJK JP (SIL OFL, ``LICENSE-NotoSansCJK.txt``; made by ``tools.make.subset_font``).
``chain`` names the files a weight's text is drawn with, in order, and ``covers`` which of them
has a character (read from the file's own character map). Only when Inter is missing or damaged
does pygame's own font stand in.

Every text size is a size in the 1920x1080 layout, multiplied by the text scale: Large text
(``Settings.large_text``) sets it to ``LARGE_TEXT_SCALE`` so every word on every screen grows,
not one panel at a time. Sizes measured through ``font`` (fitting, cutting, wrapping) follow.
"""

from __future__ import annotations

import enum
import struct
import sys
from functools import cache
from pathlib import Path

import pygame

from game.i18n import _, ngettext


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


class Weight(enum.StrEnum):
    """The font weights shipped in ``assets/fonts``. A string enum for its hash: every text
    measured or drawn looks its weight up in a cache, and ``Enum``'s hash is Python code."""

    REGULAR = "Inter-Regular.otf"
    SEMIBOLD = "Inter-SemiBold.otf"
    BOLD = "Inter-Bold.otf"
    BLACK = "Inter-Black.otf"


# The Japanese font's subsets: the Bold one has the catalogs' characters only, so a character
# it lacks (a kanji a player typed) comes from the Regular one, which has the everyday kanji.
JAPANESE_REGULAR = "NotoSansJP-Subset-Regular.otf"
JAPANESE_BOLD = "NotoSansJP-Subset-Bold.otf"


def chain(weight: Weight) -> tuple[str, ...]:
    """The font files that draw ``weight``'s text: each character with the first that has it."""
    if weight is Weight.REGULAR:
        return (weight.value, JAPANESE_REGULAR)
    return (weight.value, JAPANESE_BOLD, JAPANESE_REGULAR)


def read_cmap(data: bytes) -> frozenset[int]:
    """The characters an OpenType/TrueType file maps to a glyph (its Unicode cmap subtable of
    format 4 or 12); raises ValueError for a file that is not a font or has neither."""
    try:
        tables = struct.unpack_from(">H", data, 4)[0]
        where = {
            data[12 + 16 * i : 16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0]
            for i in range(tables)
        }
        cmap = where[b"cmap"]
        count = struct.unpack_from(">H", data, cmap + 2)[0]
        subtables = {}
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
            subtables[(platform, encoding)] = cmap + offset
        for key in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 1), (0, 0)):
            if key in subtables:
                return _subtable(data, subtables[key])
    except (struct.error, KeyError) as error:
        raise ValueError(f"not a readable font: {error}") from error
    raise ValueError("the font has no Unicode character map")


def _subtable(data: bytes, at: int) -> frozenset[int]:
    kind = struct.unpack_from(">H", data, at)[0]
    found: set[int] = set()
    if kind == 12:
        groups = struct.unpack_from(">I", data, at + 12)[0]
        for i in range(groups):
            first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
            found.update(range(first + (glyph == 0), last + 1))
        return frozenset(found)
    if kind != 4:
        raise ValueError(f"character map format {kind} is not read")
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    for i, (first, last) in enumerate(zip(starts, ends, strict=True)):
        for code in range(first, min(last, 0xFFFE) + 1):
            if ranges[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:  # an index into the glyph array, relative to this segment's range offset
                pointer = ranges_at + 2 * i + ranges[i] + 2 * (code - first)
                glyph = struct.unpack_from(">H", data, pointer)[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                found.add(code)
    return frozenset(found)


@cache
def characters(name: str) -> frozenset[int]:
    """The characters the bundled font file ``name`` has (none when it is missing or
    unreadable: the next font of the chain, or Inter's missing-glyph box, draws them)."""
    try:
        return read_cmap(asset_path("fonts", name).read_bytes())
    except (AssetError, OSError, ValueError):
        if name in (JAPANESE_REGULAR, JAPANESE_BOLD):  # Inter's own message is _report_bad_fonts'
            _problems.append(
                # TRANSLATORS: {file} is a font file's name, such as NotoSansJP-Subset-Bold.otf.
                _(
                    "The Japanese font file {file} is missing or damaged, so some letters show as"
                    " boxes. Reinstalling the game restores it."
                ).format(file=name)
            )
        return frozenset()


@cache
def covers(weight: Weight, character: str) -> int:
    """The index in ``chain(weight)`` of the first font that has ``character`` (0, Inter, when
    none has it: its missing-glyph box shows that something is missing)."""
    for index, name in enumerate(chain(weight)):
        if ord(character) in characters(name):
            return index
    return 0


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


def font(size: int, weight: Weight = Weight.REGULAR) -> pygame.font.Font:
    """A bundled font at a nominal pixel size times the text scale.

    A missing or damaged font file gives pygame's own font instead, with a message for the
    player: every screen is text, so without this the game could not draw at all."""
    return _font(scaled(size), weight)


# Fonts are kept by their size in pixels, not the nominal one, so that Large text switched off
# and on again opens none again (opening a font file costs milliseconds).
@cache
def _font(pixels: int, weight: Weight) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return _open(weight, pixels)
    except (AssetError, OSError, pygame.error):
        _report_bad_fonts()
        return pygame.font.Font(None, pixels)


def fallback_font(size: int, name: str) -> pygame.font.Font:
    """A font of the chain after Inter (``chain``) at a nominal size times the text scale;
    pygame's own font if the file cannot be opened (``characters`` is then empty, so it is
    never asked to draw)."""
    return _fallback_font(scaled(size), name)


@cache
def _fallback_font(pixels: int, name: str) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return pygame.font.Font(asset_path("fonts", name), pixels)
    except (AssetError, OSError, pygame.error):
        return pygame.font.Font(None, pixels)


@cache
def _report_bad_fonts() -> None:
    """Once: one message naming every unusable font file, not a toast per weight as each is
    first used."""
    bad = [weight.value for weight in Weight if not _usable(weight)] or ["?"]
    _problems.append(
        ngettext(
            "The font file {files} is missing or damaged, so a plain font is used. Reinstalling"
            " the game restores it.",
            "The font files {files} are missing or damaged, so a plain font is used."
            " Reinstalling the game restores it.",
            len(bad),
        ).format(files=", ".join(bad))
    )


def _usable(weight: Weight) -> bool:
    try:
        _open(weight, 12)
    except (AssetError, OSError, pygame.error):
        return False
    return True
