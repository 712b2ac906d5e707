"""The sampler check (tools.sampler_check): what it predicts and scores."""

from __future__ import annotations

from game.cards import DeckKind, deck, find_cards
from tools.sampler_check import SAMPLERS, features, run


def test_features_name_the_colors_and_the_wild_a_hand_holds() -> None:
    hand = find_cards(deck(DeckKind.CLASSIC), ["R1", "Y5", "W"])
    assert features(hand) == [True, True, False, False, True]  # red, yellow; a wild
    assert features([]) == [False] * 5


def test_every_sampler_is_scored_on_the_same_positions() -> None:
    scores = run(players=4, games=2, samples=12, seed=3)
    predictions = {scores[s].predictions for s in SAMPLERS}
    assert len(predictions) == 1 and predictions.pop() > 0
    for s in SAMPLERS:
        row = scores[s].row()
        # Smoothed predictions: each loss lies between a sure right guess and a sure wrong one.
        assert 0.0 < row["log_loss"] < 3.0, (s, row)
    # A blind deal reads no plays, so it explains them least often.
    assert scores["blind"].unexplained >= scores["each"].unexplained
