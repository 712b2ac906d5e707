"""The phones' messages, without a network: what one seat is told, and what a phone may ask.

Pure functions (docs/PHONES.md has the messages). A seat's state is built from
``game.view(seat)`` and the lines narrated for that seat only, so a message cannot carry another
hand: ``state_message`` is never given the game. An intent from a phone is read with the record
format of ``game.actions`` and checked for shape here; the match then checks it is legal.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
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
    RecordError,
    action_from_dict,
    action_to_dict,
)
from game.ai.levels import is_window_action
from game.cards import Card
from game.events import CardsDrawn, Challenged, DrawReason, redact
from game.rules import CUSTOM_EFFECT_TEXT, RACE_ACTION_TEXT
from game.view import SeatView

# A phone's message is one small JSON object; anything longer is not ours.
MAX_MESSAGE_BYTES = 4096
# A move is an object holding an object: deeper brackets are never a move (and Python's JSON
# reader recurses once per level, so thousands of them would overflow its stack).
MAX_DEPTH = 4
OPENERS = frozenset(b"[{")
CLOSERS = frozenset(b"]}")
QUOTE = ord('"')
BACKSLASH = ord("\\")
# The move log lines a phone shows.
LOG_LINES = 6
# The draws that settle a challenge: the challenger's lost one, or the bluffer's caught one.
LOST_CHALLENGE = (DrawReason.CHALLENGE_FAILED, DrawReason.BLUFF_CAUGHT)


class BadIntent(ValueError):
    """A phone's message that is not a move of its seat; the text is for the person."""


def face_key(card: Card) -> str:
    """The name of a card's image on the phone page (``card/{key}.png``): its short code with
    only letters and digits ("R5", "Gplus2", "Wplus4", "R3H")."""
    return card.code.replace("+", "plus")


def is_turn(view: SeatView) -> bool:
    """The game waits on this seat: its turn or a choice of its own, or a race it is still in
    (a catch or a jump-in open to everyone is not a turn)."""
    if view.phase == "race":
        return view.seat in view.race_left
    return any(not is_window_action(a, view) for a in view.legal)


def state_message(
    view: SeatView,
    names: Sequence[str],
    log: Sequence[str],
    *,
    away: frozenset[int] = frozenset(),
    buzz: bool = False,
    over: dict[str, Any] | None = None,
    challenge: ChallengeSeen | None = None,
) -> dict[str, Any]:
    """Everything a seat's phone shows, from that seat's view and its own narrated lines.

    ``challenge``: a challenge this seat made or met, just now, redacted for it (the challenger
    is shown the challenged hand); the phone shows its result until the person dismisses it.
    """
    seat = view.seat
    plays = {a.card.uid: a for a in view.legal if isinstance(a, Play | JumpIn)}
    hand = [
        {
            "id": card.uid,
            "name": card.label,
            "face": face_key(card),
            "legal": card.uid in plays,
            "send": action_to_dict(plays[card.uid]) if card.uid in plays else None,
        }
        for card in view.hand
    ]
    turn = is_turn(view)
    players = [
        {
            "seat": p,
            "name": names[p],
            "cards": view.hand_sizes[p],
            "score": view.scores[p],
            "you": p == seat,
            "turn": p == view.actor and view.phase not in ("round-over", "match-over"),
            "uno": view.uno_said[p],
            "out": not view.active[p],
            "away": p in away,
        }
        for p in range(view.players)
    ]
    top = view.top
    return {
        "type": "state",
        "seat": seat,
        "name": names[seat],
        "turn": turn,
        "buzz": buzz,
        "prompt": prompt(view, names, turn),
        "hand": hand,
        "buttons": buttons(view, names),
        "drawn": _card(view.drawn) if view.phase == "drawn" and view.drawn is not None else None,
        "challenge": None if challenge is None else challenge_result(challenge, names, seat),
        "table": {
            "top": None if top is None else {"name": top.label, "face": face_key(top)},
            "color": view.color.value if view.color is not None else None,
            "direction": view.direction,
            "draw_size": view.draw_size,
            "pending": view.pending,
            "round": view.round,
            "players": players,
            "house_rules": [
                f"{number}s: {RACE_ACTION_TEXT[rule]}" for number, rule in view.house_rules
            ],
        },
        "log": list(log[-LOG_LINES:]),
        "over": over,
    }


def _card(card: Card) -> dict[str, Any]:
    return {"id": card.uid, "name": card.label, "face": face_key(card)}


def challenge_cost(view: SeatView) -> int:
    """The cards a lost Wild Draw Four challenge makes this seat draw: the penalty it owes plus
    two (the official rule: 4 + 2 = 6; a challenge is only open on an unstacked +4)."""
    return view.pending + 2


class Arrival(Enum):
    """What reached the hub from a phone's connection (the server puts it in its inbox)."""

    JOINED = "joined"
    LEFT = "left"
    MESSAGE = "message"


@dataclass(frozen=True, slots=True)
class Inbound:
    """Something a phone did: joined, left, or sent ``text``."""

    seat: int
    kind: Arrival
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChallengeSeen:
    """A Wild Draw Four challenge as one seat saw it: the event (redacted for that seat: only
    the challenger is shown the challenged hand) and the cards its loser drew."""

    event: Challenged
    drawn: int


def challenge_seen(events: Sequence[object], seat: int) -> ChallengeSeen | None:
    """The challenge among ``events`` that ``seat`` made or met, if any (the others read it in
    the log)."""
    found = next((e for e in reversed(events) if isinstance(e, Challenged)), None)
    if found is None or seat not in (found.player, found.target):
        return None
    loser = found.target if found.bluff else found.player
    drawn = sum(
        len(e.cards)
        for e in events
        if isinstance(e, CardsDrawn) and e.player == loser and e.reason in LOST_CHALLENGE
    )
    shown = redact(found, seat)
    assert isinstance(shown, Challenged)
    return ChallengeSeen(shown, drawn)


def challenge_result(seen: ChallengeSeen, names: Sequence[str], seat: int) -> dict[str, Any]:
    """What a challenge showed, told to ``seat``: a sentence, and the challenged hand when this
    seat was shown it."""
    event = seen.event

    def name(player: int, you: str) -> str:
        return you if player == seat else names[player]

    loser = event.target if event.bluff else event.player
    draws = "draw" if loser == seat else "draws"
    cost = f"{name(loser, 'you')} {draws} {seen.drawn} card{'s' if seen.drawn != 1 else ''}"
    owner = "your" if event.target == seat else f"{names[event.target]}'s"
    what = "it was a bluff" if event.bluff else f"{owner} Wild Draw Four was legal"
    text = f"{name(event.player, 'You')} challenged {name(event.target, 'you')}: {what}, {cost}."
    shown = None if event.hand is None or event.target == seat else event.hand
    return {
        "text": text,
        "bluff": event.bluff,
        "whose": names[event.target],
        "hand": None if shown is None else [_card(c) for c in shown],
    }


def prompt(view: SeatView, names: Sequence[str], turn: bool) -> str:
    """One sentence: what this seat is asked to do now, or whose move the table waits on."""
    phase = view.phase
    if phase in ("round-over", "match-over"):
        return "The round is over."
    if phase == "race":
        if view.seat in view.race_left:
            return "Race! " + _race_text(view)
        return "You are done: waiting for the others to finish the race."
    if not turn:
        if any(isinstance(a, JumpIn) for a in view.legal):
            return "Jump in! You hold the very same card: tap it before the next move."
        return f"{names[view.actor]}'s turn."
    match phase:
        case "play" if view.must_play:
            return "Your turn: play a card."
        case "play" if any(isinstance(a, Play) for a in view.legal):
            return "Your turn: play a marked card, or draw."
        case "play":
            return "Your turn: no card of yours plays, draw one."
        case "drawn" if view.drawn is not None:
            return f"You drew {view.drawn.label}: play it, or keep it."
        case "drawn":
            return "Play the card you drew, or keep it."
        case "color":
            return "Name a color."
        case "penalty":
            return _penalty_text(view)
        case "skip":
            return "Play a Skip to bounce it on, or be skipped."
        case "swap":
            return "Choose whose hand to swap with yours."
        case "make-rule":
            return "Make a House Rule: choose a number and what everyone must do."
        case "setup":
            return "Choose what the Wild Customizable cards do."
    return "Your move."


def _penalty_text(view: SeatView) -> str:
    """What answers the pending draw: only the answers this seat really has."""
    answers = []
    if any(isinstance(a, Play) for a in view.legal):
        answers.append("stack a draw card")
    if any(isinstance(a, Challenge) for a in view.legal):
        answers.append(f"challenge the Wild Draw Four (risk {challenge_cost(view)} cards)")
    take = f"take {view.pending}"
    if not answers:
        return f"You must {take}."
    text = ", ".join(answers) + f", or {take}."
    return text[0].upper() + text[1:]


def _race_text(view: SeatView) -> str:
    rules = dict(view.house_rules)
    top = view.top
    rule = rules.get(int(top.rank)) if top is not None else None
    return RACE_ACTION_TEXT[rule] + "!" if rule is not None else "Be quick!"


def buttons(view: SeatView, names: Sequence[str]) -> list[dict[str, Any]]:
    """A button for each legal action of the seat that is not a card of its hand."""
    out: list[dict[str, Any]] = []
    for action in view.legal:
        spec = _button(action, view, names)
        if spec is not None:
            name, label, big = spec
            out.append({"action": name, "label": label, "send": action_to_dict(action), "big": big})
    return out


def _button(action: Action, view: SeatView, names: Sequence[str]) -> tuple[str, str, bool] | None:
    match action:
        case Play(card=card) if view.phase == "drawn" and card == view.drawn:
            return "play-drawn", "Play it", False  # the prompt names the card
        case Play() | JumpIn() | NextRound():
            return None  # cards are tapped in the hand; the next round is the table's
        case Draw():
            return "draw", "Draw a card", False
        case Pass():
            return "keep", "Keep it", False
        case CallUno():
            return "uno", "UNO!", True
        case Catch(target=target):
            return "catch", f"Catch {names[target]}!", True
        case Challenge():
            return "challenge", f"Challenge: risk {challenge_cost(view)} cards", False
        case Accept() if view.phase == "skip":
            return "accept", "Be skipped", False
        case Accept():
            return "accept", f"Take {view.pending}", False
        case ChooseColor(color=color):
            return f"color-{color.value}", color.value.capitalize(), False
        case ChooseSwap(target=target):
            return f"swap-{target}", f"Swap with {names[target]} ({view.hand_sizes[target]})", False
        case FinishRace():
            return "race", _race_text(view), True
        case MakeRule(number=number, rule=rule):
            return f"rule-{number}-{rule.value}", f"{number}s: {RACE_ACTION_TEXT[rule]}", False
        case ChooseCustomEffect(effect=effect):
            return f"effect-{effect.value}", CUSTOM_EFFECT_TEXT[effect], False
        case FinishCustomEffects():
            return "effects-done", "Done", False


def read_intent(raw: str | bytes, seat: int, cards: Sequence[Card]) -> Action:
    """A phone's message as an action of ``seat``; raises ``BadIntent`` with a sentence for the
    person when it is not one (too long, not JSON, not an act, another seat's move...), and
    nothing else whatever ``raw`` holds (deep nesting, lone surrogates, odd numbers, wrong
    types): a phone's message must never reach the game's thread as an exception."""
    try:
        return _read_intent(raw, seat, cards)
    except BadIntent:
        raise
    except Exception:  # the last line: any surprise is a refusal, not a crash
        raise BadIntent("That message could not be read.") from None


def _read_intent(raw: str | bytes, seat: int, cards: Sequence[Card]) -> Action:
    data = _json_of(raw)
    if not isinstance(data, dict) or data.get("type") != "act" or set(data) != {"type", "action"}:
        raise BadIntent("That message is not a move.")
    body = data["action"]
    if isinstance(body, dict) and not _is_seat(body.get("player"), seat):
        raise BadIntent("You can only make your own moves.")
    try:
        action = action_from_dict(body, tuple(cards))
    except RecordError:
        raise BadIntent("That move could not be read.") from None
    if isinstance(action, NextRound):
        raise BadIntent("The next round is dealt at the table.")
    return action


def _json_of(raw: str | bytes) -> Any:
    """The message's JSON, checked for size in bytes and for depth before it is parsed."""
    try:
        encoded = raw if isinstance(raw, bytes) else raw.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: not text a phone's page would send
        raise BadIntent("That message could not be read.") from None
    if len(encoded) > MAX_MESSAGE_BYTES:
        raise BadIntent("That message was too long to be a move.")
    if nesting(encoded) > MAX_DEPTH:
        # json.loads recurses once per level: 4,000 "[" would raise RecursionError.
        raise BadIntent("That message is not a move.")
    try:
        return json.loads(encoded, parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError):
        raise BadIntent("That message could not be read.") from None


def nesting(encoded: bytes) -> int:
    """How deep the brackets of a JSON text go (brackets inside strings not counted), or
    ``MAX_DEPTH`` when it has too few brackets to go deeper."""
    if encoded.count(b"[") + encoded.count(b"{") <= MAX_DEPTH:
        return MAX_DEPTH  # the common case (a real move), without a byte-by-byte look
    depth = deepest = 0
    inside = escaped = False
    for byte in encoded:
        if inside:
            if escaped:
                escaped = False
            elif byte == BACKSLASH:
                escaped = True
            elif byte == QUOTE:
                inside = False
        elif byte == QUOTE:
            inside = True
        elif byte in OPENERS:
            depth += 1
            deepest = max(deepest, depth)
        elif byte in CLOSERS:
            depth -= 1
    return deepest


def _is_seat(value: Any, seat: int) -> bool:
    # ``True == 1`` and ``1.0 == 1`` in Python: only a real whole number names a seat.
    return type(value) is int and value == seat


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON a phone sends")
