"""The narrator's sentences for "you" and for a name, over every kind of event that seeded games
produce, and who the table's screen calls "you" (playtest s3: "You play Red 9" for Tom's phone,
"You draw 2 cards, You are skipped", "You win the round and scores 39")."""

from __future__ import annotations

import dataclasses
import random
import re

from game.ai import Level
from game.engine import Game, Phase
from game.events import Event, redact
from game.match import MatchSetup, Seat, SeatKind
from game.narrate import Narrator, table_narrator
from game.randomplay import random_action
from game.rules import PRESETS, Preset, Rules, Stacking

# Third-person forms the narrator uses, and their second-person forms.
THIRD = (
    "plays|names|draws|passes|is|calls|catches|challenges|shuffles|swaps|discards|makes|was"
    "|goes|wins|scores|deals|jumps"
)
BASE = "play|name|draw|pass|are|call|catch|challenge|shuffle|swap|discard|make|were|go|win"
BASE += "|score|deal|jump"
NAMES = ["Ana", "Ben", "Chloe", "Dev"]
VARIANTS = [
    PRESETS[Preset.CLASSIC],
    PRESETS[Preset.UNO2023],
    PRESETS[Preset.HOUSE_RULES],
    Rules(stacking=Stacking.CROSS, jump_in=True, seven_zero=True),
]


def played_events(games: int = 12, limit: int = 600) -> list[tuple[Event, ...]]:
    """The batches of events of seeded random games across the presets and switches."""
    batches: list[tuple[Event, ...]] = []
    for n in range(games):
        rules = VARIANTS[n % len(VARIANTS)]
        game = Game(rules, 4, 100 + n)
        batches.append(tuple(game.log))
        rng = random.Random(n)
        for _ in range(limit):
            if game.phase is Phase.MATCH_OVER:
                break
            if game.phase is Phase.ROUND_OVER:
                action = next(a for a in game.legal_actions())
            else:
                action = random_action(game, rng)
            batches.append(tuple(game.apply(action)))
    return batches


BATCHES = played_events()


def test_the_games_reach_every_kind_of_event_the_narrator_words() -> None:
    worded = {
        type(e) for batch in BATCHES for e in batch if Narrator(NAMES, 0, True).phrase(redact(e, 0))
    }
    # The kinds a table meets in every match are all here (a kind only a rare switch makes
    # may be missing; the count keeps this test honest about how much it covers).
    assert len(worded) >= 20, sorted(t.__name__ for t in worded)


def test_you_take_the_second_person_and_a_name_the_third() -> None:
    you = Narrator(NAMES, 0, True)
    named = Narrator(NAMES, 0, False)
    wrong_you = re.compile(rf"\byou ({THIRD})\b", re.IGNORECASE)
    wrong_name = re.compile(rf"\b({'|'.join(NAMES)}) ({BASE})\b")
    late_capital = re.compile(r".\bYou\b")
    for batch in BATCHES:
        line = you.line(batch)
        assert not wrong_you.search(line), line
        assert not late_capital.search(line), line  # "catches you", never "catches You"
        other = named.line(batch)
        assert not wrong_name.search(other), other
        assert "you" not in other.lower().split(), other
        assert other[:1] == other[:1].upper(), other
        assert line[:1] == line[:1].upper(), line


def test_a_round_won_by_you_reads_as_a_sentence() -> None:
    you = Narrator(NAMES, 0, True)
    lines = [you.line(b) for b in BATCHES if any(type(e).__name__ == "RoundEnded" for e in b)]
    mine = [line for line in lines if "you win the round" in line.lower()]
    others = [line for line in lines if "wins the round" in line]
    assert mine or others
    for line in mine:
        assert "and score " in line, line
    for line in others:
        assert "and scores " in line, line


def seats(*kinds: SeatKind | Level, names: tuple[str, ...] = ("Tom", "Ana", "Ben")) -> MatchSetup:
    made = tuple(
        Seat(names[i], k) if isinstance(k, Level) else Seat(names[i], kind=k)
        for i, k in enumerate(kinds)
    )
    return MatchSetup(Rules(), made, 1, 1)


def test_the_screen_calls_a_phone_seat_by_its_name() -> None:
    setup = seats(SeatKind.PHONE, Level.NORMAL, Level.EASY)
    narrator = table_narrator(setup, setup.rules)
    assert narrator.name(0) == "Tom"
    assert narrator.you is None
    # The phone's cards are never named on the screen.
    assert narrator.viewer == -1


def test_a_lone_person_at_the_screen_keeps_the_name_typed() -> None:
    setup = seats(SeatKind.PERSON, Level.NORMAL, Level.EASY)
    narrator = table_narrator(setup, setup.rules)
    assert narrator.name(0) == "Tom" and narrator.you is None
    assert narrator.viewer == 0  # their own drawn card is named to them


def test_the_default_name_you_is_spoken_to() -> None:
    setup = seats(SeatKind.PERSON, Level.NORMAL, names=("You", "Ana", "Ben"))
    narrator = table_narrator(setup, setup.rules)
    assert narrator.you == 0 and narrator.name(0) == "You"


def test_a_phone_and_a_screen_person_each_keep_their_names() -> None:
    setup = seats(SeatKind.PERSON, SeatKind.PHONE, Level.NORMAL)
    narrator = table_narrator(setup, setup.rules)
    assert [narrator.name(s) for s in range(3)] == ["Tom", "Ana", "Ben"]
    setup = dataclasses.replace(setup, seats=(Seat("You"), *setup.seats[1:]))
    narrator = table_narrator(setup, setup.rules)
    assert [narrator.name(s) for s in range(3)] == ["You", "Ana", "Ben"]
