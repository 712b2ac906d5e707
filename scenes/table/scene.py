"""The table scene: one match on screen, from the first deal to the final standings.

The match itself (``game.match.Match``) owns the game, the AI seats and the couch rules; the
scene is its screen and its people's hands. Its people's input goes through ``intents``, which
asks the pure functions of ``moves`` what it means and submits it for the seat the device
belongs to (never the seat an action names); the match refuses what is not legal or not that
seat's (a sentence for a player). Everything that happened comes back to the scene as a
listener of the match, and goes to the presenter (reached through its verbs only) to be
animated; autosave and statistics listen the same way. AI arrivals are the match's: the scene
calls ``tick`` with its clock while the picture is not catching up and no person is being
asked to decide, so a person can beat a slow AI to a catch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.actions import Action, Challenge, JumpIn, Play
from game.cards import Card
from game.engine import Game, Phase
from game.events import Event
from game.i18n import N_, _
from game.match import (
    Match,
    MatchEvent,
    MatchFinished,
    MatchSetup,
    Refused,
    fresh_salt_key,
)
from game.narrate import past_lines, table_narrator
from game.record import Record
from scenes import routes
from scenes.app import App, Scene
from scenes.art import CardArt
from scenes.board.hud import Hud
from scenes.board.layout import Layout, table_layout
from scenes.input import Intent, is_controller, key_text
from scenes.sound import Music, Sfx, SoundBoard
from scenes.table import moves
from scenes.table.hand import Hand
from scenes.table.intents import PersonInput
from scenes.table.joinscreen import JoinOverlay
from scenes.table.listeners import save_and_count
from scenes.table.moves import RaceInput
from scenes.table.overlays import Curtain, HandOffOverlay, PauseChoices, PauseOverlay, RaceOverlay
from scenes.table.phone_seats import open_phones
from scenes.table.preparation import open_match, prepare_media, table_presenter
from scenes.table.prompts import (
    Asking,
    challenge_prompt,
    color_prompt,
    effects_prompt,
    rule_prompt,
    swap_prompt,
)
from scenes.table.races import Races
from scenes.table.scoring import ScoringScene
from scenes.ui import GOLD, Menu

# What the phones are told when the table closes (in the table's language at that moment).
LEFT_OVER = N_("The match is over. Thanks for playing!")
LEFT_TABLE = N_("The table was closed on the computer: this match has ended here.")
# The match is kept: Continue on the computer brings it back with a new code for each phone.
LEFT_SAVED = N_(
    "The table left this match for now; it is saved on the computer. When it goes on there "
    "(Continue), scan the new code on the screen to take your seat again."
)
# A refused card shows its reason this long.
REFUSAL_S = 2.6
# Autoplay at speed 0 applies at most this many actions per frame, so the window still redraws.
AUTOPLAY_BATCH = 400
# The choice a person makes in a panel, by the phase that asks for it.
PROMPTS = {
    Phase.COLOR: color_prompt,
    Phase.SWAP: swap_prompt,
    Phase.MAKE_RULE: rule_prompt,
    Phase.SETUP: effects_prompt,
}


# The status banner's colours: a refusal is a warm red; a hint, neutral advice, a calm blue.
REFUSAL_COLOR = (255, 170, 160)
HINT_COLOR = (170, 215, 255)


def welcome_back() -> str:
    """The banner's line when a saved match is continued."""
    return _("Welcome back: the match goes on where it stopped.")


@dataclass(frozen=True)
class Notice:
    """A sentence over the status banner until ``until`` (a refusal, or a hint)."""

    text: str
    until: float
    color: tuple[int, int, int] = REFUSAL_COLOR


class TableScene(Scene):
    """One match at the table, from the first deal to the final standings."""

    music = Music.TABLE

    def __init__(
        self,
        app: App,
        setup: MatchSetup,
        *,
        sounds: SoundBoard,
        art: CardArt,
        autoplay: bool = False,
        on_match_end: Callable[[Game], None] | None = None,
        game: Game | None = None,
        autosave: bool = False,
        pads: dict[int, int] | None = None,
        network: routes.Network | None = None,
    ) -> None:
        super().__init__(app)
        self.setup = setup
        self.autoplay = autoplay
        self.on_match_end = on_match_end
        self.autosave = autosave
        resumed = game is not None
        if game is None:
            game = Game(setup.rules, len(setup.seats), setup.seed, salt_key=fresh_salt_key())
        self.layout: Layout
        self.layout, problem = table_layout(game.players)
        if problem:
            app.notify(problem)
        self.match, self._pool = open_match(app, setup, game)
        self.art = art
        self.sounds = sounds
        self.narrator = table_narrator(setup, game.rules)
        self.hud = Hud(self.layout, self.narrator, setup.seats, app.settings)
        # Couch play: a controller belongs to the person it was given to in setup, or who
        # pressed A on it at their hand-off, so catches, UNO calls, jump-ins and races from it
        # act for that person even off their turn.
        self.device_seat: dict[int, int] = dict(pads or {})
        self.presenter = table_presenter(app, self.layout, art, sounds, self.match, setup.seed)
        self.hand = Hand(self.presenter, self.layout)
        self.clock = 0.0
        self.refusal: Notice | None = None
        self.buttons = Menu()
        # Through the scene's own submit, as every person's move goes.
        self.races = Races(self.match, self._submit_quietly)
        self.input = PersonInput(
            app,
            self.match,
            self,
            self.presenter,
            self.hand,
            self.races,
            sounds,
            self.device_seat,
            self.hud.corner_click,
            self.narrator.name,
        )
        self.round_shown = 0
        self.finished = False
        self.background = prepare_media(app, art, self.presenter, game, self.match)
        if resumed:
            # The move log comes back too: the record replayed, one line per action as it was.
            self.presenter.restore(game, past_lines(game, self.narrator), welcome_back)
        else:
            for part, line in self.narrator.parts(game.log):
                self.presenter.push(part, line)
        save_and_count(
            self.match, setup, self.refuse, autosave=autosave, count=not autoplay, new=not resumed
        )
        self.match.add_listener(self)
        where = network or routes.Network()
        self.phones = open_phones(self.match, art, where, app.notify) if self.match.phones else None

    # ------------------------------------------------------------- the match

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def people(self) -> list[int]:
        return list(self.match.people)

    @property
    def couch(self) -> bool:
        """Several people share the screen, hiding their hands from each other."""
        return self.match.couch.shared

    @property
    def viewer(self) -> int:
        """The person at the bottom of the screen (seat 0 at an AI-only table)."""
        return self.match.viewer

    @property
    def race(self) -> RaceInput | None:
        """The race input of the person at the screen, while they race."""
        return self.races.screen

    @race.setter
    def race(self, race: RaceInput | None) -> None:
        self.races.screen = race

    def person_actions(self) -> list[Action]:
        """The actions a person at the table may take now (window actions included)."""
        return [a for seat in self.match.people for a in self.match.legal_for(seat)]

    def mine(self) -> list[Action]:
        """The actions of the person at the screen."""
        return self.match.legal_for(self.viewer) if self.people else []

    def submit(self, seat: int, action: Action) -> list[Event]:
        """A person's action for ``seat``, the seat their device owns (never the action's own
        say): one the match refuses, for another seat or not legal now, is told, not applied."""
        try:
            return self.match.submit(seat, action)
        except Refused as refused:
            self.refuse(refused.text)
            return []

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        """The match changed: animate what happened, and drop race input that is over."""
        happened = [e for e in events if not isinstance(e, MatchFinished)]
        if not happened:
            return
        self.races.changed(self.viewer)
        for part, line in self.narrator.parts(happened):  # a seal or a reveal: a line of its own
            self.presenter.push(part, line)

    def chooser(self, action: Action) -> Callable[[], None]:
        """A button's click: submit this action for the person at the screen when clicked."""
        return lambda: self._submit_quietly(self.viewer, action)

    def _submit_quietly(self, seat: int, action: Action) -> None:
        self.submit(seat, action)

    def refuse(self, text: str) -> None:
        self.refusal = Notice(text, self.clock + REFUSAL_S)
        self.sounds.play(Sfx.ERROR)

    def couch_help(self) -> list[str]:
        """The real-time moves a person can make off their turn, with their own device's names."""
        return self.hud.couch_help(self.game.rules.jump_in, len(self.people))

    # ------------------------------------------------------------- update

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.phones is not None:
            self.phones.pump()  # the phones' moves, submitted to the match on this thread
            self._await_phones()
        self.hud.clock = self.clock
        self.match.pace = self.app.settings.ai_pace  # the pause menu may change it
        if self.autoplay and self.app.settings.animation_speed <= 0:
            self._fast_forward()
            return
        if self.couch and self.match.guard_faces():
            self.presenter.set_viewer(self.viewer)
        self.presenter.update(dt)
        if self.presenter.busy:
            return
        self._sync_view()
        if self._round_over_shown() or self._hand_off():
            return
        self._open_prompts()
        self.match.tick(self.clock)

    def _fast_forward(self) -> None:
        """Autoplay at speed 0: apply AI actions until the round ends, drawing between rounds."""
        self.presenter.settle()
        if self._round_over_shown():
            return
        self.match.fast_forward(AUTOPLAY_BATCH)
        self.presenter.settle()
        self._sync_view()

    def _round_over_shown(self) -> bool:
        if not self.match.is_round_over:
            return False
        if self.round_shown != self.game.round:
            self.round_shown = self.game.round
            self.app.push(ScoringScene(self.app, self))
        return True

    def next_round(self) -> None:
        """Called by the scoring scene: deal the next round, or end the match."""
        if self.match.is_match_over:
            self.finish_match()
        else:
            self.match.next_round()

    def finish_match(self) -> None:
        """The table leaves a match whose last round was scored (the autosave is cleared)."""
        if self.finished:
            return
        self.finished = True
        self.match.finish()
        if self.on_match_end is not None:
            self.on_match_end(self.game)

    # ------------------------------------------------------------- where to go

    def play_again(self) -> None:
        """The next match at this table: the same seats, the next deal."""
        self.finish_match()
        setup = self.setup
        again = MatchSetup(
            setup.rules, setup.seats, setup.seed + 1, setup.max_rounds, setup.open_hands
        )
        route = routes.Table(
            again,
            autosave=self.autosave,
            pads=dict(self.device_seat),
            autoplay=self.autoplay,
            on_match_end=self.on_match_end,
        )
        self.app.go(route, "replace")

    def replay(self) -> None:
        self.app.go(routes.Replay(self.setup, Record.of(self.game)))

    def how_to_play(self) -> None:
        self.app.go(routes.HowTo(self.game.rules))

    def leave(self) -> None:
        """Back to the title at once (a match played to its end is closed first)."""
        if self.match.is_match_over:
            self.finish_match()
        self.app.go(routes.Title(), "reset")

    def _sync_view(self) -> None:
        """Lift the cards the viewer may play now and dim the rest."""
        plays = {a.card.uid for a in self.person_actions() if isinstance(a, Play | JumpIn)}
        hand = self.presenter.hands[self.viewer] if self.people else []
        dimmed = (
            frozenset(s.card.uid for s in hand if s.card.uid not in plays)
            if self.people and moves.awaits_hand(self.game, self.viewer)
            else frozenset()
        )
        self.presenter.highlight(frozenset(plays), dimmed)
        self._rebuild_buttons()

    def _hand_off(self) -> bool:
        """Between two people's turns, hide every hand until the next one is ready."""
        waiting = self.match.hand_off_to()
        if waiting is None:
            return False
        if self.app.top is self:
            self.app.push(HandOffOverlay(self.app, self, waiting))
        return True

    def _await_phones(self) -> None:
        """A phone seat is not connected: the match waits (no AI moves) and the table shows
        how to join, with the host's choice to let the computer play the seat."""
        if self.match.away and self.app.top is self:
            self.app.push(JoinOverlay(self.app, self, automatic=True))

    def show_phones(self) -> None:
        """The pause menu's "Phones": every phone seat's code, state and host choices."""
        if self.phones is not None:
            self.app.push(JoinOverlay(self.app, self, automatic=False))

    def take_screen(self, seat: int, device: int) -> int | None:
        """The curtain's confirm for ``seat`` from ``device``: None once the screen is turned
        to them (A on a controller makes it theirs), else the seat owning that controller."""
        owner = self.device_seat.get(device)
        if owner is not None and owner != seat:
            return owner
        if is_controller(device):
            self.device_seat[device] = seat
        self.show_to(seat)
        return None

    def curtain(self) -> Curtain:
        return Curtain(self.background, self.presenter.status, self.couch_help())

    def race_seen(self) -> None:
        """The race prompt is on screen: from now on the AIs' race clock runs."""
        self.match.race_seen(self.clock)

    def move_log(self) -> list[str]:
        return self.presenter.log

    def pause_choices(self) -> PauseChoices:
        phones = self.show_phones if self.phones is not None else None
        return PauseChoices(
            self.move_log, self.how_to_play, self.leave, self.autosave, phones, self.refuse
        )

    def show_to(self, seat: int) -> None:
        """Turn the table to a person who has confirmed they are holding the screen."""
        self.match.show_to(seat)
        self.hand.reset()
        self.presenter.set_viewer(seat)
        self.buttons = Menu()
        self._sync_view()

    def asking(self) -> Asking:
        """A prompt's question to the person at the screen."""
        prompt = self.layout.prompt.rect()
        return Asking(self.match, self.viewer, self.narrator.name, prompt, self._submit_quietly)

    def _open_prompts(self) -> None:
        """Push the overlay a person must answer (color, challenge, swap, rule, race...)."""
        if not self.people or self.app.top is not self:
            return
        game = self.game
        mine = self.mine()
        if not mine:
            return
        ask = self.asking()
        if game.actor == self.viewer and game.phase in PROMPTS:
            self.app.push(PROMPTS[game.phase](self.app, ask))
        elif game.actor == self.viewer and game.phase is Phase.PENALTY:
            if any(isinstance(a, Challenge) for a in mine):
                self.app.push(challenge_prompt(self.app, ask))
        elif game.phase is Phase.RACE and self.viewer in game.race_left:
            self.races.prompt()
            self.app.push(RaceOverlay(self.app, self, self.layout.status.rect()))

    # ------------------------------------------------------------- input

    def handle(self, intent: Intent) -> None:
        self.input.handle(intent)

    def try_card(self, card: Card) -> None:
        self.input.try_card(card)

    def open_pause(self) -> None:
        self.app.push(PauseOverlay(self.app, self))

    def hint(self) -> None:
        """Advice (the Hard AI's move in your place, from your view only) and its facts."""
        seat = self.viewer
        if not self.people or not self.match.legal_for(seat):
            self.refuse(_("Nothing to decide right now."))
            return
        text, card = moves.hint(self.game, seat, self.clock, self.narrator.name)
        self.refusal = Notice(text, self.clock + 5.0, HINT_COLOR)
        if card is not None:
            self.presenter.point_at(card.uid)

    # ------------------------------------------------------------- buttons

    def _key(self, move: str) -> str:
        """The key the player bound to a move, for button captions."""
        code = self.app.settings.keys.get(move)
        return "" if code is None else key_text(code)

    def relabel(self) -> None:
        """The language changed: the buttons (their captions differ) and the banner's own line."""
        self._rebuild_buttons()
        self.presenter.relabel()

    def _rebuild_buttons(self) -> None:
        specs = moves.button_specs(self.game, self.mine(), self.narrator.name)
        clicks = [self.hint if s.action is None else self.chooser(s.action) for s in specs]
        if [b.label for b in self.buttons.buttons] == [s.label for s in specs]:
            for button, click in zip(self.buttons.buttons, clicks, strict=True):
                button.on_click = click
            return
        keys = [self._key(spec.move) for spec in specs]
        self.buttons = self.hud.button_column(specs, clicks, keys)

    # ------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        if self.phones is not None:
            self.hud.away = self.match.away
            self.hud.computer = frozenset(
                s for s in self.match.phones if self.match.played_by_ai(s)
            )
        self.hud.draw_table(surface, self.game, self.presenter, self._status())
        self.buttons.draw(surface, show_focus=self.buttons.focus >= 0)

    def _status(self) -> tuple[str, tuple[int, int, int]] | None:
        """The banner's text and color: a refusal, else the prompt (None: the last move)."""
        if self.refusal is not None and self.clock < self.refusal.until:
            return self.refusal.text, self.refusal.color
        prompt = self._prompt_line()
        return (prompt, GOLD) if prompt else None

    def _prompt_line(self) -> str:
        """What the person is asked to do now, when it is their move."""
        if self.presenter.busy or not self.people:
            return ""
        shown = not self.couch or self.match.screen.faces_open
        return moves.prompt_line(self.game, self.viewer, self.mine(), shown, self._key("draw"))

    def exit(self) -> None:
        if self.phones is not None:
            saved = LEFT_SAVED if self.autosave else LEFT_TABLE
            # The English of a catalog message: the server tells each phone in its own language.
            self.phones.close(LEFT_OVER if self.match.is_match_over else saved)
        if self._pool is not None:
            self._pool.shutdown()
