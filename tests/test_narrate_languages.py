"""The game's own words through the catalogs (issue 40): the narrator's every kind of event, every
card's name, the rules' texts and the refusals, in the pseudo-locale; a reader's own language
(a phone's Tongue) beside the screen's; and the English kept as it was."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache

import pytest

from game import i18n
from game.actions import Play
from game.ai import Level
from game.cards import COLORS, Card, Color, DeckKind, Rank, card_name, color_name, deck
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
)
from game.match import Match, MatchEvent, MatchFinished, Refusal, Refused, Seat
from game.narrate import Narrator
from game.rules import (
    PRESETS,
    SWITCHES,
    CustomEffect,
    Preset,
    RaceAction,
    Rules,
    Stacking,
    TargetMode,
    choice_text,
    custom_effect_text,
    custom_effect_title,
    preset_text,
    preset_title,
    race_action_in_sentence,
    race_action_text,
    switch_text,
    switch_title,
)
from tests.helpers import new_game

NAMES = ["Ana", "Ben", "Chloe", "Dev"]
RED_SKIP = Card(900, Color.RED, Rank.SKIP)
BLUE_FIVE = Card(901, Color.BLUE, Rank.FIVE)
WILD_FOUR = Card(902, None, Rank.WILD_DRAW_FOUR)
# Every kind of event, with each variant that has words of its own.
EVERY_EVENT: tuple[Event, ...] = (
    RoundStarted(3, 1),
    CardsDealt(1, ()),
    FirstCardTurned(RED_SKIP),
    FirstCardReturned(WILD_FOUR),
    CardPlayed(0, RED_SKIP),
    CardPlayed(1, RED_SKIP, jump_in=True),
    ColorChosen(1, Color.GREEN),
    *(
        CardsDrawn(p, cards, r)
        for p in (0, 1)
        for cards in ((BLUE_FIVE,), (None, None))
        for r in DrawReason
    ),
    PileReshuffled(20),
    Passed(1),
    Skipped(0),
    DirectionChanged(1),
    DirectionChanged(-1),
    PenaltyPending(0, 4),
    UnoCalled(1),
    UnoCaught(0, 1),
    UnoCaught(1, 0),
    UnoCaught(1, 2),
    *(
        Challenged(p, t, bluff, hand)
        for p, t in ((0, 1), (1, 0), (1, 2))
        for bluff in (True, False)
        for hand in (None, (BLUE_FIVE, RED_SKIP), ())
    ),
    CardReturned(0, WILD_FOUR),
    CardReturned(1, WILD_FOUR),
    HandsShuffled(1, ()),
    HandsSwapped(0, 1, (), ()),
    HandsSwapped(1, 0, (), ()),
    HandsSwapped(1, 2, (), ()),
    HandsPassed(1, (), ()),
    HandsPassed(-1, (), ()),
    CardsDiscarded(0, (BLUE_FIVE,)),
    CardsDiscarded(1, (BLUE_FIVE, BLUE_FIVE)),
    *(CustomEffectChosen(0, effect) for effect in CustomEffect),
    CustomEffectApplied(0, CustomEffect.REVERSE),
    *(HouseRuleMade(p, 3, rule, None) for p in (0, 1) for rule in RaceAction),
    *(RaceStarted(3, rule) for rule in RaceAction),
    RaceFinished(1),
    RaceLost(0),
    RaceLost(1),
    WentOut(0, 1),
    WentOut(1, 2),
    *(RoundEnded(w, 39, (), (), blocked) for w in (0, 1) for blocked in (False, True)),
    *(MatchEnded(w, ()) for w in ((0,), (1,), (0, 2), (1, 3), (1, 2, 3))),
)
SILENT = (CardsDealt, CustomEffectApplied, RaceFinished)


@pytest.fixture
def pseudo() -> Iterator[None]:
    i18n.use(i18n.PSEUDO)
    try:
        yield
    finally:
        i18n.use(i18n.ENGLISH)


def unmarked(text: str) -> str:
    """What is left of ``text`` once every pseudo-locale span (they nest: a list inside a
    sentence) is taken out: only what no catalog said."""
    inner = re.compile(
        f"{i18n.PSEUDO_OPEN}[^{i18n.PSEUDO_OPEN}{i18n.PSEUDO_CLOSE}]*{i18n.PSEUDO_CLOSE}"
    )
    while True:
        shorter = inner.sub("", text)
        if shorter == text:
            return text
        text = shorter


def assert_all_translated(text: str, names: Sequence[str] = ()) -> None:
    """``text`` came from the catalogs: marked, no placeholder left, and no English word
    outside the marks (a seat's name and numbers may stand there: the program fills them)."""
    assert i18n.PSEUDO_OPEN in text, text
    assert "{" not in text and "}" not in text, text
    rest = unmarked(text)
    for name in names:
        rest = rest.replace(name, "")
    assert not re.search("[A-Za-z]", rest), (text, rest)


def narrators(tongue: i18n.Tongue | None = None) -> list[Narrator]:
    """The reader spoken to, a named viewer, the couch screen, and stacking on."""
    return [
        Narrator(NAMES, 0, True, tongue=tongue),
        Narrator(NAMES, 0, False, tongue=tongue),
        Narrator(NAMES, -1, False, tongue=tongue),
        Narrator(NAMES, 0, True, stacking=True, tongue=tongue),
    ]


@pytest.mark.usefixtures("pseudo")
def test_every_kind_of_event_is_told_in_the_language_in_every_place_of_a_line() -> None:
    for narrator in narrators():
        for event in EVERY_EVENT:
            for first in (True, False):
                phrase = narrator.phrase(event, first=first)
                if isinstance(event, SILENT):
                    assert phrase == ""
                    continue
                assert_all_translated(phrase)
            # After another clause, and as the line's only clause.
            assert_all_translated(narrator.line([CardPlayed(2, BLUE_FIVE), event]))
            if not isinstance(event, SILENT):
                assert_all_translated(narrator.line([event]))


@cache
def play_match(rules: Rules, players: int, seed: int) -> tuple[Sequence[MatchEvent], ...]:
    """The batches of a seeded AI-only match, to its end (bounded). Played once: the same seed
    plays the same match, and each language's narration of it (eight in test_catalogs) and
    the pseudo-locale's read the same events (frozen, never changed)."""
    batches: list[Sequence[MatchEvent]] = []

    class Collect:
        def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
            batches.append(list(events))

    seats = [Seat.ai(NAMES[i % 4] + str(i), Level.EASY) for i in range(players)]
    match = Match(rules, seats, seed, listeners=[Collect()], max_rounds=3)
    for _round in range(3):
        match.fast_forward(limit=3000)
        if match.finished or not match.is_round_over:
            break
        match.next_round()
    assert batches
    return tuple(tuple(batch) for batch in batches)


SEEDED = [
    (PRESETS[Preset.CLASSIC], 4),
    (PRESETS[Preset.UNO2023].with_changes(custom_effects=tuple(CustomEffect)), 4),
    (PRESETS[Preset.HOUSE_RULES], 3),
    (Rules(stacking=Stacking.CROSS, jump_in=True, seven_zero=True, teams=True), 4),
    (Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND, skip_bounce=True), 5),
]


@pytest.mark.usefixtures("pseudo")
@pytest.mark.parametrize(("rules", "players"), SEEDED)
def test_a_seeded_match_is_narrated_in_the_pseudo_locale(rules: Rules, players: int) -> None:
    names = [NAMES[i % 4] + str(i) for i in range(players)]
    readers = [Narrator(names, 0, True), Narrator(names, 1, False), Narrator(names, -1, False)]
    told = 0
    for batch in play_match(rules, players, 7):
        events = [e for e in batch if not isinstance(e, MatchFinished)]
        for reader in readers:
            line = reader.line(events)
            if line:
                told += 1
                assert_all_translated(line, names)
    assert told > 20


@pytest.mark.usefixtures("pseudo")
def test_the_seeded_matches_reach_most_kinds_of_event() -> None:
    """The matches above meet 22 kinds the narrator words (measured); the rarer ones
    (a challenge, a card returned, a Wild Customizable's choice, a first Wild Draw Four) are
    told by the test of every kind."""
    narrator = Narrator(NAMES * 2, 0, True)
    worded = {
        type(e)
        for rules, players in SEEDED
        for batch in play_match(rules, players, 7)
        for e in batch
        if not isinstance(e, MatchFinished) and narrator.phrase(e)
    }
    assert len(worded) >= 20, sorted(t.__name__ for t in worded)


def test_a_phone_reads_its_own_language_while_the_screen_speaks_english() -> None:
    phone = Narrator(NAMES, 0, True, tongue=i18n.tongue(i18n.PSEUDO))
    screen = Narrator(NAMES, 0, True)
    batch: list[Event] = [CardPlayed(1, RED_SKIP), Skipped(0)]
    assert screen.line(batch) == "Ben plays Red Skip: you are skipped"
    assert_all_translated(phone.line(batch), NAMES)
    assert_all_translated(phone.name(0))
    assert screen.name(0) == "You"
    assert card_name(RED_SKIP, i18n.tongue(i18n.PSEUDO)) != RED_SKIP.label == "Red Skip"


def test_the_screens_narrator_follows_a_change_of_language_at_once() -> None:
    narrator = Narrator(NAMES, 0, True)
    assert narrator.line([Passed(0)]) == "You pass"
    i18n.use(i18n.PSEUDO)
    try:
        assert_all_translated(narrator.line([Passed(0)]))
    finally:
        i18n.use(i18n.ENGLISH)
    assert narrator.line([Passed(0)]) == "You pass"


def test_the_english_says_each_person_form_whole() -> None:
    you = Narrator(NAMES, 0, True)
    assert you.line([CardPlayed(1, WILD_FOUR), HandsShuffled(0, ())]) == (
        "Ben plays Wild Draw Four: you shuffle every hand and deal them out"
    )
    assert you.line([HandsShuffled(0, ())]) == "You shuffle every hand and deal them out"
    assert you.line([UnoCaught(1, 0)]) == "Ben catches you without UNO"
    assert you.line([RoundEnded(0, 39, (), ()), MatchEnded((0, 2), ())]) == (
        "You win the round and score 39: you and Chloe win the match!"
    )
    assert you.line([MatchEnded((1, 2, 3), ())]) == "Ben and Chloe and Dev win the match!"
    assert you.line([CardsDiscarded(0, (BLUE_FIVE,))]) == "You discard 1 card"
    assert you.line([CardsDrawn(0, (BLUE_FIVE,), DrawReason.BLUFF_CAUGHT)]) == (
        "You draw Blue 5 for the bluff"
    )
    assert you.line([CardsDrawn(1, (None, None), DrawReason.UNO_CAUGHT)]) == (
        "Ben draws 2 cards for not calling UNO"
    )
    shown = Challenged(0, 1, True, ())
    assert you.line([shown]) == "You challenge Ben: it was a bluff (Ben's hand: no cards)"


@pytest.mark.usefixtures("pseudo")
def test_every_card_of_every_deck_is_named_in_the_language() -> None:
    for kind in DeckKind:
        for card in deck(kind):
            assert_all_translated(card.label)
    for color in COLORS:
        assert_all_translated(color_name(color))


def test_an_effect_on_its_own_starts_with_the_capital_of_its_sentence() -> None:
    for effect in CustomEffect:
        text = custom_effect_text(effect)
        assert custom_effect_title(effect) == text[:1].upper() + text[1:]


def test_every_card_keeps_its_english_name() -> None:
    names = {card.label for kind in DeckKind for card in deck(kind)}
    assert {"Red 0", "Green Draw Two", "Blue Reverse", "Yellow Skip", "Wild"} <= names
    assert {"Wild Draw Four", "Wild Shuffle Hands", "Wild Customizable"} <= names
    assert {"Wild Game Changer", "Blue 3 (House Rules)"} <= names
    assert color_name(Color.RED) == "Red"


@pytest.mark.usefixtures("pseudo")
def test_every_rule_text_a_person_reads_is_in_the_language() -> None:
    texts = [switch_title(name) for name in SWITCHES] + [switch_text(name) for name in SWITCHES]
    texts += [preset_title(p) for p in Preset] + [preset_text(p) for p in Preset]
    texts += [custom_effect_text(e) for e in CustomEffect]
    texts += [custom_effect_title(e) for e in CustomEffect]
    texts += [race_action_text(r) for r in RaceAction] + [
        race_action_in_sentence(r) for r in RaceAction
    ]
    rules = Rules()
    for name in SWITCHES:
        value = getattr(rules, name)
        if not isinstance(value, int) or isinstance(value, bool):
            texts.append(choice_text(value))
    texts += [
        choice_text(v) for v in (True, False, (), tuple(CustomEffect), *Stacking, *TargetMode)
    ]
    for text in texts:
        assert_all_translated(text)


@pytest.mark.usefixtures("pseudo")
def test_a_refusal_a_person_reads_is_in_the_language() -> None:
    game = new_game([["G1", "B2", "W+4", "R3"], ["Y1", "Y2", "Y3", "Y4"]], "R8")
    refusals = [game.play_refusal(0, card) for card in game.hands[0]]
    assert refusals[2:] == ["", ""]  # a bluff and a red 3 may be played
    for text in refusals[:2]:
        assert_all_translated(text)
    for reason in Refusal:
        assert_all_translated(Refused(reason).text)


def test_a_refusal_in_english_says_what_would_match() -> None:
    game = new_game([["G1", "B2", "W+4", "R3"], ["Y1", "Y2", "Y3", "Y4"]], "R8")
    hand = game.hands[0]
    assert game.play_refusal(0, hand[0]) == "Green 1 does not match: play red, an 8 or a wild."
    assert game.play_refusal(0, hand[2]) == ""  # a bluff may be played (and challenged)
    assert game.play_refusal(1, hand[0]) == ""  # not that seat's turn or card
    # The first card, a Skip, skipped seat 0: seat 1 is to play on it.
    skip = new_game([["Y1", "Y2"], ["G1", "R3"]], "BS")
    assert skip.actor == 1
    assert skip.play_refusal(1, skip.hands[1][1]) == (
        "Red 3 does not match: play blue, a Skip or a wild."
    )
    strict = new_game([["W+4", "R3"], ["Y1", "Y2"]], "R5", rules=Rules(wd4_bluffing=False))
    assert strict.play_refusal(0, strict.hands[0][0]) == (
        "You hold red, so a Wild Draw Four is not allowed."
    )
    # The engine's own sentence for the same refusal stays technical English, for logs.
    assert "seat 0 plays" in strict.why_illegal(Play(0, strict.hands[0][0]))
