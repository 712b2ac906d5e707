"""The catalogs are whole: the committed template holds every message the sources have, each
language's catalog translates every one of them (none empty or fuzzy, the same placeholders as
the English, Babel's own checks), its compiled form reads as Babel's does, and every language
narrates whole matches without a placeholder left (docs/LANGUAGES.md)."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po as babel_read_po

from game import i18n
from game import rules as game_rules
from game.match import MatchFinished
from game.narrate import Narrator
from game.pofile import mo_bytes, read_po
from tests.test_narrate_languages import SEEDED, play_match
from tools.make import catalogs

LANGUAGES = [code for code in i18n.CODES if code != i18n.ENGLISH]


def messages(path: Path) -> set[tuple[str | None, str]]:
    with path.open("rb") as file:
        catalog = babel_read_po(file)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_the_template_holds_every_message_of_the_sources(tmp_path: Path) -> None:
    fresh = tmp_path / "uno.pot"
    catalogs.extract(fresh)
    committed = messages(catalogs.TEMPLATE)
    found = messages(fresh)
    # A message added to the code without `python -m tools.make.catalogs extract` and
    # `update`, or one gone from the code but still in the template.
    assert sorted(found - committed, key=str) == []
    assert sorted(committed - found, key=str) == []


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_every_message_is_translated(code: str) -> None:
    assert list(catalogs.problems(code)) == []
    assert messages(catalogs.po_path(code)) == messages(catalogs.TEMPLATE)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_compiled_catalog_reads_as_babels(code: str) -> None:
    path = catalogs.po_path(code)
    ours = gettext.GNUTranslations(io.BytesIO(mo_bytes(read_po(path))))
    written = io.BytesIO()
    with path.open("rb") as file:
        write_mo(written, babel_read_po(file, locale=code))
    theirs = gettext.GNUTranslations(io.BytesIO(written.getvalue()))
    mine = {k: v for k, v in ours._catalog.items() if k != ""}  # type: ignore[attr-defined]
    babel = {k: v for k, v in theirs._catalog.items() if k != ""}  # type: ignore[attr-defined]
    assert mine == babel
    assert [ours.ngettext("a", "b", n) for n in range(30)] == [
        theirs.ngettext("a", "b", n) for n in range(30)
    ]


@pytest.mark.parametrize("code", i18n.CODES)
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_every_language_narrates_a_whole_match(code: str) -> None:
    # The seeded matches of the narrator's own test (every preset, the 2023 effects, House
    # Rules, cross stacking with jump-in, 7-0 and teams, play until one is left), told to a
    # person at the screen, to a seat of another and to a watcher, in this language.
    tongue = i18n.tongue(code)
    assert tongue.code == code  # its catalog was read
    told = 0
    for rules, players in SEEDED:
        names = [f"Seat{i}" for i in range(players)]
        readers = [
            Narrator(names, 0, True, tongue=tongue),
            Narrator(names, 1, False, tongue=tongue),
            Narrator(names, -1, False, tongue=tongue),
        ]
        for batch in play_match(rules, players, 7):
            for reader in readers:
                line = reader.line([e for e in batch if not isinstance(e, MatchFinished)])
                if line:
                    told += 1
                    assert "{" not in line and "}" not in line, line
    assert told > 100


@pytest.mark.parametrize(
    "table",
    [
        game_rules.CUSTOM_EFFECT_TEXT,
        game_rules.CUSTOM_EFFECT_TITLE,
        game_rules.RACE_ACTION_TEXT,
        game_rules.PRESET_TEXT,
        game_rules.SWITCHES,
        game_rules.SWITCH_TITLES,
        game_rules.PRESET_TITLES,
        game_rules.CHOICE_TEXT,
    ],
)
def test_every_text_table_of_the_rules_is_in_the_template(table: dict[object, str]) -> None:
    # The tables are translated where they are shown; a text written without N_ is never
    # extracted, so the setup screen showed the Quick preset's sentence in English (langplay).
    template = {message for context, message in messages(catalogs.TEMPLATE) if context is None}
    assert sorted(text for text in table.values() if text not in template) == []
