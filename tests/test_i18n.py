"""The languages' plumbing (game.i18n, game.pofile): choosing a language from what a system or
a browser prefers, the pseudo-locale, the standard-library catalog compiler against Babel's,
and a damaged or missing catalog falling back to English instead of raising."""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po as babel_read_po

from game import i18n
from game.pofile import PoError, mo_bytes, read_po

POLISH = r"""msgid ""
msgstr ""
"Language: pl\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
"n%100>=20) ? 1 : 2);\n"

#: x.py:1
msgid "Draw a card"
msgstr "Dobierz kartę"

msgctxt "button"
msgid "Play"
msgstr "Zagraj"

#, python-brace-format
msgid "{count} card"
msgid_plural "{count} cards"
msgstr[0] "{count} karta"
msgstr[1] "{count} karty"
msgstr[2] "{count} kart"

#, fuzzy
msgid "Fuzzy one"
msgstr "Rozmyte"

msgid "Empty"
msgstr ""
msgid "Two\n"
"lines \"q\""
msgstr "Dwie\n"
"linie \"q\""

#~ msgid "Gone"
#~ msgstr "Nie ma"
"""


@pytest.fixture
def polish(tmp_path: Path) -> Path:
    path = tmp_path / "pl.po"
    path.write_text(POLISH, encoding="utf-8")
    return path


@pytest.fixture
def catalogs(tmp_path: Path) -> Iterator[Path]:
    """A catalog folder of the test's own, put back afterwards."""
    before = i18n.catalog_dir()
    i18n.set_catalog_dir(tmp_path)
    try:
        yield tmp_path
    finally:
        i18n.set_catalog_dir(before)
        i18n.use(i18n.ENGLISH)


def test_the_compiler_reads_as_babel_does(polish: Path) -> None:
    ours = gettext.GNUTranslations(io.BytesIO(mo_bytes(read_po(polish))))
    theirs_file = io.BytesIO()
    with polish.open("rb") as file:
        write_mo(theirs_file, babel_read_po(file))
    theirs = gettext.GNUTranslations(io.BytesIO(theirs_file.getvalue()))
    # Every message but the header (Babel rewrites it), the same, and nothing more or less.
    mine = {k: v for k, v in ours._catalog.items() if k != ""}  # type: ignore[attr-defined]
    babel = {k: v for k, v in theirs._catalog.items() if k != ""}  # type: ignore[attr-defined]
    assert mine == babel
    assert ours.pgettext("button", "Play") == "Zagraj"
    forms = [ours.ngettext("{count} card", "{count} cards", n) for n in (1, 2, 5, 22)]
    assert forms == ["{count} karta", "{count} karty", "{count} kart", "{count} karty"]
    assert ours.gettext("Fuzzy one") == "Fuzzy one"  # fuzzy: the English shows
    assert ours.gettext("Empty") == "Empty"
    assert ours.gettext('Two\nlines "q"') == 'Dwie\nlinie "q"'
    assert ours.gettext("Gone") == "Gone"  # obsolete entries are not compiled


@pytest.mark.parametrize(
    "damage",
    ['msgid "open\n', "msgid\n", 'msgfoo "x"\nmsgstr "y"\n', '"continues nothing"\n'],
)
def test_a_damaged_po_says_where(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "bad.po"
    path.write_text(damage, encoding="utf-8")
    with pytest.raises(PoError, match=r"bad\.po:1"):
        read_po(path)


def test_a_missing_or_damaged_catalog_leaves_english(catalogs: Path) -> None:
    with pytest.raises(i18n.MissingCatalog):
        i18n.load("de")
    assert i18n.use("de").code == i18n.ENGLISH
    broken = catalogs / "fr" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "uno.mo").write_bytes(b"\xde\x12\x04\x95 not a catalog")
    with pytest.raises(i18n.MissingCatalog, match=r"uno\.mo"):
        i18n.load("fr")
    assert i18n.use("fr").gettext("Play") == "Play"
    with pytest.raises(ValueError, match="unknown language"):
        i18n.load("xx")


def test_a_po_without_its_mo_is_read_directly(catalogs: Path, polish: Path) -> None:
    folder = catalogs / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "uno.po").write_text(POLISH, encoding="utf-8")
    i18n.use("pl")
    assert i18n._("Draw a card") == "Dobierz kartę"
    assert i18n.ngettext("{count} card", "{count} cards", 3) == "{count} karty"


@pytest.mark.parametrize(
    ("preferences", "expected"),
    [
        (["de-DE", "en"], "de"),
        (["pt_BR.UTF-8"], "pt_BR"),
        (["pt-PT"], "pt_BR"),  # the game's one Portuguese
        (["C.UTF-8", "ja_JP"], "ja"),
        (["sv-SE", "fr-CA"], "fr"),
        (["sv", "nb"], "en"),
        ([], "en"),
        (["", "@", "-", "PL"], "pl"),
    ],
)
def test_pick_the_first_language_the_game_speaks(preferences: list[str], expected: str) -> None:
    assert i18n.pick(preferences) == expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("ja,en-US;q=0.9,en;q=0.8", ["ja", "en-US", "en"]),
        ("en;q=0.5, de-DE", ["de-DE", "en"]),
        ("fr;q=0, it", ["it"]),
        ("de;q=bogus, pl", ["pl"]),
        ("", []),
        ("x" * 100, []),
    ],
)
def test_accept_language_is_read_by_preference(header: str, expected: list[str]) -> None:
    assert i18n.accept_language(header) == expected


def test_accept_language_takes_any_header_without_raising() -> None:
    for header in (";;;", ",,,", "q=1", "de;q=nan", "a;q=1e999", "\x00\xff", "é" * 5000):
        assert isinstance(i18n.pick(i18n.accept_language(header)), str)


def test_the_pseudo_locale_marks_every_letter_and_keeps_placeholders() -> None:
    text = i18n.pseudo("Draw {count} cards\nnow")
    assert text.startswith(i18n.PSEUDO_OPEN) and text.endswith(i18n.PSEUDO_CLOSE)
    assert "{count}" in text and "\n" in text
    assert not any("a" <= ch <= "z" for ch in text.replace("{count}", ""))
    assert len(text) >= len("Draw {count} cards\nnow") * 1.4
    assert text.format(count=3).count("3") == 1
    tongue = i18n.tongue(i18n.PSEUDO)
    assert tongue.ngettext("{n} card", "{n} cards", 1) == i18n.pseudo("{n} card")
    assert tongue.pgettext("button", "Play") == i18n.pseudo("Play")


def test_the_screen_speaks_what_use_chose(catalogs: Path) -> None:
    i18n.use(i18n.PSEUDO)
    assert i18n._("Play") == i18n.pseudo("Play")
    assert i18n.N_("Play") == "Play"  # a marker only: translated where shown
    i18n.use(i18n.ENGLISH)
    assert i18n._("Play") == "Play"
