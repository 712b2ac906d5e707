"""The table's heads-up display: seat plates, the center ring, the status banner, the move log
and the scores, drawn from the game and the presenter (no state of its own but the clock)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ai import Level
from game.cards import Card
from game.engine import Game, Phase
from game.fairness import public, short
from game.i18n import N_, _, pgettext
from game.match import Seat, SeatKind
from game.narrate import Narrator
from game.rules import RACE_ACTION_TEXT
from scenes.art import COLOR_RGB, SHADOW_STEPS, CardArt, Icon, avatar, color_shape, icon
from scenes.assets import Weight, scaled
from scenes.board.buttons import ButtonSpec
from scenes.board.layout import Box, Layout
from scenes.board.moments import draw_moments, plate_shake
from scenes.board.presenter import WIN_CARD_SCALE, Presenter
from scenes.board.sprites import SHADOW_REST, shown_lift
from scenes.input import SECOND_SET_TEXT, Act, Intent, button_name
from scenes.store.settings import Settings
from scenes.ui import (
    GOLD,
    MUTED,
    WHITE,
    Button,
    Menu,
    draw_text,
    ellipsize,
    fit_size,
    focus_ring,
    ink_box,
    ink_pitch,
    panel,
    render,
    text_width,
    wrap,
)

# The move log and the scores: opaque enough that cards passing behind never show through.
PANEL_FILL = (8, 12, 18, 238)
# The card count of a seat with one card left: a red that white text reads on at 6:1 (the
# lighter red of refusals gave it 4.2:1).
LAST_CARD = (196, 40, 48)
# TRANSLATORS: a small tag on a card of the hand that cannot be played now (keep it short).
CANNOT_PLAY = N_("can't play")
# The Fair deal badge (docs/FAIRNESS.md): its text is a little larger than the log's 17, so the
# code reads at a 1366x768 window (drawn at 0.6 of the logical size: about 13 pixels); the
# pitch and the box follow Large text as the size does.
FAIR_SIZE = 22
FAIR_PITCH = 28
FAIR_PAD = 7
FAIR_MAX_WIDTH = 480  # the opened badge may reach past the log's right edge, over the felt


def level_label(level: Level) -> str:
    """An AI seat's plate: its level, as the setup screen names it."""
    match level:
        case Level.EASY:
            return _("Easy AI")
        case Level.NORMAL:
            return _("Normal AI")
        case Level.HARD:
            return _("Hard AI")
        case Level.EXPERT:
            return _("Expert AI")


def key_line(key: str) -> str:
    """A move button's second line: the key bound to it (its name as the keyboard gives it)."""
    # TRANSLATORS: under a move's button: the key that does it ("key D").
    return _("key {key}").format(key=key) if key else ""


def _column(box: Box, count: int, gap: int = 14) -> list[pygame.Rect]:
    # Tall enough for a label and its key line at the text size in use, as the box allows.
    tallest = max(76.0, scaled(34) * 0.75 + scaled(21) * 1.55 + 16)
    height = min(tallest, (box.height - gap * (max(1, count) - 1)) / max(1, count))
    return [
        pygame.Rect(
            round(box.x), round(box.y + i * (height + gap)), round(box.width), round(height)
        )
        for i in range(count)
    ]


def flight_widths(layout: Layout) -> list[int]:
    """Every width a card is drawn at on this table: the hands', the piles' and, for a card
    changing size in flight, each ten pixels between (``SpritePainter.card`` rounds up to
    them), one step beyond at either end for the tween's overshoot (``out_back``)."""
    widths = {seat.card_width for seat in layout.seats} | {layout.pile_card_width}
    low, high = min(widths) // 10 * 10, -(-max(widths) // 10) * 10 + 10
    return sorted(widths | set(range(low, high + 1, 10)))


def win_widths(layout: Layout) -> list[int]:
    """The widths the round's winning card flies through as it rises from the pile, larger
    (``WIN_CARD_SCALE``), past ``flight_widths``: it flies unlifted, so only its shadow at rest
    is needed at each (every lift at each would overflow the shadows kept)."""
    start = layout.pile_card_width
    end = -(-round(start * WIN_CARD_SCALE) // 10) * 10 + 10
    return sorted(set(range(start // 10 * 10, end + 1, 10)) - set(flight_widths(layout)))


def warm_up(art: CardArt, layout: Layout) -> None:
    """Draw the card backs the deal will fly through now, not in the middle of it, and the
    direction ring both ways (each 10 to 30 ms: too long for one piece of spare time)."""
    for width in flight_widths(layout):
        art.back(width)
        art.shadow(width, SHADOW_REST)
    for kind in (Icon.CLOCKWISE, Icon.COUNTERCLOCKWISE):
        ring_image(kind, _ring_size(layout))


def warm_later(
    art: CardArt,
    layout: Layout,
    kinds: Sequence[Card],
    score_width: int,
    shown: Sequence[tuple[Card, int]] = (),
) -> Iterator[None]:
    """Idle work for the frames' spare time (``App.add_idle``), so that no frame later makes
    several images at once. A card's first face takes 5 to 20 ms to draw (later widths of it
    about 1 ms, its parts being kept), a shadow up to 3 ms: the end of the deal turned a hand
    face up in one 49 ms frame. In order: the faces of the hands the deal turns up (``shown``:
    each card with its width); every face at the discard pile's width; the direction ring in
    every angle it turns through (both ways: a Reverse may come); every face at the hands' and
    the score panel's widths; a card's shadow at every lift and width (``flight_widths``)."""
    for card, width in shown:
        art.face(card, width)
        yield
    for card in kinds:
        art.face(card, layout.pile_card_width)
        yield
    size = _ring_size(layout)
    for kind in (Icon.CLOCKWISE, Icon.COUNTERCLOCKWISE):
        ring = ring_image(kind, size)
        for angle in range(0, RING_REPEAT, RING_STEP):
            _rotated(ring, angle)
            yield
    widths = {score_width} | {s.card_width for s in layout.seats}
    for width in sorted(widths - {layout.pile_card_width}, reverse=True):
        for card in kinds:
            art.face(card, width)
            yield
    for width in flight_widths(layout):
        for step in range(round(SHADOW_REST * SHADOW_STEPS), SHADOW_STEPS + 1):
            art.shadow(width, step / SHADOW_STEPS)
            yield
    for width in win_widths(layout):
        art.shadow(width, SHADOW_REST)
        yield


def _ring_size(layout: Layout) -> int:
    return round(min(layout.direction.width, layout.direction.height))


@dataclass(frozen=True)
class PlateParts:
    """Where a name plate's avatar, name, second line and card count go, and the texts as
    drawn (cut with an ellipsis only when the plate has no room for them)."""

    avatar: pygame.Rect
    name: str
    name_size: int
    name_at: tuple[int, int]
    who: str
    who_size: int
    who_at: tuple[int, int]
    badge: pygame.Rect
    count_size: int

    def text_rects(self) -> list[pygame.Rect]:
        """Where the letters of the two lines are (as drawn, without the air of their boxes)."""
        out = []
        for text, size, at, weight in (
            (self.name, self.name_size, self.name_at, Weight.BOLD),
            (self.who, self.who_size, self.who_at, Weight.REGULAR),
        ):
            image = render(text, size, WHITE, weight)
            box = image.get_rect(midleft=at)
            out.append(ink_box(image).move(box.topleft))
        return out


def plate_parts(rect: pygame.Rect, name: str, who: str, count: str) -> PlateParts:
    """A seat plate's layout: the avatar on the left, the name over the second line, and the
    card count on the right, level with the name's two lines. When the name does not fit beside
    the count (Large text, ten seats), the plate reflows: a smaller avatar, the name across the
    whole width, the count beside the second line, so "Chloe" is no longer cut to "Chl..."
    nor "Normal AI" to "Norm..." when the name is short."""
    title_size = max(18, min(28, rect.height // 3))
    who_size = max(15, title_size - 8)
    diameter = rect.height - 16
    left = rect.x + diameter + 20
    badge = pygame.Rect(0, 0, 54, 40)
    badge.midright = (rect.right - 10, rect.centery)
    room = badge.x - 10 - left
    crowded = text_width(name, title_size, Weight.BOLD) > room
    if crowded or text_width(who, who_size, Weight.REGULAR) > room:
        diameter = round(rect.height * 0.6)
        left = rect.x + diameter + 18
        line = rect.height // 2 - 6
        badge = pygame.Rect(0, 0, 44, line)
        badge.bottomright = (rect.right - 8, rect.bottom - 6)
        name_room = rect.right - 10 - left
        who_room = badge.x - 8 - left
        avatar_box = pygame.Rect(rect.x + 8, 0, diameter, diameter)
        avatar_box.centery = rect.centery
        return PlateParts(
            avatar_box,
            ellipsize(name, title_size, name_room, Weight.BOLD),
            title_size,
            (left, rect.y + round(rect.height * 0.3)),
            ellipsize(who, who_size, who_room, Weight.REGULAR),
            who_size,
            (left, badge.centery),
            badge,
            fit_size(count, 20, badge.width - 6, Weight.BOLD),
        )
    return PlateParts(
        pygame.Rect(rect.x + 8, rect.y + 8, diameter, diameter),
        name,
        title_size,
        (left, rect.y + round(rect.height * 0.34)),
        ellipsize(who, who_size, room, Weight.REGULAR),
        who_size,
        (left, rect.y + round(rect.height * 0.72)),
        badge,
        24,
    )


def scores_rect(layout: Layout, players: int, teams: bool) -> pygame.Rect:
    """The scores panel: the layout's box, grown downward when Large text makes its rows
    taller (they ran into each other at the box's 26 px a row)."""
    rect = layout.scores.rect()
    rows = 2 if teams else players if players <= 4 else (players + 1) // 2
    rect.height = max(rect.height, 48 + rows * scaled(26) + 14)
    return rect


class Hud:
    """Draws everything on the table that is not a card."""

    def __init__(
        self, layout: Layout, narrator: Narrator, seats: Sequence[Seat], settings: Settings
    ) -> None:
        self.layout = layout
        self.narrator = narrator
        self.seats = tuple(seats)
        self.settings = settings
        self.clock = 0.0  # seconds: the ring turns and the turn glow pulses with it
        self.menu_hot = False  # the pointer is over the corner button: it lights like a button
        # Phone seats whose phone the table waits for, and those the computer plays for now.
        self.away: frozenset[int] = frozenset()
        self.computer: frozenset[int] = frozenset()
        # Where the focus ring was last drawn and whether its card can be played (None: no
        # card of the hand has the focus); the tests read it.
        self.focus_shown: tuple[pygame.Rect, bool] | None = None
        self.tag_shown: pygame.Rect | None = None  # the "can't play" tag on a focused card
        self.fair_open = False  # the Fair deal badge shows the whole commitment
        self.fair_shown: str | None = None  # the commitment the badge shows; the tests read it
        # Where the badge was drawn: a click there opens it.
        self.fair_box: pygame.Rect | None = None

    def draw_focus(self, surface: pygame.Surface, presenter: Presenter) -> None:
        """The ring around the card of the hand that has the focus (keys, pad or pointer): a lift
        alone was too little to see. On a dimmed card the ring stays and a tag says the card
        cannot be played now, so the focus is never lost nor taken for a playable card."""
        self.focus_shown = self.tag_shown = None
        hand = presenter.hands[presenter.viewer]
        sprite = next((s for s in hand if s.card.uid == presenter.hover), None)
        if sprite is None or sprite.flip < 0.5:
            return
        raised = shown_lift(sprite, presenter.hover, presenter.lifted) - sprite.lift
        rect = sprite.rect().move(0, -round(raised))
        ring = focus_ring(surface, rect, 12)
        playable = sprite.card.uid not in presenter.dimmed
        if not playable:
            tag = pygame.Rect(0, 0, rect.width - 8, scaled(22) + 10)
            tag.midtop = (rect.centerx, rect.y + 6)
            surface.blit(panel(tag.size, 10, (12, 16, 22, 235), None), tag)
            words = _(CANNOT_PLAY)
            size = fit_size(words, 18, tag.width - 10, Weight.BOLD)
            draw_text(surface, words, size, tag.center, WHITE, Weight.BOLD)
            self.tag_shown = tag
        self.focus_shown = (ring, playable)

    def draw_table(
        self,
        surface: pygame.Surface,
        game: Game,
        presenter: Presenter,
        status: tuple[str, tuple[int, int, int]] | None = None,
        menu_label: str | None = None,
    ) -> None:
        """Everything of the table but its buttons, in drawing order; ``status`` is the banner
        (None: the last move, or a greeting before the first); ``menu_label`` names what the
        corner button (and Esc) does in the scene that draws it (None: the pause menu)."""
        self.draw_center(surface, presenter)
        # The moments' bursts go behind the plates: the names on them stay readable.
        draw_moments(
            surface, presenter.moments, presenter.clock, lambda s: presenter.place(s).plate.rect()
        )
        for seat in range(game.players):
            self.draw_seat(surface, game, presenter, seat)
        presenter.draw(surface)
        self.draw_focus(surface, presenter)
        self.draw_status(surface, *(status or (presenter.status or _("Good luck!"), WHITE)))
        self.draw_log(surface, game, presenter.log)
        self.draw_scores(surface, game)
        self.draw_menu_button(surface, _("Menu (Esc)") if menu_label is None else menu_label)

    def draw_status(self, surface: pygame.Surface, text: str, color: tuple[int, int, int]) -> None:
        """The banner above the hand: the last move, a prompt or a refusal."""
        rect = self.layout.status.rect()
        # Large text grows these sizes as it grows every text (scenes.assets.text_scale).
        size = 30
        lines = wrap(text, size, rect.width - 40, Weight.SEMIBOLD)
        if len(lines) > 1:
            size = 24
            lines = wrap(text, size, rect.width - 40, Weight.SEMIBOLD)
            if len(lines) > 2:
                # A longer language's hint: smaller lines rather than a sentence cut short.
                size = 20
                lines = wrap(text, size, rect.width - 40, Weight.SEMIBOLD)
        # Lines one under the other, as far apart as their letters need (Large text, a
        # language whose letters reach higher); more lines grow the banner upward, away from
        # the hand.
        pitch = ink_pitch(lines, size, Weight.SEMIBOLD, scaled(size) + 8)
        grow = max(0, pitch * len(lines) + 12 - rect.height)
        rect = rect.inflate(0, grow).move(0, -grow // 2)
        surface.blit(panel(rect.size, 20, (8, 12, 18, 190), None), rect)
        top = rect.centery - pitch * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            draw_text(surface, line, size, (rect.centerx, top + pitch * i), color)

    def draw_center(self, surface: pygame.Surface, presenter: Presenter) -> None:
        box = self.layout.direction
        clockwise = presenter.direction > 0
        size = _ring_size(self.layout)
        ring = ring_image(Icon.CLOCKWISE if clockwise else Icon.COUNTERCLOCKWISE, size)
        spin = 0 if self.settings.reduced_motion else 18
        turn = (self.clock * (spin if clockwise else -spin)) % 360
        # Rotate in whole steps, so every image the ring needs is made once (warm_later).
        angle = -round(turn / RING_STEP) * RING_STEP
        rotated = _rotated(ring, angle)
        surface.blit(rotated, rotated.get_rect(center=box.center))
        color = presenter.color
        cbox = self.layout.color
        diameter = round(min(cbox.width, cbox.height))
        center = (round(cbox.center[0]), round(cbox.center[1]))
        if color is not None:
            pygame.draw.circle(surface, (250, 250, 250), center, diameter // 2 + 4)
            pygame.draw.circle(surface, COLOR_RGB[color], center, diameter // 2)
            shape = color_shape(color, diameter // 2, (255, 255, 255))
            surface.blit(shape, shape.get_rect(center=center))
        else:
            pygame.draw.circle(surface, (255, 255, 255), center, diameter // 2, 3)

    def draw_seat(
        self, surface: pygame.Surface, game: Game, presenter: Presenter, seat: int
    ) -> None:
        plate = presenter.place(seat).plate
        shaken = plate_shake(presenter.moments, seat, presenter.clock)  # a caught player's
        rect = plate.rect().move(round(shaken), 0)
        spec = self.seats[seat]
        acting = not presenter.busy and game.actor == seat
        acting = acting and game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        if acting:
            glow = pygame.Rect(rect).inflate(14, 14)
            wave = 0.0 if self.settings.reduced_motion else math.sin(self.clock * 5)
            pulse_alpha = 150 + round(80 * wave)
            surface.blit(panel(glow.size, 24, (255, 206, 84, pulse_alpha), None), glow)
        surface.blit(panel(rect.size, 18, (12, 18, 26, 225), (255, 255, 255, 50)), rect)
        who, color = self.who(seat)
        count = len(presenter.hands[seat])
        parts = plate_parts(rect, self.narrator.name(seat), who, str(count))
        face = avatar(spec.name, parts.avatar.width, seat)
        surface.blit(face, parts.avatar)
        draw_text(
            surface, parts.name, parts.name_size, parts.name_at, WHITE, Weight.BOLD, "midleft"
        )
        draw_text(
            surface, parts.who, parts.who_size, parts.who_at, color, Weight.REGULAR, "midleft"
        )
        badge = parts.badge
        hue = LAST_CARD if count == 1 else (48, 64, 84)
        surface.blit(panel(badge.size, 14, (*hue, 255), None), badge)
        draw_text(surface, str(count), parts.count_size, badge.center, WHITE, Weight.BOLD)
        if game.rules.teams:
            team = _("Team A") if seat % 2 == 0 else _("Team B")
            draw_text(surface, team, 15, (rect.right - 37, rect.y - 12), GOLD)

    def who(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        """The plate's second line: who plays the seat, and a phone the table waits for."""
        spec = self.seats[seat]
        if spec.kind is SeatKind.PHONE:
            if seat in self.away:
                # TRANSLATORS: a seat plate's second line: the table waits for this phone to join.
                return _("waiting for {name}'s phone").format(name=spec.name), GOLD
            return (_("Phone (computer plays)") if seat in self.computer else _("Phone")), MUTED
        return (_("Person") if spec.level is None else level_label(spec.level)), MUTED

    def draw_log(self, surface: pygame.Surface, game: Game, log: Sequence[str]) -> None:
        box = self.layout.log
        rect = box.rect()
        surface.blit(panel(rect.size, 16, PANEL_FILL, None), rect)
        size, pitch = 17, scaled(22)  # the pitch follows Large text, as the size does
        # The House Rules in play head the panel (every seat's corner is taken at 10 players).
        rules = self.house_rule_lines(game)
        if rules:
            draw_text(
                surface,
                _("House Rules"),
                20,
                (rect.x + 16, rect.y + 20),
                GOLD,
                Weight.BOLD,
                "midleft",
            )
            for i, line in enumerate(rules):
                text = ellipsize(line, size, rect.width - 32, Weight.REGULAR)
                y = rect.y + 46 + i * pitch
                draw_text(surface, text, size, (rect.x + 16, y), WHITE, Weight.REGULAR, "topleft")
            rect = rect.copy()
            used = 36 + len(rules) * pitch + 8
            rect.y += used
            rect.height -= used
        draw_text(surface, _("Moves"), 20, (rect.x + 16, rect.y + 20), GOLD, Weight.BOLD, "midleft")
        badge = self.draw_fair(surface, game)
        lines = self.log_lines(log, size, pitch, rect.height - badge)
        # Letters taller than the Latin ones (the pseudo-locale's accents on a wrapped line)
        # space the lines further apart rather than into each other.
        inked = ink_pitch(lines, size, Weight.REGULAR, pitch)
        if inked > pitch:
            pitch = inked
            lines = self.log_lines(log, size, pitch, rect.height - badge)
        for i, line in enumerate(lines):
            draw_text(
                surface,
                line,
                size,
                (rect.x + 16, rect.y + 46 + i * pitch),
                (220, 226, 232),
                Weight.REGULAR,
                "topleft",
            )

    def fair_lines(self, value: str, width: int) -> list[str]:
        """The badge's lines: "Fair deal" and the first groups of the commitment (on a line of
        their own when both do not fit ``width``: Large text, a long language); opened, the
        whole value in four lines of four groups of four."""
        label = _("Fair deal")
        if not self.fair_open:
            # A line a little too long is drawn a little smaller (fit_size) rather than on two.
            line = f"{label}  {short(value)}"
            fits = text_width(line, FAIR_SIZE - 2, Weight.SEMIBOLD) <= width
            return [line] if fits else [label, short(value)]
        groups = short(value, len(value) // 4).split()
        return [label, *(" ".join(groups[i : i + 4]) for i in range(0, len(groups), 4))]

    def fair_rect(self, lines: int, width: int) -> pygame.Rect:
        box = self.layout.log.rect()
        height = FAIR_PAD * 2 + scaled(FAIR_PITCH) * lines
        return pygame.Rect(box.x + 8, box.bottom - height - 8, width, height)

    def draw_fair(self, surface: pygame.Surface, game: Game) -> int:
        """The Fair deal badge at the foot of the log (docs/FAIRNESS.md): the first groups of
        the commitment of the deck in play (from the game's seal events), or all of it once
        clicked, a little wider than the log where Large text needs it; the height it takes."""
        shown = public(game.log)
        self.fair_shown = None if shown is None else shown["commitment"]
        self.fair_box = None
        if shown is None:
            return 0
        inner = self.layout.log.rect().width - 16 - 2 * FAIR_PAD
        lines = self.fair_lines(shown["commitment"], inner)
        widest = max(text_width(line, FAIR_SIZE, Weight.SEMIBOLD) for line in lines)
        width = min(max(inner, widest), FAIR_MAX_WIDTH)
        rect = self.fair_rect(len(lines), width + 2 * FAIR_PAD)
        surface.blit(panel(rect.size, 10, (8, 40, 28, 235), (*GOLD, 190), 2), rect)
        pitch = scaled(FAIR_PITCH)
        for i, line in enumerate(lines):
            size = fit_size(line, FAIR_SIZE, width, Weight.SEMIBOLD)
            text = ellipsize(line, size, width, Weight.SEMIBOLD)
            y = rect.y + FAIR_PAD + pitch * i + pitch / 2
            draw_text(surface, text, size, (rect.x + FAIR_PAD, y), GOLD, Weight.SEMIBOLD, "midleft")
        self.fair_box = rect
        return rect.height + 8

    def corner_click(self, intent: Intent) -> bool:
        """A click on the Fair deal badge opens or closes it; whether ``intent`` is a click
        on the corner (menu) button."""
        badge, at = self.fair_box, intent.pos
        if intent.act is Act.PRESS and at is not None and badge and badge.collidepoint(at):
            self.fair_open = not self.fair_open
        return self.menu_click(intent)

    def house_rule_lines(self, game: Game) -> list[str]:
        """The House Rules in play, one line each ("3: Press Up"); with the rule text hidden
        (as the box suggests, to be remembered) only the numbers that have a rule."""
        rules = sorted(game.house_rules.items())
        if not rules:
            return []
        if not game.rules.show_house_rule_text:
            # TRANSLATORS: what separates the items of a list ("a, b, c").
            numbers = pgettext("list separator", ", ").join(str(number) for number, _r in rules)
            # TRANSLATORS: {numbers} lists the card numbers that have a House Rule ("3, 7").
            return [_("Ruled: {numbers}").format(numbers=numbers), _("Remember what!")]
        # TRANSLATORS: a House Rule in play: the card number and its action ("3: Press Up").
        rule_line = _("{number}: {action}")
        return [
            rule_line.format(number=number, action=_(RACE_ACTION_TEXT[rule]))
            for number, rule in rules
        ]

    def log_lines(
        self, log: Sequence[str], size: int, pitch: int, height: float | None = None
    ) -> list[str]:
        """The newest moves that fit the log panel (``height`` of it), as whole entries (never
        the tail of a sentence at the top); only a single entry too long for it is cut."""
        rect = self.layout.log.rect()
        limit = max(1, (round(rect.height if height is None else height) - 50) // pitch)
        lines: list[str] = []
        for entry in reversed(log[-12:]):
            wrapped = wrap(entry, size, rect.width - 32)
            if lines and len(lines) + len(wrapped) > limit:
                break
            lines = wrapped + lines
        return lines[-limit:]

    def draw_scores(self, surface: pygame.Surface, game: Game) -> None:
        rect = scores_rect(self.layout, game.players, game.rules.teams)
        surface.blit(panel(rect.size, 16, PANEL_FILL, None), rect)
        rules = game.rules
        target = rules.target_for(game.players)
        if target:
            # TRANSLATORS: the scores panel's title: the round, and the score that wins the match.
            title = _("Round {round}  ·  to {target}").format(round=game.round, target=target)
        else:
            title = _("Round {round}").format(round=game.round)
        # A longer language's title is drawn smaller rather than past the panel's edge, and
        # without the match's target when even the smallest size would not hold it.
        size = fit_size(title, 20, rect.width - 32, Weight.BOLD)
        if text_width(title, size, Weight.BOLD) > rect.width - 32:
            title = _("Round {round}").format(round=game.round)
            size = fit_size(title, 20, rect.width - 32, Weight.BOLD)
        draw_text(surface, title, size, (rect.x + 16, rect.y + 20), GOLD, Weight.BOLD, "midleft")
        players = game.players
        if rules.teams:
            # Partners score together: one line a team.
            for row, team in enumerate(((0, 2), (1, 3))):
                team_y = rect.y + 46 + scaled(13) + row * scaled(26)
                # TRANSLATORS: the two partners of a team on the scores panel ("Ana & Ben").
                names = _("{first} & {second}").format(
                    first=self.narrator.name(team[0]), second=self.narrator.name(team[1])
                )
                draw_text(
                    surface, names, 18, (rect.x + 16, team_y), WHITE, Weight.REGULAR, "midleft"
                )
                score = str(game.scores[team[0]])
                draw_text(
                    surface, score, 18, (rect.right - 16, team_y), GOLD, Weight.BOLD, "midright"
                )
            return
        columns = 1 if players <= 4 else 2  # the layout's scores box is sized for this
        rows = (players + columns - 1) // columns
        row_h = min(float(scaled(26)), (rect.height - 48) / max(1, rows))
        col_w = (rect.width - 32) / columns
        size = max(14, min(18, round(row_h * 0.8)))
        for seat in range(players):
            col, row = divmod(seat, rows)
            y = rect.y + 46 + row * row_h + row_h / 2
            left = rect.x + 16 + col * col_w
            right = left + col_w - (12 if columns > 1 and col == 0 else 0)
            score = str(game.scores[seat])
            # The name has all the row but its score (a reserved 56 px cut "Chloe" beside a 0).
            room = right - left - text_width(score, size, Weight.SEMIBOLD) - 10
            name = ellipsize(self.narrator.name(seat), size, room, Weight.REGULAR)
            draw_text(surface, name, size, (left, y), WHITE, Weight.REGULAR, "midleft")
            draw_text(surface, score, size, (right, y), WHITE, Weight.SEMIBOLD, "midright")

    def draw_menu_button(self, surface: pygame.Surface, label: str) -> None:
        rect = self.layout.menu_button.rect()
        if self.menu_hot:
            surface.blit(panel(rect.size, 14, (48, 64, 82, 235), (255, 255, 255, 120), 2), rect)
        else:
            surface.blit(panel(rect.size, 14, (8, 12, 18, 190)), rect)
        # A longer language's label (and Large text) is drawn smaller, inside the button.
        size = fit_size(label, 20, rect.width - 16)
        draw_text(surface, ellipsize(label, size, rect.width - 16), size, rect.center, WHITE)

    def menu_click(self, intent: Intent) -> bool:
        """Whether ``intent`` is a click on the corner button: it is drawn as a button, so a
        click does what its Esc does (and the pointer over it lights it, as over a button)."""
        pos = intent.pos
        if pos is None:
            return False
        over = self.layout.menu_button.rect().collidepoint(pos)
        if intent.act is Act.POINT:
            self.menu_hot = over
        return intent.act is Act.PRESS and over

    def button_column(
        self, specs: Sequence[ButtonSpec], clicks: Sequence[Callable[[], None]], keys: Sequence[str]
    ) -> Menu:
        """The buttons for the moves of the person at the screen, in the layout's column."""
        rects = _column(self.layout.buttons, len(specs))
        buttons = [
            Button(rect, spec.label, click, detail=key_line(key), color=spec.color)
            for rect, spec, click, key in zip(rects, specs, clicks, keys, strict=True)
        ]
        menu = Menu(buttons)
        menu.focus = -1  # the keyboard moves through the hand, not these buttons
        return menu

    def couch_help(self, jump_in: bool, people: int) -> list[str]:
        """The real-time moves a person can make off their turn, with their own device's names."""
        buttons = self.settings.buttons
        names = {move: button_name(buttons[move]) for move in ("uno", "catch", "confirm", "peek")}
        if jump_in:
            # TRANSLATORS: {uno}, {catch}, {confirm}, {peek}: controller buttons' names ("Y",
            # "Left shoulder"): "Y UNO" is "button Y calls UNO".
            line = _(
                "Your own controller, any time: {uno} UNO, {catch} catch, {confirm} jump in, "
                "hold {peek} to peek."
            )
        else:
            # TRANSLATORS: {uno}, {catch}, {peek}: controller buttons' names ("Y", "Left
            # shoulder"): "Y UNO" is "button Y calls UNO".
            line = _(
                "Your own controller, any time: {uno} UNO, {catch} catch, hold {peek} to peek."
            )
        lines = [line.format(**names)]
        if people == 2:
            # TRANSLATORS: {keys} lists the second person's keys and what each does.
            second = _("Second person on the keyboard: {keys}.")
            lines.append(second.format(keys=_(SECOND_SET_TEXT)))
        return lines


RING_STEP = 3  # degrees between the ring's images
RING_RGB = (255, 255, 255)  # drawn white, shown faint (``RING_ALPHA``)
RING_ALPHA = 46
RING_REPEAT = 120  # the ring's three arrows look the same every 120 degrees
# Each turned image with the ring it was turned from: keyed by that ring's id, the entry keeps
# the ring alive, so its id cannot come back as another ring's (a ring of a size no longer
# drawn is let go) while the entry would answer for it.
_ROTATED: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}


@lru_cache(maxsize=4)  # both ways, at a table's size and the last one's
def ring_image(kind: Icon, size: int) -> pygame.Surface:
    """The direction ring as the table shows it, white at ``RING_ALPHA``: its faintness is in
    its pixels rather than set on the image when drawn, because SDL has no fast way to blend an
    image with a surface alpha of its own on top of its pixels' (a 520-pixel ring in a frame,
    with ``_rotated``'s run-length encoding: 0.30 -> 0.15 ms)."""
    ring = icon(kind, size, RING_RGB).copy()
    ring.fill((255, 255, 255, RING_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
    return ring


def _rotated(image: pygame.Surface, angle: int) -> pygame.Surface:
    """The ring ``image`` turned by ``angle`` degrees, made once (a 520-pixel ring takes about
    4 ms to turn, and each image is a megabyte: the three-fold symmetry keeps them to 40 each
    way). The ring lies within the circle its square holds, so the turned image is cut back to
    that square: its corners are empty (uncut, the 80 images took 131 MB instead of 86)."""
    key = (id(image), angle % RING_REPEAT)
    entry = _ROTATED.get(key)
    if entry is not None and entry[0] is image:
        return entry[1]
    if len(_ROTATED) > 4 * RING_REPEAT // RING_STEP:  # other sizes: another table's ring
        _ROTATED.clear()
    turned = pygame.transform.rotozoom(image, key[1], 1.0)
    square = image.get_rect(center=turned.get_rect().center)
    found = turned.subsurface(square).copy()
    # Run-length encoded at its first blit (about 0.6 ms, once): the ring's empty middle and
    # corners are then skipped rather than blended pixel by pixel, and its pixels are kept
    # encoded, smaller.
    found.set_alpha(255, pygame.RLEACCEL)
    _ROTATED[key] = (image, found)
    return found
