"""End to end: two phones in a real browser, one German and one Japanese, at the same table; each
page shows its words in its own phone's language, and the game's texts to each seat (its turn,
its buttons) too, while the table's screen stays English.

The game's own server is started on 127.0.0.1 for a real ``Match`` (two phone seats and a person
seat, so nothing moves unless the test moves it). Debian's chromium, driven by Playwright
(``executable_path``, never a downloaded browser), opens each seat's page in a browser context
whose ``locale`` sets the Accept-Language it sends. The real catalogs are still empty: the test
catalogs of tests/test_phone_languages_server.py are put in place (``set_catalog_dir``).
Screenshots go to ``PHONE_SHOTS`` when it names a folder (to look at them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.actions import Play
from game.cards import deck
from game.match import Match, Seat, SeatKind
from game.phones.hub import PhoneHub
from game.rules import Rules
from scenes.art import CardArt
from scenes.phoneserver.serve import serve_phones
from scenes.table.phonefaces import card_images
from tests.browser import no_browser
from tests.helpers import new_game
from tests.test_phone_languages_server import GERMAN, JAPANESE, PLURAL, catalogs

pytestmark = [
    pytest.mark.bare_app,
    pytest.mark.browser,
    pytest.mark.skipif(bool(no_browser()), reason=no_browser() or "-"),
]

WEB = Path(__file__).resolve().parent.parent / "assets" / "web"
SEATS = (Seat("Maria", kind=SeatKind.PHONE), Seat("Kenji", kind=SeatKind.PHONE), Seat("Ana"))
# Bounds on every wait for the page (counted in steps of STEP_S).
STEP_S = 0.02
STEPS = 500
# Each phone: its browser's locale, its catalog, and the code the page names its language by.
PHONES = (("de-DE", GERMAN, "de"), ("ja-JP", JAPANESE, "ja"))


@pytest.fixture
def translated(tmp_path: Path) -> Iterator[None]:
    folder = i18n.catalog_dir()
    i18n.set_catalog_dir(catalogs(tmp_path / "locale"))
    i18n.use(i18n.ENGLISH)  # the table's screen speaks English throughout
    yield
    i18n.set_catalog_dir(folder)
    i18n.use(i18n.ENGLISH)


def until(check: Callable[[], bool], hub: PhoneHub, page: Any, what: str) -> None:
    """Pump the hub (the game's thread's work) until ``check`` holds; bounded."""
    for _ in range(STEPS):
        hub.pump()
        if check():
            return
        page.wait_for_timeout(STEP_S * 1000)
    pytest.fail(f"the page never showed {what}")


def joined(page: Any, hub: PhoneHub) -> None:
    """Until the page shows its seat as here (the state sent once the seat has joined)."""
    here = page.locator(".player.you:not(.away)")
    until(lambda: here.count() == 1, hub, page, "the seat joined")


def said(table: dict[Any, Any], english: str) -> str:
    text = table[english]
    assert isinstance(text, str)
    return text


def test_a_german_and_a_japanese_phone_each_read_their_own_language(
    translated: None, browser: Any
) -> None:
    match = Match(Rules(), SEATS, 7, pace=0.0)
    hub = serve_phones(match, WEB, card_images(CardArt(), deck(Rules().deck)), "127.0.0.1", 0)
    shots = Path(os.environ["PHONE_SHOTS"]) if os.environ.get("PHONE_SHOTS") else None
    try:
        pages = []
        for seat, (locale, _table, _code) in enumerate(PHONES):
            context = browser.new_context(
                locale=locale, viewport={"width": 390, "height": 844}, is_mobile=True
            )
            page = context.new_page()
            page.set_default_timeout(5000)
            page.goto(hub.url(seat))
            pages.append(page)
        for page in pages:
            joined(page, hub)
        assert [hub.language(seat) for seat in (0, 1)] == ["de", "ja"]
        for seat, page in enumerate(pages):
            check_page(page, seat, match, hub)
            if shots is not None:
                shots.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shots / f"phone-{PHONES[seat][2]}.png"))
            page.context.close()
    finally:
        hub.close()
    assert i18n.active().code == i18n.ENGLISH  # the phones' languages never reached the table


def check_page(page: Any, seat: int, match: Match, hub: PhoneHub) -> None:
    """The page's own words, and the game's words to its seat, in its phone's language."""
    _locale, table, code = PHONES[seat]
    # A state sent before this phone joined (in the table's language) may be drawn first: the
    # page then follows the language of the game's next one, its own.
    lang = "document.documentElement.lang"
    until(lambda: page.evaluate(lang) == code, hub, page, f"the page in {code}")
    assert page.locator("#hand").get_attribute("aria-label") == said(table, "Your cards")
    headers = page.locator("#over-table th")
    assert headers.nth(0).text_content() == said(table, "Player")
    assert headers.nth(1).text_content() == said(table, "Left in hand")
    assert headers.nth(3).text_content() == said(table, "Total")
    # Its own chip: "You" and its count of cards, in words in its title.
    you = page.locator(".player.you")
    count = len(match.game.hands[seat])
    chip = said(table, "{name} {count}").format(name=said(table, "You"), count=count)
    assert you.inner_text() == chip
    forms = table[PLURAL]
    assert isinstance(forms, tuple)
    form = forms[0] if len(forms) == 1 or count == 1 else forms[1]
    assert you.get_attribute("title") == form.format(name=said(table, "You"), count=count)
    # The game's words to this seat: its turn's button, or whose turn it is.
    actor = match.game.actor
    if actor == seat:
        draw = page.locator('[data-action="draw"]')
        until(lambda: draw.count() == 1, hub, page, "the draw button")
        assert draw.inner_text() == said(table, "Draw a card")
    else:
        prompt = said(table, "{name}'s turn.").format(name=SEATS[actor].name)
        until(lambda: page.locator("#prompt").inner_text() == prompt, hub, page, prompt)


# Every word the page holds (text, and what it reads out), but the game's narrated lines and the
# cards' own names (game/'s words, tested there): each must carry the pseudo-locale's marks, or
# be a name typed for a seat, a number or a sign.
WORDS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // The move log is checked by its own test; a card's face and what is marked as in no
    // language (translate="no": the fair deal's formula, hex and card codes) are not words.
    if (node.parentElement.closest('#log, [data-card], [translate="no"]')) continue;
    if (node.textContent.trim()) out.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll('[aria-label], [title]')) {
    if (el.closest('[data-card]')) continue;
    for (const name of ['aria-label', 'title']) {
      if (el.getAttribute(name)) out.push(el.getAttribute(name));
    }
  }
  out.push(document.title);
  return out;
}"""
NAMES = re.compile(r"Maria|Ana|[\d\s+\-\u2013.,:()]")


def english_left(page: Any) -> list[str]:
    """The page's words that are neither in the pseudo-locale nor names, numbers or signs."""
    words: list[str] = page.evaluate(WORDS)
    assert words
    return [w for w in words if i18n.PSEUDO_OPEN not in w and NAMES.sub("", w)]


def test_a_phone_in_the_pseudo_locale_shows_no_english(
    faces: dict[str, bytes], browser: Any
) -> None:
    """The table speaks the pseudo-locale and the phone's browser a language the game does not
    (Korean): the phone takes the table's, and every word of its page is in it, through a round
    to its end and the match's close."""
    game = new_game([["R1", "G2"], ["G1", "Y3"]], "R5", ["G4", "B7"])
    game.apply(Play(0, game.hands[0][0]))  # Maria: Red 1
    seats = (Seat("Maria", kind=SeatKind.PHONE), Seat("Ana"))
    match = Match(game.rules, seats, game.seed, game=game, pace=0.0)
    hub = serve_phones(match, WEB, faces, "127.0.0.1", 0)
    i18n.use(i18n.PSEUDO)
    try:
        page = browser.new_context(locale="ko-KR").new_page()
        page.set_default_timeout(5000)
        page.goto(hub.url(0))
        joined(page, hub)
        assert hub.language(0) == i18n.PSEUDO
        until(lambda: page.evaluate("document.documentElement.lang") == "qps", hub, page, "qps")
        assert english_left(page) == []
        match.submit(1, Play(1, match.game.hands[1][0]))  # Ana: Green 1
        until(lambda: page.locator('#hand [data-legal="true"]').count() == 1, hub, page, "G2")
        page.locator('#hand [data-legal="true"]').first.click()  # Maria's last card
        until(lambda: page.locator("#over").is_visible(), hub, page, "the round's end")
        assert english_left(page) == []
        hub.close()
        until(lambda: page.locator("#gone").is_visible(), hub, page, "the last word")
        assert i18n.PSEUDO_OPEN in page.locator("#gone-text").inner_text()
        assert english_left(page) == []
        page.context.close()
    finally:
        i18n.use(i18n.ENGLISH)
        hub.close()


@pytest.fixture(scope="module")
def faces() -> dict[str, bytes]:
    return card_images(CardArt(), deck(Rules().deck))
