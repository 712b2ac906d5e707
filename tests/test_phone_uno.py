"""The phone page's UNO! moment (issue 41): when the phone's own seat calls UNO, a big "UNO!"
flashes over its page and goes; a state that only repeats an earlier call flashes nothing; with
Reduced motion (the phone's own setting) the word stands still instead of popping.

The real page (assets/web) in Debian's chromium, its files served by Playwright's routing for a
127.0.0.1 address and its socket replaced by a stand-in the test hands states to: no server,
no network.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser import no_browser

WEB = Path(__file__).resolve().parent.parent / "assets" / "web"
PAGE = "http://127.0.0.1:9/p/token/"
TIMEOUT_MS = 5000
WORDS = {"language": "en", "lang": "en", "words": {}, "plurals": {}}
# The page's socket: the test calls window.__push(state) to deliver a message.
SOCKET = """
window.__sockets = [];
window.WebSocket = class {
  constructor(url) { this.url = url; this.readyState = 1; window.__sockets.push(this); }
  send(data) {}
  close() {}
};
window.__push = (m) => window.__sockets[0].onmessage({ data: JSON.stringify(m) });
"""

pytestmark = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.skipif(bool(no_browser()), reason=no_browser() or "browser"),
]


def state(uno: bool) -> dict[str, Any]:
    """A state for seat "You" with Ana; ``uno``: You has called UNO."""
    players = [
        {"name": "You", "cards": 1, "turn": False, "you": True, "uno": uno},
        {"name": "Ana", "cards": 5, "turn": True, "you": False, "uno": False},
    ]
    return {
        "type": "state",
        "turn": False,
        "prompt": "Ana plays",
        "buttons": [],
        "hand": [],
        "drawn": None,
        "log": ["You call UNO!"] if uno else [],
        "table": {"top": None, "color": "red", "players": players, "house_rules": []},
        "challenge": None,
        "over": None,
        "buzz": False,
    }


def serve(route: Any) -> None:
    """The page's files from assets/web; words.json in English."""
    url = route.request.url
    if url.endswith("words.json"):
        route.fulfill(status=200, content_type="application/json", body=json.dumps(WORDS))
        return
    name = url.rsplit("/", 1)[-1].split("?")[0] or "index.html"
    found = WEB / name
    if not found.is_file():
        route.fulfill(status=404, body="")
        return
    kinds = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
    route.fulfill(
        status=200, content_type=kinds.get(found.suffix, "image/png"), body=found.read_bytes()
    )


def open_page(browser: Any, motion: str = "no-preference") -> Any:
    page = browser.new_page(viewport={"width": 390, "height": 800}, reduced_motion=motion)
    page.set_default_timeout(TIMEOUT_MS)
    page.route("**/*", serve)
    page.add_init_script(SOCKET)
    page.goto(PAGE)
    page.wait_for_function("!!(window.__sockets.length && window.__sockets[0].onmessage)")
    return page


def flashing(page: Any) -> bool:
    return bool(
        page.evaluate(
            "(() => { const b = document.getElementById('uno-flash');"
            " return !!b && b.classList.contains('on'); })()"
        )
    )


def test_the_phones_own_uno_call_flashes_and_goes(browser: Any) -> None:
    page = open_page(browser)
    page.evaluate("s => window.__push(s)", state(uno=False))
    assert not flashing(page)
    page.evaluate("s => window.__push(s)", state(uno=True))
    assert flashing(page)
    assert page.inner_text("#uno-flash") == "UNO!"
    # Its short time, then gone (bounded by the wait's own timeout).
    page.wait_for_function("!document.getElementById('uno-flash').classList.contains('on')")
    # The same call again (the next state, the words coming): nothing new.
    page.evaluate("s => window.__push(s)", state(uno=True))
    assert not flashing(page)


def test_a_call_already_made_before_the_page_came_flashes_nothing(browser: Any) -> None:
    page = open_page(browser)
    page.evaluate("s => window.__push(s)", state(uno=True))
    assert not flashing(page)


@pytest.mark.parametrize(
    ("motion", "animation", "pulse"),
    [("reduce", "uno-still", "none"), ("no-preference", "uno-flash", "pulse")],
)
def test_reduced_motion_shows_the_word_still(
    browser: Any, motion: str, animation: str, pulse: str
) -> None:
    page = open_page(browser, motion)
    button = {"action": "uno", "label": "UNO!", "send": {"type": "call_uno"}, "big": True}
    page.evaluate("s => window.__push(s)", {**state(uno=False), "buttons": [button]})
    # The UNO! button pulses to be seen, but not for a person who asked for less motion.
    shown = page.evaluate(
        "getComputedStyle(document.querySelector('#buttons button.big')).animationName"
    )
    assert shown == pulse
    page.evaluate("s => window.__push(s)", state(uno=True))
    shown = page.evaluate("getComputedStyle(document.getElementById('uno-flash')).animationName")
    assert shown == animation
