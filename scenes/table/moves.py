"""From a person's input to an action: pure functions of the legal actions and the game.

Nothing here draws or keeps state: the table scene asks which action a key, a click or a race
step means for a seat, and submits it to the match. Everything a person may do is one of the
match's legal actions; a press that means none of them gets a sentence for a player instead
(``refusal``), never the engine's technical text.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from game.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    ChooseSwap,
    Draw,
    FinishRace,
    JumpIn,
    MakeRule,
    Pass,
    Play,
)
from game.ai import Level, make_agent
from game.ai.memory import Memory
from game.cards import Card, Rank, color_in_sentence
from game.engine import Game, Phase
from game.events import redact
from game.i18n import N_, _, ngettext, npgettext, pgettext
from game.match import Match
from game.rules import RACE_ACTION_TEXT, RaceAction, Stacking
from scenes.board.buttons import ButtonSpec
from scenes.store.keys import SECOND_KEYS

# The places a race may ask a person to tap, and the steps of every race action.
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


@dataclass
class RaceInput:
    """Progress of a person through a House Rules race action."""

    rule: RaceAction
    done: list[str] = field(default_factory=list)


def advance_race(done: list[str], rule: RaceAction, step: str) -> tuple[bool, bool]:
    """One step of a race action: (right step, race finished). A wrong step starts the action
    again; the last right one finishes it (``done`` is then empty, ready for the next race)."""
    wanted = RACE_STEPS[rule]
    if wanted[len(done)] != step:
        done.clear()
        return False, False
    done.append(step)
    if len(done) == len(wanted):
        done.clear()
        return True, True
    return True, False


def controller_step(done: Sequence[str], rule: RaceAction) -> str:
    """What a press of A means in a race on a controller, which cannot point: the tap the race
    asks for next, or a plain tap (a wrong step) when it asks for a key."""
    upcoming = RACE_STEPS[rule][len(done)]
    return upcoming if upcoming in TAPS else "tap"


def first_of(actions: Iterable[Action], seat: int, *kinds: type[Action]) -> Action | None:
    """The first of ``seat``'s actions of the first kind that has one (kinds in order)."""
    mine = [a for a in actions if a.player == seat]
    for kind in kinds:
        for action in mine:
            if isinstance(action, kind):
                return action
    return None


def card_move(actions: Iterable[Action], card: Card) -> Play | JumpIn | None:
    """Playing ``card`` (on a turn, or jumping in with it), if that is legal now."""
    for action in actions:
        if isinstance(action, Play | JumpIn) and action.card is card:
            return action
    return None


def draw_move(actions: Iterable[Action], seat: int) -> Action | None:
    """The draw key: draw a card, or the move that takes its place now (keep the card just
    drawn, take the penalty cards, accept the skip)."""
    return first_of(actions, seat, Draw, Pass, Accept)


def draw_refusal(game: Game, seat: int) -> str:
    return _("Wait for your turn to draw.") if game.actor != seat else _("You cannot draw now.")


# Marked here, translated where they are told (``_(UNO_REFUSAL)``), in the language of then.
UNO_REFUSAL = N_("Call UNO when you have two cards and play one, or just after.")
CATCH_REFUSAL = N_("Nobody can be caught right now.")


def unplugged(name: str) -> str:
    return _(
        "{name}'s controller was unplugged: plug it back in, or use the "
        "keyboard or another controller at the next hand-off."
    ).format(name=name)


def owner(device_seat: Mapping[int, int], device: int, match: Match) -> int | None:
    """The person whose own device ``device`` is: a controller given to them, or at a couch
    table of two, the second key set for whoever is not at the screen."""
    if device == SECOND_KEYS and match.couch.shared and len(match.people) == 2:
        return next(p for p in match.people if p != match.viewer)
    return device_seat.get(device)


def own_drawn(game: Game, seat: int) -> Card | None:
    """The card ``seat`` just drew and must play or keep, if that is the moment."""
    if game.phase is Phase.DRAWN and game.actor == seat:
        return game.drawn
    return None


def awaits_hand(game: Game, seat: int) -> bool:
    """The game waits on ``seat`` for a move with its hand (not a choice in a prompt)."""
    return game.actor == seat and game.phase in (
        Phase.PLAY,
        Phase.DRAWN,
        Phase.PENALTY,
        Phase.SKIP,
    )


def refusal(game: Game, seat: int, card: Card, name: Callable[[int], str]) -> str:
    """Why ``seat`` cannot play ``card`` now, as a sentence for a player (never the engine's
    technical text, which names seats by number and phases by their inner names)."""
    phase = game.phase
    if phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return _("This hand is over.")
    if phase is Phase.RACE:
        return _("Finish the House Rules race first.")
    if game.actor != seat:
        return _("It is {name}'s turn: wait for yours.").format(name=name(game.actor))
    drawn = game.drawn
    if phase is Phase.DRAWN and drawn is not None:
        # TRANSLATORS: {card} is a card's name ("Red 5", "Wild Draw Four").
        return _("You just drew {card}: play it, or keep it.").format(card=drawn.label)
    waiting = {
        Phase.COLOR: N_("Name a color first."),
        Phase.SWAP: N_("Pick the player to swap hands with first."),
        Phase.MAKE_RULE: N_("Make the House Rule first."),
        Phase.SETUP: N_("Choose what the Wild Customizable cards do first."),
        Phase.SKIP: N_("Only a Skip can bounce the skip on: play one, or be skipped."),
    }
    if phase in waiting:
        return _(waiting[phase])
    if phase is Phase.PENALTY:
        pending = game.pending
        if game.rules.stacking is Stacking.OFF:
            return ngettext(
                "Challenge the Wild Draw Four, or take {count}.",
                "Challenge the Wild Draw Four, or take {count}.",
                pending,
            ).format(count=pending)
        return ngettext(
            "Only a draw card can be stacked: stack one, or take {count}.",
            "Only a draw card can be stacked: stack one, or take {count}.",
            pending,
        ).format(count=pending)
    return play_refusal(game, seat, card)


def play_refusal(game: Game, seat: int, card: Card) -> str:
    """Why ``card`` cannot be played on ``seat``'s own turn, as a whole sentence for a player
    (the engine's ``play_refusal``: one wording of each reason, shared with the phones)."""
    return game.play_refusal(seat, card) or _("{card} cannot be played now.").format(
        card=card.label
    )


def prompt_line(
    game: Game, seat: int, mine: Sequence[Action], hand_shown: bool, draw_key: str
) -> str:
    """What the person at the screen is asked to do now, when it is their move (``mine``: the
    seat's legal actions); ``hand_shown`` False (a couch table between turns) keeps a jump-in
    from giving a face-down hand away. It offers only what the person can do: no "play a
    lifted card" with none lifted, no "stack" without a card to stack."""
    if game.actor != seat:
        if hand_shown and any(isinstance(a, JumpIn) for a in mine):
            return _("Jump in! You hold the very same card: click it before the next move")
        return ""
    plays = any(isinstance(a, Play) for a in mine)
    challenge = any(isinstance(a, Challenge) for a in mine)
    match game.phase:
        case Phase.PLAY if plays:
            # TRANSLATORS: {key}: the draw key's name as the keyboard gives it ("D"); keep it.
            return _("Your turn: play a lifted card, or draw ({key})").format(key=draw_key)
        case Phase.PLAY:
            # TRANSLATORS: {key}: the draw key's name as the keyboard gives it ("D"); keep it.
            return _("No card fits: draw ({key})").format(key=draw_key)
        case Phase.DRAWN:  # only a card that can be played is offered so
            return _("Play the card you drew, or keep it")
        case Phase.PENALTY:
            stacking = game.rules.stacking is not Stacking.OFF
            return penalty_line(game.pending, plays, challenge, stacking, draw_key)
        case Phase.SKIP if plays:
            return _("Play a Skip to bounce it on, or be skipped")
        case Phase.SKIP:
            # TRANSLATORS: {key}: the draw key's name as the keyboard gives it ("D"); keep it.
            return _("You are skipped: no Skip to bounce it on ({key})").format(key=draw_key)
    return ""


def penalty_line(pending: int, stack: bool, challenge: bool, stacking: bool, draw_key: str) -> str:
    """The prompt under a draw penalty, naming only the answers the person has (``stacking``:
    the rules let draw cards be stacked, whether or not this hand holds one)."""
    # TRANSLATORS: {count} is how many cards the penalty draws; {key}, the draw key's name.
    if stack and challenge:
        text = ngettext(
            "Stack a draw card, challenge, or take {count}",
            "Stack a draw card, challenge, or take {count}",
            pending,
        )
    elif stack:
        text = ngettext(
            "Stack a draw card, or take {count}", "Stack a draw card, or take {count}", pending
        )
    elif challenge:
        text = ngettext(
            "Challenge the Wild Draw Four, or take {count}",
            "Challenge the Wild Draw Four, or take {count}",
            pending,
        )
    elif stacking:
        # TRANSLATORS: {count}: the penalty cards to take; {key}: the draw key's name ("D").
        text = ngettext(
            "Take {count} ({key}): you hold no draw card that stacks on it",
            "Take {count} ({key}): you hold no draw card that stacks on it",
            pending,
        )
    else:
        # TRANSLATORS: {count}: the penalty cards to take; {key}: the draw key's name ("D").
        text = ngettext("Take {count} ({key})", "Take {count} ({key})", pending)
    return text.format(count=pending, key=draw_key)


def button_specs(
    game: Game, mine: Sequence[Action], name: Callable[[int], str]
) -> list[ButtonSpec]:
    """The buttons for the moves of the person at the screen (``mine``), one per caption."""
    specs: list[ButtonSpec] = []
    for action in mine:
        match action:
            case CallUno():
                specs.append(ButtonSpec(pgettext("button", "UNO!"), action, (200, 60, 40), "uno"))
            case Catch(target=target):
                # TRANSLATORS: a button: catch {name}, who did not call UNO.
                label = pgettext("button", "Catch {name}").format(name=name(target))
                specs.append(ButtonSpec(label, action, (170, 40, 90), "catch"))
            case Draw():
                specs.append(ButtonSpec(pgettext("button", "Draw"), action, (40, 90, 150), "draw"))
            case Pass():
                # TRANSLATORS: a button: keep the card just drawn.
                label = pgettext("button", "Keep it")
                specs.append(ButtonSpec(label, action, (60, 70, 90), "draw"))
            case Accept() if game.phase is Phase.SKIP:
                # TRANSLATORS: a button: accept being skipped.
                label = pgettext("button", "Skip me")
                specs.append(ButtonSpec(label, action, (60, 70, 90), "draw"))
            case Accept():
                pending = game.pending
                # TRANSLATORS: a button: take the {count} penalty cards.
                label = npgettext("button", "Take {count}", "Take {count}", pending)
                specs.append(ButtonSpec(label.format(count=pending), action, (150, 70, 40), "draw"))
    if mine and game.phase is Phase.PLAY and game.actor == mine[0].player:
        specs.append(ButtonSpec(pgettext("button", "Hint"), None, (70, 80, 60), "hint"))
    # Several catch targets at once are rare; keep the first of each label.
    unique: list[ButtonSpec] = []
    for spec in specs:
        if all(spec.label != u.label for u in unique):
            unique.append(spec)
    return unique


def advice(game: Game, seat: int, seed: float) -> Action | None:
    """What the Hard AI would do in ``seat``'s place, from that seat's view only."""
    memory = Memory(seat, game.players)
    for event in game.log:
        memory.observe(redact(event, seat))
    view = game.view(seat)
    memory.sync_hand(view.hand)
    return make_agent(Level.HARD).decide(view, memory, random.Random(seed))


def hint(
    game: Game, seat: int, seed: float, name: Callable[[int], str] = lambda s: f"seat {s + 1}"
) -> tuple[str, Card | None]:
    """Advice for ``seat`` (the Hard AI's choice, from that seat's view only), in words, and
    the card it plays."""
    suggested = advice(game, seat, seed)
    text = explain(suggested, game, seat, name)
    return text, suggested.card if isinstance(suggested, Play | JumpIn) else None


def explain(advice: Action | None, game: Game, seat: int, name: Callable[[int], str]) -> str:
    """A hint in words: the move to make and plain facts about it. Neutral advice to the
    player: it names no AI level (the player did not ask what an opponent would do) and keeps
    the AI's reasons (what it read of other hands) to itself."""
    if advice is None:
        return _("Hint: wait and let the others move.")
    hand = game.view(seat).hand
    match advice:
        case Play(card=card) if card.rank is Rank.WILD_DRAW_FOUR and not game.wd4_is_legal(seat):
            # The advice may be a bluff: said as one, before the table asks "bluff?".
            text = _(
                "Hint: play {card} as a bluff: you hold a card of the color in play, so a "
                "challenge would catch it; you name the color."
            )
            return text.format(card=card.label)
        case Play(card=card) | JumpIn(card=card):
            return _explain_play(card, hand, game.color)
        case Draw():
            return _("Hint: draw a card.")
        case Pass():
            return _("Hint: keep the card you drew.")
        case Accept() if game.phase is Phase.SKIP:
            return _("Hint: let yourself be skipped.")
        case Accept():
            pending = game.pending
            text = ngettext(
                "Hint: take the {count} card.", "Hint: take the {count} cards.", pending
            )
            return text.format(count=pending)
        case Challenge():
            return _("Hint: challenge the Wild Draw Four.")
        case CallUno():
            return _("Hint: call UNO now!")
        case Catch(target=target):
            return _("Hint: catch {name}: they did not call UNO.").format(name=name(target))
        case ChooseColor(color=chosen):
            held = sum(1 for c in hand if c.color is chosen)
            # TRANSLATORS: {color} is a color's word inside a sentence ("red").
            text = ngettext(
                "Hint: name {color}: you hold {count} of it.",
                "Hint: name {color}: you hold {count} of it.",
                held,
            )
            return text.format(color=color_in_sentence(chosen), count=held)
        case ChooseSwap(target=target):
            return _("Hint: swap hands with {name}.").format(name=name(target))
        case MakeRule(rule=rule):
            # TRANSLATORS: {rule} is a House Rule's action ("Tap the draw pile").
            return _('Hint: make the rule "{rule}".').format(rule=_(RACE_ACTION_TEXT[rule]))
        case FinishRace():
            return _("Hint: do what the race asks, quickly!")
    return _("Hint: no advice for this choice.")


def _explain_play(card: Card, hand: Sequence[Card], color: object) -> str:
    """Why playing ``card`` is good: the facts of the hand, never the AI's reading. Each case
    is one whole sentence (a language orders its parts its own way)."""
    if card.is_wild or card.color is None:
        text = _("Hint: play {card}: nothing else you hold fits as well, and you name the color.")
        return text.format(card=card.label)
    named = color_in_sentence(card.color)
    same = sum(1 for c in hand if c.color is card.color and c is not card)
    wilds = sum(1 for c in hand if c.is_wild and c is not card)
    # TRANSLATORS: {card} is a card's name, {color} a color's word inside a sentence ("red"),
    # {count} how many cards of that color are left in the hand.
    if card.color is color and same:
        if not wilds:
            text = ngettext(
                "Hint: play {card}: it follows the color and leaves you {count} more {color}.",
                "Hint: play {card}: it follows the color and leaves you {count} more {color}.",
                same,
            )
        elif wilds == 1:
            text = ngettext(
                "Hint: play {card}: it follows the color and leaves you {count} more {color}; "
                "your wild stays for later.",
                "Hint: play {card}: it follows the color and leaves you {count} more {color}; "
                "your wild stays for later.",
                same,
            )
        else:
            text = ngettext(
                "Hint: play {card}: it follows the color and leaves you {count} more {color}; "
                "your wilds stay for later.",
                "Hint: play {card}: it follows the color and leaves you {count} more {color}; "
                "your wilds stay for later.",
                same,
            )
    elif card.color is not color:
        text = (
            _(
                "Hint: play {card}: it matches the number or symbol and switches the color to "
                "{color}."
            )
            if not wilds
            else ngettext(
                "Hint: play {card}: it matches the number or symbol and switches the color to "
                "{color}; your wild stays for later.",
                "Hint: play {card}: it matches the number or symbol and switches the color to "
                "{color}; your wilds stay for later.",
                wilds,
            )
        )
    else:
        text = (
            _("Hint: play {card}.")
            if not wilds
            else ngettext(
                "Hint: play {card}; your wild stays for later.",
                "Hint: play {card}; your wilds stay for later.",
                wilds,
            )
        )
    return text.format(card=card.label, color=named, count=same)
