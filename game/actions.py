"""Actions: every decision the engine waits on, each by a named player.

An action is a frozen dataclass. ``Game.legal_actions()`` lists the ones that may happen next
(several players may be able to act at once in a real-time window: catching UNO, jump-in, a
House Rules race), and ``Game.apply(action)`` applies one. Actions serialize to small JSON
objects for the replay record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cards import Card, Color
from game.rules import CustomEffect, RaceAction


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from the hand on your turn (also: play the drawn card, stack, bounce a Skip)."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class JumpIn:
    """Play a card identical to the top card out of turn (jump-in house rule)."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the draw pile instead of playing (or because nothing can be played)."""

    player: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the playable card just drawn and end the turn."""

    player: int


@dataclass(frozen=True, slots=True)
class ChooseColor:
    player: int
    color: Color


@dataclass(frozen=True, slots=True)
class Accept:
    """Take a pending draw penalty (or, with skip bounce, a pending skip) without answering."""

    player: int


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the Wild Draw Four just played on you."""

    player: int


@dataclass(frozen=True, slots=True)
class CallUno:
    player: int


@dataclass(frozen=True, slots=True)
class Catch:
    """Catch ``target``, who is down to one card without having called UNO."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class ChooseSwap:
    """Pick the player to swap hands with (a 7 under 7-0, or a Wild Customizable effect)."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class MakeRule:
    """Make (or, with Wild Game Changer, replace) the House Rule of ``number``."""

    player: int
    number: int
    rule: RaceAction


@dataclass(frozen=True, slots=True)
class FinishRace:
    """The player has done what the running House Rule asks."""

    player: int


@dataclass(frozen=True, slots=True)
class ChooseCustomEffect:
    """Before the first deal, the host adds an effect to the Wild Customizable cards."""

    player: int
    effect: CustomEffect


@dataclass(frozen=True, slots=True)
class FinishCustomEffects:
    """The host is done composing the Wild Customizable effect."""

    player: int


@dataclass(frozen=True, slots=True)
class NextRound:
    """Deal the next hand of the match."""

    player: int


Action = (
    Play
    | JumpIn
    | Draw
    | Pass
    | ChooseColor
    | Accept
    | Challenge
    | CallUno
    | Catch
    | ChooseSwap
    | MakeRule
    | FinishRace
    | ChooseCustomEffect
    | FinishCustomEffects
    | NextRound
)

_SIMPLE: dict[str, type[Draw | Pass | Accept | Challenge | CallUno | FinishRace]] = {
    "draw": Draw,
    "pass": Pass,
    "accept": Accept,
    "challenge": Challenge,
    "uno": CallUno,
    "race": FinishRace,
}
_SIMPLE_NAMES = {cls: name for name, cls in _SIMPLE.items()}


class RecordError(ValueError):
    """A record or action that cannot be read; the message says what is wrong."""


def action_to_dict(action: Action) -> dict[str, Any]:
    match action:
        case Play(player, card):
            return {"type": "play", "player": player, "card": card.uid}
        case JumpIn(player, card):
            return {"type": "jump-in", "player": player, "card": card.uid}
        case ChooseColor(player, color):
            return {"type": "color", "player": player, "color": color.value}
        case Catch(player, target):
            return {"type": "catch", "player": player, "target": target}
        case ChooseSwap(player, target):
            return {"type": "swap", "player": player, "target": target}
        case MakeRule(player, number, rule):
            return {"type": "rule", "player": player, "number": number, "rule": rule.value}
        case ChooseCustomEffect(player, effect):
            return {"type": "effect", "player": player, "effect": effect.value}
        case FinishCustomEffects(player):
            return {"type": "effects-done", "player": player}
        case NextRound(player):
            return {"type": "next-round", "player": player}
        case _:
            return {"type": _SIMPLE_NAMES[type(action)], "player": action.player}


def action_from_dict(data: Any, cards: tuple[Card, ...]) -> Action:
    """Read an action written by ``action_to_dict``; raises RecordError when it is malformed."""
    if not isinstance(data, dict):
        raise RecordError(f"an action must be a JSON object, not {data!r}")
    try:
        kind = data["type"]
        player = _int(data["player"])
        if kind in _SIMPLE:
            return _SIMPLE[kind](player)
        match kind:
            case "play" | "jump-in":
                uid = _int(data["card"])
                if not 0 <= uid < len(cards):
                    raise RecordError(f"no card with uid {uid} in this deck")
                return (Play if kind == "play" else JumpIn)(player, cards[uid])
            case "color":
                return ChooseColor(player, Color(data["color"]))
            case "catch":
                return Catch(player, _int(data["target"]))
            case "swap":
                return ChooseSwap(player, _int(data["target"]))
            case "rule":
                return MakeRule(player, _int(data["number"]), RaceAction(data["rule"]))
            case "effect":
                return ChooseCustomEffect(player, CustomEffect(data["effect"]))
            case "effects-done":
                return FinishCustomEffects(player)
            case "next-round":
                return NextRound(player)
    except (KeyError, ValueError, TypeError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"malformed action {data!r}: {exc}") from None
    raise RecordError(f"unknown action type {data.get('type')!r}")


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"expected a whole number, got {value!r}")
    return value


def describe_action(action: Action) -> str:
    """A short technical description, used in error messages and logs."""
    match action:
        case Play(player, card):
            return f"seat {player} plays {card.code}"
        case JumpIn(player, card):
            return f"seat {player} jumps in with {card.code}"
        case ChooseColor(player, color):
            return f"seat {player} names {color.value}"
        case Catch(player, target):
            return f"seat {player} catches seat {target}"
        case ChooseSwap(player, target):
            return f"seat {player} swaps hands with seat {target}"
        case MakeRule(player, number, rule):
            return f"seat {player} makes the rule of {number}: {rule.value}"
        case ChooseCustomEffect(player, effect):
            return f"seat {player} adds the effect {effect.value}"
        case _:
            return f"seat {action.player}: {action_to_dict(action)['type']}"
