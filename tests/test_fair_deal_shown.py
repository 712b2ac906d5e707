"""Fair deal (issue 42) as the game tells it: the seal and reveal events of the game's log, in
their place among the cards dealt and drawn, the move log's lines for them, what the seats (and
so the AIs) may see before the reveal, the table's badge, and the scoring screen's reveal with
every phone's round result saying the same."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game import i18n
from game.ai import Level
from game.engine import Game
from game.events import (
    CardsDrawn,
    DeckRevealed,
    DeckSealed,
    Event,
    FirstCardTurned,
    PileReshuffled,
    RoundEnded,
    RoundStarted,
    redact,
)
from game.fairness import Deck, commitment, public, short
from game.match import Match, Seat, SeatKind
from game.narrate import Narrator, past_lines
from game.phones.hub import PhoneHub
from game.phones.protocol import Arrival, Inbound
from game.randomplay import random_action
from game.record import Record
from game.rules import Rules, TargetMode
from scenes.app import App
from scenes.art import CardArt
from scenes.assets import Weight, scaled
from scenes.board.hud import FAIR_PAD, FAIR_PITCH, FAIR_SIZE, Hud
from scenes.board.layout import load_layout, table_layout
from scenes.board.presenter import Presenter
from scenes.input import Act, Intent
from scenes.sound import Sfx, SoundBoard
from scenes.store.settings import Settings
from scenes.table.scoring import ScoringScene
from scenes.ui import fit_size, set_large_text, text_size
from tests.test_fair_deal import KEY, Outlet, _played

NAMES = ["Maria", "Ana", "Ben", "Dev"]


def rounds_of(log: list[Event]) -> Iterator[list[Event]]:
    """The log cut at each RoundStarted."""
    start = 0
    for i, event in enumerate(log[1:], start=1):
        if isinstance(event, RoundStarted):
            yield log[start:i]
            start = i
    yield log[start:]


@pytest.fixture(scope="module")
def reshuffled() -> Game:
    """A game of two rounds at least one of which reshuffled its discard pile."""
    for seed in range(40):
        game = _played(seed)
        if any(isinstance(e, PileReshuffled) for e in game.log):
            return game
    raise AssertionError("no game of 40 seeds reshuffled its discard pile")


def test_each_seal_comes_before_the_first_card_of_its_deck(reshuffled: Game) -> None:
    rounds = list(rounds_of(reshuffled.log))
    assert len(rounds) >= 2
    for number, events in enumerate(rounds, start=1):
        decks = reshuffled.ledger.rounds[number - 1]
        names = [type(e).__name__ for e in events]
        # The deal: sealed right after the round starts, before any card is dealt.
        assert names[:3] == ["RoundStarted", "DeckSealed", "CardsDealt"], names[:3]
        sealed = [e for e in events if isinstance(e, DeckSealed)]
        assert sealed == [DeckSealed(number, i, d.commitment) for i, d in enumerate(decks)]
        # Each reshuffle: sealed as it happens, before the first card drawn from the new pile.
        for i, event in enumerate(events):
            if isinstance(event, PileReshuffled):
                seal = events[i + 1]
                assert isinstance(seal, DeckSealed) and seal.deck > 0
                assert isinstance(events[i + 2], CardsDrawn), names[i : i + 3]
    assert any(isinstance(e, DeckSealed) and e.deck > 0 for e in reshuffled.log)


def test_each_deck_is_revealed_after_its_round_and_matches_its_seal(reshuffled: Game) -> None:
    for number, events in enumerate(rounds_of(reshuffled.log), start=1):
        ended = next((i for i, e in enumerate(events) if isinstance(e, RoundEnded)), None)
        if ended is None:
            continue  # the round being played: nothing revealed
        revealed = [e for e in events if isinstance(e, DeckRevealed)]
        assert all(
            isinstance(e, DeckRevealed) for e in events[ended + 1 : ended + 1 + len(revealed)]
        )
        assert not any(isinstance(e, DeckRevealed) for e in events[:ended])
        decks = reshuffled.ledger.rounds[number - 1]
        assert [(e.round, e.deck) for e in revealed] == [(number, i) for i in range(len(decks))]
        for event, deck in zip(revealed, decks, strict=True):
            assert (event.salt, event.order) == (deck.salt.hex(), deck.order)
            assert event.commitment == commitment(bytes.fromhex(event.salt), event.order)
            assert event.matches


def test_a_deck_whose_cards_did_not_come_off_in_order_is_revealed_as_not_matching() -> None:
    game = Game(Rules(), 4, 8, salt_key=KEY)
    deck = game.ledger.rounds[0][0]
    assert deck.problem() == ""
    swapped = Deck(deck.order, deck.salt, deck.commitment, [list(s) for s in deck.steps])
    swapped.steps[0][1], swapped.steps[1][1] = "W+4", "R0"  # not the two top cards
    assert deck.order[:2] != ("W+4", "R0")
    assert swapped.problem() == "card 1 taken was not the top card"
    salted = dataclasses.replace(deck, salt=bytes(16))
    assert salted.problem() == "the salt and order do not hash to the commitment"
    game.ledger.rounds[0][0] = swapped
    (told,) = game.ledger.reveal_round(1)
    assert not told.matches
    text = Narrator(NAMES, -1, False).note(told)
    assert text == f"Deck revealed: it does not match its seal {short(deck.commitment)}!"


def test_the_same_seed_key_and_actions_make_the_same_events() -> None:
    one, two = _played(6), _played(6)
    assert one.log == two.log
    again = Record.of(one).replay()
    assert again.log == one.log
    assert any(isinstance(e, DeckRevealed) for e in again.log)


def _strings(value: object) -> Iterator[object]:
    """Every string and tuple of strings in an event or a view, its dataclasses walked."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple | list):
        if value and all(isinstance(v, str) for v in value):
            yield tuple(value)
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))


def test_no_seat_sees_a_salt_or_an_order_before_its_round_ends() -> None:
    """What an AI is given (its view and the events redacted for its seat) holds no salt and
    no deck order until the round has ended; the seals name only the commitment."""
    game = Game(Rules(), 3, 4, salt_key=KEY)
    rng = random.Random(4)
    seen = 0
    told: list[set[object]] = [set() for _ in range(game.players)]  # each seat's events so far
    for _ in range(3000):
        if game.result is not None:
            break
        secrets: set[object] = {d.salt.hex() for d in game.ledger.rounds[-1]}
        secrets |= {d.order for d in game.ledger.rounds[-1]}
        for seat in range(game.players):
            told[seat] |= {s for e in game.log[seen:] for s in _strings(redact(e, seat))}
            assert not (told[seat] | set(_strings(game.view(seat)))) & secrets
        seen = len(game.log)
        game.apply(random_action(game, rng))
    assert game.result is not None and seen > 50
    revealed = {s for e in game.log for s in _strings(redact(e, 0))}
    assert game.ledger.rounds[0][0].salt.hex() in revealed  # once the round is over


def test_the_move_log_has_a_line_for_each_seal_and_reveal(reshuffled: Game) -> None:
    narrator = Narrator(NAMES, -1, False)
    deal = reshuffled.log[
        : next(i for i, e in enumerate(reshuffled.log) if i and isinstance(e, RoundStarted))
    ]
    sealed = next(e for e in deal if isinstance(e, DeckSealed))
    first = narrator.lines(deal[:4])  # the deal: RoundStarted, DeckSealed, CardsDealt, first card
    assert isinstance(deal[3], FirstCardTurned)
    assert first[1:] == [f"Deck sealed: {short(sealed.commitment)}"]
    assert first[0].startswith("Round 1:") and "sealed" not in first[0]
    # Every seal and every reveal of the game is a line of the log told again from its record.
    told = past_lines(reshuffled, narrator)
    seals = [e for e in reshuffled.log if isinstance(e, DeckSealed)]
    reveals = [e for e in reshuffled.log if isinstance(e, DeckRevealed)]
    assert [t for t in told if t.startswith("Deck sealed: ")] == [
        f"Deck sealed: {short(e.commitment)}" for e in seals
    ]
    assert [t for t in told if t.startswith("Deck revealed: ")] == [
        f"Deck revealed: it matches its seal {short(e.commitment)}" for e in reveals
    ]
    assert len(seals) > len(list(rounds_of(reshuffled.log)))  # a reshuffle's seal among them


@pytest.mark.parametrize("code", ["de", "ja"])
def test_the_seal_and_reveal_lines_speak_the_readers_language(code: str) -> None:
    sealed = DeckSealed(1, 0, "3f9a12c05fd2" + "0" * 52)
    shown = DeckRevealed(1, 0, sealed.commitment, "00" * 16, ("R5",), True)
    english = Narrator(NAMES, 0, True)
    other = Narrator(NAMES, 0, True, tongue=i18n.tongue(code))
    for event in (sealed, shown):
        assert "3f9a 12c0 5fd2" in other.note(event)
        assert other.note(event) != english.note(event)


class Heard(SoundBoard):
    """A sound board that plays nothing."""

    def __init__(self) -> None:
        pass

    def play(self, sfx: Sfx) -> None:
        pass


def test_the_table_keeps_the_actions_line_on_the_status_and_logs_the_seal_after_it() -> None:
    game = Game(Rules(), 4, 11, salt_key=KEY)
    settings = Settings(animation_speed=0.0)
    presenter = Presenter(
        load_layout(4), CardArt(), settings, Heard(), len(game.cards), lambda s: s == 0, seed=3
    )
    narrator = Narrator(NAMES, 0, True)
    parts = narrator.parts(game.log)
    assert [type(part[0]).__name__ for part, _ in parts] == ["RoundStarted", "DeckSealed"]
    for part, line in parts:
        presenter.push(part, line)
    presenter.update(0.0)
    action, seal = narrator.lines(game.log)
    assert presenter.log == [action, seal]
    assert presenter.status == action
    assert seal == f"Deck sealed: {short(game.ledger.rounds[0][0].commitment)}"


@pytest.mark.parametrize("large", [False, True])
def test_the_badge_opens_to_the_whole_commitment_and_its_box_holds_its_text(large: bool) -> None:
    pygame.init()
    set_large_text(large)
    try:
        game = Game(Rules(), 4, 11, salt_key=KEY)
        value = game.ledger.rounds[0][0].commitment
        hud = Hud(
            table_layout(4)[0], Narrator(NAMES, 0, True), [Seat(n) for n in NAMES], Settings()
        )
        surface = pygame.Surface((1920, 1080))
        log = hud.layout.log.rect()
        hud.draw_fair(surface, game)
        closed = hud.fair_box
        assert closed is not None and hud.fair_shown == value
        assert log.contains(closed)  # closed, it keeps to the log's panel
        said = hud.fair_lines(value, closed.width - 2 * FAIR_PAD)
        # Large text: the code goes on a line of its own rather than drawn smaller.
        two = ["Fair deal", short(value)]
        assert said == (two if large else [f"Fair deal  {short(value)}"])
        hud.corner_click(Intent(Act.PRESS, pos=closed.center))
        hud.draw_fair(surface, game)
        opened = hud.fair_box
        assert opened is not None and opened.height > closed.height
        lines = hud.fair_lines(value, opened.width - 2 * FAIR_PAD)
        assert "".join(lines[1:]).replace(" ", "") == value  # all of it, in groups of four
        assert [len(line) for line in lines[1:]] == [19] * 4  # four lines of four groups
        assert opened.bottom == closed.bottom and opened.top >= log.top  # over the log only
        for box, shown in ((closed, said), (opened, lines)):
            for line in shown:  # each line at the badge's size, in its box and its pitch
                assert (
                    fit_size(line, FAIR_SIZE, box.width - 2 * FAIR_PAD, Weight.SEMIBOLD)
                    == FAIR_SIZE
                )
                assert text_size(line, FAIR_SIZE)[1] <= scaled(FAIR_PITCH), line
        assert opened.height == 2 * FAIR_PAD + len(lines) * scaled(FAIR_PITCH)
        hud.corner_click(Intent(Act.PRESS, pos=opened.center))
        hud.draw_fair(surface, game)
        assert hud.fair_box == closed
    finally:
        set_large_text(False)


class ScoringTableStub:
    """What the scoring screen reads of its table."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.narrator = Narrator(NAMES[:3], -1, False)
        self.art = CardArt()

    def move_log(self) -> list[str]:
        return []

    def next_round(self) -> None:
        pass

    def play_again(self) -> None:
        pass

    def replay(self) -> None:
        pass

    def leave(self) -> None:
        pass


def test_the_scoring_screen_and_every_phone_show_the_same_reveal() -> None:
    pygame.init()
    seats = (
        Seat("Maria", kind=SeatKind.PHONE),
        Seat.ai("Ana", Level.EASY),
        Seat("Ben", kind=SeatKind.PHONE),
    )
    match = Match(Rules(target_mode=TargetMode.SINGLE_HAND), seats, 0)
    rng = random.Random(0)
    for _ in range(3000):
        if match.is_round_over:
            break
        match.game.apply(random_action(match.game, rng))
    assert match.is_round_over
    outlet = Outlet()
    hub = PhoneHub(match, outlet, {s: f"http://x/p/{s}/" for s in match.phones})
    for seat in match.phones:
        outlet.inbox.put(Inbound(seat, Arrival.JOINED))
    hub.pump()
    app = App(Settings(animation_speed=0.0), headless=True)
    scoring = ScoringScene(app, ScoringTableStub(match))
    scoring.draw(pygame.Surface((1920, 1080)))
    revealed = [e for e in match.game.log if isinstance(e, DeckRevealed)]
    assert scoring.fair_shown and len(scoring.fair_shown) == len(revealed)
    first = scoring.fair_shown[0]
    assert first.startswith(f"Deck revealed: it matches its seal {short(revealed[0].commitment)}")
    assert f"SHA-256({revealed[0].salt} ‖ {','.join(revealed[0].order[:5])},…)" in first
    for seat in match.phones:
        state: dict[str, Any] = outlet.last[seat]
        assert state["over"] is not None  # the phone shows its round result now
        assert [d["text"] for d in state["fair"]["reveal"]] == scoring.fair_shown
        assert state["fair"]["commitment"] == public(match.game.log)["commitment"]  # type: ignore[index]
