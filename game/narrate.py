"""Plain sentences for what just happened, from one seat's view of the events.

One batch of events (what a single action caused) becomes one line for the status bar and the
move log: "Ana plays Red Draw Two: Ben draws 2 cards, Ben is skipped". The events are redacted
for the viewing seat first, so the text never names a card the viewer may not see. The words are
whole sentences of the catalogs, in each person form (``game.narrate_words``), in the reader's
language.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import Card, card_name, color_in_sentence
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
    DeckRevealed,
    DeckSealed,
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
from game.fairness import short
from game.i18n import Tongue, active
from game.match import MatchSetup, SeatKind
from game.narrate_words import (
    AND,
    CALL_UNO,
    CARD_RETURNED,
    CATCH,
    CHALLENGE_BLUFF,
    CHALLENGE_LEGAL,
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    COVERED,
    CUSTOM_EFFECT,
    DISCARD,
    DRAW_CARD,
    DRAW_COUNT,
    FIRST_CARD,
    HAND_SHOWN,
    HAND_SHOWN_EMPTY,
    HOUSE_RULE,
    JUMP_IN,
    LINE,
    MATCH_WON,
    MATCH_WON_BY_SEVERAL,
    MATCH_WON_WITH_YOU,
    NAME_COLOR,
    PASS,
    PASS_LEFT,
    PASS_RIGHT,
    PLAY,
    RACE,
    RACE_LOST,
    RESHUFFLED,
    RETURNED_TO_DECK,
    REVEALED,
    REVEALED_WRONG,
    ROUND,
    ROUND_BLOCKED,
    ROUND_WON,
    SEALED,
    SHUFFLE_HANDS,
    SKIPPED,
    SWAP_HANDS,
    TAKE_OR_CHALLENGE,
    TAKE_OR_STACK,
    WENT_OUT,
    YOU_ALONE,
    Impersonal,
    Say,
    SayCount,
)
from game.record import replayed
from game.rules import (
    Rules,
    Stacking,
    custom_effect_text,
    listed,
    race_action_in_sentence,
    race_action_text,
)

# The name a seat keeps when the person at the screen did not type one: that seat is spoken to.
YOU = "You"
# Reasons to draw that the line says ("for the bluff"); the others say only the count.
_SAID_REASONS = frozenset(r for r in DRAW_COUNT if r is not None)


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
    typed for their seat.

    ``tongue`` is the reader's language (a phone's); None speaks the screen's language of the
    moment of each line (``game.i18n.active()``), so a change in Settings reaches the log at
    once. Every line is a whole sentence of the catalogs (``game.narrate_words``)."""

    def __init__(
        self,
        names: Sequence[str],
        viewer: int,
        viewer_is_person: bool,
        stacking: bool = False,
        *,
        tongue: Tongue | None = None,
    ) -> None:
        self.names = list(names)
        self.viewer = viewer
        # The seat addressed in the second person, if any.
        self.you = viewer if viewer_is_person and 0 <= viewer < len(self.names) else None
        # Without stacking a penalty waits only on a Wild Draw Four's challenge: never say "stack".
        self.stacking = stacking
        self.tongue = tongue

    def _t(self) -> Tongue:
        return self.tongue or active()

    def card(self, card: Card) -> str:
        """A card's name in the reader's language."""
        return card_name(card, self._t())

    def name(self, seat: int) -> str:
        """The seat's label on its own (a plate, a score row, a button): "You" for the reader."""
        return self._t().gettext(YOU_ALONE) if seat == self.you else self.names[seat]

    def line(self, events: Sequence[Event]) -> str:
        """One action's events as one line: its first clause, then what followed."""
        phrases: list[str] = []
        turned = False
        for event in events:
            if isinstance(event, FirstCardTurned) and turned:
                # Flipping again until a number card: say it is covered, not a second "first".
                phrases.append(self._t().gettext(COVERED).format(card=self.card(event.card)))
                continue
            turned = turned or isinstance(event, FirstCardTurned)
            phrase = self.phrase(redact(event, self.viewer), first=not phrases)
            if phrase:
                phrases.append(phrase)
        if not phrases:
            return ""
        head, *rest = phrases
        if not rest:
            return head
        t = self._t()
        return t.gettext(LINE).format(first=head, rest=listed(rest, t))

    def note(self, event: Event) -> str:
        """The move log's own line for a seal or a reveal of the fair deal ("" for any other
        event: those are clauses of their action's line)."""
        match event:
            case DeckSealed(commitment=value):
                return self._t().gettext(SEALED).format(code=short(value))
            case DeckRevealed(commitment=value, matches=matches):
                said = REVEALED if matches else REVEALED_WRONG
                return self._t().gettext(said).format(code=short(value))
        return ""

    def lines(self, events: Sequence[Event]) -> list[str]:
        """The move log's lines of one action: its line, then one for each seal or reveal."""
        told = [self.line(events), *(self.note(e) for e in events)]
        return [line for line in told if line]

    def parts(self, events: Sequence[Event]) -> list[tuple[list[Event], str]]:
        """One action's events cut for the table's presenter: the action's line goes with the
        events before the first seal or reveal; each seal or reveal starts a part with its own
        line, so the log tells it when it happens (a seal before the first card leaves)."""
        cut: list[tuple[list[Event], str]] = [([], self.line(events))]
        for event in events:
            note = self.note(event)
            if note:
                cut.append(([event], note))
            else:
                cut[-1][0].append(event)
        return [(part, line) for part, line in cut if part or line]

    # ------------------------------------------------------------------ sentences

    def _say(self, say: Say, seat: int, first: bool, target: int = -1, **fields: object) -> str:
        """``say`` in the form for ``seat`` (and ``target``), translated and filled."""
        if seat == self.you:
            message = say.you_first if first else say.you_later
        elif target == self.you and target >= 0 and say.to_you:
            message = say.to_you
        else:
            message = say.named
        target_name = self.names[target] if 0 <= target < len(self.names) else ""
        return (
            self._t().gettext(message).format(name=self.names[seat], target=target_name, **fields)
        )

    def _count(self, say: SayCount, seat: int, first: bool, count: int, **fields: object) -> str:
        if seat == self.you:
            singular, plural = say.you_first if first else say.you_later
        else:
            singular, plural = say.named
        text = self._t().ngettext(singular, plural, count)
        return text.format(name=self.names[seat], count=count, **fields)

    def _plain(self, say: Impersonal, first: bool, **fields: object) -> str:
        return self._t().gettext(say.first if first else say.later).format(**fields)

    def phrase(self, event: Event, first: bool = False) -> str:
        """One event's clause ("" for an event the line does not tell); ``first``: it starts
        the line (the reader is "You", not "you")."""
        match event:
            case RoundStarted(round=number, dealer=dealer):
                return self._say(ROUND, dealer, first, number=number)
            case CardsDealt() | DeckSealed() | DeckRevealed():
                return ""  # the seals and reveals have lines of their own (``note``)
            case FirstCardTurned(card=card):
                return self._plain(FIRST_CARD, first, card=self.card(card))
            case FirstCardReturned(card=card):
                return self._t().gettext(RETURNED_TO_DECK).format(card=self.card(card))
            case CardPlayed(player=player, card=card, jump_in=True):
                return self._say(JUMP_IN, player, first, card=self.card(card))
            case CardPlayed(player=player, card=card):
                return self._say(PLAY, player, first, card=self.card(card))
            case ColorChosen(player=player, color=color):
                return self._say(
                    NAME_COLOR, player, first, color=color_in_sentence(color, self._t())
                )
            case CardsDrawn(player=player, cards=cards, reason=reason):
                return self._drawn(player, cards, reason, first)
            case PileReshuffled():
                return self._plain(RESHUFFLED, first)
            case Passed(player=player):
                return self._say(PASS, player, first)
            case Skipped(player=player):
                return self._say(SKIPPED, player, first)
            case DirectionChanged(direction=direction):
                return self._plain(CLOCKWISE if direction > 0 else COUNTER_CLOCKWISE, first)
            case PenaltyPending(player=player, total=total):
                say = TAKE_OR_STACK if self.stacking else TAKE_OR_CHALLENGE
                return self._count(say, player, first, total)
            case UnoCalled(player=player):
                return self._say(CALL_UNO, player, first)
            case UnoCaught(player=player, target=target):
                return self._say(CATCH, player, first, target)
            case Challenged():
                return self._challenged(event, first)
            case _:
                return self._rule_phrase(event, first)

    def _challenged(self, event: Challenged, first: bool) -> str:
        say = CHALLENGE_BLUFF if event.bluff else CHALLENGE_LEGAL
        sentence = self._say(say, event.player, first, event.target)
        if event.hand is None:
            return sentence
        # Only the challenger's text holds the hand (the event is redacted), and the challenger
        # is never the one challenged: the hand is always another seat's, named.
        t = self._t()
        whose = self.names[event.target]
        if not event.hand:
            return t.gettext(HAND_SHOWN_EMPTY).format(sentence=sentence, name=whose)
        cards = listed([self.card(c) for c in event.hand], t)
        return t.gettext(HAND_SHOWN).format(sentence=sentence, name=whose, cards=cards)

    def _rule_phrase(self, event: _LaterEvent, first: bool) -> str:
        """The line of an event of the house rules and the round's end (``phrase``'s rest)."""
        t = self._t()
        match event:
            case CardReturned(player=player, card=card):
                if player == self.you:
                    return t.gettext(CARD_RETURNED.you_later).format(card=self.card(card))
                return t.gettext(CARD_RETURNED.named).format(
                    card=self.card(card), name=self.names[player]
                )
            case HandsShuffled(player=player):
                return self._say(SHUFFLE_HANDS, player, first)
            case HandsSwapped(player=player, target=target):
                return self._say(SWAP_HANDS, player, first, target)
            case HandsPassed(direction=direction):
                return self._plain(PASS_LEFT if direction > 0 else PASS_RIGHT, first)
            case CardsDiscarded(player=player, cards=cards):
                return self._count(DISCARD, player, first, len(cards))
            case CustomEffectChosen(effect=effect):
                return t.gettext(CUSTOM_EFFECT).format(effect=custom_effect_text(effect, t))
            case CustomEffectApplied():
                return ""
            case HouseRuleMade(player=player, number=number, rule=rule):
                text = race_action_in_sentence(rule, t)
                return self._say(HOUSE_RULE, player, first, number=number, rule=text)
            case RaceStarted(rule=rule):
                return t.gettext(RACE).format(rule=race_action_text(rule, t))
            case RaceFinished():
                return ""
            case RaceLost(player=player):
                return self._say(RACE_LOST, player, first)
            case WentOut(player=player):
                return self._say(WENT_OUT, player, first)
            case RoundEnded(winner=winner, points=points, blocked=blocked):
                say = ROUND_BLOCKED if blocked else ROUND_WON
                return self._count(say, winner, first, points, points=points)
            case MatchEnded(winners=winners):
                return self._match_won(winners, first)

    def _match_won(self, winners: Sequence[int], first: bool) -> str:
        t = self._t()
        others = [self.names[w] for w in winners if w != self.you]
        if len(winners) == 1:
            return self._say(MATCH_WON, winners[0], first)
        names = others[0]
        for name in others[1:]:
            names = t.gettext(AND).format(names=names, name=name)
        if len(others) < len(winners):  # the reader is one of the winners
            return self._plain(MATCH_WON_WITH_YOU, first, names=names)
        return t.gettext(MATCH_WON_BY_SEVERAL).format(names=names)

    def _drawn(self, player: int, cards: Sequence[object], reason: DrawReason, first: bool) -> str:
        said = reason if reason in _SAID_REASONS else None
        count = len(cards)
        if player == self.viewer and count == 1 and isinstance(cards[0], Card):
            return self._say(DRAW_CARD[said], player, first, card=self.card(cards[0]))
        return self._count(DRAW_COUNT[said], player, first, count)


def past_lines(game: Game, narrator: Narrator) -> list[str]:
    """The move log of a continued match: its record replayed, one line per action."""
    return [line for events in replayed(game) for line in narrator.lines(events)]


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
    # The default name, in English or in the screen's language (it is typed where it is set).
    you = len(screen) == 1 and seats[viewer].name in (YOU, active().gettext(YOU_ALONE))
    return Narrator(
        [s.name for s in seats], viewer, you, stacking=rules.stacking is not Stacking.OFF
    )
