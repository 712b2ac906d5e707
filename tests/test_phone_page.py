"""The phone's page in a real browser, on real matches: the whole hand fits one screen, every
card keeps a finger-sized part uncovered, a drawn card can be played with a button, a challenge
says what it risks and shows what it found, and the round's end shows one table at a time.

Each state is a real ``Match`` (a phone seat and a person seat, so nothing moves unless the test
moves it) served by the game's own server on 127.0.0.1 with the game's own card faces. Debian's
chromium, driven by Playwright (``executable_path``, never a downloaded browser), opens the
seat's page as a phone would (``is_mobile``, ``has_touch``) at 360x640, 390x844 and 844x390.
A card's tap area is measured in the page: its rectangle minus the later cards laid over it,
and ``document.elementFromPoint`` at that area's centre and corners must find that very card.
Screenshots go to ``PHONE_SHOTS`` when it names a folder (to look at them).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.actions import Accept, Challenge, ChooseColor, Draw, Pass, Play
from game.cards import Color, deck
from game.engine import Game, Phase
from game.fairness import public
from game.match import Match, Seat, SeatKind
from game.phones.hub import PhoneHub
from game.rules import Rules
from scenes.art import CardArt
from scenes.phoneserver.serve import serve_phones
from scenes.table.phonefaces import card_images
from tests.browser import no_browser
from tests.helpers import new_game

pytestmark = [
    pytest.mark.bare_app,
    pytest.mark.browser,
    pytest.mark.skipif(bool(no_browser()), reason=no_browser() or "-"),
]

WEB = Path(__file__).resolve().parent.parent / "assets" / "web"
VIEWPORTS = {"portrait-360": (360, 640), "portrait-390": (390, 844), "landscape-844": (844, 390)}
HAND_SIZES = (1, 7, 15, 25)
FINGER = 44  # CSS px each way (WCAG 2.5.5's target size)
# Bounds on every wait for the page or the match (counted in steps of STEP_S).
STEP_S = 0.02
STEPS = 400
SEATS = (Seat("Maria", kind=SeatKind.PHONE), Seat("Ana"))

# Every card's tap area: its rectangle minus the later cards laid over it (later cards are
# drawn on top), and what the browser finds at that area's centre and corners.
MEASURE = """() => {
  const cards = [...document.querySelectorAll('#hand [data-card]')];
  const rects = cards.map((c) => c.getBoundingClientRect());
  const out = rects.map((r, i) => {
    let right = r.right, bottom = r.bottom;
    for (const o of rects.slice(i + 1)) {
      if (o.top < r.bottom && o.bottom > r.top && o.left > r.left && o.left < right) right = o.left;
    }
    for (const o of rects.slice(i + 1)) {
      if (o.left < right && o.right > r.left && o.top > r.top && o.top < bottom) bottom = o.top;
    }
    const points = [[(r.left + right) / 2, (r.top + bottom) / 2], [r.left + 3, r.top + 3],
      [right - 3, r.top + 3], [r.left + 3, bottom - 3], [right - 3, bottom - 3]];
    const hits = points.map(([x, y]) => {
      const found = document.elementFromPoint(x, y);
      return found !== null && found.closest('[data-card]') === cards[i];
    });
    const face = getComputedStyle(cards[i].querySelector('img'));
    return {left: r.left, top: r.top, right: right, bottom: bottom, hits: hits,
            legal: cards[i].dataset.legal === 'true',
            ringed: face.boxShadow.includes('rgb(255, 206, 84)'), dimmed: face.filter !== 'none'};
  });
  const root = document.scrollingElement;
  return {cards: out, width: innerWidth, height: innerHeight, scrollX: root.scrollWidth,
          scrollY: root.scrollHeight};
}"""


# Every visible text's contrast with what is behind it (WCAG 2: AA asks 4.5:1 for normal text).
# The background is composed from the element's ancestors' colours over the felt's lightest
# green (the body's gradient is darker everywhere else, and every text is light on it or dark
# on a solid face), so the ratio measured is the worst the page shows.
CONTRAST = """() => {
  const parse = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const mix = (top, under) => {
    const a = top.length > 3 ? top[3] : 1;
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a));
  };
  const channel = (c) => {
    c /= 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent)
      .join('').trim();
    if (!text || !el.getClientRects().length || el.closest('[hidden]')) continue;
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let back = [0x17, 0x57, 0x3f];
    for (const e of chain) back = mix(parse(getComputedStyle(e).backgroundColor), back);
    const fore = mix(parse(getComputedStyle(el).color), back);
    const [hi, lo] = [lum(fore), lum(back)].sort((a, b) => b - a);
    out.push({text: text.slice(0, 40), id: el.id || el.className || el.tagName,
              ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100});
  }
  return out;
}"""
AA = 4.5


def low_contrast(page: Any) -> list[dict[str, Any]]:
    """The visible texts of the page under WCAG AA's 4.5:1 (none, on a readable page)."""
    measured = page.evaluate(CONTRAST)
    assert measured, "no text measured"
    return [m for m in measured if m["ratio"] < AA]


@pytest.fixture(scope="module")
def faces() -> dict[str, bytes]:
    return card_images(CardArt(), deck(Rules().deck))


@pytest.fixture
def shots() -> Path | None:
    if not os.environ.get("PHONE_SHOTS"):
        return None
    folder = Path(os.environ["PHONE_SHOTS"])
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def grown(size: int) -> Game:
    """A two-player game on seat 0's turn to play, its hand ``size`` cards, some of them
    playable and some not: dealt (up to 15) then drawn and kept by both seats in turn."""
    for seed in range(200):
        game = Game(Rules().with_changes(hand_size=min(size, 15)), 2, seed, dealer=1)
        for _ in range(4 * size):
            if game.phase is not Phase.PLAY or (len(game.hands[0]), game.actor) == (size, 0):
                break
            player = game.actor
            game.apply(Draw(player))
            if game.phase is Phase.DRAWN:
                game.apply(Pass(player))
        legal = {a.card for a in game.legal_actions() if isinstance(a, Play)}
        plays_some = 0 < len(legal) < size or (size == 1 and legal)
        if (len(game.hands[0]), game.actor, game.phase) == (size, 0, Phase.PLAY) and plays_some:
            return game
    raise AssertionError(f"no seed deals a {size}-card hand with a playable card")


def served(game: Game, faces: dict[str, bytes]) -> tuple[Match, PhoneHub]:
    match = Match(game.rules, SEATS, game.seed, game=game, pace=0.0)
    return match, serve_phones(match, WEB, faces, "127.0.0.1", 0)


def until(check: Callable[[], bool], hub: PhoneHub, page: Any, what: str) -> None:
    """Pump the hub (the game's thread's work) until ``check`` holds; bounded."""
    for _ in range(STEPS):
        hub.pump()
        if check():
            return
        page.wait_for_timeout(STEP_S * 1000)
    pytest.fail(f"the page never showed {what}")


@pytest.fixture
def mobile(browser: Any) -> Any:
    """The test's phone browser (touch, a phone's pixel density); each of its pages is opened at
    its own size (a context per test, not per page: the page keeps nothing between visits)."""
    return browser.new_context(is_mobile=True, has_touch=True, device_scale_factor=2)


def phone(mobile: Any, hub: PhoneHub, size: tuple[int, int], cards: int) -> Any:
    """The seat's page opened on a phone of ``size``, once it shows ``cards`` cards."""
    page = mobile.new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.set_default_timeout(5000)
    page.goto(hub.url(0))
    shown = page.locator("#hand [data-card]")
    here = page.locator(".player.you:not(.away)")  # the state sent once the seat has joined
    until(lambda: shown.count() == cards and here.count() == 1, hub, page, "the hand")
    # The faces are loaded before anything is measured or shot.
    loaded = "() => [...document.images].every((i) => !i.src || i.complete)"
    until(lambda: bool(page.evaluate(loaded)), hub, page, "the card faces")
    return page


@pytest.mark.parametrize("cards", HAND_SIZES)
def test_every_card_can_be_tapped_without_scrolling(
    mobile: Any, faces: dict[str, bytes], shots: Path | None, cards: int
) -> None:
    _, hub = served(grown(cards), faces)
    try:
        for name, size in VIEWPORTS.items():
            page = phone(mobile, hub, size, cards)
            seen = page.evaluate(MEASURE)
            assert low_contrast(page) == [], name
            if shots is not None:
                page.screenshot(path=str(shots / f"hand-{cards:02d}-{name}.png"))
            page.close()
            check_hand(seen, size, cards, name)
    finally:
        hub.close()


def check_hand(seen: dict[str, Any], size: tuple[int, int], cards: int, name: str) -> None:
    """No scrolling; every card's uncovered part on the screen, a finger big, and the card
    found under it; the playable cards ringed in gold and the others dimmed (it is the seat's
    turn)."""
    assert seen["scrollX"] <= seen["width"] and seen["scrollY"] <= seen["height"], name
    assert (seen["width"], seen["height"]) == size
    assert len(seen["cards"]) == cards
    for i, card in enumerate(seen["cards"]):
        where = f"{name}: card {i + 1} of {cards} {card}"
        assert card["left"] >= 0 and card["top"] >= 0, where
        assert card["right"] <= size[0] and card["bottom"] <= size[1], where
        assert card["right"] - card["left"] >= FINGER, where
        assert card["bottom"] - card["top"] >= FINGER, where
        assert all(card["hits"]), where
        assert card["ringed"] == card["legal"] and card["dimmed"] != card["legal"], where
    assert any(c["legal"] for c in seen["cards"])


def test_turning_the_phone_lays_the_hand_out_again(
    mobile: Any, faces: dict[str, bytes], shots: Path | None
) -> None:
    _, hub = served(grown(15), faces)
    try:
        page = phone(mobile, hub, VIEWPORTS["portrait-390"], 15)
        for size in (VIEWPORTS["landscape-844"], VIEWPORTS["portrait-360"]):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.wait_for_timeout(200)  # the resize observer's turn
            check_hand(page.evaluate(MEASURE), size, 15, f"turned to {size}")
        if shots is not None:
            page.screenshot(path=str(shots / "turned-15-360.png"))
        page.close()
    finally:
        hub.close()


def test_a_drawn_card_is_played_with_its_button(
    mobile: Any, faces: dict[str, bytes], shots: Path | None
) -> None:
    hands = [["R1", "R2", "G3", "Y4", "G6", "R8", "Y9"], ["G1", "G2", "Y3", "R4", "R6", "Y8", "G9"]]
    game = new_game(hands, "B5", ["B7"])
    game.apply(Draw(0))
    drawn = game.hands[0][-1]
    assert game.phase is Phase.DRAWN and drawn.code == "B7"
    match, hub = served(game, faces)
    try:
        for name, size in VIEWPORTS.items():
            page = phone(mobile, hub, size, 8)
            button = page.locator('[data-action="play-drawn"]')
            assert button.is_visible(), name
            assert button.inner_text() == "Play it"
            assert page.locator('[data-action="keep"]').is_visible()
            assert page.locator('#hand [data-drawn="true"]').get_attribute("data-card") == "Blue 7"
            assert page.locator("#prompt").inner_text() == "You drew Blue 7: play it, or keep it."
            assert low_contrast(page) == []
            if shots is not None:
                page.screenshot(path=str(shots / f"drawn-{name}.png"))
            if name == "landscape-844":
                break  # this phone plays the card
            page.close()
        page.locator('[data-action="play-drawn"]').tap()
        until(lambda: match.game.actions[-1] == Play(0, drawn), hub, page, "the play")
        until(lambda: page.locator("#hand [data-card]").count() == 7, hub, page, "7 cards")
        page.close()
    finally:
        hub.close()


def challenged(bluff: bool) -> Game:
    """Seat 1 has just played a Wild Draw Four at seat 0 (a bluff: it held a red card)."""
    maria = ["Y1", "Y2", "G3", "B4", "G6", "Y8", "B9"]
    ana = ["W+4", "G1", "B2", "R3" if bluff else "Y3", "G4", "B6", "Y6"]
    game = new_game([maria, ana], ["R5"], ["G7", "B7", "G8", "B8", "Y7", "Y5"], dealer=0)
    game.apply(Play(1, next(c for c in game.hands[1] if c.code == "W+4")))
    game.apply(ChooseColor(1, Color.BLUE))
    return game


@pytest.mark.parametrize("bluff", [False, True], ids=["legal", "bluff"])
def test_a_challenge_says_its_risk_and_shows_what_it_found(
    mobile: Any, faces: dict[str, bytes], shots: Path | None, bluff: bool
) -> None:
    game = challenged(bluff)
    assert {type(a) for a in game.legal_actions()} >= {Challenge, Accept}
    match, hub = served(game, faces)
    try:
        page = phone(mobile, hub, VIEWPORTS["portrait-390"], 7)
        button = page.locator('[data-action="challenge"]')
        assert button.inner_text() == "Challenge: risk 6 cards"
        assert "risk 6 cards" in page.locator("#prompt").inner_text()
        assert low_contrast(page) == []
        if shots is not None and not bluff:
            page.screenshot(path=str(shots / "challenge-prompt-390.png"))
        before = len(match.game.hands[0]), len(match.game.hands[1])
        button.tap()
        until(lambda: page.locator("#reveal").is_visible(), hub, page, "the result")
        after = len(match.game.hands[0]), len(match.game.hands[1])
        text = page.locator("#reveal-text").inner_text()
        if bluff:
            assert after[1] - before[1] == 4  # the bluffer draws 4, as the result says
            assert text == "You challenged Ana: it was a bluff, Ana draws 4 cards."
        else:
            assert after[0] - before[0] == 6  # the risk the button named, measured
            assert text == "You challenged Ana: Ana's Wild Draw Four was legal, you draw 6 cards."
        # The challenger is shown the challenged hand (the official rule).
        shown = page.locator("#reveal-hand img")
        assert shown.count() == len(match.game.hands[1]) - (4 if bluff else 0)
        assert low_contrast(page) == []
        if shots is not None:
            kind = "bluff" if bluff else "legal"
            page.screenshot(path=str(shots / f"challenge-result-{kind}.png"))
        page.locator("#reveal-ok").tap()
        assert not page.locator("#reveal").is_visible()
        page.close()
    finally:
        hub.close()


def test_the_round_end_is_one_table_and_the_match_end_replaces_it(
    mobile: Any, faces: dict[str, bytes], shots: Path | None
) -> None:
    hands = [["R1", "G2"], ["G1", "Y3"]]
    game = new_game(hands, "R5", ["G4", "B7"])
    game.apply(Play(0, game.hands[0][0]))
    match, hub = served(game, faces)
    try:
        page = phone(mobile, hub, VIEWPORTS["portrait-360"], 1)
        match.submit(1, Play(1, match.game.hands[1][0]))  # Ana plays Green 1
        page.locator('#hand [data-legal="true"]').first.tap()  # Maria's last card: Green 2
        until(lambda: page.locator("#over").is_visible(), hub, page, "the round's end")
        headers = page.locator("#over-table th").all_inner_texts()
        assert headers == ["Player", "Left in hand", "Won", "Total"]
        rows = [r.split("\t") for r in page.locator("#over-rows tr").all_inner_texts()]
        none = "\u2013"  # an en dash: the winner has no cards left
        assert rows == [["Maria (you)", none, "+3", "3"], ["Ana", "3", "0", "0"]]
        # The fair deal: the round's reveal in the lines the scoring screen draws, and the
        # badge with the commitment the table's badge shows (tests/test_fair_deal_shown.py).
        fair = public(match.game.log, hub.narrators[0].note)
        assert fair is not None and fair["reveal"]
        shown = page.locator("#over-fair").text_content() or ""
        assert shown.split("\n") == [deck["text"] for deck in fair["reveal"]]
        assert shown.startswith("Deck revealed: it matches its seal ")
        # "SHA-256" on one line each time: a narrow phone broke the formula at its hyphen.
        names = page.locator("#over-fair .nowrap")
        assert names.count() == len(fair["reveal"]) and names.all_text_contents()[0] == "SHA-256"
        assert page.evaluate(
            "[...document.querySelectorAll('#over-fair .nowrap')]"
            ".every((s) => s.getClientRects().length === 1)"
        )
        assert page.locator("#fair").text_content() == f"Fair deal  {fair['short']}"
        assert low_contrast(page) == []
        if shots is not None:
            page.screenshot(path=str(shots / "round-end-360.png"))
        hub.close("The match is over. Thanks for playing!")
        gone = page.locator("#gone")
        gone.wait_for(state="visible", timeout=STEPS * STEP_S * 1000)  # waited on in the page
        assert gone.is_visible()
        assert not page.locator("#over").is_visible()  # one overlay: the latest
        assert low_contrast(page) == []
        if shots is not None:
            page.screenshot(path=str(shots / "match-closed-360.png"))
        page.close()
    finally:
        hub.close()


def test_every_text_reads_on_its_background(
    mobile: Any, faces: dict[str, bytes], shots: Path | None
) -> None:
    """UNO's big button, a refusal's toast, the four colour buttons: each at 4.5:1 or more."""
    game = new_game([["W", "Y3"], ["G1", "Y4"]], "R5", ["G4"])
    match, hub = served(game, faces)
    try:
        page = phone(mobile, hub, VIEWPORTS["portrait-390"], 2)
        assert page.locator('[data-action="uno"]').is_visible()
        page.locator('#hand [data-legal="false"]').tap()  # Yellow 3 cannot be played: a toast
        assert page.locator("#toast").is_visible()
        assert low_contrast(page) == []
        if shots is not None:
            page.screenshot(path=str(shots / "uno-and-toast-390.png"))
        page.locator('#hand [data-legal="true"]').tap()  # the Wild: name a colour
        until(lambda: page.locator('[data-action="color-red"]').count() == 1, hub, page, "colours")
        assert match.game.phase is Phase.COLOR
        assert low_contrast(page) == []
        if shots is not None:
            page.screenshot(path=str(shots / "colours-390.png"))
        page.close()
    finally:
        hub.close()
