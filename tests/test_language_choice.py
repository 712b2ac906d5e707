"""Choosing the language: the first start follows the system, Settings' choice is kept and
switches every screen at once (the scenes relabel), ``--lang`` overrides it for one run, and an
unreadable catalog leaves English with a line in the log, never a crash."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import logging
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from scenes import app as app_module
from scenes import ui
from scenes.__main__ import parse, phone_seats
from scenes.app import App, Scene, start_language, system_languages, use_language
from scenes.store.settings import Settings, from_dict, load_settings

JAPANESE_PO = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=1; plural=0;\\n"

msgid "Play"
msgstr "プレイ"

msgid "Your turn"
msgstr "あなたの番です"
"""


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    app_module.find_catalogs()
    i18n.use(i18n.ENGLISH)
    ui.forget_text()


@pytest.fixture
def japanese_catalog(tmp_path: Path) -> Path:
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "uno.po").write_text(JAPANESE_PO, encoding="utf-8")
    i18n.set_catalog_dir(tmp_path)
    return tmp_path


class Labelled(Scene):
    """A scene that makes its caption once, at construction, like a Menu's buttons."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.caption = i18n._("Play")

    def relabel(self) -> None:
        self.caption = i18n._("Play")


def test_set_language_switches_saves_and_relabels_every_scene(japanese_catalog: Path) -> None:
    pygame.init()
    app = App(Settings(), headless=True)
    below, top = Labelled(app), Labelled(app)
    app.push(below)
    app.push(top)
    app.step(0.0, [])
    ui.render("Play", 30)
    assert below.caption == "Play"
    app.set_language("ja")
    assert (below.caption, top.caption) == ("プレイ", "プレイ")
    assert ui.render.cache_info().currsize == 0  # measured and drawn in English: dropped
    saved, _notice = load_settings()
    assert saved.language == "ja"
    app.set_language("qps", remember=False)
    assert top.caption.startswith(i18n.PSEUDO_OPEN)
    assert load_settings()[0].language == "ja"  # --lang: for this run only


def test_an_unreadable_catalog_leaves_english_and_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "uno.mo").write_bytes(b"\xde\x12\x04\x95 damaged")
    i18n.set_catalog_dir(tmp_path)
    with caplog.at_level(logging.WARNING, logger="scenes"):
        tongue = use_language("de")
    assert tongue.code == i18n.ENGLISH and i18n._("Play") == "Play"
    assert any("language de" in record.getMessage() for record in caplog.records)


def test_the_first_start_follows_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [])
    for name in app_module.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert start_language(Settings()) == "pt_BR"
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.setenv("LC_MESSAGES", "pl_PL.UTF-8")
    assert system_languages() == ["C", "pl_PL.UTF-8", "pt_BR.UTF-8"]
    assert start_language(Settings()) == "pl"
    prefs = [{"language": "ja", "country": "JP"}, {"language": "en", "country": None}]
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: prefs)
    assert start_language(Settings()) == "ja"  # the desktop's preference first
    assert start_language(Settings(language="fr")) == "fr"  # the player's choice
    assert start_language(Settings(language="fr"), "de") == "de"  # --lang
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [{"language": "sv"}])
    for name in app_module.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    assert start_language(Settings()) == i18n.ENGLISH  # a language the game lacks


def test_the_setting_keeps_a_known_language_and_resets_another() -> None:
    resets: list[str] = []
    assert from_dict({"language": "de"}, resets).language == "de"
    assert from_dict({"language": "xx"}, resets).language == ""
    assert from_dict({"language": 3}, resets).language == ""
    assert len(resets) == 2 and "language" in resets[0]


def test_lang_on_the_command_line() -> None:
    assert parse(["--lang", "de"]).lang == "de"
    assert parse(["--lang", "qps"]).lang == "qps"
    assert parse([]).lang is None
    with pytest.raises(SystemExit):
        parse(["--lang", "xx"])


def test_a_japanese_screen_draws_japanese(japanese_catalog: Path) -> None:
    pygame.init()
    use_language("ja")
    surface = pygame.Surface((600, 100))
    with ui.watching_text() as (drawn, _shrunk):
        ui.draw_text(surface, i18n._("Your turn"), 40, (300, 50))
    assert [line.text for line in drawn] == ["あなたの番です"]
    assert pygame.mask.from_surface(ui.render("あなたの番です", 40)).count() > 200


def test_the_phone_seats_of_phones_are_named_in_the_screens_language() -> None:
    # `python -m scenes --phones 2 --lang ja` named them "Phone 1", "Phone 2" in every language,
    # and every phone's page showed the English name (langplay).
    i18n.use("ja")
    try:
        seats = phone_seats(3, 2)
    finally:
        i18n.use(i18n.ENGLISH)
    assert [seat.name for seat in seats[:2]] == ["スマホ1", "スマホ2"]
    assert [seat.name for seat in phone_seats(3, 2)[:2]] == ["Phone 1", "Phone 2"]
