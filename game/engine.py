"""The UNO rules engine: a pure, seeded, typed state machine for a whole match.

How a match runs
----------------
``Game(rules, players, seed)`` deals the first hand (or, when the host must first compose the
Wild Customizable effect, waits for that). From then on ``legal_actions()`` lists every action
that may happen next and ``apply(action)`` applies one and returns the events it caused. Nothing
else changes the state. An illegal action raises ``IllegalAction`` saying why, and changes
nothing. Several players may be able to act at once (catching a missed UNO, jump-in, a House
Rules race): those windows accept actions in the order they are applied, which is the order
they arrived; the engine knows order, never clock time.

Seats are numbered 0..n-1. Clockwise (direction +1) is to the left, toward higher seat numbers;
the player to the left of the dealer starts. One ``random.Random(seed)`` owns every random
choice, and shuffles are Fisher-Yates on ``rng.random()``, so a seed, the rules and the list of
actions replay a match exactly (``game.record``).

Rules (defaults are the official Classic rules; every other reading is a field of ``Rules``)
-------------------------------------------------------------------------------------------
* Matching: a card is playable on the top card when it has the current color, the same rank
  (number or symbol), or is a wild. The color named for a wild lives in the state.
* Wild Draw Four: legal only without a card of the current color (optionally: or any other wild,
  another Wild Draw Four included). It may still be played illegally (a bluff) unless
  ``wd4_bluffing`` is off. Only the next player may challenge; a failed challenge costs 6
  cards and the turn; a caught bluff costs the bluffer 4 and the challenger takes a normal turn
  (or, ``RETURN_CARD``, the bluffer also takes the card back and must play a legal card). A
  stacked Wild Draw Four cannot be challenged.
* Drawing: instead of playing (allowed even with a playable card) draw 1; a playable drawn card
  may be played at once (``force_play``: must, except a Wild Draw Four that would be a bluff,
  which may always be kept), otherwise the turn ends. ``UNTIL_PLAYABLE`` draws until a card
  that may be played comes (without bluffing, an illegal Wild Draw Four does not stop it).
  When the draw pile is empty the discard pile but its top is shuffled into a new one; when
  both are empty nothing is drawn, and drawing is then only allowed to a player who cannot
  play. If every active player in turn can neither play nor draw, the hand is blocked: the
  lowest hand (in points) wins it and scores the others' cards. The game never hangs.
* Skip, Reverse (a Skip with two players), Draw Two (next draws 2 and is skipped), the first
  card (classic effects or flip until a number), a last card that makes the next player draw
  (the draw happens before scoring).
* UNO: a call goes with the play of the next-to-last card, whatever the play answers: it may be
  made with two cards before a turn's play, a stack answer, a skip bounce or a jump-in, or at
  any time with one card. A call covers only the play it goes with: any other turn action (a
  draw, keeping a drawn card, accepting, challenging, another player's play) makes a two-card
  call lapse. A player left with one card without having called can be caught by any other
  player from the moment the card lands until the next player to act takes a turn action (play,
  draw, keep, accept, answer, challenge, jump in), in every mode; the caught player draws
  ``uno_penalty``. Hand exchanges (7-0, Wild Shuffle Hands, Wild Customizable) also oblige a
  player left with one card to call.
* Stacking (+2 on +2, +4 on +4, or cross): the victim of a draw card may answer with another
  (a +2 on a +4 must match the named color); the first who accepts draws the sum and loses the
  turn. With stacking on, the victim always gets the choice, so nobody learns what they hold.
  A Wild Draw Four played on a pending one is always legal and cannot be challenged; the victim
  of the first Wild Draw Four of a stack may challenge it instead of answering.
* Jump-in: in a normal turn with no penalty pending, any other player holding a card identical
  to the top card (same color and rank, not a wild; a House Rules card is identical to the plain
  number) may play it; play continues from them. Only a played card can be jumped on, never the
  card(s) turned at the start of a hand.
* 7-0, skip bounce, no wild as the last card, play until all but one are out (finishing order,
  single hand), 2v2 teams (seats 0 and 2 against 1 and 3; a partner going out wins the hand for
  the team, which scores the other team's cards).
* Wild Shuffle Hands: every hand is gathered, shuffled and dealt out one card at a time starting
  to the left of its player, who then names the color. As a player's last card it just ends the
  hand.
* Wild Customizable: the host's composition of ``CustomEffect``s, applied after the color is named.
* House Rules!: the first House Rules card of a number with no rule lets its player make the rule
  (a ``RaceAction``; each rule is used by one number only). Every later card of a ruled number
  starts a race: every active player must ``FinishRace``; the last one draws 1. With at least
  one rule in play, Wild Game Changer's player must pick a ruled number and make a new rule.
  Rules last for the whole match.
* Scoring: the winner of a hand scores the cards left in the other hands (numbers face value,
  Skip/Reverse/Draw Two 20, wilds 50). The match ends when a score reaches the target (500, the
  Quick 100/200, any number) or after a single hand. The winner deals next (or rotate).

Actions (game.actions): Play, JumpIn, Draw, Pass, ChooseColor, Accept, Challenge, CallUno, Catch,
ChooseSwap, MakeRule, FinishRace, ChooseCustomEffect, FinishCustomEffects, NextRound.
Events (game.events): RoundStarted, CardsDealt, FirstCardTurned, FirstCardReturned, CardPlayed,
ColorChosen, CardsDrawn, PileReshuffled, Passed, Skipped, DirectionChanged, PenaltyPending,
UnoCalled, UnoCaught, Challenged, CardReturned, HandsShuffled, HandsSwapped, HandsPassed,
CardsDiscarded, CustomEffectChosen, CustomEffectApplied, HouseRuleMade, RaceStarted,
RaceFinished, RaceLost, WentOut, RoundEnded, MatchEnded; and the fair deal's (game.fairness):
DeckSealed before the first card of each deck is dealt or drawn, DeckRevealed for each deck
after RoundEnded.
"""

from __future__ import annotations

import copy
import hashlib
import random
import reprlib
import typing
from collections.abc import Callable, Sequence
from enum import Enum
from itertools import repeat
from operator import is_
from typing import Any

from game.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    ChooseCustomEffect,
    ChooseSwap,
    Draw,
    FinishCustomEffects,
    FinishRace,
    JumpIn,
    MakeRule,
    NextRound,
    Pass,
    Play,
    describe_action,
)
from game.cards import COLORS, Card, Color, DeckKind, Rank, color_in_sentence, deck, find_cards
from game.events import (
    CardPlayed,
    CardReturned,
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    Challenged,
    ColorChosen,
    CustomEffectApplied,
    CustomEffectChosen,
    DirectionChanged,
    DrawReason,
    Event,
    FirstCardReturned,
    FirstCardTurned,
    HandScore,
    HandsPassed,
    HandsShuffled,
    HandsSwapped,
    HouseRuleMade,
    MatchEnded,
    Passed,
    PenaltyPending,
    PileReshuffled,
    RaceFinished,
    RaceLost,
    RaceStarted,
    RoundEnded,
    RoundStarted,
    Skipped,
    UnoCalled,
    UnoCaught,
    WentOut,
)
from game.fairness import Ledger, key_from_seed
from game.i18n import active
from game.rules import (
    ChallengeOutcome,
    CustomEffect,
    DrawMode,
    FirstCard,
    NextDealer,
    RaceAction,
    Rules,
    Stacking,
)
from game.view import SeatView

# Where a handler puts the events it causes; None on the quiet path (``Game(quiet=True)``),
# where no event object is built at all.
Events = list[Event] | None


class IllegalAction(ValueError):
    """An action that may not be applied now; the message says why. The state is unchanged."""


class Phase(Enum):
    SETUP = "setup"  # the host composes the Wild Customizable effect
    PLAY = "play"  # the turn player plays or draws
    DRAWN = "drawn"  # the turn player drew a playable card: play it or keep it
    COLOR = "color"  # a color must be named
    PENALTY = "penalty"  # a draw penalty waits: stack, challenge or accept
    SKIP = "skip"  # skip bounce: the skipped player may pass the skip on
    SWAP = "swap"  # pick the player to swap hands with
    MAKE_RULE = "make-rule"  # make or replace a House Rule
    RACE = "race"  # a House Rules race is running
    ROUND_OVER = "round-over"
    MATCH_OVER = "match-over"


class _Step(Enum):
    """What is left to do after a card is played; the queue runs until a decision is needed."""

    COLOR = 1
    SHUFFLE_HANDS = 2
    SWAP = 3
    PASS_HANDS = 4
    NEW_RULE = 5
    CHANGE_RULE = 6
    RACE = 7
    CUSTOM = 8
    END = 9


class _End(Enum):
    """How a turn ends once a card's effects are done."""

    NEXT = 1
    SKIP = 2  # skip the next player (a Reverse with two players, a custom effect)
    SKIP_CARD = 3  # a Skip card: with skip bounce the skipped player may answer
    DRAW_TWO = 4
    DRAW_FOUR = 5
    AGAIN = 6
    STACKED = 7  # a stack answered: the total (in ``pending``) goes on to the next player


# Actions are immutable values, so one object per (player, card) serves every game; reusing
# them keeps legal_actions() cheap and lets apply() check membership by identity first.
_MAX_SEATS = 10
_DRAWS = tuple(Draw(p) for p in range(_MAX_SEATS))
_PASSES = tuple(Pass(p) for p in range(_MAX_SEATS))
_ACCEPTS = tuple(Accept(p) for p in range(_MAX_SEATS))
_CHALLENGES = tuple(Challenge(p) for p in range(_MAX_SEATS))
_UNOS = tuple(CallUno(p) for p in range(_MAX_SEATS))
_RACES = tuple(FinishRace(p) for p in range(_MAX_SEATS))
_NEXT_ROUNDS = tuple(NextRound(p) for p in range(_MAX_SEATS))
_COLOR_CHOICES = tuple(tuple(ChooseColor(p, c) for c in COLORS) for p in range(_MAX_SEATS))
_CATCHES = tuple(tuple(Catch(p, t) for t in range(_MAX_SEATS)) for p in range(_MAX_SEATS))
_SWAPS = tuple(tuple(ChooseSwap(p, t) for t in range(_MAX_SEATS)) for p in range(_MAX_SEATS))
_DECK_NO = {kind: i for i, kind in enumerate(DeckKind)}
# _PLAY_TABLE[deck][player][uid]: the Play action of that card, filled in on first use.
_PLAY_TABLE: list[list[list[Play | None]]] = [
    [[None] * len(deck(kind)) for _ in range(_MAX_SEATS)] for kind in DeckKind
]
_JUMP_TABLE: list[list[list[JumpIn | None]]] = [
    [[None] * len(deck(kind)) for _ in range(_MAX_SEATS)] for kind in DeckKind
]


def _play(player: int, card: Card, deck_no: int) -> Play:
    table = _PLAY_TABLE[deck_no][player]
    action = table[card.uid]
    if action is None:
        action = table[card.uid] = Play(player, card)
    return action


def _jump(player: int, card: Card, deck_no: int) -> JumpIn:
    table = _JUMP_TABLE[deck_no][player]
    action = table[card.uid]
    if action is None:
        action = table[card.uid] = JumpIn(player, card)
    return action


# The cards identical to a card (same color and rank, itself among them), by card: a deck's
# cards are one object each in a process (game.ai.worker sends them by uid), hashed by identity.
_TWINS: dict[Card, frozenset[Card]] = {}


def _twins(card: Card, cards: tuple[Card, ...]) -> frozenset[Card]:
    twins = frozenset(c for c in cards if c.rank is card.rank and c.color is card.color)
    if len(_TWINS) >= 1024:  # three decks hold 332 cards; this only bounds a stray case
        _TWINS.clear()
    _TWINS[card] = twins
    return twins


_REPR = reprlib.Repr()  # junk of any size stays a short message
_REPR.maxother, _REPR.maxstring = 80, 60


def _well_formed(action: object) -> bool:
    """Is ``action`` one of the engine's action classes with every field of exactly the
    declared type (a bool is not an int, a float is not a seat)?"""
    fields = _FIELD_TYPES.get(type(action))
    if fields is None:
        return False
    return all(type(getattr(action, name)) is kind for name, kind in fields)


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Fisher-Yates on ``rng.random()``: stable across Python versions, unlike random.shuffle."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


class Game:
    """A match of UNO: rounds, scores and dealers, driven only by ``apply``."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int,
        *,
        dealer: int | None = None,
        stacked: Sequence[str | int] | None = None,
        quiet: bool = False,
        deal: bool = True,
        salt_key: bytes | None = None,
    ) -> None:
        rules.validate(players)
        if dealer is not None and not 0 <= dealer < players:
            raise ValueError(f"the dealer must be a seat from 0 to {players - 1}, not {dealer}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.cards = deck(rules.deck)
        self._deck_no = _DECK_NO[rules.deck]
        # Switches read on every action, kept as plain attributes for speed.
        self._uno_catching = rules.uno_catching
        self._seven_zero = rules.seven_zero
        self._no_wild_finish = rules.no_wild_finish
        self.stacked: tuple[Card, ...] = tuple(self._resolve_stack(stacked))
        self.initial_dealer = dealer
        self.dealer = dealer if dealer is not None else int(self.rng.random() * players)
        self.scores = [0] * players
        self.round = 0
        self.custom_effects: tuple[CustomEffect, ...] = rules.custom_effects
        self.house_rules: dict[int, RaceAction] = {}
        self.log: list[Event] = []
        self.actions: list[Action] = []
        # The fair-deal commitments (game.fairness); kept only when events are (not quiet).
        self.ledger = Ledger(salt_key if salt_key is not None else key_from_seed(seed))
        # The quiet path for simulation: the same rules by the same code, but no events are
        # built and no history (log, actions) is kept; ``apply`` returns an empty list.
        self.quiet = quiet
        # The last hand's winner and the points it scored (read without events when quiet).
        self.result: tuple[int, int] | None = None
        self._legal: list[Action] | None = None
        self._init_round_state()
        if not deal:  # ``from_position`` sets up the hand itself
            return
        if rules.custom_effects_at_table:
            self.phase = Phase.SETUP  # the host, seat 0 (the actor until the deal), composes
        else:
            self._start_round(None if quiet else self.log)

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        """An independent copy. Written out because the compiled engine's class (tools.
        build_fast) cannot be rebuilt by ``copy``'s default, which skips ``__init__``."""
        twin = Game(self.rules, self.players, self.seed, quiet=self.quiet, deal=False)
        memo[id(self)] = twin
        names = getattr(type(self), "__mypyc_attrs__", None) or tuple(vars(self))
        for name in names:
            if name not in ("__dict__", "__weakref__") and hasattr(self, name):
                setattr(twin, name, copy.deepcopy(getattr(self, name), memo))
        return twin

    # ------------------------------------------------------------------ setup

    def _resolve_stack(self, stacked: Sequence[str | int] | None) -> list[Card]:
        if not stacked:
            return []
        if all(isinstance(item, int) for item in stacked):
            uids = [int(item) for item in stacked]
            if len(set(uids)) != len(uids) or not all(0 <= u < len(self.cards) for u in uids):
                raise ValueError("a stacked deck must list distinct card uids of this deck")
            return [self.cards[u] for u in uids]
        return find_cards(self.cards, [str(item) for item in stacked])

    def _init_round_state(self) -> None:
        n = self.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.draw_pile: list[Card] = []  # top of the pile is the end of the list
        self.discard: list[Card] = []
        self.color: Color | None = None
        self.direction = 1
        self.turn = 0
        self.actor = 0
        self.phase = Phase.PLAY
        self.active = [True] * n
        self.finished: list[int] = []
        self.uno_said = [False] * n
        self.catchable: list[int] = []
        self.pending = 0  # cards owed by ``actor`` in the PENALTY phase
        self.pending_stacked = False
        self.drawn: Card | None = None
        self.must_play = False
        self.race_left: list[int] = []
        self.race_number = 0
        self._steps: list[tuple[_Step, Any]] = []
        self._wd4: tuple[int, bool, Color | None] | None = None  # player, was legal, color before
        self._idle = 0  # consecutive turns in which nobody could play or draw
        # How many cards at the bottom of the discard pile were turned, not played: nobody may
        # jump in on a card that nobody played (RULES.md, readings settled).
        self._flipped = 0

    def _start_round(self, ev: Events) -> None:
        self._init_round_state()
        self.round += 1
        n = self.players
        if ev is not None:
            ev.append(RoundStarted(self.round, self.dealer))
        if self.round == 1 and self.stacked:
            top = list(self.stacked)
            used = {c.uid for c in top}
            rest = [c for c in self.cards if c.uid not in used]
            shuffle(self.rng, rest)
            order = top + rest
        else:
            order = list(self.cards)
            shuffle(self.rng, order)
        order.reverse()  # the first card of the order is the top of the pile
        self.draw_pile = order
        if ev is not None:
            ev.append(self.ledger.seal(self.round, order))  # before the first card leaves it
        deals: list[tuple[int, Card | None]] = []
        for i in range(self.rules.hand_size * n):
            seat = (self.dealer + 1 + i) % n
            card = self.draw_pile.pop()
            self.hands[seat].append(card)
            if ev is not None:
                deals.append((seat, card))
        if ev is not None:
            self.ledger.take([card for _, card in deals if card is not None])
            ev.append(CardsDealt(self.dealer, tuple(deals)))
        self._turn_first_card(ev)

    def _turn_first_card(self, ev: Events) -> None:
        first = (self.dealer + 1) % self.players
        self.turn = self.actor = first  # in the play phase the round state starts in
        classic = self.rules.first_card is FirstCard.CLASSIC_EFFECTS
        returns = 0
        while True:
            card = self.draw_pile.pop()
            if ev is not None:
                self.ledger.take([card])
            if classic and card.rank is Rank.WILD_DRAW_FOUR and returns < len(self.cards):
                # 002: a Wild Draw Four goes back into the deck and another card is turned.
                returns += 1
                at = int(self.rng.random() * (len(self.draw_pile) + 1))
                self.draw_pile.insert(at, card)
                if ev is not None:
                    # Its depth below the top, so a checker can put it back where it went.
                    self.ledger.put_back(card, len(self.draw_pile) - 1 - at)
                    ev.append(FirstCardReturned(card))
                continue
            self.discard.append(card)
            if ev is not None:
                ev.append(FirstCardTurned(card))
            if classic or card.rank.is_number or not self.draw_pile:
                break
        self._flipped = len(self.discard)
        self.color = card.color
        if not classic or card.rank.is_number:
            return
        match card.rank:
            case Rank.DRAW_TWO:
                self._draw(first, 2, DrawReason.DRAW_TWO, ev)
                if ev is not None:
                    ev.append(Skipped(first))
                self.turn = self.actor = self._next(first)
            case Rank.SKIP:
                if ev is not None:
                    ev.append(Skipped(first))
                self.turn = self.actor = self._next(first)
            case Rank.REVERSE:
                self.direction = -1
                if ev is not None:
                    ev.append(DirectionChanged(-1))
                self.turn = self.actor = self.dealer
            case _:  # any other wild: the first player names the color, then plays
                self.phase = Phase.COLOR

    # ------------------------------------------------------------------ queries

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def _next(self, seat: int) -> int:
        """The next active seat after ``seat`` in the direction of play."""
        step = self.direction
        n = self.players
        nxt = (seat + step) % n
        while not self.active[nxt]:
            nxt = (nxt + step) % n
        return nxt

    def active_count(self) -> int:
        return sum(self.active)

    def wd4_is_legal(self, player: int, *, in_hand: bool = True) -> bool:
        """Is a Wild Draw Four from ``player`` legal: no other card of the current color (with
        ``wd4_wilds_count_as_color``, no other wild either)? ``in_hand=False`` judges a card
        that has already left the hand (playing a wild leaves the color as it was)."""
        color = self.color
        other_wilds = -1 if in_hand else 0  # the card being judged does not count
        for card in self.hands[player]:
            if card.color is color:
                return False
            if card.rank >= Rank.WILD:
                other_wilds += 1
        return not (self.rules.wd4_wilds_count_as_color and other_wilds > 0)

    def can_play(self, player: int, card: Card) -> bool:
        """Is playing ``card`` from ``player``'s hand a legal play in a normal turn now?"""
        rank = card.rank
        if rank >= Rank.WILD:
            if (
                rank is Rank.WILD_DRAW_FOUR
                and (not self.rules.wd4_bluffing or self.must_play)
                and not self.wd4_is_legal(player)
            ):
                return False
            return not (self.rules.no_wild_finish and len(self.hands[player]) == 1)
        return card.color is self.color or rank is self.discard[-1].rank

    @property
    def wd4_color_before(self) -> Color | None:
        """The color in force before the Wild Draw Four that may now be challenged (public:
        everyone saw it), or None when no challenge is open."""
        return self._wd4[2] if self._wd4 is not None else None

    def _can_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard) > 1

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.rules.teams else None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.MATCH_OVER

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """Every action that may be applied now, by any player."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        actor = self.actor
        out: list[Action] = []
        if phase is Phase.PLAY:
            out.extend(self._turn_plays(actor))
            # Drawing is a choice while there is something to draw; a player who cannot play
            # may always "draw" (with both piles empty that is a pass).
            if not out or (self._can_draw() and not self.must_play):
                out.append(_DRAWS[actor])
            if self.rules.uno_catching and len(self.hands[actor]) == 2 and not self.uno_said[actor]:
                out.append(_UNOS[actor])
            if self.rules.jump_in and not self.must_play:
                self._add_jump_ins(out)
        elif phase is Phase.DRAWN:
            drawn = self.drawn
            assert drawn is not None
            out.append(_play(actor, drawn, self._deck_no))
            # Force play covers a card that may be played honestly: a Wild Draw Four drawn
            # while holding the current color may be kept (or bluffed), never forced.
            if not self.rules.force_play or (
                drawn.rank is Rank.WILD_DRAW_FOUR and not self.wd4_is_legal(actor)
            ):
                out.append(_PASSES[actor])
            if self.rules.uno_catching and len(self.hands[actor]) == 2 and not self.uno_said[actor]:
                out.append(_UNOS[actor])
        elif phase is Phase.COLOR:
            out.extend(_COLOR_CHOICES[actor])
        elif phase is Phase.PENALTY:
            out.append(_ACCEPTS[actor])
            if self._challenge_allowed():
                out.append(_CHALLENGES[actor])
            stacking = self.rules.stacking
            first_play = len(out)
            if stacking is not Stacking.OFF:
                top_rank = self.top.rank
                cross = stacking is Stacking.CROSS
                for card in self.hands[actor]:
                    rank = card.rank
                    if rank is Rank.DRAW_TWO:
                        # A +2 on a +4 (cross-stacking) must still match the named color.
                        ok = top_rank is Rank.DRAW_TWO or (cross and card.color is self.color)
                    elif rank is Rank.WILD_DRAW_FOUR:
                        ok = top_rank is Rank.WILD_DRAW_FOUR or cross
                    else:
                        continue
                    if ok:
                        out.append(_play(actor, card, self._deck_no))
            self._offer_uno_with(out, actor, first_play)
        elif phase is Phase.SKIP:
            out.append(_ACCEPTS[actor])
            for card in self.hands[actor]:
                if card.rank is Rank.SKIP:
                    out.append(_play(actor, card, self._deck_no))
            self._offer_uno_with(out, actor, 1)
        elif phase is Phase.SWAP:
            swaps = _SWAPS[actor]
            out.extend(swaps[t] for t in range(self.players) if t != actor and self.active[t])
        elif phase is Phase.MAKE_RULE:
            out.extend(self._rule_choices(actor))
        elif phase is Phase.RACE:
            out.extend(_RACES[p] for p in self.race_left)
        elif phase is Phase.SETUP:
            out.extend(
                ChooseCustomEffect(actor, e) for e in CustomEffect if e not in self.custom_effects
            )
            if self.custom_effects:
                out.append(FinishCustomEffects(actor))
            return out
        elif phase is Phase.ROUND_OVER:
            return [_NEXT_ROUNDS[self.dealer]]
        else:
            return out
        if self.catchable:
            self._add_catches(out)
        return out

    def _add_catches(self, out: list[Action]) -> None:
        """A player open to a catch may still call UNO; every other active player may catch."""
        for target in self.catchable:
            if not self.uno_said[target]:
                out.append(_UNOS[target])
            for p in range(self.players):
                if p != target and self.active[p]:
                    out.append(_CATCHES[p][target])

    def _offer_uno_with(self, out: list[Action], player: int, plays_from: int) -> None:
        """UNO may go with any play of the next-to-last card, whatever the play answers (a
        stack, a skip bounce): offer it when ``out[plays_from:]`` holds a play."""
        if (
            self._uno_catching
            and len(out) > plays_from
            and len(self.hands[player]) == 2
            and not self.uno_said[player]
        ):
            out.append(_UNOS[player])

    def _turn_plays(self, player: int) -> list[Action]:
        hand = self.hands[player]
        color = self.color
        top_rank = self.discard[-1].rank
        deck_no = self._deck_no
        table = _PLAY_TABLE[deck_no][player]
        last_card_rule = self._no_wild_finish and len(hand) == 1
        plays: list[Action] = []
        wd4_ok: bool | None = None
        strict_wd4 = not self.rules.wd4_bluffing or self.must_play
        for card in hand:
            rank = card.rank
            if card.is_wild:
                if rank is Rank.WILD_DRAW_FOUR and strict_wd4:
                    if wd4_ok is None:
                        wd4_ok = self.wd4_is_legal(player)
                    if not wd4_ok:
                        continue
                if last_card_rule:
                    continue
            elif card.color is not color and rank is not top_rank:
                continue
            action = table[card.uid]
            plays.append(action if action is not None else _play(player, card, deck_no))
        return plays

    def _top_was_played(self) -> bool:
        return len(self.discard) > self._flipped

    def _add_jump_ins(self, out: list[Action]) -> None:
        top = self.top
        if top.color is None or not self._top_was_played():
            return
        twins = _TWINS.get(top)
        if twins is None:
            twins = _twins(top, self.cards)
        calls = self._uno_catching
        for p in range(self.players):
            if p == self.actor or not self.active[p]:
                continue
            hand = self.hands[p]
            if twins.isdisjoint(hand):  # most hands hold none: one pass in C, not a scan here
                continue
            jumps = [c for c in hand if c in twins]  # in the hand's order, as before
            out.extend(_jump(p, card, self._deck_no) for card in jumps)
            # UNO goes with the play of the next-to-last card, a jump-in too.
            if jumps and calls and len(hand) == 2 and not self.uno_said[p]:
                out.append(_UNOS[p])

    def _challenge_allowed(self) -> bool:
        return (
            self._wd4 is not None
            and not self.pending_stacked
            and self.rules.wd4_bluffing
            and self.top.rank is Rank.WILD_DRAW_FOUR
        )

    def _rule_choices(self, player: int) -> list[Action]:
        """A new rule for the number just played, or (Game Changer) a new rule for any ruled
        number. Each rule belongs to one number, so races can never be confused."""
        used = set(self.house_rules.values())
        step, number = self._steps[0]
        numbers = [number] if step is _Step.NEW_RULE else sorted(self.house_rules)
        return [MakeRule(player, n, r) for n in numbers for r in RaceAction if r not in used]

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Apply one legal action and return the events it caused; raise IllegalAction if not."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        # Identity first, in one C pass: legal actions are shared objects, and list.index
        # called each earlier action's __eq__ (Python code, twice between classes).
        if not any(map(is_, legal, repeat(action))):
            try:
                found = legal.index(action)
            except ValueError:
                raise IllegalAction(self.why_illegal(action)) from None
            # An equal object is taken only with exactly the right types: Play(1.0, card) and
            # Play(True, card) compare equal to Play(1, card) but would corrupt the record.
            if not _well_formed(action):
                raise IllegalAction(self.why_illegal(action))
            action = legal[found]
        self._legal = None
        if self.quiet:
            _HANDLERS[type(action)](self, action, None)
            return []
        ev: list[Event] = []
        self.actions.append(action)
        _HANDLERS[type(action)](self, action, ev)
        self.log += ev
        return ev

    # --- turn actions

    def _lapse_calls(self, player: int | None) -> None:
        """A turn action was taken (by ``player``, if it is a play): a UNO call covers only the
        play it goes with, so every call made with two cards lapses except the player's own."""
        said = self.uno_said
        if True in said:
            hands = self.hands
            for p in range(self.players):
                if said[p] and p != player and len(hands[p]) != 1:
                    said[p] = False

    def _on_play(self, action: Play, ev: Events) -> None:
        player, card = action.player, action.card
        phase = self.phase
        self.catchable.clear()  # a turn action closes every open catch window
        self._lapse_calls(player)
        if phase is Phase.PENALTY:
            self._stack(player, card, ev)
            return
        if phase is Phase.SKIP:
            self._put(player, card, ev, jump_in=False)
            if not self._went_out(player, card, ev):
                self._skip_from(player, ev)
            return
        self.drawn = None
        self.must_play = False
        self._play_card(player, card, ev, jump_in=False)

    def _on_jump_in(self, action: JumpIn, ev: Events) -> None:
        self.catchable.clear()  # a turn action closes every open catch window
        self._lapse_calls(action.player)
        self.turn = action.player
        self._play_card(action.player, action.card, ev, jump_in=True)

    def _on_draw(self, action: Draw, ev: Events) -> None:
        player = action.player
        self.catchable.clear()  # a turn action closes every open catch window
        self.must_play = False
        rules = self.rules
        self._lapse_calls(None)
        if rules.draw_mode is DrawMode.UNTIL_PLAYABLE:
            got: list[Card] = []
            hand = self.hands[player]
            while True:
                cards = self._take(1, ev)
                if not cards:
                    break
                got.extend(cards)
                hand.extend(cards)
                # The first card that may be played stops the drawing; with "no bluffing" a
                # Wild Draw Four that may not be played is not one.
                if self.can_play(player, cards[0]):
                    break
            if ev is not None:
                ev.append(CardsDrawn(player, tuple(got), DrawReason.TURN, 0 if got else 1))
        else:
            got = self._take(1, ev)
            self.hands[player].extend(got)
            if ev is not None:
                ev.append(CardsDrawn(player, tuple(got), DrawReason.TURN, 1 - len(got)))
        if got:
            self._idle = 0
            self._hand_grew(player)
            last = got[-1]
            if self.can_play(player, last):
                self.drawn = last
                self.phase = Phase.DRAWN
                return
        else:
            self._idle += 1
            if self._idle >= self.active_count():
                self._end_round_blocked(ev)
                return
        if ev is not None:
            ev.append(Passed(player))
        self._advance(player)

    def _on_pass(self, action: Pass, ev: Events) -> None:
        self.catchable.clear()  # a turn action closes every open catch window
        self._lapse_calls(None)
        if ev is not None:
            ev.append(Passed(action.player))
        self._advance(action.player)  # which also forgets the card just drawn

    def _on_accept(self, action: Accept, ev: Events) -> None:
        player = action.player
        self.catchable.clear()  # a turn action closes every open catch window
        self._lapse_calls(None)
        if self.phase is Phase.PENALTY:
            reason = (
                DrawReason.STACK
                if self.pending_stacked
                else (
                    DrawReason.WILD_DRAW_FOUR
                    if self.top.rank is Rank.WILD_DRAW_FOUR
                    else DrawReason.DRAW_TWO
                )
            )
            self._draw(player, self.pending, reason, ev)
            self.pending = 0
            self.pending_stacked = False
            self._wd4 = None
        if ev is not None:
            ev.append(Skipped(player))
        self._advance(player)

    def _on_challenge(self, action: Challenge, ev: Events) -> None:
        player = action.player
        self.catchable.clear()  # a turn action closes every open catch window
        self._lapse_calls(None)
        assert self._wd4 is not None
        bluffer, was_legal, color_before = self._wd4
        self._wd4 = None
        self.pending = 0
        if ev is not None:
            ev.append(Challenged(player, bluffer, not was_legal, tuple(self.hands[bluffer])))
        if was_legal:
            self._draw(player, 6, DrawReason.CHALLENGE_FAILED, ev)
            if ev is not None:
                ev.append(Skipped(player))
            self._advance(player)
            return
        # 002's reading takes the card back; when a reshuffle has left the +4 alone on the
        # discard pile there is no card under it to return to, so the penalty stands instead.
        if self.rules.challenge_outcome is ChallengeOutcome.RETURN_CARD and len(self.discard) > 1:
            card = self.discard.pop()
            self.hands[bluffer].append(card)
            self._hand_grew(bluffer)
            if ev is not None:
                ev.append(CardReturned(bluffer, card))
            self.color = color_before
            self._draw(bluffer, 4, DrawReason.BLUFF_CAUGHT, ev)
            self.turn = self.actor = bluffer
            self.phase = Phase.PLAY
            self.must_play = True
            return
        self._draw(bluffer, 4, DrawReason.BLUFF_CAUGHT, ev)
        self.turn = self.actor = player
        self.phase = Phase.PLAY

    # --- decisions

    def _on_color(self, action: ChooseColor, ev: Events) -> None:
        self.color = action.color
        if ev is not None:
            ev.append(ColorChosen(action.player, action.color))
        if not self._steps:  # the first card was a wild: now the first player plays
            self.phase = Phase.PLAY
            return
        self._steps.pop(0)
        self._run_steps(ev)

    def _on_swap(self, action: ChooseSwap, ev: Events) -> None:
        player, target = action.player, action.target
        hands = self.hands
        hands[player], hands[target] = hands[target], hands[player]
        if ev is not None:
            ev.append(HandsSwapped(player, target, tuple(hands[player]), tuple(hands[target])))
        self._new_hands((player, target))
        self._steps.pop(0)
        self._run_steps(ev)

    def _on_make_rule(self, action: MakeRule, ev: Events) -> None:
        replaced = self.house_rules.get(action.number)
        self.house_rules[action.number] = action.rule
        if ev is not None:
            ev.append(HouseRuleMade(action.player, action.number, action.rule, replaced))
        self._steps.pop(0)
        self._run_steps(ev)

    def _on_race(self, action: FinishRace, ev: Events) -> None:
        self.race_left.remove(action.player)
        if ev is not None:
            ev.append(RaceFinished(action.player))
        if len(self.race_left) == 1:
            loser = self.race_left.pop()
            if ev is not None:
                ev.append(RaceLost(loser))
            self._draw(loser, 1, DrawReason.RACE_LOST, ev)
            self._steps.pop(0)
            self._run_steps(ev)

    def _on_call_uno(self, action: CallUno, ev: Events) -> None:
        player = action.player
        self.uno_said[player] = True
        if player in self.catchable:
            self.catchable.remove(player)
        if ev is not None:
            ev.append(UnoCalled(player))

    def _on_catch(self, action: Catch, ev: Events) -> None:
        target = action.target
        self.catchable.remove(target)
        if ev is not None:
            ev.append(UnoCaught(action.player, target))
        self._draw(target, self.rules.uno_penalty, DrawReason.UNO_CAUGHT, ev)

    def _on_custom_effect(self, action: ChooseCustomEffect, ev: Events) -> None:
        self.custom_effects = (*self.custom_effects, action.effect)
        if ev is not None:
            ev.append(CustomEffectChosen(action.player, action.effect))

    def _on_custom_done(self, action: FinishCustomEffects, ev: Events) -> None:
        order = list(CustomEffect)
        self.custom_effects = tuple(sorted(self.custom_effects, key=order.index))
        self._start_round(ev)

    def _on_next_round(self, action: NextRound, ev: Events) -> None:
        self._start_round(ev)

    # ------------------------------------------------------------------ playing a card

    def _put(self, player: int, card: Card, ev: Events, *, jump_in: bool) -> None:
        """Move a card from a hand to the discard pile."""
        hand = self.hands[player]
        hand.remove(card)
        self.discard.append(card)
        if card.color is not None:
            self.color = card.color
        self._idle = 0
        if ev is not None:
            ev.append(CardPlayed(player, card, jump_in))
        if len(hand) == 1 and not self.uno_said[player] and self._uno_catching:
            self.catchable.append(player)
        elif not hand:
            self.uno_said[player] = False

    def _play_card(self, player: int, card: Card, ev: Events, *, jump_in: bool) -> None:
        rank = card.rank
        color_before = self.color
        if rank is Rank.WILD_DRAW_FOUR:
            # Judge legality on the hand as it was when the card left it.
            self._put(player, card, ev, jump_in=jump_in)
            legal = self.wd4_is_legal(player, in_hand=False)
            self._wd4 = (player, legal, color_before)
        else:
            self._put(player, card, ev, jump_in=jump_in)
            self._wd4 = None
        if not self.hands[player] and self._went_out(player, card, ev):
            return
        self.turn = player
        if rank <= Rank.NINE:
            seven_zero = self._seven_zero and (rank is Rank.SEVEN or rank is Rank.ZERO)
            if not seven_zero and not card.house_rule and rank not in self.house_rules:
                self._advance(player)  # the common case: a plain number card
                return
            steps: list[tuple[_Step, Any]] = []
            if seven_zero:
                steps.append((_Step.SWAP if rank is Rank.SEVEN else _Step.PASS_HANDS, None))
            number = int(rank)
            if card.house_rule and number not in self.house_rules:
                steps.append((_Step.NEW_RULE, number))
            elif number in self.house_rules:
                steps.append((_Step.RACE, number))
            steps.append((_Step.END, _End.NEXT))
            self._steps = steps
            self._run_steps(ev)
            return
        if rank is Rank.SKIP:
            self._end_turn(player, _End.SKIP_CARD, ev)
            return
        if rank is Rank.REVERSE:
            self.direction = -self.direction
            if ev is not None:
                ev.append(DirectionChanged(self.direction))
            # A Skip with two players; a player who just went out played it at a larger table.
            two = self.active_count() == 2 and self.active[player]
            self._end_turn(player, _End.SKIP if two else _End.NEXT, ev)
            return
        if rank is Rank.DRAW_TWO:
            self._end_turn(player, _End.DRAW_TWO, ev)
            return
        # A wild: name the color, then its own effects, then the end of the turn.
        wild_steps: list[tuple[_Step, Any]] = []
        end = _End.NEXT
        if rank is Rank.WILD_SHUFFLE_HANDS:
            wild_steps.append((_Step.SHUFFLE_HANDS, None))
        wild_steps.append((_Step.COLOR, None))
        if rank is Rank.WILD_DRAW_FOUR:
            end = _End.DRAW_FOUR
        elif rank is Rank.WILD_CUSTOMIZABLE:
            for effect in self.custom_effects:
                # Skip and play-again shape the end of the turn (play again wins); every
                # effect still runs as a step, so each one is announced by an event.
                if effect is CustomEffect.SKIP_NEXT and end is _End.NEXT:
                    end = _End.SKIP
                elif effect is CustomEffect.PLAY_AGAIN:
                    end = _End.AGAIN
                wild_steps.append((_Step.CUSTOM, effect))
        elif rank is Rank.WILD_GAME_CHANGER and self.house_rules:
            wild_steps.append((_Step.CHANGE_RULE, None))
        wild_steps.append((_Step.END, end))
        self._steps = wild_steps
        self._run_steps(ev)

    def _run_steps(self, ev: Events) -> None:
        """Carry out the queued effects of the card just played until a decision is needed."""
        player = self.turn
        steps = self._steps
        while steps:
            step, arg = steps[0]
            if step is _Step.COLOR:
                self.phase, self.actor = Phase.COLOR, player
                return
            if step is _Step.SWAP:
                # A player who still holds cards is in, with someone else (else the hand
                # would have ended); one who went out with this card swaps with nobody.
                if self.hands[player]:
                    self.phase, self.actor = Phase.SWAP, player
                    return
            elif step is _Step.NEW_RULE or (step is _Step.CHANGE_RULE and self.house_rules):
                self.phase, self.actor = Phase.MAKE_RULE, player
                return
            elif step is _Step.RACE:  # a hand under way has two active players or more
                self.race_left = [p for p in range(self.players) if self.active[p]]
                self.race_number = arg
                if ev is not None:
                    ev.append(RaceStarted(arg, self.house_rules[arg]))
                self.phase, self.actor = Phase.RACE, player
                return
            elif step is _Step.SHUFFLE_HANDS:
                self._shuffle_hands(player, ev)
            elif step is _Step.PASS_HANDS:
                self._pass_hands(ev)
            elif step is _Step.CUSTOM and self._custom_effect(player, arg, ev):
                return
            elif step is _Step.END:
                steps.pop(0)
                self._end_turn(player, arg, ev)
                return
            steps.pop(0)
            if self.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                steps.clear()
                return

    def _custom_effect(self, player: int, effect: CustomEffect, ev: Events) -> bool:
        """Apply one Wild Customizable effect; True when it waits on a decision."""
        if effect is CustomEffect.SWAP_HANDS:
            if self.hands[player]:  # as for a 7: nobody to swap with after going out
                self._steps[0] = (_Step.SWAP, None)
                self.phase, self.actor = Phase.SWAP, player
                if ev is not None:
                    ev.append(CustomEffectApplied(player, effect))
                return True
            return False
        if ev is not None:
            ev.append(CustomEffectApplied(player, effect))
        if effect in (CustomEffect.SKIP_NEXT, CustomEffect.PLAY_AGAIN):
            return False  # applied by the end of the turn
        if effect is CustomEffect.DISCARD_COLOR:
            hand = self.hands[player]
            gone = tuple(c for c in hand if c.color is self.color)
            if gone:
                self.hands[player] = [c for c in hand if c.color is not self.color]
                top = self.discard.pop()
                self.discard.extend(gone)
                self.discard.append(top)
                if ev is not None:
                    ev.append(CardsDiscarded(player, gone))
                self._new_hands((player,))
                if not self.hands[player] and self._went_out(player, top, ev):
                    return True
        elif effect is CustomEffect.REVERSE:
            self.direction = -self.direction
            if ev is not None:
                ev.append(DirectionChanged(self.direction))
        elif effect is CustomEffect.OTHERS_DRAW_1:
            for p in self._others_in_order(player):
                self._draw(p, 1, DrawReason.CUSTOM_EFFECT, ev)
        elif effect is CustomEffect.NEXT_DRAWS_2:
            self._draw(self._next(player), 2, DrawReason.CUSTOM_EFFECT, ev)
        elif effect is CustomEffect.PASS_HANDS:
            self._pass_hands(ev)
        return False

    def _others_in_order(self, player: int) -> list[int]:
        """Every other active player, in the direction of play from ``player``."""
        n = self.players
        seats = ((player + i * self.direction) % n for i in range(1, n))
        return [p for p in seats if self.active[p]]

    def _end_turn(self, player: int, end: _End, ev: Events) -> None:
        if not self.active[player] and end is _End.AGAIN:
            end = _End.NEXT
        if end is _End.NEXT:
            self._advance(player)
        elif end is _End.AGAIN:
            self.turn = self.actor = player
            self.phase = Phase.PLAY
        elif end is _End.SKIP:
            victim = self._next(player)
            if ev is not None:
                ev.append(Skipped(victim))
            self._advance(victim)
        elif end is _End.SKIP_CARD:
            self._skip_from(player, ev)
        elif end is _End.STACKED:  # stacking is on: _penalty sets the total anew
            self._penalty(player, self.pending, ev, stacked=True)
        else:
            amount = 2 if end is _End.DRAW_TWO else 4
            self._penalty(player, amount, ev, stacked=False)

    def _skip_from(self, player: int, ev: Events) -> None:
        victim = self._next(player)
        if self.rules.skip_bounce and victim != player:
            self.turn = self.actor = victim
            self.phase = Phase.SKIP
            return
        if ev is not None:
            ev.append(Skipped(victim))
        self._advance(victim)

    def _penalty(self, player: int, amount: int, ev: Events, *, stacked: bool) -> None:
        victim = self._next(player)
        decision = self.rules.stacking is not Stacking.OFF or (
            amount == 4 and not stacked and self.rules.wd4_bluffing
        )
        if decision:
            self.pending = amount
            self.pending_stacked = stacked
            self.turn = self.actor = victim
            self.phase = Phase.PENALTY
            if ev is not None:
                ev.append(PenaltyPending(victim, amount))
            return
        reason = DrawReason.DRAW_TWO if amount == 2 else DrawReason.WILD_DRAW_FOUR
        self._draw(victim, amount, reason, ev)
        if ev is not None:
            ev.append(Skipped(victim))
        self._wd4 = None
        self._advance(victim)

    def _stack(self, player: int, card: Card, ev: Events) -> None:
        total = self.pending + (2 if card.rank is Rank.DRAW_TWO else 4)
        self._put(player, card, ev, jump_in=False)
        self._wd4 = None
        self.pending = 0
        self.pending_stacked = False
        if self._went_out(player, card, ev, owed=total):
            return
        # The total waits in ``pending`` while the stacker names a color for a +4.
        self.pending = total
        self.turn = player
        self._steps = [(_Step.COLOR, None)] if card.is_wild else []
        self._steps.append((_Step.END, _End.STACKED))
        self._run_steps(ev)

    def _advance(self, player: int) -> None:
        """The turn passes to the next active player after ``player``."""
        self.turn = self.actor = self._next(player)
        self.phase = Phase.PLAY
        self.drawn = None

    # ------------------------------------------------------------------ hands

    def _take(self, count: int, ev: Events) -> list[Card]:
        """Take up to ``count`` cards from the draw pile, reshuffling the discards if needed."""
        pile = self.draw_pile
        got: list[Card] = []
        while len(got) < count:
            if not pile:
                if len(self.discard) <= 1:
                    break
                # The top stays; it counts as turned only if no card was played on the pile.
                self._flipped = 1 if self._flipped >= len(self.discard) else 0
                top = self.discard.pop()
                pile.extend(self.discard)
                self.discard = [top]
                shuffle(self.rng, pile)
                if ev is not None:
                    ev.append(PileReshuffled(len(pile)))
                    sealed = self.ledger.reseal(self.round, pile)  # before its first card
                    if sealed is not None:
                        ev.append(sealed)
            got.append(pile.pop())
            if ev is not None:
                self.ledger.take(got[-1:])
        return got

    def _draw(self, player: int, count: int, reason: DrawReason, ev: Events) -> None:
        got = self._take(count, ev)
        self.hands[player].extend(got)
        if ev is not None:
            ev.append(CardsDrawn(player, tuple(got), reason, count - len(got)))
        if got:
            self._hand_grew(player)

    def _hand_grew(self, player: int) -> None:
        self.uno_said[player] = False
        if player in self.catchable:
            self.catchable.remove(player)

    def _new_hands(self, seats: Sequence[int]) -> None:
        """Hands were exchanged: a player left with one card must call UNO again."""
        for p in seats:
            self.uno_said[p] = False
            if p in self.catchable:
                self.catchable.remove(p)
            if len(self.hands[p]) == 1 and self.rules.uno_catching and self.active[p]:
                self.catchable.append(p)

    def _shuffle_hands(self, player: int, ev: Events) -> None:
        seats = [p for p in range(self.players) if self.active[p]]
        pool = [c for p in seats for c in self.hands[p]]
        shuffle(self.rng, pool)
        for p in seats:
            self.hands[p] = []
        deals: list[tuple[int, Card | None]] = []
        seat = (player + 1) % self.players
        for card in pool:
            while not self.active[seat]:
                seat = (seat + 1) % self.players
            self.hands[seat].append(card)
            deals.append((seat, card))
            seat = (seat + 1) % self.players
        if ev is not None:
            ev.append(HandsShuffled(player, tuple(deals)))
        self._new_hands(seats)

    def _pass_hands(self, ev: Events) -> None:
        seats = [p for p in range(self.players) if self.active[p]]
        old = {p: self.hands[p] for p in seats}
        moves = tuple((p, self._next(p)) for p in seats)
        for src, dst in moves:
            self.hands[dst] = old[src]
        hands = tuple(tuple(h) for h in self.hands)
        if ev is not None:
            ev.append(HandsPassed(self.direction, moves, hands))
        self._new_hands(seats)

    # ------------------------------------------------------------------ end of a hand

    def _went_out(self, player: int, card: Card, ev: Events, owed: int = 0) -> bool:
        """Handle a player whose hand is now empty; True when the hand (or match) ended.

        When the hand goes on (play until all but one are out) the last card keeps its full
        effect; when it ends, a last card that makes the next player draw is drawn first.
        """
        if self.hands[player]:
            return False
        self._wd4 = None
        self.finished.append(player)
        if ev is not None:
            ev.append(WentOut(player, len(self.finished)))
        if self.player_leaves_and_play_goes_on(player):
            return False
        self._last_card_draws(player, card, owed, ev)
        if self.rules.play_until_one_left:
            last = self.active.index(True)
            self.finished.append(last)
            self._end_round(self.finished[0], ev)
        else:
            self._end_round(player, ev)
        return True

    def player_leaves_and_play_goes_on(self, player: int) -> bool:
        if not self.rules.play_until_one_left:
            return False
        # Never catchable here: every play closes the catch windows, and a hand emptied by a
        # discard was first dropped from them as a new hand (_new_hands).
        self.active[player] = False
        return self.active_count() > 1

    def _last_card_draws(self, player: int, card: Card, owed: int, ev: Events) -> None:
        victim = self._next(player)
        rank = card.rank
        if owed:
            self._draw(victim, owed, DrawReason.STACK, ev)
        elif rank is Rank.DRAW_TWO:
            self._draw(victim, 2, DrawReason.DRAW_TWO, ev)
        elif rank is Rank.WILD_DRAW_FOUR:
            self._draw(victim, 4, DrawReason.WILD_DRAW_FOUR, ev)
        elif rank is Rank.WILD_CUSTOMIZABLE:
            if CustomEffect.OTHERS_DRAW_1 in self.custom_effects:
                for p in self._others_in_order(player):
                    self._draw(p, 1, DrawReason.CUSTOM_EFFECT, ev)
            if CustomEffect.NEXT_DRAWS_2 in self.custom_effects:
                self._draw(victim, 2, DrawReason.CUSTOM_EFFECT, ev)

    def _end_round_blocked(self, ev: Events) -> None:
        seats = [p for p in range(self.players) if self.active[p]]
        # Lowest hand wins; ties go to the player nearest the turn in the direction of play.
        # The turn is the player whose draw found nothing: active.
        order = []
        p = self.turn
        for _ in seats:
            order.append(p)
            p = self._next(p)
        ranked = sorted(order, key=lambda s: sum(c.points for c in self.hands[s]))
        if self.rules.play_until_one_left:
            self.finished.extend(ranked)
            self._end_round(self.finished[0], ev, blocked=True)
        else:
            self._end_round(ranked[0], ev, blocked=True)

    def _end_round(self, winner: int, ev: Events, *, blocked: bool = False) -> None:
        self.catchable.clear()
        self._steps.clear()
        partner = self.partner(winner)
        hands = []
        points = 0
        for p in range(self.players):
            if p in (winner, partner) or self.rules.play_until_one_left:
                continue
            cards = tuple(self.hands[p])
            value = sum(c.points for c in cards)
            hands.append(HandScore(p, cards, value))
            points += value
        if not self.rules.play_until_one_left:
            self.scores[winner] += points
            if partner is not None:
                self.scores[partner] += points
        order = tuple(self.finished) if self.rules.play_until_one_left else ()
        self.result = (winner, points)
        if ev is not None:
            ev.append(RoundEnded(winner, points, tuple(hands), tuple(self.scores), blocked, order))
            ev.extend(self.ledger.reveal_round(self.round))
        if self.rules.next_dealer is NextDealer.WINNER:
            self.dealer = winner
        else:
            self.dealer = (self.dealer + 1) % self.players
        target = self.rules.target_for(self.players)
        if target is None or max(self.scores) >= target:
            if self.rules.play_until_one_left:
                winners: tuple[int, ...] = (self.finished[0],)
            elif target is None:
                winners = (winner,) if partner is None else tuple(sorted((winner, partner)))
            else:
                best = max(self.scores)
                winners = tuple(p for p in range(self.players) if self.scores[p] == best)
            self.phase = Phase.MATCH_OVER
            if ev is not None:
                ev.append(MatchEnded(winners, tuple(self.scores)))
        else:
            self.phase = Phase.ROUND_OVER
        self.actor = self.dealer

    # ------------------------------------------------------------------ explanations

    def why_illegal(self, action: Action) -> str:
        """A sentence saying why ``action`` cannot be applied now."""
        if not _well_formed(action):
            return f"not an action of this game: {_REPR.repr(action)}"
        what = describe_action(action)
        player = action.player  # well formed: a seat number, if maybe not at this table
        if not 0 <= player < self.players:
            return f"{what}: there is no seat {player} at this table of {self.players}"
        if self.phase is Phase.MATCH_OVER:
            return f"{what}: the match is over"
        if isinstance(action, Play | JumpIn) and action.card not in self.hands[player]:
            return f"{what}: seat {player} does not hold {action.card.label}"
        if isinstance(action, Catch | CallUno) and not isinstance(action, CallUno):
            return f"{what}: seat {action.target} cannot be caught now"
        if isinstance(action, CallUno):
            return (
                f"{what}: UNO can be called while playing your next-to-last card or while "
                "holding one card"
            )
        if isinstance(action, JumpIn) and player != self.actor:
            if not self.rules.jump_in:
                return f"{what}: jump-in is not played at this table"
            if self.phase is Phase.PENALTY:
                return f"{what}: no jump-in while a draw penalty is pending"
            top = self.top if self.phase is Phase.PLAY else None
            if top is not None and top.color is None:
                return f"{what}: nobody may jump in on a wild"
            if top is not None and not self._top_was_played():
                return f"{what}: nobody may jump in before a card has been played"

            if top is not None and (action.card.color, action.card.rank) != (top.color, top.rank):
                return f"{what}: {action.card.label} is not identical to the top card {top.label}"
        if isinstance(action, ChooseSwap) and self.phase is Phase.SWAP and player == self.actor:
            if action.target == player:
                return f"{what}: you cannot swap hands with yourself"
            if not 0 <= action.target < self.players:
                return f"{what}: there is no seat {action.target} at this table"
            return f"{what}: seat {action.target} has gone out"
        if isinstance(action, MakeRule) and self.phase is Phase.MAKE_RULE and player == self.actor:
            if action.rule in self.house_rules.values():
                return f"{what}: that rule is already in use: each rule belongs to one number"
            if self._steps[0][0] is _Step.NEW_RULE:
                return f"{what}: the rule being made is the rule of {self._steps[0][1]}"
            return f"{what}: only a number that already has a rule can get a new one"
        if self.phase is Phase.PLAY and player == self.actor and isinstance(action, Play):
            card = action.card
            if card.rank is Rank.WILD_DRAW_FOUR:
                if self.rules.no_wild_finish and len(self.hands[player]) == 1:
                    return f"{what}: a wild may not be your last card"
                reason = self.color.value if self.color else "the current color"
                if not any(c.color is self.color for c in self.hands[player]):
                    reason = "another wild"  # wd4_wilds_count_as_color
                return f"{what}: you hold {reason}, so a Wild Draw Four is not allowed"
            if card.is_wild:
                return f"{what}: a wild may not be your last card"
            return f"{what}: {card.label} does not match: {self._match_hint()}"
        if self.phase is Phase.PLAY and player == self.actor and isinstance(action, Draw):
            if self.must_play:
                return f"{what}: after a caught bluff you must play a legal card"
            return f"{what}: both piles are empty and you can play, so you must play"
        if player != self.actor or self.phase is Phase.RACE:
            return f"{what}: the game is waiting on {self._waiting_on()}"
        return f"{what}: not allowed while {self._waiting_on()}"

    def _match_hint(self) -> str:
        color = self.color.value if self.color else "any color"
        top = self.top
        if top.is_wild:
            return f"play {color} or a wild"
        label = top.rank.label
        article = "an" if label == "8" else "a"  # "an 8", "a Skip"
        return f"play {color}, {article} {label} or a wild"

    def _waiting_on(self) -> str:
        who = f"seat {self.actor}"
        match self.phase:
            case Phase.PLAY:
                return f"{who} to play or draw"
            case Phase.DRAWN:
                return f"{who} to play or keep the card just drawn"
            case Phase.COLOR:
                return f"{who} to name a color"
            case Phase.PENALTY:
                return f"{who} to answer a draw penalty of {self.pending}"
            case Phase.SKIP:
                return f"{who} to bounce or accept a skip"
            case Phase.SWAP:
                return f"{who} to pick a player to swap hands with"
            case Phase.MAKE_RULE:
                return f"{who} to make a House Rule"
            case Phase.RACE:
                return "the House Rules race: seats " + ", ".join(map(str, self.race_left))
            case Phase.SETUP:
                return f"{who} to compose the Wild Customizable effect"
            case _:  # the hand is over (why_illegal says itself when the match is over)
                return f"seat {self.dealer} to deal the next hand"

    def play_refusal(self, player: int, card: Card) -> str:
        """Why ``player`` may not play ``card`` in their normal turn now, as a sentence for that
        person in the screen's language ("Yellow 8 does not match: play red, an 8 or a wild.");
        "" when the card may be played or the reason is not about the card (another seat's
        turn, a decision pending: the table words those itself). ``why_illegal`` says the same
        in the engine's terms, for logs."""
        hand = self.hands[player] if 0 <= player < self.players else []
        if self.phase is not Phase.PLAY or player != self.actor or card not in hand:
            return ""
        if self.can_play(player, card):
            return ""
        t = active()
        if card.is_wild and self.rules.no_wild_finish and len(hand) == 1:
            return t.gettext("A wild may not be your last card.")
        if card.rank is Rank.WILD_DRAW_FOUR:
            if not any(c.color is self.color for c in hand):
                # wd4_wilds_count_as_color: another wild in hand forbids it.
                return t.gettext("You hold another wild, so a Wild Draw Four is not allowed.")
            if self.color is None:
                return t.gettext("You hold the current color, so a Wild Draw Four is not allowed.")
            return t.gettext("You hold {color}, so a Wild Draw Four is not allowed.").format(
                color=color_in_sentence(self.color, t)
            )
        fields = {
            "card": card.label,
            "color": (
                color_in_sentence(self.color, t)
                if self.color
                else t.pgettext("color in a sentence", "any color")
            ),
        }
        top = self.top
        if top.is_wild:
            # TRANSLATORS: {card} is the card refused, {color} the colour to play (red...).
            text = t.gettext("{card} does not match: play {color} or a wild.")
        elif top.rank is Rank.SKIP:
            text = t.gettext("{card} does not match: play {color}, a Skip or a wild.")
        elif top.rank is Rank.REVERSE:
            text = t.gettext("{card} does not match: play {color}, a Reverse or a wild.")
        elif top.rank is Rank.DRAW_TWO:
            text = t.gettext("{card} does not match: play {color}, a Draw Two or a wild.")
        elif top.rank is Rank.EIGHT:
            # TRANSLATORS: English says "an 8" but "a 5": the same as the next message.
            text = t.gettext("{card} does not match: play {color}, an 8 or a wild.")
        else:
            # TRANSLATORS: {number} is the number on the top card of the discard pile.
            text = t.gettext("{card} does not match: play {color}, a {number} or a wild.")
        return text.format(number=int(top.rank), **fields)

    # ------------------------------------------------------------------ positions

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        seed: int,
        hands: Sequence[Sequence[Card]],
        draw_pile: Sequence[Card],
        discard: Sequence[Card],
        color: Color | None,
        direction: int,
        turn: int,
        phase: Phase = Phase.PLAY,
        drawn: Card | None = None,
        must_play: bool = False,
        scores: Sequence[int] | None = None,
        dealer: int = 0,
        active: Sequence[bool] | None = None,
        uno_said: Sequence[bool] | None = None,
        catchable: Sequence[int] = (),
        house_rules: dict[int, RaceAction] | None = None,
        custom_effects: tuple[CustomEffect, ...] | None = None,
        flipped: int = 0,
        quiet: bool = False,
    ) -> Game:
        """A game in the middle of a hand, in a normal turn (``PLAY``) or right after a draw
        (``DRAWN``): for the Expert AI's sampled positions and for tutorials. ``draw_pile``
        lists the top card last, ``flipped`` how many of its bottom cards were turned, not
        played. The cards must be exactly one deck of ``rules.deck``."""
        if phase not in (Phase.PLAY, Phase.DRAWN):
            raise ValueError("a position can only be set up in a normal turn or after a draw")
        players = len(hands)
        game = cls(rules, players, seed, dealer=dealer, quiet=quiet, deal=False)
        game.scores = list(scores) if scores is not None else [0] * players
        game.round = 1
        if custom_effects is not None:
            game.custom_effects = custom_effects
        game.house_rules = dict(house_rules or {})
        game.hands = [list(h) for h in hands]
        game.draw_pile = list(draw_pile)
        game.discard = list(discard)
        game.color, game.direction = color, direction
        game.turn = game.actor = turn
        game.phase, game.drawn, game.must_play = phase, drawn, must_play
        if active is not None:
            game.active = list(active)
        if uno_said is not None:
            game.uno_said = list(uno_said)
        game.catchable = list(catchable)
        game._flipped = flipped
        if sum(map(len, game.hands)) + len(game.draw_pile) + len(game.discard) != len(game.cards):
            raise ValueError("a position must hold every card of the deck exactly once")
        return game

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own hand and the public facts, nothing else."""
        legal = tuple(a for a in self.legal_actions() if a.player == seat)
        own_drawn = self.drawn if self.actor == seat and self.phase is Phase.DRAWN else None
        return SeatView(
            seat=seat,
            rules=self.rules,
            players=self.players,
            phase=self.phase.value,
            actor=self.actor,
            turn=self.turn,
            direction=self.direction,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            top=self.discard[-1] if self.discard else None,
            color=self.color,
            discard=tuple(self.discard),
            draw_size=len(self.draw_pile),
            pending=self.pending if self.phase is Phase.PENALTY else 0,
            drawn=own_drawn,
            must_play=self.must_play,
            scores=tuple(self.scores),
            dealer=self.dealer,
            round=self.round,
            active=tuple(self.active),
            finished=tuple(self.finished),
            uno_said=tuple(self.uno_said),
            catchable=tuple(self.catchable),
            house_rules=tuple(sorted(self.house_rules.items())),
            race_left=tuple(self.race_left),
            custom_effects=self.custom_effects,
            legal=legal,
            flipped=self._flipped,
        )

    # ------------------------------------------------------------------ digest

    def state_digest(self) -> str:
        """A hash of the whole state (including the random generator), to compare replays."""
        return hashlib.sha256(self.state_text().encode()).hexdigest()

    def state_text(self) -> str:
        """The whole state as the text ``state_digest`` hashes: equal texts, equal states (a
        test comparing two games state by state compares these, without hashing them)."""
        # The text of a list of everything below, the generator's state last: saves carry
        # digests, so it must not change. Hands and piles are written from each card's uid text
        # and the generator's 624 words only when they changed: the same text, faster.
        uids = _uid_texts(self.cards)
        hands = ", ".join([f"[{_uid_list(h, uids)}]" for h in self.hands])
        draw_pile = _uid_list(self.draw_pile, uids)
        discard = _uid_list(self.discard, uids)
        parts: list[Any] = [
            self.scores,
            self.dealer,
            self.round,
            self.active,
            self.finished,
            self.uno_said,
            self.catchable,
            self.pending,
            self.pending_stacked,
            self.drawn.uid if self.drawn else None,
            self.must_play,
            self.race_left,
            sorted((n, r.value) for n, r in self.house_rules.items()),
            [e.value for e in self.custom_effects],
            [(s.name, a.name if isinstance(a, Enum) else a) for s, a in self._steps],
            self._wd4[:2] if self._wd4 else None,
            self._idle,
            self._flipped,
        ]
        head = (
            self.phase.value,
            self.turn,
            self.actor,
            self.direction,
            self.color.value if self.color else None,
        )
        return (
            f"[{repr(head)[1:-1]}, [{hands}], [{draw_pile}], [{discard}], {repr(parts)[1:-1]}, "
            f"{_rng_text(self.rng.getstate()[1])}]"
        )


def _uid_texts(cards: tuple[Card, ...]) -> dict[Card, str]:
    """Each card of a deck to its uid's text, made once per deck (cards hash by identity)."""
    texts = _UID_TEXTS.get(id(cards))
    if texts is None or texts[0] is not cards:
        if len(_UID_TEXTS) >= 8:  # decks are built once per kind; unpickled games bring more
            _UID_TEXTS.clear()
        texts = _UID_TEXTS[id(cards)] = (cards, {c: str(c.uid) for c in cards})
    return texts[1]


def _uid_list(cards: list[Card], texts: dict[Card, str]) -> str:
    """``repr`` of the cards' uids without its brackets."""
    try:
        return ", ".join(map(texts.__getitem__, cards))
    except KeyError:  # a card that is not the deck's own (a damaged state) still has its uid
        return ", ".join([str(c.uid) for c in cards])


# The decks whose uid texts were made, by id (each entry holds its deck, so the id stays its).
_UID_TEXTS: dict[int, tuple[tuple[Card, ...], dict[Card, str]]] = {}


# The Mersenne Twister's 624 words and their text, as last written by ``_rng_text``: between two
# regenerations of its words (every 624 draws) only its position moves, and writing out the words
# was most of a digest's cost. One tuple in a one-slot list, replaced whole, so threads never
# pair the words and the text of different states.
_RNG_WORDS: list[tuple[tuple[int, ...], str]] = [((), "")]


def _rng_text(state: tuple[int, ...]) -> str:
    """``repr(state)`` of a generator's state (624 words and a position), words from the cache."""
    words = state[:-1]
    cached, text = _RNG_WORDS[0]
    if words != cached:
        text = repr(words)[:-1]  # "(w0, ..., w623" for the position to follow
        _RNG_WORDS[0] = (words, text)
    return f"{text}, {state[-1]})"


# Each action class's handler; an action of any other class never reaches one (``apply``
# finds it among the legal actions first).
_HANDLERS: dict[type, Callable[[Game, Any, Events], None]] = {
    Play: Game._on_play,
    JumpIn: Game._on_jump_in,
    Draw: Game._on_draw,
    Pass: Game._on_pass,
    Accept: Game._on_accept,
    Challenge: Game._on_challenge,
    ChooseColor: Game._on_color,
    ChooseSwap: Game._on_swap,
    MakeRule: Game._on_make_rule,
    FinishRace: Game._on_race,
    CallUno: Game._on_call_uno,
    Catch: Game._on_catch,
    ChooseCustomEffect: Game._on_custom_effect,
    FinishCustomEffects: Game._on_custom_done,
    NextRound: Game._on_next_round,
}

# The declared field types of each action class, for ``_well_formed``: read once, here, where
# every class the engine accepts is known.
_FIELD_TYPES: dict[type, tuple[tuple[str, type], ...]] = {
    cls: tuple(typing.get_type_hints(cls).items()) for cls in _HANDLERS
}
