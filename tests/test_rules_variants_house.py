"""Scenario tests for UNO House Rules!: House Rules cards, races and the Wild Game Changer."""

from __future__ import annotations

from game.actions import (
    CallUno,
    ChooseColor,
    Draw,
    FinishRace,
    JumpIn,
    MakeRule,
    NextRound,
    Pass,
    Play,
)
from game.engine import Phase
from game.events import DrawReason
from game.rules import RaceAction
from tests.helpers import new_game
from tests.test_rules_variants import (
    BLUE,
    GREEN,
    HOUSE,
    RED,
    YELLOW,
    act,
    check,
    drawn,
    illegal,
    jump,
    play,
)

ALL_RULES = list(RaceAction)


def rule_choices(game, seat: int, numbers: list[int], excluded: set[RaceAction]) -> list[MakeRule]:
    return [MakeRule(seat, n, r) for n in numbers for r in ALL_RULES if r not in excluded]


def test_first_house_rules_card_makes_a_rule_and_later_cards_of_the_number_race() -> None:
    game = new_game(
        [["R3H", "Y4H", "G9"], ["R3", "B4", "G8"], ["Y3H", "Y1", "B8"]],
        "R9",
        ["B1", "B2", "B3", "B5"],
        rules=HOUSE,
    )
    # 1. The first House Rules 3: its player makes the rule of 3, from the whole catalogue.
    assert act(game, play(game, 0, "R3H")) == [("CardPlayed", 0, "R3H", False)]
    hands = [["Y4H", "G9"], ["R3", "B4", "G8"], ["Y3H", "Y1", "B8"]]
    check(game, hands, top="R3H", turn=0, actor=0, phase=Phase.MAKE_RULE, color=RED)
    assert game.legal_actions() == rule_choices(game, 0, [3], set())
    illegal(game, MakeRule(0, 4, RaceAction.PRESS_UP), "the rule being made is the rule of 3")
    illegal(game, MakeRule(1, 3, RaceAction.PRESS_UP), "waiting on seat 0 to make a House Rule")
    illegal(game, play(game, 1, "R3"), "waiting on seat 0 to make a House Rule")
    assert act(game, MakeRule(0, 3, RaceAction.PRESS_UP)) == [
        ("HouseRuleMade", 0, 3, RaceAction.PRESS_UP, None)
    ]
    # The card that makes the rule does not start a race.
    assert game.house_rules == {3: RaceAction.PRESS_UP}
    check(game, hands, top="R3H", turn=1, actor=1, phase=Phase.PLAY, color=RED)

    # 2. A plain 3 of a ruled number starts a race; every active player must finish it.
    assert act(game, play(game, 1, "R3")) == [
        ("CardPlayed", 1, "R3", False),
        ("RaceStarted", 3, RaceAction.PRESS_UP),
    ]
    hands = [["Y4H", "G9"], ["B4", "G8"], ["Y3H", "Y1", "B8"]]
    check(game, hands, top="R3", turn=1, actor=1, phase=Phase.RACE, color=RED)
    assert game.race_left == [0, 1, 2]
    assert game.legal_actions() == [FinishRace(0), FinishRace(1), FinishRace(2)]
    illegal(game, Draw(2), "waiting on the House Rules race: seats 0, 1, 2")
    # Arrivals count in the order they are applied, not by seat.
    assert act(game, FinishRace(2)) == [("RaceFinished", 2)]
    illegal(game, FinishRace(2), "waiting on the House Rules race: seats 0, 1")
    assert game.phase is Phase.RACE
    assert act(game, FinishRace(0)) == [
        ("RaceFinished", 0),
        ("RaceLost", 1),
        drawn(1, ["B1"], DrawReason.RACE_LOST),
    ]
    hands = [["Y4H", "G9"], ["B4", "G8", "B1"], ["Y3H", "Y1", "B8"]]
    check(game, hands, top="R3", turn=2, actor=2, phase=Phase.PLAY, color=RED)

    # 3. A later House Rules card of a ruled number makes no new rule: it races.
    assert act(game, play(game, 2, "Y3H")) == [
        ("CardPlayed", 2, "Y3H", False),
        ("RaceStarted", 3, RaceAction.PRESS_UP),
    ]
    assert game.house_rules == {3: RaceAction.PRESS_UP}
    assert act(game, FinishRace(1)) == [("RaceFinished", 1)]
    assert act(game, FinishRace(2)) == [
        ("RaceFinished", 2),
        ("RaceLost", 0),
        drawn(0, ["B2"], DrawReason.RACE_LOST),
    ]
    hands = [["Y4H", "G9", "B2"], ["B4", "G8", "B1"], ["Y1", "B8"]]
    check(game, hands, top="Y3H", turn=0, actor=0, phase=Phase.PLAY, color=YELLOW)

    # 4. The House Rules 4: a rule already used by 3 is not offered for 4.
    assert act(game, play(game, 0, "Y4H")) == [("CardPlayed", 0, "Y4H", False)]
    assert game.phase is Phase.MAKE_RULE
    assert game.legal_actions() == rule_choices(game, 0, [4], {RaceAction.PRESS_UP})
    illegal(game, MakeRule(0, 4, RaceAction.PRESS_UP), "that rule is already in use")
    assert act(game, MakeRule(0, 4, RaceAction.TAP_OWN_SEAT)) == [
        ("HouseRuleMade", 0, 4, RaceAction.TAP_OWN_SEAT, None)
    ]
    assert game.house_rules == {3: RaceAction.PRESS_UP, 4: RaceAction.TAP_OWN_SEAT}
    # 5. Seat 1's plain blue 4 races with the rule of 4.
    assert act(game, play(game, 1, "B4")) == [
        ("CardPlayed", 1, "B4", False),
        ("RaceStarted", 4, RaceAction.TAP_OWN_SEAT),
    ]
    assert game.race_left == [0, 1, 2]
    act(game, FinishRace(1))
    assert act(game, FinishRace(0)) == [
        ("RaceFinished", 0),
        ("RaceLost", 2),
        drawn(2, ["B3"], DrawReason.RACE_LOST),
    ]
    hands = [["G9", "B2"], ["G8", "B1"], ["Y1", "B8", "B3"]]
    check(game, hands, top="B4", turn=2, actor=2, phase=Phase.PLAY, color=BLUE)


def test_two_player_race_the_first_finisher_decides() -> None:
    game = new_game([["R2H", "G7"], ["R2", "G5"]], "R9", ["Y1", "Y2"], rules=HOUSE)
    act(game, play(game, 0, "R2H"))
    act(game, MakeRule(0, 2, RaceAction.PRESS_UNO))
    assert act(game, play(game, 1, "R2")) == [
        ("CardPlayed", 1, "R2", False),
        ("RaceStarted", 2, RaceAction.PRESS_UNO),
    ]
    assert game.phase is Phase.RACE and game.race_left == [0, 1]
    assert act(game, FinishRace(1)) == [
        ("RaceFinished", 1),
        ("RaceLost", 0),
        drawn(0, ["Y1"], DrawReason.RACE_LOST),
    ]
    check(
        game,
        [["G7", "Y1"], ["G5"]],
        top="R2",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=RED,
    )


def test_wild_game_changer_after_color_replaces_the_rule_of_a_ruled_number() -> None:
    game = new_game(
        [["R1H", "WGC", "G7"], ["R5H", "R1", "G5"], ["Y8", "Y9", "B6"]],
        "R9",
        ["Y1", "Y2", "Y3"],
        rules=HOUSE,
    )
    act(game, play(game, 0, "R1H"))
    act(game, MakeRule(0, 1, RaceAction.TAP_DRAW_PILE))
    act(game, play(game, 1, "R5H"))
    act(game, MakeRule(1, 5, RaceAction.PRESS_LEFT))
    assert act(game, Draw(2)) == [
        ("CardsDrawn", 2, ("Y1",), DrawReason.TURN, 0),
        ("Passed", 2),
    ]
    assert act(game, play(game, 0, "WGC")) == [("CardPlayed", 0, "WGC", False)]
    check(
        game,
        [["G7"], ["R1", "G5"], ["Y8", "Y9", "B6", "Y1"]],
        top="WGC",
        turn=0,
        actor=0,
        phase=Phase.COLOR,
        color=RED,
    )
    # First the color, then the new rule.
    assert act(game, ChooseColor(0, GREEN)) == [("ColorChosen", 0, GREEN)]
    check(
        game,
        [["G7"], ["R1", "G5"], ["Y8", "Y9", "B6", "Y1"]],
        top="WGC",
        turn=0,
        actor=0,
        phase=Phase.MAKE_RULE,
        color=GREEN,
    )
    used = {RaceAction.TAP_DRAW_PILE, RaceAction.PRESS_LEFT}
    # Only ruled numbers (1 and 5) may get a new rule, and only with a rule nobody uses.
    rules_offered = [a for a in game.legal_actions() if isinstance(a, MakeRule)]
    assert rules_offered == rule_choices(game, 0, [1, 5], used)
    assert len(rules_offered) == 2 * 10
    illegal(game, MakeRule(0, 3, RaceAction.PRESS_DOWN), "only a number that already has a rule")
    illegal(game, MakeRule(0, 5, RaceAction.TAP_DRAW_PILE), "that rule is already in use")
    assert act(game, MakeRule(0, 5, RaceAction.PRESS_DOWN)) == [
        ("HouseRuleMade", 0, 5, RaceAction.PRESS_DOWN, RaceAction.PRESS_LEFT)
    ]
    assert game.house_rules == {1: RaceAction.TAP_DRAW_PILE, 5: RaceAction.PRESS_DOWN}
    check(
        game,
        [["G7"], ["R1", "G5"], ["Y8", "Y9", "B6", "Y1"]],
        top="WGC",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=GREEN,
    )
    # The new rule is the one raced on a 5.
    assert act(game, play(game, 1, "G5")) == [
        ("CardPlayed", 1, "G5", False),
        ("RaceStarted", 5, RaceAction.PRESS_DOWN),
    ]


def test_wild_game_changer_without_rules_is_a_plain_wild() -> None:
    game = new_game([["WGC", "G7"], ["R5", "G5"]], "R9", rules=HOUSE)
    assert act(game, play(game, 0, "WGC")) == [("CardPlayed", 0, "WGC", False)]
    assert game.phase is Phase.COLOR
    assert act(game, ChooseColor(0, YELLOW)) == [("ColorChosen", 0, YELLOW)]
    check(
        game,
        [["G7"], ["R5", "G5"]],
        top="WGC",
        turn=1,
        actor=1,
        phase=Phase.PLAY,
        color=YELLOW,
    )
    assert game.house_rules == {}


def test_house_rules_persist_into_the_next_round() -> None:
    game = new_game([["R3H", "R4"], ["R3", "G8"]], "R9", ["Y6", "B7"], rules=HOUSE)
    act(game, CallUno(0))
    act(game, play(game, 0, "R3H"))
    act(game, MakeRule(0, 3, RaceAction.TAP_TABLE_TWICE))
    act(game, play(game, 1, "R3"))
    assert act(game, FinishRace(0)) == [
        ("RaceFinished", 0),
        ("RaceLost", 1),
        drawn(1, ["Y6"], DrawReason.RACE_LOST),
    ]
    assert act(game, play(game, 0, "R4")) == [
        ("CardPlayed", 0, "R4", False),
        ("WentOut", 0, 1),
        ("RoundEnded", 0, 14, (("HandScore", 1, ("G8", "Y6"), 14),), (14, 0), False, ()),
    ]
    assert game.phase is Phase.ROUND_OVER
    illegal(game, NextRound(1), "seat 0 to deal the next hand")
    events = act(game, NextRound(0))
    assert events[0] == ("RoundStarted", 2, 0)
    assert game.round == 2
    assert game.house_rules == {3: RaceAction.TAP_TABLE_TWICE}
    assert game.view(1).house_rules == ((3, RaceAction.TAP_TABLE_TWICE),)
    # A 3 played in the second hand still starts the race of the rule made in the first.
    # (Nobody plays a wild here, so no Wild Game Changer can replace the rule meanwhile.)
    for _ in range(300):
        legal = [a for a in game.legal_actions() if a.player == game.actor]
        plays = [a for a in legal if isinstance(a, Play) and not a.card.is_wild]
        threes = [a for a in plays if a.card.rank == 3]
        if threes:
            events = act(game, threes[0])
            assert events[-1] == ("RaceStarted", 3, RaceAction.TAP_TABLE_TWICE)
            assert game.phase is Phase.RACE and game.race_left == [0, 1]
            break
        others = [a for a in legal if isinstance(a, Pass | Draw)]
        act(game, (plays or others or legal)[0])
        assert game.round == 2 and game.phase is not Phase.ROUND_OVER
    else:
        raise AssertionError("no 3 was played in 300 actions")


def test_jump_in_with_a_ruled_number_starts_a_race_and_takes_the_turn() -> None:
    rules = HOUSE.with_changes(jump_in=True)
    game = new_game(
        [["R3H", "R3", "G9"], ["B4", "G8", "Y7"], ["R3", "Y1", "B8"]],
        "R9",
        ["B1", "B2"],
        rules=rules,
    )
    act(game, play(game, 0, "R3H"))
    act(game, MakeRule(0, 3, RaceAction.PRESS_RIGHT))
    # The top is a House Rules red 3; a plain red 3 counts as identical (same color and number).
    assert jump(game, 2, "R3") in game.legal_actions()
    assert jump(game, 0, "R3") in game.legal_actions()
    assert act(game, jump(game, 2, "R3")) == [
        ("CardPlayed", 2, "R3", True),
        ("RaceStarted", 3, RaceAction.PRESS_RIGHT),
    ]
    check(
        game,
        [["R3", "G9"], ["B4", "G8", "Y7"], ["Y1", "B8"]],
        top="R3",
        turn=2,
        actor=2,
        phase=Phase.RACE,
        color=RED,
    )
    # No jump-in while the race runs.
    illegal(game, jump(game, 0, "R3"), "waiting on the House Rules race")
    act(game, FinishRace(0))
    assert act(game, FinishRace(1)) == [
        ("RaceFinished", 1),
        ("RaceLost", 2),
        drawn(2, ["B1"], DrawReason.RACE_LOST),
    ]
    # Play continues from the jumper: seat 1 lost its turn.
    check(
        game,
        [["R3", "G9"], ["B4", "G8", "Y7"], ["Y1", "B8", "B1"]],
        top="R3",
        turn=0,
        actor=0,
        phase=Phase.PLAY,
        color=RED,
    )
    assert JumpIn(0, game.hands[0][0]) not in game.legal_actions()  # it is seat 0's turn
