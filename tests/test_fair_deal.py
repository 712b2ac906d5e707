"""Fair deal (issue 42): commitments before the deal, reveals at the round's end, and the
standalone verifier (tools.verify_deal) passing a played record and failing tampered ones."""

from __future__ import annotations

import copy
import hashlib
import json
import queue
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import Game, Phase
from game.events import (
    CardsDealt,
    CardsDrawn,
    FirstCardReturned,
    FirstCardTurned,
    RoundEnded,
    RoundStarted,
)
from game.fairness import commitment, encoding, short
from game.match import Match, Seat, SeatKind
from game.narrate import Narrator
from game.phones.hub import PhoneHub
from game.phones.protocol import Arrival, Inbound
from game.randomplay import random_action
from game.record import Record
from game.rules import Rules
from scenes.board.hud import Hud
from scenes.board.layout import table_layout
from scenes.store.settings import Settings
from tools import verify_deal

ROOT = Path(__file__).resolve().parent.parent
KEY = bytes(range(16))


def _played(seed: int, rounds: int = 2) -> Game:
    """A game played by the random player until ``rounds`` rounds ended (bounded)."""
    game = Game(Rules(), 4, seed, salt_key=KEY)
    rng = random.Random(seed)
    ended = 0
    for _ in range(20000):
        if game.phase is Phase.MATCH_OVER or ended >= rounds:
            break
        events = game.apply(random_action(game, rng))
        ended += sum(isinstance(e, RoundEnded) for e in events)
    return game


def _with_reshuffle() -> dict[str, Any]:
    for seed in range(40):
        game = _played(seed)
        data: dict[str, Any] = json.loads(Record.of(game).to_json(game))
        if any(len(r["decks"]) > 1 and "salt" in r["decks"][1] for r in data["fairness"]):
            return data
    raise AssertionError("no game of 40 seeds reshuffled its discard pile")


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return _with_reshuffle()


def test_encoding_is_the_documented_one() -> None:
    assert encoding(["R5", "W+4"]) == b"R5,W+4"
    assert commitment(b"\0" * 16, ["R5"]) == hashlib.sha256(b"\0" * 16 + b"R5").hexdigest()


def test_commitment_made_before_the_first_card_and_revealed_after() -> None:
    game = Game(Rules(), 4, 11, salt_key=KEY)
    deck = game.ledger.rounds[0][0]
    dealt = [c for _, c in next(e for e in game.log if isinstance(e, CardsDealt)).deals]
    assert deck.order[: len(dealt)] == tuple(c.code for c in dealt if c is not None)
    assert "salt" not in game.ledger.to_data()[0]["decks"][0]  # not revealed mid-round
    assert deck.commitment == commitment(deck.salt, deck.order)


def test_same_seed_and_key_make_the_same_commitments() -> None:
    one, two = _played(5), _played(5)
    assert one.ledger.to_data() == two.ledger.to_data()
    assert one.state_digest() == two.state_digest()
    other = Game(Rules(), 4, 5, salt_key=bytes(16))
    assert other.ledger.rounds[0][0].order == one.ledger.rounds[0][0].order
    assert other.ledger.rounds[0][0].commitment != one.ledger.rounds[0][0].commitment


def test_a_played_record_verifies_and_reloads(record: dict[str, Any]) -> None:
    lines = verify_deal.verify(record)
    assert sum("matches" in line for line in lines) >= 3, lines
    Record.from_data(record)  # the new fields are part of a valid record


def _fails(data: dict[str, Any], words: str) -> None:
    with pytest.raises(verify_deal.Mismatch) as caught:
        verify_deal.verify(data)
    assert words in str(caught.value), caught.value


def test_a_swapped_card_fails(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    steps = data["fairness"][0]["decks"][0]["steps"]
    steps[0][1], steps[1][1] = steps[1][1], steps[0][1]
    if steps[0][1] == steps[1][1]:
        steps[0][1] = "W+4" if steps[0][1] != "W+4" else "R0"
    _fails(data, "round 1, the deal: card 1 taken was")


def test_a_changed_salt_fails(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    deck = data["fairness"][0]["decks"][0]
    deck["salt"] = ("0" if deck["salt"][0] != "0" else "1") + deck["salt"][1:]
    _fails(data, "round 1, the deal: the revealed salt and order hash to")
    _fails(data, "the salt is not the one the record's key makes: the salt (or the key) was")


def test_a_reordered_reshuffle_fails(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    round_no, deck = next(
        (r["round"], r["decks"][1]) for r in data["fairness"] if len(r["decks"]) > 1
    )
    order = deck["order"]
    j = next(i for i in range(1, len(order)) if order[i] != order[0])
    order[0], order[j] = order[j], order[0]
    _fails(data, f"round {round_no}, reshuffle 1: the revealed salt and order hash to")
    _fails(data, "the salt is the one the record's key makes, so the order was changed")


def test_decks_put_in_another_order_fail(record: dict[str, Any]) -> None:
    """A reshuffle moved before the deal (each deck whole, so each hashes to its commitment):
    each salt is the one of another place."""
    data = copy.deepcopy(record)
    entry = next(r for r in data["fairness"] if len(r["decks"]) > 1 and "salt" in r["decks"][1])
    entry["decks"][0], entry["decks"][1] = entry["decks"][1], entry["decks"][0]
    where = f"round {entry['round']}, the deal"
    _fails(data, f"{where}: its salt is the one of reshuffle 1: the decks were reordered")


def test_without_a_key_a_failing_deck_names_the_salt_or_the_order(record: dict[str, Any]) -> None:
    data = copy.deepcopy(record)
    del data["salt_key"]
    data["fairness"][0]["decks"][0]["salt"] = "00" * 16
    _fails(data, "round 1, the deal: the revealed salt and order hash to")
    _fails(data, "(the salt or the order was changed)")


def test_the_tool_runs_alone_and_says_what_it_checked(
    record: dict[str, Any], tmp_path: Path
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    bad_data = copy.deepcopy(record)
    bad_data["fairness"][0]["decks"][0]["salt"] = "00" * 16
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_data))
    run = [sys.executable, "-m", "tools.verify_deal"]
    ok = subprocess.run(
        [*run, str(good)], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert ok.returncode == 0 and "OK:" in ok.stdout, ok.stdout + ok.stderr
    no = subprocess.run(
        [*run, str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert no.returncode == 1 and "FAILED: round 1, the deal" in no.stdout, no.stdout


def test_the_verifier_imports_nothing_of_the_game() -> None:
    source = (ROOT / "tools" / "verify_deal.py").read_text()
    assert "import game" not in source and "from game" not in source


def test_the_steps_are_the_cards_the_events_moved() -> None:
    """Every card dealt, turned and drawn, in the order the events show, is a step of the
    round's decks: nothing leaves the deck unrecorded."""
    game = _played(3, rounds=3)
    moved: list[list[str]] = []
    for event in game.log:
        match event:
            case RoundStarted():
                moved.append([])
            case CardsDealt(deals=deals):
                moved[-1] += [c.code for _, c in deals if c is not None]
            case FirstCardTurned(card=card) | FirstCardReturned(card=card):
                if isinstance(event, FirstCardTurned) or moved[-1][-1:] != [card.code]:
                    moved[-1].append(card.code)
            case CardsDrawn(cards=cards):
                moved[-1] += [c.code for c in cards if c is not None]
    taken = [
        [s[1] for deck in decks for s in deck.steps if s[0] == "take"]
        for decks in game.ledger.rounds
    ]
    assert len(taken) == len(moved) >= 3
    assert taken == moved


class Outlet:
    """The hub's outlet in a test: keeps each seat's last state."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self.last: dict[int, dict[str, Any]] = {}

    def send(self, seat: int, message: dict[str, Any]) -> None:
        json.dumps(message)  # it can go on the wire
        if message["type"] == "state":
            self.last[seat] = message

    def stop(self, text: str = "") -> None:
        pass


def test_every_phone_and_the_table_badge_show_the_same_commitment() -> None:
    seats = (Seat("Maria", kind=SeatKind.PHONE), Seat("Ana"), Seat("Ben", kind=SeatKind.PHONE))
    match = Match(Rules(), seats, 3)
    outlet = Outlet()
    hub = PhoneHub(match, outlet, {s: f"http://x/p/{s}/" for s in match.phones})
    for seat in match.phones:
        outlet.inbox.put(Inbound(seat, Arrival.JOINED))
    hub.pump()
    deck = match.game.ledger.current()
    assert deck is not None
    for seat in match.phones:
        fair = outlet.last[seat]["fair"]
        assert fair["commitment"] == deck.commitment
        assert fair["short"] == short(deck.commitment)
        assert "reveal" not in fair  # nothing revealed while the round is played
    pygame.init()
    hud = Hud(table_layout(3)[0], Narrator(["Maria", "Ana", "Ben"], 0, True), seats, Settings())
    hud.draw_fair(pygame.Surface((1366, 768)), match.game)
    assert hud.fair_shown == deck.commitment
