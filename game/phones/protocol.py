"""The phones' messages, without a network: what one seat is told, and what a phone may ask.

Pure functions (docs/PHONES.md has the messages). A seat's state is built from
``game.view(seat)`` and the lines narrated for that seat only, so a message cannot carry another
hand: ``state_message`` is never given the game. An intent from a phone is read with the record
format of ``game.actions`` and checked for shape here; the match then checks it is legal.

Every text is in the reader's language: the functions take the phone's ``Tongue`` (None: the
screen's language), and name every card in it (``game.cards.card_name``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
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
from game.cards import Card, card_name, color_name
from game.events import CardsDrawn, Challenged, DrawReason, redact
from game.i18n import ENGLISH, N_, Tongue, accept_language, active, pick
from game.rules import custom_effect_text, race_action_text
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
# Of a browser's Accept-Language, this many characters are read (a real one is under 200).
HEADER_READ = 1024
# The move log lines a phone shows.
LOG_LINES = 6
# The draws that settle a challenge: the challenger's lost one, or the bluffer's caught one.
LOST_CHALLENGE = (DrawReason.CHALLENGE_FAILED, DrawReason.BLUFF_CAUGHT)
UNREADABLE = N_("That message could not be read.")
NOT_A_MOVE = N_("That message is not a move.")
TOO_LONG = N_("That message was too long to be a move.")


class BadIntent(ValueError):
    """A phone's message that is not a move of its seat; the text is for the person, in English
    (a marked message: the hub tells it in the phone's language)."""


def _tongue(tongue: Tongue | None) -> Tongue:
    return active() if tongue is None else tongue


@cache  # every card of every hand, at every message; cards hash by identity, a deck is made once
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
    tongue: Tongue | None = None,
) -> dict[str, Any]:
    """Everything a seat's phone shows, from that seat's view and its own narrated lines, in
    ``tongue``.

    ``challenge``: a challenge this seat made or met, just now, redacted for it (the challenger
    is shown the challenged hand); the phone shows its result until the person dismisses it.
    """
    t = _tongue(tongue)
    seat = view.seat
    plays = {a.card.uid: a for a in view.legal if isinstance(a, Play | JumpIn)}
    hand = [
        {
            "id": card.uid,
            "name": card_name(card, t),
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
        "prompt": prompt(view, names, turn, t),
        "hand": hand,
        "buttons": buttons(view, names, t),
        "drawn": _card(view.drawn, t) if view.phase == "drawn" and view.drawn is not None else None,
        "challenge": None if challenge is None else challenge_result(challenge, names, seat, t),
        "table": {
            "top": None if top is None else {"name": card_name(top, t), "face": face_key(top)},
            "color": view.color.value if view.color is not None else None,
            "direction": view.direction,
            "draw_size": view.draw_size,
            "pending": view.pending,
            "round": view.round,
            "players": players,
            "house_rules": [_rule_text(number, rule, t) for number, rule in view.house_rules],
        },
        "log": list(log[-LOG_LINES:]),
        "over": over,
    }


def _card(card: Card, tongue: Tongue) -> dict[str, Any]:
    return {"id": card.uid, "name": card_name(card, tongue), "face": face_key(card)}


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
    """Something a phone did: joined, left, or sent ``text``. A joining phone brings the
    language its browser asked for (``phone_language``; "": none the game speaks)."""

    seat: int
    kind: Arrival
    text: str = ""
    language: str = ""


def phone_language(header: str) -> str:
    """The first language of a browser's Accept-Language header that the game speaks, or ""
    when it asks for none of them (the phone then speaks the table's language). Any header,
    however long or odd, gives an answer: it comes from a phone."""
    for name in accept_language(header[:HEADER_READ]):
        code = pick([name])
        # pick answers English for what it does not know: only an English it was asked for
        # counts as asked.
        if code != ENGLISH or name.replace("_", "-").split("-")[0].strip().lower() == ENGLISH:
            return code
    return ""


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


def challenge_result(
    seen: ChallengeSeen, names: Sequence[str], seat: int, tongue: Tongue | None = None
) -> dict[str, Any]:
    """What a challenge showed, told to ``seat`` in ``tongue``: a sentence, and the challenged
    hand when this seat was shown it."""
    event = seen.event
    t = _tongue(tongue)
    shown = None if event.hand is None or event.target == seat else event.hand
    return {
        "text": _challenge_text(event, names, seat, seen.drawn, t),
        "bluff": event.bluff,
        "whose": names[event.target],
        "hand": None if shown is None else [_card(c, t) for c in shown],
    }


def _challenge_text(
    event: Challenged, names: Sequence[str], seat: int, count: int, t: Tongue
) -> str:
    """One whole sentence for each person the challenger and the challenged may be."""
    challenger, target = names[event.player], names[event.target]
    if event.player == seat and event.bluff:
        text = t.ngettext(
            "You challenged {target}: it was a bluff, {target} draws {count} card.",
            "You challenged {target}: it was a bluff, {target} draws {count} cards.",
            count,
        )
    elif event.player == seat:
        text = t.ngettext(
            "You challenged {target}: {target}'s Wild Draw Four was legal, you draw {count} card.",
            "You challenged {target}: {target}'s Wild Draw Four was legal, you draw {count} cards.",
            count,
        )
    elif event.target == seat and event.bluff:
        text = t.ngettext(
            "{challenger} challenged you: it was a bluff, you draw {count} card.",
            "{challenger} challenged you: it was a bluff, you draw {count} cards.",
            count,
        )
    elif event.target == seat:
        text = t.ngettext(
            "{challenger} challenged you: your Wild Draw Four was legal, {challenger} draws "
            "{count} card.",
            "{challenger} challenged you: your Wild Draw Four was legal, {challenger} draws "
            "{count} cards.",
            count,
        )
    elif event.bluff:
        text = t.ngettext(
            "{challenger} challenged {target}: it was a bluff, {target} draws {count} card.",
            "{challenger} challenged {target}: it was a bluff, {target} draws {count} cards.",
            count,
        )
    else:
        text = t.ngettext(
            "{challenger} challenged {target}: {target}'s Wild Draw Four was legal, "
            "{challenger} draws {count} card.",
            "{challenger} challenged {target}: {target}'s Wild Draw Four was legal, "
            "{challenger} draws {count} cards.",
            count,
        )
    return text.format(challenger=challenger, target=target, count=count)


def prompt(view: SeatView, names: Sequence[str], turn: bool, tongue: Tongue | None = None) -> str:
    """One sentence: what this seat is asked to do now, or whose move the table waits on."""
    t = _tongue(tongue)
    phase = view.phase
    if phase in ("round-over", "match-over"):
        return t.gettext("The round is over.")
    if phase == "race":
        if view.seat in view.race_left:
            # TRANSLATORS: {action} is what the race asks, e.g. "Slap the table!".
            return t.gettext("Race! {action}").format(action=_race_text(view, t))
        return t.gettext("You are done: waiting for the others to finish the race.")
    if not turn:
        if any(isinstance(a, JumpIn) for a in view.legal):
            return t.gettext("Jump in! You hold the very same card: tap it before the next move.")
        return t.gettext("{name}'s turn.").format(name=names[view.actor])
    match phase:
        case "play" if view.must_play:
            return t.gettext("Your turn: play a card.")
        case "play" if any(isinstance(a, Play) for a in view.legal):
            return t.gettext("Your turn: play a marked card, or draw.")
        case "play":
            return t.gettext("Your turn: no card of yours plays, draw one.")
        case "drawn" if view.drawn is not None:
            # TRANSLATORS: {card} is a card's name, e.g. "Red 5".
            text = t.gettext("You drew {card}: play it, or keep it.")
            return text.format(card=card_name(view.drawn, t))
        case "drawn":
            return t.gettext("Play the card you drew, or keep it.")
        case "color":
            return t.gettext("Name a color.")
        case "penalty":
            return _penalty_text(view, t)
        case "skip":
            return t.gettext("Play a Skip to bounce it on, or be skipped.")
        case "swap":
            return t.gettext("Choose whose hand to swap with yours.")
        case "make-rule":
            return t.gettext("Make a House Rule: choose a number and what everyone must do.")
        case "setup":
            return t.gettext("Choose what the Wild Customizable cards do.")
    return t.gettext("Your move.")


def _penalty_text(view: SeatView, t: Tongue) -> str:
    """What answers the pending draw: only the answers this seat really has, in one sentence
    for each set of answers."""
    stack = any(isinstance(a, Play) for a in view.legal)
    challenge = any(isinstance(a, Challenge) for a in view.legal)
    risk = challenge_cost(view)
    if stack and challenge:
        # TRANSLATORS: {risk}: the cards a lost challenge costs; {count}: the cards to take.
        text = t.ngettext(
            "Stack a draw card, challenge the Wild Draw Four (risk {risk} card), or take {count}.",
            "Stack a draw card, challenge the Wild Draw Four (risk {risk} cards), or take {count}.",
            risk,
        )
    elif challenge:
        # TRANSLATORS: {risk}: the cards a lost challenge costs; {count}: the cards to take.
        text = t.ngettext(
            "Challenge the Wild Draw Four (risk {risk} card), or take {count}.",
            "Challenge the Wild Draw Four (risk {risk} cards), or take {count}.",
            risk,
        )
    elif stack:
        # TRANSLATORS: {count} is the number of cards the player draws if they do not stack.
        text = t.gettext("Stack a draw card, or take {count}.")
    else:
        # TRANSLATORS: {count} is the number of cards the player must draw.
        text = t.gettext("You must take {count}.")
    return text.format(risk=risk, count=view.pending)


def _race_text(view: SeatView, t: Tongue) -> str:
    rules = dict(view.house_rules)
    top = view.top
    rule = rules.get(int(top.rank)) if top is not None else None
    if rule is None:
        return t.gettext("Be quick!")
    # TRANSLATORS: {action} is a race's action, e.g. "Slap the table"; the button shouts it.
    return t.gettext("{action}!").format(action=race_action_text(rule, t))


def _rule_text(number: int, rule: Any, t: Tongue) -> str:
    # TRANSLATORS: a House Rule: {number} is a card's number, {action} what everyone must do
    # when it is played, e.g. "7s: Slap the table".
    return t.gettext("{number}s: {action}").format(number=number, action=race_action_text(rule, t))


def buttons(
    view: SeatView, names: Sequence[str], tongue: Tongue | None = None
) -> list[dict[str, Any]]:
    """A button for each legal action of the seat that is not a card of its hand."""
    t = _tongue(tongue)
    out: list[dict[str, Any]] = []
    for action in view.legal:
        spec = _button(action, view, names, t)
        if spec is not None:
            name, label, big = spec
            out.append({"action": name, "label": label, "send": action_to_dict(action), "big": big})
    return out


def _button(
    action: Action, view: SeatView, names: Sequence[str], t: Tongue
) -> tuple[str, str, bool] | None:
    match action:
        case Play(card=card) if view.phase == "drawn" and card == view.drawn:
            return "play-drawn", t.gettext("Play it"), False  # the prompt names the card
        case Play() | JumpIn() | NextRound():
            return None  # cards are tapped in the hand; the next round is the table's
        case Draw():
            return "draw", t.gettext("Draw a card"), False
        case Pass():
            return "keep", t.gettext("Keep it"), False
        case CallUno():
            return "uno", t.gettext("UNO!"), True
        case Catch(target=target):
            return "catch", t.gettext("Catch {name}!").format(name=names[target]), True
        case Challenge():
            risk = challenge_cost(view)
            text = t.ngettext("Challenge: risk {count} card", "Challenge: risk {count} cards", risk)
            return "challenge", text.format(count=risk), False
        case Accept() if view.phase == "skip":
            return "accept", t.gettext("Be skipped"), False
        case Accept():
            # TRANSLATORS: a button: draw the {count} cards of the pending penalty.
            return "accept", t.gettext("Take {count}").format(count=view.pending), False
        case ChooseColor(color=color):
            return f"color-{color.value}", color_name(color, t), False
        case ChooseSwap(target=target):
            # TRANSLATORS: a button; {count} is how many cards that player holds.
            text = t.gettext("Swap with {name} ({count})")
            count = view.hand_sizes[target]
            return f"swap-{target}", text.format(name=names[target], count=count), False
        case FinishRace():
            return "race", _race_text(view, t), True
        case MakeRule(number=number, rule=rule):
            return f"rule-{number}-{rule.value}", _rule_text(number, rule, t), False
        case ChooseCustomEffect(effect=effect):
            return f"effect-{effect.value}", custom_effect_text(effect, t), False
        case FinishCustomEffects():
            return "effects-done", t.gettext("Done"), False


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
        raise BadIntent(UNREADABLE) from None


def _read_intent(raw: str | bytes, seat: int, cards: Sequence[Card]) -> Action:
    data = _json_of(raw)
    if not isinstance(data, dict) or data.get("type") != "act" or set(data) != {"type", "action"}:
        raise BadIntent(NOT_A_MOVE)
    body = data["action"]
    if isinstance(body, dict) and not _is_seat(body.get("player"), seat):
        raise BadIntent(N_("You can only make your own moves."))
    try:
        action = action_from_dict(body, tuple(cards))
    except RecordError:
        raise BadIntent(N_("That move could not be read.")) from None
    if isinstance(action, NextRound):
        raise BadIntent(N_("The next round is dealt at the table."))
    return action


def _json_of(raw: str | bytes) -> Any:
    """The message's JSON, checked for size in bytes and for depth before it is parsed."""
    try:
        encoded = raw if isinstance(raw, bytes) else raw.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: not text a phone's page would send
        raise BadIntent(UNREADABLE) from None
    if len(encoded) > MAX_MESSAGE_BYTES:
        raise BadIntent(TOO_LONG)
    if nesting(encoded) > MAX_DEPTH:
        # json.loads recurses once per level: 4,000 "[" would raise RecursionError.
        raise BadIntent(NOT_A_MOVE)
    try:
        return json.loads(encoded, parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError):
        raise BadIntent(UNREADABLE) from None


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
