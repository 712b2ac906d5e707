"""The Japanese font the game ships: Noto Sans CJK JP cut down to the characters it can need.

    python -m tools.make.subset_font          # write assets/fonts/NotoSansJP-Subset-*.otf
    python -m tools.make.subset_font --check  # exit 1, naming them, if a catalog's characters
                                              # are missing from the committed subset

The source is Debian's ``fonts-noto-cjk`` (SIL Open Font License 1.1; ``apt-get install
fonts-noto-cjk``), its Japanese face. The whole font is 19 MB a weight; the subset keeps:

- Regular: kana, CJK punctuation, full-width forms, the 2,965 kanji of JIS X 0208 level 1 (the
  everyday kanji, a superset of nearly all the jōyō kanji: a name a player types in Japanese
  shows), and every character of every catalog (``assets/locale/*/LC_MESSAGES/uno.po``) that
  Inter lacks;
- Bold (drawn for the semibold, bold and black weights): kana, punctuation, full-width forms and
  the catalogs' characters only (a kanji only typed by a player is drawn in the Regular).

Run it again whenever a catalog changes: ``tests/test_japanese_font.py`` fails, naming the
characters, when the committed subset lacks one. fontTools is a tool-only dependency (the test
extra); the game reads the subset with pygame.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from game.pofile import PoError, read_po

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "assets" / "fonts"
LOCALE = ROOT / "assets" / "locale"
SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
# Debian's collection: face 0 is the Japanese one (Noto Sans CJK JP).
SOURCES = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
JAPANESE_FACE = 0
OUTPUT = "NotoSansJP-Subset-{weight}.otf"
# The Inter file whose characters the Japanese font need not repeat, per subset weight.
INTER = {"Regular": "Inter-Regular.otf", "Bold": "Inter-SemiBold.otf"}

# CJK punctuation, kana (with the phonetic extensions), full-width and half-width forms.
BLOCKS = ((0x3000, 0x30FF), (0x31F0, 0x31FF), (0xFF01, 0xFF9F))
# Characters neither Inter nor Noto CJK has, drawn with the glyph of a look-alike the subset
# keeps: the pseudo-locale's brackets (game.i18n) are the white square brackets of CJK.
ALIASES = {"⟦": "〚", "⟧": "〛"}
# JIS X 0208 rows 16 to 47 hold the level-1 kanji; EUC-JP writes row r, cell c as r+0xA0, c+0xA0.
LEVEL_ONE_ROWS = range(16, 48)


def level_one_kanji() -> list[str]:
    """The 2,965 kanji of JIS X 0208 level 1, from the standard library's EUC-JP codec."""
    found = []
    for row in LEVEL_ONE_ROWS:
        for cell in range(1, 95):
            try:
                found.append(bytes((row + 0xA0, cell + 0xA0)).decode("euc_jp"))
            except UnicodeDecodeError:  # the last row is not full
                continue
    return found


def base_characters() -> set[str]:
    return {chr(code) for low, high in BLOCKS for code in range(low, high + 1)}


def catalog_characters(locale: Path = LOCALE) -> dict[str, set[str]]:
    """Every character of every translation (msgstr) of every catalog, by catalog path; the
    header's entry (msgid "") is metadata, not text. Raises PoError for a damaged catalog."""
    found: dict[str, set[str]] = {}
    for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        characters: set[str] = set()
        for entry in read_po(po):
            if entry.msgid and not entry.obsolete:
                for text in entry.strings.values():
                    characters.update(ch for ch in text if not ch.isspace())
        found[str(po.relative_to(locale))] = characters
    return found


def wanted(weight: str, catalogs: Iterable[str], inter: set[int]) -> set[int]:
    """The code points the ``weight`` subset keeps (before the source font's own coverage)."""
    characters = base_characters() | {ch for ch in catalogs if ord(ch) not in inter}
    if weight == "Regular":
        characters.update(level_one_kanji())
    return {ord(ch) for ch in characters}


def write_subset(weight: str, catalogs: set[str], source_dir: Path = SOURCE_DIR) -> Path:
    # fontTools is the test extra's, not the game's: imported only where a subset is made.
    from fontTools import subset  # noqa: PLC0415
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    inter = set(TTFont(FONTS / INTER[weight]).getBestCmap())
    face = TTFont(source_dir / SOURCES[weight], fontNumber=JAPANESE_FACE)
    options = subset.Options()
    options.name_IDs = ["*"]  # the copyright and the licence stay in the file
    options.name_languages = ["*"]
    # Vertical writing's tables: the game sets text horizontally only.
    options.drop_tables += ["vhea", "vmtx", "VORG"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=wanted(weight, catalogs, inter))
    subsetter.subset(face)
    for table in face["cmap"].tables:
        if table.isUnicode():
            for alias, original in ALIASES.items():
                if ord(original) in table.cmap:
                    table.cmap[ord(alias)] = table.cmap[ord(original)]
    target = FONTS / OUTPUT.format(weight=weight)
    face.save(target)
    return target


def missing(catalogs: dict[str, set[str]]) -> list[str]:
    """A line per catalog whose characters neither Inter nor the committed subset has."""
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    problems = []
    for weight in SOURCES:
        inter = set(TTFont(FONTS / INTER[weight]).getBestCmap())
        subset = set(TTFont(FONTS / OUTPUT.format(weight=weight)).getBestCmap())
        for po, characters in catalogs.items():
            lacking = sorted(ch for ch in characters if ord(ch) not in inter | subset)
            if lacking:
                problems.append(f"{po}: {OUTPUT.format(weight=weight)} lacks {''.join(lacking)}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make.subset_font", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only check the committed subset")
    parser.add_argument("--source", type=Path, default=SOURCE_DIR, help="the Noto CJK folder")
    args = parser.parse_args(argv)
    try:
        catalogs = catalog_characters()
    except PoError as error:
        print(f"cannot read a catalog: {error}", file=sys.stderr)
        return 1
    if args.check:
        problems = missing(catalogs)
        for line in problems:
            print(line, file=sys.stderr)
        return 1 if problems else 0
    for name in SOURCES.values():
        if not (args.source / name).exists():
            print(
                f"{args.source / name} is missing: apt-get install fonts-noto-cjk", file=sys.stderr
            )
            return 1
    every = set().union(*catalogs.values()) if catalogs else set()
    for weight in SOURCES:
        target = write_subset(weight, every, args.source)
        print(f"wrote {target.relative_to(ROOT)}: {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
