"""Round end and match end: every hand revealed, points counted card by card, standings.

Shown over the table when a round ends. The cards left in each hand are laid out face up and
counted one at a time into the winner's score: the winner's row glows and its total pops with
each card. At the end of the match the panel is the winner's screen: every round's points per
player (from the game's log, which a restored match replays whole) under confetti drawn in
code, and "Play again" and "Title" replace the button to the next round. With Reduced motion
the count is shown done and the confetti stands still; at speed 0 nothing takes time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import pygame

from game.engine import Phase
from game.events import MatchEnded, RoundEnded
from game.fairness import public
from game.i18n import N_, _, ngettext, pgettext
from game.match import Match
from game.narrate import Narrator
from scenes.app import App, Scene
from scenes.art import CardArt
from scenes.art.confetti import confetti, draw_confetti
from scenes.assets import Weight, scaled
from scenes.input import Intent
from scenes.table.overlays import MoveLogOverlay
from scenes.ui import (
    GOLD,
    MUTED,
    WHITE,
    Button,
    Menu,
    dim,
    draw_text,
    ellipsize,
    fit_size,
    ink_box,
    ink_pitch,
    panel,
    render,
    text_size,
    text_width,
)

CARD_COUNT_S = 0.09  # per card counted, at animation speed 1
AUTOPLAY_PAUSE_S = 1.5  # an AI-only table lingers on the score before the next deal
NAME_X, CARDS_X = 60, 330  # where a row's name and its first card start, from the panel's left
# The two number columns' right edges, from the panel's right: the points of the cards left in
# the row's hand, and the match total. Their headers say which is which (bare numbers did not).
HAND_RIGHT, TOTAL_RIGHT = 330, 70
ROWS_TOP = 186  # the first row, from the panel's top: under the subtitle and the headers
HEADERS_Y = 162  # the headers' centre line
# The headers' words are translated where they are drawn (``header_rects``).
HEADERS = ((N_("Points in hand"), HAND_RIGHT), (N_("Match total"), TOTAL_RIGHT))
HEADER_ROOM = 300  # the hand points' header, leftward from its column's right edge
POP_S = 0.25  # the winner's total grows for this long as each card is counted in
ROUND_COLUMN = 64  # the least width of a round's column on the winner's screen
CONFETTI_PIECES = 140
REVEAL_SIZE = 20  # the fair deal's reveal, a line a deck over the buttons
REVEAL_PITCH = 26
WINNER_ROW = (255, 214, 102, 40)  # the scorers' rows are lit


def points_line(
    ended: RoundEnded, counted: int, winner: str, partner: str | None = None, *, you: bool = False
) -> str:
    """What the points under the title mean: the count as it runs, then who scores what.

    "16 of 16 points" did not say whose points or for what; the line names the scorer and says
    the points are the cards left in the other hands. ``you``: the reader is a scorer (then
    ``winner`` is the reader's own label, and the sentence speaks to them)."""
    if not ended.hands:
        # Playing until one is left scores nothing: the finishing order decides.
        return _("No points this round: the finishing order counts")
    points = ended.points
    if counted < points:
        # TRANSLATORS: the points counted so far, of {count} in all.
        text = ngettext(
            "Counting the cards left in the other hands: {counted} of {count} point",
            "Counting the cards left in the other hands: {counted} of {count} points",
            points,
        )
        return text.format(counted=counted, count=points)
    if partner is None:
        text = (
            ngettext(
                "You score {count} point for the cards left in the other hands",
                "You score {count} points for the cards left in the other hands",
                points,
            )
            if you
            else ngettext(
                "{name} scores {count} point for the cards left in the other hands",
                "{name} scores {count} points for the cards left in the other hands",
                points,
            )
        )
        return text.format(name=winner, count=points)
    # TRANSLATORS: two partners (a team) each score the points.
    text = (
        ngettext(
            "You and {partner} score {count} point each for the cards left in the other hands",
            "You and {partner} score {count} points each for the cards left in the other hands",
            points,
        )
        if you
        else ngettext(
            "{name} and {partner} score {count} point each for the cards left in the other hands",
            "{name} and {partner} score {count} points each for the cards left in the other hands",
            points,
        )
    )
    return text.format(name=winner, partner=partner, count=points)


def round_title(narrator: Narrator, winner: int) -> str:
    """The score panel's title at the end of a round."""
    if winner == narrator.you:
        return _("You win the round!")
    return _("{name} wins the round!").format(name=narrator.name(winner))


def match_title(narrator: Narrator, winners: Sequence[int]) -> str:
    """The score panel's title at the end of the match: its winner, or its winning team."""
    you = narrator.you in winners
    others = [narrator.name(w) for w in winners if w != narrator.you]
    if not others:
        return _("You win the match!")
    if len(others) == 1:
        if you:
            return _("You and {name} win the match!").format(name=others[0])
        return _("{name} wins the match!").format(name=others[0])
    if len(others) == 2 and not you:
        return _("{first} and {second} win the match!").format(first=others[0], second=others[1])
    # TRANSLATORS: what separates the items of a list ("a, b, c").
    names = pgettext("list separator", ", ").join(narrator.name(w) for w in winners)
    # TRANSLATORS: {names} is a list of the winners' names.
    return _("{names} win the match!").format(names=names)


class ScoringTable(Protocol):
    """What the scoring screen needs of the table below it."""

    match: Match
    narrator: Narrator
    art: CardArt

    def move_log(self) -> list[str]: ...

    def next_round(self) -> None: ...

    def play_again(self) -> None: ...

    def replay(self) -> None: ...

    def leave(self) -> None: ...


def round_points(log: Sequence[object], players: int) -> list[tuple[int, ...]]:
    """Each round's points per player, in order: the difference each round's end made to
    the scores (a team's partners both score)."""
    out: list[tuple[int, ...]] = []
    before = (0,) * players
    for event in log:
        if isinstance(event, RoundEnded):
            out.append(tuple(now - then for now, then in zip(event.scores, before, strict=True)))
            before = event.scores
    return out


def round_columns(rounds: int, room: int) -> list[tuple[str, range]]:
    """The winner's screen's round columns that fit in ``room`` pixels: each its header and the
    rounds (indices) it adds up. When there are too many, the first column sums the earliest."""
    fit = max(2, room // ROUND_COLUMN)
    if rounds <= fit:
        return [(str(i + 1), range(i, i + 1)) for i in range(rounds)]
    early = rounds - (fit - 1)
    first = (f"1\u2013{early}", range(early))
    return [first, *((str(i + 1), range(i, i + 1)) for i in range(early, rounds))]


def panel_height(players: int) -> int:
    return min(900, 330 + players * 90)


def row_height(height: int, players: int) -> int:
    # The rows share what the title, the headers and the buttons leave.
    return min(96, (height - ROWS_TOP - 130) // max(1, players))


def header_fits(rect: pygame.Rect, total: str | None = None) -> list[tuple[str, pygame.Rect, int]]:
    """The column headers, where they are drawn on the panel ``rect`` (right-aligned over
    their column, at the current text size) and at what size: a longer language's header is
    drawn smaller rather than into its neighbour (each keeps to its own column's width).
    ``total``: the last column's header (a message, translated here), the match total's if
    None; a lesson's one hand names it otherwise."""
    out = []
    rooms = (HEADER_ROOM, HAND_RIGHT - TOTAL_RIGHT - 16)
    for (message, right), room in zip(HEADERS, rooms, strict=True):
        label = _(total if total is not None and right == TOTAL_RIGHT else message)
        size = fit_size(label, 20, room, Weight.SEMIBOLD)
        box = pygame.Rect(0, 0, *text_size(label, size, Weight.SEMIBOLD))
        box.midright = (rect.right - right, rect.y + HEADERS_Y)
        out.append((label, box, size))
    return out


def header_rects(rect: pygame.Rect, total: str | None = None) -> list[tuple[str, pygame.Rect]]:
    """The column headers and where they are drawn on the panel ``rect``."""
    return [(label, box) for label, box, _size in header_fits(rect, total)]


def card_width(players: int) -> int:
    """The width of the cards counted on the score panel (the table warms their faces)."""
    # Cards are 5:7: a row holds a card of about 0.7 of its height.
    return max(28, min(64, int(row_height(panel_height(players), players) * 0.68)))


class ScoringScene(Scene):
    opaque = False
    # The last column's header (a message): None, the match total's; a lesson's one hand
    # names it by what it is (``scenes.lesson.LessonScores``).
    total_header: str | None = None

    def __init__(self, app: App, table: ScoringTable) -> None:
        super().__init__(app)
        self.table = table
        game = table.match.game
        self.ended = _last(game.log, RoundEnded)
        self.match = _last(game.log, MatchEnded) if game.phase is Phase.MATCH_OVER else None
        self.age = 0.0
        cards = sum(len(h.cards) for h in self.ended.hands) if self.ended else 0
        # Reduced motion: the count is a still, shown done.
        still = app.settings.reduced_motion
        self.count_s = 0.0 if still else app.settings.duration(CARD_COUNT_S) * cards
        self.confetti = confetti(game.seed, CONFETTI_PIECES) if self.match is not None else ()
        self.fair_shown: list[str] = []  # each deck's reveal, as the phones get it; tests read it
        self.fair_lines: list[str] = []  # the lines they are drawn on
        self.fair_pitch = 0
        self.rect = pygame.Rect(0, 0, 1600, panel_height(game.players))
        self._fit_reveal()
        self.menu = Menu()
        self._buttons()

    def _fit_reveal(self) -> None:
        """The round's fair-deal reveal in the language of the moment (docs/FAIRNESS.md), and
        the panel sized for it: a line a deck between the rows and the buttons, or its sentence
        and its formula on two lines where one does not hold both (Large text, a long language).
        The rows keep their place; the panel and its buttons grow downwards."""
        game = self.table.match.game
        shown = public(game.log, self.table.narrator.note)
        self.fair_shown = (
            [d["text"] for d in shown["reveal"]] if shown and "reveal" in shown else []
        )
        width = self.rect.width - 80
        self.fair_lines = []
        for text in self.fair_shown:
            fits = text_width(text, REVEAL_SIZE, Weight.REGULAR) <= width
            self.fair_lines += [text] if fits else text.rsplit("  ", 1)
        nominal = scaled(REVEAL_PITCH)
        self.fair_pitch = ink_pitch(self.fair_lines, REVEAL_SIZE, Weight.REGULAR, nominal)
        height = panel_height(game.players) + self.fair_pitch * len(self.fair_lines)
        self.rect = pygame.Rect(0, 0, self.rect.width, height)
        self.rect.center = self.app.screen.get_rect().center

    def _buttons(self) -> None:
        if self.match is None and not self._rounds_done():
            specs = [(_("Next round"), self._next), (_("Every move"), self._log)]
        else:
            specs = [
                (_("Play again"), self._again),
                (pgettext("button", "Replay"), self._replay),
                (_("Every move"), self._log),
                # TRANSLATORS: a button: back to the title screen.
                (pgettext("button", "Title"), self._title),
            ]
        self._button_row(specs)

    def _button_row(self, specs: Sequence[tuple[str, Callable[[], None]]]) -> None:
        """``specs`` (label, click) as the row of buttons at the panel's foot, the first green."""
        y = self.rect.bottom - 100
        width = 320 if len(specs) < 4 else 300
        left = self.rect.centerx - (len(specs) * width + (len(specs) - 1) * 30) // 2
        self.menu.buttons = [
            Button(
                pygame.Rect(left + i * (width + 30), y, width, 72),
                label,
                click,
                color=(40, 110, 70) if i == 0 else (40, 56, 72),
            )
            for i, (label, click) in enumerate(specs)
        ]

    def relabel(self) -> None:
        """The language changed: the buttons are made again in it (the rest is written as it
        is drawn)."""
        focus = self.menu.focus
        self._fit_reveal()
        self._buttons()
        self.menu.focus = focus

    def _replay(self) -> None:
        self.table.replay()

    def _log(self) -> None:
        self.app.push(MoveLogOverlay(self.app, self.table.move_log()))

    def _rounds_done(self) -> bool:
        return self.table.match.rounds_done

    def _next(self) -> None:
        self.app.close(self)
        self.table.next_round()

    def _again(self) -> None:
        self.app.close(self)
        self.table.play_again()

    def _title(self) -> None:
        self.table.leave()

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.age += dt
        if not any(s.is_person for s in self.table.match.setup_seats) and self.app.top is self:
            # An AI-only table moves on by itself; one where anyone plays (at the screen or
            # on a phone) waits on the score until someone chooses.
            pause = self.app.settings.duration(AUTOPLAY_PAUSE_S)
            if self.age >= self.count_s + pause:
                # The next deal, or (the match over, or its round limit reached) its end.
                self._next()

    def _confetti_s(self) -> float:
        """The confetti's clock: still at its start with Reduced motion."""
        return 0.0 if self.app.settings.reduced_motion else self.age

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        rect = self.rect
        if self.confetti:
            draw_confetti(surface, self.confetti, surface.get_rect(), self._confetti_s())
        surface.blit(panel(rect.size, 30, (12, 18, 26, 245), (255, 214, 102, 110), 3), rect)
        if self.confetti:
            # Over the panel too, but only in the title's band: the rows stay clear to read.
            band = pygame.Rect(rect.x + 20, rect.y + 8, rect.width - 40, 60)
            draw_confetti(surface, self.confetti[::4], band, self._confetti_s())
        ended = self.ended
        if ended is None:
            return
        narrator = self.table.narrator
        title = (
            round_title(narrator, ended.winner)
            if self.match is None
            else match_title(narrator, self.match.winners)
        )
        counted = self._counted()
        scorers = [ended.winner]
        partner = self.table.match.game.partner(ended.winner)
        if partner is not None:
            # The reader, when a scorer, is named first: "You and Ana score...".
            scorers = (
                [partner, ended.winner] if partner == narrator.you else [ended.winner, partner]
            )
        subtitle = points_line(
            ended,
            counted,
            narrator.name(scorers[0]),
            narrator.name(scorers[1]) if len(scorers) > 1 else None,
            you=scorers[0] == narrator.you,
        )
        if ended.blocked:
            # TRANSLATORS: {points} is the line of points above; a blocked round is added.
            subtitle = _("{points}  ·  nobody could play: the lowest hand wins").format(
                points=subtitle
            )
        sub_size = fit_size(subtitle, 26, rect.width - 80)
        # A longer language (or long names) is drawn smaller rather than past the panel, and
        # (Large text) rather than into the line under it.
        size = fit_size(title, 54, rect.width - 80, Weight.BLACK)
        room = 2 * (118 - 64) - text_size(subtitle, sub_size, Weight.SEMIBOLD)[1]
        while size > 24 and ink_height(title, size, Weight.BLACK) > room:
            size -= 2
        draw_text(surface, title, size, (rect.centerx, rect.y + 64), GOLD, Weight.BLACK)
        draw_text(surface, subtitle, sub_size, (rect.centerx, rect.y + 118), MUTED)
        if self.match is None:
            self._draw_rows(surface, counted)
        else:
            self._draw_match(surface, counted)
        self._draw_reveal(surface)
        self.menu.draw(surface)

    def _draw_reveal(self, surface: pygame.Surface) -> None:
        """The round's fair-deal reveal (``_fit_reveal``) over the buttons: the move log's
        sentence (it matches its seal) and the salt and first cards of each deck's order, the
        words every phone's round result shows; the whole order is in the saved record for
        tools.verify_deal."""
        pitch = self.fair_pitch
        bottom = self.menu.buttons[0].rect.top - 8 if self.menu.buttons else self.rect.bottom
        width = self.rect.width - 80
        for i, line in enumerate(reversed(self.fair_lines)):
            size = fit_size(line, REVEAL_SIZE, width, Weight.REGULAR)
            text = ellipsize(line, size, width, Weight.REGULAR)
            at = (self.rect.centerx, bottom - pitch / 2 - i * pitch)
            draw_text(surface, text, size, at, MUTED, Weight.REGULAR)

    def _counted(self) -> int:
        """Points counted so far: the cards are added one at a time."""
        ended = self.ended
        if ended is None:
            return 0
        cards = [c for h in ended.hands for c in h.cards]
        if self.count_s <= 0:
            return ended.points
        shown = min(len(cards), int(self.age / (self.count_s / max(1, len(cards)))))
        return (
            min(ended.points, sum(c.points for c in cards[:shown]))
            if shown < len(cards)
            else (ended.points)
        )

    def _scorers(self) -> set[int]:
        ended = self.ended
        assert ended is not None
        partner = self.table.match.game.partner(ended.winner)
        return {ended.winner} | (set() if partner is None else {partner})

    def _light_row(self, surface: pygame.Surface, y: float, row_h: int) -> None:
        """A scorer's row glows behind its name, cards and total."""
        band = pygame.Rect(self.rect.x + 24, round(y), self.rect.width - 48, row_h - 4)
        surface.blit(panel(band.size, 14, WINNER_ROW, (255, 214, 102, 120), 2), band)

    def _draw_total(
        self, surface: pygame.Surface, seat: int, counted: int, y: float, row_h: int
    ) -> None:
        """A row's match total; a scorer's counts up and pops as each card is counted in."""
        ended = self.ended
        assert ended is not None
        score = ended.scores[seat]
        size = 30
        if seat in self._scorers():
            score = score - ended.points + counted
            size += round(12 * self._pop())
        draw_text(
            surface,
            str(score),
            size,
            (self.rect.right - TOTAL_RIGHT, y + row_h / 2),
            GOLD,
            Weight.BOLD,
            "midright",
        )

    def _pop(self) -> float:
        """How far the scorer's total is grown now: 1 as a card is counted in, back to 0."""
        cards = self._count_cards()
        if self.count_s <= 0 or not cards or self.age >= self.count_s:
            return 0.0
        per = self.count_s / len(cards)
        since = self.age - int(self.age / per) * per
        return max(0.0, 1 - since / min(POP_S, per * 2)) if self.age >= per else 0.0

    def _count_cards(self) -> list[int]:
        ended = self.ended
        return [] if ended is None else [c.uid for h in ended.hands for c in h.cards]

    def _draw_match(self, surface: pygame.Surface, counted: int) -> None:
        """The winner's screen: each round's points per player, and the match totals."""
        ended = self.ended
        assert ended is not None
        game = self.table.match.game
        narrator = self.table.narrator
        order = sorted(range(game.players), key=lambda s: -ended.scores[s])
        rounds = round_points(game.log, game.players)
        left, right = self.rect.x + CARDS_X, self.rect.right - HAND_RIGHT
        columns = round_columns(len(rounds), right - left)
        step = (right - left) / max(1, len(columns))
        headers_y = self.rect.y + HEADERS_Y
        # TRANSLATORS: the header of the winner's screen's columns of each round's points.
        label = pgettext("a column header", "Round")
        size = fit_size(label, 20, CARDS_X - NAME_X - 20, Weight.SEMIBOLD)
        draw_text(surface, label, size, (left - 20, headers_y), MUTED, Weight.SEMIBOLD, "midright")
        for i, (name, _rounds) in enumerate(columns):
            at = (left + (i + 0.5) * step, headers_y)
            draw_text(surface, name, fit_size(name, 20, round(step) - 6), at, MUTED)
        total_label, total_box, total_size = header_fits(self.rect, self.total_header)[1]
        draw_text(
            surface, total_label, total_size, total_box.midright, MUTED, Weight.SEMIBOLD, "midright"
        )
        row_h = row_height(panel_height(game.players), game.players)
        scorers = self._scorers()
        for row, seat in enumerate(order):
            y = self.rect.y + ROWS_TOP + row * row_h
            if seat in scorers:
                self._light_row(surface, y, row_h)
            name = ellipsize(narrator.name(seat), 26, CARDS_X - NAME_X - 20, Weight.BOLD)
            spot = (self.rect.x + NAME_X, y + row_h / 2)
            draw_text(surface, name, 26, spot, WHITE, Weight.BOLD, "midleft")
            for i, (_name, which) in enumerate(columns):
                points = sum(rounds[r][seat] for r in which)
                if which.stop == len(rounds) and seat in scorers:
                    points = points - ended.points + counted  # the last round counts up
                text = str(points) if points else "\u00b7"
                shown = GOLD if points else MUTED
                cell = (left + (i + 0.5) * step, y + row_h / 2)
                draw_text(surface, text, fit_size(text, 26, round(step) - 6), cell, shown)
            self._draw_total(surface, seat, counted, y, row_h)

    def _draw_rows(self, surface: pygame.Surface, counted: int) -> None:
        ended = self.ended
        assert ended is not None
        game = self.table.match.game
        narrator = self.table.narrator
        order = sorted(range(game.players), key=lambda s: -ended.scores[s])
        hands = {h.player: h for h in ended.hands}
        top = self.rect.y + ROWS_TOP
        for label, box, size in header_fits(self.rect, self.total_header):
            draw_text(surface, label, size, box.midright, MUTED, Weight.SEMIBOLD, "midright")
        row_h = row_height(panel_height(game.players), game.players)
        scorers = self._scorers()
        width = card_width(game.players)
        # Where the first card starts and the last may start: clear of the points column.
        room = (self.rect.right - 400 - width) - (self.rect.x + CARDS_X)
        shown_cards = self._shown_cards()
        for row, seat in enumerate(order):
            y = top + row * row_h
            if seat in scorers:
                self._light_row(surface, y, row_h)
            draw_text(
                surface,
                # A long name stops short of the cards, at any text size.
                ellipsize(narrator.name(seat), 26, CARDS_X - NAME_X - 20, Weight.BOLD),
                26,
                (self.rect.x + NAME_X, y + row_h / 2),
                WHITE,
                Weight.BOLD,
                "midleft",
            )
            hand = hands.get(seat)
            if hand is not None:
                cards = hand.cards[:24]
                # Side by side while they fit; a long hand overlaps only as much as it must.
                step = min(width + 6, room / max(1, len(cards) - 1))
                for i, card in enumerate(cards):
                    face = self.table.art.face(card, width)
                    if card.uid not in shown_cards:
                        face = self.table.art.back(width)
                    surface.blit(face, (self.rect.x + CARDS_X + i * step, y + 2))
                draw_text(
                    surface,
                    f"{hand.points}",
                    24,
                    (self.rect.right - HAND_RIGHT, y + row_h / 2),
                    MUTED,
                    anchor="midright",
                )
            self._draw_total(surface, seat, counted, y, row_h)

    def _shown_cards(self) -> set[int]:
        ended = self.ended
        assert ended is not None
        cards = [c for h in ended.hands for c in h.cards]
        if self.count_s <= 0:
            return {c.uid for c in cards}
        shown = int(self.age / (self.count_s / max(1, len(cards))))
        return {c.uid for c in cards[:shown]}


T = TypeVar("T")


def ink_height(text: str, size: int, weight: Weight) -> int:
    """How tall ``text``'s letters are drawn (not its line's height: the gap above capitals)."""
    return ink_box(render(text, size, GOLD, weight)).height


def _last(log: Sequence[object], kind: type[T]) -> T | None:
    for event in reversed(log):
        if isinstance(event, kind):
            return event
    return None
