"""Plain sentences for what just happened, from one seat's view of the events.

One batch of events (what a single action caused) becomes one line for the status bar and the
move log: "Ana plays Red Draw Two: Ben draws 2, Ben is skipped". The events are redacted for
the viewing seat first, so the text never names a card the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Game
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
    redact,
)
from game.match import MatchSetup, SeatKind
from game.record import replayed
from game.rules import CUSTOM_EFFECT_TEXT, RACE_ACTION_TEXT, Rules, Stacking

YOU = "You"


# The events ``Narrator._rule_phrase`` tells: mypy checks that ``phrase`` hands it no other.
_LaterEvent = (
    CardReturned
    | HandsShuffled
    | HandsSwapped
    | HandsPassed
    | CardsDiscarded
    | CustomEffectChosen
    | CustomEffectApplied
    | HouseRuleMade
    | RaceStarted
    | RaceFinished
    | RaceLost
    | WentOut
    | RoundEnded
    | MatchEnded
)


class Narrator:
    """Names the seats for one reader. ``viewer`` is whose cards the text may name (redaction);
    when ``viewer_is_person`` that seat is the reader and is told "you": "You play Red 9",
    "Ana catches you", "You win the round and score 39". Everyone else is called by the name
    typed for their seat."""

    def __init__(
        self,
        names: Sequence[str],
        viewer: int,
        viewer_is_person: bool,
        stacking: bool = False,
    ) -> None:
        self.names = list(names)
        self.viewer = viewer
        # The seat addressed in the second person, if any.
        self.you = viewer if viewer_is_person and 0 <= viewer < len(self.names) else None
        # Without stacking a penalty waits only on a Wild Draw Four's challenge: never say "stack".
        self.stacking = stacking

    def name(self, seat: int) -> str:
        """The seat's label on its own (a plate, a score row, a button): "You" for the reader."""
        return YOU if seat == self.you else self.names[seat]

    def _who(self, seat: int) -> str:
        """The seat inside a sentence: "you" for the reader (the line's start is capitalized)."""
        return "you" if seat == self.you else self.names[seat]

    def verb(self, seat: int, third: str, base: str) -> str:
        """ "Ana plays" / "you play"."""
        return f"{self._who(seat)} {base if seat == self.you else third}"

    def be(self, seat: int, third: str = "is", second: str = "are") -> str:
        """ "Ana is" / "you are" (``third``/``second`` for other tenses: was/were)."""
        return self.verb(seat, third, second)

    def line(self, events: Sequence[Event]) -> str:
        phrases = []
        turned = False
        for event in events:
            if isinstance(event, FirstCardTurned) and turned:
                # Flipping again until a number card: say it is covered, not a second "first".
                phrases.append(f"covered by {event.card.label}")
                continue
            turned = turned or isinstance(event, FirstCardTurned)
            phrase = self.phrase(redact(event, self.viewer))
            if phrase:
                phrases.append(phrase)
        if not phrases:
            return ""
        head, *rest = phrases
        return _capital(f"{head}: {', '.join(rest)}" if rest else head)

    def phrase(self, event: Event) -> str:
        match event:
            case RoundStarted(round=number, dealer=dealer):
                return f"Round {number}: {self.verb(dealer, 'deals', 'deal')}"
            case CardsDealt():
                return ""
            case FirstCardTurned(card=card):
                return f"the first card is {card.label}"
            case FirstCardReturned(card=card):
                return f"{card.label} goes back into the deck"
            case CardPlayed(player=player, card=card, jump_in=True):
                return f"{self.verb(player, 'jumps', 'jump')} in with {card.label}"
            case CardPlayed(player=player, card=card):
                return f"{self.verb(player, 'plays', 'play')} {card.label}"
            case ColorChosen(player=player, color=color):
                return f"{self.verb(player, 'names', 'name')} {color.value}"
            case CardsDrawn(player=player, cards=cards, reason=reason):
                return self._drawn(player, cards, reason)
            case PileReshuffled():
                return "the discards are shuffled into a new draw pile"
            case Passed(player=player):
                return f"{self.verb(player, 'passes', 'pass')}"
            case Skipped(player=player):
                return f"{self.be(player)} skipped"
            case DirectionChanged(direction=direction):
                return "play goes " + ("clockwise" if direction > 0 else "counter-clockwise")
            case PenaltyPending(player=player, total=total):
                answer = "stack" if self.stacking else "challenge"
                return f"{self.verb(player, 'must', 'must')} take {total} or {answer}"
            case UnoCalled(player=player):
                return f"{self.verb(player, 'calls', 'call')} UNO!"
            case UnoCaught(player=player, target=target):
                return f"{self.verb(player, 'catches', 'catch')} {self._who(target)} without UNO"
            case Challenged(player=player, target=target, bluff=bluff, hand=hand):
                result = "it was a bluff" if bluff else "the Wild Draw Four was legal"
                if hand is not None:
                    # Only the challenger's text holds the hand (the event is redacted).
                    whose = "your" if target == self.you else f"{self.names[target]}'s"
                    shown = ", ".join(c.label for c in hand) or "no cards"
                    result += f" ({whose} hand: {shown})"
                return (
                    f"{self.verb(player, 'challenges', 'challenge')} {self._who(target)}: {result}"
                )
            case _:
                return self._rule_phrase(event)

    def _rule_phrase(self, event: _LaterEvent) -> str:
        """The line of an event of the house rules and the round's end (``phrase``'s rest)."""
        match event:
            case CardReturned(player=player, card=card):
                return f"{card.label} goes back to {self._who(player)}"
            case HandsShuffled(player=player):
                return f"{self.verb(player, 'shuffles', 'shuffle')} every hand and deals them out"
            case HandsSwapped(player=player, target=target):
                return f"{self.verb(player, 'swaps', 'swap')} hands with {self._who(target)}"
            case HandsPassed(direction=direction):
                side = "left" if direction > 0 else "right"
                return f"every hand passes to the {side}"
            case CardsDiscarded(player=player, cards=cards):
                count = len(cards)
                return f"{self.verb(player, 'discards', 'discard')} {count} card" + (
                    "s" if count != 1 else ""
                )
            case CustomEffectChosen(effect=effect):
                return f"Wild Customizable: {CUSTOM_EFFECT_TEXT[effect]}"
            case CustomEffectApplied():
                return ""
            case HouseRuleMade(player=player, number=number, rule=rule):
                text = RACE_ACTION_TEXT[rule]
                text = text[0].lower() + text[1:]  # "press UNO", not "press uno"
                return f"{self.verb(player, 'makes', 'make')} a House Rule for {number}s: {text}"
            case RaceStarted(rule=rule):
                return f"Race! {RACE_ACTION_TEXT[rule]}"
            case RaceFinished():
                return ""
            case RaceLost(player=player):
                return f"{self.be(player, 'was', 'were')} last"
            case WentOut(player=player):
                return f"{self.verb(player, 'goes', 'go')} out"
            case RoundEnded(winner=winner, points=points, blocked=blocked):
                how = " (nobody could play: lowest hand)" if blocked else ""
                scores = "score" if winner == self.you else "scores"
                return f"{self.verb(winner, 'wins', 'win')} the round{how} and {scores} {points}"
            case MatchEnded(winners=winners):
                names = " and ".join(self._who(w) for w in winners)
                plural = len(winners) > 1 or winners[0] == self.you
                return f"{names} {'win' if plural else 'wins'} the match!"

    def _drawn(self, player: int, cards: Sequence[object], reason: DrawReason) -> str:
        count = len(cards)
        what = "a card" if count == 1 else f"{count} cards"
        if player == self.viewer and count == 1 and cards[0] is not None:
            label = getattr(cards[0], "label", "")
            if label:
                what = label
        why = {
            DrawReason.UNO_CAUGHT: " for not calling UNO",
            DrawReason.CHALLENGE_FAILED: " for a failed challenge",
            DrawReason.BLUFF_CAUGHT: " for the bluff",
            DrawReason.RACE_LOST: " for losing the race",
        }.get(reason, "")
        return f"{self.verb(player, 'draws', 'draw')} {what}{why}"


def past_lines(game: Game, narrator: Narrator) -> list[str]:
    """The move log of a continued match: its record replayed, one line per action."""
    lines = (narrator.line(events) for events in replayed(game))
    return [line for line in lines if line]


def table_narrator(setup: MatchSetup, rules: Rules) -> Narrator:
    """The narrator of a table's screen.

    Every seat is called by the name typed for it: "you" is only what a seat's own device
    says to its holder, so the screen says "you" only to a lone person at the screen whose
    seat kept the name "You". The log names a private card only when one person sits at the
    screen (or the hands are open); at a couch table everyone reads it, and a phone's cards
    are never named on the screen."""
    seats = setup.seats
    screen = [i for i, s in enumerate(seats) if s.kind is SeatKind.PERSON]
    phones = any(s.kind is SeatKind.PHONE for s in seats)
    if len(screen) == 1 or (screen and setup.open_hands):
        viewer = screen[0]
    else:
        viewer = -1 if screen or phones else 0
    you = len(screen) == 1 and seats[viewer].name == YOU
    return Narrator(
        [s.name for s in seats], viewer, you, stacking=rules.stacking is not Stacking.OFF
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
