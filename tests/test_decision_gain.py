"""tools.measure.decision_gain: the decision-level measure of Expert variants is sound.

A variant that never leaves Hard's choice gains exactly nothing; valuing a choice does not
disturb the position it was valued from; a continuation is reproducible; bad variants are
refused with a message.
"""

from __future__ import annotations

import argparse
import copy

import pytest

from game.actions import ChooseColor, Draw, Pass, Play
from game.ai.levels import Hard
from game.cards import Color, deck
from tools.measure.common import build_rules
from tools.measure.decision_gain import (
    Job,
    Result,
    Variant,
    kind_name,
    parse_variant,
    play_deal,
    positions,
    summary,
    true_value,
)

RULES = build_rules("classic", [])

pytestmark = pytest.mark.slow  # whole-game sweeps: in make test, not test-quick


def test_a_variant_that_keeps_hards_choice_gains_nothing() -> None:
    keep = Variant("keep", 12, 10.0, 0.0, 0.0)  # a margin no win share can clear
    free = Variant("free", 12, 0.0, 0.0, 1.5)
    result = play_deal(Job(RULES, 3, 1, (keep, free), continuations=2, path_samples=8))
    assert result.rounds == 2 and result.turns > 5
    assert all(g == 0.0 for g in result.gains["keep"])
    # It never searched its way to another choice; it calls UNO before the play, Hard may not.
    assert set(result.kinds["keep"]) <= {"", "uno"} and "" in result.kinds["keep"]
    assert len(result.gains["keep"]) == len(result.gains["free"])
    assert all(-1.0 <= g <= 1.0 for g in result.gains["free"])


def test_valuing_a_choice_leaves_the_position_alone() -> None:
    table, seat = positions(Job(RULES, 0, 2, (), continuations=1, path_samples=8))[0]
    before = table.game.state_digest()
    log_len = len(table.game.log)
    view = table.game.view(seat)
    action = Hard().decide(view, copy.deepcopy(table.memories[seat]), table.rng(seat))
    assert action is not None
    first = true_value(table, seat, action, 5)
    assert true_value(table, seat, action, 5) == first  # the same reshuffle, the same hand
    assert len(table.game.log) == log_len and table.game.actor == seat
    assert table.game.state_digest() == before


@pytest.mark.parametrize("text", ["x", "x=1:2:3", "=1:0:0:0", "x=a:0:0:0", "x=1:0:0:0:2"])
def test_bad_variants_are_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        parse_variant(text)


def test_a_variant_is_read() -> None:
    assert parse_variant("argmax=600:0:0:1.5") == Variant("argmax", 600, 0.0, 0.0, 1.5)
    assert not parse_variant("blind=60:0:0:1.5:0").infer_named
    unread = parse_variant("unread=60:0:0:1.5:1:0")
    assert unread.infer_named and not unread.read_plays and not unread.agent().config.read_plays


def test_the_summary_pairs_each_variant_with_the_first() -> None:
    kinds = {"a": ["draw", ""], "b": ["draw", "play"]}
    total = Result(turns=10, rounds=2, gains={"a": [0.5, 0.0], "b": [0.5, 0.25]}, kinds=kinds)
    out = summary(total)
    assert out["a"].by_kind == {"draw": (1, 0.25)}
    assert out["b"].by_kind == {"draw": (1, 0.25), "play": (1, 0.125)}
    assert out["a"].per_round == 0.25 and out["b"].per_round == 0.375
    assert out["a"].over_first == 0.0 and out["b"].over_first == 0.125
    assert out["b"].over_first_low < 0.125 < out["b"].over_first_high
    assert out["b"].turns_changed == 2 and out["a"].turns_changed == 1


def test_a_variant_takes_the_arenas_expert_options() -> None:
    nodraw = parse_variant("nodraw=60:0.02:1:1.5:draw_candidate=0:margin=0.05")
    assert nodraw.options == (("draw_candidate", 0.0), ("margin", 0.05))
    agent = nodraw.agent()
    assert (
        not agent.config.draw_candidate and agent.config.margin == 0.05 and agent.config.read_plays
    )
    both = parse_variant("x=60:0.02:1:1.5:1:0:playout_lacks=0").agent()
    assert (
        not both.config.read_plays and not both.config.playout_lacks and both.config.draw_candidate
    )
    for bad in ("x=60:0:0:0:draw_candidate=2", "x=60:0:0:0:nope=1", "x=60:0:0:0:margin=0:1"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_variant(bad)


def test_four_players_put_the_expert_in_two_seats() -> None:
    rules = build_rules("classic", [])
    found = positions(Job(rules, 1, 2, (), 1, path_samples=8, players=4))
    assert {seat for _, seat in found} == {1, 3}
    assert all(table.game.players == 4 for table, _ in found)


def test_the_kinds_of_choice_are_named() -> None:
    cards = {c.code: c for c in deck(RULES.deck)}
    assert kind_name(Play(0, cards["R5"])) == "play"
    assert kind_name(Play(0, cards["W"])) == "play wild"
    assert kind_name(Draw(0)) == "draw" and kind_name(Pass(0)) == "keep"
    assert kind_name(ChooseColor(0, Color.RED)) == "color"
