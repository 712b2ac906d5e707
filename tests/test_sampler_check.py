"""The sampler check (tools.checks.sampler_check): what it predicts and scores."""

from __future__ import annotations

import pytest

from game.cards import DeckKind, deck, find_cards
from tools.checks.sampler_check import SAMPLERS, features, run


def test_features_name_the_colors_and_the_wild_a_hand_holds() -> None:
    hand = find_cards(deck(DeckKind.CLASSIC), ["R1", "Y5", "W"])
    assert features(hand) == [True, True, False, False, True]  # red, yellow; a wild
    assert features([]) == [False] * 5


@pytest.mark.slow  # a sweep (every sampler over the same positions): make test, not test-quick
def test_every_sampler_is_scored_on_the_same_positions() -> None:
    scores = run(players=4, games=4, samples=12, seed=3)
    predictions = {scores[s].predictions for s in SAMPLERS}
    assert len(predictions) == 1 and predictions.pop() > 0
    for s in SAMPLERS:
        row = scores[s].row()
        # Smoothed predictions: each loss lies between a sure right guess and a sure wrong one.
        assert 0.0 < row["log_loss"] < 3.0, (s, row)
    # A blind deal reads no plays, so it explains them least often; dealing each hand again
    # on its own explains them more often than dealing the whole deal again (each hand gets
    # its own tries). Seeded: 351, 170 and 98 of 720 (2026-11-26).
    blind, whole, each = (scores[s].unexplained for s in ("blind", "whole", "each"))
    assert blind > 2 * each and whole > each + 30, (blind, whole, each)
    # Reading the plays guesses the hands better than a blind deal (0.5046 against 0.5746).
    assert scores["older"].row()["log_loss"] < scores["blind"].row()["log_loss"] - 0.03
