"""How to play with pictures: every card drawn with the game's own art beside its rule, every
switch with a small example, the pictures clear of the text in every language and text size,
and the page opened from the table at the rules in play."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator

import pygame
import pytest

from game import i18n
from game.ai import Level
from game.cards import Card, Rank
from game.match import MatchSetup, Seat
from game.rules import PRESETS, Preset, Rules, Stacking
from scenes.app import App, use_language
from scenes.assets import Weight, text_scale
from scenes.howto import BODY_SIZE, GUTTER, HEADING_SIZE, MARGIN, HowToScene, Style
from scenes.howto_text import HOUSE_SWITCHES, SWITCH_FIGURES, sections
from scenes.input import Act, Intent
from scenes.routes import Table
from scenes.store.settings import Settings
from scenes.ui import set_large_text, text_width, watching_text
from tests import screens_shown

FRAME = 1 / 60

# The rules whose pages are checked: the three decks, and one with the popular switches on.
SWITCHED = PRESETS[Preset.UNO2023].with_changes(
    stacking=Stacking.SAME, seven_zero=True, jump_in=True, skip_bounce=True
)
PAGES = {
    "classic": PRESETS[Preset.CLASSIC],
    "uno2023": PRESETS[Preset.UNO2023],
    "house": PRESETS[Preset.HOUSE_RULES],
    "switched": SWITCHED,
}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    pygame.init()
    yield
    use_language(i18n.ENGLISH)
    set_large_text(False)


def _app(large: bool = False) -> App:
    """A headless app; it sets the text size from its settings."""
    return App(Settings(animation_speed=0.0, ai_pace=0.0, large_text=large), headless=True)


def _pictured(scene: HowToScene) -> dict[str, list[Card]]:
    """Each paragraph's first line, and the cards pictured beside that paragraph."""
    first = {}
    for row in scene.rows:
        if row.paragraph is not None and row.paragraph not in first:
            first[row.paragraph] = row.text
    return {first[p.paragraph]: list(p.cards) for p in scene.pictures}


# --------------------------------------------------------------------- each card by its rule


# Words that begin a rule in English, and the card pictured beside it.
CARD_RULES = {
    "Skip:": (None, Rank.SKIP),
    "Reverse:": (None, Rank.REVERSE),
    "Draw Two:": (None, Rank.DRAW_TWO),
    "Wild:": (None, Rank.WILD),
    "Wild Draw Four:": (None, Rank.WILD_DRAW_FOUR),
    "Wild Shuffle Hands": ("uno2023", Rank.WILD_SHUFFLE_HANDS),
    "Wild Customizable": ("uno2023", Rank.WILD_CUSTOMIZABLE),
    "Wild Game Changer:": ("house", Rank.WILD_GAME_CHANGER),
    "Your turn:": (None, Rank.SEVEN),  # the number cards: a top card and two that match it
}


@pytest.mark.parametrize("words", CARD_RULES)
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_each_card_is_pictured_beside_its_rule(words: str) -> None:
    page, rank = CARD_RULES[words]
    scene = HowToScene(_app(), PAGES[page or "classic"])
    beside = [cards for first, cards in _pictured(scene).items() if first.startswith(words)]
    assert beside, f"no picture beside the paragraph starting {words!r}"
    assert beside[0][0].rank is rank
    # On the line the rule starts on, left of its text.
    picture = next(p for p in scene.pictures if list(p.cards) == beside[0])
    row = next(r for r in scene.rows if r.paragraph == picture.paragraph)
    assert row.y <= picture.y < row.y + row.height
    assert all(rect.right <= row.x - MARGIN for rect in picture.card_rects())


def test_the_house_rules_cards_are_pictured_with_their_speech_bubble() -> None:
    pictured = _pictured(HowToScene(_app(), PAGES["house"]))
    deck = next(cards for first, cards in pictured.items() if first.startswith("The UNO House"))
    assert deck[0].house_rule and deck[0].rank is deck[1].rank and not deck[1].house_rule


# The example beside each switch in play: what its cards must show.
EXAMPLES: dict[str, Callable[[list[Card]], bool]] = {
    "Stacking:": lambda cards: [c.rank for c in cards] == [Rank.DRAW_TWO, Rank.DRAW_TWO],
    "7-0:": lambda cards: [c.rank for c in cards] == [Rank.SEVEN, Rank.ZERO],
    "Jump-in:": lambda cards: len(cards) == 2 and cards[0].code == cards[1].code,
    "Skip bounce:": lambda cards: [c.rank for c in cards] == [Rank.SKIP, Rank.SKIP],
}


@pytest.mark.parametrize("words", EXAMPLES)
def test_each_switch_in_play_has_its_example_beside_it(words: str) -> None:
    pictured = _pictured(HowToScene(_app(), SWITCHED))
    found = [cards for first, cards in pictured.items() if first.startswith(words)]
    assert len(found) >= 1 and EXAMPLES[words](found[0]), (words, found)


def test_cross_stacking_shows_a_draw_two_answered_by_a_wild_draw_four() -> None:
    rules = Rules(stacking=Stacking.CROSS)
    switched = next(s for s in sections(rules) if s.title == "House rules in play")
    assert [c.rank for c in switched.figures[0]] == [Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR]


def test_every_switch_a_card_can_show_has_an_example_on_the_title_page() -> None:
    """The other ways to play list every switch off; those about cards show their example."""
    others = next(s for s in sections(Rules()) if s.title.startswith("Other ways"))
    shown = {len(f) for f in others.figures if f}
    assert shown and max(shown) <= 3  # the column holds three cards
    assert set(SWITCH_FIGURES) <= set(HOUSE_SWITCHES)
    assert sum(1 for f in others.figures if f) >= len(SWITCH_FIGURES) + 2  # and both decks


# --------------------------------------------------------------------- drawn, and clear of the text


def test_reading_the_whole_page_draws_every_kind_of_card_with_the_games_art(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = _app()
    art = app.media.art
    drawn: list[tuple[Rank, bool]] = []
    face = art.face

    def counted(card: Card, width: int) -> pygame.Surface:
        drawn.append((card.rank, card.house_rule))
        return face(card, width)

    monkeypatch.setattr(art, "face", counted)
    seen: set[tuple[Rank, bool]] = set()
    for name in ("uno2023", "house"):
        scene = HowToScene(app, PAGES[name])
        scene.handle(Intent(Act.HOME))
        for _ in range(60):
            scene.draw(app.screen)
            if not scene.more_below:
                break
            scene.handle(Intent(Act.PAGE_DOWN))
        assert not scene.more_below
        seen |= set(drawn)
        # Where a card is drawn, the screen shows its face.
        picture = scene.pictures[-1]
        scene.scroll_by(picture.y - scene.offset)  # it at the top of the view
        scene.draw(app.screen)
        rect = picture.card_rects()[0].move(scene.view.x, scene.view.y - scene.offset)
        image = face(picture.cards[0], rect.width)
        middle = (rect.width // 2, rect.height // 3)
        assert app.screen.get_at(rect.move(*middle).topleft) == image.get_at(middle)
    ranks = {rank for rank, _house in seen}
    assert ranks >= {Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD, Rank.WILD_DRAW_FOUR}
    assert ranks >= {Rank.WILD_SHUFFLE_HANDS, Rank.WILD_CUSTOMIZABLE, Rank.WILD_GAME_CHANGER}
    assert any(rank.is_number for rank in ranks) and any(house for _rank, house in seen)


def _overlaps(scene: HowToScene) -> list[str]:
    """Every picture that meets a line of text, or leaves its column, and every line that
    leaves the view."""
    found = []
    lines = []
    for row in scene.rows:
        if row.style is Style.GAP:
            continue
        if row.style is Style.HEADING:
            width = text_width(row.text, HEADING_SIZE, Weight.BOLD)
        else:
            width = text_width(row.text, BODY_SIZE, Weight.REGULAR)
        lines.append((pygame.Rect(row.x, row.y, width, row.height), row.text))
        if row.x + width > scene.view.width:
            found.append(f"{row.text!r} leaves the view ({row.x + width} > {scene.view.width})")
    for picture in scene.pictures:
        for rect in picture.card_rects():
            if rect.x < 0 or rect.right > GUTTER - MARGIN:
                found.append(f"{picture.cards} leaves its column at {rect}")
            found += [
                f"{picture.cards} over {text!r}" for box, text in lines if box.colliderect(rect)
            ]
    return found


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("language", i18n.CODES)
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_no_picture_meets_the_text_in_any_language_or_text_size(language: str, large: bool) -> None:
    use_language(language)
    app = _app(large)
    assert (text_scale() > 1) is large
    for name, rules in PAGES.items():
        scene = HowToScene(app, rules)
        assert scene.pictures, name
        assert _overlaps(scene) == [], name


def test_the_overlap_check_sees_a_picture_over_text() -> None:
    """The check above can fail: a line moved into the pictures' column is reported."""
    scene = HowToScene(_app(), Rules())
    row = next(r for r in scene.rows if r.paragraph == scene.pictures[0].paragraph)
    scene.rows[scene.rows.index(row)] = type(row)(row.text, row.style, row.y, row.height, 0)
    assert any("over" in problem for problem in _overlaps(scene))


# --------------------------------------------------------------------- where the page opens


def _table_app(rules: Rules) -> App:
    app = screens_shown._app(False)
    seats = (Seat("You"), Seat("Ada", Level.NORMAL))
    app.go(Table(MatchSetup(rules, seats, 4)))
    screens_shown._frames(app, 5)
    return app


def _heading_in_view(scene: HowToScene) -> str:
    """The first line at the top of the view."""
    row = next(r for r in scene.rows if r.y >= scene.offset and r.style is not Style.GAP)
    assert row.y == scene.offset
    return row.text


@pytest.mark.parametrize(
    ("rules", "heading"),
    [
        (SWITCHED, "The UNO 2023 cards"),
        (PRESETS[Preset.HOUSE_RULES], "The House Rules! cards"),
        (Rules(stacking=Stacking.SAME), "House rules in play"),
    ],
)
def test_opened_from_the_table_it_lands_on_the_rules_in_play(rules: Rules, heading: str) -> None:
    app = _table_app(rules)
    app.top.handle(Intent(Act.BACK)) if app.top is not None else None  # the pause menu
    screens_shown._frames(app, 3)
    screens_shown._click(app, "How to play")
    scene = app.top
    assert isinstance(scene, HowToScene)
    assert scene.offset > 0 and _heading_in_view(scene) == heading
    scene.handle(Intent(Act.HOME))  # the basics are a key away
    assert scene.offset == 0


def test_opened_from_the_table_with_the_official_rules_it_starts_at_the_basics() -> None:
    app = _table_app(Rules())
    app.top.handle(Intent(Act.BACK)) if app.top is not None else None
    screens_shown._frames(app, 3)
    screens_shown._click(app, "How to play")
    scene = app.top
    assert isinstance(scene, HowToScene) and scene.offset == 0


def test_opened_from_the_title_it_starts_at_the_beginning() -> None:
    app = screens_shown.opened("How to play")(False)
    scene = app.top
    assert isinstance(scene, HowToScene)
    assert scene.offset == 0 and _heading_in_view(scene) == "The basics"


@pytest.mark.parametrize("language", i18n.CODES)
@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_the_scrolling_hint_is_drawn_whole_with_large_text(language: str) -> None:
    """German with Large text needs three lines beside Back; two cut its end off."""
    use_language(language)
    app = _app(large=True)
    scene = HowToScene(app, Rules())
    with watching_text() as (drawn, _shrunk):
        scene.draw(app.screen)
    hint = i18n._("Wheel, Up/Down or d-pad to scroll; Left/Right or PgUp/PgDn a page")
    below = [d.text for d in drawn if d.rect.top > scene.rect.bottom and d.rect.right < 800]
    assert "".join(below).replace(" ", "") == hint.replace(" ", "")
