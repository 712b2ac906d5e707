"""How to play: the rules of the chosen rule set, in our own words, readable in the game.

The text (``scenes.howto_text``) is built from the rules object, so the page always describes
the game being played, in the screen's language; a change of language lays the page out again
(``relabel``), keeping the reader's place. Beside a paragraph the cards it is about are drawn
with the game's own art (each card beside its rule, each switch with a small example), in a
column of their own left of the text, so that no language and no text size makes them meet.

The page opens at the rules in play (the deck's cards and the switches on, when the rules have
any: a table's), and at the top otherwise (the title's classic rules).

The page scrolls by pixels with the mouse wheel, the arrow keys (Left and Right a page, as do
Page Up and Page Down; Home and End go to the top and the bottom), a controller's d-pad or
stick, and by clicking or dragging the scrollbar; a scrollbar thumb and "more above" / "more
below" marks show where the reader is.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.rules import Rules
from scenes.app import App, Scene
from scenes.art import card_size, shown_felt
from scenes.assets import Weight, scaled, text_scale
from scenes.howto_text import Figure, Section, sections
from scenes.input import Act, Intent
from scenes.ui import GOLD, MUTED, WHITE, Button, Menu, draw_text, ink_pitch, panel, wrap

# ---------------------------------------------------------------------------------------------
# The scene


class Style(enum.Enum):
    HEADING = "heading"
    BODY = "body"
    GAP = "gap"  # the space between two paragraphs


# Nominal sizes and pitches (the text scale of Large text multiplies them).
BODY_SIZE = 24
BODY_PITCH = 32
HEADING_SIZE = 30
HEADING_PITCH = 48
GAP_PITCH = 14
HINT_SIZE = 18
# Up and Down scroll this many lines; the wheel this many per notch.
KEY_LINES = 3
WHEEL_LINES = 3
# The pictures: cards this wide, this far apart, in a column this wide (three cards and a
# margin) left of every paragraph's text, set against the text. The cards keep their size with
# Large text.
CARD_WIDTH = 64
CARD_GAP = 8
MOST_CARDS = 3
MARGIN = 28
GUTTER = MOST_CARDS * CARD_WIDTH + (MOST_CARDS - 1) * CARD_GAP + MARGIN


@dataclass(frozen=True)
class Row:
    text: str
    style: Style
    y: int  # from the top of the text
    height: int
    x: int = 0  # from the left of the view
    paragraph: tuple[int, int] | None = None  # a body line's section and paragraph index


@dataclass(frozen=True)
class Picture:
    """The cards drawn beside a paragraph, left to right, ending a margin before its text."""

    cards: Figure
    y: int  # from the top of the text
    paragraph: tuple[int, int]  # the section's and the paragraph's index

    @property
    def size(self) -> tuple[int, int]:
        """The pictures' width and height together."""
        count = len(self.cards)
        return count * CARD_WIDTH + (count - 1) * CARD_GAP, card_size(CARD_WIDTH)[1]

    def card_rects(self) -> list[pygame.Rect]:
        """Where each card lies, from the view's top left at the page's top."""
        size = card_size(CARD_WIDTH)
        step = CARD_WIDTH + CARD_GAP
        left = GUTTER - MARGIN - self.size[0]
        return [pygame.Rect((left + i * step, self.y), size) for i in range(len(self.cards))]


class HowToScene(Scene):
    def __init__(self, app: App, rules: Rules, players: int | None = None) -> None:
        super().__init__(app)
        self.background = shown_felt(app.screen.get_size())
        self.rect = pygame.Rect(260, 130, 1400, 800)
        # The text, inside the panel; the right margin holds the scrollbar, the top and bottom
        # margins the "more above" and "more below" marks.
        self.view = pygame.Rect(self.rect.x + 50, self.rect.y + 40, self.rect.width - 130, 0)
        self.view.height = self.rect.height - 90
        self.track = pygame.Rect(self.rect.right - 44, self.view.y, 10, self.view.height)
        self.rules, self.players = rules, players
        self.sections = sections(rules, players, app.settings)
        self.offset = 0  # pixels of text above the view
        self.dragging: int | None = None  # the grab point's distance from the thumb's top
        self._laid_out_at: float | None = None
        self.rows: list[Row] = []
        self.pictures: list[Picture] = []
        self.tops: list[int] = []  # where each section's heading starts
        self.content_height = 0
        self._layout()
        self.offset = min(self.limit, self.opening())
        back = Button(pygame.Rect(810, 960, 300, 76), _("Back"), app.pop)
        self.menu = Menu([back], on_back=app.pop)

    def relabel(self) -> None:
        """The page in the screen's language, laid out again at the same place in it."""
        self.sections = sections(self.rules, self.players, self.app.settings)
        self._laid_out_at = None
        self._layout()
        self.menu.buttons[0].label = _("Back")

    # ------------------------------------------------------------- layout and position

    def opening(self) -> int:
        """Where the page opens: at the first part on the rules in play beyond the basics, at
        the top when there is none."""
        found = [top for top, part in zip(self.tops, self.sections, strict=True) if part.in_play]
        return found[0] if found else 0

    def _layout(self) -> None:
        """Wrap the text for the current text size (Large text changes it), the headings
        across the view and the paragraphs right of the pictures' column."""
        if self._laid_out_at == text_scale():
            return
        fraction = self.fraction
        self._laid_out_at = text_scale()
        self.rows, self.pictures, self.tops = [], [], []
        y = 0
        for index, part in enumerate(self.sections):
            if self.rows:
                y = self._gap(y)
            self.tops.append(y)
            for line in wrap(part.title, HEADING_SIZE, self.view.width, Weight.BOLD):
                self.rows.append(Row(line, Style.HEADING, y, scaled(HEADING_PITCH)))
                y += scaled(HEADING_PITCH)
            y = self._paragraphs(index, part, y)
        self.content_height = y
        self.scroll_to(fraction)

    def _gap(self, y: int) -> int:
        self.rows.append(Row("", Style.GAP, y, scaled(GAP_PITCH)))
        return y + scaled(GAP_PITCH)

    def _paragraphs(self, index: int, part: Section, y: int) -> int:
        """Lay out the paragraphs of section ``index`` from ``y``; where they end."""
        width = self.view.width - GUTTER
        for i, paragraph in enumerate(part.paragraphs):
            if i:
                y = self._gap(y)
            top = y
            for line in wrap(paragraph, BODY_SIZE, width):
                row = Row(line, Style.BODY, y, scaled(BODY_PITCH), GUTTER, (index, i))
                self.rows.append(row)
                y += scaled(BODY_PITCH)
            figure = part.figure(i)
            if figure:
                picture = Picture(figure, top + 4, (index, i))
                self.pictures.append(picture)
                y = max(y, picture.y + picture.size[1] + 4)  # the text is never shorter
        return y

    @property
    def limit(self) -> int:
        """The largest offset: the last line at the bottom of the view."""
        return max(0, self.content_height - self.view.height)

    @property
    def fraction(self) -> float:
        """How far down the page the view is, 0 at the top and 1 at the bottom."""
        return self.offset / self.limit if self.limit else 0.0

    @property
    def more_above(self) -> bool:
        return self.offset > 0

    @property
    def more_below(self) -> bool:
        return self.offset < self.limit

    def scroll_by(self, pixels: float) -> None:
        self.offset = min(self.limit, max(0, round(self.offset + pixels)))

    def scroll_to(self, fraction: float) -> None:
        self.offset = min(self.limit, max(0, round(self.limit * fraction)))

    def thumb(self) -> pygame.Rect:
        """The scrollbar's thumb: its length is the share of the page in view, its place the
        view's place in the page."""
        track = self.track
        if self.content_height <= self.view.height:
            return track.copy()
        length = max(48, round(track.height * self.view.height / self.content_height))
        top = track.y + round((track.height - length) * self.fraction)
        return pygame.Rect(track.x, top, track.width, length)

    # ------------------------------------------------------------- input

    def handle(self, intent: Intent) -> None:
        self._layout()
        line = scaled(BODY_PITCH)
        page = self.view.height - line
        act = intent.act
        if act is Act.SCROLL:
            self.scroll_by(-intent.amount * WHEEL_LINES * line)
        elif act in (Act.DOWN, Act.UP):
            self.scroll_by(KEY_LINES * line * (1 if act is Act.DOWN else -1))
        elif act in (Act.RIGHT, Act.LEFT, Act.PAGE_DOWN, Act.PAGE_UP):  # a page at a time
            self.scroll_by(page if act in (Act.RIGHT, Act.PAGE_DOWN) else -page)
        elif act in (Act.HOME, Act.END):
            self.scroll_to(0.0 if act is Act.HOME else 1.0)
        elif act is Act.PRESS and intent.pos is not None and self._on_bar(intent.pos):
            thumb = self.thumb()
            if thumb.collidepoint(intent.pos):
                self.dragging = intent.pos[1] - thumb.y
            else:  # a click on the track pages toward it
                self.scroll_by(page if intent.pos[1] > thumb.centery else -page)
        elif act is Act.POINT and self.dragging is not None and intent.pos is not None:
            self._drag(intent.pos[1])
        elif act is Act.RELEASE and self.dragging is not None:
            self.dragging = None
        else:
            self.menu.handle(intent)

    def _on_bar(self, pos: tuple[int, int]) -> bool:
        return self.limit > 0 and self.track.inflate(24, 0).collidepoint(pos)

    def _drag(self, y: int) -> None:
        assert self.dragging is not None
        thumb = self.thumb()
        room = self.track.height - thumb.height
        if room > 0:
            self.scroll_to((y - self.dragging - self.track.y) / room)

    # ------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        surface.blit(self.background, (0, 0))
        draw_text(surface, _("How to play"), 56, (960, 74), GOLD, Weight.BLACK, shadow=True)
        surface.blit(panel(self.rect.size, 26, (10, 16, 22, 215)), self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for row in self.rows:
            top = self.view.y + row.y - self.offset
            if row.style is Style.GAP or top + row.height < self.view.y or top > self.view.bottom:
                continue
            if row.style is Style.HEADING:
                pos = (self.view.x, top + row.height * 0.58)
                draw_text(surface, row.text, HEADING_SIZE, pos, GOLD, Weight.BOLD, "midleft")
            else:
                pos = (self.view.x + row.x, top + row.height / 2)
                draw_text(surface, row.text, BODY_SIZE, pos, WHITE, Weight.REGULAR, "midleft")
        self._draw_pictures(surface)
        surface.set_clip(clip)
        self._draw_scrollbar(surface)
        self.menu.draw(surface)
        hint = _("Wheel, Up/Down or d-pad to scroll; Left/Right or PgUp/PgDn a page")
        room = self.menu.buttons[0].rect.x - 30 - self.rect.x
        # Wrapped rather than shrunk (Large text made it 14 px to fit one line): German with
        # Large text takes three lines beside the Back button.
        lines = wrap(hint, HINT_SIZE, room, Weight.SEMIBOLD)[:3]
        pitch = ink_pitch(lines, HINT_SIZE, Weight.SEMIBOLD, scaled(HINT_SIZE) + 4)
        for i, line in enumerate(lines):
            y = 998 + (i - (len(lines) - 1) / 2) * pitch
            draw_text(surface, line, HINT_SIZE, (self.rect.x, y), MUTED, anchor="midleft")

    def _draw_pictures(self, surface: pygame.Surface) -> None:
        art = self.app.media.art
        for picture in self.pictures:
            for card, rect in zip(picture.cards, picture.card_rects(), strict=True):
                place = rect.move(self.view.x, self.view.y - self.offset)
                if place.bottom >= self.view.y and place.top <= self.view.bottom:
                    surface.blit(art.face(card, CARD_WIDTH), place)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.limit <= 0:
            return
        surface.blit(panel(self.track.size, 5, (255, 255, 255, 40), None), self.track)
        thumb = self.thumb()
        lit = self.dragging is not None
        fill = (255, 214, 102, 255) if lit else (255, 206, 84, 200)
        surface.blit(panel(thumb.size, 5, fill, None), thumb)
        mid = self.view.centerx
        if self.more_above:
            self._mark(surface, _("More above"), (mid, self.rect.y + 20), up=True)
        if self.more_below:
            self._mark(surface, _("More below"), (mid, self.rect.bottom - 25), up=False)

    def _mark(self, surface: pygame.Surface, text: str, pos: tuple[int, int], up: bool) -> None:
        """A "more" mark: a small arrow and a word, centred on ``pos``."""
        label = draw_text(surface, text, HINT_SIZE, pos, MUTED)
        size = scaled(8)
        for x in (label.x - 2 * size, label.right + 2 * size):
            tip = pos[1] - size if up else pos[1] + size
            base = pos[1] + size if up else pos[1] - size
            points = [(x - size, base), (x + size, base), (x, tip)]
            pygame.draw.polygon(surface, MUTED, points)
