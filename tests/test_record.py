"""Records: a match saves to JSON and replays to the identical state; bad files are refused."""

from __future__ import annotations

import json
import random

import pytest

from game.actions import RecordError, action_from_dict, action_to_dict
from game.engine import Game
from game.randomplay import random_action
from game.record import Record, _checksum, replayed
from game.rules import Rules, preset


def played(rules: Rules, players: int, seed: int, actions: int = 400) -> Game:
    game = Game(rules, players, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(random_action(game, rng))
    return game


@pytest.mark.parametrize("name", ["classic", "uno2023", "house-rules", "quick"])
def test_record_round_trip_reaches_the_identical_state(name: str) -> None:
    rules = preset(name).with_changes(jump_in=True, stacking=Rules().stacking.CROSS)
    game = played(rules, 4, seed=5)
    text = Record.of(game, meta={"names": ["Ana", "Ben", "Cy", "Di"]}).to_json(game)
    record, again = Record.from_json(text)
    assert again.state_digest() == game.state_digest()
    assert again.log == game.log
    assert record.meta == {"names": ["Ana", "Ben", "Cy", "Di"]}
    assert [action_to_dict(a) for a in again.actions] == [action_to_dict(a) for a in game.actions]


def test_same_seed_and_actions_give_the_same_game_and_events() -> None:
    first = played(preset("house-rules"), 5, seed=9)
    second = Game(first.rules, 5, 9)
    for action in first.actions:
        second.apply(action)
    assert second.state_digest() == first.state_digest()
    assert second.log == first.log
    other = Game(first.rules, 5, 10)
    assert other.hands != Game(first.rules, 5, 9).hands


def test_a_game_is_told_again_batch_by_batch_as_it_happened() -> None:
    # A continued match's move log is told from these batches: the deal, then each action's.
    rules = preset("house-rules")
    game = Game(rules, 3, 11)
    batches = [list(game.log)]
    rng = random.Random(11)
    for _ in range(150):
        if game.is_over:
            break
        batches.append(game.apply(random_action(game, rng)))
    assert list(replayed(game)) == batches
    assert len(batches) > 100 and batches[0]


def test_stacked_deck_and_dealer_are_part_of_the_record() -> None:
    game = Game(Rules(), 3, 1, dealer=1, stacked=["R1", "G2", "B3", "Y4"])
    game.apply(game.legal_actions()[0])
    record, again = Record.from_json(Record.of(game).to_json(game))
    assert record.dealer == 1
    assert [game.cards[u].code for u in record.stacked] == ["R1", "G2", "B3", "Y4"]
    assert again.state_digest() == game.state_digest()


def saved() -> tuple[Game, str]:
    game = played(preset("classic"), 3, seed=2, actions=60)
    return game, Record.of(game).to_json(game)


def test_truncated_record_is_refused() -> None:
    _, text = saved()
    with pytest.raises(RecordError, match="truncated"):
        Record.from_json(text[: len(text) // 2])


def test_edited_record_is_refused() -> None:
    _, text = saved()
    data = json.loads(text)
    data["seed"] += 1
    with pytest.raises(RecordError, match="changed after it was saved"):
        Record.from_json(json.dumps(data))


def test_forged_record_with_an_illegal_action_is_refused() -> None:
    _, text = saved()
    data = json.loads(text)
    del data["checksum"]
    data["actions"][5] = {"type": "challenge", "player": 0}
    data["checksum"] = _checksum(data)
    with pytest.raises(RecordError, match="action 6 cannot be replayed"):
        Record.from_json(json.dumps(data))


@pytest.mark.parametrize("stacked", [[0, 0], [9999], [-1]])
def test_forged_record_with_a_bad_stacked_deck_is_refused(stacked: list[int]) -> None:
    _, text = saved()
    data = json.loads(text)
    del data["checksum"]
    data["stacked"] = stacked
    data["checksum"] = _checksum(data)
    with pytest.raises(RecordError, match="malformed: a stacked deck must list distinct"):
        Record.from_json(json.dumps(data))


def test_record_reaching_another_state_is_refused() -> None:
    _, text = saved()
    data = json.loads(text)
    del data["checksum"]
    data["actions"] = data["actions"][:-3]
    data["checksum"] = _checksum(data)
    with pytest.raises(RecordError, match="does not reach the saved state"):
        Record.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "something-else"}', "not a saved game"),
        ("[1, 2, 3]", "not a saved game"),
        ('{"format": "unotable-record", "version": 99}', "version 99"),
        ("", "truncated"),
    ],
)
def test_foreign_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_json(text)


def test_malformed_rules_in_a_record_are_refused() -> None:
    _, text = saved()
    data = json.loads(text)
    del data["checksum"]
    data["rules"]["stacking"] = "sideways"
    data["checksum"] = _checksum(data)
    with pytest.raises(RecordError, match="stacking cannot be 'sideways'"):
        Record.from_json(json.dumps(data))


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "play", "player": 0, "card": 500},
        {"type": "play", "player": "zero", "card": 1},
        {"type": "color", "player": 0, "color": "purple"},
        {"type": "teleport", "player": 0},
        {"player": 0},
        "play",
    ],
)
def test_malformed_actions_are_refused(bad: object) -> None:
    with pytest.raises(RecordError):
        action_from_dict(bad, Game(Rules(), 2, 0).cards)
