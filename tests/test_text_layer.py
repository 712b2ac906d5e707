"""The text layer (scenes.ui): each character is drawn by the first bundled font that has it
(Japanese in an English name, a Japanese screen), measured as drawn; wrapping breaks Japanese
between characters by its rules and never cuts a Latin word."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from game.i18n import catalog_dir, pseudo
from game.pofile import read_po
from scenes import assets, ui
from scenes.assets import Weight


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    ui.forget_text()
    yield
    ui.forget_text()


def ink(image: pygame.Surface) -> int:
    """How many pixels of ``image`` show something."""
    mask = pygame.mask.from_surface(image)
    return mask.count()


def test_japanese_is_drawn_with_the_japanese_font_not_missing_boxes() -> None:
    inter = assets.font(40, Weight.SEMIBOLD)
    # Inter alone draws every kanji as the same missing-glyph box.
    assert (
        inter.render("日", True, ui.WHITE).get_bounding_rect().size
        == inter.render("語", True, ui.WHITE).get_bounding_rect().size
    )
    day, word = ui.render("日", 40), ui.render("語", 40)
    assert pygame.image.tobytes(day, "RGBA") != pygame.image.tobytes(word, "RGBA")
    assert assets.covers(Weight.SEMIBOLD, "日") > 0 and assets.covers(Weight.SEMIBOLD, "a") == 0


def test_a_mixed_name_keeps_inter_for_its_latin_letters() -> None:
    mixed = ui.render("Ana", 40)
    plain = assets.font(40, Weight.SEMIBOLD).render("Ana", True, ui.WHITE)
    # The Latin run of a mixed line is Inter's own drawing, on the shared baseline.
    both = ui.render("Anaさん", 40)
    assert both.get_width() > mixed.get_width()
    left = both.subsurface((0, 0, plain.get_width(), both.get_height()))
    assert ink(left) == ink(plain)


@pytest.mark.parametrize("text", ["Maria", "Mariaさん", "日本語のテキスト", "UNO！と言う"])  # noqa: RUF001
@pytest.mark.parametrize("weight", list(Weight))
def test_the_measured_size_is_the_drawn_size(text: str, weight: Weight) -> None:
    assert ui.text_size(text, 30, weight) == ui.render(text, 30, ui.WHITE, weight).get_size()


def test_english_is_drawn_as_before() -> None:
    """Text Inter has is one string drawn by Inter, as before the fallback (identical pixels)."""
    text = "Draw two cards, then pass"
    plain = assets.font(30, Weight.REGULAR).render(text, True, ui.WHITE)
    drawn = ui.render(text, 30, ui.WHITE, Weight.REGULAR)
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(plain, "RGBA")


def test_a_kanji_missing_from_the_bold_subset_comes_from_the_regular_one() -> None:
    # 鍋 is an everyday kanji (level 1) that no catalog uses: only the Regular subset has it.
    assert ord("鍋") not in assets.characters(assets.JAPANESE_BOLD)
    assert assets.chain(Weight.BOLD)[assets.covers(Weight.BOLD, "鍋")] == assets.JAPANESE_REGULAR


def test_typed_text_draws_japanese_too() -> None:
    assert ink(ui.typed_text("あい", 30)) > ink(ui.typed_text("I", 30))


PARAGRAPH = "あなたの番です。「UNO」と言わないと、カードを２枚引きます。ゲームは続きます。"


@pytest.mark.parametrize("width", [140, 200, 260, 330, 500])
def test_japanese_wraps_between_characters_by_its_rules(width: int) -> None:
    lines = ui.wrap(PARAGRAPH, 30, width)
    assert "".join(lines) == PARAGRAPH  # nothing lost, no space added
    assert len(lines) > 1
    for line in lines:
        assert ui.text_width(line, 30, Weight.REGULAR) <= width
        assert line[0] not in ui.NO_LINE_START, lines
        assert line[-1] not in ui.NO_LINE_END, lines
        assert "UN" not in line or "UNO" in line  # the Latin word is whole


def test_no_line_starts_with_small_kana_or_the_long_vowel_mark() -> None:
    pieces = ui.breaks("ちょっとカードーを")
    assert all(piece[0] not in "ょっー" for piece in pieces)
    assert ui.breaks("「あ」い") == ["「あ」", "い"]


def _joined(line: str, paragraph: str, start: int) -> tuple[str, int]:
    """``line`` with the next piece of ``paragraph`` after it (``line`` found at ``start``)."""
    end = start + len(line)
    rest = paragraph[end:]
    joint = " " if rest.startswith(" ") else ""
    word = rest[len(joint) :].split(" ")[0]
    return f"{line}{joint}{ui.breaks(word)[0]}", end + len(joint)


@pytest.mark.parametrize("code", ["de", "ja", "qps"])
def test_each_line_is_as_long_as_fits(code: str) -> None:
    """Wrapping adds the pieces' widths and measures a line only where its end is in doubt:
    every line fits its width (or is one piece), and the next line's first piece would not
    have fitted after it, in a language of long words, one without spaces, and the pseudo-locale."""
    entries = read_po(catalog_dir() / ("ja" if code == "ja" else "de") / "LC_MESSAGES/uno.po")
    texts = [e.strings[0] for e in entries if e.strings.get(0) and len(e.strings[0]) > 60]
    texts = [pseudo(t) for t in texts] if code == "qps" else texts
    checked = 0
    for n, text in enumerate(texts[:80]):
        size, width = (18, 26, 34)[n % 3], (150, 260, 420, 700)[n % 4]
        for paragraph in text.split("\n"):
            lines, start = ui.wrap(paragraph, size, width), 0
            for line, after in pairwise(lines):
                assert (
                    ui.text_width(line, size, Weight.REGULAR) <= width
                    or line == _joined("", line, 0)[0]
                ), (line, width)
                longer, start = _joined(line, paragraph, paragraph.index(line, start))
                assert ui.text_width(longer, size, Weight.REGULAR) > width, (line, after, width)
                checked += 1
    assert checked > 100


def test_latin_words_are_never_cut() -> None:
    text = "Challenge the Wild Draw Four or take the four cards"
    lines = ui.wrap(text, 30, 180)
    assert " ".join(lines) == text
    assert all(word in text.split() for line in lines for word in line.split())
    # A word wider than the box keeps a line of its own, whole (it is fitted where drawn).
    assert ui.wrap("a Supercalifragilistic b", 30, 60) == ["a", "Supercalifragilistic", "b"]


def test_a_japanese_name_in_an_english_sentence_wraps_at_spaces_and_inside_the_name() -> None:
    lines = ui.wrap("Your turn, 山田太郎さん: play a card", 30, 140)
    assert "".join(lines).replace(" ", "") == "Yourturn,山田太郎さん:playacard"
    assert all(ui.text_width(line, 30, Weight.REGULAR) <= 140 for line in lines)


def test_a_japanese_word_keeps_one_weight() -> None:
    """A kanji only the Regular subset has (a typed name) takes its whole word with it: no
    name drawn half bold, half regular."""
    assert ord("藤") not in assets.characters(assets.JAPANESE_BOLD)
    regular = assets.chain(Weight.SEMIBOLD).index(assets.JAPANESE_REGULAR)
    bold = assets.chain(Weight.SEMIBOLD).index(assets.JAPANESE_BOLD)
    assert ui._runs("Ana 佐藤さん", Weight.SEMIBOLD) == (("Ana ", 0), ("佐藤さん", regular))
    assert ui._runs("さん", Weight.SEMIBOLD) == (("さん", bold),)


def test_the_marks_of_typed_letters_stay_on_them_beside_japanese() -> None:
    """The serifs of I sit on the I, on the shared baseline, even when a taller Japanese
    letter moved that baseline down."""
    alone = ui.typed_text("I", 40)
    mixed = ui.typed_text("Iあ", 40)
    column = alone.get_width() - 2  # the I and its serifs, before the next letter
    ink_alone = alone.subsurface((0, 0, column, alone.get_height())).get_bounding_rect()
    ink_mixed = mixed.subsurface((0, 0, column, mixed.get_height())).get_bounding_rect()
    assert ink_mixed.size == ink_alone.size


def test_a_missing_japanese_font_is_told_and_the_text_still_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "assets"
    shutil.copytree(assets.asset_root() / "fonts", copy / "fonts")
    (copy / "fonts" / assets.JAPANESE_REGULAR).unlink()
    (copy / "fonts" / assets.JAPANESE_BOLD).write_bytes(b"OTTO" + bytes(100))
    monkeypatch.setattr(assets, "asset_root", lambda: copy)
    for cached in (assets.characters, assets.covers, assets._fallback_font):
        cached.cache_clear()
    assets.take_problems()
    try:
        image = ui.render("日本 Ana", 30)  # Inter's missing-glyph boxes, no crash
        assert image.get_width() > 0
        said = " ".join(assets.take_problems())
        assert assets.JAPANESE_REGULAR in said and assets.JAPANESE_BOLD in said
        assert "missing or damaged" in said
    finally:
        monkeypatch.undo()
        for cached in (assets.characters, assets.covers, assets._fallback_font):
            cached.cache_clear()
        ui.forget_text()


def test_a_japanese_initial_is_drawn_on_the_avatar() -> None:
    """The seat's token shows the name's first letter: a kana, not Inter's missing-glyph box
    (two different kana gave the same box)."""
    from scenes.art import avatar

    pygame.display.init()
    pygame.display.set_mode((10, 10))
    one, other = avatar("さくら", 80, 0), avatar("ちか", 80, 0)
    assert pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(other, "RGBA")


def test_a_typed_japanese_name_is_fitted_by_its_drawn_width() -> None:
    from scenes.setup import fit_name

    for width in range(60, 200, 10):
        text, size = fit_name("山田太郎さん", width)
        assert ui.text_width(text, size, Weight.BOLD) <= width
        assert text == "山田太郎さん" or text.endswith("...")
