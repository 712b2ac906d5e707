"""The table scene: one match on screen, from the first deal to the final standings.

The match itself (``game.match.Match``) owns the game, the AI seats and the couch rules; the
scene is its screen and its people's hands. It turns input into actions with the pure functions
of ``moves`` and submits them for the seat that made them; the match refuses what is not legal
(a sentence for a player). Everything that happened comes back to the scene as a listener of
the match, and goes to the presenter to be animated; autosave and statistics listen the same
way. AI arrivals are the match's: the scene calls ``tick`` with its clock while the picture is
not catching up and no person is being asked to decide, so a person can beat a slow AI to a
catch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.actions import Action, CallUno, Catch, Challenge, JumpIn, Play
from game.cards import Card, Rank
from game.engine import Game, Phase
from game.events import Event
from game.match import (
    Match,
    MatchEvent,
    MatchFinished,
    MatchSetup,
    Refused,
)
from game.narrate import past_lines, table_narrator
from game.record import Record
from game.rules import RACE_ACTION_TEXT
from scenes import routes
from scenes.app import App, Scene
from scenes.art import CardArt
from scenes.board.hud import Hud
from scenes.board.layout import Layout, table_layout
from scenes.board.presenter import Presenter
from scenes.input import Act, Intent, key_text
from scenes.sound import Music, Sfx, SoundBoard
from scenes.table import moves
from scenes.table.hand import Hand, Pile
from scenes.table.joinscreen import JoinOverlay
from scenes.table.listeners import keep
from scenes.table.moves import RaceInput
from scenes.table.overlays import HandOffOverlay, PauseOverlay, RaceOverlay
from scenes.table.phones import open_phones
from scenes.table.prompts import (
    Asking,
    bluff_prompt,
    challenge_prompt,
    color_prompt,
    effects_prompt,
    rule_prompt,
    swap_prompt,
)
from scenes.table.races import Races, key_step
from scenes.table.scoring import ScoringScene
from scenes.table.start import open_match, prepare_media
from scenes.ui import GOLD, Menu

# What the phones are told when the table closes.
LEFT_OVER = "The match is over. Thanks for playing!"
LEFT_TABLE = "The table was closed on the computer: this match has ended here."
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
            game = Game(setup.rules, len(setup.seats), setup.seed)
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
        self.presenter = Presenter(
            self.layout,
            art,
            app.settings,
            sounds,
            len(game.cards),
            self.match.face_visible,
            seed=setup.seed,
        )
        self.presenter.viewer = self.viewer
        self.hand = Hand(self.presenter, self.layout)
        self.clock = 0.0
        self.refusal: Notice | None = None
        self.buttons = Menu()
        # Through the scene's own submit, as every person's move goes.
        self.races = Races(self.match, self._submit_quietly)
        self.round_shown = 0
        self.finished = False
        self.background = prepare_media(app, art, self.presenter, game, self.match)
        if resumed:
            self.presenter.snap(game)
            # The move log comes back too: the record replayed, one line per action as it was.
            self.presenter.log.extend(past_lines(game, self.narrator))
            self.presenter.status = "Welcome back: the match goes on where it stopped."
        else:
            self.presenter.push(game.log, self.narrator.line(game.log))
        keep(self.match, setup, self.refuse, autosave=autosave, count=not autoplay, new=not resumed)
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

    @property
    def race_seen_at(self) -> float | None:
        return self.match.race_seen_at

    def person_actions(self) -> list[Action]:
        """The actions a person at the table may take now (window actions included)."""
        people = set(self.match.people)
        return [a for a in self.game.legal_actions() if a.player in people]

    def mine(self) -> list[Action]:
        """The actions of the person at the screen."""
        return self.match.legal_for(self.viewer) if self.people else []

    def submit(self, action: Action) -> list[Event]:
        """A person's action for their own seat; one the match refuses is told, never applied."""
        try:
            return self.match.submit(action.player, action)
        except Refused as refused:
            self.refuse(refused.text)
            return []

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        """The match changed: animate what happened, and drop race input that is over."""
        happened = [e for e in events if not isinstance(e, MatchFinished)]
        if not happened:
            return
        self.races.changed(self.viewer)
        self.presenter.push(happened, self.narrator.line(happened))

    def chooser(self, action: Action) -> Callable[[], None]:
        """A button's click: submit this action."""
        return partial(self._submit_quietly, action)

    def _submit_quietly(self, action: Action) -> None:
        self.submit(action)

    def refuse(self, text: str) -> None:
        self.refusal = Notice(text, self.clock + REFUSAL_S)
        self.sounds.play(Sfx.ERROR)

    def _race_open(self) -> bool:
        return self.game.phase is Phase.RACE and self.viewer in self.game.race_left

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
        self.presenter.lifted = frozenset(plays)
        self.presenter.dimmed = (
            frozenset(s.card.uid for s in hand if s.card.uid not in plays)
            if self.people and moves.is_turn(self.game, self.viewer)
            else frozenset()
        )
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

    def show_to(self, seat: int) -> None:
        """Turn the table to a person who has confirmed they are holding the screen."""
        self.match.show_to(seat)
        self.hand.reset()
        self.presenter.set_viewer(seat)
        self.buttons = Menu()
        self._sync_view()

    def _asking(self) -> Asking:
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
        ask = self._asking()
        if game.actor == self.viewer and game.phase in PROMPTS:
            self.app.push(PROMPTS[game.phase](self.app, ask))
        elif game.actor == self.viewer and game.phase is Phase.PENALTY:
            if any(isinstance(a, Challenge) for a in mine):
                self.app.push(challenge_prompt(self.app, ask))
        elif game.phase is Phase.RACE and self.viewer in game.race_left:
            self.races.prompt()
            self.app.push(RaceOverlay(self.app, self))

    # ------------------------------------------------------------- input

    def handle(self, intent: Intent) -> None:
        act = intent.act
        if act is Act.UNPLUGGED:
            owner = self.device_seat.pop(intent.device, None)
            if owner is not None:
                # The seat simply waits: its hand-off accepts any controller or the keyboard.
                self.refuse(moves.unplugged(self.setup.seats[owner].name))
            return
        if (act in (Act.BACK, Act.PAUSE) or self.hud.menu_click(intent)) and not self.race:
            self.app.push(PauseOverlay(self.app, self))
            return
        if self.race is not None and self._race_input(intent):
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
        if self.presenter.busy or not self.people:
            return
        if act in (Act.POINT, Act.PRESS, Act.RELEASE):
            self._pointer(intent)
        else:
            self._key_move(intent)

    def _key_move(self, intent: Intent) -> None:
        """A key or controller button of the person at the screen."""
        act = intent.act
        if self.hand.walk(self.viewer, self.buttons, act):
            return
        if act is Act.CONFIRM:
            self._confirm(intent)
        elif act is Act.DRAW:
            self._do(moves.draw_move(self.mine(), self.viewer), None)
        elif act is Act.UNO:
            self._do(moves.first_of(self.mine(), self.viewer, CallUno), moves.UNO_REFUSAL)
        elif act is Act.CATCH:
            self._do(moves.first_of(self.mine(), self.viewer, Catch), moves.CATCH_REFUSAL)
        elif act is Act.HINT:
            self.hint()

    def _confirm(self, intent: Intent) -> None:
        """Enter or A: the focused button, else the card the screen shows as chosen."""
        # Enter acts on what the screen shows: the card just drawn (Keep it is a button), else
        # the card pointed at or with the keyboard focus.
        drawn = moves.own_drawn(self.game, self.viewer)
        chosen = drawn if drawn is not None else self.hand.chosen(self.viewer)
        if self.buttons.focus >= 0 and self.buttons.buttons:
            self.buttons.handle(intent)
        elif self.couch and not self.match.screen.faces_open:
            # The screen person's cards are face down (it is not their turn): Enter or A jumps
            # in with the identical card, if they hold one, as it does for everyone else.
            self._jump_in_for(self.viewer)
        elif chosen is not None:
            self.try_card(chosen)

    def _do(self, action: Action | None, refusal: str | None) -> None:
        """Submit a key's move, or say why there is none (the draw key's reason depends)."""
        if action is not None:
            self.submit(action)
        else:
            self.refuse(refusal or moves.draw_refusal(self.game, self.viewer))

    def _pointer(self, intent: Intent) -> None:
        chosen = self.hand.pointer(intent, self.buttons, self.viewer)
        if chosen is Pile.DRAW:
            self._do(moves.draw_move(self.mine(), self.viewer), None)
        elif chosen is not None:
            self.try_card(chosen)

    def try_card(self, card: Card) -> None:
        """The person chose a card: play it, jump in with it, or say why not."""
        action = moves.card_move(self.person_actions(), card)
        if action is not None:
            if self._bluff_warning(action):
                return
            self.submit(action)
            self.sounds.play(Sfx.CLICK)
            return
        sprite = self.presenter.sprites.get(card.uid)
        if sprite is not None:
            sprite.shake = 1.0
            self.presenter.tweens.start(sprite, "shake", 0.0, 0.45)
        self.refuse(moves.refusal(self.game, self.viewer, card, self.narrator.name))

    def _bluff_warning(self, action: Action) -> bool:
        """Before an illegal Wild Draw Four (a bluff), warn what a challenge would cost."""
        if not isinstance(action, Play) or action.card.rank is not Rank.WILD_DRAW_FOUR:
            return False
        if self.game.wd4_is_legal(self.viewer):
            return False
        self.app.push(bluff_prompt(self.app, self._asking(), action))
        return True

    def _off_screen(self, seat: int, intent: Intent) -> None:
        """Input from the own device of a person who is not at the screen: the real-time
        moves (races, catching, calling UNO, jumping in) act for them; nothing else does."""
        act = intent.act
        if self.races.off_screen(seat, act):
            return
        if act in (Act.CATCH, Act.UNO):
            kind = Catch if act is Act.CATCH else CallUno
            action = moves.first_of(self.game.legal_actions(), seat, kind)
            if action is not None:
                self.submit(action)
        elif act is Act.CONFIRM:
            self._jump_in_for(seat)

    def _jump_in_for(self, seat: int) -> None:
        """Jump in for a person whose hand is not on screen.

        A jump-in card must be identical to the top card, so there is nothing to choose: any
        copy of it will do, and one press is enough. Holding none gets a neutral answer that
        says no more than that the press came too late or without the card.
        """
        action = moves.first_of(self.game.legal_actions(), seat, JumpIn)
        if action is not None:
            self.submit(action)
            self.sounds.play(Sfx.CLICK)
        elif self.game.rules.jump_in:
            self.refuse(f"{self.setup.seats[seat].name} cannot jump in now.")

    def hint(self) -> None:
        """Advice (the Hard AI's move in your place, from your view only) and its facts."""
        seat = self.viewer
        if not self.people or seat not in {a.player for a in self.game.legal_actions()}:
            self.refuse("Nothing to decide right now.")
            return
        text, card = moves.hint(self.game, seat, self.clock, self.narrator.name)
        self.refusal = Notice(text, self.clock + 5.0, HINT_COLOR)
        if card is not None:
            self.presenter.hover = card.uid

    def _race_input(self, intent: Intent) -> bool:
        """Match the screen person's input against the steps of the race action."""
        race = self.race
        if race is None or not self._race_open():
            self.race = None
            return False
        step = key_step(intent.act)
        if intent.act is Act.PRESS and intent.pos is not None:
            step = self.hand.tap_step(intent.pos, race.rule, self.viewer)
        if step is None:
            return False
        if self.races.on_screen(self.viewer, step):
            self.sounds.play(Sfx.CLICK)
        else:
            self.refuse(RACE_ACTION_TEXT[race.rule] + "!")
        return True

    # ------------------------------------------------------------- buttons

    def _key(self, move: str) -> str:
        """The key the player bound to a move, for button captions."""
        code = self.app.settings.keys.get(move)
        return "" if code is None else key_text(code)

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
        return moves.prompt_line(self.game, self.viewer, shown, self._key("draw"))

    def exit(self) -> None:
        if self.phones is not None:
            self.phones.close(LEFT_OVER if self.match.is_match_over else LEFT_TABLE)
        if self._pool is not None:
            self._pool.shutdown()
