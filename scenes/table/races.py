"""House Rules races at the table: each racing person's progress through the race action.

The person at the screen races with keys and taps on the table (the race prompt is theirs);
the others race on their own devices at the same moment, where a press of A stands for the tap
the race asks for next (a controller cannot point). The last right step of a person submits
their ``FinishRace`` for their seat; a wrong step starts their action again.
"""

from __future__ import annotations

from collections.abc import Callable

from game.actions import Action, FinishRace
from game.engine import Phase
from game.match import Match
from game.rules import RaceAction
from scenes.input import Act
from scenes.table.moves import RaceInput, advance_race, controller_step


def key_step(act: Act) -> str | None:
    """A race step made with a key or button (directions and UNO), if ``act`` is one."""
    if act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
        return str(act.value)
    return "uno" if act is Act.UNO else None


class Races:
    """Everyone's progress through the running race."""

    def __init__(self, match: Match, submit: Callable[[int, Action], object]) -> None:
        self.match = match
        self.submit = submit
        self.screen: RaceInput | None = None  # the person at the screen, once prompted
        self.others: dict[int, list[str]] = {}  # steps done by people off the screen

    def racing(self, seat: int) -> bool:
        game = self.match.game
        return game.phase is Phase.RACE and seat in game.race_left

    def prompt(self) -> RaceInput:
        """The race input of the person at the screen (started when the prompt opens)."""
        if self.screen is None:
            game = self.match.game
            self.screen = RaceInput(game.house_rules[game.race_number])
        return self.screen

    def changed(self, viewer: int) -> None:
        """The match moved on: forget the input of races that are over."""
        if self.screen is not None and not self.racing(viewer):
            self.screen = None
        if self.match.game.phase is not Phase.RACE:
            self.others.clear()

    def on_screen(self, seat: int, step: str) -> bool:
        """A step of the person at the screen: True if it was the right one."""
        race = self.screen
        assert race is not None
        return self._advance(seat, race.done, race.rule, step)

    def off_screen(self, seat: int, act: Act) -> bool:
        """A press on the own device of a person off the screen; True if it was a race step."""
        if not self.racing(seat):
            return False
        done = self.others.setdefault(seat, [])
        game = self.match.game
        rule = game.house_rules[game.race_number]
        step = controller_step(done, rule) if act is Act.CONFIRM else key_step(act)
        if step is None:
            return False
        self._advance(seat, done, rule, step)
        return True

    def _advance(self, seat: int, done: list[str], rule: RaceAction, step: str) -> bool:
        right, finished = advance_race(done, rule, step)
        if finished:
            self.submit(seat, FinishRace(seat))
        return right
