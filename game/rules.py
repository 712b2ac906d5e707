"""The rule configuration: every switch of shared/RULES.md in one frozen dataclass, and presets.

Presets are data (a ``Rules`` value), not subclasses. ``Rules.validate`` says, in words a
player understands, why a combination cannot be played; ``to_dict``/``from_dict`` make the
configuration part of a saved record. ``SWITCHES`` documents every field in one line, for the
setup screen and the command line (``--rule stacking=cross``).

Every text here that a person reads is kept in English, marked with ``N_`` for the catalogs, and
translated where it is shown through the functions at the end of this module (``switch_title``,
``switch_text``, ``choice_text``, ``preset_title``, ``preset_text``, ``custom_effect_text``,
``custom_effect_title``, ``race_action_text``, ``race_action_in_sentence``), in the screen's
language of that moment or a phone's ``Tongue``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.cards import DeckKind
from game.i18n import N_, Tongue, _, active


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
    CustomEffect.DISCARD_COLOR: N_("discard every card of the color you name"),
    CustomEffect.REVERSE: N_("reverse the direction of play"),
    CustomEffect.OTHERS_DRAW_1: N_("every other player draws 1"),
    CustomEffect.NEXT_DRAWS_2: N_("the next player draws 2"),
    CustomEffect.SWAP_HANDS: N_("swap hands with a player you choose"),
    CustomEffect.PASS_HANDS: N_("everyone passes their hand to the next player"),
    CustomEffect.SKIP_NEXT: N_("the next player loses a turn"),
    CustomEffect.PLAY_AGAIN: N_("you play again"),
}

# The same effects as a choice on its own (a button, a list's line), where English starts with a
# capital: a language's capitals are its translator's, never changed in code.
CUSTOM_EFFECT_TITLE: dict[CustomEffect, str] = {
    CustomEffect.DISCARD_COLOR: N_("Discard every card of the color you name"),
    CustomEffect.REVERSE: N_("Reverse the direction of play"),
    CustomEffect.OTHERS_DRAW_1: N_("Every other player draws 1"),
    CustomEffect.NEXT_DRAWS_2: N_("The next player draws 2"),
    CustomEffect.SWAP_HANDS: N_("Swap hands with a player you choose"),
    CustomEffect.PASS_HANDS: N_("Everyone passes their hand to the next player"),
    CustomEffect.SKIP_NEXT: N_("The next player loses a turn"),
    CustomEffect.PLAY_AGAIN: N_("You play again"),
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
    RaceAction.TAP_DRAW_PILE: N_("Tap the draw pile"),
    RaceAction.TAP_DISCARD_PILE: N_("Tap the discard pile"),
    RaceAction.TAP_OWN_SEAT: N_("Tap your own seat"),
    RaceAction.TAP_TABLE_TWICE: N_("Tap the table twice"),
    RaceAction.PRESS_UP: N_("Press Up"),
    RaceAction.PRESS_DOWN: N_("Press Down"),
    RaceAction.PRESS_LEFT: N_("Press Left"),
    RaceAction.PRESS_RIGHT: N_("Press Right"),
    RaceAction.PRESS_UNO: N_("Press UNO"),
    RaceAction.PRESS_UP_THEN_DOWN: N_("Press Up, then Down"),
    RaceAction.PRESS_LEFT_THEN_RIGHT: N_("Press Left, then Right"),
    RaceAction.TAP_CENTER_THREE_TIMES: N_("Tap the middle of the table three times"),
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
        # The reasons are shown on the setup screen: in the screen's language.
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError(
                _("UNO is played by 2 to 10 players, not {players}").format(players=players)
            )
        if not 1 <= self.hand_size <= 15:
            raise RulesError(
                _("the hand size must be 1 to 15 cards, not {size}").format(size=self.hand_size)
            )
        if self.hand_size * players > 90:
            raise RulesError(
                # TRANSLATORS: the rules deal more cards than the deck holds.
                _("{players} hands of {size} cards need too many cards").format(
                    players=players, size=self.hand_size
                )
            )
        if not 0 <= self.uno_penalty <= 10:
            raise RulesError(
                _("the UNO penalty must be 0 to 10 cards, not {count}").format(
                    count=self.uno_penalty
                )
            )
        if self.target_mode is TargetMode.POINTS and not 1 <= self.target_points <= 100_000:
            raise RulesError(
                _("the target must be 1 to 100000 points, not {points}").format(
                    points=self.target_points
                )
            )
        if self.teams and players != 4:
            raise RulesError(_("2v2 teams need exactly 4 players"))
        if self.teams and self.play_until_one_left:
            raise RulesError(_("2v2 teams and 'play until all but one are out' do not combine"))
        if self.play_until_one_left and self.target_mode is not TargetMode.SINGLE_HAND:
            raise RulesError(
                _(
                    "'play until all but one are out' ranks players by finishing order instead "
                    "of points: choose the single-hand target with it"
                )
            )
        if len(set(self.custom_effects)) != len(self.custom_effects):
            raise RulesError(_("a Wild Customizable effect is listed twice"))

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
    Preset.CLASSIC: N_("The official rules with the 108-card deck, first to 500 points."),
    Preset.UNO2023: N_("The 2023 deck: Wild Shuffle Hands and three Wild Customizable cards."),
    Preset.HOUSE_RULES: N_("UNO House Rules!: players invent rules for the numbers 1 to 5."),
    Preset.QUICK: N_("Online style: first to 100 points with two players, 200 with more."),
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
    "deck": N_("Which deck: classic (108), uno2023 (112) or house-rules (112)."),
    "hand_size": N_("Cards dealt to each player (official: 7)."),
    "first_card": N_(
        "A first action card acts on the first player, or is covered by flipping again."
    ),
    "wd4_wilds_count_as_color": N_(
        "Holding a wild also forbids a Wild Draw Four (House Rules! text)."
    ),
    "wd4_bluffing": N_("A Wild Draw Four may be played illegally, at the risk of a challenge."),
    "challenge_outcome": N_("A caught bluff: the bluffer draws 4, or also takes the card back."),
    "draw_mode": N_("Draw one card, or keep drawing until you can play."),
    "force_play": N_("A playable card you just drew must be played."),
    "uno_catching": N_("A player who forgets to call UNO can be caught."),
    "uno_penalty": N_("Cards drawn by a player caught without calling UNO."),
    "stacking": N_("Answer a Draw Two or Wild Draw Four with another; off, same kind, or cross."),
    "jump_in": N_("Play a card identical to the top card out of turn."),
    "seven_zero": N_("A 7 swaps hands with a chosen player; a 0 passes every hand along."),
    "skip_bounce": N_("A skipped player may play a Skip to pass the skip on."),
    "play_until_one_left": N_("Keep playing until all but one are out; rank by finishing order."),
    "no_wild_finish": N_("A wild card may not be your last card."),
    "teams": N_("2v2: partners sit opposite and win together (4 players)."),
    "target_mode": N_("Match length: first to a points target, quick (100/200), or a single hand."),
    "target_points": N_("The points that win the match (official: 500)."),
    "next_dealer": N_("The next dealer is the hand's winner, or the next player to the left."),
    "custom_effects": N_("What a Wild Customizable does (empty: the host chooses at the table)."),
    "show_house_rule_text": N_("Show a House Rule's text while its race runs."),
}


# One title per switch, as the setup screen's rows show them. Keys are Rules field names.
SWITCH_TITLES: dict[str, str] = {
    "deck": N_("Deck"),
    # TRANSLATORS: a switch's title: how many cards each player is dealt.
    "hand_size": N_("Hand size"),
    "first_card": N_("First card"),
    # TRANSLATORS: a switch's title: "+4" is the Wild Draw Four; a wild in hand forbids it too.
    "wd4_wilds_count_as_color": N_("+4 wilds count as color"),
    "wd4_bluffing": N_("+4 bluffing"),
    "challenge_outcome": N_("Challenge outcome"),
    "draw_mode": N_("Draw mode"),
    "force_play": N_("Force play"),
    "uno_catching": N_("UNO catching"),
    "uno_penalty": N_("UNO penalty"),
    "stacking": N_("Stacking"),
    "jump_in": N_("Jump in"),
    # TRANSLATORS: a switch's title: the house rule where a 7 swaps hands and a 0 passes them.
    "seven_zero": N_("Seven zero"),
    "skip_bounce": N_("Skip bounce"),
    "play_until_one_left": N_("Play until one left"),
    "no_wild_finish": N_("No wild finish"),
    "teams": N_("Teams"),
    "target_mode": N_("Target mode"),
    "target_points": N_("Target points"),
    "next_dealer": N_("Next dealer"),
    "custom_effects": N_("Custom effects"),
    "show_house_rule_text": N_("Show house rule text"),
}

PRESET_TITLES: dict[Preset, str] = {
    Preset.CLASSIC: N_("Classic"),
    Preset.UNO2023: N_("2023 deck"),
    Preset.HOUSE_RULES: N_("House Rules!"),
    # TRANSLATORS: a preset's name: shorter matches (first to 100 or 200 points).
    Preset.QUICK: N_("Quick"),
}

# A value of an enum switch as its button shows it (the value itself is the file format's word,
# never translated).
CHOICE_TEXT: dict[Enum, str] = {
    DeckKind.CLASSIC: N_("classic"),
    # TRANSLATORS: a switch's value: the deck of 2023 (Wild Shuffle Hands, Wild Customizable).
    DeckKind.UNO2023: N_("UNO 2023"),
    DeckKind.HOUSE_RULES: N_("house rules"),
    FirstCard.CLASSIC_EFFECTS: N_("classic effects"),
    FirstCard.FLIP_UNTIL_NUMBER: N_("flip until number"),
    ChallengeOutcome.PENALTY_STANDS: N_("penalty stands"),
    ChallengeOutcome.RETURN_CARD: N_("return card"),
    DrawMode.DRAW_ONE: N_("draw one"),
    DrawMode.UNTIL_PLAYABLE: N_("until playable"),
    # TRANSLATORS: a stacking switch's value: only a Draw Two on a Draw Two, a +4 on a +4.
    Stacking.SAME: N_("same"),
    # TRANSLATORS: a stacking switch's value: any draw card on any draw card.
    Stacking.CROSS: N_("cross"),
    TargetMode.POINTS: N_("points"),
    # TRANSLATORS: a match length's value: first to 100 points with two players, 200 with more.
    TargetMode.QUICK: N_("quick"),
    TargetMode.SINGLE_HAND: N_("single hand"),
    # TRANSLATORS: who deals next: the winner of the hand.
    NextDealer.WINNER: N_("winner"),
    # TRANSLATORS: who deals next: the next player in turn.
    NextDealer.ROTATE: N_("rotate"),
    CustomEffect.DISCARD_COLOR: N_("discard color"),
    CustomEffect.REVERSE: N_("reverse"),
    CustomEffect.OTHERS_DRAW_1: N_("others draw 1"),
    CustomEffect.NEXT_DRAWS_2: N_("next draws 2"),
    CustomEffect.SWAP_HANDS: N_("swap hands"),
    CustomEffect.PASS_HANDS: N_("pass hands"),
    CustomEffect.SKIP_NEXT: N_("skip next"),
    CustomEffect.PLAY_AGAIN: N_("play again"),
}


def _tongue(tongue: Tongue | None) -> Tongue:
    return tongue or active()


def switch_title(name: str, tongue: Tongue | None = None) -> str:
    """A switch's title on the setup screen ("Hand size"); ``name`` is a Rules field name."""
    return _tongue(tongue).gettext(SWITCH_TITLES[name])


def switch_text(name: str, tongue: Tongue | None = None) -> str:
    """A switch's one-line explanation (``SWITCHES``), translated."""
    return _tongue(tongue).gettext(SWITCHES[name])


def preset_title(preset: Preset, tongue: Tongue | None = None) -> str:
    """A preset's name ("Classic", "2023 deck")."""
    return _tongue(tongue).gettext(PRESET_TITLES[preset])


def preset_text(preset: Preset, tongue: Tongue | None = None) -> str:
    """A preset's one-sentence explanation (``PRESET_TEXT``), translated."""
    return _tongue(tongue).gettext(PRESET_TEXT[preset])


def custom_effect_text(effect: CustomEffect, tongue: Tongue | None = None) -> str:
    """What a Wild Customizable effect does, in small letters ("every other player draws 1")."""
    return _tongue(tongue).gettext(CUSTOM_EFFECT_TEXT[effect])


def custom_effect_title(effect: CustomEffect, tongue: Tongue | None = None) -> str:
    """A Wild Customizable effect as a choice on its own ("Every other player draws 1")."""
    return _tongue(tongue).gettext(CUSTOM_EFFECT_TITLE[effect])


def race_action_text(rule: RaceAction, tongue: Tongue | None = None) -> str:
    """A House Rule's action as an order on its own ("Press UNO", "Tap the draw pile")."""
    return _tongue(tongue).gettext(RACE_ACTION_TEXT[rule])


def listed(items: list[str], tongue: Tongue | None = None) -> str:
    """``items`` as one list in a sentence ("Red 1, Blue 2"); the separator is the language's."""
    t = _tongue(tongue)
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        # TRANSLATORS: joins the next item onto a list (cards, effects, parts of a line).
        text = t.gettext("{list}, {item}").format(list=text, item=item)
    return text


def choice_text(value: Any, tongue: Tongue | None = None) -> str:
    """A switch's value as its button shows it ("on", "same", "host chooses", "5")."""
    t = _tongue(tongue)
    if isinstance(value, bool):
        return t.pgettext("switch value", "on") if value else t.pgettext("switch value", "off")
    if value is Stacking.OFF:
        return t.pgettext("switch value", "off")
    if isinstance(value, Enum):
        return t.gettext(CHOICE_TEXT[value])
    if isinstance(value, tuple):
        if not value:
            # TRANSLATORS: the Wild Customizable's effects are chosen by the host at the table.
            return t.gettext("host chooses")
        return listed([t.gettext(CHOICE_TEXT[e]) for e in value], t)
    return str(value)


def race_action_in_sentence(rule: RaceAction, tongue: Tongue | None = None) -> str:
    """A House Rule's action inside a sentence, where English writes it in small letters
    ("Ana makes a House Rule for 3s: press UNO")."""
    t = _tongue(tongue)
    match rule:
        case RaceAction.TAP_DRAW_PILE:
            return t.pgettext("race action in a sentence", "tap the draw pile")
        case RaceAction.TAP_DISCARD_PILE:
            return t.pgettext("race action in a sentence", "tap the discard pile")
        case RaceAction.TAP_OWN_SEAT:
            return t.pgettext("race action in a sentence", "tap your own seat")
        case RaceAction.TAP_TABLE_TWICE:
            return t.pgettext("race action in a sentence", "tap the table twice")
        case RaceAction.PRESS_UP:
            return t.pgettext("race action in a sentence", "press Up")
        case RaceAction.PRESS_DOWN:
            return t.pgettext("race action in a sentence", "press Down")
        case RaceAction.PRESS_LEFT:
            return t.pgettext("race action in a sentence", "press Left")
        case RaceAction.PRESS_RIGHT:
            return t.pgettext("race action in a sentence", "press Right")
        case RaceAction.PRESS_UNO:
            return t.pgettext("race action in a sentence", "press UNO")
        case RaceAction.PRESS_UP_THEN_DOWN:
            return t.pgettext("race action in a sentence", "press Up, then Down")
        case RaceAction.PRESS_LEFT_THEN_RIGHT:
            return t.pgettext("race action in a sentence", "press Left, then Right")
        case RaceAction.TAP_CENTER_THREE_TIMES:
            return t.pgettext(
                "race action in a sentence", "tap the middle of the table three times"
            )
