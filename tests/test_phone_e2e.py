"""End to end: two phone pages in a real browser play a whole round against two AIs.

The program is started as the issue's contract says (``python -m scenes --players 4 --phones 2
--seed 7 --rounds 1 --host 127.0.0.1 --port 0``, headless); it prints each phone seat's address.
The session's chromium (tests/browser.py) opens both addresses as two phones and plays them
like a person would: a lifted card when it is their turn, else the button the moment asks for,
UNO whenever it shows. The round
must end with the program's result line and exit code 0. Screenshots of both phones go to
``PHONE_SHOTS`` when it names a folder (to look at them).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

import pytest

from tests.browser import no_browser

# The program's --speed: its animations and the AIs' pauses at a test's pace, not a person's.
PACE = "0"
# The whole round takes well under a minute at the test pace; this bounds a stuck one.
ROUND_LIMIT_S = 420.0
# Where a finger taps a card: inside the corner every layout of the hand leaves uncovered.
CORNER = {"x": 14.0, "y": 20.0}
# Which button a phone person presses when no card is theirs to play, in this order.
PREFERENCE = (
    "color-",
    "race",
    "swap-",
    "rule-",
    "effect-",
    "effects-done",
    "keep",
    "accept",
    "draw",
    "challenge",
)


pytestmark = [
    pytest.mark.bare_app,
    pytest.mark.browser,
    pytest.mark.skipif(bool(no_browser()), reason=no_browser() or "-"),
]


def read_line(stream: IO[str], deadline: float) -> str:
    """One line of the program's output; fails at the deadline rather than hanging."""
    line = stream.readline()
    if not line and time.monotonic() > deadline:
        pytest.fail("the program printed nothing in time")
    return line


def test_two_phones_play_a_round_against_two_ais(tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import Page

    home = tmp_path / "home"
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"),
    }
    command = [sys.executable, "-m", "scenes", "--players", "4", "--phones", "2", "--seed", "7"]
    command += ["--rounds", "1", "--host", "127.0.0.1", "--port", "0", "--speed", PACE]
    root = Path(__file__).resolve().parent.parent
    program = subprocess.Popen(
        command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    shots = Path(os.environ["PHONE_SHOTS"]) if os.environ.get("PHONE_SHOTS") else None
    try:
        assert program.stdout is not None
        deadline = time.monotonic() + 60
        seats = [json.loads(read_line(program.stdout, deadline)) for _ in range(2)]
        assert [s["seat"] for s in seats] == [0, 1]
        assert all(s["url"].startswith("http://127.0.0.1:") for s in seats)
        phones: list[Page] = []
        for seat in seats:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.add_init_script(script=WATCH)
            page = context.new_page()
            page.set_default_timeout(5000)
            page.goto(seat["url"])
            phones.append(page)
        result = play(program, phones, shots)
        for page in phones:
            page.context.close()
        assert program.wait(timeout=30) == 0
    finally:
        if program.poll() is None:
            program.kill()
            program.wait(timeout=10)
    assert result["winner"] in range(4)
    assert len(result["scores"]) == 4
    assert result["scores"][result["winner"]] > 0


def play(program: subprocess.Popen[str], phones: list[Any], shots: Path | None) -> dict[str, Any]:
    """Tap through the round on both phones until the program prints its result."""
    assert program.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    stdout = program.stdout

    def pipe() -> None:
        for line in stdout:
            lines.put(line)

    threading.Thread(target=pipe, daemon=True).start()
    deadline = time.monotonic() + ROUND_LIMIT_S
    taps = 0
    for _ in range(20_000):  # each look ends on a change of the page, or after CHANGE_S
        if time.monotonic() >= deadline:
            break
        with contextlib.suppress(queue.Empty):
            return dict(json.loads(lines.get_nowait()))
        if program.poll() is not None and lines.empty():
            stderr = program.stderr.read() if program.stderr else ""
            pytest.fail(f"the program ended without a result: {program.returncode}\n{stderr}")
        watched, seen = phones[0], 0
        for seat, page in enumerate(phones):
            look = page.evaluate(LOOK, PREFERENCE)
            if seat == 0:
                seen = look["changes"]
            if look["pick"] is None or not click(page, look["pick"], look["corner"]):
                continue
            taps += 1
            watched, seen = page, page.evaluate(CHANGES)  # its answer is on the way
            if shots is not None and taps in (3, 30, 60):
                shots.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shots / f"phone{seat}-tap{taps}.png"))
        # Every move is sent to both phones: the next look comes when the page changes (a
        # move, a tap's answer), not on a clock; CHANGE_S bounds a wait for a change that
        # shows only on the other phone. The page wakes the wait itself (no polling).
        watched.evaluate(CHANGE, [seen, CHANGE_S * 1000])
    pytest.fail(f"the round did not end in {ROUND_LIMIT_S:.0f} s ({taps} taps)")


# Counts the page's changes (its DOM, from the first script on) and wakes the test's wait on one.
WATCH = """
window.__changes = 0;
window.__waiting = [];
new MutationObserver(() => {
  window.__changes += 1;
  for (const wake of window.__waiting.splice(0)) wake(true);
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""
CHANGES = "() => window.__changes"
# True as soon as the page has changed since ``seen``; false after ``ms`` without a change.
CHANGE = """([seen, ms]) => new Promise((done) => {
  if (window.__changes > seen) return done(true);
  window.__waiting.push(done);
  setTimeout(() => done(false), ms);
})"""
CHANGE_S = 0.3

# What a person does on their phone now, worked out in the page in one look: a challenge's
# result read, UNO called whenever it shows, and at their turn a playable card (tapped at its
# top-left corner: big hands overlap the rest) or else the button the moment asks for, in the
# order of PREFERENCE. Each is the first element its selector finds, if that one is visible.
LOOK = """(preference) => {
  const visible = (selector) => {
    const found = document.querySelector(selector);
    if (found === null) return null;
    const box = found.getBoundingClientRect();
    const hidden = getComputedStyle(found).visibility === 'hidden';
    return box.width > 0 && box.height > 0 && !hidden ? selector : null;
  };
  const changes = window.__changes;
  let pick = visible('#reveal-ok') || visible('[data-action="uno"]');
  if (pick !== null || document.body.dataset.turn !== 'true') {
    return { changes, pick, corner: false };
  }
  pick = visible('[data-card][data-legal="true"]');
  if (pick !== null) return { changes, pick, corner: true };
  for (const prefix of preference) {
    pick = visible(`[data-action^="${prefix}"]`);
    if (pick !== null) break;
  }
  return { changes, pick, corner: false };
}"""


def click(page: Any, selector: str, corner: bool) -> bool:
    """Tap the first element ``selector`` finds (where a card shows, if ``corner``); False if the
    page redrew under the finger."""
    try:
        page.locator(selector).first.click(timeout=1500, position=CORNER if corner else None)
    except Exception as error:  # playwright's Error: the page redrew under the finger
        if "Timeout" in str(error) or "detached" in str(error) or "not attached" in str(error):
            return False
        raise
    return True
