"""The phones' join screen, over the table: a QR code and an address for each phone seat.

The table opens it by itself while a phone seat's phone is not connected (before the first
move, or when a phone drops mid-match): the match waits meanwhile. Each seat shows whether its
phone has joined; the host can let the computer play a seat whose phone does not come, and give
it back later (the pause menu's "Phones" opens the same screen at any time). It closes itself
once no phone is awaited.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

import pygame

from game.ai import Level
from game.i18n import N_, _, active, ngettext
from game.match import Match
from game.phones.hub import PhoneHub, together
from scenes.app import App, Scene
from scenes.assets import Weight, scaled
from scenes.input import Act, Intent
from scenes.table.overlays import ask_before_leaving
from scenes.table.qr import qr_surface
from scenes.ui import (
    DANGER,
    GOLD,
    MUTED,
    WHITE,
    Button,
    Menu,
    dim,
    draw_text,
    fit_size,
    panel,
    typed_text,
    wrap,
)

SCREEN_W, SCREEN_H = 1920, 1080
TOP, GAP = 190, 24  # the title above the seats; the footnote and the buttons are below them
JOINED = (120, 220, 140)
# A seat's code is at least this wide where the seats allow (about 85 pixels on a 1366x768
# screen: a phone's camera reads it from arm's length); the address is drawn on one line at the
# largest size up to ADDRESS_SIZE that fits its cell, never below ADDRESS_MIN.
MIN_CODE = 120
ADDRESS_SIZE, ADDRESS_MIN = 26, 12  # a nominal size, and the least size drawn in pixels
FOOTNOTE_SIZE = 22
BUTTONS_TOP = SCREEN_H - 40 - 64  # the Leave and Close buttons' top
LEAVE = N_("Leave to title")
CLOSE = N_("Close")
FIREWALL = N_(
    "Phones must be on the same Wi-Fi as this computer. If a phone cannot open the page, "
    "this computer's firewall may be asking: allow One More Card on private networks."
)
# A seat's state, as its cell says it.
STATUS = {
    "joined": N_("Joined \u2713"),
    "waiting": N_("Waiting for the phone\u2026"),
    "computer": N_("Played by the computer"),
}


class PhoneTable(Protocol):
    """What the join screen needs of the table."""

    app: App
    match: Match
    autosave: bool

    @property
    def phones(self) -> PhoneHub | None: ...

    def leave(self) -> None: ...


class JoinOverlay(Scene):
    """Who has joined from their phone, and how the others can."""

    opaque = False
    # The table keeps running below: it takes in the phones' arrivals every frame.
    freezes_below = False

    def __init__(self, app: App, table: PhoneTable, automatic: bool) -> None:
        super().__init__(app)
        self.table = table
        self.automatic = automatic
        self.menu = Menu(on_back=None if automatic else self._close)
        self.codes: dict[int, pygame.Surface] = {}
        self.shown: tuple[tuple[int, str], ...] = ()
        self.cells: dict[int, pygame.Rect] = {}
        self._rebuild()

    @property
    def hub(self) -> PhoneHub | None:
        return self.table.phones

    def seats(self) -> tuple[int, ...]:
        return self.hub.seats if self.hub is not None else ()

    def state(self, seat: int) -> str:
        """ "joined", "waiting" or "computer"."""
        match = self.table.match
        if match.played_by_ai(seat):
            return "computer"
        hub = self.hub
        return "joined" if hub is not None and hub.connected(seat) else "waiting"

    # ------------------------------------------------------------- scene

    def update(self, dt: float) -> None:
        if self.automatic and not self.table.match.away:
            self.app.close(self)  # every phone is here (or played by the computer): play on
            return
        if tuple((s, self.state(s)) for s in self.seats()) != self.shown:
            self._rebuild()

    def handle(self, intent: Intent) -> None:
        if self.menu.handle(intent):
            return
        if intent.act in (Act.BACK, Act.PAUSE) and not self.automatic:
            self._close()

    def _close(self) -> None:
        self.app.close(self)

    def _leave(self) -> None:
        table = self.table
        ask_before_leaving(self.app, table.match, table.autosave, table.leave)

    # ------------------------------------------------------------- layout

    def _grid(self) -> tuple[int, int, int, int]:
        """Columns, rows, cell width and cell height for the phone seats: of the arrangements
        whose codes are at least MIN_CODE wide, those whose address fits on one line (or, if
        none does, those with the widest codes), the one whose address line is largest, then
        whose code is."""
        count = max(1, len(self.seats()))
        bottom = self.footnote()[0].top - GAP  # the note's lines at this text size come first
        best: tuple[tuple[bool, bool, int, int], tuple[int, int, int, int]] | None = None
        for columns in range(1, min(count, 5) + 1):
            rows = math.ceil(count / columns)
            most = 760 if rows == 1 else 900
            width = min(most, (SCREEN_W - 160 - (columns - 1) * GAP) // columns)
            height = (bottom - TOP - (rows - 1) * GAP) // rows
            cell = pygame.Rect(0, 0, width, height)
            side = self._spots(cell)[0].width
            size = self._address_size(width)
            fits = typed_text(self._longest(), size).get_width() <= width - 24
            # A code too small to scan is worse than a small address: the code comes first.
            rank = (side >= MIN_CODE, fits, size if side >= MIN_CODE else side, side)
            if best is None or rank > best[0]:
                best = rank, (columns, rows, width, height)
        assert best is not None
        return best[1]

    def address(self, seat: int) -> str:
        """A seat's address as shown to be typed: without "http://", which every browser adds
        by itself (the line is shorter, so it fits on one line at a larger size)."""
        url = self.hub.url(seat) if self.hub is not None else ""
        return url.removeprefix("http://")

    def _longest(self) -> str:
        return max((self.address(s) for s in self.seats()), key=len, default="")

    def _address_size(self, width: int) -> int:
        """The largest text size at which every seat's address fits a cell ``width`` wide (the
        smallest allowed, drawn ADDRESS_MIN pixels or more, when none does)."""
        longest = self._longest()
        size = ADDRESS_SIZE
        # Down to ADDRESS_MIN pixels as drawn (Large text draws each size 1.4 times larger).
        while size > 1 and scaled(size - 1) >= ADDRESS_MIN:
            if typed_text(longest, size).get_width() <= width - 24:
                return size
            size -= 1
        return size

    def address_spot(self, seat: int) -> tuple[int, pygame.Rect]:
        """The text size of a seat's address and the one line it takes on the screen."""
        cell = self.cells[seat]
        code_spot = self._spots(cell)[0]
        size = self._address_size(cell.width)
        image = typed_text(self.address(seat), size)
        if self._wide(cell):
            rect = image.get_rect(center=(cell.centerx, (code_spot.bottom + cell.bottom) // 2))
        else:
            rect = image.get_rect(midtop=(cell.centerx, code_spot.bottom + 10))
        return size, rect

    def footnote(self) -> tuple[pygame.Rect, list[tuple[str, tuple[int, int, int]]]]:
        """The panel under the seats and its lines: the address problem (if any) and the note
        on Wi-Fi and firewalls, wrapped in their own panel (drawn bare, the note ran across the
        move log and the hand below the dimmed table)."""
        hub = self.hub
        problem = hub.address_problem if hub is not None else ""
        width = SCREEN_W - 320
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if problem:
            lines += [(line, DANGER) for line in wrap(_(problem), FOOTNOTE_SIZE, width - 40)]
        lines += [(line, MUTED) for line in wrap(_(FIREWALL), FOOTNOTE_SIZE, width - 40)]
        pitch = scaled(FOOTNOTE_SIZE) + 8
        rect = pygame.Rect(0, 0, width, len(lines) * pitch + 16)
        rect.midbottom = (SCREEN_W // 2, BUTTONS_TOP - 12)
        return rect, lines

    def _rebuild(self) -> None:
        seats = self.seats()
        self.shown = tuple((s, self.state(s)) for s in seats)
        columns, _rows, width, height = self._grid()
        total_w = columns * width + (columns - 1) * GAP
        left = (SCREEN_W - total_w) // 2
        buttons: list[Button] = []
        self.cells = {}
        for i, seat in enumerate(seats):
            row, column = divmod(i, columns)
            x, y = left + column * (width + GAP), TOP + row * (height + GAP)
            cell = pygame.Rect(x, y, width, height)
            self.cells[seat] = cell
            name = self.table.match.setup_seats[seat].name
            state = self.state(seat)
            rect = self._spots(cell)[2]
            if state == "computer":
                label = _("Back to {name}'s phone").format(name=name)
                buttons.append(Button(rect, label, self._back(seat), text_size=24))
            elif state == "waiting":
                label = _("Computer plays {name}").format(name=name)
                buttons.append(Button(rect, label, self._computer(seat), text_size=24))
        bottom = pygame.Rect(0, 0, 360, 64)
        bottom.midtop = (SCREEN_W // 2 - (0 if self.automatic else 190), BUTTONS_TOP)
        leave = _(LEAVE)
        buttons.append(Button(bottom, leave, self._leave, text_size=28))
        if not self.automatic:
            close = bottom.move(380, 0)
            buttons.append(Button(close, _(CLOSE), self._close, text_size=28))
        # The focus stays on its button when the seats change (a phone joins: its button goes);
        # at first it is on the safe choice, never on leaving: Enter must not end the match.
        menu = self.menu
        was = menu.buttons[menu.focus].label if 0 <= menu.focus < len(menu.buttons) else None
        labels = [b.label for b in buttons]
        safe = _(CLOSE) if not self.automatic else next(t for t in labels if t != leave)
        menu.buttons = buttons
        menu.columns = 1
        menu.focus = labels.index(was if was in labels else safe)

    def relabel(self) -> None:
        """The language changed: the buttons are made again in it, the focus kept where it
        was (their labels, which it follows otherwise, are all new)."""
        focus = self.menu.focus
        self._rebuild()
        if 0 <= focus < len(self.menu.buttons):
            self.menu.focus = focus

    def _computer(self, seat: int) -> Callable[[], None]:
        def click() -> None:
            if self.hub is not None:
                self.hub.hand_to_ai(seat, Level.NORMAL)
            self._rebuild()

        return click

    def _back(self, seat: int) -> Callable[[], None]:
        def click() -> None:
            if self.hub is not None:
                self.hub.hand_back(seat)
            self._rebuild()

        return click

    def code(self, seat: int, size: int) -> pygame.Surface:
        """The seat's QR code, made once."""
        found = self.codes.get(seat)
        if found is None or found.get_width() > size:
            hub = self.hub
            found = qr_surface(hub.url(seat) if hub is not None else "", size)
            self.codes[seat] = found
        return found

    # ------------------------------------------------------------- drawing

    def title(self) -> str:
        match = self.table.match
        away = sorted(match.away)
        started = any(
            a.player in match.people or a.player in match.phones for a in match.game.actions
        )
        if self.automatic and away and started:
            names = [match.setup_seats[s].name for s in away]
            if len(names) == 1:
                return _("Waiting for {name}'s phone").format(name=names[0])
            # TRANSLATORS: {names} is a list of players' names, "Ana, Bo and Cy".
            text = ngettext(
                "Waiting for the phone of {names}", "Waiting for the phones of {names}", len(names)
            )
            return text.format(names=together(names, active()))
        return _("Join with your phone")

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 200)
        draw_text(surface, self.title(), 64, (SCREEN_W // 2, 80), GOLD, Weight.BLACK, shadow=True)
        draw_text(
            surface,
            _("Scan your seat's code with the phone's camera, or type its address in the browser."),
            28,
            (SCREEN_W // 2, 150),
            WHITE,
        )
        for seat, cell in self.cells.items():
            self._draw_seat(surface, seat, cell)
        rect, lines = self.footnote()
        surface.blit(panel(rect.size, 16, (10, 14, 20, 240), None), rect)
        pitch = scaled(FOOTNOTE_SIZE) + 8
        for i, (line, color) in enumerate(lines):
            y = rect.y + 8 + pitch * i + pitch // 2
            draw_text(surface, line, FOOTNOTE_SIZE, (rect.centerx, y), color, Weight.REGULAR)
        self.menu.draw(surface)

    @staticmethod
    def _wide(cell: pygame.Rect) -> bool:
        """A wide cell puts the code left of the name (many seats in two rows)."""
        return cell.width > 1.4 * cell.height

    def _spots(self, cell: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Where a seat's code, its text (name and state) and its button go in its cell."""
        if self._wide(cell):
            side = min(cell.height - 56, cell.width * 11 // 20)
            code = pygame.Rect(cell.x + 16, cell.y + 14, side, side)
            right = pygame.Rect(code.right + 16, cell.y + 14, cell.right - code.right - 32, side)
            button = pygame.Rect(right.x, right.bottom - 52, right.width, 52)
            return code, right, button
        button = pygame.Rect(cell.x + 20, cell.bottom - 66, cell.width - 40, 52)
        # Under the code, a line of address at its largest.
        line = round(scaled(ADDRESS_SIZE) * 1.3) + 20
        side = min(cell.width - 40, button.y - line - (cell.y + 96))
        code = pygame.Rect(0, cell.y + 96, side, side)
        code.centerx = cell.centerx
        return code, pygame.Rect(cell.x + 15, cell.y + 14, cell.width - 30, 70), button

    def _draw_seat(self, surface: pygame.Surface, seat: int, cell: pygame.Rect) -> None:
        # Nearly opaque: the banner of the table below must not show through the address.
        surface.blit(panel(cell.size, 18, (16, 22, 30, 245)), cell)
        name = self.table.match.setup_seats[seat].name
        state = self.state(seat)
        code_spot, text, _button = self._spots(cell)
        wide = self._wide(cell)
        anchor, x = ("midleft", text.x) if wide else ("center", text.centerx)
        size = fit_size(name, 36, text.width)
        draw_text(surface, name, size, (x, text.y + 22), WHITE, Weight.SEMIBOLD, anchor)
        status = _(STATUS[state])
        color = {"joined": JOINED, "waiting": GOLD, "computer": MUTED}[state]
        size = fit_size(status, 26, text.width)
        draw_text(surface, status, size, (x, text.y + 58), color, Weight.SEMIBOLD, anchor)
        if state == "joined":
            draw_text(surface, "\u2713", 140, code_spot.center, JOINED, Weight.BLACK)
            return
        if code_spot.width < 60:
            return
        code = self.code(seat, code_spot.width)
        spot = code.get_rect(center=code_spot.center)
        surface.blit(code, spot)
        size, line = self.address_spot(seat)
        surface.blit(typed_text(self.address(seat), size), line)
