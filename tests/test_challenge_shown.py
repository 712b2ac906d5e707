"""After a challenge the challenged hand is shown to the challenger, as the official rule says
(playtest s3: it never was): face up on the screen when the screen is the challenger's, in the
challenger's own text, and to nobody else."""

from __future__ import annotations

from game.actions import Challenge, ChooseColor, Play
from game.cards import Color
from game.engine import Game
from game.events import Challenged, Event, redact
from game.narrate import Narrator
from tests.helpers import new_game
from tests.test_presenter import presenter_for


def challenged_game() -> tuple[Game, list[Event]]:
    """Seat 0 plays a Wild Draw Four while holding red (a bluff); seat 1 challenges it."""
    game = new_game([["W+4", "R1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2", "Y3"]], "R5")
    card = next(c for c in game.hands[0] if c.code == "W+4")
    game.apply(Play(0, card))
    game.apply(ChooseColor(0, Color.GREEN))
    return game, list(game.apply(Challenge(1)))


def test_the_challenger_reads_the_hand_and_nobody_else_does() -> None:
    _game, events = challenged_game()
    [challenged] = [e for e in events if isinstance(e, Challenged)]
    assert challenged.hand is not None
    names = ["Ana", "Ben", "Cleo"]
    mine = Narrator(names, 1, True).line([redact(e, 1) for e in events])
    assert "Ana's hand: Red 1, Blue 2" in mine, mine
    for seat in (0, 2):
        other = Narrator(names, seat, True).line([redact(e, seat) for e in events])
        assert "hand:" not in other, other


def test_the_screen_shows_the_hand_to_its_challenger_then_hides_it() -> None:
    game, events = challenged_game()
    presenter = presenter_for(game, viewer=1)
    presenter.push(game.log[: len(game.log) - len(events)], "")
    presenter.update(0.0)
    presenter.settings.animation_speed = 1.0
    presenter.push(events, "")
    shown = False
    for _ in range(600):
        presenter.update(1 / 60)
        faces = {s.flip for s in presenter.hands[0]}
        shown = shown or faces == {1.0}
        if not presenter.busy:
            break
    assert shown
    assert {s.flip for s in presenter.hands[0]} == {0.0}


def test_a_hand_challenged_by_someone_else_stays_hidden_on_the_screen() -> None:
    game, events = challenged_game()
    presenter = presenter_for(game, viewer=2)
    presenter.push(game.log[: len(game.log) - len(events)], "")
    presenter.update(0.0)
    presenter.settings.animation_speed = 1.0
    presenter.push(events, "")
    for _ in range(600):
        presenter.update(1 / 60)
        assert all(s.flip == 0.0 for s in presenter.hands[0])
        if not presenter.busy:
            break
