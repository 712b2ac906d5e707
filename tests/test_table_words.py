"""The table's words go through the catalogs (issue 40): the table, every prompt a person can
reach, the pause menu and what it opens, the hand-off curtain, scoring and the replay, drawn in
the pseudo-locale: every line the text layer draws carries the pseudo-locale's marks.

The exceptions, and only these (``plain``):
- names: a seat's name as typed, and the narrator's label of a seat ("You"), whole or cut
  with an ellipsis;
- numbers and symbols: a line without a letter (a card count, a score, "+");
- the narrator's lines (game/narrate.py, helper LGAME's): the move log and the last move on the
  status banner.
Switching the language with a screen open rebuilds its captions (``relabel``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pygame
import pytest

from game import i18n
from game.actions import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    ChooseCustomEffect,
    ChooseSwap,
    Draw,
    FinishRace,
    MakeRule,
    Pass,
    Play,
)
from game.ai import Level
from game.cards import Color, DeckKind
from game.engine import Game, Phase
from game.events import HandScore, RoundEnded
from game.match import AI_NAMES, MatchSetup, Seat, SeatKind, ai_table
from game.narrate import Narrator
from game.record import Record
from game.rules import CustomEffect, RaceAction, Rules
from scenes.app import App
from scenes.board.hud import Hud, scores_rect
from scenes.board.layout import table_layout
from scenes.composition import build_screen
from scenes.input import Act, Intent
from scenes.replay import ReplayScene
from scenes.routes import Table
from scenes.store.settings import Settings
from scenes.table import moves, scoring
from scenes.table.moves import play_refusal
from scenes.table.overlays import (
    HandOffOverlay,
    LeaveOverlay,
    MoveLogOverlay,
    PauseOverlay,
    RaceOverlay,
    leave_question,
)
from scenes.table.prompts import ChoiceOverlay
from scenes.table.scene import TableScene
from scenes.table.scoring import (
    ScoringScene,
    header_rects,
    match_title,
    panel_height,
    points_line,
    round_title,
)
from scenes.ui import Drawn, forget_text, set_large_text, watching_text
from tests.helpers import new_game

FRAME = 1 / 60
MAX_FRAMES = 20_000  # a bound on any wait for the game
LETTER = re.compile(r"[^\W\d_]")
# A line carries the pseudo-locale's marks: its brackets, or (a line wrapped out of the middle
# of a long message) its accented letters, which no English text has.
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
MARKS = frozenset(i18n.pseudo(ALPHABET).replace("·", ""))


def marked(text: str) -> bool:
    return not MARKS.isdisjoint(text)


@pytest.fixture
def pseudo() -> Iterator[None]:
    i18n.use(i18n.PSEUDO)
    forget_text()
    try:
        yield
    finally:
        i18n.use(i18n.ENGLISH)
        forget_text()


def new_app(large: bool = False) -> App:
    settings = Settings(animation_speed=0.0, ai_pace=0.0, large_text=large)
    return App(settings, headless=True, builder=build_screen)


def settle(app: App, until: Callable[[], bool], what: str) -> None:
    for _ in range(MAX_FRAMES):
        if until():
            return
        app.step(FRAME, [])
    raise AssertionError(f"never reached: {what}")


def table_at(app: App, game: Game, seats: tuple[Seat, ...]) -> TableScene:
    scene = app.go(Table(MatchSetup(game.rules, seats, game.seed), game=game))
    assert isinstance(scene, TableScene)
    return scene


def narrated(scene: object) -> list[str]:
    """The narrator's lines a screen shows (the move log and the banner's last move)."""
    presenter = getattr(scene, "presenter", None) or getattr(
        getattr(scene, "table", None), "presenter", None
    )
    if presenter is None:
        return []
    return [*presenter.log, presenter.status]


def plain(line: Drawn, names: set[str], narration: list[str]) -> bool:
    """A line allowed to be drawn as it is: a name, a number or symbol, a narrator's line."""
    text = line.text.strip()
    if not LETTER.search(text):
        return True
    stem = text.removesuffix("…").removesuffix("...").strip()
    if text in names or (stem != text and any(n.startswith(stem) for n in names)):
        return True
    return any(text in entry for entry in narration if entry)


def english_left(app: App) -> list[str]:
    """The lines the screens on top draw without the pseudo-locale's marks (but the
    exceptions). The screens under the top one are drawn and checked too: their words show."""
    stack = app.stack
    first = max((i for i, s in enumerate(stack) if s.opaque), default=0)
    table = next((s for s in stack if isinstance(s, TableScene | ReplayScene)), None)
    names: set[str] = set()
    narration: list[str] = []
    if table is not None:
        narrator: Narrator = table.narrator
        names = {*narrator.names, *(narrator.name(s) for s in range(len(narrator.names)))}
        narration = narrated(table)
    with watching_text() as (drawn, _shrunk):
        for scene in stack[first:]:
            scene.draw(app.screen)
    assert drawn, "nothing was drawn"
    return [
        line.text for line in drawn if not marked(line.text) and not plain(line, names, narration)
    ]


def relabelled(app: App) -> None:
    """What the app does when the language changes: every scene on the stack rebuilds."""
    forget_text()
    for scene in app.stack:
        relabel = getattr(scene, "relabel", None)
        if relabel is not None:
            relabel()


def person_turn(app: App, table: TableScene) -> None:
    settle(
        app,
        lambda: (
            not table.presenter.busy
            and table.game.actor == table.viewer
            and table.game.phase is Phase.PLAY
            and app.top is table
        ),
        "the person's turn",
    )


def four_seats() -> tuple[Seat, ...]:
    return (Seat("You"), *(Seat(n, Level.NORMAL) for n in AI_NAMES[:3]))


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_the_table_and_its_menus_speak_the_pseudo_locale(pseudo: None) -> None:
    app = new_app()
    table = app.go(Table(MatchSetup(Rules(), four_seats(), 4)))
    assert isinstance(table, TableScene)
    person_turn(app, table)
    assert english_left(app) == []
    assert any(i18n.PSEUDO_OPEN in b.label for b in table.buttons.buttons)
    # A card that cannot be played: the focus tag, then its refusal on the banner.
    legal = {a.card.uid for a in table.mine() if isinstance(a, Play)}
    wrong = [c for c in table.game.hands[0] if c.uid not in legal]
    if wrong:
        table.presenter.hover = wrong[0].uid
        assert english_left(app) == []
        assert table.hud.tag_shown is not None
        table.try_card(wrong[0])
        assert table.refusal is not None and i18n.PSEUDO_OPEN in table.refusal.text
        assert english_left(app) == []
    table.hint()
    assert table.refusal is not None and i18n.PSEUDO_OPEN in table.refusal.text
    assert english_left(app) == []
    # The pause menu, the move log (long enough to scroll), the question before leaving.
    table.handle(Intent(Act.BACK))
    app.step(FRAME, [])
    pause = app.top
    assert isinstance(pause, PauseOverlay)
    assert english_left(app) == []
    app.push(MoveLogOverlay(app, [f"Line {i}" for i in range(60)]))
    app.step(FRAME, [])
    assert isinstance(app.top, MoveLogOverlay)
    left = english_left(app)
    assert left and all(line.startswith("Line ") for line in left)  # the log's lines only
    app.close(app.top)
    app.step(FRAME, [])
    assert app.top is pause
    pause.menu.buttons[-1].on_click()  # Leave to title: asked first
    app.step(FRAME, [])
    assert isinstance(app.top, LeaveOverlay)
    assert english_left(app) == []


def test_a_couch_curtain_and_teams_speak_the_pseudo_locale(pseudo: None) -> None:
    app = new_app()
    seats = (Seat("Ana"), Seat("Ben"), Seat("Cy"), Seat("Dee", Level.EASY))
    table = app.go(Table(MatchSetup(Rules(teams=True), seats, 3)))
    settle(app, lambda: isinstance(app.top, HandOffOverlay), "the hand-off curtain")
    assert english_left(app) == []
    curtain = app.top
    assert isinstance(curtain, HandOffOverlay)
    curtain.handle(Intent(Act.CONFIRM))
    settle(app, lambda: app.top is table, "the table after the curtain")
    assert english_left(app) == []


def stacked_prompt(app: App, game: Game, seats: tuple[Seat, ...]) -> ChoiceOverlay:
    table_at(app, game, seats)
    settle(app, lambda: isinstance(app.top, ChoiceOverlay), "the prompt")
    prompt = app.top
    assert isinstance(prompt, ChoiceOverlay)
    return prompt


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_every_prompt_speaks_the_pseudo_locale(pseudo: None) -> None:
    two = (Seat("You"), Seat("Ana", Level.NORMAL))
    three = (Seat("Ana", Level.NORMAL), Seat("You"), Seat("Ben", Level.NORMAL))
    # Name a color.
    game = new_game([["W", "G1", "R2"], ["Y1", "Y2", "Y3"]], "R5")
    game.apply(Play(0, game.hands[0][0]))
    prompts = [stacked_prompt(new_app(), game, two)]
    # A Wild Draw Four to answer: accept or challenge.
    game = new_game([["W+4", "R1"], ["G+2", "G5"], ["Y1", "Y2"]], "R9")
    game.apply(Play(0, game.hands[0][0]))
    game.apply(ChooseColor(0, Color.RED))
    prompts.append(stacked_prompt(new_app(), game, three))
    # 7-0: whom to swap hands with.
    game = new_game([["R7", "G1", "B2"], ["Y1", "Y2", "Y3"]], "R5", rules=Rules(seven_zero=True))
    game.apply(Play(0, game.hands[0][0]))
    prompts.append(stacked_prompt(new_app(), game, two))
    # A House Rule to make.
    game = new_game([["R3H", "G1"], ["Y1", "Y2"]], "R9", rules=Rules(deck=DeckKind.HOUSE_RULES))
    game.apply(Play(0, game.hands[0][0]))
    prompts.append(stacked_prompt(new_app(), game, two))
    # The Wild Customizable effects, one already chosen.
    rules = Rules(deck=DeckKind.UNO2023, custom_effects=())
    game = new_game([["WC", "R1"], ["G3", "G4"]], "R9", rules=rules)
    game.apply(ChooseCustomEffect(0, CustomEffect.PLAY_AGAIN))
    prompts.append(stacked_prompt(new_app(), game, two))
    for prompt in prompts:
        assert i18n.PSEUDO_OPEN in prompt.title and prompt.menu.buttons
        assert english_left(prompt.app) == [], prompt.title
    # The warning before a bluff: a Wild Draw Four while holding the color.
    app = new_app()
    game = new_game([["W+4", "R1", "G2"], ["Y1", "Y2", "Y3"]], "R9")
    table = table_at(app, game, two)
    person_turn(app, table)
    table.try_card(game.hands[0][0])
    app.step(FRAME, [])
    assert isinstance(app.top, ChoiceOverlay) and i18n.PSEUDO_OPEN in app.top.title
    assert english_left(app) == []


@pytest.mark.parametrize("large", [False, True])
def test_a_house_rules_race_speaks_the_pseudo_locale(pseudo: None, large: bool) -> None:
    """The race panel, with the longest action, in the pseudo-locale: marked, and inside the
    panel at Large text too."""
    rules = Rules(deck=DeckKind.HOUSE_RULES)
    game = new_game([["R3H", "G9", "B8"], ["R3", "B4", "G8"]], "R9", ["B1", "B2"], rules=rules)
    game.apply(Play(0, game.hands[0][0]))
    game.apply(MakeRule(0, 3, RaceAction.TAP_CENTER_THREE_TIMES))
    game.apply(Play(1, game.hands[1][0]))
    assert game.phase is Phase.RACE
    try:
        app = new_app(large)
        table_at(app, game, (Seat("You"), Seat("Ana", Level.NORMAL)))
        settle(app, lambda: isinstance(app.top, RaceOverlay), "the race")
        assert english_left(app) == []
        race = app.top
        assert isinstance(race, RaceOverlay)
        with watching_text() as (drawn, _shrunk):
            race.draw(app.screen)
    finally:
        set_large_text(False)
    panel = race.status.inflate(8, 0)
    assert len(drawn) == 3
    for line in drawn:
        assert panel.left <= line.rect.left and line.rect.right <= panel.right, line


def test_scoring_and_the_replay_speak_the_pseudo_locale(pseudo: None) -> None:
    app = new_app()
    app.go(Table(ai_table(4, Level.NORMAL, 5, rounds=1), autoplay=True))
    settle(app, lambda: isinstance(app.top, ScoringScene), "the score")
    assert english_left(app) == []
    scoring = app.top
    assert isinstance(scoring, ScoringScene)
    next(b for b in scoring.menu.buttons if b.label == i18n.pgettext("button", "Replay")).on_click()
    app.step(FRAME, [])
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert english_left(app) == []
    replay.forward()
    replay.toggle()
    replay.back()
    assert english_left(app) == []


def test_the_titles_and_points_lines_are_whole_sentences(pseudo: None) -> None:
    narrator = Narrator(["You", "Ana", "Ben", "Cy"], 0, True)
    cards = new_game([["R5", "R6"], ["B9", "G7"]], "Y1").hands[1]
    ended = RoundEnded(0, 16, (HandScore(1, tuple(cards), 16),), (16, 0))
    nothing = RoundEnded(0, 0, (), (0, 0), order=(0, 1))
    for text in (
        round_title(narrator, 0),
        round_title(narrator, 1),
        match_title(narrator, (0,)),
        match_title(narrator, (1,)),
        match_title(narrator, (0, 2)),
        match_title(narrator, (1, 3)),
        points_line(ended, 9, "Ana"),
        points_line(ended, 16, "Ana"),
        points_line(ended, 16, "You", you=True),
        points_line(ended, 16, "Ana", "Ben"),
        points_line(ended, 16, "You", "Ben", you=True),
        points_line(nothing, 0, "Ana"),
    ):
        assert text.startswith(i18n.PSEUDO_OPEN) and "{" not in text, text


def test_a_phone_seats_plate_speaks_the_pseudo_locale(pseudo: None) -> None:
    seats = (Seat("You"), Seat("Ana", kind=SeatKind.PHONE), Seat("Ben", Level.EXPERT))
    narrator = Narrator(["You", "Ana", "Ben"], 0, True)
    hud = Hud(table_layout(3)[0], narrator, seats, Settings())
    shown = [
        (frozenset({1}), frozenset()),
        (frozenset(), frozenset({1})),
        (frozenset(), frozenset()),
    ]
    for away, computer in shown:
        hud.away, hud.computer = away, computer
        for seat in range(3):
            who, _color = hud.who(seat)
            assert who.startswith(i18n.PSEUDO_OPEN), who


def test_changing_the_language_relabels_the_open_screens() -> None:
    app = new_app()
    table = app.go(Table(MatchSetup(Rules(), four_seats(), 4)))
    assert isinstance(table, TableScene)
    person_turn(app, table)
    table.handle(Intent(Act.BACK))
    app.step(FRAME, [])
    pause = app.top
    assert isinstance(pause, PauseOverlay) and pause.menu.buttons[0].label == "Resume"
    i18n.use(i18n.PSEUDO)
    try:
        relabelled(app)
        assert all(i18n.PSEUDO_OPEN in b.label for b in pause.menu.buttons)
        assert all(i18n.PSEUDO_OPEN in b.label for b in table.buttons.buttons)
        # The banner's last line stays until the next move replaces it (the narrator's).
        assert english_left(app) == []
    finally:
        i18n.use(i18n.ENGLISH)
        forget_text()
    relabelled(app)
    assert pause.menu.buttons[0].label == "Resume"


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(wd4_bluffing=False),
        Rules(wd4_bluffing=False, wd4_wilds_count_as_color=True),
        Rules(no_wild_finish=True, hand_size=3),
        Rules(deck=DeckKind.UNO2023, no_wild_finish=True, hand_size=2),
    ],
    ids=["classic", "no-bluff", "wilds-count", "no-wild-finish", "uno2023"],
)
def test_a_refused_card_is_told_as_the_engine_judges_it(rules: Rules) -> None:
    """The table writes its own sentence for a card that cannot be played on a turn (the
    engine's reasons are not for a person, and were recased in code): in English it says what
    the engine says, for every unplayable card of every turn of seeded AI games."""
    checked = 0
    for seed in range(6):
        game = Game(rules, 3, seed)
        for _ in range(400):
            if game.phase is Phase.PLAY:
                seat = game.actor
                legal = {a.card.uid for a in game.legal_actions() if isinstance(a, Play)}
                for card in game.hands[seat]:
                    if card.uid in legal:
                        continue
                    reason = game.why_illegal(Play(seat, card)).partition(": ")[2]
                    assert play_refusal(game, seat, card) == reason[:1].upper() + reason[1:] + "."
                    checked += 1
            if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                break
            game.apply(game.legal_actions()[0])
    assert checked > 50, checked


def test_long_words_fit_the_tables_panels(pseudo: None) -> None:
    """A longer language (the pseudo-locale is 40% longer than English) is drawn whole: the
    Wild Customizable captions widen their panel instead of being cut, the scores title fits
    its panel, and a hint of three lines on the banner keeps all of its words."""
    rules = Rules(deck=DeckKind.UNO2023, custom_effects=())
    game = new_game([["WC", "R1"], ["G3", "G4"]], "R9", rules=rules)
    prompt = stacked_prompt(new_app(), game, (Seat("You"), Seat("Ana", Level.NORMAL)))
    with watching_text() as (drawn, _shrunk):
        prompt.draw(prompt.app.screen)
    labels = {b.label for b in prompt.menu.buttons}
    shown = [line.text for line in drawn if line.text.endswith(("...", "…"))]
    assert not shown, shown  # no caption cut with an ellipsis
    assert labels <= {line.text for line in drawn}
    app = new_app()
    table = app.go(Table(MatchSetup(Rules(), four_seats(), 4)))
    assert isinstance(table, TableScene)
    person_turn(app, table)
    hud = table.hud
    with watching_text() as (drawn, _shrunk):
        hud.draw_scores(app.screen, table.game)
    box = scores_rect(table.layout, table.game.players, False)
    title = next(line for line in drawn if line.text.startswith(i18n.PSEUDO_OPEN))
    assert box.contains(title.rect), (title.rect, box)
    set_large_text(True)
    try:
        with watching_text() as (drawn, _shrunk):
            hud.draw_menu_button(app.screen, i18n._("Menu (Esc)"))
    finally:
        set_large_text(False)
    assert table.layout.menu_button.rect().contains(drawn[0].rect), drawn[0].rect
    words = " ".join(["Several"] * 34)
    with watching_text() as (drawn, _shrunk):
        hud.draw_status(app.screen, words, (255, 255, 255))
    assert len(drawn) == 3 and " ".join(line.text for line in drawn).split() == words.split()


def said(text: str) -> None:
    """A whole message in the pseudo-locale: marked, its placeholders all filled."""
    assert text.startswith(i18n.PSEUDO_OPEN) and text.endswith(i18n.PSEUDO_CLOSE), text
    assert "{" not in text and "}" not in text, text


def test_the_tables_sentences_are_whole_messages(pseudo: None) -> None:
    """Every sentence the pure move logic writes (prompts, refusals, hints, buttons) is one
    message of the catalog, filled after translating."""
    name = {0: "You", 1: "Ana", 2: "Ben"}.__getitem__
    game = new_game([["R1", "R2", "W", "W+4", "R7"], ["Y1", "Y2", "Y3", "Y4", "Y5"]], "R5")
    said(moves.draw_refusal(game, 0))
    said(moves.draw_refusal(game, 1))
    said(moves.unplugged("Ana"))
    said(i18n._(moves.UNO_REFUSAL))
    said(i18n._(moves.CATCH_REFUSAL))
    said(moves.refusal(game, 1, game.hands[1][0], name))
    for card in game.hands[0]:
        said(moves.play_refusal(game, 0, card))
    mine = [a for a in game.legal_actions() if a.player == 0]
    said(moves.prompt_line(game, 0, mine, True, "D"))
    for spec in moves.button_specs(game, mine, name):
        said(spec.label)
    for action in (
        None,
        *(Play(0, card) for card in game.hands[0]),
        Draw(0),
        Pass(0),
        Accept(0),
        Challenge(0),
        CallUno(0),
        Catch(0, 1),
        ChooseColor(0, Color.RED),
        ChooseSwap(0, 1),
        MakeRule(0, 3, RaceAction.PRESS_UP),
        FinishRace(0),
    ):
        said(moves.explain(action, game, 0, name))
    for stack in (True, False):
        for challenge in (True, False):
            for stacking in (True, False):
                said(moves.penalty_line(4, stack, challenge, stacking, "D"))
    for saved in (True, False):
        for phones in (True, False):
            said(leave_question(saved, phones))


def test_changing_the_language_rewords_the_replays_banner_and_buttons() -> None:
    app = new_app()
    setup = MatchSetup(Rules(), four_seats(), 4)
    game = Game(setup.rules, len(setup.seats), setup.seed)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    replay = ReplayScene(app, setup, Record.of(game), app.media.sounds, app.media.art)
    app.reset(replay)
    app.step(FRAME, [])
    assert replay.presenter.status.startswith("Replay: ")
    i18n.use(i18n.PSEUDO)
    try:
        relabelled(app)
        assert replay.presenter.status.startswith(i18n.PSEUDO_OPEN)
        assert all(i18n.PSEUDO_OPEN in b.label for b in replay.menu.buttons)
        assert english_left(app) == []
        replay.forward()
        replay.back()
        assert replay.presenter.status.startswith(i18n.PSEUDO_OPEN)
    finally:
        i18n.use(i18n.ENGLISH)
        forget_text()
    relabelled(app)
    assert replay.presenter.status == "Back to move 0"


def test_changing_the_language_rewords_a_continued_matchs_greeting() -> None:
    app = new_app()
    setup = MatchSetup(Rules(), four_seats(), 4)
    game = Game(setup.rules, len(setup.seats), setup.seed)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    table = table_at(app, game, setup.seats)
    assert table.presenter.status.startswith("Welcome back")
    i18n.use(i18n.PSEUDO)
    try:
        table.relabel()  # before its first frame: no move has replaced the greeting yet
        assert table.presenter.status.startswith(i18n.PSEUDO_OPEN)
    finally:
        i18n.use(i18n.ENGLISH)
        forget_text()


@pytest.mark.parametrize("large", [False, True])
def test_the_score_headers_keep_to_their_columns_in_a_longer_language(
    pseudo: None, large: bool
) -> None:
    pygame.init()
    set_large_text(large)
    try:
        rect = pygame.Rect(160, 0, 1600, panel_height(10))
        (hand, hand_box), (total, total_box) = header_rects(rect)
        assert i18n.PSEUDO_OPEN in hand and i18n.PSEUDO_OPEN in total
        assert hand_box.right + 12 <= total_box.left, (hand_box, total_box)  # a clear gap
        assert rect.contains(hand_box) and rect.contains(total_box)
    finally:
        set_large_text(False)


def test_a_long_score_header_is_drawn_smaller_within_its_column(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A language whose headers are much longer than English's (German's compound words):
    each header keeps to its column instead of running into its neighbour."""
    pygame.init()
    long = (
        ("Points still held in every hand", scoring.HAND_RIGHT),
        ("Points of the whole match so far", scoring.TOTAL_RIGHT),
    )
    monkeypatch.setattr(scoring, "HEADERS", long)
    rect = pygame.Rect(160, 0, 1600, panel_height(10))
    (_hand, hand_box), (_total, total_box) = header_rects(rect)
    assert hand_box.right + 12 <= total_box.left, (hand_box, total_box)
    assert rect.contains(total_box)


def test_the_replays_place_stays_in_its_box_at_large_text(pseudo: None) -> None:
    app = new_app(large=True)
    setup = MatchSetup(Rules(), four_seats(), 4)
    game = Game(setup.rules, len(setup.seats), setup.seed)
    for _ in range(80):
        game.apply(game.legal_actions()[0])
    replay = ReplayScene(app, setup, Record.of(game), app.media.sounds, app.media.art)
    with watching_text() as (drawn, _shrunk):
        replay.draw(app.screen)
    box = replay.layout.buttons.rect()
    place = next(line for line in drawn if "80" in line.text)
    assert box.left <= place.rect.left and place.rect.right <= box.right, (place.rect, box)


def test_changing_the_language_remakes_an_open_prompt_and_the_score() -> None:
    game = new_game([["W", "G1", "R2"], ["Y1", "Y2", "Y3"]], "R5")
    game.apply(Play(0, game.hands[0][0]))
    prompt = stacked_prompt(new_app(), game, (Seat("You"), Seat("Ana", Level.NORMAL)))
    assert prompt.title == "Name a color" and prompt.menu.buttons[0].label == "Red"
    prompt.menu.focus = 2
    app = new_app()
    app.go(Table(ai_table(4, Level.NORMAL, 5, rounds=1), autoplay=True))
    settle(app, lambda: isinstance(app.top, ScoringScene), "the score")
    scoring_scene = app.top
    assert isinstance(scoring_scene, ScoringScene)
    i18n.use(i18n.PSEUDO)
    try:
        relabelled(prompt.app)
        relabelled(app)
        assert prompt.title.startswith(i18n.PSEUDO_OPEN) and prompt.menu.focus == 2
        assert all(b.label.startswith(i18n.PSEUDO_OPEN) for b in prompt.menu.buttons)
        assert english_left(prompt.app) == []
        assert all(b.label.startswith(i18n.PSEUDO_OPEN) for b in scoring_scene.menu.buttons)
        assert english_left(app) == []
    finally:
        i18n.use(i18n.ENGLISH)
        forget_text()
