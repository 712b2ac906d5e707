"""The bundled Japanese font: the committed subset covers every character of every catalog
(a catalog changed without a new subset fails here, naming the characters), the everyday kanji
and the kana; the game's own reader of a font's character map agrees with fontTools'."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from scenes.assets import JAPANESE_BOLD, JAPANESE_REGULAR, Weight, asset_root, read_cmap
from tools.make import subset_font

FONTS = asset_root() / "fonts"


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_every_catalog_character_is_in_a_bundled_font() -> None:
    problems = subset_font.missing(subset_font.catalog_characters())
    assert not problems, "run python -m tools.make.subset_font:\n" + "\n".join(problems)


def test_a_catalog_character_missing_from_the_subset_is_named(tmp_path: Path) -> None:
    # 鬱 is a level-2 kanji: not in the base set, so only a catalog holding it would add it;
    # an everyday kanji no real catalog uses is in the Regular only (the Bold has the catalogs'
    # characters only): picked from the committed Bold, since the catalogs use more every day.
    bold = set(TTFont(FONTS / JAPANESE_BOLD).getBestCmap())
    everyday = next(ch for ch in subset_font.level_one_kanji() if ord(ch) not in bold)
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "uno.po").write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "Gloomy book"\nmsgstr "{everyday}です鬱"\n',
        encoding="utf-8",
    )
    characters = subset_font.catalog_characters(tmp_path)
    assert characters == {"ja/LC_MESSAGES/uno.po": {everyday, "で", "す", "鬱"}}
    assert sorted(subset_font.missing(characters)) == [
        f"ja/LC_MESSAGES/uno.po: {JAPANESE_BOLD} lacks {''.join(sorted(everyday + '鬱'))}",
        f"ja/LC_MESSAGES/uno.po: {JAPANESE_REGULAR} lacks 鬱",
    ]


def test_the_regular_subset_has_the_kana_and_the_everyday_kanji() -> None:
    kanji = subset_font.level_one_kanji()
    assert len(kanji) == 2965 and {"日", "本", "語", "枚", "番"} <= set(kanji)
    cmap = set(TTFont(FONTS / JAPANESE_REGULAR).getBestCmap())
    kana = [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x30A1, 0x30FB)]
    lacking = [ch for ch in [*kanji, *kana, "。", "、", "「", "」", "ー"] if ord(ch) not in cmap]
    assert not lacking


def test_the_font_files_stay_small() -> None:
    """The package grows by the subsets: under 3 MB together (issue 40)."""
    total = sum((FONTS / name).stat().st_size for name in (JAPANESE_REGULAR, JAPANESE_BOLD))
    assert total < 3_000_000


@pytest.mark.parametrize(
    "name", [JAPANESE_REGULAR, JAPANESE_BOLD, *(weight.value for weight in Weight)]
)
def test_the_character_map_reader_agrees_with_fonttools(name: str) -> None:
    assert read_cmap((FONTS / name).read_bytes()) == frozenset(TTFont(FONTS / name).getBestCmap())


def test_a_damaged_font_is_told_not_crashed_on() -> None:
    with pytest.raises(ValueError):
        read_cmap(b"not a font at all")
    with pytest.raises(ValueError):
        read_cmap((FONTS / JAPANESE_BOLD).read_bytes()[:400])


@pytest.mark.parametrize("weight", list(Weight))
def test_every_letter_of_the_pseudo_locale_has_a_glyph(weight: Weight) -> None:
    """The pseudo-locale's accented letters (Inter) and its brackets (the subset's white square
    brackets: neither Inter nor Noto CJK has ⟦ ⟧) draw as letters, not missing-glyph boxes."""
    from game.i18n import pseudo
    from scenes.assets import chain, characters

    text = pseudo("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    fonts = set().union(*(characters(name) for name in chain(weight)))
    assert not [ch for ch in text if ord(ch) not in fonts]
