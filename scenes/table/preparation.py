"""What a table sets up before its first frame: the match with its Experts' worker, and the
media made ahead (the felt, the card backs of the deal, and idle work for the rest)."""

from __future__ import annotations

import pygame

from game.ai import Level
from game.ai.worker import SearchPool
from game.cards import Card
from game.engine import Game
from game.match import Match, MatchSetup
from scenes.app import App
from scenes.art import CardArt, shown_felt
from scenes.board.hud import warm_later, warm_up
from scenes.board.layout import Layout
from scenes.board.presenter import Presenter
from scenes.sound import SoundBoard
from scenes.table.scoring import card_width as score_width


def open_match(app: App, setup: MatchSetup, game: Game) -> tuple[Match, SearchPool | None]:
    """The match a table plays; its Experts search in a process of their own, off the frames.
    A continued or stacked game keeps its own rules and seed (the AIs' choices follow it)."""
    expert = any(s.level is Level.EXPERT for s in setup.seats)
    pool = SearchPool() if expert else None
    match = Match(
        game.rules,
        setup.seats,
        game.seed,
        game=game,
        max_rounds=setup.max_rounds,
        open_hands=setup.open_hands,
        pace=app.settings.ai_pace,
        searcher=pool,
    )
    return match, pool


def table_presenter(
    app: App, layout: Layout, art: CardArt, sounds: SoundBoard, match: Match, seed: int
) -> Presenter:
    """The presenter of a table: its cards shown as the match lets each seat's be seen, from
    the seat at the bottom of the screen (``seed``: the setup's, for the cards' jitter)."""
    cards = len(match.game.cards)
    visible = match.face_visible
    return Presenter(layout, art, app.settings, sounds, cards, visible, seed, viewer=match.viewer)


def turned_up(game: Game, presenter: Presenter, match: Match) -> list[tuple[Card, int]]:
    """The cards the deal will turn face up (the viewer's hand, and any other hand shown),
    each with the width its seat shows it at: their faces are drawn first in spare time."""
    return [
        (card, presenter.place(seat).card_width)
        for seat, hand in enumerate(game.hands)
        if seat == match.viewer or match.face_visible(seat)
        for card in hand
    ]


def prepare_media(
    app: App, art: CardArt, presenter: Presenter, game: Game, match: Match
) -> pygame.Surface:
    """The felt background; the backs the deal flies through now; in the frames' spare time,
    the faces of the hands the deal turns up first (``turned_up``), then the ring's images and
    every face and shadow at the table's widths."""
    layout = presenter.layout
    warm_up(art, layout)
    faces = {(c.color, c.rank, c.house_rule): c for c in game.cards}
    kinds = list(faces.values())
    shown = turned_up(game, presenter, match)
    app.add_idle(warm_later(art, layout, kinds, score_width(game.players), shown))
    return shown_felt(app.screen.get_size())
