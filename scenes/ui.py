"""Text, panels, buttons and button menus shared by every scene.

Rendered text is cached (the same status line is drawn sixty times a second). A ``Menu`` is a
set of buttons that the mouse, the keyboard and a controller all drive the same way: pointing
or arrows move the focus, a click or Confirm activates, so every screen works with any device.
"""

from __future__ import annotations

import enum
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from scenes.assets import (
    LARGE_TEXT_SCALE,
    Weight,
    chain,
    characters,
    covers,
    fallback_font,
    font,
    scaled,
    set_text_scale,
)
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


class Spill(enum.Enum):
    """How a line of text runs out of its place."""

    WIDER = "wider than its box"
    OUTSIDE = "(partly) outside the surface it is drawn on"
    OVERLAP = "overlapping another line"


@dataclass(frozen=True)
class Overflow:
    """A line drawn out of its place: ``width`` its drawn width, ``box`` the width it had (the
    surface's for OUTSIDE), ``rect`` its letters' box; ``other`` the line it overlaps."""

    text: str
    width: int
    box: float
    kind: Spill
    rect: pygame.Rect
    other: str = ""


@dataclass
class _Watch:
    """Where ``watching_text`` and ``watching_overflow`` collect (None: nobody watches, nothing
    is kept)."""

    drawn: list[Drawn] | None = None
    shrunk: list[Shrunk] | None = None
    overflow: list[Overflow] | None = None
    # The width each fitted, cut or wrapped line was made for, (text, size, weight) -> width:
    # draw_text's box for a line whose caller did not pass one.
    boxes: dict[tuple[str, int, Weight], float] = field(default_factory=dict)
    # The letters' box of every line drawn, by the surface and the layer it was drawn on, for
    # the overlaps.
    inks: list[tuple[tuple[int, int], pygame.Rect, str]] = field(default_factory=list)
    layer: int = 0  # see new_layer


_watch = _Watch()


def new_layer() -> None:
    """What is drawn from now on lies over what was drawn before (the app calls this before
    each scene of the stack and the toasts): a line covered by an overlay's panel is not
    counted as overlapping the overlay's own lines."""
    _watch.layer += 1


def _made_for(text: str, size: int, weight: Weight, width: float) -> None:
    """Remember the width a line was fitted, cut or wrapped to (while overflow is watched)."""
    if _watch.overflow is not None:
        key = (text, size, weight)
        _watch.boxes[key] = min(width, _watch.boxes.get(key, width))


@contextmanager
def watching_overflow() -> Iterator[list[Overflow]]:
    """Every line drawn out of its place meanwhile: wider than the box it was given (``box`` of
    ``draw_text``, or the width ``fit_size``, ``ellipsize`` or ``wrap`` made it for), outside
    the surface it is drawn on, or (found when the block ends) overlapping another line drawn on
    the same surface."""
    found: list[Overflow] = []
    _forget_fitting()
    _watch.overflow = found
    _watch.boxes.clear()
    _watch.inks.clear()
    try:
        yield found
        found.extend(_overlaps(_watch.inks))
    finally:
        _watch.overflow = None
        _watch.boxes.clear()
        _watch.inks.clear()


# Letters closer than this (pixels, both ways) are not counted as overlapping: accents and
# descenders of one line may touch the next line's box without the words running together.
OVERLAP_SLACK = 2


def _overlaps(inks: list[tuple[tuple[int, int], pygame.Rect, str]]) -> list[Overflow]:
    found = []
    for i, (surface, rect, text) in enumerate(inks):
        for other_surface, other, other_text in inks[i + 1 :]:
            if other_surface != surface:
                continue
            common = rect.clip(other)
            if common.width > OVERLAP_SLACK and common.height > OVERLAP_SLACK:
                found.append(Overflow(text, rect.width, 0, Spill.OVERLAP, rect, other_text))
    return found


def _check_place(
    surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, text: str, box: float | None
) -> None:
    """Record ``text`` drawn at ``rect`` if it is out of its place (overflow is watched)."""
    assert _watch.overflow is not None
    if box is not None and rect.width > box + 0.5:
        _watch.overflow.append(Overflow(text, rect.width, box, Spill.WIDER, rect.copy()))
    ink = ink_box(image).move(rect.topleft)
    if ink.width and ink.height:
        if not surface.get_rect().contains(ink):
            width = surface.get_width()
            _watch.overflow.append(Overflow(text, ink.width, width, Spill.OUTSIDE, ink))
        # What shows is what the surface's clip lets through: a line half-hidden at the edge
        # of a scrolled view is not over the "More below" drawn outside that view.
        shown = ink.clip(surface.get_clip())
        if shown.width and shown.height:
            _watch.inks.append(((id(surface), _watch.layer), shown, text))


@contextmanager
def watching_text() -> Iterator[tuple[list[Drawn], list[Shrunk]]]:
    """Every line drawn and every text shrunk meanwhile (the contrast and Large text checks
    read what the screens really draw, not a list kept by hand)."""
    drawn: list[Drawn] = []
    shrunk: list[Shrunk] = []
    _forget_fitting()
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
    for cached in (render, typed_text, _runs, text_size):
        cached.cache_clear()
    _forget_fitting()


def _forget_fitting() -> None:
    """Drop every fitted, cut and wrapped text, so that each is worked out (and seen by a
    watcher) again. A watcher keeps the rest: it sees every line as it is drawn, cached or not,
    and the runs of fonts and the rendered lines depend on the text, the size and the fonts
    alone (a change of those calls ``forget_text``)."""
    for cached in (fit_size, ellipsize, _wrapped):
        cached.cache_clear()


@lru_cache(maxsize=4096)
def _runs(message: str, weight: Weight) -> tuple[tuple[str, int], ...]:
    """``message`` cut into runs of characters that one font of ``chain(weight)`` draws: each
    (text, index in the chain). Inter's characters form runs of index 0."""
    runs: list[tuple[str, int]] = []
    start = 0
    for i in range(1, len(message) + 1):
        if i == len(message) or (covers(weight, message[i]) == 0) != (
            covers(weight, message[start]) == 0
        ):
            runs.extend(_one_face(message[start:i], weight))
            start = i
    return tuple(runs)


def _one_face(text: str, weight: Weight) -> list[tuple[str, int]]:
    """``text`` (all Inter's, or none of it Inter's) as runs: Inter's as one run; the rest in
    the first fallback font that has every one of its characters, so that a word keeps one
    weight (a kanji only the Regular has made a bold name half regular), else character by
    character."""
    first = covers(weight, text[0])
    if first == 0:
        return [(text, 0)]
    names = chain(weight)
    for index in range(1, len(names)):
        if all(ord(ch) in characters(names[index]) for ch in text):
            return [(text, index)]
    return [(ch, covers(weight, ch)) for ch in text]


def _face(size: int, weight: Weight, index: int) -> pygame.font.Font:
    return font(size, weight) if index == 0 else fallback_font(size, chain(weight)[index])


def _plain(runs: tuple[tuple[str, int], ...]) -> bool:
    """Drawn by Inter alone (no run of another font): drawn and measured as one string."""
    return len(runs) <= 1 and all(index == 0 for _text, index in runs)


def _line_box(size: int, weight: Weight, runs: tuple[tuple[str, int], ...]) -> tuple[int, int]:
    """The ascent and the height of a line of several fonts: their baselines aligned."""
    faces = [_face(size, weight, index) for _text, index in runs]
    ascent = max(face.get_ascent() for face in faces)
    below = max(face.get_height() - face.get_ascent() for face in faces)
    return ascent, ascent + below


def _ascent(message: str, size: int, weight: Weight) -> int:
    """Where ``render``'s image of ``message`` has its baseline, from its top."""
    runs = _runs(message, weight)
    return font(size, weight).get_ascent() if _plain(runs) else _line_box(size, weight, runs)[0]


@lru_cache(maxsize=8192)
def text_size(message: str, size: int, weight: Weight = Weight.SEMIBOLD) -> tuple[int, int]:
    """The width and height ``render`` makes ``message``: each run measured with its own font
    (what is measured for fitting and wrapping is what is drawn)."""
    runs = _runs(message, weight)
    if _plain(runs):
        return font(size, weight).size(message)
    width = sum(_face(size, weight, index).size(text)[0] for text, index in runs)
    return width, _line_box(size, weight, runs)[1]


def text_width(message: str, size: int, weight: Weight = Weight.SEMIBOLD) -> int:
    return text_size(message, size, weight)[0]


@lru_cache(maxsize=2048)
def render(
    message: str,
    size: int,
    color: tuple[int, int, int] = WHITE,
    weight: Weight = Weight.SEMIBOLD,
) -> pygame.Surface:
    """One line of text, each character drawn by the first font of ``chain(weight)`` that has
    it (Japanese in an English name, or a Japanese screen), the runs' baselines aligned."""
    runs = _runs(message, weight)
    if _plain(runs):
        return font(size, weight).render(message, True, color)
    ascent, height = _line_box(size, weight, runs)
    width = sum(_face(size, weight, index).size(text)[0] for text, index in runs)
    image = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for text, index in runs:
        face = _face(size, weight, index)
        piece = face.render(text, True, color)
        # MAX over the transparent image copies each run as it is (a plain blit would blend
        # its soft edges with the image's transparent black and darken them).
        image.blit(piece, (x, ascent - face.get_ascent()), special_flags=pygame.BLEND_RGBA_MAX)
        x += face.size(text)[0]
    return image


def draw_text(
    surface: pygame.Surface,
    message: str,
    size: int,
    pos: tuple[float, float],
    color: tuple[int, int, int] = WHITE,
    weight: Weight = Weight.SEMIBOLD,
    anchor: str = "center",
    shadow: bool = False,
    box: float | None = None,
) -> pygame.Rect:
    """Draw one line; ``anchor`` is a pygame.Rect attribute name (center, midleft, topleft...);
    ``box``: the width the line has there, where the caller knows it (``watching_overflow``
    reports a line drawn wider)."""
    image = render(message, size, color, weight)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if _watch.overflow is not None:
        known = _watch.boxes.get((message, size, weight))
        _check_place(surface, image, rect, message, box if box is not None else known)
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
    measured = text_width(message, size, weight)
    if measured <= width:
        _made_for(message, size, weight, width)
        return size
    guess = max(14, min(size - 1, int(size * width / max(1, measured))))
    # Text does not shrink exactly in proportion (whole pixels, hinting): step down until it
    # fits, as far as the floor.
    while guess > 14 and text_width(message, guess, weight) > width:
        guess -= 1
    if _watch.shrunk is not None:
        _watch.shrunk.append(Shrunk(message, size, guess, width))
    _made_for(message, guess, weight, width)
    return guess


@lru_cache(maxsize=1024)
def ellipsize(message: str, size: int, width: float, weight: Weight = Weight.SEMIBOLD) -> str:
    """``message`` cut with an ellipsis to fit ``width`` pixels (a typed name of 24 wide letters
    must not run out of its seat plate or score row)."""
    if text_width(message, size, weight) <= width:
        _made_for(message, size, weight, width)
        return message
    while message and text_width(message + "...", size, weight) > width:
        message = message[:-1]
    _made_for(message + "...", size, weight, width)
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
    # Each letter from the font that has it (render), on one baseline: Inter's, or the
    # tallest font's when a letter comes from another.
    glyphs = [render(ch, size, color, Weight.SEMIBOLD) for ch in message]
    ascents = [_ascent(ch, size, Weight.SEMIBOLD) for ch in message]
    ascent = max([face.get_ascent(), *ascents])
    stroke = max(1, round(face.get_height() * 0.07))
    width = sum(g.get_width() + spacing for g in glyphs) + 2 * stroke
    below = max(g.get_height() - a for g, a in zip(glyphs, ascents, strict=True)) if glyphs else 0
    height = ascent + max(face.get_height() - face.get_ascent(), below)
    image = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = stroke
    for ch, glyph, own in zip(message, glyphs, ascents, strict=True):
        image.blit(glyph, (x, ascent - own))
        if ch in LOOK_ALIKES:
            ink = glyph.get_bounding_rect().move(x, ascent - own)
            _mark_glyph(image, ch, ink, stroke, color)
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
    """Split text into lines that fit ``width`` pixels; blank lines separate paragraphs. Lines
    break at spaces and, in a script written without them (Japanese), between characters, by
    its rules (``breaks``); a word is never cut: one wider than ``width`` gets a line of its
    own (and is fitted where it is drawn)."""
    return list(_wrapped(message, size, width, weight))


# Writing without spaces between words: CJK punctuation, kana, the ideographs, full-width forms.
_NO_SPACES = (
    (0x2E80, 0x2FFF),
    (0x3000, 0x30FF),
    (0x3100, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
    (0x20000, 0x3FFFF),
)
_FIRST_SPACELESS = chr(_NO_SPACES[0][0])
# Japanese line-breaking rules (kinsoku shori, JIS X 4051): what may not start a line (closing
# brackets and punctuation, small kana, the long-vowel mark, iteration marks) and what may not
# end one (opening brackets).
NO_LINE_START = frozenset(
    ")]}〕〉》」』】〙〗〟’”｝）］｠｣"  # noqa: RUF001 (closing brackets)
    # punctuation, the long-vowel mark, dashes
    "、。，．,.・：；:;！？!?‼⁇⁈⁉‥…〜～ー‐゠–"  # noqa: RUF001
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"  # small kana
    "々〻ゝゞヽヾ"  # iteration marks
    "⟧"  # the pseudo-locale's closing bracket
)
NO_LINE_END = frozenset("([{〔〈《「『【〘〖〝‘“｛（［｟｢⟦")  # noqa: RUF001


def _spaceless(character: str) -> bool:
    code = ord(character)
    return any(low <= code <= high for low, high in _NO_SPACES)


def breaks(word: str) -> list[str]:
    """``word`` (text between spaces) cut where a line may break inside it: between two
    characters of which one is written without spaces, unless the second may not start a line
    or the first may not end one. A Latin word stays whole ("UNO!" and "「UNO」" are one piece)."""
    if not word or max(word) < _FIRST_SPACELESS:
        return [word]  # no character written without spaces: most words, at once
    pieces: list[str] = []
    start = 0
    for i in range(1, len(word)):
        before, after = word[i - 1], word[i]
        if (
            (_spaceless(before) or _spaceless(after))
            and after not in NO_LINE_START
            and before not in NO_LINE_END
        ):
            pieces.append(word[start:i])
            start = i
    pieces.append(word[start:])
    return pieces


# Measuring is cached like rendering: the moves log and the status line are wrapped again every
# frame, and measuring their words was a sixth of a busy frame.
@lru_cache(maxsize=1024)
def _wrapped(message: str, size: int, width: float, weight: Weight) -> tuple[str, ...]:
    # A line's width is its pieces' widths added, give or take what their joints change
    # (kerning across them, a glyph's overhang): measured over every catalog, -size/12 to +1
    # pixel a joint. Measuring the whole line again at each word made wrapping quadratic (a
    # Japanese line has a piece per character): the sum decides where it cannot be wrong by
    # its ``slack``, the line is measured where it could be, so the lines are the same.
    per_joint = 2 + size // 8
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line, line_width, slack = "", 0, 0
        for n, word in enumerate(paragraph.split(" ")):
            for k, piece in enumerate(breaks(word)):
                # A space joins the first piece of a word to the line; the pieces of one word
                # join without one.
                joint = " " if n > 0 and k == 0 else ""
                if not line:
                    line, line_width, slack = piece, text_width(piece, size, weight), 0
                    continue
                candidate = f"{line}{joint}{piece}"
                guess = line_width + text_width(f"{joint}{piece}", size, weight)
                reach = slack + per_joint
                if guess + reach <= width:
                    line, line_width, slack = candidate, guess, reach
                    continue
                if guess - reach <= width:
                    measured = text_width(candidate, size, weight)
                    if measured <= width:
                        line, line_width, slack = candidate, measured, 0
                        continue
                lines.append(line)
                line, line_width, slack = piece, text_width(piece, size, weight), 0
        lines.append(line)
    for line in lines:
        _made_for(line, size, weight, width)
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
    inks = [ink_box(render(line, size, WHITE, weight)) for line in lines]
    inks = [ink for ink in inks if ink.height]
    if not inks:
        return nominal
    return max(nominal, max(ink.bottom for ink in inks) - min(ink.top for ink in inks) + 1)


# The ink of each rendered line, found once: held by the image itself, so it goes when the
# image goes (``forget_text``, or the render cache letting it go).
_INK_BOXES: weakref.WeakKeyDictionary[pygame.Surface, pygame.Rect] = weakref.WeakKeyDictionary()


def ink_box(image: pygame.Surface) -> pygame.Rect:
    """Where the letters of ``image``, a rendered line (``render``), are in it: its bounding
    box of visible pixels. Finding it reads every pixel, and the table asks for its banner's
    and buttons' lines every frame; a rendered line is never drawn into, so it is found once."""
    found = _INK_BOXES.get(image)
    if found is None:
        found = _INK_BOXES[image] = image.get_bounding_rect()
    return found.copy()


def two_lines(
    rect: pygame.Rect, label: pygame.Surface, detail: pygame.Surface, gap: float
) -> tuple[float, float]:
    """The tops at which a button's label and second line are blitted: their letters (as
    drawn, descenders and all) stacked ``gap`` apart, or closer when the button is short, and
    centred together; fixed offsets ran the two into each other at Large text."""
    ink_label, ink_detail = ink_box(label), ink_box(detail)
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
            draw_text(surface, label, size, (cx, label_y), text_color, anchor="midtop", box=room)
            at = (cx, detail_y)
            draw_text(
                surface, self.detail, small, at, detail_color, Weight.REGULAR, "midtop", box=room
            )
        else:
            draw_text(surface, label, size, self.rect.center, text_color, box=room)


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


# The room a question dialog leaves on each side of its text.
QUESTION_MARGIN = 30


def draw_question(
    surface: pygame.Surface, rect: pygame.Rect, question: str, lines: list[str]
) -> None:
    """A dialog that asks before something that cannot be undone: the screen dimmed, a panel,
    the question in gold and what it means below (the dialog's buttons are drawn by its menu)."""
    dim(surface, 140)
    surface.blit(panel(rect.size, 26, (14, 20, 28, 245), (255, 214, 102, 140), 3), rect)
    room = rect.width - 2 * QUESTION_MARGIN
    size = fit_size(question, 40, room, Weight.BOLD)
    draw_text(surface, question, size, (rect.centerx, rect.y + 60), GOLD, Weight.BOLD, box=room)
    for i, line in enumerate(lines):
        y = rect.y + 130 + i * 36
        size = fit_size(line, 26, room, Weight.REGULAR)
        draw_text(surface, line, size, (rect.centerx, y), WHITE, Weight.REGULAR, box=room)
