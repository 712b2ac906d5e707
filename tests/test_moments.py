"""The moments of a round (issue 41): each appears for its event on its seat's plate, a seeded
table's round shows them all, Reduced motion draws a still, and speed 0 gives them no time (no
moment, no tween, no wait). The winner's screen's rounds come from the game's log."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest

from game.engine import Game, Phase
from game.events import Challenged, Event, RoundEnded, UnoCalled, UnoCaught
from game.rules import Rules
from scenes.app import App
from scenes.art import CardArt
from scenes.art.confetti import confetti, draw_burst, draw_confetti
from scenes.board.layout import load_layout
from scenes.board.moments import (
    MOMENT_S,
    STILL_T,
    MomentKind,
    draw_moments,
    moment_of,
    plate_shake,
)
from scenes.board.presenter import WIN_CARD_SCALE, WIN_WAIT_S, Presenter
from scenes.composition import build_screen
from scenes.sound import Sfx, SoundBoard
from scenes.store.settings import Settings
from scenes.table.scoring import ScoringScene, round_columns, round_points
from tools.screens import match_win

FRAME_S = 1 / 60


class Heard(SoundBoard):
    """A sound board that only writes down what it was asked to play."""

    def __init__(self) -> None:
        self.heard: list[Sfx] = []

    def play(self, sfx: Sfx) -> None:
        self.heard.append(sfx)


def presenter_for(game: Game, settings: Settings) -> Presenter:
    layout = load_layout(game.players)
    return Presenter(
        layout, CardArt(), settings, Heard(), len(game.cards), lambda seat: seat == 0, seed=3
    )


def heard(presenter: Presenter) -> list[Sfx]:
    sounds = presenter.sounds
    assert isinstance(sounds, Heard)
    return sounds.heard


MOMENTS: list[tuple[Event, MomentKind, int]] = [
    (UnoCalled(2), MomentKind.UNO, 2),
    (UnoCaught(0, 3), MomentKind.CAUGHT, 3),
    # A bluff caught: the challenger won; an honest Four: its player won.
    (Challenged(1, 2, True, None), MomentKind.CHALLENGE, 1),
    (Challenged(1, 2, False, None), MomentKind.CHALLENGE, 2),
    (RoundEnded(3, 40, (), (0, 0, 0, 40)), MomentKind.WIN, 3),
]


@pytest.mark.parametrize(("event", "kind", "seat"), MOMENTS)
def test_each_moment_appears_on_its_seats_plate_for_its_event(
    event: Event, kind: MomentKind, seat: int
) -> None:
    presenter = presenter_for(Game(Rules(), 4, seed=2), Settings())
    presenter.push([event], "line")
    presenter.update(FRAME_S)
    [moment] = presenter.moments
    assert (moment.kind, moment.seat) == (kind, seat)
    assert moment.duration_s == pytest.approx(MOMENT_S[kind]) and not moment.still
    # Over after its time, and gone.
    for _ in range(round(MOMENT_S[kind] / FRAME_S) + 2):
        presenter.update(FRAME_S)
    assert presenter.moments == []


def test_the_uno_call_sounds_and_its_bubble_is_big() -> None:
    presenter = presenter_for(Game(Rules(), 4, seed=2), Settings())
    presenter.push([UnoCalled(1)], "line")
    presenter.update(FRAME_S)
    assert Sfx.UNO in heard(presenter)
    [mark] = presenter.marks
    assert mark.text == "UNO!" and mark.size >= 60


def test_a_won_challenge_gets_its_bubble_on_the_winners_seat() -> None:
    presenter = presenter_for(Game(Rules(), 4, seed=2), Settings())
    presenter.play(Challenged(1, 2, False, None))
    [mark] = presenter.marks
    assert mark.text == "Challenge won!"


def test_a_caught_plate_shakes_and_settles_and_the_others_stand() -> None:
    presenter = presenter_for(Game(Rules(), 4, seed=2), Settings())
    presenter.push([UnoCaught(0, 3)], "line")
    shakes = []
    for _ in range(round(MOMENT_S[MomentKind.CAUGHT] / FRAME_S) + 2):
        presenter.update(FRAME_S)
        shakes.append(plate_shake(presenter.moments, 3, presenter.clock))
        assert plate_shake(presenter.moments, 0, presenter.clock) == 0.0
    assert max(abs(s) for s in shakes) > 3
    assert shakes[-1] == 0.0


def play_round(
    game: Game, presenter: Presenter, rng: random.Random
) -> tuple[list[Event], list[tuple[MomentKind, int]]]:
    """Random legal moves until the round ends, the batches played out at 60 frames a second:
    the game's log and the moments seen on the way, as (kind, seat) in order."""
    seen: list[tuple[MomentKind, int]] = []
    presenter.push(game.log, "deal")
    for _ in range(3000):
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) or not game.legal_actions():
            break
        presenter.push(game.apply(rng.choice(game.legal_actions())), "move")
    for _ in range(200_000):
        before = {id(m) for m in presenter.moments}
        presenter.update(FRAME_S)
        seen += [(m.kind, m.seat) for m in presenter.moments if id(m) not in before]
        if not presenter.busy:
            break
    return list(game.log), seen


@pytest.mark.slow  # a sweep (every language, screen or seed): make test, not test-quick
def test_a_seeded_round_shows_a_moment_for_every_event_that_has_one() -> None:
    # Seed 0's random round has every kind: calls, a catch, a challenge and its winner.
    game = Game(Rules(), 3, seed=0)
    presenter = presenter_for(game, Settings())
    log, seen = play_round(game, presenter, random.Random(0))
    wanted = [found for event in log if (found := moment_of(event)) is not None]
    assert seen == wanted
    assert {kind for kind, _ in wanted} == set(MomentKind)
    assert wanted[-1][0] is MomentKind.WIN


def test_the_winners_last_card_rises_larger_over_the_pile() -> None:
    game = Game(Rules(), 4, seed=2)
    presenter = presenter_for(game, Settings())
    presenter.snap(game)
    top = presenter.discard[-1]
    presenter.push([RoundEnded(0, 10, (), (10, 0, 0, 0))], "win")
    presenter.update(FRAME_S)
    assert presenter.tweens.busy  # it flies
    for _ in range(round(WIN_WAIT_S / FRAME_S) + 2):
        presenter.update(FRAME_S)
    assert top.width == pytest.approx(presenter.layout.pile_card_width * WIN_CARD_SCALE)
    assert top.y < presenter.layout.discard_pile.center[1]


# ------------------------------------------------------------- Reduced motion


def test_reduced_motion_makes_every_moment_a_still() -> None:
    presenter = presenter_for(Game(Rules(), 4, seed=2), Settings(reduced_motion=True))
    presenter.push([UnoCaught(0, 3), UnoCalled(2)], "line")
    presenter.update(FRAME_S)
    [moment] = presenter.moments
    assert moment.still and moment.duration_s == pytest.approx(MOMENT_S[MomentKind.CAUGHT] / 2)
    pictures = []
    for clock in (moment.born + 0.05, moment.born + 0.3):
        assert moment.progress(clock) == STILL_T
        assert plate_shake([moment], 3, clock) == 0.0
        surface = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        draw_moments(surface, [moment], clock, lambda s: presenter.place(s).plate.rect())
        pictures.append(pygame.image.tobytes(surface, "RGBA"))
    assert pictures[0] == pictures[1]


def test_without_reduced_motion_a_moment_moves() -> None:
    presenter = presenter_for(Game(Rules(), 4, seed=2), Settings())
    presenter.play(UnoCalled(2))
    [moment] = presenter.moments
    pictures = []
    for clock in (moment.born + 0.05, moment.born + 0.3):
        surface = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        draw_moments(surface, [moment], clock, lambda s: presenter.place(s).plate.rect())
        pictures.append(pygame.image.tobytes(surface, "RGBA"))
    assert pictures[0] != pictures[1]


def test_reduced_motion_puts_the_winners_card_in_place_at_once() -> None:
    game = Game(Rules(), 4, seed=2)
    presenter = presenter_for(game, Settings(reduced_motion=True))
    presenter.snap(game)
    top = presenter.discard[-1]
    presenter.play(RoundEnded(0, 10, (), (10, 0, 0, 0)))
    assert top.width == pytest.approx(presenter.layout.pile_card_width * WIN_CARD_SCALE)
    assert not presenter.tweens.busy


def test_a_still_confetti_is_the_same_picture_and_a_falling_one_moves() -> None:
    pieces = confetti(7, 60)
    area = pygame.Rect(0, 0, 400, 300)

    def picture(time_s: float) -> bytes:
        surface = pygame.Surface(area.size, pygame.SRCALPHA)
        draw_confetti(surface, pieces, area, time_s)
        return pygame.image.tobytes(surface, "RGBA")

    assert picture(0.0) == picture(0.0)
    assert picture(0.0) != picture(0.5)
    assert confetti(7, 60) == pieces  # a screenshot is repeatable


def test_a_burst_is_drawn_then_fades_to_nothing() -> None:
    surface = pygame.Surface((300, 300), pygame.SRCALPHA)
    draw_burst(surface, (150, 150), 100, 0.3, (255, 214, 102))
    assert pygame.mask.from_surface(surface).count() > 500
    surface.fill((0, 0, 0, 0))
    draw_burst(surface, (150, 150), 100, 1.0, (255, 214, 102))
    assert pygame.mask.from_surface(surface).count() == 0


# ------------------------------------------------------------- speed 0


def test_at_speed_0_no_moment_takes_any_time() -> None:
    game = Game(Rules(), 3, seed=4)
    presenter = presenter_for(game, Settings(animation_speed=0.0))
    presenter.push(
        [UnoCalled(1), UnoCaught(0, 2), Challenged(1, 2, True, None)],
        "line",
    )
    presenter.push([RoundEnded(0, 10, (), (10, 0, 0))], "win")
    presenter.update(0.0)  # one frame of no time drains it all
    assert not presenter.busy
    assert presenter.moments == [] and not presenter.tweens.busy
    assert presenter.wait_until == presenter.clock == 0.0


# ------------------------------------------------------------- the winner's screen


def test_each_rounds_points_are_the_scores_differences() -> None:
    log = [
        UnoCalled(0),
        RoundEnded(1, 30, (), (0, 30, 0)),
        RoundEnded(0, 12, (), (12, 30, 0)),
        RoundEnded(1, 5, (), (12, 35, 0)),
    ]
    assert round_points(log, 3) == [(0, 30, 0), (12, 0, 0), (0, 5, 0)]


def test_too_many_rounds_fold_the_earliest_into_one_column() -> None:
    assert [h for h, _ in round_columns(3, 1000)] == ["1", "2", "3"]
    columns = round_columns(30, 640)  # ten columns fit
    assert len(columns) == 10
    assert columns[0] == ("1\u201321", range(21))
    assert [h for h, _ in columns[1:]] == [str(n) for n in range(22, 31)]
    assert sum(len(rounds) for _, rounds in columns) == 30


def winners_screen(settings: Settings) -> ScoringScene:
    """A short match of three AIs played out at speed 0 up to its winner's screen, then the
    screen shown at ``settings``' speed and motion."""
    pygame.init()
    app = App(settings, headless=True, builder=build_screen)
    match_win(app)
    top = app.top
    assert isinstance(top, ScoringScene) and top.match is not None
    return top


def test_the_match_winners_screen_has_every_rounds_points_and_confetti() -> None:
    screen = winners_screen(Settings())
    game = screen.table.match.game
    rounds = round_points(game.log, game.players)
    assert len(rounds) == game.round >= 2
    assert [sum(r[s] for r in rounds) for s in range(game.players)] == list(game.scores)
    assert screen.confetti
    screen.app.step(FRAME_S, [])
    screen.app.draw()


def test_reduced_motion_shows_the_count_done_and_the_confetti_still() -> None:
    moving = winners_screen(Settings())
    still = winners_screen(Settings(reduced_motion=True))
    assert still.count_s == 0.0 and still._counted() == still.ended.points  # type: ignore[union-attr]
    still.age = moving.age = 0.7
    assert still._confetti_s() == 0.0 and moving._confetti_s() == 0.7


def test_settling_at_speed_0_leaves_no_bubble_or_moment_up() -> None:
    presenter = presenter_for(Game(Rules(), 4, seed=2), Settings(animation_speed=0.0))
    presenter.push([UnoCalled(1), UnoCaught(0, 2)], "line")
    presenter.settle()
    assert presenter.marks == [] and presenter.moments == []
