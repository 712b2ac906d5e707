"""The stacked-deck helper deals exactly what a scenario asks for."""

from game.engine import Phase
from tests.helpers import codes, hand_codes, new_game


def test_stacked_deal_gives_exact_hands_and_first_card() -> None:
    game = new_game([["R1", "G2"], ["B3", "Y4"], ["R5", "G6"]], "R7", ["B8", "Y9"])
    assert hand_codes(game) == [["R1", "G2"], ["B3", "Y4"], ["R5", "G6"]]
    assert game.top.code == "R7"
    assert codes(reversed(game.draw_pile[-2:])) == ["B8", "Y9"]
    assert game.turn == 0 and game.phase is Phase.PLAY and game.dealer == 2
