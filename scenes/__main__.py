"""Start the game: ``python -m scenes``; ``--autoplay`` watches an AI-only match.

``python -m scenes --players 4 --phones 2 --seed 7 --rounds 1 --host 127.0.0.1 --port 0``
starts a match at once whose first seats are played from phones (the rest Normal AIs): it prints
one JSON line per phone seat with its address, ``{"seat": 0, "url": ...}``, and when the round
ends ``{"winner": N, "scores": [...]}``, then exits 0 (the end-to-end test plays it in a browser).

``python -m scenes --autoplay --players 4 --seed 1 --rounds 3 --speed 0`` plays the match in the
real scenes (table, presenter, scoring) and prints the result; with ``SDL_VIDEODRIVER=dummy``
and speed 0 it finishes in seconds, which is how tests and CI prove the program plays.

The app is given the composition root (``scenes.composition.build_screen``) and every screen,
the first one included, is opened by a route: this module imports no screen.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from game import __version__, engine, i18n
from game.ai import Level
from game.events import RoundEnded
from game.match import AI_NAMES, Match, MatchEvent, MatchSetup, Seat, SeatKind, ai_table
from game.rules import Preset, RulesError, preset
from scenes.crash import guarded
from scenes.routes import Network, Table, Title
from scenes.store.logs import LEVELS, setup_logging
from scenes.store.saves import SaveError, load_match

if TYPE_CHECKING:
    # Imported for real inside main: pygame loads after its support prompt is hidden, and a
    # failing import is caught and shown by ``run``.
    from game.engine import Game
    from game.phones.hub import PhoneHub
    from scenes.app import App, Scene
    from scenes.ui import Menu


def program_name() -> str:
    """What the usage line calls the program: the packaged program's own name, or how a
    developer starts it."""
    if getattr(sys, "frozen", False):
        return Path(sys.argv[0]).stem or "OneMoreCard"
    return "python -m scenes"


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=program_name(), description=__doc__)
    parser.add_argument("--autoplay", action="store_true", help="AI-only match, then exit")
    parser.add_argument("--players", type=int, default=4, help="2 to 10 (autoplay)")
    parser.add_argument("--seed", type=int, default=1, help="the deal's seed (autoplay)")
    parser.add_argument("--rounds", type=int, default=None, help="stop after R rounds")
    parser.add_argument("--speed", type=float, default=1.0, help="animation speed, 0 instant")
    parser.add_argument(
        "--level", choices=[lv.value for lv in Level], default="hard", help="AI level (autoplay)"
    )
    parser.add_argument(
        "--preset", choices=[p.value for p in Preset], default="classic", help="rules (autoplay)"
    )
    parser.add_argument(
        "--phones", type=int, default=0, help="start at once with this many phone seats first"
    )
    parser.add_argument("--host", default=None, help="phones: the address to listen on")
    parser.add_argument("--port", type=int, default=None, help="phones: the port (0: any free)")
    parser.add_argument(
        "--first-frame",
        action="store_true",
        help="draw the title screen once, print 'first frame' and exit (start-up benchmark)",
    )
    parser.add_argument(
        "--autosave",
        action="store_true",
        help="autoplay and --phones: save after every action, like a game",
    )
    parser.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="continue the saved match at once (its phone seats print new addresses, as with"
        " --phones)",
    )
    parser.add_argument(
        "--check-files",
        action="store_true",
        help="open the title screen, Statistics and Continue once each, print what the player is"
        " told about their files, and exit (python -m tools.check_damaged_files runs this)",
    )
    parser.add_argument(
        "--lang",
        choices=[*i18n.CODES, i18n.PSEUDO],
        default=None,
        help="the screen's language for this run (not saved; qps: the test pseudo-locale)",
    )
    parser.add_argument(
        "--log-level",
        choices=LEVELS,
        default="info",
        help="what the log file keeps (scenes.store.logs; About shows where it is)",
    )
    # Which engine runs (the packaged program ships the compiled one when it was built).
    built = "compiled" if (engine.__file__ or "").endswith((".so", ".pyd")) else "plain Python"
    parser.add_argument(
        "--version", action="version", version=f"One More Card {__version__} ({built} engine)"
    )
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 10:
        parser.error("--players must be 2 to 10")
    if not math.isfinite(args.speed) or args.speed < 0:
        # nan passes "< 0", and an endless match would never end autoplay.
        parser.error("--speed must be a number, 0 or more (0: instant)")
    if args.rounds is not None and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if not 0 <= args.phones <= args.players:
        parser.error("--phones must be 0 to the number of players")
    if args.port is not None and not 0 <= args.port <= 65535:
        parser.error("--port must be 0 to 65535")
    if args.host is not None and not args.host.strip():
        parser.error("--host must name an address, such as 127.0.0.1 (leave it out for every one)")
    if (args.host is not None or args.port is not None) and not (args.phones or args.resume):
        # Only a phone match started here reads them; a match set up on screen does not.
        parser.error("--host and --port are for a phone match: give --phones or --continue too")
    return args


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args = parse(argv)
    setup_logging(args.log_level)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # pygame and every screen are imported here, inside the crash guard (``run``): a broken
    # install is told to the player, and the environment above is set before pygame reads it.
    import pygame  # noqa: PLC0415

    from scenes.app import App, find_catalogs, start_language, use_language  # noqa: PLC0415
    from scenes.art import draw_ahead  # noqa: PLC0415
    from scenes.composition import build_screen  # noqa: PLC0415
    from scenes.sound import quiet_alsa  # noqa: PLC0415
    from scenes.store.keys import key_table  # noqa: PLC0415
    from scenes.store.settings import (  # noqa: PLC0415
        Settings,
        load_settings,
        stored_language,
    )
    from scenes.store.userdata import remove_stale_temporaries  # noqa: PLC0415

    # pygame.init() opens the mixer too: without a sound card ALSA would print its probe's
    # errors; the sound board says it in one line (scenes.sound.open_mixer).
    with quiet_alsa():
        pygame.init()
    # Before anything is written: what a killed write left behind is of no use to anyone.
    remove_stale_temporaries()
    notice = None
    if args.autoplay or args.phones:
        # Autoplay and a phone match from the command line are for watching and testing: they
        # neither read nor change your settings.
        settings = Settings(animation_speed=args.speed)
        settings.ai_pace = 0.0 if args.speed == 0 else 1.0 / max(args.speed, 0.25)
    # The first start follows the system's language; --lang overrides the setting, unsaved.
    # The file check is a developer's tool that reads the messages in English (unless --lang).
    find_catalogs()
    override = args.lang or ("en" if args.check_files else None)
    if not (args.autoplay or args.phones):
        # The language is read from the settings file before the file is loaded, so that what
        # loading has to say about a damaged file is said in the player's language.
        use_language(start_language(Settings(language=stored_language()), override))
        settings, notice = load_settings(keys=key_table(pygame.key.key_code, pygame.key.name))
    use_language(start_language(settings, override))
    app = App(settings, builder=build_screen)
    if args.autoplay:
        return autoplay(app, args, started)
    if args.phones:
        return phone_match(app, args)
    if args.resume:
        return continue_match(app, args)
    title = app.go(Title(notice or ""))
    # The title and setup screens' spare time draws a face of every rank and color, so that a
    # table's first faces come quickly (scenes.art.draw_ahead).
    app.add_idle(draw_ahead(app.media.art))
    if args.check_files:
        return check_files(app, title)
    if args.first_frame:
        app.step(0.0, [])
        pygame.display.flip()
        print("first frame", flush=True)
        return 0
    return app.run()


@runtime_checkable
class Menued(Protocol):
    """What the file check reads of the title screen: its messages and its buttons."""

    notice: str
    menu: Menu


def check_files(app: App, title: Scene) -> int:
    """Visit, as a player would, every screen that reads a user file: the title (settings and
    the save), Statistics, then Continue; draw each and print every message shown (``told:``)."""
    assert isinstance(title, Menued)
    told: list[str] = []

    def frames(count: int) -> None:
        for _ in range(count):
            app.step(1 / 60, [])
            for message in (title.notice, getattr(app.top, "problem", None)):
                if isinstance(message, str) and message and message not in told:
                    told.append(message)

    frames(2)
    labels = {button.label: button for button in title.menu.buttons}
    labels["Statistics"].on_click()
    frames(2)
    if app.top is not title:  # Statistics opened over the title: back, as the player would
        app.pop()
        frames(1)
    continued = "Continue" in labels
    if continued:
        labels["Continue"].on_click()
        frames(30)  # the table draws its seats, names and first moves
    for message in told:
        for paragraph in message.split("\n\n"):
            print(f"told: {' '.join(paragraph.split())}", flush=True)
    where = type(app.top).__name__ if app.top is not None else "nothing"
    print(f"continue: {'offered' if continued else 'not offered'}; on screen: {where}", flush=True)
    return 0


def autoplay(app: App, args: argparse.Namespace, started: float) -> int:

    try:
        rules = preset(args.preset)
        setup = ai_table(args.players, Level(args.level), args.seed, rules, args.rounds)
    except RulesError as error:
        print(f"cannot start: {error}", file=sys.stderr)
        return 2
    outcome: dict[str, Game] = {}

    def done(game: Game) -> None:
        outcome["game"] = game
        app.quit(0)

    app.go(Table(setup, autosave=args.autosave, autoplay=True, on_match_end=done))
    code = app.run()
    game = outcome.get("game")
    if game is None:
        print("autoplay stopped before the match ended", file=sys.stderr)
        return 1 if code == 0 else code
    names = [seat.name for seat in setup.seats]  # the names the table's log gave them
    scores = ", ".join(f"{names[s]} {game.scores[s]}" for s in range(game.players))
    print(f"rounds played: {game.round}")
    print(f"scores: {scores}")
    best = max(game.scores)
    winners = [names[s] for s in range(game.players) if game.scores[s] == best]
    print(f"leader: {' and '.join(winners)} ({'match over' if game.is_over else 'rounds done'})")
    print(f"actions: {len(game.actions)}  time: {time.perf_counter() - started:.2f} s")
    return code


class RoundPrinter:
    """Prints the first round's winner and scores as JSON, then ends the program."""

    def __init__(self, app: App) -> None:
        self.app = app

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        if ended is not None:
            print(json.dumps({"winner": ended.winner, "scores": list(ended.scores)}), flush=True)
            self.app.quit(0)


@runtime_checkable
class PhoneTable(Protocol):
    """What the phone match reads of the table: its match and its phones' addresses."""

    match: Match
    phones: PhoneHub | None


def phone_seats(players: int, phones: int) -> tuple[Seat, ...]:
    """The ``--phones`` match's seats: the first ``phones`` on phones, named in the screen's
    language ("Telefon 1"), the rest Normal AIs."""
    return tuple(
        Seat(i18n._("Phone {number}").format(number=i + 1), kind=SeatKind.PHONE)
        if i < phones
        else Seat(AI_NAMES[i], Level.NORMAL)
        for i in range(players)
    )


def phone_match(app: App, args: argparse.Namespace) -> int:
    """The first ``--phones`` seats on phones, the rest Normal AIs: print each phone seat's
    address, play one match's rounds (``--rounds``), print the first round's result."""
    try:
        rules = preset(args.preset)
    except RulesError as error:
        print(f"cannot start: {error}", file=sys.stderr)
        return 2
    setup = MatchSetup(rules, phone_seats(args.players, args.phones), args.seed, args.rounds)
    route = Table(setup, network=Network(args.host, args.port), autosave=args.autosave)
    return _run_phones(app, route)


def continue_match(app: App, args: argparse.Namespace) -> int:
    """The saved match, continued at once: its phone seats' new addresses are printed as for
    ``--phones`` (the SIGKILL test kills a phone match and continues it this way)."""
    try:
        setup, game = load_match()
    except SaveError as error:
        print(f"cannot continue: {error}", file=sys.stderr)
        return 2
    route = Table(setup, game=game, network=Network(args.host, args.port), autosave=True)
    return _run_phones(app, route)


def _run_phones(app: App, route: Table) -> int:
    table = app.go(route)
    assert isinstance(table, PhoneTable)
    if table.match.phones and table.phones is None:
        why = " ".join(toast.text for toast in app.toasts)  # what the table told the player
        print(f"cannot start: the phones' server did not open. {why}".strip(), file=sys.stderr)
        return 1
    hub = table.phones
    if hub is not None:
        for seat in hub.seats:
            print(json.dumps({"seat": seat, "url": hub.url(seat)}), flush=True)
    table.match.add_listener(RoundPrinter(app))
    return app.run()


def run() -> int:
    """The program's entry: ``main`` with crashes logged and shown."""
    return guarded(main)


if __name__ == "__main__":
    # The Expert's worker is a process started by spawn: in the packaged program that runs
    # this executable again, which must then be the worker and nothing else.
    multiprocessing.freeze_support()
    sys.exit(run())
