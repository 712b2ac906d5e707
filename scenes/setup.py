"""Match setup: players, who sits where and under what name, the rule preset, every switch.

Every switch of the rules that matters for the chosen deck is listed with its one-line
explanation and a button that cycles its values (numbers in ascending order); the engine's own
validation says, in plain words, why a combination cannot be played, and Start stays disabled
until it can. What a row shows is what the engine will play: with the Quick match length the
target row shows the Quick target for this many players.

Every seat's name can be changed: a click, or Enter on the name, opens a text entry in the
scene (typed text, Backspace, Enter keeps it, Esc cancels). Names are cleaned like every name
the game stores. The choices are remembered for the next time (``scenes.store.lastsetup``); the
first time, Start plays the default: you against three Normal AIs with the official Classic
rules. The choices and every change to them are ``scenes.setup_model``'s; this screen lays them
out, draws them and turns presses into those changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial

import pygame

from game.ai import Level
from game.i18n import N_, _, active, ngettext
from game.match import MatchSetup, SeatKind, fresh_seed
from game.rules import FirstCard, preset_text
from scenes.app import App, Scene
from scenes.art import shown_felt
from scenes.assets import Weight, scaled, text_scale
from scenes.input import SECOND_SET_TEXT, Act, Intent, button_name, is_controller
from scenes.routes import Table
from scenes.setup_model import (
    SEAT_KINDS,
    SeatChoice,
    SetupModel,
    beginner,
    switch_label,
    typed,
    value_text,
)
from scenes.store.lastsetup import LastSetup, load_last_setup, save_last_setup, setup_path
from scenes.store.lessonrecord import load_lessons
from scenes.table.prompts import Choice, ChoiceOverlay, Option
from scenes.ui import (
    DANGER,
    GOLD,
    MUTED,
    WHITE,
    Button,
    Menu,
    draw_text,
    fit_size,
    ink_pitch,
    panel,
    render,
    text_width,
    wrap,
)

# Where the screen puts things, worked out for the text size in use. Large text makes every
# word 1.4 times bigger, so the rows cannot keep the places laid out for the normal size ("Seat
# 10" ran into its name field, "10 players" into the + button, a rule's title into its
# explanation): each column starts after the widest text before it, each row is as tall as its
# lines, and as many rows of rules show as fit (the rest scroll). At the normal size the places
# are those of the original layout.
# On the logical 1920x1080 surface. Left panel: the players, one row per seat (label, name,
# who plays it); right panel: the preset and the switches.
LEFT = pygame.Rect(60, 130, 680, 800)
RIGHT = pygame.Rect(770, 130, 1090, 800)
BOTTOM_TEXT = pygame.Rect(400, 948, 960, 120)  # between Back and Start
LABEL_X = 84
SEAT_TOP = 280  # the first seat row
HINT_Y = 250  # the line above the seats
SWITCH_X, SWITCH_TOP = 800, 300
# Text sizes (nominal: the text scale multiplies them).
PLAYERS_SIZE, LABEL_SIZE, KIND_SIZE = 34, 20, 22
SWITCH_SIZE, SWITCH_TITLE_SIZE, SWITCH_DETAIL_SIZE = 22, 22, 18
MORE_RULES = N_("More rules")
AI_LABELS = {
    Level.EASY: N_("Easy AI"),
    Level.NORMAL: N_("Normal AI"),
    Level.HARD: N_("Hard AI"),
    Level.EXPERT: N_("Expert AI"),
}


def seat_label(seat: int) -> str:
    return _("Seat {number}").format(number=seat + 1)


def players_text(players: int) -> str:
    return ngettext("{count} player", "{count} players", players).format(count=players)


def person_label(pad: int | None) -> str:
    """Who plays a person's seat: a person, or a person with controller number ``pad``."""
    if pad is None:
        return _("Person")
    # TRANSLATORS: a person at the screen who holds controller number {number} (short).
    return _("Person + pad {number}").format(number=pad)


def kind_labels() -> tuple[str, ...]:
    """The widest texts of the who-plays column, in the screen's language."""
    return (person_label(10), _(AI_LABELS[Level.NORMAL]), _(AI_LABELS[Level.EXPERT]), _("Phone"))


@dataclass(frozen=True)
class SetupGrid:
    """The places of the setup screen's parts at one text size."""

    minus: pygame.Rect
    players_at: tuple[int, int]  # the centre of "N players"
    plus: pygame.Rect
    name_x: int
    name_w: int
    kind_x: int
    kind_w: int
    seat_h: int
    seat_pitch: int
    open_hands: pygame.Rect
    switch_w: int
    switch_label_x: int
    detail_width: int
    more_rules: pygame.Rect

    def seat_y(self, seat: int) -> int:
        """The top of a seat's row."""
        return SEAT_TOP + seat * self.seat_pitch

    def rows_visible(self, row_h: int) -> int:
        """How many switch rows of ``row_h`` fit the right panel (a row's gap may stick out)."""
        return max(1, (RIGHT.bottom + 4 - SWITCH_TOP) // row_h)


def title_pitch() -> int:
    """The height of a switch's title line."""
    return round(scaled(SWITCH_TITLE_SIZE) * 1.1)


def detail_pitch() -> int:
    """The height of a line of a switch's explanation."""
    return round(scaled(SWITCH_DETAIL_SIZE) * 1.2)


def row_height(detail_lines: int, title: int | None = None, detail: int | None = None) -> int:
    """A switch row: its title, its explanation's lines and a gap; never below the original.
    ``title`` and ``detail`` are the lines' pitches where the language needs more room."""
    title = title_pitch() if title is None else title
    detail = detail_pitch() if detail is None else detail
    return max(52, title + detail_lines * detail + 6)


def width_of(text: str, size: int, weight: Weight) -> int:
    """How wide ``text`` is drawn (measured as the text layer draws it: a language's letters
    that Inter lacks come from its fallback font, as wide as they are there)."""
    return render(text, size, WHITE, weight).get_width()


@cache
def setup_grid(scale: float, language: str = "en") -> SetupGrid:
    """The grid at text scale ``scale`` for the texts of ``language`` (the fonts measured are
    at that scale and the words in that language: callers pass ``text_scale()`` and the
    screen's language, so the cache is per size and language)."""
    players_w = width_of(players_text(10), PLAYERS_SIZE, Weight.BOLD)
    minus = pygame.Rect(80, 160, 64, 60)
    # The count between the buttons with room on both sides (it touched + at Large text).
    plus = pygame.Rect(max(356, minus.right + 32 + players_w), 160, 64, 60)
    players_at = ((minus.right + plus.x) // 2, 190)
    label_w = width_of(seat_label(9), LABEL_SIZE, Weight.SEMIBOLD)
    name_x = max(176, LABEL_X + label_w + 16)
    kind_text = max(width_of(t, KIND_SIZE, Weight.SEMIBOLD) for t in kind_labels())
    kind_w = max(196, min(300, kind_text + 28))
    kind_x = LEFT.right - 24 - kind_w
    seat_h = max(50, scaled(24) + 16)
    seat_pitch = seat_h + 8
    bottom = max(870, SEAT_TOP + 10 * seat_pitch + 4)
    open_hands = pygame.Rect(84, bottom, 632, max(44, scaled(20) + 16))
    widest_value = value_text(FirstCard.CLASSIC_EFFECTS)
    switch_w = max(240, width_of(widest_value, SWITCH_SIZE, Weight.REGULAR) + 40)
    label_x = SWITCH_X + switch_w + 20
    more_w = max(160, width_of(_(MORE_RULES), 22, Weight.SEMIBOLD) + 32)
    more = pygame.Rect(RIGHT.right - 20 - more_w, 240, more_w, max(48, scaled(22) + 18))
    return SetupGrid(
        minus,
        players_at,
        plus,
        name_x,
        kind_x - 12 - name_x,
        kind_x,
        kind_w,
        seat_h,
        seat_pitch,
        open_hands,
        switch_w,
        label_x,
        RIGHT.right - 24 - label_x,
        more,
    )


NAME_PAD = 14  # text inside a name field starts this far from its edge
NAME_SIZES = (24, 22, 20, 18)  # a long name is drawn smaller, then cut with an ellipsis
DETAIL_LINES = 3  # a rule's explanation wraps to at most this many lines
CARET_S = 1.0  # the caret blinks once a second: on for the first 60%


def fit_name(text: str, width: int) -> tuple[str, int]:
    """``text`` and a size at which it fits ``width`` pixels: smaller first, then cut."""
    for size in NAME_SIZES:
        if text_width(text, size, Weight.BOLD) <= width:
            return text, size
    size = NAME_SIZES[-1]
    while text and text_width(text + "...", size, Weight.BOLD) > width:
        text = text[:-1]
    return text + "...", size


def kind_text(kind: SeatChoice) -> str:
    """A seat's kind in the list of kinds: Person, Phone, or an AI level."""
    if kind is SeatKind.PHONE:
        return _("Phone")
    if isinstance(kind, Level):
        return _(AI_LABELS[kind])
    return person_label(None)


def kind_list(app: App, seat: int, choose: Callable[[SeatChoice], None]) -> ChoiceOverlay:
    """Every kind a seat can have, one press away (a cycle took five presses from Normal to
    Easy); it opens on the seat's kind, and Esc keeps it."""

    def choice() -> Choice:
        options = [Option(kind_text(kind), "", partial(choose, kind)) for kind in SEAT_KINDS]
        return Choice(_("Who plays seat {number}?").format(number=seat + 1), "", options)

    box = pygame.Rect(0, 0, 700, 300)
    box.center = (960, 540)
    overlay = ChoiceOverlay(app, box, choice, lambda: True, columns=2, can_cancel=True)
    return overlay


def bottom_paragraphs(
    model: SetupModel, error: str | None, uno: str, new: bool = False
) -> list[tuple[str, tuple[int, int, int]]]:
    """What the bottom of the screen says (and in what colour): why Start is off, else the
    hints for this table; ``uno`` is the controller button that calls UNO; ``new``: the player
    is new to UNO (a word on the rules and the AIs first)."""
    paragraphs: list[tuple[str, tuple[int, int, int]]] = []
    if error is not None:
        # TRANSLATORS: {reason} is the rules' own word on why they cannot be played.
        paragraphs.append((_("Cannot start: {reason}.").format(reason=error), DANGER))
    elif new:
        note = _(
            "New to UNO? The Classic rules are the ones the lessons teach, and Easy AIs play "
            "gently. Click an AI's level to choose another."
        )
        paragraphs.append((note, GOLD))
    people = model.people()
    if any(model.kinds[s] is SeatKind.PHONE for s in range(model.players)):
        phones = _(
            "Phone seats: each person scans their seat's code on the table with their phone "
            "(same Wi-Fi), then holds their cards there."
        )
        paragraphs.append((phones, MUTED))
    elif not people:
        paragraphs.append((_("Nobody plays in person: you watch the AIs."), MUTED))
    if len(people) > 1:
        couch = _(
            "Couch play: {uno} on a controller gives it to the next person (again: the one "
            "after), or A at their first turn. Second person on the keyboard: {keys}."
        )
        paragraphs.append((couch.format(uno=uno, keys=_(SECOND_SET_TEXT)), MUTED))
    if error is None:
        paragraphs.append((_("Changed rules are shown in amber."), MUTED))
    return paragraphs


@dataclass
class NameEntry:
    """A seat's name being typed: the text so far, and why Enter was refused, if it was."""

    seat: int
    text: str
    problem: str = ""
    blink: float = 0.0


class SetupScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        fresh = not setup_path().exists()
        last, self.notice = load_last_setup()
        self.model = SetupModel.remembered(last)
        record, _problem = load_lessons()  # the title tells of a damaged record
        self.beginner = beginner(record.finished, record.learner)
        if fresh and self.beginner:
            self.model.easy_ais()  # a remembered choice is the player's own: kept
        self.scroll = 0
        self.background = shown_felt(app.screen.get_size())
        self.menu = Menu(on_back=self._back)
        self.error: str | None = None
        self.entry: NameEntry | None = None
        self.flash = ""  # a word for a press that cannot do what was asked (A on a name)
        # While a name is typed: the input layer's own translate, and what it had overridden.
        self._translate: Callable[[pygame.event.Event], list[Intent]] = app.input.translate
        self._shadowed: Callable[[pygame.event.Event], list[Intent]] | None = None
        self._name_buttons: list[Button] = []
        self._switch_buttons: list[Button] = []
        self._row_h = row_height(1)
        self._title_pitch, self._detail_pitch = title_pitch(), detail_pitch()
        self._visible = 12  # switch rows shown (set by _build for the text size)
        self._build()

    @property
    def grid(self) -> SetupGrid:
        """The places of the screen's parts at the text size in use."""
        return setup_grid(text_scale(), active().code)

    @property
    def kinds(self) -> list[SeatChoice]:
        """Who plays each seat (None: a person); the model's own list."""
        return self.model.kinds

    @property
    def pads(self) -> dict[int, int]:
        """Couch play: controllers given to people here (device id -> seat)."""
        return self.model.pads

    # ------------------------------------------------------------- state

    def relabel(self) -> None:
        """The buttons in the screen's language (the grid is measured again for its words)."""
        self._build()

    def _build(self) -> None:
        """The buttons for the choices as they are now (after every change)."""
        model = self.model
        model.forget_pads()
        self.error = model.problem()
        focus = self.menu.focus
        buttons: list[Button] = []
        # Players.
        grid = self.grid
        buttons.append(Button(grid.minus, "-", self._fewer, text_size=36))
        buttons.append(Button(grid.plus, "+", self._more, text_size=36))
        self._name_buttons = []
        for seat in range(model.players):
            y = grid.seat_y(seat)
            # The name is drawn by the scene (fitted, or as a text entry), not as a label.
            field = Button(
                pygame.Rect(grid.name_x, y, grid.name_w, grid.seat_h),
                "",
                partial(self._edit_name, seat),
                color=(22, 32, 42),
            )
            self._name_buttons.append(field)
            buttons.append(field)
            kind = pygame.Rect(grid.kind_x, y, grid.kind_w, grid.seat_h)
            buttons.append(
                Button(kind, self._kind_label(seat), partial(self._cycle_kind, seat), text_size=22)
            )
        on = value_text(model.open_hands)
        label = _("Open hands (young players): {value}").format(value=on)
        buttons.append(Button(grid.open_hands, label, self._toggle_open, text_size=20))
        # Preset.
        buttons.append(
            Button(
                pygame.Rect(SWITCH_X, 160, 460, 64),
                model.rules_label(),
                self._cycle_preset,
                text_size=28,
            )
        )
        names = model.switches()
        self._switch_buttons = []
        # Every row as tall as the longest explanation needs, so rows do not jump on a change.
        lines = max((len(self._detail_lines(n)) for n in names), default=1)
        # Taller letters (Japanese, the pseudo-locale's brackets) space the lines further.
        titles = [switch_label(n) for n in names]
        details = [line for n in names for line in self._detail_lines(n)]
        self._title_pitch = ink_pitch(titles, SWITCH_TITLE_SIZE, Weight.BOLD, title_pitch())
        self._detail_pitch = ink_pitch(details, SWITCH_DETAIL_SIZE, Weight.REGULAR, detail_pitch())
        self._row_h = row_height(lines, self._title_pitch, self._detail_pitch)
        self._visible = grid.rows_visible(self._row_h)
        self.scroll = max(0, min(self.scroll, len(names) - self._visible))
        button_h = max(44, scaled(SWITCH_TITLE_SIZE) + 16)
        for row, name in enumerate(names[self.scroll : self.scroll + self._visible]):
            rect = pygame.Rect(SWITCH_X, 0, grid.switch_w, button_h)
            rect.centery = SWITCH_TOP + row * self._row_h + (self._row_h - 8) // 2
            switch = Button(
                rect,
                model.switch_text(name),
                partial(self._cycle, name),
                text_size=22,
                color=(90, 70, 30) if model.changed(name) else (40, 56, 72),
            )
            self._switch_buttons.append(switch)
            buttons.append(switch)
        if len(names) > self._visible:
            buttons.append(Button(grid.more_rules, _(MORE_RULES), self._scroll, text_size=22))
        start = Button(
            pygame.Rect(1380, 960, 420, 84),
            _("Start"),
            self._start,
            text_size=40,
            color=(40, 130, 80),
            enabled=self.error is None,
        )
        back = Button(pygame.Rect(120, 960, 260, 84), _("Back"), self._back, text_size=32)
        buttons.append(back)
        buttons.append(start)
        self.menu.buttons = buttons
        self.menu.focus = min(focus, len(buttons) - 1) if focus else len(buttons) - 1
        self._names = names

    def switch_button(self, name: str) -> Button | None:
        """The button of a switch, when its row is on screen."""
        rows = self._names[self.scroll : self.scroll + self._visible]
        if name not in rows:
            return None
        return self._switch_buttons[rows.index(name)]

    def _kind_label(self, seat: int) -> str:
        kind = self.model.kinds[seat]
        if kind is SeatKind.PHONE:
            return _("Phone")
        if isinstance(kind, Level):
            return _(AI_LABELS[kind])
        pad = next((d for d, s in self.model.pads.items() if s == seat), None)
        return person_label(None if pad is None else self._pad_number(pad))

    def _pad_number(self, device: int) -> int:
        """Controllers are numbered on screen in the order they were connected."""
        connected = sorted(self.app.input.controllers)
        return connected.index(device) + 1 if device in connected else len(connected) + 1

    def _changed(self, change: Callable[[], None]) -> None:
        """Make a change to the choices, then show them."""
        change()
        self._build()

    def _toggle_open(self) -> None:
        self._changed(self.model.toggle_open)

    def _fewer(self) -> None:
        self._changed(self.model.fewer)

    def _more(self) -> None:
        self._changed(self.model.more)

    def _cycle_kind(self, seat: int) -> None:
        listed = kind_list(self.app, seat, partial(self._set_kind, seat))
        listed.menu.focus = SEAT_KINDS.index(self.model.kinds[seat])
        self.app.push(listed)

    def _set_kind(self, seat: int, kind: SeatChoice) -> None:
        self._changed(partial(self.model.set_kind, seat, kind))

    def _cycle_preset(self) -> None:
        self._changed(self.model.cycle_preset)

    def _cycle(self, name: str) -> None:
        self._changed(partial(self.model.cycle, name))

    def _scroll(self) -> None:
        last = len(self._names) - self._visible
        self.scroll = 0 if self.scroll >= last else min(last, self.scroll + 6)
        self._build()

    # ------------------------------------------------------------- names

    def _edit_name(self, seat: int) -> None:
        """Open the text entry on a seat's name (the typed name, or empty to show the default)."""
        if self.entry is not None:
            self._finish_name(keep=True)
            if self.entry is not None:
                return  # the name being typed was refused; it stays open
        self.entry = NameEntry(seat, self.model.given_name(seat))
        self.flash = ""
        # The input layer turns key presses into moves and drops typed text; while a name is
        # typed, this scene reads the keyboard's events first (see _typing_translate).
        layer = self.app.input
        self._shadowed = vars(layer).get("translate")
        self._translate = layer.translate
        # setattr: an instance attribute over the method, removed again by _unhook.
        setattr(layer, "translate", self._typing_translate)  # noqa: B010
        pygame.key.start_text_input()
        rect = self._name_buttons[seat].rect
        pygame.key.set_text_input_rect(rect)

    def _typing_translate(self, event: pygame.event.Event) -> list[Intent]:
        """Typed text and the keys of a text entry; everything else goes on as usual."""
        entry = self.entry
        if entry is None:  # pragma: no cover - the entry closes before it unhooks
            return self._translate(event)
        if event.type == pygame.TEXTINPUT:
            self._type(str(getattr(event, "text", "")))
            return []
        if event.type == pygame.KEYDOWN:
            key = getattr(event, "key", None)
            if key == pygame.K_BACKSPACE:
                entry.text = entry.text[:-1]
                entry.problem = ""
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._finish_name(keep=True)
            elif key == pygame.K_ESCAPE:
                self._finish_name(keep=False)
            # Every other key is typing (its text comes as TEXTINPUT), never a move: D must not
            # draw and Space must not press a button while a name is typed.
            return []
        if event.type == pygame.KEYUP:
            return []
        return self._translate(event)

    def _type(self, text: str) -> None:
        if self.entry is not None:
            self.entry.text = typed(self.entry.text, text)
            self.entry.problem = ""

    def _finish_name(self, keep: bool) -> None:
        """Close the entry; with ``keep``, the cleaned name (empty: the default) is the seat's,
        unless another seat already has it, which leaves the entry open with the reason."""
        entry = self.entry
        if entry is None:
            return
        if keep:
            problem = self.model.rename(entry.seat, entry.text)
            if problem is not None:
                entry.problem = problem
                return
        self.entry = None
        self._unhook()
        self._build()

    def _unhook(self) -> None:
        layer = self.app.input
        if vars(layer).get("translate") == self._typing_translate:
            if self._shadowed is None:
                del layer.translate
            else:
                setattr(layer, "translate", self._shadowed)  # noqa: B010
        self._shadowed = None
        pygame.key.stop_text_input()

    # ------------------------------------------------------------- leaving

    def last_setup(self) -> LastSetup:
        """The choices on screen, as they are remembered."""
        return self.model.last_setup()

    def setup(self) -> MatchSetup:
        return self.model.match_setup(fresh_seed())

    def _start(self) -> None:
        if self.error is not None:
            return
        # Remembering is a convenience: a disk that refuses it must not keep anyone from playing.
        save_last_setup(self.last_setup())
        table = Table(self.setup(), autosave=True, pads=self.pads, offer_lesson=True)
        self.app.go(table, "replace")

    def _back(self) -> None:
        # Names typed and rules chosen are kept even without a game, when they can be played.
        if self.error is None:
            save_last_setup(self.last_setup())
        self.app.pop()

    # ------------------------------------------------------------- scene

    def exit(self) -> None:
        if self.entry is not None:
            self.entry = None
            self._unhook()

    def pause(self) -> None:
        self.exit()

    def update(self, dt: float) -> None:
        if self.entry is not None:
            self.entry.blink = (self.entry.blink + dt) % CARET_S

    def handle(self, intent: Intent) -> None:
        if self.entry is not None and not self._handle_typing(intent):
            return
        if intent.act not in (Act.POINT, Act.RELEASE):
            self.flash = ""
        if intent.act is Act.UNPLUGGED:
            if self.model.pads.pop(intent.device, None) is not None:
                self._build()
            return
        if intent.act is Act.UNO and is_controller(intent.device) and len(self.model.people()) > 1:
            self._changed(partial(self.model.give_pad, intent.device))
            return
        if intent.act is Act.SCROLL and intent.amount:
            limit = max(0, len(self._names) - self._visible)
            self.scroll = min(limit, max(0, self.scroll - intent.amount))
            self._build()
            return
        focused = self.menu.buttons[self.menu.focus % len(self.menu.buttons)]
        if (
            intent.act is Act.CONFIRM
            and is_controller(intent.device)
            and focused in self._name_buttons
        ):
            # There is no keyboard on a pad: the seat keeps its name, and the player knows.
            self.flash = _("Names are typed on a keyboard; the seat keeps its name.")
            return
        self.menu.handle(intent)

    def _handle_typing(self, intent: Intent) -> bool:
        """An intent while a name is typed; True when it should go on to the buttons too."""
        entry = self.entry
        assert entry is not None
        act = intent.act
        if act is Act.CONFIRM:  # a controller's A (the keyboard's Enter never gets here)
            self._finish_name(keep=True)
            return False
        if act is Act.BACK:
            self._finish_name(keep=False)
            return False
        if act is Act.PRESS and intent.pos is not None:
            if self._name_buttons[entry.seat].rect.collidepoint(intent.pos):
                return False  # a click in the field being typed
            # A click elsewhere keeps the name, then does what it was aimed at.
            self._finish_name(keep=True)
            return self.entry is None
        return act in (Act.POINT, Act.RELEASE, Act.SCROLL, Act.UNPLUGGED)

    # ------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        if self.notice:
            self._draw_notice(surface, self.notice)
        else:
            draw_text(surface, _("New game"), 56, (960, 74), GOLD, Weight.BLACK, shadow=True)
        for rect in (LEFT, RIGHT):
            surface.blit(panel(rect.size, 26, (10, 16, 22, 200)), rect)
        grid = self.grid
        players = players_text(self.model.players)
        draw_text(surface, players, PLAYERS_SIZE, grid.players_at, WHITE, Weight.BOLD)
        self._draw_hint(surface)
        for seat in range(self.model.players):
            y = grid.seat_y(seat) + grid.seat_h / 2
            label = seat_label(seat)
            draw_text(surface, label, LABEL_SIZE, (LABEL_X, y), MUTED, anchor="midleft")
        self._draw_rules(surface)
        self._draw_bottom(surface)
        self.menu.draw(surface)
        names = self.model.seat_names()
        for seat, button in enumerate(self._name_buttons):
            if self.entry is not None and self.entry.seat == seat:
                self._draw_entry(surface, button.rect, self.entry, names[seat])
                continue
            text, size = fit_name(names[seat], button.rect.width - 2 * NAME_PAD)
            color = WHITE if self.model.given_name(seat) else (222, 228, 236)
            left = (button.rect.x + NAME_PAD, button.rect.centery)
            draw_text(surface, text, size, left, color, Weight.BOLD, "midleft")

    def _draw_notice(self, surface: pygame.Surface, notice: str) -> None:
        """A message about the remembered file, where the title would be."""
        lines = wrap(notice, 20, 1640)[:4]
        pitch = scaled(26)
        rect = pygame.Rect(0, 0, 1720, 20 + len(lines) * pitch)
        rect.midtop = (960, max(6, 122 - rect.height))
        surface.blit(panel(rect.size, 14, (8, 12, 18, 235), (255, 206, 84, 180)), rect)
        for i, line in enumerate(lines):
            y = rect.y + 10 + pitch // 2 + i * pitch
            draw_text(surface, line, 20, (960, y), WHITE, Weight.REGULAR)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        """One line above the seats: how to rename, or what the entry is waiting for."""
        color = MUTED
        if self.entry is not None and self.entry.problem:
            hint, color = self.entry.problem, DANGER
        elif self.entry is not None:
            hint = _("Type a name. Enter keeps it, Esc cancels.")
        elif self.flash:
            hint, color = self.flash, GOLD
        else:
            hint = _("Click a name, or press Enter on it, to change it.")
        # The left panel's width: a longer language at Large text ran past the panel's edge.
        box = LEFT.right - 24 - LABEL_X
        size = fit_size(hint, 20, box, Weight.REGULAR)
        draw_text(surface, hint, size, (LABEL_X, HINT_Y), color, Weight.REGULAR, "midleft", box=box)

    def _draw_entry(
        self, surface: pygame.Surface, rect: pygame.Rect, entry: NameEntry, default: str
    ) -> None:
        """The name field while typing: lighter, a gold edge, the text and a caret."""
        surface.blit(panel(rect.size, 16, (44, 60, 78, 255), (255, 214, 102, 255), 3), rect)
        inner = rect.inflate(-2 * NAME_PAD, 0)
        caret_x = inner.x
        if entry.text:
            size = next(
                (s for s in NAME_SIZES if text_width(entry.text + "|", s, Weight.BOLD) <= inner.w),
                NAME_SIZES[-1],
            )
            image = render(entry.text, size, WHITE, Weight.BOLD)
            # Too long even small: show the end being typed, as a text field scrolls.
            shown = min(image.get_width(), inner.w - 4)
            area = pygame.Rect(image.get_width() - shown, 0, shown, image.get_height())
            top = rect.centery - image.get_height() // 2
            surface.blit(image, (inner.x, top), area)
            caret_x = inner.x + shown + 1
        else:
            # An empty entry keeps the default: it is shown faintly, as a placeholder.
            text, size = fit_name(default, inner.w - 10)
            draw_text(
                surface,
                text,
                size,
                (inner.x + 8, rect.centery),
                (120, 132, 146),
                Weight.BOLD,
                "midleft",
            )
        if entry.blink < CARET_S * 0.6:
            pygame.draw.line(surface, GOLD, (caret_x, rect.y + 11), (caret_x, rect.bottom - 11), 2)

    def _detail_lines(self, name: str) -> list[str]:
        """A switch's explanation, wrapped to the room beside its button."""
        width = self.grid.detail_width
        return wrap(self.model.switch_detail(name), SWITCH_DETAIL_SIZE, width)[:DETAIL_LINES]

    def _draw_rules(self, surface: pygame.Surface) -> None:
        grid = self.grid
        more = grid.more_rules
        left = SWITCH_X + 460 + 30  # right of the preset button
        preset = preset_text(self.model.preset)
        lines = wrap(preset, 20, RIGHT.right - left - 30)[:3]
        pitch = scaled(26)
        for i, line in enumerate(lines):
            y = 192 + (i - (len(lines) - 1) / 2) * pitch
            draw_text(surface, line, 20, (left, y), MUTED, Weight.REGULAR, "midleft")
        x = grid.switch_label_x
        for row, name in enumerate(self._names[self.scroll : self.scroll + self._visible]):
            top = SWITCH_TOP + row * self._row_h
            title = switch_label(name)
            title_y = top + self._title_pitch // 2
            draw_text(
                surface, title, SWITCH_TITLE_SIZE, (x, title_y), WHITE, Weight.BOLD, "midleft"
            )
            for i, line in enumerate(self._detail_lines(name)):
                pitch = self._detail_pitch
                y = top + self._title_pitch + i * pitch + pitch // 2
                size = SWITCH_DETAIL_SIZE
                draw_text(surface, line, size, (x, y), MUTED, Weight.REGULAR, "midleft")
        if len(self._names) > self._visible:
            last = min(len(self._names), self.scroll + self._visible)
            shown = (
                _("Rules {first}-{last} of {count} (scroll for more)")
                if last < len(self._names)
                else _("Rules {first}-{last} of {count} (scroll back for the first)")
            ).format(first=self.scroll + 1, last=last, count=len(self._names))
            at = (more.x - 16, more.centery)
            draw_text(surface, shown, 18, at, MUTED, anchor="midright")

    def _draw_bottom(self, surface: pygame.Surface) -> None:
        """Between Back and Start: why Start is off, else the hints for this table."""
        uno = button_name(self.app.settings.buttons["uno"])
        paragraphs = bottom_paragraphs(self.model, self.error, uno, self.beginner)
        lines = [
            (line, color)
            for text, color in paragraphs
            for line in wrap(text, 19, BOTTOM_TEXT.width)
        ]
        lines = lines[:4]
        pitch = scaled(24)
        top = BOTTOM_TEXT.centery - (len(lines) - 1) * pitch / 2
        if lines:
            # On a panel of its own: straight on the felt, a warning read at 1.9:1.
            back = pygame.Rect(0, 0, BOTTOM_TEXT.width + 40, len(lines) * pitch + 16)
            back.center = (BOTTOM_TEXT.centerx, round(top + (len(lines) - 1) * pitch / 2))
            surface.blit(panel(back.size, 14, (10, 16, 22, 200), None), back)
        for i, (line, color) in enumerate(lines):
            at = (BOTTOM_TEXT.centerx, top + i * pitch)
            draw_text(surface, line, 19, at, color, Weight.REGULAR)
