"""The program's window, frame loop and scene stack.

The game draws on a logical 1920x1080 surface; pygame's SCALED mode lets SDL scale it to the
resizable window (letterboxed) and maps the mouse back, so no scene ever sees window pixels.
Scenes are pushed, popped and replaced through requests applied at the end of the frame, so a
scene never disappears while its own ``handle`` or ``update`` is still running. Only the top
scene gets input; an overlay (``opaque = False``) is drawn over the scenes below it and may let
the scene below keep its clock running (``freezes_below = False``) so animations and AI
reactions carry on behind a prompt.

``notify`` shows a short message over whatever scene is on screen (a toast), for things no
scene is responsible for: a font or a layout file replaced by the built-in one, a key binding
that was reset.

Scenes do not build each other: ``app.go(route)`` asks the builder the app was given (the
composition root, ``scenes.composition.build_screen``) for the route's screen and pushes it. So
this module imports no screen, and neither does any screen. The media every screen shares (the
sound board and the card art cache) belong to the app: made once, on first use, so switching
screens never reloads sounds or redraws card faces, and they go with the app that made them.
"""

from __future__ import annotations

import contextlib
import ctypes
import enum
import gc
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Literal

import pygame

from game import i18n
from scenes.art import CardArt
from scenes.assets import AssetError, asset_path, asset_root, take_problems
from scenes.input import InputLayer, Intent
from scenes.routes import Route
from scenes.sound import Music, MusicPlayer, SoundBoard
from scenes.store.settings import Settings, save_settings
from scenes.ui import WHITE, draw_text, forget_text, new_layer, panel, set_large_text, wrap

LOGICAL_SIZE = (1920, 1080)
# The smallest window: the whole table stays visible, letterboxed, down to this size.
MIN_WINDOW = (640, 360)
# A dragged or stalled window must not make cards jump across the table in one frame.
MAX_DT_S = 0.1
FPS = 60
# The longest single piece of idle work (a card face drawn for the first time takes about
# 5 ms): idle work stops this long before the next frame is due. A full garbage collection
# after the screens changed can take longer (about 20 ms): it then delays one frame, at a
# moment when nothing moves much.
IDLE_PIECE_S = 0.006
# While the frame loop runs, garbage is collected at its pace (App.paced_collection): the young
# generations once this many objects were made (the collector's own default threshold).
YOUNG_COLLECT = 700
# A toast stays this long: two short sentences, read from across the room.
TOAST_S = 8.0
TOAST_TEXT = 26


class Scene:
    """A screen of the game. Every hook has an empty default."""

    opaque = True  # False: the scenes below are drawn first (an overlay)
    freezes_below = True  # False: the scene below keeps updating under this overlay
    music: Music | None = None  # None: the track of the scene below plays on

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was removed."""

    def handle(self, intent: Intent) -> None:
        """One input intent (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on the logical surface."""

    def relabel(self) -> None:
        """The language changed: rebuild any text made at construction."""


LOG = logging.getLogger("scenes")
# Where a system names its language, most specific first (POSIX: LC_ALL overrides LC_MESSAGES,
# which overrides LANG).
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def system_languages() -> list[str]:
    """The system's preferred languages, most wanted first: SDL's list (the desktop's
    preferences, on every platform), then the locale variables."""
    found: list[str] = []
    with contextlib.suppress(pygame.error, AttributeError):
        for locale in pygame.system.get_pref_locales():
            country = locale.get("country")
            found.append(f"{locale['language']}_{country}" if country else locale["language"])
    found.extend(os.environ[name] for name in LOCALE_VARIABLES if os.environ.get(name))
    return found


def start_language(settings: Settings, override: str | None = None) -> str:
    """The language to start in: the command line's, else the one chosen in Settings, else the
    system's when the game speaks it, else English."""
    if override:
        return override
    if settings.language:
        return settings.language
    return i18n.pick(system_languages())


def find_catalogs() -> None:
    """Read the catalogs from the assets (a packaged program's are not beside ``game``)."""
    i18n.set_catalog_dir(asset_root() / "locale")


def use_language(code: str) -> i18n.Tongue:
    """Speak ``code`` on screen from now on; a catalog that cannot be read leaves English and
    says why in the log (never a crash: the player still has a game, in English)."""
    try:
        i18n.load(code)
    except (i18n.MissingCatalog, ValueError) as error:
        if code != i18n.ENGLISH:
            LOG.warning("language %s: English instead (%s)", code, error)
    tongue = i18n.use(code)
    forget_text()  # every text was measured and drawn in the old language
    return tongue


@dataclass
class Toast:
    text: str
    left: float  # seconds still on screen


def draw_toast(surface: pygame.Surface, text: str) -> None:
    """A message in a panel at the top centre, over every scene."""
    lines = wrap(text, TOAST_TEXT, 1100)
    rect = pygame.Rect(0, 0, 1180, 28 + len(lines) * 34)
    rect.midtop = (LOGICAL_SIZE[0] // 2, 16)
    surface.blit(panel(rect.size, 16, (8, 12, 18, 235), (255, 206, 84, 180)), rect)
    for i, line in enumerate(lines):
        draw_text(surface, line, TOAST_TEXT, (rect.centerx, rect.y + 31 + i * 34), WHITE)


@dataclass(frozen=True)
class Media:
    """What every screen draws and plays with, one of each per app."""

    sounds: SoundBoard
    art: CardArt


# Builds the screen a route names; the composition root is the one the game runs with.
Builder = Callable[["App", Route], Scene]
# How a new screen takes its place: on top (Back returns), instead of the top one, or alone.
How = Literal["push", "replace", "reset"]


class NoBuilderError(RuntimeError):
    """``go`` was called on an app made without a builder (a test's bare app)."""


class Op(enum.Enum):
    PUSH = "push"
    POP = "pop"
    REPLACE = "replace"
    RESET = "reset"  # clear the whole stack, then push
    CLOSE = "close"  # remove one given scene, if it is still on the stack


@dataclass
class App:
    """Owns the window, the clock, the input layer and the scene stack."""

    settings: Settings
    headless: bool = False  # tests: no window flip timing, no fullscreen
    stack: list[Scene] = field(default_factory=list)
    running: bool = True
    exit_code: int = 0
    _ops: list[tuple[Op, Scene | None]] = field(default_factory=list)
    on_frame: Callable[[App], None] | None = None
    # None: the app cannot ``go`` anywhere (only scenes pushed by hand); the game passes
    # ``scenes.composition.build_screen``.
    builder: Builder | None = None

    def __post_init__(self) -> None:
        set_large_text(self.settings.large_text)  # every text's size, from the first frame
        self.screen = open_window(self.settings.fullscreen)
        # With the dummy video driver (the tests' programs, CI's package smoke, a headless
        # autoplay) nothing is shown: ``run`` skips the flip, SDL scaling the logical surface to
        # a window nobody sees (1.6 ms a frame, a third of such a program's CPU). Every frame is
        # still updated and drawn.
        self.shown = not no_screen()
        # The window's size before full screen; None: it opened in full screen.
        self.windowed: tuple[int, int] | None = None
        self.toasts: list[Toast] = []  # the first one is on screen
        self._idle: list[Iterator[object]] = []  # see add_idle
        self._collect_all = False  # the screens changed: a full collection in spare time
        self.input = InputLayer(self.settings)
        if self.input.key_problems:
            # A binding that was put back is saved at once, so the player is told only this time.
            for problem in [*self.input.key_problems, save_settings(self.settings)]:
                if problem:
                    self.notify(problem)
        self.music = MusicPlayer(self.settings.music_volume)
        self.clock = pygame.time.Clock()
        self.frame_s: list[float] = []  # draw times, for the benchmark tool
        self.record_frames = False

    def set_language(self, code: str, remember: bool = True) -> None:
        """Switch every screen to ``code`` at once (Settings' Language row): the catalog, the
        text caches, the setting (saved, unless ``remember`` is False: ``--lang`` is for one
        run), then each scene of the stack rebuilds the text it made at construction."""
        use_language(code)
        if remember:
            self.settings.language = code
            problem = save_settings(self.settings)
            if problem:
                self.notify(problem)
        for scene in list(self.stack):
            scene.relabel()

    def notify(self, text: str) -> None:
        """Show ``text`` over the screen for a while (a message already waiting is not repeated)."""
        if all(toast.text != text for toast in self.toasts):
            self.toasts.append(Toast(text, TOAST_S))

    @cached_property
    def media(self) -> Media:
        """The sound board and the card art, made on first use (not every run needs them)."""
        return Media(SoundBoard(self.settings.volume), CardArt(shapes=self.settings.shapes))

    # ------------------------------------------------------------- routes

    def go(self, route: Route, how: How = "push") -> Scene:
        """Open the screen ``route`` names: pushed on top, replacing the top screen, or on an
        emptied stack. The screen is built now and shown from the end of this frame, like any
        push; it is returned for the command line's checks."""
        if self.builder is None:
            raise NoBuilderError(
                f"cannot go to {type(route).__name__}: this App was made without a builder; pass "
                "builder=scenes.composition.build_screen (the game's) or push the scene yourself"
            )
        scene = self.builder(self, route)
        {"push": self.push, "replace": self.replace, "reset": self.reset}[how](scene)
        return scene

    # ------------------------------------------------------------- stack ops

    def push(self, scene: Scene) -> None:
        self._ops.append((Op.PUSH, scene))

    def pop(self) -> None:
        self._ops.append((Op.POP, None))

    def close(self, scene: Scene) -> None:
        """Remove this scene (an overlay closing itself); asking twice closes it once."""
        self._ops.append((Op.CLOSE, scene))

    def replace(self, scene: Scene) -> None:
        self._ops.append((Op.REPLACE, scene))

    def reset(self, scene: Scene) -> None:
        self._ops.append((Op.RESET, scene))

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def _apply_ops(self) -> None:
        if self._ops:
            self._collect_all = True
        while self._ops:
            op, scene = self._ops.pop(0)
            if op is Op.CLOSE:
                if scene in self.stack:
                    was_top = scene is self.stack[-1]
                    self.stack.remove(scene)
                    scene.exit()
                    if was_top and self.stack:
                        self.stack[-1].resume()
                continue
            if op is Op.POP or op is Op.REPLACE:
                if self.stack:
                    self.stack.pop().exit()
                if op is Op.POP and self.stack:
                    self.stack[-1].resume()
            if op is Op.RESET:
                while self.stack:
                    self.stack.pop().exit()
            if scene is not None:
                if self.stack and op is Op.PUSH:
                    self.stack[-1].pause()
                self.stack.append(scene)
                scene.enter()
        if not self.stack:
            self.running = False
        # The music follows the stack: the nearest scene from the top that names a track.
        self.music.want(next((s.music for s in reversed(self.stack) if s.music), None))

    # ------------------------------------------------------------- the loop

    def step(
        self, dt: float, events: list[pygame.event.Event] | None = None, draw: bool = True
    ) -> None:
        """One frame: input, update, draw. Tests call this with their own ``dt``; a caller that
        only wants time to pass (a screenshot's run-up) passes ``draw=False``: no scene reads
        anything back from its drawing, so the frame after is the same picture."""
        self._apply_ops()
        if not self.running:
            return
        for event in pygame.event.get() if events is None else events:
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            for intent in self.input.translate(event):
                top = self.top
                if top is not None:
                    top.handle(intent)
        dt = min(max(dt, 0.0), MAX_DT_S)
        for scene in self._updating():
            scene.update(dt)
        for text in take_problems():
            self.notify(text)
        if self.toasts:
            self.toasts[0].left -= dt
            if self.toasts[0].left <= 0:
                self.toasts.pop(0)
        started = time.perf_counter()
        if draw:
            self.draw()
        if self.record_frames:
            self.frame_s.append(time.perf_counter() - started)
        self._apply_ops()

    def _updating(self) -> list[Scene]:
        scenes: list[Scene] = []
        for scene in reversed(self.stack):
            scenes.append(scene)
            if scene.freezes_below:
                break
        return scenes

    def draw(self) -> None:
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        for scene in self.stack[first:]:
            new_layer()
            scene.draw(self.screen)
        if self.toasts:
            new_layer()
            draw_toast(self.screen, self.toasts[0].text)

    def add_idle(self, work: Iterator[object]) -> None:
        """Background work done in the spare time of frames, one small piece per ``next``."""
        self._idle.append(work)

    @contextlib.contextmanager
    def paced_collection(self) -> Iterator[None]:
        """Garbage collection at the frame loop's pace while it runs: the automatic collector
        is off; each frame's spare time (``idle``) collects the young generations once enough
        objects were made (a fraction of a millisecond) and, after the screens changed, the
        whole heap, where a late frame is not seen. A full collection started by the collector
        itself took 20 ms inside a frame (docs/BENCHMARKS.md)."""
        was_on = gc.isenabled()
        gc.disable()
        try:
            yield
        finally:
            if was_on:
                gc.enable()

    def idle(self, until: float) -> None:
        """Run pieces of idle work while ``time.perf_counter()`` is before ``until`` (and, in
        ``paced_collection``, collect garbage first)."""
        if not gc.isenabled():
            if gc.get_count()[0] >= YOUNG_COLLECT:
                gc.collect(1)
            if self._collect_all and time.perf_counter() < until:
                self._collect_all = False
                gc.collect()
        while self._idle and time.perf_counter() < until:
            try:
                next(self._idle[0])
            except StopIteration:
                self._idle.pop(0)

    def run(self) -> int:
        self.clock.tick(FPS)
        with self.paced_collection():
            while self.running:
                dt = self.clock.tick(FPS) / 1000.0
                started = time.perf_counter()
                self.step(dt)
                if self.shown:
                    pygame.display.flip()
                if self.on_frame is not None:
                    self.on_frame(self)
                # What is left of the frame, less the longest piece of idle work, collects
                # garbage and warms caches.
                self.idle(started + 1.0 / FPS - IDLE_PIECE_S)
        # Closing the window ends every screen: a table with phones tells them and stops its
        # server, the Expert's worker process is shut down.
        while self.stack:
            self.stack.pop().exit()
        return self.exit_code

    def toggle_fullscreen(self) -> None:
        """Full screen and back (F11, Settings). pygame's own toggle, back in a window, makes
        the window the logical size (1920x1080, larger than most laptops' screens) and that
        its minimum: the window is put back as it was before, fitted to the desktop."""
        if self.headless:
            return
        window = display_window()
        leaving = pygame.display.is_fullscreen()
        if not leaving:
            self.windowed = window.size
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return  # some drivers cannot; the windowed game goes on
        self.settings.fullscreen = not leaving
        if leaving:
            restore_window(display_window(), self.windowed)


def no_screen() -> bool:
    """Whether the display is SDL's dummy driver (tests, CI, a headless autoplay): a window
    nobody sees. Asked once the display module is started."""
    return pygame.display.get_driver() == "dummy"


def open_window(fullscreen: bool) -> pygame.Surface:
    """A resizable window showing the logical surface scaled; sized to fit the desktop."""
    pygame.display.init()
    headless = no_screen()
    shown = pygame.display.get_surface()
    if headless and shown is not None and shown.get_size() == LOGICAL_SIZE:
        # An App made again in a process without a screen (the tests make hundreds): the
        # surface it drew on is kept, as setting the mode and the icon again cost 4 ms each.
        return shown
    pygame.display.set_caption("One More Card")
    # A missing icon leaves the system's default; the game runs the same.
    with contextlib.suppress(AssetError, pygame.error):
        pygame.display.set_icon(pygame.image.load(asset_path("icon.png")))
    flags = pygame.SCALED | pygame.RESIZABLE
    if headless:
        # The dummy driver has no accelerated renderer for SCALED and says so; it draws the same.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return pygame.display.set_mode(LOGICAL_SIZE, flags)
    try:
        screen = pygame.display.set_mode(LOGICAL_SIZE, flags, vsync=1)
    except pygame.error:
        screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
    fit_to_desktop()
    if fullscreen:
        with contextlib.suppress(pygame.error):
            pygame.display.toggle_fullscreen()
    return screen


def _sdl_library() -> ctypes.CDLL | None:
    """The SDL 2 library pygame loaded (the very same one, not a second copy), or None."""
    candidates: list[str] = []
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError), open("/proc/self/maps", encoding="utf-8") as maps:
            candidates = [line.split()[-1] for line in maps if "libSDL2-2" in line]
    else:
        folder = Path(pygame.__file__).parent
        candidates = [str(p) for p in (folder / "SDL2.dll", *folder.glob(".dylibs/libSDL2-2*"))]
    for path in candidates:
        with contextlib.suppress(OSError):
            return ctypes.CDLL(path)
    return None


def allow_fractional_scale(window: pygame.Window) -> bool:
    """Let a SCALED window show the whole table at any size.

    pygame asks SDL for whole-number scaling in a window, and a scale below 1 is then rounded up
    to 1: a window smaller than 1920x1080 showed the middle of the table, cropped. pygame-ce
    offers no switch for it, so the SDL call is made directly; where the library cannot be found
    the old behaviour stays (and the window opens at the logical size's fraction anyway).
    """
    sdl = _sdl_library()
    if sdl is None:
        return False
    try:
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        sdl.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
        sdl.SDL_GetRenderer.restype = ctypes.c_void_p
        sdl.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
        sdl.SDL_RenderSetIntegerScale.argtypes = [ctypes.c_void_p, ctypes.c_int]
        renderer = sdl.SDL_GetRenderer(sdl.SDL_GetWindowFromID(window.id))
        return bool(renderer) and sdl.SDL_RenderSetIntegerScale(renderer, 0) == 0
    except (AttributeError, OSError, ValueError):
        return False


def display_window() -> pygame.Window:
    """The display module's window (the one ``set_mode`` made)."""
    with warnings.catch_warnings():
        # pygame-ce marks this bridge to the display module's window as deprecated, but it is
        # the only way to resize a SCALED window; the resize itself is supported.
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def desktop_size() -> tuple[int, int] | None:
    """The first desktop's size, or None where the driver does not say."""
    desktops = pygame.display.get_desktop_sizes()
    return desktops[0] if desktops else None


# The desktop's height a restored window leaves free for its title bar and a taskbar.
FRAME_ROOM_PX = 72


def fitting_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size on a desktop: the logical size, or 85% of a smaller desktop (keeping
    16:9), so the title bar and the taskbar never push the table off the screen."""
    if desktop is None:
        return LOGICAL_SIZE
    scale = min(desktop[0] * 0.85 / LOGICAL_SIZE[0], desktop[1] * 0.85 / LOGICAL_SIZE[1])
    if scale >= 1:
        return LOGICAL_SIZE
    return (int(LOGICAL_SIZE[0] * scale), int(LOGICAL_SIZE[1] * scale))


def windowed_size(
    before: tuple[int, int] | None, desktop: tuple[int, int] | None
) -> tuple[int, int]:
    """The size to give the window back from full screen: the one it had before (None: it
    opened in full screen), unless that no longer fits the desktop with room for a title bar
    and a taskbar (a 1366x740 window on a 768-pixel screen came back past its bottom edge), or
    is below the minimum."""
    fit = fitting_size(desktop)
    if before is None:
        return fit
    if desktop is not None and (before[0] > desktop[0] or before[1] > desktop[1] - FRAME_ROOM_PX):
        return fit
    return (max(before[0], MIN_WINDOW[0]), max(before[1], MIN_WINDOW[1]))


def let_shrink(window: pygame.Window) -> None:
    """With SCALED, SDL makes the logical size (1920x1080) the window's minimum, and pygame
    does again on leaving full screen: every resize to a laptop screen would be clamped back
    to it, with the table off the screen. The minimum is made small, and the scale fractional."""
    with contextlib.suppress(pygame.error):
        window.minimum_size = MIN_WINDOW
    allow_fractional_scale(window)


def fit_to_desktop() -> None:
    """Let the window shrink, and open it at the size that fits the desktop, centred."""
    window = display_window()
    let_shrink(window)
    size = fitting_size(desktop_size())
    if size == LOGICAL_SIZE:
        return
    window.size = size
    window.position = pygame.WINDOWPOS_CENTERED


def restore_window(window: pygame.Window, before: tuple[int, int] | None) -> None:
    """Back from full screen: what opening the window does (the minimum size, the fractional
    scale), at the size the window had before full screen, fitted to the desktop, centred.
    Not at its old place: a window manager takes a position as the frame's and SDL gives the
    inside's, so each return moved the window down by its title bar (20 pixels a time, seen
    under openbox) until it left the screen."""
    let_shrink(window)
    with contextlib.suppress(pygame.error):
        window.size = windowed_size(before, desktop_size())
        window.position = pygame.WINDOWPOS_CENTERED
