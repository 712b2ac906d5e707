"""The replay viewer: step through the match just played, move by move, every hand face up.

It rebuilds the match from its record (rules, seed and actions) and plays each action's events
through the table's presenter and heads-up display, without a table scene and without any AI:
the record says every move. Right (or A, or Next) steps forward with animation, Left steps
back (the game is rebuilt up to the move before), Space plays on by itself, Esc leaves.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.actions import Action
from game.engine import Game
from game.i18n import _, ngettext, pgettext
from game.match import MatchSetup
from game.narrate import past_lines, table_narrator
from game.record import Record
from scenes.app import App, Scene
from scenes.art import CardArt, shown_felt
from scenes.assets import Weight
from scenes.board.hud import Hud
from scenes.board.layout import table_layout
from scenes.board.presenter import Presenter
from scenes.input import Act, Intent
from scenes.sound import Music, SoundBoard
from scenes.ui import GOLD, Button, Menu, draw_text, fit_size, panel

AUTO_STEP_S = 0.9


def replay_help() -> str:
    return _("Replay: Right for the next move, Left to go back")


def back_to(number: int) -> str:
    # TRANSLATORS: the replay went back: {number} moves are shown.
    return _("Back to move {number}").format(number=number)


class ReplayScene(Scene):
    music = Music.TABLE

    def __init__(
        self, app: App, setup: MatchSetup, record: Record, sounds: SoundBoard, art: CardArt
    ) -> None:
        super().__init__(app)
        self.record = record
        self.actions: tuple[Action, ...] = record.actions
        self.game: Game = record.new_game()
        self.layout, problem = table_layout(self.game.players)
        if problem:
            app.notify(problem)
        people = [i for i, s in enumerate(setup.seats) if s.is_person]
        viewer = people[0] if people else 0
        self.narrator = table_narrator(setup, self.game.rules)
        self.hud = Hud(self.layout, self.narrator, setup.seats, app.settings)
        # After the match nothing is secret: show every hand.
        self.presenter = Presenter(
            self.layout,
            art,
            app.settings,
            sounds,
            len(self.game.cards),
            lambda seat: True,
            seed=setup.seed,
            viewer=viewer,
        )
        self.presenter.restore(self.game, past_lines(self.game, self.narrator), replay_help)
        self.background = shown_felt(app.screen.get_size())
        self.clock = 0.0
        self.index = 0
        self.playing = False
        self.wait = 0.0
        clicks = (self.back, self.toggle, self.forward, self.leave)
        box = self.layout.buttons.rect()
        half = (box.width - 10) // 2
        height = (box.height - 10) // 2
        self.menu = Menu(
            [
                Button(
                    pygame.Rect(
                        box.x + (i % 2) * (half + 10),
                        box.y + (i // 2) * (height + 10),
                        half,
                        height,
                    ),
                    "",
                    click,
                    text_size=24,
                )
                for i, click in enumerate(clicks)
            ],
            columns=2,
            on_back=self.leave,
        )
        self.relabel()

    def relabel(self) -> None:
        """The buttons' captions in the language of now (at the start, and when it changes)."""
        labels = (
            pgettext("replay button", "< Back"),
            self._play_label(),
            pgettext("replay button", "Next >"),
            pgettext("replay button", "Leave"),
        )
        for button, label in zip(self.menu.buttons, labels, strict=True):
            button.label = label
        self.presenter.relabel()

    def _play_label(self) -> str:
        # "Play" here plays the replay on by itself: not a card's play.
        if self.playing:
            return pgettext("replay button", "Pause")
        return pgettext("replay button", "Play")

    def forward(self) -> None:
        if self.index >= len(self.actions):
            self.playing = False
            return
        events = self.game.apply(self.actions[self.index])
        self.index += 1
        for part, line in self.narrator.parts(events):
            self.presenter.push(part, line)

    def back(self) -> None:
        if self.index == 0:
            return
        self.index -= 1
        game: Game = self.record.new_game()
        for action in self.actions[: self.index]:
            game.apply(action)
        self.game = game
        # The log goes back too: lines of moves undone would tell of what has not happened yet.
        back = partial(back_to, self.index)
        self.presenter.restore(game, past_lines(game, self.narrator), back)

    def toggle(self) -> None:
        self.playing = not self.playing
        self.menu.buttons[1].label = self._play_label()

    def leave(self) -> None:
        self.app.close(self)

    def handle(self, intent: Intent) -> None:
        if self.hud.menu_click(intent):
            self.leave()
        elif intent.act is Act.RIGHT:
            self.forward()
        elif intent.act is Act.LEFT:
            self.back()
        else:
            self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.hud.clock = self.clock
        presenter = self.presenter
        presenter.update(dt)
        if self.playing and not presenter.busy:
            self.wait += dt
            if self.wait >= AUTO_STEP_S:
                self.wait = 0.0
                self.forward()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        leave = _("Leave (Esc)")
        self.hud.draw_table(surface, self.game, self.presenter, menu_label=leave)
        box = self.layout.buttons.rect()
        label = pygame.Rect(box.x, box.y - 52, box.width, 44)
        surface.blit(panel(label.size, 14, (8, 12, 18, 220)), label)
        total = len(self.actions)
        # TRANSLATORS: the replay's place: {number} moves shown of {count}.
        where = ngettext(
            "Replay: move {number} of {count}", "Replay: move {number} of {count}", total
        ).format(number=self.index, count=total)
        # Drawn smaller in a longer language (or at Large text) rather than off the screen.
        size = fit_size(where, 22, label.width - 20, Weight.BOLD)
        draw_text(surface, where, size, label.center, GOLD, Weight.BOLD)
        self.menu.draw(surface)
