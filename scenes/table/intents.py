"""A person's input at the table, into actions submitted for the seat their device owns.

The keyboard, the mouse and the controllers of the table's people arrive here as intents.
Input from the screen person's devices (the mouse, the keyboard, or a controller that is theirs
or nobody's) acts for the person at the screen; input from another person's own controller acts
for that person, and only for the real-time moves (races, catching, calling UNO, jumping in).
The seat always comes from the device, never from the action: a move is submitted to the match
for that seat, and the match refuses an action for any other seat. What an input means is asked
of the pure functions of ``moves``; the table is reached through ``Answering``'s few verbs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.actions import Action, CallUno, Catch, JumpIn, Play
from game.cards import Card, Rank
from game.events import Event
from game.i18n import _
from game.match import Match
from game.rules import RACE_ACTION_TEXT
from scenes.app import App
from scenes.board.presenter import Presenter
from scenes.input import Act, Intent
from scenes.sound import Sfx, SoundBoard
from scenes.table import moves
from scenes.table.hand import Hand, Pile
from scenes.table.prompts import Asking, bluff_prompt
from scenes.table.races import Races, key_step
from scenes.ui import Menu


class Answering(Protocol):
    """What the input needs back from the table: its button column and a few verbs."""

    @property
    def buttons(self) -> Menu: ...

    def submit(self, seat: int, action: Action) -> list[Event]: ...

    def refuse(self, text: str) -> None: ...

    def hint(self) -> None: ...

    def asking(self) -> Asking: ...

    def open_pause(self) -> None: ...


@dataclass(frozen=True)
class PersonInput:
    """The table's people's intents: which seat each comes from, and what it does."""

    app: App
    match: Match
    table: Answering
    presenter: Presenter
    hand: Hand
    races: Races
    sounds: SoundBoard
    device_seat: dict[int, int]  # a controller's owner (couch play), shared with the table
    menu_click: Callable[[Intent], bool]  # the HUD's menu button was clicked
    name: Callable[[int], str]

    @property
    def viewer(self) -> int:
        return self.match.viewer

    def handle(self, intent: Intent) -> None:
        act = intent.act
        if act is Act.UNPLUGGED:
            owner = self.device_seat.pop(intent.device, None)
            if owner is not None:
                # The seat simply waits: its hand-off accepts any controller or the keyboard.
                self.table.refuse(moves.unplugged(self.match.setup_seats[owner].name))
            return
        race = self.races.screen
        if (act in (Act.BACK, Act.PAUSE) or self.menu_click(intent)) and not race:
            self.table.open_pause()
            return
        if race is not None and self._race_input(intent):
            return
        owner = moves.owner(self.device_seat, intent.device, self.match)
        if owner is not None and act in (Act.PEEK, Act.PEEK_END):
            if self.match.peek(owner, act is Act.PEEK):
                self.presenter.set_viewer(self.match.screen.showing)
            return
        if owner is not None and owner != self.viewer:
            # Another person's own device never steers the screen person's hand.
            self._off_screen(owner, intent)
            return
        if self.presenter.busy or not self.match.people:
            return
        if act in (Act.POINT, Act.PRESS, Act.RELEASE):
            self._pointer(intent)
        else:
            self._key_move(intent)

    def _mine(self) -> list[Action]:
        return self.match.legal_for(self.viewer)

    def _key_move(self, intent: Intent) -> None:
        """A key or controller button of the person at the screen."""
        act = intent.act
        if self.hand.walk(self.viewer, self.table.buttons, act):
            return
        if act is Act.CONFIRM:
            self._confirm(intent)
        elif act is Act.DRAW:
            self._do(moves.draw_move(self._mine(), self.viewer), None)
        elif act is Act.UNO:
            self._do(moves.first_of(self._mine(), self.viewer, CallUno), _(moves.UNO_REFUSAL))
        elif act is Act.CATCH:
            self._do(moves.first_of(self._mine(), self.viewer, Catch), _(moves.CATCH_REFUSAL))
        elif act is Act.HINT:
            self.table.hint()

    def _confirm(self, intent: Intent) -> None:
        """Enter or A: the focused button, else the card the screen shows as chosen."""
        # Enter acts on what the screen shows: the card just drawn (Keep it is a button), else
        # the card pointed at or with the keyboard focus.
        drawn = moves.own_drawn(self.match.game, self.viewer)
        chosen = drawn if drawn is not None else self.hand.chosen(self.viewer)
        buttons = self.table.buttons
        if buttons.focus >= 0 and buttons.buttons:
            buttons.handle(intent)
        elif self.match.couch.shared and not self.match.screen.faces_open:
            # The screen person's cards are face down (it is not their turn): Enter or A jumps
            # in with the identical card, if they hold one, as it does for everyone else.
            self._jump_in_for(self.viewer)
        elif chosen is not None:
            self.try_card(chosen)

    def _do(self, action: Action | None, refusal: str | None) -> None:
        """Submit a key's move, or say why there is none (the draw key's reason depends)."""
        if action is not None:
            self.table.submit(self.viewer, action)
        else:
            self.table.refuse(refusal or moves.draw_refusal(self.match.game, self.viewer))

    def _pointer(self, intent: Intent) -> None:
        chosen = self.hand.pointer(intent, self.table.buttons, self.viewer)
        if chosen is Pile.DRAW:
            self._do(moves.draw_move(self._mine(), self.viewer), None)
        elif chosen is not None:
            self.try_card(chosen)

    def try_card(self, card: Card) -> None:
        """The screen person chose a card: play it, jump in with it, or say why not."""
        action = moves.card_move(self._mine(), card)
        if action is not None:
            if self._bluff_warning(action):
                return
            self.table.submit(self.viewer, action)
            self.sounds.play(Sfx.CLICK)
            return
        self.presenter.reject(card.uid)
        self.table.refuse(moves.refusal(self.match.game, self.viewer, card, self.name))

    def _bluff_warning(self, action: Action) -> bool:
        """Before an illegal Wild Draw Four (a bluff), warn what a challenge would cost."""
        if not isinstance(action, Play) or action.card.rank is not Rank.WILD_DRAW_FOUR:
            return False
        if self.match.game.wd4_is_legal(self.viewer):
            return False
        self.app.push(bluff_prompt(self.app, self.table.asking(), action))
        return True

    def _off_screen(self, seat: int, intent: Intent) -> None:
        """Input from the own device of a person who is not at the screen: the real-time
        moves (races, catching, calling UNO, jumping in) act for them; nothing else does."""
        act = intent.act
        if self.races.off_screen(seat, act):
            return
        if act in (Act.CATCH, Act.UNO):
            kind = Catch if act is Act.CATCH else CallUno
            action = moves.first_of(self.match.legal_for(seat), seat, kind)
            if action is not None:
                self.table.submit(seat, action)
        elif act is Act.CONFIRM:
            self._jump_in_for(seat)

    def _jump_in_for(self, seat: int) -> None:
        """Jump in for a person whose hand is not on screen.

        A jump-in card must be identical to the top card, so there is nothing to choose: any
        copy of it will do, and one press is enough. Holding none gets a neutral answer that
        says no more than that the press came too late or without the card.
        """
        action = moves.first_of(self.match.legal_for(seat), seat, JumpIn)
        if action is not None:
            self.table.submit(seat, action)
            self.sounds.play(Sfx.CLICK)
        elif self.match.game.rules.jump_in:
            name = self.match.setup_seats[seat].name
            self.table.refuse(_("{name} cannot jump in now.").format(name=name))

    def _race_input(self, intent: Intent) -> bool:
        """Match the screen person's input against the steps of the race action."""
        race = self.races.screen
        if race is None or not self.races.racing(self.viewer):
            self.races.screen = None
            return False
        owner = moves.owner(self.device_seat, intent.device, self.match)
        if owner is not None and owner != self.viewer:
            return False  # another person's own controller: their race, not the screen's
        step = key_step(intent.act)
        if intent.act is Act.PRESS and intent.pos is not None:
            step = self.hand.tap_step(intent.pos, race.rule, self.viewer)
        elif intent.act is Act.CONFIRM:
            # Enter or A at the screen cannot point: it is the tap the race asks for next, as
            # A is on a person's own controller (a tap race is not the mouse's alone).
            step = moves.controller_step(race.done, race.rule)
        if step is None:
            return False
        if self.races.on_screen(self.viewer, step):
            self.sounds.play(Sfx.CLICK)
        else:
            # TRANSLATORS: a wrong step in a House Rules race: the action it asks for, urged
            # ("Press Up!"); {action} is the action's text.
            self.table.refuse(_("{action}!").format(action=_(RACE_ACTION_TEXT[race.rule])))
        return True
