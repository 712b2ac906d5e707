"""The screens around the table speak the screen's language (issue 40): each one, opened in
English as a player reaches it, then switched to the pseudo-locale as the Language row switches
(``App.set_language`` calls every scene's ``relabel``), draws no English; the Language row
switches at once by mouse, keys and controller; the crash dialog speaks the language, and
English when the catalogs cannot be read."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import __version__, i18n
from game.cards import DeckKind
from game.i18n import PSEUDO, active
from game.match import AI_NAMES, SeatKind
from game.rules import SWITCH_TITLES, SWITCHES, CustomEffect, Rules, Stacking
from scenes import crash
from scenes.app import App, Scene
from scenes.assets import Weight
from scenes.howto import HowToScene
from scenes.input import Act, Intent
from scenes.options import OptionsScene, language_name, next_language
from scenes.routes import HowTo
from scenes.setup import SetupScene
from scenes.store.logs import NATIVE_NAME, log_path
from scenes.store.settings import Settings, from_dict, load_settings, stored_language
from scenes.store.stats import stats_path
from scenes.title import ReplaceOverlay, licences_folder
from scenes.ui import ink_pitch, render
from tests import screens_shown
from tests.screens_shown import watch

# What may stay as it is in any language: names (the title's, the players'), and the About
# screen's paths and version (filled in below). Single letters (keys, buttons), numbers and
# symbols pass by themselves: only a run of two ASCII letters counts as a word.
# Default seat names ("You", "Player 2") are names too: saves and statistics keep them.
KEPT = ("ONE MORE CARD", "You", "Player", "Tom", *AI_NAMES)
WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(line: str, kept: tuple[str, ...] = KEPT) -> list[str]:
    """The plain ASCII words of a drawn line that no exception covers (the pseudo-locale
    accents every letter of a message, so a word left in ASCII skipped the catalogs)."""
    for allowed in sorted(kept, key=len, reverse=True):
        line = line.replace(allowed, "")
    return WORD.findall(line)


def test_the_check_finds_english_and_passes_the_pseudo_locale() -> None:
    assert english_words("Quick game") == ["Quick", "game"]
    assert english_words(i18n.pseudo("Quick game")) == []
    assert english_words("Ana 3/5, D, +, 10") == []


def _speak(app: App, code: str) -> None:
    """Switch as the Language row does (``App.set_language``; tests/conftest.py gives App the
    same steps where it has none of its own yet)."""
    app.set_language(code)


def _drawn_in_pseudo(app: App, kept: tuple[str, ...] = KEPT) -> list[str]:
    """Switch ``app`` to the pseudo-locale, draw its top screen, and return the lines drawn
    in plain English (with the words that gave them away)."""
    _speak(app, PSEUDO)
    drawn, _shrunk = watch(app)
    assert drawn, "nothing was drawn"
    return [
        f"{line.text!r}: {words}"
        for line in drawn
        if line.text.strip() and (words := english_words(line.text, kept))
    ]


SCREENS: dict[str, Callable[[bool], App]] = {
    "title": screens_shown.title,
    "setup-10": screens_shown.setup(10),
    "settings": screens_shown.options,
    "controls": screens_shown.opened("Settings", "Keys and controller buttons"),
    "about": screens_shown.opened("About"),
    "stats-empty": screens_shown.opened("Statistics"),
}


@pytest.mark.parametrize("name", SCREENS)
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_each_screen_draws_no_english_in_the_pseudo_locale(name: str) -> None:
    app = SCREENS[name](False)
    kept: tuple[str, ...] = (*KEPT, PSEUDO)  # the Language row names the pseudo-locale's code
    if name == "about":
        log = log_path()
        paths = (str(licences_folder()), str(log), str(log.with_name(NATIVE_NAME)))
        kept = (*kept, __version__, *paths)
    assert _drawn_in_pseudo(app, kept) == []


def test_the_statistics_table_draws_no_english_in_the_pseudo_locale() -> None:
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    counts = {"rounds": 5, "rounds_won": 3, "matches": 1, "matches_won": 1, "best_round": 87}
    tom = {**counts, "streak": 1, "best_streak": 2, "against": {"normal": [5, 3], "hard": [2, 0]}}
    path.write_text(json.dumps({"Tom": tom}), encoding="utf-8")
    app = screens_shown.opened("Statistics")(False)
    assert "Tom" in [line.text for line in watch(app)[0]]  # the table is shown, not a message
    assert _drawn_in_pseudo(app) == []


def test_setup_with_phones_couch_play_and_a_refused_name_draws_no_english() -> None:
    app = screens_shown.setup(10)(False)
    scene = app.top
    assert isinstance(scene, SetupScene)
    scene.model.kinds[1] = SeatKind.PHONE  # a phone seat and two people at the screen
    scene.model.kinds[2] = None
    _speak(app, PSEUDO)
    for seat in (0, 2):  # a name given to one seat is refused for another, with the reason
        scene._edit_name(seat)
        scene._type("Tom")
        scene._finish_name(keep=True)
    assert scene.entry is not None and scene.entry.problem
    assert _drawn_in_pseudo(app) == []


def test_the_question_before_replacing_a_match_draws_no_english() -> None:
    app = screens_shown.title(False)
    app.push(ReplaceOverlay(app, "4 players, round 2, 31 moves so far", print, print))
    app.step(1 / 60, [])
    assert isinstance(app.top, ReplaceOverlay)
    found = _drawn_in_pseudo(app)
    # The match's line was made before the switch (the title makes it again on its relabel).
    assert [line for line in found if "players" not in line] == []


def _touching(app: App) -> list[str]:
    """Pairs of lines the top screen drew whose letters overlap (more than a 2 px touch)."""
    drawn, _shrunk = watch(app)
    inks = []
    for line in drawn:
        ink = render(line.text, line.size, (255, 255, 255), line.weight).get_bounding_rect()
        if ink.height:
            inks.append((line.text, ink.move(line.rect.topleft)))
    return [
        f"{a!r} / {b!r}"
        for i, (a, first) in enumerate(inks)
        for b, second in inks[i + 1 :]
        if (common := first.clip(second)).width > 2 and common.height > 2
    ]


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("name", ["about", "stats", "setup-10", "settings", "controls", "title"])
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_longer_words_do_not_run_into_each_other(name: str, large: bool) -> None:
    # A table to show (the About screen's label column and the statistics' columns are the
    # ones a longer language widens).
    path = stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    against = {"easy": [4, 4], "normal": [5, 3], "hard": [2, 0], "expert": [1, 0]}
    tom = {"rounds": 5, "rounds_won": 3, "matches": 1, "matches_won": 1, "against": against}
    path.write_text(json.dumps({"Tom": tom}), encoding="utf-8")
    builds = {**SCREENS, "stats": screens_shown.opened("Statistics")}
    app = builds[name](large)
    assert _touching(app) == []  # in English
    _speak(app, PSEUDO)
    assert _touching(app) == []  # and 40% longer


HOWTO_RULES = {
    "classic": Rules(),
    "uno2023": Rules(deck=DeckKind.UNO2023, custom_effects=(CustomEffect.REVERSE,)),
    "house-rules": Rules(deck=DeckKind.HOUSE_RULES, stacking=Stacking.CROSS, jump_in=True),
    "changed": Rules(hand_size=5, uno_penalty=4, wd4_bluffing=False, teams=True, seven_zero=True),
}


@pytest.mark.parametrize("name", HOWTO_RULES)
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_every_page_of_how_to_play_draws_no_english_in_the_pseudo_locale(name: str) -> None:
    app = screens_shown.title(False)
    scene = app.go(HowTo(HOWTO_RULES[name], players=4))
    app.step(1 / 60, [])  # the push is applied at the end of the frame
    assert isinstance(scene, HowToScene) and app.top is scene
    found = _drawn_in_pseudo(app)
    pages = 1
    while scene.more_below and pages < 60:
        scene.handle(Intent(Act.PAGE_DOWN))
        drawn, _shrunk = watch(app)
        found += [f"{d.text!r}" for d in drawn if d.text.strip() and english_words(d.text)]
        pages += 1
    assert not scene.more_below, "the page did not reach its end"
    assert pages > 2  # the whole page was read, not only its first screen
    assert found == []


def test_how_to_play_keeps_the_readers_place_when_the_language_changes() -> None:
    app = screens_shown.opened("How to play")(False)
    scene = app.top
    assert isinstance(scene, HowToScene)
    scene.scroll_to(0.5)
    english = [row.text for row in scene.rows]
    _speak(app, PSEUDO)
    assert [row.text for row in scene.rows] != english
    assert scene.fraction == pytest.approx(0.5, abs=0.02)


def test_the_title_keeps_continue_and_its_line_in_the_new_language() -> None:
    app = screens_shown.title(False)
    title = app.top
    assert title is not None
    menu = screens_shown._menu(title)
    focus = menu.focus = 2
    _speak(app, PSEUDO)
    assert menu.focus == focus
    assert all(english_words(b.label) == [] for b in menu.buttons)


# ------------------------------------------------------------- the Language row


def _language_row(scene: Scene) -> int:
    menu = screens_shown._menu(scene)
    names = {language.name for language in i18n.LANGUAGES}
    rows = [i for i, b in enumerate(menu.buttons) if any(n in b.label for n in names)]
    assert len(rows) == 1, [b.label for b in menu.buttons]
    return rows[0]


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_the_language_row_names_each_language_in_its_own_words() -> None:
    app = screens_shown.options(False)
    scene = app.top
    assert isinstance(scene, OptionsScene)
    row = scene.menu.buttons[_language_row(scene)]
    assert row.label == "Language: English"
    seen = []
    for _ in i18n.LANGUAGES:
        row.on_click()
        app.step(1 / 60, [])
        row = scene.menu.buttons[_language_row(scene)]
        seen.append(app.settings.language)
        # The row is in the new language at once, and names the language in its own words
        # (a language whose catalog is not there yet speaks English meanwhile).
        assert language_name(app.settings.language) in row.label
        assert active().code in (app.settings.language, i18n.ENGLISH)
    assert seen == [*i18n.CODES[1:], "en"]  # every language once, then English again
    # The choice is stored with the settings.
    assert load_settings()[0].language == "en"


@pytest.mark.parametrize(
    "press",
    [
        [Intent(Act.CONFIRM)],  # Enter (or Space) on the focused row
        [Intent(Act.CONFIRM, device=0)],  # a controller's A
    ],
)
def test_the_language_row_switches_by_keys_and_controller(press: list[Intent]) -> None:
    app = screens_shown.options(False)
    scene = app.top
    assert isinstance(scene, OptionsScene)
    scene.menu.focus = _language_row(scene)
    for intent in press:
        scene.handle(intent)
    assert app.settings.language == "de"
    assert "Deutsch" in scene.menu.buttons[_language_row(scene)].label
    assert scene.menu.focus == _language_row(scene)  # the focus stays on the row


def test_the_language_row_switches_by_mouse() -> None:
    app = screens_shown.options(False)
    scene = app.top
    assert isinstance(scene, OptionsScene)
    rect = scene.menu.buttons[_language_row(scene)].rect
    scene.handle(Intent(Act.PRESS, pos=rect.center))
    scene.handle(Intent(Act.RELEASE, pos=rect.center))
    assert app.settings.language == "de"


def test_switching_language_in_settings_relabels_the_title_below() -> None:
    app = screens_shown.options(False)
    scene = app.top
    assert isinstance(scene, OptionsScene)
    _speak(app, PSEUDO)  # the row's cycle has no pseudo-locale: the app's switch goes there
    app.pop()
    app.step(1 / 60, [])
    drawn, _shrunk = watch(app)
    assert [d.text for d in drawn if english_words(d.text)] == []


def test_next_language_starts_from_the_screens_when_following_the_system() -> None:
    assert active().code == "en"
    assert next_language("") == "de"  # following the system, which speaks English here
    assert next_language("fr") == i18n.CODES[i18n.CODES.index("fr") + 1]
    assert next_language("ja") == "en"
    assert next_language("xx") == "de"


def test_a_stored_language_is_read_back_and_a_foreign_one_reset() -> None:
    assert from_dict({"language": "pl"}).language == "pl"
    assert from_dict({"language": ""}).language == ""
    resets: list[str] = []
    assert from_dict({"language": "klingon"}, resets).language == ""
    assert resets == ["language (not a language the game speaks)"]
    resets = []
    assert from_dict({"language": 7}, resets).language == ""
    assert len(resets) == 1
    assert Settings().language == ""


def test_taller_letters_space_the_lines_further() -> None:
    pygame.font.init()
    latin = ["Hand size", "Draw mode"]
    assert ink_pitch(latin, 22, Weight.BOLD, 24) == 24  # English keeps its spacing
    tall = render("Hg", 40, (255, 255, 255), Weight.BOLD).get_bounding_rect().height
    assert ink_pitch([*latin, "Hg"], 22, Weight.BOLD, 24) == 24  # the same letters, smaller
    assert ink_pitch(["Hg"], 40, Weight.BOLD, 24) == tall + 1
    assert ink_pitch([], 22, Weight.BOLD, 24) == 24


def test_the_stored_language_is_read_before_the_settings_are(tmp_path: Path) -> None:
    assert stored_language(tmp_path) == ""  # no file
    (tmp_path / "settings.json").write_text('{"language": "ja", "volume": 9}', encoding="utf-8")
    assert stored_language(tmp_path) == "ja"
    assert (tmp_path / "settings.json").exists()  # nothing moved aside: load_settings does that
    for damaged in ('{"language": "xx"}', "[1, 2]", '{"language": ', "\xff"):
        (tmp_path / "settings.json").write_text(damaged, encoding="utf-8")
        assert stored_language(tmp_path) == ""
    # The damaged file's message is then told in the language the game speaks.
    i18n.use(PSEUDO)
    _settings, notice = load_settings(tmp_path)
    assert notice is not None and english_words(notice, (*KEPT, "settings.broken", ".json")) == []


def test_every_switch_has_a_name_on_the_setup_screen() -> None:
    assert set(SWITCHES) <= set(SWITCH_TITLES)


# ------------------------------------------------------------- the crash dialog


def _crash_box(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[tuple[str, str]]:
    """Run a crash as the windowed build does and return what its message box said."""
    shown: list[tuple[str, str]] = []

    def box(title: str, message: str, message_type: str = "info") -> None:
        shown.append((title, message))

    monkeypatch.setattr(crash, "log_dir", lambda: tmp_path)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(pygame.display, "message_box", box)

    def broken() -> int:
        raise RuntimeError("the table fell over")

    assert crash.guarded(broken) == 1
    assert len(shown) == 1
    return shown


def test_the_crash_dialog_speaks_the_screens_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    i18n.use(PSEUDO)
    ((title, message),) = _crash_box(monkeypatch, tmp_path)
    log = str(tmp_path / crash.LOG_NAME)
    assert english_words(title) == []
    assert english_words(message, (log,)) == []
    assert log in message  # the placeholder was filled


class _Broken:
    """A translation module whose every call fails (a damaged catalog, a damaged install)."""

    @staticmethod
    def _(message: str) -> str:
        raise OSError("the catalog is unreadable")


@pytest.mark.parametrize("module", [None, _Broken()])
def test_the_crash_dialog_falls_back_to_english(
    module: object, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(crash, "i18n", module)
    ((title, message),) = _crash_box(monkeypatch, tmp_path)
    assert title == "One More Card stopped"
    assert message.startswith("Sorry, the game stopped because of an error.\n\nThe details are")


def test_a_translation_that_lost_its_placeholder_still_says_where_the_log_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(crash, "_", lambda message: message.replace("{path}", "{pfad}"))
    assert crash.where_told(Path("/x/crash.log")) == "The details are in /x/crash.log."
