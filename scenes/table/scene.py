"""The table: seats, piles, your hand, prompts; turns human input and AI choices into actions.

The table owns the ``Game`` and never decides a rule: everything a person may do is found in
``game.legal_actions()``, and what an action caused comes back as events for the presenter to
animate. AI seats are played by the same agents as the headless arena; their decisions arrive
after the level's thinking pause (or reaction time, for catches, jump-ins and races), scaled by
the AI pace setting, so a person can beat a slow AI to a catch. While the picture is catching
up, or a person is asked to decide, nothing else moves.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import pygame

from game.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    FinishRace,
    JumpIn,
    NextRound,
    Pass,
    Play,
)
from game.ai import Level, make_agent
from game.ai.driver import AutoTable, Proposal
from game.cards import Card, Rank
from game.engine import Game, IllegalAction, Phase
from game.events import Event, MatchEnded, RoundEnded
from game.match import MatchSetup, Seat
from game.record import Record
from game.rules import RACE_ACTION_TEXT, RaceAction, Rules, Stacking
from scenes.app import App, Scene
from scenes.art import COLOR_RGB, CardArt, Icon, avatar, color_shape, felt, icon
from scenes.assets import Weight, scaled
from scenes.input import SECOND_KEYS, SECOND_SET_TEXT, Act, Intent, button_name, key_text
from scenes.sound import Music, Sfx, SoundBoard
from scenes.table.layout import Layout, table_layout
from scenes.table.narrate import Narrator
from scenes.table.presenter import Presenter
from scenes.ui import (
    DANGER,
    GOLD,
    MUTED,
    WHITE,
    Button,
    Menu,
    draw_text,
    ellipsize,
    panel,
    wrap,
)

# A refused card shows its reason this long.
REFUSAL_S = 2.6
# Autoplay at speed 0 applies at most this many actions per frame, so the window still redraws.
AUTOPLAY_BATCH = 400


@dataclass
class Refusal:
    text: str
    until: float


@dataclass
class Plan:
    """The next AI action and the clock time it arrives."""

    proposal: Proposal
    due: float


@dataclass
class RaceInput:
    """Progress of a person through a House Rules race action."""

    rule: RaceAction
    done: list[str] = field(default_factory=list)


def _key_step(act: Act) -> str | None:
    """A race step made with a key or button (directions and UNO), if ``act`` is one."""
    if act in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
        return str(act.value)
    return "uno" if act is Act.UNO else None


TAPS = frozenset({"draw", "discard", "seat", "table", "center"})
RACE_STEPS: dict[RaceAction, tuple[str, ...]] = {
    RaceAction.TAP_DRAW_PILE: ("draw",),
    RaceAction.TAP_DISCARD_PILE: ("discard",),
    RaceAction.TAP_OWN_SEAT: ("seat",),
    RaceAction.TAP_TABLE_TWICE: ("table", "table"),
    RaceAction.PRESS_UP: ("up",),
    RaceAction.PRESS_DOWN: ("down",),
    RaceAction.PRESS_LEFT: ("left",),
    RaceAction.PRESS_RIGHT: ("right",),
    RaceAction.PRESS_UNO: ("uno",),
    RaceAction.PRESS_UP_THEN_DOWN: ("up", "down"),
    RaceAction.PRESS_LEFT_THEN_RIGHT: ("left", "right"),
    RaceAction.TAP_CENTER_THREE_TIMES: ("center", "center", "center"),
}


# The move log and the scores: opaque enough that cards passing behind never show through.
PANEL_FILL = (8, 12, 18, 238)


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
        on_match_end: Callable[[TableScene], None] | None = None,
        game: Game | None = None,
        autosave: bool = False,
        pads: dict[int, int] | None = None,
    ) -> None:
        super().__init__(app)
        self.setup = setup
        self.autoplay = autoplay
        self.on_match_end = on_match_end
        self.autosave = autosave
        players = len(setup.seats)
        resumed = game is not None
        self.game = game if game is not None else Game(setup.rules, players, setup.seed)
        self.layout: Layout
        self.layout, problem = table_layout(players)
        if problem:
            app.notify(problem)
        self.people = [i for i, s in enumerate(setup.seats) if s.is_person]
        # The person at the bottom of the screen; an AI-only table is watched from seat 0.
        self.viewer = self.people[0] if self.people else 0
        agents = {i: make_agent(s.level) for i, s in enumerate(setup.seats) if s.level is not None}
        self.auto = AutoTable(self.game, agents, setup.seed)
        self.threaded = any(s.level is Level.EXPERT for s in setup.seats)
        self._pool = ThreadPoolExecutor(max_workers=1) if self.threaded else None
        self._thinking: Future[list[Proposal]] | None = None
        self.art = art
        self.sounds = sounds
        self.couch = len(self.people) > 1 and not setup.open_hands
        # At a couch table the move log is read by everyone: it names no private card.
        self.narrator = Narrator(
            [s.name for s in setup.seats],
            -1 if self.couch else self.viewer,
            len(self.people) == 1,
            stacking=setup.rules.stacking is not Stacking.OFF,
        )
        self._shown_to: int | None = None  # the person whose hand the screen shows
        # Couch play: a controller belongs to the person it was given to in setup, or who
        # pressed A on it at their hand-off, so catches, UNO calls, jump-ins and races from it
        # act for that person even off their turn.
        self.device_seat: dict[int, int] = dict(pads or {})  # given out in setup
        self._peeking: int | None = None  # a person holding their peek button
        # At a couch table a hand is face up only while the game waits on its owner: the
        # moment they have played, it turns face down before the screen is passed on.
        self._faces_open = not self.couch
        self.presenter = Presenter(
            self.layout,
            art,
            app.settings,
            sounds,
            len(self.game.cards),
            self.face_visible,
            seed=setup.seed,
        )
        self.presenter.viewer = self.viewer
        self.plan: Plan | None = None
        self.clock = 0.0
        self.refusal: Refusal | None = None
        self.rng = random.Random(setup.seed ^ 0x5EED)
        self.focus = 0  # keyboard focus in the viewer's hand
        self.buttons = Menu()
        self.race: RaceInput | None = None
        # When the race prompt was first on screen: AI racers are timed from that moment, so
        # nobody loses a race before they could read what it asks.
        self.race_seen_at: float | None = None
        self.other_races: dict[int, list[str]] = {}  # race steps done by people off screen
        self.round_shown = 0
        self.finished = False
        self.pending_overlay: str | None = None
        # The replay viewer shows a match already played: nobody is asked to move.
        self.prompts = True
        self.last_actor = self.game.actor
        self.background = felt(self.app.screen.get_size()).convert()
        self._warm_up()
        if resumed:
            self.presenter.snap(self.game)
            # The move log comes back too: the record replayed, one line per action as it was.
            self.presenter.log.extend(past_lines(self.game, self.narrator))
            self.presenter.status = "Welcome back: the match goes on where it stopped."
        else:
            self.presenter.push(self.game.log, self.narrator.line(self.game.log))
            self._save()
        self._dragging: int | None = None
        self._press_pos: tuple[int, int] | None = None

    def _warm_up(self) -> None:
        """Draw the card backs the deal will fly through now, not in the middle of it."""
        widths = {seat.card_width for seat in self.layout.seats} | {self.layout.pile_card_width}
        low, high = min(widths), max(widths)
        widths |= set(range((low + 9) // 10 * 10, high + 10, 10))
        for width in widths:
            self.art.back(width)
            self.art.shadow(width, 0.3)

    # ------------------------------------------------------------- model

    def face_visible(self, seat: int) -> bool:
        if self.setup.open_hands and seat in self.people:
            return True
        if self._peeking is not None:
            return seat == self._peeking
        return seat == self.viewer and self._faces_open

    def person_actions(self) -> list[Action]:
        """The actions a person at the table may take now (window actions included)."""
        if not self.people:
            return []
        people = set(self.people)
        return [a for a in self.game.legal_actions() if a.player in people]

    def apply(self, action: Action) -> list[Event]:
        """Apply an action; an illegal one is refused with its reason, never applied."""
        try:
            events = self.game.apply(action)
        except IllegalAction:
            # A button or key left over from a moment that has passed (the engine's own text
            # names seats by number and is not for players).
            self.refuse("That move is not possible any more: the game has moved on.")
            return []
        self.auto.feed()
        self._save()
        self._count(events)
        self.plan = None
        self._thinking = None
        self.race = None if not self._race_open() else self.race
        if self.game.phase is not Phase.RACE:
            self.other_races.clear()
            self.race_seen_at = None
        self.presenter.push(events, self.narrator.line(events))
        return events

    def _count(self, events: Sequence[Event]) -> None:
        """Statistics for the people at the table, after each round."""
        if not self.people or self.autoplay:
            return
        ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        if ended is None:
            return
        from scenes.stats import record_round

        match = next((e for e in events if isinstance(e, MatchEnded)), None)
        winners = match.winners if match is not None else ()
        problem = record_round(self.setup, ended, match is not None, winners)
        if problem:
            self.refuse(problem)

    def _save(self) -> None:
        """Autosave after every action; a disk that refuses is reported, the game goes on."""
        if not self.autosave:
            return
        from scenes.store.saves import save_match

        try:
            save_match(self.setup, self.game)
        except OSError as error:
            self.refuse(f"The match could not be saved: {error}")

    def chooser(self, action: Action) -> Callable[[], None]:
        """A button's click: apply this action."""

        def choose() -> None:
            self.apply(action)

        return choose

    def refuse(self, text: str) -> None:
        self.refusal = Refusal(text, self.clock + REFUSAL_S)
        self.sounds.play(Sfx.ERROR)

    def _race_open(self) -> bool:
        return self.game.phase is Phase.RACE and self.viewer in self.game.race_left

    # ------------------------------------------------------------- update

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.autoplay and self.app.settings.animation_speed <= 0:
            self._fast_forward()
            return
        if self.couch:
            self._guard_faces()
        self.presenter.update(dt)
        if self.presenter.busy:
            return
        self._sync_view()
        if self._round_over_shown():
            return
        if self.couch and self._hand_off():
            return
        self._open_prompts()
        self._run_ai()

    def _fast_forward(self) -> None:
        """Autoplay at speed 0: apply AI actions until the round ends, drawing between rounds."""
        for _ in range(AUTOPLAY_BATCH):
            self.presenter.settle()
            if self._round_over_shown():
                return
            proposals = self.auto.proposals()
            if not proposals:
                break
            first = min(proposals, key=lambda p: (p.delay_s, p.seat))
            self.apply(first.action)
        self.presenter.settle()
        self._sync_view()

    def _round_over_shown(self) -> bool:
        phase = self.game.phase
        if phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return False
        if self.round_shown != self.game.round:
            self.round_shown = self.game.round
            from scenes.scoring import ScoringScene

            self.app.push(ScoringScene(self.app, self))
        return True

    def next_round(self) -> None:
        """Called by the scoring scene: deal the next round, or end the match."""
        if self.game.phase is Phase.ROUND_OVER:
            limit = self.setup.max_rounds
            if limit is not None and self.game.round >= limit:
                self.finish_match()
                return
            self.apply(NextRound(self.game.dealer))
        else:
            self.finish_match()

    def finish_match(self) -> None:
        self.finished = True
        if self.autosave:
            from scenes.store.saves import clear_save

            clear_save()
        if self.on_match_end is not None:
            self.on_match_end(self)

    def _sync_view(self) -> None:
        """Lift the cards the viewer may play now and dim the rest."""
        plays = {a.card.uid for a in self.person_actions() if isinstance(a, Play | JumpIn)}
        hand = self.presenter.hands[self.viewer] if self.people else []
        self.presenter.lifted = frozenset(plays)
        self.presenter.dimmed = (
            frozenset(s.card.uid for s in hand if s.card.uid not in plays)
            if self._viewer_turn()
            else frozenset()
        )
        self._rebuild_buttons()

    def _viewer_turn(self) -> bool:
        game = self.game
        return (
            bool(self.people)
            and game.actor == self.viewer
            and game.phase in (Phase.PLAY, Phase.DRAWN, Phase.PENALTY, Phase.SKIP)
        )

    def person_waited_on(self) -> int | None:
        """The person the game waits on now, if any (a turn, a choice, a race)."""
        game = self.game
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return None
        if game.phase is Phase.RACE:
            racing = [p for p in self.people if p in game.race_left]
            return None if not racing or self.viewer in racing else racing[0]
        if game.actor in self.people and any(a.player == game.actor for a in game.legal_actions()):
            return game.actor
        return None

    def _hand_off(self) -> bool:
        """Between two people's turns, hide every hand until the next one is ready."""
        waiting = self.person_waited_on()
        if waiting is None or waiting == self._shown_to:
            return False
        if self.app.top is self:
            from scenes.table.overlays import HandOffOverlay

            self.app.push(HandOffOverlay(self.app, self, waiting))
        return True

    def _guard_faces(self) -> None:
        if self._peeking is not None:
            return
        want = self._shown_to is not None and self.person_waited_on() == self._shown_to
        if want != self._faces_open:
            self._faces_open = want
            self.presenter.set_viewer(self.viewer)

    def show_to(self, seat: int) -> None:
        """Turn the table to a person who has confirmed they are holding the screen."""
        self.viewer = seat
        self._shown_to = seat
        self._faces_open = True
        if self.game.phase is Phase.RACE:
            # A race handed on: the AIs' reactions run again from when this person sees it,
            # or the one who waited for the screen would lose the moment they took it.
            self.race_seen_at = None
            self.plan = None
        self.focus = 0
        self.presenter.hover = None
        self.presenter.set_viewer(seat)
        self.buttons = Menu()
        self._sync_view()

    def _open_prompts(self) -> None:
        """Push the overlay a person must answer (color, challenge, swap, rule, race...)."""
        if not self.people or self.app.top is not self:
            return
        game = self.game
        mine = [a for a in self.person_actions() if a.player == self.viewer]
        if not mine:
            return
        from scenes.table import overlays

        phase = game.phase
        if phase is Phase.COLOR and game.actor == self.viewer:
            self.app.push(overlays.color_prompt(self))
        elif (
            phase is Phase.PENALTY
            and game.actor == self.viewer
            and any(isinstance(a, Challenge) for a in mine)
        ):
            self.app.push(overlays.challenge_prompt(self))
        elif phase is Phase.SWAP and game.actor == self.viewer:
            self.app.push(overlays.swap_prompt(self))
        elif phase is Phase.MAKE_RULE and game.actor == self.viewer:
            self.app.push(overlays.rule_prompt(self))
        elif phase is Phase.SETUP and game.actor == self.viewer:
            self.app.push(overlays.effects_prompt(self))
        elif phase is Phase.RACE and self.viewer in game.race_left:
            rule = game.house_rules[game.race_number]
            if self.race is None:
                self.race = RaceInput(rule)
            self.app.push(overlays.RaceOverlay(self.app, self))

    def _run_ai(self) -> None:
        if self._thinking is not None:
            if not self._thinking.done():
                return
            proposals = self._thinking.result()
            self._thinking = None
            self._schedule(proposals)
        if self.plan is None:
            if not self.auto.agents:
                return
            if self._pool is not None:
                self._thinking = self._pool.submit(self.auto.proposals)
                return
            self._schedule(self.auto.proposals())
            return
        if self.clock >= self.plan.due:
            action = self.plan.proposal.action
            self.plan = None
            self.apply(action)

    def _schedule(self, proposals: Sequence[Proposal]) -> None:
        if not proposals:
            return
        first = min(proposals, key=lambda p: (p.delay_s, p.seat))
        pace = self.app.settings.ai_pace
        racing = [p for p in self.people if p in self.game.race_left]
        if isinstance(first.action, FinishRace) and racing:
            if self.race_seen_at is None:
                if self.viewer in racing or self.presenter.busy:
                    return  # the prompt is not on screen yet: ask again next frame
                # Only people off screen race (their controllers): the race is on the table now.
                self.race_seen_at = self.clock
            # Timed from the prompt, even after the person on screen has finished: the others
            # saw it at the same moment.
            self.plan = Plan(first, self.race_seen_at + first.delay_s * pace)
            return
        # A thinking pause of 0.6-1.2 s feels natural; a person's own reaction competes with the
        # same clock, so the pause is real time, not animation time.
        self.plan = Plan(first, self.clock + first.delay_s * pace)

    # ------------------------------------------------------------- input

    def handle(self, intent: Intent) -> None:
        act = intent.act
        if act is Act.UNPLUGGED:
            owner = self.device_seat.pop(intent.device, None)
            if owner is not None:
                name = self.setup.seats[owner].name
                # The seat simply waits: its hand-off accepts any controller or the keyboard.
                self.refuse(
                    f"{name}'s controller was unplugged: plug it back in, or use the "
                    "keyboard or another controller at the next hand-off."
                )
            return
        if act in (Act.BACK, Act.PAUSE) and not self.race:
            from scenes.table.overlays import PauseOverlay

            self.app.push(PauseOverlay(self.app, self))
            return
        if self.race is not None and self._race_input(intent):
            return
        owner = self.device_seat.get(intent.device)
        if intent.device == SECOND_KEYS and self.couch and len(self.people) == 2:
            owner = next(p for p in self.people if p != self.viewer)
        if owner is not None and act in (Act.PEEK, Act.PEEK_END):
            self._peek(owner, act is Act.PEEK)
            return
        if owner is not None and owner != self.viewer:
            # Another person's own device never steers the screen person's hand.
            self._off_screen(owner, intent)
            return
        if self.presenter.busy or not self.people:
            return
        if act in (Act.POINT, Act.PRESS, Act.RELEASE):
            self._pointer(intent)
            return
        mine = self.person_actions()
        hand = self.presenter.hands[self.viewer]
        menu = self.buttons
        if act in (Act.UP, Act.DOWN) and menu.buttons:
            # Up and down walk the button column (Draw, UNO, Keep it...); left and right go
            # back to the hand, so a keyboard or a controller reaches every button.
            if menu.focus < 0:
                menu.focus = 0 if act is Act.DOWN else len(menu.buttons) - 1
            else:
                menu.move(1 if act is Act.DOWN else -1)
        elif act in (Act.LEFT, Act.RIGHT) and hand:
            menu.focus = -1
            self.focus = (self.focus + (1 if act is Act.RIGHT else -1)) % len(hand)
            self.presenter.hover = hand[self.focus].card.uid
        elif act is Act.CONFIRM and menu.focus >= 0 and menu.buttons:
            menu.handle(intent)
        elif act is Act.CONFIRM and self.couch and not self._faces_open:
            # The screen person's cards are face down (it is not their turn): Enter or A jumps
            # in with the identical card, if they hold one, as it does for everyone else.
            self._jump_in_for(self.viewer)
        elif act is Act.CONFIRM and self._own_drawn() is not None:
            # Enter acts on what the screen shows: the card just drawn (Keep it is a button).
            drawn = self._own_drawn()
            assert drawn is not None
            self.try_card(drawn)
        elif act is Act.CONFIRM and hand:
            uid = self.presenter.hover
            sprite = next((s for s in hand if s.card.uid == uid), hand[self.focus % len(hand)])
            self.try_card(sprite.card)
        elif act is Act.DRAW:
            self._do_draw(mine)
        elif act is Act.UNO:
            self._do_uno(mine)
        elif act is Act.CATCH:
            self._do_catch(mine)
        elif act is Act.HINT:
            self.hint()

    def _pointer(self, intent: Intent) -> None:
        """Mouse or touch: hover, click a button, click or drag a card, click the draw pile."""
        act, pos = intent.act, intent.pos
        if pos is None:
            return
        menu = self.buttons
        if menu.handle(intent) and act is not Act.POINT:
            return
        if act is Act.POINT:
            if menu.at(pos) is None:
                menu.focus = -1  # Enter plays the hovered card, not a button left behind
            sprite = self.presenter.viewer_sprite_at(pos)
            self.presenter.hover = sprite.card.uid if sprite else None
            if self._dragging is not None:
                dragged = self.presenter.sprites.get(self._dragging)
                if dragged is not None:
                    dragged.x, dragged.y = pos
            return
        mine = self.person_actions()
        if act is Act.PRESS:
            self._press_pos = pos
            sprite = self.presenter.viewer_sprite_at(pos)
            if sprite is not None:
                self._dragging = sprite.card.uid
                return
            if self.layout.draw_pile.rect().collidepoint(pos):
                self._do_draw(mine)
            return
        self._release(pos, mine)

    def _release(self, pos: tuple[int, int], mine: list[Action]) -> None:
        uid, self._dragging = self._dragging, None
        if uid is None:
            return
        sprite = self.presenter.sprites.get(uid)
        start = self._press_pos or pos
        moved = math.dist(start, pos) > 24
        if sprite is None:
            return
        if moved and not self.layout.prompt.rect().collidepoint(pos):
            # Dropped back on the hand: just return to its place.
            self.presenter.refan(self.viewer)
            return
        self.try_card(sprite.card)
        if moved:
            self.presenter.refan(self.viewer)

    def try_card(self, card: Card) -> None:
        """The person chose a card: play it, jump in with it, or say why not."""
        for action in self.person_actions():
            if isinstance(action, Play | JumpIn) and action.card is card:
                if self._bluff_warning(action):
                    return
                self.apply(action)
                self.sounds.play(Sfx.CLICK)
                return
        sprite = self.presenter.sprites.get(card.uid)
        if sprite is not None:
            sprite.shake = 1.0
            self.presenter.tweens.start(sprite, "shake", 0.0, 0.45)
        self.refuse(refusal(self.game, self.viewer, card, self.narrator))

    def _own_drawn(self) -> Card | None:
        """The card the viewer just drew and must play or keep, if that is the moment."""
        game = self.game
        if game.phase is Phase.DRAWN and game.actor == self.viewer:
            return game.drawn
        return None

    def _bluff_warning(self, action: Action) -> bool:
        """Before an illegal Wild Draw Four (a bluff), warn what a challenge would cost."""
        if not isinstance(action, Play) or action.card.rank is not Rank.WILD_DRAW_FOUR:
            return False
        if self.game.wd4_is_legal(self.viewer):
            return False
        from scenes.table.overlays import bluff_prompt

        self.app.push(bluff_prompt(self, action))
        return True

    def _off_screen(self, seat: int, intent: Intent) -> None:
        """Input from the own device of a person who is not at the screen: the real-time
        moves (races, catching, calling UNO, jumping in) act for them; nothing else does."""
        act = intent.act
        if self.game.phase is Phase.RACE and self._race_for_other(seat, intent):
            return
        if act in (Act.CATCH, Act.UNO):
            self._act_for(seat, Catch if act is Act.CATCH else CallUno)
        elif act is Act.CONFIRM:
            self._jump_in_for(seat)

    def _act_for(self, seat: int, kind: type[Catch] | type[CallUno]) -> None:
        """A real-time move from another person's own controller."""
        for action in self.game.legal_actions():
            if isinstance(action, kind) and action.player == seat:
                self.apply(action)
                return

    def _jump_in_for(self, seat: int) -> None:
        """Jump in for a person whose hand is not on screen.

        A jump-in card must be identical to the top card, so there is nothing to choose: any
        copy of it will do, and one press is enough. Holding none gets a neutral answer that
        says no more than that the press came too late or without the card.
        """
        for action in self.game.legal_actions():
            if isinstance(action, JumpIn) and action.player == seat:
                self.apply(action)
                self.sounds.play(Sfx.CLICK)
                return
        if self.game.rules.jump_in:
            self.refuse(f"{self.setup.seats[seat].name} cannot jump in now.")

    def hint(self) -> None:
        """What the Hard AI would do in your place, from your view only, and the facts behind it."""
        seat = self.viewer
        if not self.people or seat not in {a.player for a in self.game.legal_actions()}:
            self.refuse("Nothing to decide right now.")
            return
        from game.ai.memory import Memory
        from game.events import redact

        memory = Memory(seat, self.game.players)
        for event in self.game.log:
            memory.observe(redact(event, seat))
        view = self.game.view(seat)
        memory.sync_hand(view.hand)
        advice = make_agent(Level.HARD).decide(view, memory, random.Random(self.clock))
        self.refusal = Refusal(explain(advice, view.hand, self.game.color), self.clock + 5.0)
        if isinstance(advice, Play | JumpIn):
            self.presenter.hover = advice.card.uid

    def _do_draw(self, mine: list[Action]) -> None:
        """The draw key: draw a card, or the move that takes its place now (keep the card
        just drawn, take the penalty cards, accept the skip)."""
        for kind in (Draw, Pass, Accept):
            for action in mine:
                if isinstance(action, kind) and action.player == self.viewer:
                    self.apply(action)
                    return
        if self.game.actor != self.viewer:
            self.refuse("Wait for your turn to draw.")
        else:
            self.refuse("You cannot draw now.")

    def _do_uno(self, mine: list[Action]) -> None:
        for action in mine:
            if isinstance(action, CallUno) and action.player == self.viewer:
                self.apply(action)
                return
        self.refuse("Call UNO when you have two cards and play one, or just after.")

    def _do_catch(self, mine: list[Action]) -> None:
        for action in mine:
            if isinstance(action, Catch) and action.player == self.viewer:
                self.apply(action)
                return
        self.refuse("Nobody can be caught right now.")

    def _peek(self, seat: int, holding: bool) -> None:
        """Hold-to-peek: a person sees their own hand while no one else's turn is on screen."""
        if holding:
            waited = self.person_waited_on()
            if waited not in (None, seat) or self._peeking is not None:
                return
            self._peeking = seat
            self.presenter.set_viewer(seat)
        elif self._peeking == seat:
            self._peeking = None
            self._faces_open = False
            self.presenter.set_viewer(self.viewer)

    def _race_for_other(self, seat: int, intent: Intent) -> bool:
        """A House Rules race run by a person who is not at the screen, on their own device.

        A controller cannot point, so for it the race's taps are presses of A.
        """
        game = self.game
        if seat not in game.race_left:
            return False
        rule = game.house_rules[game.race_number]
        done = self.other_races.setdefault(seat, [])
        step = _key_step(intent.act)
        if intent.act is Act.CONFIRM:
            upcoming = RACE_STEPS[rule][len(done)]
            step = upcoming if upcoming in TAPS else "tap"
        if step is None:
            return False
        self._advance_race(seat, done, rule, step)
        return True

    def _race_input(self, intent: Intent) -> bool:
        """Match the screen person's input against the steps of the race action."""
        race = self.race
        if race is None or not self._race_open():
            self.race = None
            return False
        step = _key_step(intent.act)
        if intent.act is Act.PRESS and intent.pos is not None:
            step = self._tap_step(intent.pos, race.rule)
        if step is None:
            return False
        if self._advance_race(self.viewer, race.done, race.rule, step):
            self.sounds.play(Sfx.CLICK)
        else:
            self.refuse(RACE_ACTION_TEXT[race.rule] + "!")
        return True

    def _tap_step(self, pos: tuple[int, int], rule: RaceAction) -> str:
        """Which place of the table a tap hit, as a race step."""
        if RACE_STEPS[rule][0] == "table":
            return "table"  # "tap the table" counts anywhere
        if self.layout.draw_pile.rect().collidepoint(pos):
            return "draw"
        if self.layout.discard_pile.rect().collidepoint(pos):
            return "discard"
        if self.presenter.place(self.viewer).plate.rect().collidepoint(pos):
            return "seat"
        if self.layout.prompt.rect().collidepoint(pos):
            return "center"
        return "table"

    def _advance_race(self, seat: int, done: list[str], rule: RaceAction, step: str) -> bool:
        """One step of a race action: True if it was the right one (a wrong one starts the
        action again); the last right step finishes the race for ``seat``."""
        wanted = RACE_STEPS[rule]
        if wanted[len(done)] != step:
            done.clear()
            return False
        done.append(step)
        if len(done) == len(wanted):
            done.clear()
            self.apply(FinishRace(seat))
        return True

    # ------------------------------------------------------------- buttons

    def _key(self, move: str) -> str:
        """The key the player bound to a move, for button captions."""
        code = self.app.settings.keys.get(move)
        return "" if code is None else key_text(code)

    def _rebuild_buttons(self) -> None:
        mine = [a for a in self.person_actions() if a.player == self.viewer]
        box = self.layout.buttons
        specs: list[tuple[str, Callable[[], None], tuple[int, int, int], str]] = []
        draw_key = self._key("draw")
        for action in mine:
            match action:
                case CallUno():
                    specs.append(("UNO!", self.chooser(action), (200, 60, 40), self._key("uno")))
                case Catch(target=target):
                    name = self.narrator.name(target)
                    specs.append(
                        (f"Catch {name}", self.chooser(action), (170, 40, 90), self._key("catch"))
                    )
                case Draw():
                    specs.append(("Draw", self.chooser(action), (40, 90, 150), draw_key))
                case Pass():
                    specs.append(("Keep it", self.chooser(action), (60, 70, 90), draw_key))
                case Accept() if self.game.phase is Phase.SKIP:
                    specs.append(("Skip me", self.chooser(action), (60, 70, 90), draw_key))
                case Accept():
                    label = f"Take {self.game.pending}"
                    specs.append((label, self.chooser(action), (150, 70, 40), draw_key))
        if mine and self.game.actor == self.viewer and self.game.phase is Phase.PLAY:
            specs.append(("Hint", self.hint, (70, 80, 60), self._key("hint")))
        # Several catch targets at once are rare; keep the first of each label.
        unique: list[tuple[str, Callable[[], None], tuple[int, int, int], str]] = []
        for spec in specs:
            if all(spec[0] != u[0] for u in unique):
                unique.append(spec)
        if [b.label for b in self.buttons.buttons] == [s[0] for s in unique]:
            for button, spec in zip(self.buttons.buttons, unique, strict=True):
                button.on_click = spec[1]
            return
        gap = 14
        count = max(1, len(unique))
        height = min(76.0, (box.height - gap * (count - 1)) / count)
        buttons = []
        for i, (label, click, color, key) in enumerate(unique):
            rect = pygame.Rect(
                round(box.x), round(box.y + i * (height + gap)), round(box.width), round(height)
            )
            buttons.append(
                Button(rect, label, click, detail=f"key {key}" if key else "", color=color)
            )
        self.buttons = Menu(buttons)
        self.buttons.focus = -1  # the keyboard moves through the hand, not these buttons

    # ------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        self._draw_center(surface)
        for seat in range(self.game.players):
            self._draw_seat(surface, seat)
        self.presenter.draw(surface)
        self._draw_status(surface)
        self._draw_log(surface)
        self._draw_scores(surface)
        self.buttons.draw(surface, show_focus=self.buttons.focus >= 0)
        self._draw_menu_button(surface)

    def _draw_center(self, surface: pygame.Surface) -> None:
        box = self.layout.direction
        clockwise = self.presenter.direction > 0
        size = round(min(box.width, box.height))
        ring = icon(Icon.CLOCKWISE if clockwise else Icon.COUNTERCLOCKWISE, size, (255, 255, 255))
        spin = 0 if self.app.settings.reduced_motion else 18
        turn = (self.clock * (spin if clockwise else -spin)) % 360
        angle = -round(turn / 3) * 3  # rotate in 3-degree steps so the cache stays small
        rotated = _rotated(ring, angle)
        rotated.set_alpha(46)
        surface.blit(rotated, rotated.get_rect(center=box.center))
        color = self.presenter.color
        cbox = self.layout.color
        diameter = round(min(cbox.width, cbox.height))
        center = (round(cbox.center[0]), round(cbox.center[1]))
        if color is not None:
            pygame.draw.circle(surface, (250, 250, 250), center, diameter // 2 + 4)
            pygame.draw.circle(surface, COLOR_RGB[color], center, diameter // 2)
            shape = color_shape(color, diameter // 2, (255, 255, 255))
            surface.blit(shape, shape.get_rect(center=center))
        else:
            pygame.draw.circle(surface, (255, 255, 255), center, diameter // 2, 3)

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        plate = self.presenter.place(seat).plate
        rect = plate.rect()
        spec = self.setup.seats[seat]
        acting = not self.presenter.busy and self.game.actor == seat
        acting = acting and self.game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        if acting:
            glow = pygame.Rect(rect).inflate(14, 14)
            wave = 0.0 if self.app.settings.reduced_motion else math.sin(self.clock * 5)
            pulse_alpha = 150 + round(80 * wave)
            surface.blit(panel(glow.size, 24, (255, 206, 84, pulse_alpha), None), glow)
        surface.blit(panel(rect.size, 18, (12, 18, 26, 225), (255, 255, 255, 50)), rect)
        diameter = rect.height - 16
        face = avatar(spec.name, diameter, seat)
        surface.blit(face, (rect.x + 8, rect.y + 8))
        left = rect.x + diameter + 20
        title_size = max(18, min(28, rect.height // 3))
        # The name stops short of the card-count badge on the right of the plate.
        room = rect.right - 10 - 54 - 10 - left
        name = ellipsize(self.narrator.name(seat), title_size, room, Weight.BOLD)
        draw_text(
            surface,
            name,
            title_size,
            (left, rect.y + rect.height * 0.34),
            WHITE,
            Weight.BOLD,
            "midleft",
        )
        level = "Person" if spec.level is None else f"{spec.level.value.capitalize()} AI"
        draw_text(
            surface,
            level,
            max(15, title_size - 8),
            (left, rect.y + rect.height * 0.72),
            MUTED,
            Weight.REGULAR,
            "midleft",
        )
        count = len(self.presenter.hands[seat])
        badge = pygame.Rect(0, 0, 54, 40)
        badge.midright = (rect.right - 10, rect.centery)
        hue = DANGER if count == 1 else (48, 64, 84)
        surface.blit(panel(badge.size, 14, (*hue, 255), None), badge)
        draw_text(surface, str(count), 24, badge.center, WHITE, Weight.BOLD)
        if self.game.rules.teams:
            team = "A" if seat % 2 == 0 else "B"
            draw_text(surface, f"Team {team}", 15, (rect.right - 37, rect.y - 12), GOLD)

    def _draw_status(self, surface: pygame.Surface) -> None:
        rect = self.layout.status.rect()
        text = self.presenter.status or "Good luck!"
        if self.refusal is not None and self.clock < self.refusal.until:
            text = self.refusal.text
            color: tuple[int, int, int] = (255, 170, 160)
        else:
            prompt = self._prompt_line()
            color = GOLD if prompt else WHITE
            if prompt:
                text = prompt
        # Large text grows these sizes as it grows every text (scenes.assets.text_scale).
        size = 30
        lines = wrap(text, size, rect.width - 40, Weight.SEMIBOLD)
        if len(lines) > 1:
            size = 24
            lines = wrap(text, size, rect.width - 40, Weight.SEMIBOLD)[:2]
            # Two lines get room of their own: the banner grows upward, away from the hand.
            grow = scaled(size) + 8
            rect = rect.inflate(0, grow).move(0, -grow // 2)
        surface.blit(panel(rect.size, 20, (8, 12, 18, 190), None), rect)
        step = rect.height / (len(lines) + 1)
        for i, line in enumerate(lines):
            draw_text(surface, line, size, (rect.centerx, rect.y + step * (i + 1)), color)

    def _prompt_line(self) -> str:
        """What the person is asked to do now, when it is their move."""
        if self.presenter.busy or not self.people or not self.prompts:
            return ""
        game = self.game
        if game.actor != self.viewer:
            # At a couch table a hand that is face down must not be given away by a prompt.
            if (not self.couch or self._faces_open) and any(
                isinstance(a, JumpIn) and a.player == self.viewer for a in game.legal_actions()
            ):
                return "Jump in! You hold the very same card: click it before the next move"
            return ""
        match game.phase:
            case Phase.PLAY:
                return f"Your turn: play a lifted card, or draw ({self._key('draw')})"
            case Phase.DRAWN:
                return "Play the card you drew, or keep it"
            case Phase.PENALTY if game.rules.stacking is Stacking.OFF:
                return f"Challenge the Wild Draw Four, or take {game.pending}"
            case Phase.PENALTY:
                return f"Stack a draw card, or take {game.pending}"
            case Phase.SKIP:
                return "Play a Skip to bounce it on, or be skipped"
        return ""

    def _draw_log(self, surface: pygame.Surface) -> None:
        box = self.layout.log
        rect = box.rect()
        surface.blit(panel(rect.size, 16, PANEL_FILL, None), rect)
        size, pitch = 17, scaled(22)  # the pitch follows Large text, as the size does
        # The House Rules in play head the panel (every seat's corner is taken at 10 players).
        rules = self.house_rule_lines()
        if rules:
            draw_text(
                surface, "House Rules", 20, (rect.x + 16, rect.y + 20), GOLD, Weight.BOLD, "midleft"
            )
            for i, line in enumerate(rules):
                text = ellipsize(line, size, rect.width - 32, Weight.REGULAR)
                y = rect.y + 46 + i * pitch
                draw_text(surface, text, size, (rect.x + 16, y), WHITE, Weight.REGULAR, "topleft")
            rect = rect.copy()
            used = 36 + len(rules) * pitch + 8
            rect.y += used
            rect.height -= used
        draw_text(surface, "Moves", 20, (rect.x + 16, rect.y + 20), GOLD, Weight.BOLD, "midleft")
        for i, line in enumerate(self.log_lines(size, pitch, rect.height)):
            draw_text(
                surface,
                line,
                size,
                (rect.x + 16, rect.y + 46 + i * pitch),
                (220, 226, 232),
                Weight.REGULAR,
                "topleft",
            )

    def house_rule_lines(self) -> list[str]:
        """The House Rules in play, one line each ("3: Press Up"); with the rule text hidden
        (as the box suggests, to be remembered) only the numbers that have a rule."""
        rules = sorted(self.game.house_rules.items())
        if not rules:
            return []
        if not self.game.rules.show_house_rule_text:
            numbers = ", ".join(str(number) for number, _ in rules)
            return [f"Ruled: {numbers}", "Remember what!"]
        return [f"{number}: {RACE_ACTION_TEXT[rule]}" for number, rule in rules]

    def log_lines(self, size: int, pitch: int, height: float | None = None) -> list[str]:
        """The newest moves that fit the log panel (``height`` of it), as whole entries (never
        the tail of a sentence at the top); only a single entry too long for it is cut."""
        rect = self.layout.log.rect()
        limit = max(1, (round(rect.height if height is None else height) - 50) // pitch)
        lines: list[str] = []
        for entry in reversed(self.presenter.log[-12:]):
            wrapped = wrap(entry, size, rect.width - 32)
            if lines and len(lines) + len(wrapped) > limit:
                break
            lines = wrapped + lines
        return lines[-limit:]

    def _draw_scores(self, surface: pygame.Surface) -> None:
        rect = self.layout.scores.rect()
        surface.blit(panel(rect.size, 16, PANEL_FILL, None), rect)
        rules = self.game.rules
        target = rules.target_for(self.game.players)
        title = f"Round {self.game.round}"
        if target:
            title += f"  ·  to {target}"
        draw_text(surface, title, 20, (rect.x + 16, rect.y + 20), GOLD, Weight.BOLD, "midleft")
        players = self.game.players
        if rules.teams:
            # Partners score together: one line a team.
            for row, team in enumerate(((0, 2), (1, 3))):
                team_y = rect.y + 59 + row * 26
                names = " & ".join(self.narrator.name(s) for s in team)
                draw_text(
                    surface, names, 18, (rect.x + 16, team_y), WHITE, Weight.REGULAR, "midleft"
                )
                score = str(self.game.scores[team[0]])
                draw_text(
                    surface, score, 18, (rect.right - 16, team_y), GOLD, Weight.BOLD, "midright"
                )
            return
        columns = 1 if players <= 4 else 2  # the layout's scores box is sized for this
        rows = (players + columns - 1) // columns
        row_h = min(26.0, (rect.height - 48) / max(1, rows))
        col_w = (rect.width - 32) / columns
        size = max(14, min(18, round(row_h * 0.8)))
        for seat in range(players):
            col, row = divmod(seat, rows)
            y = rect.y + 46 + row * row_h + row_h / 2
            left = rect.x + 16 + col * col_w
            right = left + col_w - (12 if columns > 1 and col == 0 else 0)
            name = ellipsize(self.narrator.name(seat), size, right - left - 56, Weight.REGULAR)
            draw_text(surface, name, size, (left, y), WHITE, Weight.REGULAR, "midleft")
            score = str(self.game.scores[seat])
            draw_text(surface, score, size, (right, y), WHITE, Weight.SEMIBOLD, "midright")

    def _draw_menu_button(self, surface: pygame.Surface) -> None:
        rect = self.layout.menu_button.rect()
        surface.blit(panel(rect.size, 14, (8, 12, 18, 190)), rect)
        draw_text(surface, "Menu (Esc)", 20, rect.center, WHITE)

    def exit(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)


_ROTATED: dict[tuple[int, int], pygame.Surface] = {}


def _rotated(image: pygame.Surface, angle: int) -> pygame.Surface:
    key = (id(image), angle)
    found = _ROTATED.get(key)
    if found is None:
        if len(_ROTATED) > 400:
            _ROTATED.clear()
        found = _ROTATED[key] = pygame.transform.rotozoom(image, angle, 1.0)
    return found


def refusal(game: Game, seat: int, card: Card, narrator: Narrator) -> str:
    """Why ``seat`` cannot play ``card`` now, as a sentence for a player (never the engine's
    technical text, which names seats by number and phases by their inner names)."""
    phase = game.phase
    if phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return "This hand is over."
    if phase is Phase.RACE:
        return "Finish the House Rules race first."
    if game.actor != seat:
        return f"It is {narrator.name(game.actor)}'s turn: wait for yours."
    drawn = game.drawn
    if phase is Phase.DRAWN and drawn is not None:
        return f"You just drew {drawn.label}: play it, or keep it."
    if phase is Phase.COLOR:
        return "Name a color first."
    if phase is Phase.SWAP:
        return "Pick the player to swap hands with first."
    if phase is Phase.MAKE_RULE:
        return "Make the House Rule first."
    if phase is Phase.SETUP:
        return "Choose what the Wild Customizable cards do first."
    if phase is Phase.SKIP:
        return "Only a Skip can bounce the skip on: play one, or be skipped."
    if phase is Phase.PENALTY:
        if game.rules.stacking is Stacking.OFF:
            return f"Challenge the Wild Draw Four, or take {game.pending}."
        return f"Only a draw card can be stacked: stack one, or take {game.pending}."
    # A normal turn: the engine's reason is about the card ("Yellow 8 does not match: ..."); its
    # sentence starts with the move in its own terms ("seat 0 plays Y8: "), dropped here.
    reason = game.why_illegal(Play(seat, card)).partition(": ")[2]
    return reason[:1].upper() + reason[1:] + "." if reason else "That card cannot be played now."


def past_lines(game: Game, narrator: Narrator) -> list[str]:
    """The move log of a continued match: its record replayed, one line per action."""
    replay = Record.of(game).new_game()
    lines = [narrator.line(replay.log)]
    lines += [narrator.line(replay.apply(action)) for action in game.actions]
    return [line for line in lines if line]


def couch_help(table: TableScene) -> list[str]:
    """The real-time moves a person can make off their turn, with their own device's names."""
    buttons = table.app.settings.buttons
    moves = [f"{button_name(buttons['uno'])} UNO", f"{button_name(buttons['catch'])} catch"]
    if table.game.rules.jump_in:
        moves.append(f"{button_name(buttons['confirm'])} jump in")
    moves.append(f"hold {button_name(buttons['peek'])} to peek")
    lines = ["Your own controller, any time: " + ", ".join(moves) + "."]
    if len(table.people) == 2:
        lines.append(f"Second person on the keyboard: {SECOND_SET_TEXT}.")
    return lines


def default_setup(seed: int | None = None) -> MatchSetup:
    """You against three Normal AIs, Classic rules: the one-click game."""
    names = ("You", "Ana", "Ben", "Chloe")
    seats = (Seat(names[0]), *(Seat(n, Level.NORMAL) for n in names[1:]))
    return MatchSetup(Rules(), seats, random.randrange(1 << 30) if seed is None else seed)


AI_NAMES = ("Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun")


def ai_table(
    players: int, level: Level, seed: int, rules: Rules | None = None, rounds: int | None = None
) -> MatchSetup:
    seats = tuple(Seat(AI_NAMES[i], level) for i in range(players))
    return MatchSetup(rules or Rules(), seats, seed, rounds)


def explain(advice: Action | None, hand: Sequence[Card], color: object) -> str:
    """A hint in words: the suggested move and plain facts about it (never the AI's secrets)."""
    if advice is None:
        return "Hard would wait and let the others move."
    match advice:
        case Play(card=card) | JumpIn(card=card):
            named = card.color.value if card.color is not None else "wild"
            same = sum(1 for c in hand if c.color is card.color and c is not card)
            wilds = sum(1 for c in hand if c.is_wild and c is not card)
            text = f"Hint: Hard would play {card.label}"
            if card.is_wild:
                return text + ": nothing else you hold fits as well, and you name the color."
            if card.color is color and same:
                text += f": it follows the color and leaves you {same} more {named}"
            elif card.color is not color:
                text += f": it matches the number or symbol and switches the color to {named}"
            if wilds:
                text += f"; your {'wild stays' if wilds == 1 else 'wilds stay'} for later"
            return text + "."
        case Draw():
            return "Hint: Hard would draw a card."
        case Pass():
            return "Hint: Hard would keep the card it drew."
        case Accept():
            return "Hint: Hard would accept."
        case Challenge():
            return "Hint: Hard would challenge."
        case CallUno():
            return "Hint: call UNO now!"
        case Catch(target=target):
            return f"Hint: catch seat {target + 1}: they did not call UNO."
        case ChooseColor(color=chosen):
            held = sum(1 for c in hand if c.color is chosen)
            return f"Hint: Hard would name {chosen.value}: you hold {held} of it."
    return f"Hint: Hard would choose: {type(advice).__name__}."
