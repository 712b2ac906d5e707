"""The rule configuration: every switch of shared/RULES.md in one frozen dataclass, and presets.

Presets are data (a ``Rules`` value), not subclasses. ``Rules.validate`` says, in words a
player understands, why a combination cannot be played; ``to_dict``/``from_dict`` make the
configuration part of a saved record. ``SWITCHES`` documents every field in one line, for the
setup screen and the command line (``--rule stacking=cross``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.cards import DeckKind


class FirstCard(Enum):
    """What happens when the first card turned up is not a number card."""

    CLASSIC_EFFECTS = "classic-effects"  # 002: the card acts on the first player
    FLIP_UNTIL_NUMBER = "flip-until-number"  # 000, 001: flip again until a number card


class ChallengeOutcome(Enum):
    """What a caught Wild Draw Four bluff costs."""

    PENALTY_STANDS = "penalty-stands"  # 000/001: bluffer draws 4, the color stands
    RETURN_CARD = "return-card"  # 002: card back to hand, bluffer draws 4, plays a legal card


class DrawMode(Enum):
    DRAW_ONE = "draw-one"
    UNTIL_PLAYABLE = "until-playable"


class Stacking(Enum):
    OFF = "off"
    SAME = "same"  # +2 on +2, +4 on +4
    CROSS = "cross"  # any draw card on any draw card


class TargetMode(Enum):
    POINTS = "points"  # first to ``target_points``
    QUICK = "quick"  # 100 points with two players, 200 with more (003)
    SINGLE_HAND = "single-hand"


class NextDealer(Enum):
    WINNER = "winner"
    ROTATE = "rotate"


class CustomEffect(Enum):
    """The enforceable effects a host can give the three Wild Customizable cards.

    When several are combined they apply in the order of this enum, after the color is named.
    """

    DISCARD_COLOR = "discard-color"  # discard every card of the named color from your hand
    REVERSE = "reverse"  # reverse the direction of play
    OTHERS_DRAW_1 = "others-draw-1"  # every other player draws 1
    NEXT_DRAWS_2 = "next-draws-2"  # the next player draws 2
    SWAP_HANDS = "swap-hands"  # swap hands with a player you choose
    PASS_HANDS = "pass-hands"  # every hand passes to the next player in the direction of play
    SKIP_NEXT = "skip-next"  # the next player loses a turn
    PLAY_AGAIN = "play-again"  # you take another turn


CUSTOM_EFFECT_TEXT: dict[CustomEffect, str] = {
    CustomEffect.DISCARD_COLOR: "discard every card of the color you name",
    CustomEffect.REVERSE: "reverse the direction of play",
    CustomEffect.OTHERS_DRAW_1: "every other player draws 1",
    CustomEffect.NEXT_DRAWS_2: "the next player draws 2",
    CustomEffect.SWAP_HANDS: "swap hands with a player you choose",
    CustomEffect.PASS_HANDS: "everyone passes their hand to the next player",
    CustomEffect.SKIP_NEXT: "the next player loses a turn",
    CustomEffect.PLAY_AGAIN: "you play again",
}


class RaceAction(Enum):
    """Things a player can do on a keyboard, mouse or controller: the House Rules catalogue.

    The engine only knows that a player finished the race; the table scene shows the prompt and
    maps the player's device input to it.
    """

    TAP_DRAW_PILE = "tap-draw-pile"
    TAP_DISCARD_PILE = "tap-discard-pile"
    TAP_OWN_SEAT = "tap-own-seat"
    TAP_TABLE_TWICE = "tap-table-twice"
    PRESS_UP = "press-up"
    PRESS_DOWN = "press-down"
    PRESS_LEFT = "press-left"
    PRESS_RIGHT = "press-right"
    PRESS_UNO = "press-uno"
    PRESS_UP_THEN_DOWN = "press-up-then-down"
    PRESS_LEFT_THEN_RIGHT = "press-left-then-right"
    TAP_CENTER_THREE_TIMES = "tap-center-three-times"


RACE_ACTION_TEXT: dict[RaceAction, str] = {
    RaceAction.TAP_DRAW_PILE: "Tap the draw pile",
    RaceAction.TAP_DISCARD_PILE: "Tap the discard pile",
    RaceAction.TAP_OWN_SEAT: "Tap your own seat",
    RaceAction.TAP_TABLE_TWICE: "Tap the table twice",
    RaceAction.PRESS_UP: "Press Up",
    RaceAction.PRESS_DOWN: "Press Down",
    RaceAction.PRESS_LEFT: "Press Left",
    RaceAction.PRESS_RIGHT: "Press Right",
    RaceAction.PRESS_UNO: "Press UNO",
    RaceAction.PRESS_UP_THEN_DOWN: "Press Up, then Down",
    RaceAction.PRESS_LEFT_THEN_RIGHT: "Press Left, then Right",
    RaceAction.TAP_CENTER_THREE_TIMES: "Tap the middle of the table three times",
}

# How many separate moves each action takes (taps or presses): the longer ones are harder to
# remember and slower to do, which is what a player making a rule aims for.
RACE_ACTION_MOVES: dict[RaceAction, int] = {
    **dict.fromkeys(RaceAction, 1),
    RaceAction.TAP_TABLE_TWICE: 2,
    RaceAction.PRESS_UP_THEN_DOWN: 2,
    RaceAction.PRESS_LEFT_THEN_RIGHT: 2,
    RaceAction.TAP_CENTER_THREE_TIMES: 3,
}


class RulesError(ValueError):
    """A rule configuration that cannot be played; the message says why."""


MIN_PLAYERS = 2
MAX_PLAYERS = 10


@dataclass(frozen=True, slots=True)
class Rules:
    """Every switch of shared/RULES.md. The defaults are the official Classic rules."""

    deck: DeckKind = DeckKind.CLASSIC
    hand_size: int = 7
    first_card: FirstCard = FirstCard.CLASSIC_EFFECTS
    wd4_wilds_count_as_color: bool = False
    wd4_bluffing: bool = True
    challenge_outcome: ChallengeOutcome = ChallengeOutcome.PENALTY_STANDS
    draw_mode: DrawMode = DrawMode.DRAW_ONE
    force_play: bool = False
    uno_catching: bool = True
    uno_penalty: int = 2
    stacking: Stacking = Stacking.OFF
    jump_in: bool = False
    seven_zero: bool = False
    skip_bounce: bool = False
    play_until_one_left: bool = False
    no_wild_finish: bool = False
    teams: bool = False
    target_mode: TargetMode = TargetMode.POINTS
    target_points: int = 500
    next_dealer: NextDealer = NextDealer.WINNER
    # Wild Customizable: the host's composition. Empty means the host picks at the table,
    # before the first deal, as actions of seat 0.
    custom_effects: tuple[CustomEffect, ...] = field(default=(CustomEffect.OTHERS_DRAW_1,))
    show_house_rule_text: bool = True

    def validate(self, players: int) -> None:
        """Raise RulesError saying why these rules cannot be played by ``players`` players."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(f"UNO is played by 2 to 10 players, not {players}")
        if not 1 <= self.hand_size <= 15:
            raise RulesError(f"the hand size must be 1 to 15 cards, not {self.hand_size}")
        if self.hand_size * players > 90:
            raise RulesError(f"{players} hands of {self.hand_size} cards need too many cards")
        if not 0 <= self.uno_penalty <= 10:
            raise RulesError(f"the UNO penalty must be 0 to 10 cards, not {self.uno_penalty}")
        if self.target_mode is TargetMode.POINTS and not 1 <= self.target_points <= 100_000:
            raise RulesError(f"the target must be 1 to 100000 points, not {self.target_points}")
        if self.teams and players != 4:
            raise RulesError("2v2 teams need exactly 4 players")
        if self.teams and self.play_until_one_left:
            raise RulesError("2v2 teams and 'play until all but one are out' do not combine")
        if self.play_until_one_left and self.target_mode is not TargetMode.SINGLE_HAND:
            raise RulesError(
                "'play until all but one are out' ranks players by finishing order instead of "
                "points: choose the single-hand target with it"
            )
        if len(set(self.custom_effects)) != len(self.custom_effects):
            raise RulesError("a Wild Customizable effect is listed twice")

    @property
    def custom_effects_at_table(self) -> bool:
        """True when the host picks the Wild Customizable effects before the first deal."""
        return self.deck is DeckKind.UNO2023 and not self.custom_effects

    def target_for(self, players: int) -> int | None:
        """The points that win the match, or None for a single hand."""
        if self.target_mode is TargetMode.SINGLE_HAND:
            return None
        if self.target_mode is TargetMode.QUICK:
            return 100 if players == 2 else 200
        return self.target_points

    def with_changes(self, **changes: Any) -> Rules:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Enum):
                value = value.value
            elif isinstance(value, tuple):
                value = [v.value for v in value]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Build rules from ``to_dict`` output; RulesError for anything unknown or mistyped."""
        if not isinstance(data, dict):
            raise RulesError("the rules must be a JSON object")
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise RulesError(f"unknown rule switches: {', '.join(unknown)}")
        values: dict[str, Any] = {}
        defaults = cls()
        for name, raw in data.items():
            values[name] = _coerce(name, type(getattr(defaults, name)), raw)
        return cls(**values)


def _coerce(name: str, kind: type, raw: Any) -> Any:
    """Turn a JSON value into the type of a Rules field, or raise RulesError."""
    if name == "custom_effects":
        if not isinstance(raw, list | tuple):
            raise RulesError("custom_effects must be a list")
        return tuple(_coerce_enum(name, CustomEffect, item) for item in raw)
    if issubclass(kind, Enum):
        return _coerce_enum(name, kind, raw)
    if kind is bool:
        if not isinstance(raw, bool):
            raise RulesError(f"{name} must be true or false, not {raw!r}")
        return raw
    if kind is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RulesError(f"{name} must be a whole number, not {raw!r}")
        return raw
    raise RulesError(f"cannot read {name}")  # pragma: no cover - every field type is above


def _coerce_enum(name: str, kind: type[Enum], raw: Any) -> Any:
    try:
        return kind(raw)
    except ValueError:
        choices = ", ".join(str(m.value) for m in kind)
        raise RulesError(f"{name} cannot be {raw!r}; choose one of: {choices}") from None


class Preset(Enum):
    CLASSIC = "classic"
    UNO2023 = "uno2023"
    HOUSE_RULES = "house-rules"
    QUICK = "quick"


PRESETS: dict[Preset, Rules] = {
    Preset.CLASSIC: Rules(),
    Preset.UNO2023: Rules(deck=DeckKind.UNO2023, first_card=FirstCard.FLIP_UNTIL_NUMBER),
    Preset.HOUSE_RULES: Rules(deck=DeckKind.HOUSE_RULES, first_card=FirstCard.FLIP_UNTIL_NUMBER),
    Preset.QUICK: Rules(target_mode=TargetMode.QUICK),
}

PRESET_TEXT: dict[Preset, str] = {
    Preset.CLASSIC: "The official rules with the 108-card deck, first to 500 points.",
    Preset.UNO2023: "The 2023 deck: Wild Shuffle Hands and three Wild Customizable cards.",
    Preset.HOUSE_RULES: "UNO House Rules!: players invent rules for the numbers 1 to 5.",
    Preset.QUICK: "Online style: first to 100 points with two players, 200 with more.",
}


def preset(name: str) -> Rules:
    """The rules of a preset by its command-line name; raises RulesError for an unknown name."""
    try:
        return PRESETS[Preset(name)]
    except ValueError:
        names = ", ".join(p.value for p in Preset)
        raise RulesError(f"unknown preset {name!r}; choose one of: {names}") from None


# One line per switch, for the setup screen and --help. Keys are Rules field names.
SWITCHES: dict[str, str] = {
    "deck": "Which deck: classic (108), uno2023 (112) or house-rules (112).",
    "hand_size": "Cards dealt to each player (official: 7).",
    "first_card": "A first action card acts on the first player, or is covered by flipping again.",
    "wd4_wilds_count_as_color": "Holding a wild also forbids a Wild Draw Four (House Rules! text).",
    "wd4_bluffing": "A Wild Draw Four may be played illegally, at the risk of a challenge.",
    "challenge_outcome": "A caught bluff: the bluffer draws 4, or also takes the card back.",
    "draw_mode": "Draw one card, or keep drawing until you can play.",
    "force_play": "A playable card you just drew must be played.",
    "uno_catching": "A player who forgets to call UNO can be caught.",
    "uno_penalty": "Cards drawn by a player caught without calling UNO.",
    "stacking": "Answer a Draw Two or Wild Draw Four with another; off, same kind, or cross.",
    "jump_in": "Play a card identical to the top card out of turn.",
    "seven_zero": "A 7 swaps hands with a chosen player; a 0 passes every hand along.",
    "skip_bounce": "A skipped player may play a Skip to pass the skip on.",
    "play_until_one_left": "Keep playing until all but one are out; rank by finishing order.",
    "no_wild_finish": "A wild card may not be your last card.",
    "teams": "2v2: partners sit opposite and win together (4 players).",
    "target_mode": "Match length: first to a points target, quick (100/200), or a single hand.",
    "target_points": "The points that win the match (official: 500).",
    "next_dealer": "The next dealer is the hand's winner, or the next player to the left.",
    "custom_effects": "What a Wild Customizable does (empty: the host chooses at the table).",
    "show_house_rule_text": "Show a House Rule's text while its race runs.",
}
