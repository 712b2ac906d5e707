"""Text, panels, buttons and button menus shared by every scene.

Rendered text is cached (the same status line is drawn sixty times a second). A ``Menu`` is a
set of buttons that the mouse, the keyboard and a controller all drive the same way: pointing
or arrows move the focus, a click or Confirm activates, so every screen works with any device.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from scenes.assets import LARGE_TEXT_SCALE, Weight, font, scaled, set_text_scale
from scenes.input import Act, Intent

WHITE = (255, 255, 255)
INK = (24, 28, 36)
MUTED = (190, 200, 210)
GOLD = (255, 206, 84)
ACCENT = (64, 156, 255)
# A warning's text: light enough to read at 4.5:1 on the dark panels over the felt (the red it
# replaces, (232, 72, 72), measured 4.1:1 there).
DANGER = (255, 120, 120)
PANEL = (14, 22, 30, 215)
# A button's second line: the softest of these that reads on its fill (ui.detail_for).
SOFT_LIGHT = (MUTED, (222, 228, 234), WHITE)
SOFT_DARK = ((40, 44, 52), INK)
# The focus ring: a bright band between two dark edges, so it stands out on any colour (a gold
# ring alone vanished against the yellow button and the yellow cards).
FOCUS_RING = (255, 214, 102)
FOCUS_EDGE = INK
# WCAG 2 AA: normal text needs 4.5:1 against its background; large text (24 px and up, or
# bold from 18.66 px) 3:1.
AA_NORMAL, AA_LARGE = 4.5, 3.0


def luminance(color: tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour (its alpha, if any, is ignored)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG contrast ratio of two colours, 1 (same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def over(fill: tuple[int, ...], below: tuple[int, ...]) -> tuple[int, int, int]:
    """The colour a translucent ``fill`` (RGBA) shows over an opaque ``below``."""
    alpha = fill[3] / 255 if len(fill) > 3 else 1.0
    r, g, b = (round(f * alpha + u * (1 - alpha)) for f, u in zip(fill[:3], below[:3], strict=True))
    return r, g, b


def ink_for(fill: tuple[int, ...]) -> tuple[int, int, int]:
    """White or near-black, whichever reads better on ``fill``: white text on the yellow button
    of the colour picker had a contrast of 1.7:1."""
    return WHITE if contrast(WHITE, fill) >= contrast(INK, fill) else INK


def detail_for(fill: tuple[int, ...]) -> tuple[int, int, int]:
    """The softer colour of a button's second line on ``fill``: the most muted of a few greys
    (or, on a light fill, dark inks) that still reads at 4.5:1 (grey on yellow could not)."""
    choices = SOFT_LIGHT if ink_for(fill) == WHITE else SOFT_DARK
    return next((c for c in choices if contrast(c, fill) >= AA_NORMAL), choices[-1])


def lit(fill: tuple[int, int, int], text: tuple[int, int, int]) -> tuple[int, int, int]:
    """A hovered or focused button's fill: lighter, unless that would leave its text below
    4.5:1 (white on a lit red or blue), then darker."""
    light = (min(255, fill[0] + 28), min(255, fill[1] + 28), min(255, fill[2] + 28))
    if contrast(text, over((*light, 245), INK)) >= AA_NORMAL:
        return light
    return (max(0, fill[0] - 28), max(0, fill[1] - 28), max(0, fill[2] - 28))


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 16) -> pygame.Rect:
    """Draw the focus ring around ``rect``: dark, bright, dark, outside the rect so it hides
    nothing of what has the focus; returns the ring's outer rect."""
    outer = rect.inflate(18, 18)
    pygame.draw.rect(surface, FOCUS_EDGE, outer, width=9, border_radius=radius + 9)
    pygame.draw.rect(surface, FOCUS_RING, outer.inflate(-4, -4), width=5, border_radius=radius + 7)
    return outer


@dataclass(frozen=True)
class Drawn:
    """One line ``draw_text`` drew: its text, its nominal size, where, in what colour, and the
    average colour that was under it just before (what the text is read against)."""

    text: str
    size: int
    weight: Weight
    rect: pygame.Rect
    color: tuple[int, int, int]
    background: tuple[int, int, int]


@dataclass(frozen=True)
class Shrunk:
    """A text ``fit_size`` drew smaller than asked, to fit ``width``."""

    text: str
    size: int
    fitted: int
    width: float


@dataclass
class _Watch:
    """Where ``watching_text`` collects (None: nobody watches, nothing is kept)."""

    drawn: list[Drawn] | None = None
    shrunk: list[Shrunk] | None = None


_watch = _Watch()


@contextmanager
def watching_text() -> Iterator[tuple[list[Drawn], list[Shrunk]]]:
    """Every line drawn and every text shrunk meanwhile (the contrast and Large text checks
    read what the screens really draw, not a list kept by hand)."""
    drawn: list[Drawn] = []
    shrunk: list[Shrunk] = []
    forget_text()  # fitting is cached: every fit is worked out (and seen) again
    _watch.drawn, _watch.shrunk = drawn, shrunk
    try:
        yield drawn, shrunk
    finally:
        _watch.drawn = _watch.shrunk = None


def set_large_text(on: bool) -> None:
    """Draw every text at the large size (Settings > Large text) or the normal one; the app
    calls this at start and the settings screen when the option changes."""
    if set_text_scale(LARGE_TEXT_SCALE if on else 1.0):
        forget_text()  # rendered and measured at the old size


def forget_text() -> None:
    """Drop every rendered and measured text (the sizes or the fonts changed)."""
    for cached in (render, fit_size, ellipsize, _wrapped, typed_text):
        cached.cache_clear()


@lru_cache(maxsize=2048)
def render(
    message: str,
    size: int,
    color: tuple[int, int, int] = WHITE,
    weight: Weight = Weight.SEMIBOLD,
) -> pygame.Surface:
    return font(size, weight).render(message, True, color)


def draw_text(
    surface: pygame.Surface,
    message: str,
    size: int,
    pos: tuple[float, float],
    color: tuple[int, int, int] = WHITE,
    weight: Weight = Weight.SEMIBOLD,
    anchor: str = "center",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw one line; ``anchor`` is a pygame.Rect attribute name (center, midleft, topleft...)."""
    image = render(message, size, color, weight)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if _watch.drawn is not None:
        under = rect.clip(surface.get_rect())
        r, g, b, _ = pygame.transform.average_color(surface, under) if under else (0, 0, 0, 0)
        _watch.drawn.append(Drawn(message, size, weight, rect.copy(), color, (r, g, b)))
    if shadow:
        dark = render(message, size, (0, 0, 0), weight)
        dark.set_alpha(140)
        surface.blit(dark, rect.move(2, 3))
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=1024)
def fit_size(message: str, size: int, width: float, weight: Weight = Weight.SEMIBOLD) -> int:
    """The largest text size up to ``size`` at which ``message`` fits ``width`` pixels (a label
    that would run over its neighbour is drawn smaller instead; never below 14)."""
    measured = font(size, weight).size(message)[0]
    if measured <= width:
        return size
    guess = max(14, min(size - 1, int(size * width / max(1, measured))))
    # Text does not shrink exactly in proportion (whole pixels, hinting): step down until it
    # fits, as far as the floor.
    while guess > 14 and font(guess, weight).size(message)[0] > width:
        guess -= 1
    if _watch.shrunk is not None:
        _watch.shrunk.append(Shrunk(message, size, guess, width))
    return guess


@lru_cache(maxsize=1024)
def ellipsize(message: str, size: int, width: float, weight: Weight = Weight.SEMIBOLD) -> str:
    """``message`` cut with an ellipsis to fit ``width`` pixels (a typed name of 24 wide letters
    must not run out of its seat plate or score row)."""
    face = font(size, weight)
    if face.size(message)[0] <= width:
        return message
    while message and face.size(message + "...")[0] > width:
        message = message[:-1]
    return message + "..."


# Letters that look alike in Inter (its capital I and small l are the same pixels) get a mark of
# their own in text a person must type: serifs on I (the small l stays a plain stroke: a foot
# made it read as L), a slash through zero (O and o stay round).
LOOK_ALIKES = frozenset("I0")


@lru_cache(maxsize=128)
def typed_text(
    message: str, size: int, color: tuple[int, int, int] = WHITE, spacing: int = 1
) -> pygame.Surface:
    """``message`` drawn for typing: letter by letter, ``spacing`` pixels apart, with I and 0
    marked so that none can be read as another (an address typed from the screen failed on
    them). The bundled fonts have no monospace face, hence the marks."""
    face = font(size, Weight.SEMIBOLD)
    glyphs = [face.render(ch, True, color) for ch in message]
    stroke = max(1, round(face.get_height() * 0.07))
    width = sum(g.get_width() + spacing for g in glyphs) + 2 * stroke
    image = pygame.Surface((max(1, width), face.get_height()), pygame.SRCALPHA)
    x = stroke
    for ch, glyph in zip(message, glyphs, strict=True):
        image.blit(glyph, (x, 0))
        if ch in LOOK_ALIKES:
            _mark_glyph(image, ch, glyph.get_bounding_rect().move(x, 0), stroke, color)
        x += glyph.get_width() + spacing
    return image


def _mark_glyph(
    image: pygame.Surface, ch: str, ink: pygame.Rect, stroke: int, color: tuple[int, int, int]
) -> None:
    """The distinguishing mark of one look-alike letter, on its ink box ``ink``."""
    arm = max(2, ink.height // 5)
    if ch == "I":  # serifs at the top and the bottom
        for y in (ink.top, ink.bottom - stroke):
            pygame.draw.rect(image, color, (ink.centerx - arm, y, 2 * arm + 1, stroke))
    elif ch == "0":  # a slash from the top right to the bottom left, inside the oval
        inner = ink.inflate(-2 * stroke - 2, -2 * stroke - 2)
        pygame.draw.line(image, color, inner.topright, inner.bottomleft, stroke + 1)


def wrap(message: str, size: int, width: float, weight: Weight = Weight.REGULAR) -> list[str]:
    """Split text into lines that fit ``width`` pixels; blank lines separate paragraphs."""
    return list(_wrapped(message, size, width, weight))


# Measuring is cached like rendering: the moves log and the status line are wrapped again every
# frame, and measuring their words was a sixth of a busy frame.
@lru_cache(maxsize=1024)
def _wrapped(message: str, size: int, width: float, weight: Weight) -> tuple[str, ...]:
    face = font(size, weight)
    lines: list[str] = []
    for paragraph in message.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=256)
def panel(
    size: tuple[int, int],
    radius: int = 18,
    fill: tuple[int, int, int, int] = PANEL,
    border: tuple[int, int, int, int] | None = (255, 255, 255, 40),
    width: int = 2,
) -> pygame.Surface:
    """A rounded translucent panel."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    pygame.draw.rect(image, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(image, border, rect, width=width, border_radius=radius)
    return image


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface, under an overlay: as black laid over it at ``alpha``, done as
    one multiply in place (a full-screen shade surface made and blended each frame cost four
    times as much)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


def ink_pitch(lines: list[str], size: int, weight: Weight, nominal: int) -> int:
    """The distance between ``lines`` drawn one under the other: ``nominal``, or more where a
    language's letters reach higher or lower than the Latin ones (Japanese, the pseudo-locale's
    brackets), so that no line's letters touch the next one's."""
    inks = [render(line, size, WHITE, weight).get_bounding_rect() for line in lines]
    inks = [ink for ink in inks if ink.height]
    if not inks:
        return nominal
    return max(nominal, max(ink.bottom for ink in inks) - min(ink.top for ink in inks) + 1)


def two_lines(
    rect: pygame.Rect, label: pygame.Surface, detail: pygame.Surface, gap: float
) -> tuple[float, float]:
    """The tops at which a button's label and second line are blitted: their letters (as
    drawn, descenders and all) stacked ``gap`` apart, or closer when the button is short, and
    centred together; fixed offsets ran the two into each other at Large text."""
    ink_label, ink_detail = label.get_bounding_rect(), detail.get_bounding_rect()
    gap = min(gap, max(2.0, rect.height - 12 - ink_label.height - ink_detail.height))
    top = rect.centery - (ink_label.height + gap + ink_detail.height) / 2
    return top - ink_label.y, top + ink_label.height + gap - ink_detail.y


@dataclass(eq=False)
class Button:
    """A clickable, focusable button; ``detail`` is a smaller second line."""

    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    detail: str = ""
    enabled: bool = True
    color: tuple[int, int, int] = (40, 56, 72)
    text_size: int = 34
    swatch: pygame.Surface | None = None  # a picture drawn left of the label (colors, cards)
    hot: bool = False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        alpha = 245 if self.enabled else 120
        # Buttons lie on dark panels: the text is chosen against the fill as it shows there.
        text_color = ink_for(over((*self.color, alpha), INK)) if self.enabled else MUTED
        base = self.color
        if (self.hot or focused) and self.enabled:
            base = lit(self.color, text_color)
        fill = (base[0], base[1], base[2], alpha)
        shown = over(fill, INK)
        border = (255, 214, 102, 255) if focused else (255, 255, 255, 60)
        if focused:
            focus_ring(surface, self.rect)
        surface.blit(panel(self.rect.size, 16, fill, border, 3 if focused else 2), self.rect)
        cx = self.rect.centerx
        room = self.rect.width - 28
        if self.swatch is not None:
            surface.blit(
                self.swatch,
                self.swatch.get_rect(midleft=(self.rect.x + 18, self.rect.centery)),
            )
            room -= 2 * (self.swatch.get_width() + 8)  # the label stays centred
        size = fit_size(self.label, self.text_size, room)
        # Still too long at the smallest size (a long name in a narrow button): cut, never out.
        label = ellipsize(self.label, size, room)
        if self.detail:
            small = fit_size(self.detail, max(18, self.text_size // 2 + 4), room, Weight.REGULAR)
            detail_color = detail_for(shown) if self.enabled else MUTED
            label_y, detail_y = two_lines(
                self.rect,
                render(label, size, text_color),
                render(self.detail, small, detail_color, Weight.REGULAR),
                scaled(small) * 0.55,
            )
            draw_text(surface, label, size, (cx, label_y), text_color, anchor="midtop")
            at = (cx, detail_y)
            draw_text(surface, self.detail, small, at, detail_color, Weight.REGULAR, "midtop")
        else:
            draw_text(surface, label, size, self.rect.center, text_color)


@dataclass
class Menu:
    """Buttons driven alike by pointer, keys and controller; ``columns`` sets arrow movement."""

    buttons: list[Button] = field(default_factory=list)
    columns: int = 1
    focus: int = 0
    pressed: Button | None = None
    on_back: Callable[[], None] | None = None

    def handle(self, intent: Intent) -> bool:
        """React to one intent; True when it was used."""
        act = intent.act
        if act is Act.POINT and intent.pos is not None:
            for i, button in enumerate(self.buttons):
                button.hot = button.rect.collidepoint(intent.pos)
                if button.hot and button.enabled:
                    self.focus = i
            return False
        if act is Act.PRESS and intent.pos is not None:
            self.pressed = self.at(intent.pos)
            return self.pressed is not None
        if act is Act.RELEASE and intent.pos is not None:
            released = self.at(intent.pos)
            clicked = released is not None and released is self.pressed
            self.pressed = None
            if clicked and released is not None and released.enabled:
                released.on_click()
                return True
            return False
        if act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
            step = {Act.UP: -self.columns, Act.DOWN: self.columns, Act.LEFT: -1, Act.RIGHT: 1}
            self.move(step[act])
            return True
        if act is Act.CONFIRM and self.buttons:
            button = self.buttons[self.focus % len(self.buttons)]
            if button.enabled:
                button.on_click()
            return True
        if act is Act.BACK and self.on_back is not None:
            self.on_back()
            return True
        return False

    def move(self, step: int) -> None:
        if not self.buttons:
            return
        count = len(self.buttons)
        index = self.focus
        for _ in range(count):
            index = (index + step) % count
            if self.buttons[index].enabled:
                self.focus = index
                return

    def at(self, pos: tuple[int, int]) -> Button | None:
        for button in self.buttons:
            if button.enabled and button.rect.collidepoint(pos):
                return button
        return None

    def draw(self, surface: pygame.Surface, show_focus: bool = True) -> None:
        for i, button in enumerate(self.buttons):
            button.draw(surface, show_focus and i == self.focus)


def draw_question(
    surface: pygame.Surface, rect: pygame.Rect, question: str, lines: list[str]
) -> None:
    """A dialog that asks before something that cannot be undone: the screen dimmed, a panel,
    the question in gold and what it means below (the dialog's buttons are drawn by its menu)."""
    dim(surface, 140)
    surface.blit(panel(rect.size, 26, (14, 20, 28, 245), (255, 214, 102, 140), 3), rect)
    draw_text(surface, question, 40, (rect.centerx, rect.y + 60), GOLD, Weight.BOLD)
    for i, line in enumerate(lines):
        y = rect.y + 130 + i * 36
        draw_text(surface, line, 26, (rect.centerx, y), WHITE, Weight.REGULAR)
