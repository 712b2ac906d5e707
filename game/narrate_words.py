"""The narrator's sentences: every line it can say, whole, in each person form, for the catalogs.

A sentence whose subject is a seat is written three times: with the seat's name ("{name} plays
{card}"), to the reader at the start of a line ("You play {card}") and to the reader after the
line's first clause ("you play {card}"), because no case is changed in code (docs/LANGUAGES.md):
each language writes its own capitals. A sentence with a second seat in it also has the form in
which that seat is the reader ("{name} catches you without UNO"). The texts are English, marked
for the extractor; ``game.narrate`` translates the one it says, in its reader's language.

Placeholders: {name} the seat that acts, {target} the other seat, {card} a card's name, {color}
a colour in a sentence, {count} a number of cards, {points} a number of points, {number} a round
or a card's number, {rule} a House Rule's action, {effect} a Wild Customizable's effect.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.events import DrawReason
from game.i18n import N_


@dataclass(frozen=True, slots=True)
class Say:
    """One sentence in its person forms (``to_you``: the other seat is the reader)."""

    named: str
    you_first: str
    you_later: str
    to_you: str = ""


@dataclass(frozen=True, slots=True)
class SayCount:
    """One sentence with a count, each form a (singular, plural) pair for ``ngettext``."""

    named: tuple[str, str]
    you_first: tuple[str, str]
    you_later: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Impersonal:
    """A sentence without a seat for subject, at the start of a line and after it."""

    first: str
    later: str


class _Plural:
    """Marks a (singular, plural) pair for the extractor, which finds it by the name
    ``ngettext``; the pair is translated where it is said, with the count of that moment."""

    @staticmethod
    def ngettext(singular: str, plural: str) -> tuple[str, str]:
        return singular, plural


P = _Plural()

# TRANSLATORS: a move log line: the first clause, then what followed ("Ana plays Red Draw Two:
# Ben draws 2 cards, Ben is skipped"). {rest} is a list of clauses.
LINE = N_("{first}: {rest}")
# TRANSLATORS: joins the next winner's name onto the winners' names ("Ana and Ben").
AND = N_("{names} and {name}")
# TRANSLATORS: the reader's own seat, called on its own (a seat plate, a score row).
YOU_ALONE = N_("You")

ROUND = Say(
    # TRANSLATORS: the first clause of a new round: {number} is the round, {name} the dealer.
    N_("Round {number}: {name} deals"),
    N_("Round {number}: you deal"),
    N_("Round {number}: you deal"),
)
FIRST_CARD = Impersonal(N_("The first card is {card}"), N_("the first card is {card}"))
# TRANSLATORS: the first card turned up was an action card, and the next card turned covers it.
COVERED = N_("covered by {card}")
# TRANSLATORS: the first card turned up was a Wild Draw Four: it goes back into the draw pile.
RETURNED_TO_DECK = N_("{card} goes back into the deck")
JUMP_IN = Say(
    # TRANSLATORS: jump-in house rule: a player plays an identical card out of turn.
    N_("{name} jumps in with {card}"),
    N_("You jump in with {card}"),
    N_("you jump in with {card}"),
)
PLAY = Say(N_("{name} plays {card}"), N_("You play {card}"), N_("you play {card}"))
NAME_COLOR = Say(
    # TRANSLATORS: after a wild card, the player names the colour to play ({color}: "red").
    N_("{name} names {color}"),
    N_("You name {color}"),
    N_("you name {color}"),
)
RESHUFFLED = Impersonal(
    N_("The discards are shuffled into a new draw pile"),
    N_("the discards are shuffled into a new draw pile"),
)
# TRANSLATORS: a move log line of its own (docs/FAIRNESS.md): the order of the draw pile was
# fixed before its first card was dealt or drawn; {code} is the start of its fingerprint
# (SHA-256), groups of four hex characters such as "3f9a 12c0 5fd2".
SEALED = N_("Deck sealed: {code}")
# TRANSLATORS: a move log line at the end of a round (docs/FAIRNESS.md): the deck sealed with
# the fingerprint {code} is shown, and it hashes to that fingerprint.
REVEALED = N_("Deck revealed: it matches its seal {code}")
# TRANSLATORS: as "Deck revealed: it matches its seal {code}", but the check failed: the deck
# shown does not hash to its fingerprint, or the cards did not come off it in order.
REVEALED_WRONG = N_("Deck revealed: it does not match its seal {code}!")
PASS = Say(N_("{name} passes"), N_("You pass"), N_("you pass"))
SKIPPED = Say(N_("{name} is skipped"), N_("You are skipped"), N_("you are skipped"))
CLOCKWISE = Impersonal(N_("Play goes clockwise"), N_("play goes clockwise"))
COUNTER_CLOCKWISE = Impersonal(N_("Play goes counter-clockwise"), N_("play goes counter-clockwise"))
TAKE_OR_STACK = SayCount(
    # TRANSLATORS: a draw penalty waits: the player takes {count} cards or stacks a draw card.
    P.ngettext("{name} must take {count} or stack", "{name} must take {count} or stack"),
    P.ngettext("You must take {count} or stack", "You must take {count} or stack"),
    P.ngettext("you must take {count} or stack", "you must take {count} or stack"),
)
TAKE_OR_CHALLENGE = SayCount(
    # TRANSLATORS: after a Wild Draw Four: take {count} cards or challenge it.
    P.ngettext("{name} must take {count} or challenge", "{name} must take {count} or challenge"),
    P.ngettext("You must take {count} or challenge", "You must take {count} or challenge"),
    P.ngettext("you must take {count} or challenge", "you must take {count} or challenge"),
)
CALL_UNO = Say(N_("{name} calls UNO!"), N_("You call UNO!"), N_("you call UNO!"))
CATCH = Say(
    # TRANSLATORS: {name} caught {target} holding one card without having called UNO.
    N_("{name} catches {target} without UNO"),
    N_("You catch {target} without UNO"),
    N_("you catch {target} without UNO"),
    N_("{name} catches you without UNO"),
)
CHALLENGE_BLUFF = Say(
    # TRANSLATORS: {name} challenged the Wild Draw Four of {target}, and it was played illegally.
    N_("{name} challenges {target}: it was a bluff"),
    N_("You challenge {target}: it was a bluff"),
    N_("you challenge {target}: it was a bluff"),
    N_("{name} challenges you: it was a bluff"),
)
CHALLENGE_LEGAL = Say(
    # TRANSLATORS: {name} challenged the Wild Draw Four of {target}, but it was played legally.
    N_("{name} challenges {target}: the Wild Draw Four was legal"),
    N_("You challenge {target}: the Wild Draw Four was legal"),
    N_("you challenge {target}: the Wild Draw Four was legal"),
    N_("{name} challenges you: the Wild Draw Four was legal"),
)
# TRANSLATORS: the challenger sees the challenged hand: {sentence} is the challenge's result,
# {name} whose hand it is, {cards} the list of its cards.
HAND_SHOWN = N_("{sentence} ({name}'s hand: {cards})")
HAND_SHOWN_EMPTY = N_("{sentence} ({name}'s hand: no cards)")
CARD_RETURNED = Say(
    # TRANSLATORS: a caught bluff's Wild Draw Four goes back to the hand of {name}.
    N_("{card} goes back to {name}"),
    N_("{card} goes back to you"),
    N_("{card} goes back to you"),
)
SHUFFLE_HANDS = Say(
    # TRANSLATORS: Wild Shuffle Hands: every hand is gathered, shuffled and dealt out again.
    N_("{name} shuffles every hand and deals them out"),
    N_("You shuffle every hand and deal them out"),
    N_("you shuffle every hand and deal them out"),
)
SWAP_HANDS = Say(
    N_("{name} swaps hands with {target}"),
    N_("You swap hands with {target}"),
    N_("you swap hands with {target}"),
    N_("{name} swaps hands with you"),
)
PASS_LEFT = Impersonal(N_("Every hand passes to the left"), N_("every hand passes to the left"))
PASS_RIGHT = Impersonal(N_("Every hand passes to the right"), N_("every hand passes to the right"))
DISCARD = SayCount(
    # TRANSLATORS: a Wild Customizable made {name} discard every card of the named colour.
    P.ngettext("{name} discards {count} card", "{name} discards {count} cards"),
    P.ngettext("You discard {count} card", "You discard {count} cards"),
    P.ngettext("you discard {count} card", "you discard {count} cards"),
)
# TRANSLATORS: {effect} is what the Wild Customizable cards do in this match.
CUSTOM_EFFECT = N_("Wild Customizable: {effect}")
HOUSE_RULE = Say(
    # TRANSLATORS: House Rules! deck: a rule for every card numbered {number} ("for 3s"):
    # whoever is last to do {rule} ("press UNO") draws.
    N_("{name} makes a House Rule for {number}s: {rule}"),
    N_("You make a House Rule for {number}s: {rule}"),
    N_("you make a House Rule for {number}s: {rule}"),
)
# TRANSLATORS: a House Rule's race starts: {rule} is the order ("Press UNO").
RACE = N_("Race! {rule}")
RACE_LOST = Say(
    # TRANSLATORS: the House Rule's race: {name} was the last to do it.
    N_("{name} was last"),
    N_("You were last"),
    N_("you were last"),
)
WENT_OUT = Say(
    # TRANSLATORS: {name} played their last card (play until all but one are out).
    N_("{name} goes out"),
    N_("You go out"),
    N_("you go out"),
)
ROUND_WON = SayCount(
    # TRANSLATORS: {points} is the number of points scored for the hand.
    P.ngettext(
        "{name} wins the round and scores {points}", "{name} wins the round and scores {points}"
    ),
    P.ngettext("You win the round and score {points}", "You win the round and score {points}"),
    P.ngettext("you win the round and score {points}", "you win the round and score {points}"),
)
ROUND_BLOCKED = SayCount(
    # TRANSLATORS: nobody could play or draw: the lowest hand wins the round.
    P.ngettext(
        "{name} wins the round (nobody could play: lowest hand) and scores {points}",
        "{name} wins the round (nobody could play: lowest hand) and scores {points}",
    ),
    P.ngettext(
        "You win the round (nobody could play: lowest hand) and score {points}",
        "You win the round (nobody could play: lowest hand) and score {points}",
    ),
    P.ngettext(
        "you win the round (nobody could play: lowest hand) and score {points}",
        "you win the round (nobody could play: lowest hand) and score {points}",
    ),
)
MATCH_WON = Say(N_("{name} wins the match!"), N_("You win the match!"), N_("you win the match!"))
# TRANSLATORS: several winners (a team, a tie): {names} is their names joined by "and".
MATCH_WON_BY_SEVERAL = N_("{names} win the match!")
MATCH_WON_WITH_YOU = Impersonal(
    # TRANSLATORS: the reader and others ({names}) win the match together.
    N_("You and {names} win the match!"),
    N_("you and {names} win the match!"),
)

# Drawing: a count of cards ("Ana draws 2 cards"), or the card itself when the reader drew it
# ("You draw Blue 5"), for each reason that has words of its own; other reasons say none.
DRAW_COUNT: dict[DrawReason | None, SayCount] = {
    None: SayCount(
        P.ngettext("{name} draws a card", "{name} draws {count} cards"),
        P.ngettext("You draw a card", "You draw {count} cards"),
        P.ngettext("you draw a card", "you draw {count} cards"),
    ),
    DrawReason.UNO_CAUGHT: SayCount(
        P.ngettext(
            "{name} draws a card for not calling UNO",
            "{name} draws {count} cards for not calling UNO",
        ),
        P.ngettext(
            "You draw a card for not calling UNO", "You draw {count} cards for not calling UNO"
        ),
        P.ngettext(
            "you draw a card for not calling UNO", "you draw {count} cards for not calling UNO"
        ),
    ),
    DrawReason.CHALLENGE_FAILED: SayCount(
        P.ngettext(
            "{name} draws a card for a failed challenge",
            "{name} draws {count} cards for a failed challenge",
        ),
        P.ngettext(
            "You draw a card for a failed challenge",
            "You draw {count} cards for a failed challenge",
        ),
        P.ngettext(
            "you draw a card for a failed challenge",
            "you draw {count} cards for a failed challenge",
        ),
    ),
    DrawReason.BLUFF_CAUGHT: SayCount(
        P.ngettext("{name} draws a card for the bluff", "{name} draws {count} cards for the bluff"),
        P.ngettext("You draw a card for the bluff", "You draw {count} cards for the bluff"),
        P.ngettext("you draw a card for the bluff", "you draw {count} cards for the bluff"),
    ),
    DrawReason.RACE_LOST: SayCount(
        P.ngettext(
            "{name} draws a card for losing the race",
            "{name} draws {count} cards for losing the race",
        ),
        P.ngettext(
            "You draw a card for losing the race", "You draw {count} cards for losing the race"
        ),
        P.ngettext(
            "you draw a card for losing the race", "you draw {count} cards for losing the race"
        ),
    ),
}
DRAW_CARD: dict[DrawReason | None, Say] = {
    None: Say(N_("{name} draws {card}"), N_("You draw {card}"), N_("you draw {card}")),
    DrawReason.UNO_CAUGHT: Say(
        N_("{name} draws {card} for not calling UNO"),
        N_("You draw {card} for not calling UNO"),
        N_("you draw {card} for not calling UNO"),
    ),
    DrawReason.CHALLENGE_FAILED: Say(
        N_("{name} draws {card} for a failed challenge"),
        N_("You draw {card} for a failed challenge"),
        N_("you draw {card} for a failed challenge"),
    ),
    DrawReason.BLUFF_CAUGHT: Say(
        N_("{name} draws {card} for the bluff"),
        N_("You draw {card} for the bluff"),
        N_("you draw {card} for the bluff"),
    ),
    DrawReason.RACE_LOST: Say(
        N_("{name} draws {card} for losing the race"),
        N_("You draw {card} for losing the race"),
        N_("you draw {card} for losing the race"),
    ),
}
