"""Every test runs with the user's folders (settings, saves, logs) inside a temporary folder, so
the suite never reads or writes the real ones; and every App a test makes opens screens the way
the game does, through the composition root."""

from __future__ import annotations

import gc
import importlib.util
import itertools
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

# The session's one chromium (the ``browser`` fixture of the tests that drive a page).
pytest_plugins = ("tests.browser",)
# A test marked so gets the App exactly as constructed (``go`` without a builder fails).
BARE_APP = "bare_app"
# The seed of the generator new deals come from in every test (``fixed_deals``).
DEAL_SEED = 38


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"{BARE_APP}: App is not given the game's screen builder")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that drives a browser or starts another process is slow too: ``make test-quick``
    (``-m "not slow"``) leaves it out without each such test saying so twice."""
    for item in items:
        if item.get_closest_marker("browser") or item.get_closest_marker("subprocess"):
            item.add_marker(pytest.mark.slow)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What is alive once the tests are collected (every module, every collected item) lives
    to the end: frozen, the garbage collector's full passes (the game's own after each change
    of screen, in an autoplay test) stop walking all of it again, as they do not in the game,
    whose heap is a small part of the suite's. Garbage made by the tests is collected as
    before."""
    gc.collect()
    gc.freeze()


# Between tests, every so many: what the earlier tests left alive (the caches, pytest's reports)
# is frozen too, once its garbage is collected. The full passes in and between the tests had
# come to walk 60,000 objects each (45 ms, 87 of them in a run).
FREEZE_EVERY = 100
_tests_run = itertools.count(1)


@pytest.fixture(autouse=True)
def long_lived_frozen() -> None:
    if next(_tests_run) % FREEZE_EVERY == 0:
        gc.collect()
        gc.freeze()


# The number of the next test's user folder: ``mktemp`` numbers folders by listing the ones
# made so far, once per test, a cost that grew with every test (a second over the suite).
_user_numbers = itertools.count()


@pytest.fixture(autouse=True)
def user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own user folders, made by the game when it first writes there, as on a new
    computer. Most tests write nothing: a folder made for each, and removed by pytest two runs
    later, cost 0.75 CPU-s a thousand tests."""
    home = tmp_path_factory.getbasetemp() / f"user{next(_user_numbers)}"
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    return home


@pytest.fixture(autouse=True)
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """New deals (``game.match.fresh_seed``: Quick game, a new game from the setup screen) come
    from a seeded generator, not the system's entropy: a test that starts a game plays the
    same deals on every run, so it cannot pass or fail by the luck of the deal."""
    import game.match

    monkeypatch.setattr(game.match, "ENTROPY", random.Random(DEAL_SEED))


@pytest.fixture(autouse=True)
def no_log_left() -> Iterator[None]:
    """A test that starts the program in-process (``scenes.__main__.main``) sets the log up in
    its temporary folder: undone after it, so no later test writes there."""
    yield
    if importlib.util.find_spec("scenes") is not None:
        from scenes.store.logs import shutdown_logging

        shutdown_logging()


@pytest.fixture(autouse=True)
def real_screens(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """An App made without a builder gets the game's (``scenes.composition.build_screen``).

    The suite makes ``App(Settings(...), headless=True)`` in many files and clicks through
    screens that open others by route; the program passes the builder in ``scenes.__main__``,
    and here every such App gets the same one. Where the scenes are not there at all (mutmut
    copies only ``game`` and the engine's tests), there is no App to give one to."""
    if request.node.get_closest_marker(BARE_APP) is not None:
        return
    if importlib.util.find_spec("scenes") is None:
        return
    from scenes.app import App
    from scenes.composition import build_screen

    made = App.__post_init__

    def with_screens(app: App) -> None:
        if app.builder is None:
            app.builder = build_screen
        made(app)

    monkeypatch.setattr(App, "__post_init__", with_screens)


@pytest.fixture
def new_app() -> Callable[..., object]:
    """Makes a headless App with the game's builder, given explicitly: ``new_app(settings)``."""
    from scenes.app import App
    from scenes.composition import build_screen
    from scenes.store.settings import Settings

    def make(settings: Settings | None = None) -> App:
        return App(settings or Settings(), headless=True, builder=build_screen)

    return make


@pytest.fixture(autouse=True)
def language_switch(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test ends with the screen in English, whatever language it switched to (Settings'
    Language row, clicked by a test or the input storm)."""
    if importlib.util.find_spec("scenes") is None:
        yield
        return
    from game import i18n
    from scenes.ui import forget_text

    yield
    if i18n.active().code != i18n.ENGLISH:
        i18n.use(i18n.ENGLISH)
        forget_text()
