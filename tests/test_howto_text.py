"""How to play covers every deck and house rule, in words that agree with the engine; Large text
enlarges every text; the How to play page shows where the reader is and scrolls with every
device."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from game.actions import FinishRace, MakeRule, Play
from game.events import CardsDrawn, RaceLost
from game.i18n import sentences
from game.rules import (
    PRESETS,
    SWITCHES,
    ChallengeOutcome,
    CustomEffect,
    DrawMode,
    NextDealer,
    Preset,
    RaceAction,
    Rules,
    Stacking,
    TargetMode,
)
from scenes import assets
from scenes.app import App
from scenes.howto import HowToScene
from scenes.howto_text import (
    HOUSE_SWITCHES,
    Section,
    changed_switches,
    rules_text,
    sections,
)
from scenes.input import Act, Intent
from scenes.store.settings import Settings
from scenes.ui import Button, dim, draw_text, ellipsize, fit_size, render, set_large_text, wrap
from tests.helpers import new_game

FRAME = 1 / 60


@pytest.fixture(autouse=True)
def normal_text() -> Iterator[None]:
    """Every test starts and ends at the normal text size (the scale is the program's own)."""
    set_large_text(False)
    yield
    set_large_text(False)


@pytest.fixture
def app() -> App:
    pygame.init()
    return App(Settings(animation_speed=0.0, ai_pace=0.0), headless=True)


def part(parts: list[Section], title: str) -> str:
    found = [p for p in parts if p.title == title]
    assert len(found) == 1, [p.title for p in parts]
    return " ".join(found[0].paragraphs)


def in_play(rules: Rules, players: int | None = None) -> str:
    """The page up to the other ways to play: what applies to this game."""
    parts = sections(rules, players)
    cut = next(i for i, p in enumerate(parts) if p.title.startswith("Other ways"))
    return " ".join(" ".join((p.title, *p.paragraphs)) for p in parts[:cut])


# --------------------------------------------------------------------- the text


def test_each_preset_explains_the_cards_of_its_deck() -> None:
    classic = in_play(PRESETS[Preset.CLASSIC])
    uno2023 = in_play(PRESETS[Preset.UNO2023])
    house = in_play(PRESETS[Preset.HOUSE_RULES])
    quick = in_play(PRESETS[Preset.QUICK])
    for name in ("Wild Shuffle Hands", "Wild Customizable", "House Rules card", "Game Changer"):
        assert name not in classic and name not in quick
    assert "Wild Shuffle Hands" in uno2023 and "Wild Customizable" in uno2023
    assert "Wild Game Changer" in house and "House Rules card" in house
    assert "Wild Shuffle Hands" not in house and "Game Changer" not in uno2023
    # Their first card is flipped over until a number shows; Classic's acts on the first player.
    assert "Until it is a number card" in uno2023 and "Until it is a number card" in house
    assert "acts on the first player" in classic
    # Quick's target depends on the table: both when unknown, the right one when known.
    assert "100 points (200 with three players or more)" in quick
    assert "reach 100 points" in in_play(PRESETS[Preset.QUICK], players=2)
    assert "reach 200 points" in in_play(PRESETS[Preset.QUICK], players=3)
    assert "reach 500 points" in classic


def test_every_page_also_shows_the_decks_and_house_rules_not_in_play() -> None:
    """From the title screen (Classic rules) the page still tells of the 2023 cards, House
    Rules, stacking, jump-in and 7-0: they are a New game away."""
    others = part(sections(Rules()), "Other ways to play (choose them in New game)")
    for words in (
        "Wild Shuffle Hands",
        "Wild Customizable",
        "House Rules cards 1 to 5",
        "Wild Game Changer",
        "Stacking",
        "Jump-in",
        "7-0",
        "Skip bounce",
        "Draw until playable",
        "Force play",
        "No wild finish",
        "Play until one is left",
        "2v2 teams",
    ):
        assert words in others, words
    house = part(
        sections(PRESETS[Preset.HOUSE_RULES]), "Other ways to play (choose them in New game)"
    )
    assert "Wild Shuffle Hands" in house and "Wild Game Changer" not in house


# A value other than the official one for each house-rule switch, and words naming it.
SWITCHED: dict[str, tuple[object, str]] = {
    "hand_size": (9, "dealt 9 cards"),
    "wd4_wilds_count_as_color": (True, "no other wild"),
    "wd4_bluffing": (False, "No bluffing"),
    "challenge_outcome": (ChallengeOutcome.RETURN_CARD, "Bluff taken back"),
    "draw_mode": (DrawMode.UNTIL_PLAYABLE, "Draw until playable"),
    "force_play": (True, "Force play"),
    "uno_catching": (False, "No UNO calls"),
    "uno_penalty": (4, "draws 4 (officially 2)"),
    "stacking": (Stacking.SAME, "Stacking:"),
    "jump_in": (True, "Jump-in"),
    "seven_zero": (True, "7-0"),
    "skip_bounce": (True, "Skip bounce"),
    "no_wild_finish": (True, "No wild finish"),
    "teams": (True, "2v2 teams"),
    "next_dealer": (NextDealer.ROTATE, "Rotating deal"),
    "show_house_rule_text": (False, "Hidden House Rules"),
}


def test_every_rules_switch_is_described_somewhere() -> None:
    """A switch added to the rules must get its paragraph (or be covered by the basics)."""
    elsewhere = {"deck", "first_card", "target_mode", "target_points", "custom_effects"}
    assert set(SWITCHES) == set(HOUSE_SWITCHES) | elsewhere
    assert set(HOUSE_SWITCHES) == set(SWITCHED) | {"play_until_one_left"}


@pytest.mark.parametrize("name", sorted(SWITCHED))
def test_a_switch_in_play_is_listed_with_the_house_rules_in_play(name: str) -> None:
    value, words = SWITCHED[name]
    base = PRESETS[Preset.HOUSE_RULES] if name == "show_house_rule_text" else Rules()
    rules = base.with_changes(**{name: value})
    assert changed_switches(rules) == [name]
    assert words in part(sections(rules), "House rules in play")
    assert words not in in_play(base)


def test_play_until_one_left_changes_the_goal_and_is_listed() -> None:
    rules = Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND)
    text = in_play(rules)
    assert "Play until one is left" in part(sections(rules), "House rules in play")
    assert "nobody scores points" in text and "reach 500" not in text


def test_official_rules_list_no_house_rules_and_settings_that_change_nothing_are_left_out() -> None:
    for preset in PRESETS.values():
        assert "House rules in play" not in rules_text(preset)
    # How a caught bluff ends means nothing without bluffing; the penalty nothing without catching.
    quiet = Rules(
        wd4_bluffing=False,
        challenge_outcome=ChallengeOutcome.RETURN_CARD,
        uno_catching=False,
        uno_penalty=5,
    )
    assert changed_switches(quiet) == ["wd4_bluffing", "uno_catching"]
    # Hiding the House Rules' text only matters with the House Rules! deck.
    assert changed_switches(Rules(show_house_rule_text=False)) == []


def test_the_basics_follow_the_rules_in_play() -> None:
    official = in_play(Rules())
    assert "you may play it at once" in official and "draw a card" in official
    assert "the challenger draws six" in official and "you draw two cards" in official
    changed = in_play(
        Rules(force_play=True, draw_mode=DrawMode.UNTIL_PLAYABLE, uno_penalty=3, wd4_bluffing=False)
    )
    assert "you must play it at once" in changed
    assert "draw until a card you may play turns up" in changed
    assert "you draw 3 cards" in changed
    assert "never challenged" in changed and "challenger draws six" not in changed
    assert "nobody has to call UNO" in in_play(Rules(uno_catching=False))
    assert "your team scores the cards left in the other team's hands" in in_play(Rules(teams=True))
    assert "you score the cards left in everyone else's hands" in official
    assert "the card comes back to your hand" in in_play(
        Rules(challenge_outcome=ChallengeOutcome.RETURN_CARD)
    )


def test_wild_customizable_names_the_effects_the_host_chose() -> None:
    rules = PRESETS[Preset.UNO2023].with_changes(
        custom_effects=(CustomEffect.SWAP_HANDS, CustomEffect.PLAY_AGAIN)
    )
    text = in_play(rules)
    assert "swap hands with a player you choose; you play again" in text
    at_table = in_play(PRESETS[Preset.UNO2023].with_changes(custom_effects=()))
    assert "picks its effects at the table" in at_table


def test_the_race_words_agree_with_the_engine() -> None:
    """The page says the last one to finish a race draws 1 card: so does the engine."""
    text = in_play(PRESETS[Preset.HOUSE_RULES])
    assert "The last one to finish draws 1 card" in text
    game = new_game(
        [["R3H", "B3", "Y9"], ["G3", "Y2", "Y3"]], "R5", rules=PRESETS[Preset.HOUSE_RULES]
    )
    game.apply(Play(0, game.hands[0][0]))
    game.apply(MakeRule(0, 3, RaceAction.PRESS_UP))
    game.apply(Play(1, game.hands[1][0]))  # a plain Green 3 starts the race too
    hand = len(game.hands[0])
    events = game.apply(FinishRace(1))  # the other one is last: the race is over
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert RaceLost(0) in events and [len(e.cards) for e in drawn] == [1]
    assert len(game.hands[0]) == hand + 1


# --------------------------------------------------------------------- large text


def test_large_text_makes_every_font_and_rendered_text_bigger() -> None:
    pygame.init()
    normal = (assets.font(24).get_height(), render("Settings", 34).get_size())
    fitted = fit_size("A long label that must fit its button", 34, 400)
    lines = len(wrap("word " * 200, 24, 800))
    cut = ellipsize("A name of many wide letters, far too long", 24, 200)
    set_large_text(True)
    assert assets.text_scale() == assets.LARGE_TEXT_SCALE > 1
    assert assets.font(24).get_height() > normal[0]
    large = render("Settings", 34).get_size()  # the cached image was dropped
    assert large[0] > normal[1][0] and large[1] > normal[1][1]
    assert len(wrap("word " * 200, 24, 800)) > lines  # measured again, not the cached lines
    assert len(ellipsize("A name of many wide letters, far too long", 24, 200)) < len(cut)
    # Fitting still fits: the size returned, drawn large, stays inside the width.
    size = fit_size("A long label that must fit its button", 34, 400)
    assert (
        size <= fitted
        and assets.font(size, assets.Weight.SEMIBOLD).size("A long label that must fit its button")[
            0
        ]
        <= 400
    )
    set_large_text(False)
    assert assets.font(24).get_height() == normal[0]
    assert render("Settings", 34).get_size() == normal[1]


def test_dim_darkens_as_black_laid_over_at_its_alpha() -> None:
    pygame.init()
    surface = pygame.Surface((4, 4))
    surface.fill((200, 100, 50))
    dim(surface, 160)
    # Black at alpha 160 leaves 95/255 of each channel (rounding may differ by one).
    got = surface.get_at((2, 2))
    for was, now in zip((200, 100, 50), (got.r, got.g, got.b), strict=True):
        assert abs(now - was * 95 / 255) <= 1


def test_the_app_applies_large_text_at_start_and_the_settings_screen_toggles_it() -> None:
    pygame.init()
    App(Settings(large_text=True), headless=True)
    assert assets.text_scale() == assets.LARGE_TEXT_SCALE
    app = App(Settings(), headless=True)
    assert assets.text_scale() == 1.0
    from scenes.options import OptionsScene

    options = OptionsScene(app)
    app.push(options)
    app.step(FRAME, [])
    toggle = next(b for b in options.menu.buttons if b.label.startswith("Large text"))
    toggle.on_click()
    assert app.settings.large_text and assets.text_scale() == assets.LARGE_TEXT_SCALE
    assert next(b for b in options.menu.buttons if b.label.startswith("Large text")).label == (
        "Large text: on"
    )
    toggle = next(b for b in options.menu.buttons if b.label.startswith("Large text"))
    toggle.on_click()
    assert assets.text_scale() == 1.0


def test_a_button_label_still_fits_its_button_with_large_text() -> None:
    pygame.init()
    surface = pygame.Surface((600, 200))
    button = Button(pygame.Rect(0, 0, 300, 68), "Keys and controller buttons", lambda: None)
    set_large_text(True)
    size = fit_size(button.label, button.text_size, button.rect.width - 28)
    assert size < button.text_size
    drawn = draw_text(surface, button.label, size, button.rect.center)
    assert button.rect.contains(drawn)


# --------------------------------------------------------------------- the page


def test_the_scroll_marks_and_thumb_follow_the_reader(app: App) -> None:
    scene = HowToScene(app, PRESETS[Preset.HOUSE_RULES])
    app.push(scene)
    app.step(FRAME, [])
    assert scene.content_height > scene.view.height  # there is something to scroll
    assert scene.offset == scene.opening() > 0  # it opens at the House Rules! cards
    scene.handle(Intent(Act.HOME))
    assert not scene.more_above and scene.more_below
    top = scene.thumb()
    assert top.y == scene.track.y and top.height < scene.track.height
    scene.handle(Intent(Act.DOWN))
    assert scene.offset > 0 and scene.more_above
    assert scene.thumb().y > top.y
    offset = scene.offset
    scene.handle(Intent(Act.RIGHT))  # a page: the d-pad's right, too
    assert scene.offset - offset == scene.view.height - assets.scaled(32)
    scene.handle(Intent(Act.SCROLL, amount=-1))  # the wheel toward the reader
    assert scene.offset > offset
    for _ in range(200):
        scene.handle(Intent(Act.RIGHT))
    assert scene.offset == scene.limit and not scene.more_below and scene.more_above
    assert scene.thumb().bottom == scene.track.bottom
    scene.handle(Intent(Act.SCROLL, amount=2))
    scene.handle(Intent(Act.LEFT))
    assert scene.offset < scene.limit and scene.more_below
    for _ in range(200):
        scene.handle(Intent(Act.UP))
    assert scene.offset == 0 and not scene.more_above
    app.step(FRAME, [])  # and it draws


def test_page_keys_scroll_a_page_and_home_and_end_go_to_the_ends(app: App) -> None:
    scene = HowToScene(app, PRESETS[Preset.HOUSE_RULES])
    app.push(scene)
    app.step(FRAME, [])

    def press(code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
        app.step(FRAME)

    press(pygame.K_HOME)  # from the House Rules! cards, where it opens
    assert scene.offset == 0
    press(pygame.K_PAGEDOWN)
    assert scene.offset == scene.view.height - assets.scaled(32)
    press(pygame.K_PAGEUP)
    assert scene.offset == 0
    press(pygame.K_END)
    assert scene.offset == scene.limit and not scene.more_below
    press(pygame.K_HOME)
    assert scene.offset == 0
    # They are not reserved: a move bound to one of them takes it.
    app.settings.keys["draw"] = pygame.K_PAGEDOWN
    app.input.rebuild()
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")
    assert [i.act for i in app.input.translate(event)] == [Act.DRAW]


def test_the_scrollbar_can_be_clicked_and_dragged(app: App) -> None:
    scene = HowToScene(app, Rules())
    thumb = scene.thumb()
    below = (scene.track.centerx, scene.track.bottom - 5)
    scene.handle(Intent(Act.PRESS, pos=below))  # a click on the track: a page down
    assert scene.offset == scene.view.height - assets.scaled(32)
    scene.handle(Intent(Act.RELEASE, pos=below))
    thumb = scene.thumb()
    scene.handle(Intent(Act.PRESS, pos=thumb.center))
    scene.handle(Intent(Act.POINT, pos=(thumb.centerx, scene.track.bottom + 400)))
    assert scene.offset == scene.limit
    scene.handle(Intent(Act.POINT, pos=(thumb.centerx, scene.track.y - 400)))
    assert scene.offset == 0
    scene.handle(Intent(Act.RELEASE, pos=thumb.center))
    scene.handle(Intent(Act.POINT, pos=(thumb.centerx, scene.track.bottom)))
    assert scene.offset == 0  # let go: pointing no longer drags


def test_the_page_grows_with_large_text_and_keeps_the_place(app: App) -> None:
    scene = HowToScene(app, Rules())
    normal_height, normal_rows = scene.content_height, len(scene.rows)
    scene.scroll_to(0.5)
    set_large_text(True)
    scene.draw(app.screen)  # the page is wrapped again at the new size
    assert scene.content_height > normal_height and len(scene.rows) > normal_rows
    assert scene.fraction == pytest.approx(0.5, abs=0.01)
    assert scene.more_above and scene.more_below


def test_back_leaves_the_page(app: App) -> None:
    from scenes.title import TitleScene

    title = TitleScene(app)
    app.push(title)
    app.push(HowToScene(app, Rules()))
    app.step(FRAME, [])
    page = app.top
    assert isinstance(page, HowToScene)
    page.handle(Intent(Act.BACK))
    app.step(FRAME, [])
    assert app.top is title


def test_sentences_keep_a_space_only_where_the_language_has_one() -> None:
    assert sentences("You draw.", "", "Then play.") == "You draw. Then play."
    # Japanese puts no space after a full stop (「こと。 上がる」 was drawn).
    assert (
        sentences("\u3053\u3068\u3002", "\u4e0a\u304c\u308b")
        == "\u3053\u3068\u3002\u4e0a\u304c\u308b"
    )
