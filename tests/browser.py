"""One chromium for the whole test session, shared by every test that drives a browser.

Debian's chromium, driven by Playwright through ``executable_path`` (never a downloaded
browser), is launched the first time a test asks for ``browser`` and closed when the session
ends: each file used to launch its own (and ``test_phone_uno`` one per test), and a launch costs
more CPU than most of the pages a test opens. The tests stay independent: each opens its own
browser contexts (cookies, storage, viewport, locale, init scripts are a context's), and any it
leaves open are closed after it.

Playwright's sync API marks its event loop as running in the main thread between its calls
(``playwright._impl._greenlets.wait_for_future``), which would make every later ``asyncio.run``
and pytest-asyncio test of the session fail with "another loop is running". The mark is set
only while a test holds the browser and taken off after it.
"""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

# Debian's headless build of the same chromium (package chromium-headless-shell, the same
# release and Blink as the chromium package) where it is installed: without the browser's own
# window code it does the same pages for about a fifth less CPU (docs/BENCHMARKS.md, fifth
# pass). The full chromium otherwise.
CHROMIUM = (
    shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium"
)
# Chromium without its background work (updates, sync, first-run pages, the GPU process): the
# tests pay only for the pages they drive.
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
ARGS += ["--disable-component-update", "--disable-sync"]
# Without a window, each new context still had its address bar's popup made ready, two pages of
# chrome://omnibox-popup.top-chrome in a renderer of their own (half a CPU-second a context).
# Chromium adds these to Playwright's own --disable-features, it does not replace them.
ARGS += ["--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"]


def no_browser() -> str:
    """Why a browser test cannot run here ("" when it can)."""
    if not Path(CHROMIUM).exists():
        return (
            "Debian's chromium is not installed "
            "(apt-get install chromium-headless-shell, or chromium): no browser"
        )
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    return ""


@dataclass
class Session:
    """The session's Playwright driver, its browser and the event loop its calls run on."""

    driver: Any
    browser: Any
    loop: asyncio.AbstractEventLoop
    closed: bool = False

    def held(self) -> None:
        """Playwright's calls find their loop running, as between its own calls."""
        asyncio._set_running_loop(self.loop)

    def put_down(self) -> None:
        """The main thread free for other event loops until the next test holds the browser."""
        asyncio._set_running_loop(None)

    def close(self) -> None:
        """The browser and its driver ended (once): their processes are reaped here, so their
        CPU counts for the test that closes them, not for whichever test runs last."""
        if self.closed:
            return
        self.closed = True
        self.held()
        try:
            self.browser.close()
        finally:
            self.driver.stop()
            self.put_down()


@pytest.fixture(scope="session")
def browser_session() -> Iterator[Session]:
    from playwright.sync_api import sync_playwright

    driver = sync_playwright().start()
    try:
        launched = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    except BaseException:
        driver.stop()
        asyncio._set_running_loop(None)
        raise
    session = Session(driver, launched, asyncio.get_running_loop())
    session.put_down()
    yield session
    session.close()


def _browser_later(request: pytest.FixtureRequest) -> bool:
    """Whether a test after this one in the session's run asks for the browser."""
    items = request.session.items
    here = items.index(request.node) if request.node in items else len(items)
    return any("browser" in getattr(item, "fixturenames", ()) for item in items[here + 1 :])


@pytest.fixture
def browser(browser_session: Session, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The session's chromium, for one test; the contexts it opened are closed after it, and
    the browser itself after the last test of the run that asks for it."""
    browser_session.held()
    try:
        yield browser_session.browser
        for context in browser_session.browser.contexts:
            context.close()
    finally:
        browser_session.put_down()
    if not _browser_later(request):
        browser_session.close()
