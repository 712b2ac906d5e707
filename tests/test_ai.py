"""AI opponents: they play only legal actions, finish games, and decide from their view alone."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter

import pytest

from game.actions import Action, Challenge, ChooseColor, Draw, Pass, Play
from game.ai import Level, expert, make_agent
from game.ai.driver import AutoTable
from game.ai.expert import deal_hidden, sample_position
from game.ai.levels import Hard, is_bluff, is_window_action
from game.ai.memory import Memory, SeenPlay, _seen_play
from game.ai.playout import Lacks, Tally, WildFourMemory, light_policy, playout
from game.ai.worker import SearchPool
from game.cards import COLORS, Card, Color, DeckKind, Rank, deck, find_cards
from game.check import state_problems
from game.engine import Game, Phase
from game.events import (
    CardPlayed,
    CardsDrawn,
    Challenged,
    ColorChosen,
    DrawReason,
    Passed,
    RoundStarted,
    redact,
)
from game.randomplay import random_action
from game.rules import Rules, Stacking, TargetMode, preset
from game.view import SeatView
from tests.helpers import new_game
from tools.measure.outside_agent import RLCardRule

LEVELS = [Level.EASY, Level.NORMAL, Level.HARD]


def agents_for(level: Level, players: int) -> dict[int, object]:
    if level is Level.EXPERT:  # one searching seat among Hard players keeps the test quick
        return {0: make_agent(level, samples=1), **{s: Hard() for s in range(1, players)}}
    return {seat: make_agent(level) for seat in range(players)}


@pytest.mark.slow
@pytest.mark.parametrize("level", [*LEVELS, Level.EXPERT])
@pytest.mark.parametrize("name", ["classic", "uno2023", "house-rules"])
def test_ai_only_hands_end_with_legal_actions(level: Level, name: str) -> None:
    rules = preset(name).with_changes(target_mode=TargetMode.SINGLE_HAND)
    hands = 2 if level is Level.EXPERT else 6
    for seed in range(hands):
        players = 2 + seed % (2 if level is Level.EXPERT else 4)
        game = Game(rules, players, seed)
        table = AutoTable(game, agents_for(level, players), seed)  # type: ignore[arg-type]
        for _ in range(20_000):
            if game.is_over:
                break
            # The engine raises IllegalAction on anything not legal, so this also checks that.
            assert table.step() is not None
        assert game.is_over


SWITCHES = [
    {"stacking": Stacking.CROSS, "jump_in": True},
    {"seven_zero": True, "skip_bounce": True},
    {"play_until_one_left": True, "no_wild_finish": True},
    {"teams": True},
    {"custom_effects": ()},
]


@pytest.mark.slow
@pytest.mark.parametrize("changes", SWITCHES)
@pytest.mark.parametrize("level", LEVELS)
def test_ai_plays_every_switch(level: Level, changes: dict[str, object]) -> None:
    deck = "uno2023" if "custom_effects" in changes else "house-rules"
    rules = preset(deck).with_changes(target_mode=TargetMode.SINGLE_HAND, **changes)
    for seed in range(3):
        game = Game(rules, 4, seed)
        table = AutoTable(game, agents_for(level, 4), seed)  # type: ignore[arg-type]
        for _ in range(20_000):
            if game.is_over:
                break
            assert table.step() is not None
        assert game.is_over


def memory_of(game: Game, seat: int) -> Memory:
    memory = Memory(seat, game.players)
    for event in game.log:
        memory.observe(redact(event, seat))
    return memory


def twin_with_other_hidden_cards(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game as ``seat`` sees it, with the hidden cards dealt differently."""
    twin = copy.deepcopy(game)
    others = [p for p in range(game.players) if p != seat]
    hidden = [c for p in others for c in twin.hands[p]] + twin.draw_pile
    rng.shuffle(hidden)
    for p in others:
        size = len(twin.hands[p])
        twin.hands[p], hidden = hidden[:size], hidden[size:]
    twin.draw_pile = hidden
    twin._legal = None
    return twin


@pytest.mark.parametrize("level", [*LEVELS, Level.EXPERT])
def test_decisions_depend_only_on_the_seats_view(level: Level) -> None:
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    agent = make_agent(level, samples=3)
    checked = 0
    for seed in range(40):
        game = Game(rules, 3, seed)
        rng = random.Random(seed)
        for _ in range(5 + seed % 20):
            if game.is_over:
                break
            game.apply(random_action(game, rng))
        if game.is_over:
            continue
        seat = game.actor
        memory = memory_of(game, seat)
        if any(memory.known[p] for p in memory.known):
            continue  # the seat knows cards in another hand: those are not hidden
        twin = twin_with_other_hidden_cards(game, seat, random.Random(seed))
        assert twin.hands != game.hands or twin.draw_pile != game.draw_pile
        assert twin.view(seat) == game.view(seat)
        first = agent.decide(game.view(seat), memory, random.Random(99))
        second = agent.decide(twin.view(seat), memory_of(twin, seat), random.Random(99))
        assert first == second, (seed, first, second)
        checked += 1
    assert checked >= 20


def test_catch_and_late_uno_call_are_window_actions_but_turn_actions_are_not() -> None:
    # Seat 0 plays down to one card without calling: seat 1 may catch, seat 0 may still call.
    game = Game(Rules(hand_size=2), 2, 3, stacked=["R1", "G2", "R3", "G4", "R5"], dealer=1)
    game.apply(Play(0, game.hands[0][0]))
    view = game.view(1)
    windows = [type(a).__name__ for a in view.legal if is_window_action(a, view)]
    turn = [type(a).__name__ for a in view.legal if not is_window_action(a, view)]
    assert windows == ["Catch"]
    assert turn == ["Draw", "CallUno"]  # two cards: UNO may be declared before playing
    own = game.view(0)
    assert [type(a).__name__ for a in own.legal] == ["CallUno"]
    assert is_window_action(own.legal[0], own)


def hidden_twin(game: Game, memory: Memory, seed: int) -> Game | None:
    """The game with the actor's hidden cards dealt differently, or None when the actor knows
    a card in another hand (a twin would then not be the same view)."""
    if any(memory.known[p] for p in memory.known):
        return None
    return twin_with_other_hidden_cards(game, game.actor, random.Random(seed))


def test_expert_samples_and_playouts_depend_only_on_the_seats_view() -> None:
    # The Expert's playouts read the sampled game directly: that game must be the same
    # whatever the true hidden cards are, and so must each playout's outcome.
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    checked = 0
    for seed in range(30):
        game = Game(rules, 2 + seed % 3, seed)
        rng = random.Random(seed)
        for _ in range(5 + seed % 25):
            if game.is_over:
                break
            game.apply(random_action(game, rng))
        if game.is_over or game.phase.value not in ("play", "drawn"):
            continue
        seat = game.actor
        memory = memory_of(game, seat)
        twin = hidden_twin(game, memory, seed)
        if twin is None:
            continue
        view, twin_view = game.view(seat), twin.view(seat)
        twin_memory = memory_of(twin, seat)
        assert (memory.void, memory.wildless) == (twin_memory.void, twin_memory.wildless)
        first = sample_position(view, memory, random.Random(7))
        second = sample_position(twin_view, twin_memory, random.Random(7))
        assert first.state_digest() == second.state_digest()
        action = view.legal[0]
        assert playout(first, seat, action) == playout(second, seat, action)
        checked += 1
    assert checked >= 10


@pytest.mark.slow  # a sweep (the Expert's searches): make test, not test-quick
def test_expert_names_the_color_of_its_wild_from_its_view_alone() -> None:
    # The Expert searches the color for its wild from the position before the wild left its
    # hand: the same view with the hidden cards dealt differently must name the same color.
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    agent = make_agent(Level.EXPERT, samples=3)
    checked = 0
    for seed in range(40):
        game = Game(rules, 2 + seed % 2, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.is_over or game.phase.value == "color":
                break
            game.apply(random_action(game, rng))
        if game.is_over or game.phase.value != "color":
            continue
        seat = game.actor
        memory = memory_of(game, seat)
        twin = hidden_twin(game, memory, seed)
        if twin is None:
            continue
        first = agent.decide(game.view(seat), memory, random.Random(5))
        second = agent.decide(twin.view(seat), memory_of(twin, seat), random.Random(5))
        assert isinstance(first, ChooseColor) and first in game.view(seat).legal
        assert first == second, (seed, first, second)
        checked += 1
    assert checked >= 10


def test_expert_playouts_play_the_card_the_next_player_can_hardly_follow() -> None:
    # Red is nearly all on the discard pile: the light policy leads the red five, not the
    # blue one, since the next player can follow blue far more often.
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    cards = deck(rules.deck)
    red5, blue5, green1, top = find_cards(cards, ["R5", "B5", "G1", "Y5"])
    reds = [c for c in cards if c.color is Color.RED and c is not red5]
    rest = [c for c in cards if c not in (red5, blue5, green1, top) and c not in reds]
    game = Game.from_position(
        rules,
        seed=1,
        hands=[[blue5, red5, green1], rest[:7]],
        draw_pile=rest[7:],
        discard=[*reds, top],
        color=Color.YELLOW,
        direction=1,
        turn=0,
    )
    assert light_policy(game, Tally(game)) == Play(0, red5)


class Tracked:
    """A game with the lacks and the discard tally a playout keeps, moved step by step."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.lacks = Lacks(game.players)
        self.lacks.start(game)
        self.tally = Tally(game)

    def light(self) -> Action:
        """The light policy's action now."""
        return light_policy(self.game, self.tally, self.lacks)

    def apply(self, action: Action) -> None:
        self.lacks.before(self.game, action, self.tally.deck)
        self.game.apply(action)
        self.lacks.after(self.game)


@pytest.mark.parametrize("players", [2, 4])
def test_playout_lacks_follow_the_play_as_a_seats_memory_reads_it(players: int) -> None:
    # The playouts count the lacks themselves (no events are built there): after every
    # action of seeded hands played by the light policy, what they hold of each player
    # must be what seat 0's memory read from the events.
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    compared = lacked = 0
    for seed in range(12):
        game = Game(rules, players, seed)
        memory = Memory(0, players)
        seen = 0
        tracked = Tracked(game)
        lacks = tracked.lacks
        for _ in range(400):
            if game.is_over:
                break
            action = tracked.light()
            tracked.apply(action)
            for event in game.log[seen:]:
                memory.observe(redact(event, 0))
            seen = len(game.log)
            for p in range(players):  # the seat's own lacks too: what the others read
                void = memory.void.get(p, {})
                expected = [void.get(c, -1) for c in COLORS]
                assert lacks.void[p * 4 : p * 4 + 4] == expected, (seed, p, action)
                assert lacks.wild[p] == memory.wildless.get(p, -1), (seed, p, action)
                lacked += sum(1 for v in expected if v >= 0)
            compared += 1
    assert compared > 300 and lacked > 100, (compared, lacked)


def test_playouts_with_the_lacks_lead_the_color_the_next_player_lacked() -> None:
    # Four reds are on the discard pile: counted without the lacks, the red five is the
    # safer lead. The next player drew on blue and has taken no card since, so counted with
    # the lacks the blue five is.
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    cards = deck(rules.deck)
    red5, blue5, green1, top = find_cards(cards, ["R5", "B5", "G1", "Y5"])
    reds = [c for c in cards if c.color is Color.RED and c is not red5][:4]
    rest = [c for c in cards if c not in (red5, blue5, green1, top) and c not in reds]
    game = Game.from_position(
        rules,
        seed=1,
        hands=[[red5, blue5, green1], rest[:7]],
        draw_pile=rest[7:],
        discard=[*reds, top],
        color=Color.YELLOW,
        direction=1,
        turn=0,
    )
    assert light_policy(game, Tally(game)) == Play(0, red5)
    lacks = Lacks.of(2, {1: {Color.BLUE: 0}}, {1: 0})
    lacks.start(game)
    assert light_policy(game, Tally(game), lacks) == Play(0, blue5)


def green_five_on_top(hand: list[str]) -> tuple[Game, list[Card]]:
    """A heads-up single hand on a green five, seat 0 to play ``hand`` (short names) against
    seven cards; the cards of ``hand`` are returned in its order."""
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    cards = deck(rules.deck)
    *mine, top = find_cards(cards, [*hand, "G5"])
    rest = [c for c in cards if c not in (*mine, top)]
    game = Game.from_position(
        rules,
        seed=1,
        hands=[mine, rest[:7]],
        draw_pile=rest[7:],
        discard=[top],
        color=Color.GREEN,
        direction=1,
        turn=0,
    )
    return game, mine


def test_playouts_heads_up_play_an_extra_turn_card_first_only_with_a_card_to_follow() -> None:
    # As Hard does: a Skip goes first when the turn it brings back has a card to play (the
    # green one); with none to follow it, the blue five goes and the Skip waits.
    game, (skip, blue5, _) = green_five_on_top(["GS", "B5", "G1"])
    assert light_policy(game, Tally(game)) == Play(0, skip)
    game, (skip, blue5, _) = green_five_on_top(["GS", "B5", "Y7"])
    assert light_policy(game, Tally(game)) == Play(0, blue5)
    assert Hard().decide(game.view(0), memory_of(game, 0), random.Random(1)) == Play(0, blue5)


def wd4_played_on_red(bluffer_hand: int, *, holds_red: bool) -> tuple[Game, Memory]:
    """A heads-up single hand: seat 1 plays a Wild Draw Four on a red five from a hand of
    ``bluffer_hand`` cards (one red among them with ``holds_red``: a bluff) and names blue;
    seat 0 may challenge. Returns the game and seat 0's memory."""
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    cards = deck(rules.deck)
    wd4, top, red = find_cards(cards, ["W+4", "R5", "R7"])
    others = [c for c in cards if c.color not in (Color.RED, None)]
    hand = others[: bluffer_hand - 1] + (
        [red] if holds_red else others[bluffer_hand - 1 : bluffer_hand]
    )
    mine = others[20:27]
    pile = [c for c in cards if c not in (wd4, top, *hand, *mine)]
    game = Game.from_position(
        rules,
        seed=1,
        hands=[mine, [wd4, *hand]],
        draw_pile=pile,
        discard=[top],
        color=Color.RED,
        direction=1,
        turn=1,
    )
    memory = Memory(0, 2)
    memory.color = Color.RED  # a position set up by hand has no RoundStarted to read it from
    game.apply(Play(1, wd4))
    game.apply(ChooseColor(1, Color.BLUE))
    for event in game.log:
        memory.observe(redact(event, 0))
    return game, memory


@pytest.mark.parametrize(("size", "challenged"), [(5, False), (8, False), (14, True)])
def test_playouts_challenge_a_wild_draw_four_as_hard_does(size: int, challenged: bool) -> None:
    # Hard expects a bluff in fifty: a +4 from five or eight cards passes, even a bluff
    # (nothing public tells it apart), and one from fourteen, which almost surely still held
    # red, is challenged. The older rule challenged from four cards heads-up.
    for holds_red in (False, True):
        game, memory = wd4_played_on_red(size, holds_red=holds_red)
        hard = Hard().decide(game.view(0), memory, random.Random(1))
        light = light_policy(game, Tally(game), Lacks(2))
        assert (
            type(hard).__name__ == type(light).__name__ == ("Challenge" if challenged else "Accept")
        ), (size, holds_red, hard, light)


def test_playouts_challenge_a_player_whom_challenges_showed_bluffing() -> None:
    # Two bluffs of seat 1 shown earlier in the match: Hard then takes one +4 in six of its to
    # be a bluff and challenges one from five cards, and so do the playouts that start from
    # the memory (without that history they let it pass).
    game, memory = wd4_played_on_red(5, holds_red=False)
    memory.bluffs_shown[1] = 2
    hard = Hard().decide(game.view(0), memory, random.Random(1))
    record = WildFourMemory.of(2, memory.bluffs_shown, memory.honest_shown, {}, {})
    assert isinstance(hard, Challenge)
    assert isinstance(light_policy(game, Tally(game), Lacks(2), record), Challenge)
    assert not isinstance(light_policy(game, Tally(game), Lacks(2)), Challenge)


@pytest.mark.parametrize("players", [2, 4])
def test_playout_challenges_agree_with_hards_on_seeded_hands(players: int) -> None:
    # Seeded hands played by the light policy (wilds last, so a +4 comes mostly from a hand
    # out of the color, and big hands are rare): at each +4 that may be challenged before any
    # challenge of the hand has shown a hand, the light policy answers as Hard in the
    # victim's seat with the same memory would.
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    compared = 0
    for seed in range(60):
        game = Game(rules, players, seed)
        tracked = Tracked(game)
        for _ in range(600):
            if game.is_over or any(isinstance(e, Challenged) for e in game.log):
                break
            action = tracked.light()
            if any(isinstance(a, Challenge) for a in game.legal_actions()):
                seat = game.actor
                hard = Hard().decide(game.view(seat), memory_of(game, seat), random.Random(1))
                assert isinstance(hard, Challenge) == isinstance(action, Challenge), (seed, hard)
                compared += 1
            tracked.apply(action)
    assert compared >= 20, compared


@pytest.mark.parametrize("players", [2, 4])
def test_playouts_play_the_card_and_name_the_color_hard_would(players: int) -> None:
    # Seeded hands played by Hard: at each color to name and each turn with more than one
    # distinct card to play (before any challenge has shown a hand), the light policy, from
    # the lacks it counted itself, does what Hard in that seat does from its memory. Heads-up
    # this covers the value of an extra-turn card by the cards that can follow it; the
    # colors, Hard's way between equals (the one the next foe and the leader can hardly
    # follow); and Hard's +4 bluffs when the next foe is close to out.
    rules = Rules(target_mode=TargetMode.SINGLE_HAND)
    compared = chains = colors = bluffs = 0
    for seed in range(25):
        game = Game(rules, players, seed)
        memories = [Memory(p, players) for p in range(players)]
        seen = 0
        tracked = Tracked(game)
        rng = random.Random(seed)
        for _ in range(2000):
            for event in game.log[seen:]:
                for p in range(players):
                    memories[p].observe(redact(event, p))
            seen = len(game.log)
            if game.is_over or any(isinstance(e, Challenged) for e in game.log):
                break
            actor = game.actor
            view = game.view(actor)
            action = Hard().decide(view, memories[actor], rng)
            assert action is not None
            plays = [a for a in view.legal if isinstance(a, Play) and a.player == actor]
            if game.phase is Phase.COLOR and game.actor == actor:
                assert tracked.light() == action, (seed, action)
                colors += 1
            elif game.phase is Phase.PLAY and len({(a.card.color, a.card.rank) for a in plays}) > 1:
                light = tracked.light()
                if isinstance(action, Play):
                    assert isinstance(light, Play), (seed, action, light)
                    assert light.card.code == action.card.code, (seed, action, light)
                    chains += action.card.rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO)
                    bluffs += is_bluff(view, action.card)
                else:
                    assert type(light) is type(action), (seed, action, light)
                compared += 1
            tracked.apply(action)
    assert compared > 200 and chains > 20 and colors > 30, (compared, chains, colors)
    assert bluffs > 0, bluffs  # the bluffs were met too


def search_with_fixed_outcomes(
    monkeypatch: pytest.MonkeyPatch, outcomes: dict[str, float], samples: int
) -> tuple[object, Counter[str]]:
    """The Expert's search over R5, B5 and G1 (Hard's choice R5) when every playout of a
    card scores what ``outcomes`` gives it; returns the choice and the playouts per card."""
    game, (red5, blue5, green1) = green_five_on_top(["R5", "B5", "G1"])
    played: Counter[str] = Counter()

    def fixed(sampled: Game, seat: int, first: Play, *_: object) -> float:
        played[first.card.code] += 1
        return outcomes[first.card.code]

    monkeypatch.setattr(expert, "playout", fixed)
    agent = expert.Expert(expert.ExpertConfig(samples=samples))
    candidates = [Play(0, red5), Play(0, blue5), Play(0, green1)]
    choice = agent.search(
        game.view(0), memory_of(game, 0), list(candidates), candidates[0], random.Random(3)
    )
    return choice, played


def test_expert_search_stops_playing_out_a_clearly_worse_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # B5 loses every line Hard's R5 wins and G1 only ties: at the first check neither can
    # still clear the margin, so both are dropped and Hard's choice stands without more
    # samples.
    choice, played = search_with_fixed_outcomes(
        monkeypatch, {"R5": 1.0, "B5": -1.0, "G1": 1.0}, samples=200
    )
    assert isinstance(choice, Play) and choice.card.code == "R5"
    assert played == {"R5": expert.FIRST_CHECK, "B5": expert.FIRST_CHECK, "G1": expert.FIRST_CHECK}


def test_expert_search_takes_a_card_that_wins_more_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # G1 wins every line Hard's R5 loses: it is searched to the end and chosen.
    choice, played = search_with_fixed_outcomes(
        monkeypatch, {"R5": -1.0, "B5": -1.0, "G1": 1.0}, samples=100
    )
    assert isinstance(choice, Play) and choice.card.code == "G1"
    assert played["G1"] == played["R5"] == 100
    assert played["B5"] == expert.FIRST_CHECK


@pytest.mark.parametrize("allowed", [True, False])
def test_expert_searches_drawing_instead_of_playing(
    monkeypatch: pytest.MonkeyPatch, allowed: bool
) -> None:
    # The rules let a player draw although it could play. When every playout after a draw
    # wins and every playout after a play loses, the Expert draws (unless told not to
    # search it, the arena's draw_candidate=0).
    game, _ = green_five_on_top(["R5", "W", "B1"])
    assert Draw(0) in game.legal_actions()

    def fixed(sampled: Game, seat: int, first: object, *_: object) -> float:
        return 1.0 if isinstance(first, Draw) else -1.0

    monkeypatch.setattr(expert, "playout", fixed)
    agent = expert.Expert(expert.ExpertConfig(samples=60, draw_candidate=allowed))
    choice = agent.decide(game.view(0), memory_of(game, 0), random.Random(3))
    assert isinstance(choice, Draw) is allowed, choice


def test_samples_respect_what_the_seat_knows() -> None:
    # Seat 1 drew on red and kept the card: no sample may give it a red card or a wild.
    game = Game(Rules(hand_size=3), 2, 5, stacked=["R1", "G2", "R3", "G4", "B5", "G6", "R7", "Y8"])
    game.apply(Play(0, game.hands[0][0]))  # seat 0 plays R1; seat 1 holds G2 G4 G6, no red
    game.apply(Draw(1))
    if game.phase.value == "drawn":
        game.apply(Pass(1))
    memory = memory_of(game, 0)
    assert memory.lacks(1) == {Color.RED}
    assert memory.wildless[1] == 1  # it has taken one card since: the one it kept
    # It drew on R1, so it held no 1 of any color either, and the card it kept is no 1.
    assert memory.rank_void[1] == {Rank.ONE: 0}
    view = game.view(0)
    for s in range(20):
        sample = sample_position(view, memory, random.Random(s))
        assert len(sample.hands[1]) == len(game.hands[1])
        assert not any(c.color is Color.RED for c in sample.hands[1])
        assert sum(c.is_wild for c in sample.hands[1]) <= 1
        assert not any(c.rank is Rank.ONE for c in sample.hands[1])
    blind = [deal_hidden(view, memory, random.Random(s), rank_lacks=False) for s in range(40)]
    assert any(c.rank is Rank.ONE for hands, _ in blind for c in hands[1])


def test_memory_counts_the_cards_taken_since_a_lack() -> None:
    memory = Memory(0, 2)
    memory.observe(RoundStarted(1, 1))
    memory.color = Color.RED
    memory.observe(CardsDrawn(1, (None,), DrawReason.TURN))
    memory.observe(Passed(1))
    assert memory.lacks(1) == {Color.RED}
    memory.observe(CardsDrawn(1, (None, None), DrawReason.DRAW_TWO))
    assert memory.void[1] == {Color.RED: 2} and memory.lacks(1) == set()
    # A wild played on blue: a sound player keeps wilds while it can follow.
    memory.color = Color.BLUE
    memory.observe(CardPlayed(1, deck(DeckKind.CLASSIC)[-1]))
    assert Color.BLUE in memory.lacks(1)


def test_only_the_cards_taken_since_a_lack_may_be_of_it() -> None:
    # Seat 1 (six cards) drew on red and kept the card: it holds no red, and only the card
    # it kept may be a wild, so about one sample in twelve gives it a wild (8 wilds among ~100
    # unseen cards), not one in three as a cap of one wild anywhere in the hand would.
    game = Game(Rules(hand_size=7), 2, 3)
    memory = Memory(0, 2)
    memory.observe(RoundStarted(1, 1))
    memory.hand = list(game.hands[0])
    memory.color = Color.RED
    memory.observe(CardsDrawn(1, (None,), DrawReason.TURN))
    memory.observe(Passed(1))
    assert memory.void[1] == {Color.RED: 0} and memory.wildless[1] == 1
    view = dataclasses.replace(game.view(0), hand_sizes=(7, 6), color=Color.RED)
    wild = 0
    for s in range(600):
        hands, _ = deal_hidden(view, memory, random.Random(s), rank_lacks=False)
        assert not any(c.color is Color.RED for c in hands[1])
        assert sum(c.is_wild for c in hands[1]) <= 1
        wild += any(c.is_wild for c in hands[1])
    assert 15 < wild < 100, wild


def test_the_named_color_is_not_given_in_a_rank_the_player_lacked() -> None:
    # Seat 1 (two cards) named green and has since drawn on a 7 without playing it: it holds
    # no 7 of any color. When no green card was dealt to it, the green card it is given in
    # place of its oldest one is never a 7 (the first green card of the pool was taken before,
    # a 7 about one time in twelve).
    game = Game(Rules(hand_size=7), 2, 3)
    memory = Memory(0, 2)
    memory.observe(RoundStarted(1, 1))
    memory.hand = list(game.hands[0])
    memory.named = {1: Color.GREEN}
    memory.rank_void = {1: {Rank.SEVEN: 0}}
    view = dataclasses.replace(game.view(0), hand_sizes=(7, 2), color=Color.GREEN)
    for s in range(400):
        hands, _ = deal_hidden(view, memory, random.Random(s))
        assert any(c.color is Color.GREEN for c in hands[1])
        assert not any(c.rank is Rank.SEVEN for c in hands[1]), s


def test_samples_give_a_player_the_color_it_named() -> None:
    # Seat 1 plays a wild on red and names green (a sound player names a color it holds): every
    # sample gives it a green card, until it plays one. Without the inference some do not.
    hands = [["R9", "G1", "R5", "Y8"], ["W", "G7", "B1", "Y2"]]
    game = new_game(hands, "R2", rules=Rules(target_mode=TargetMode.SINGLE_HAND))
    game.apply(Play(0, game.hands[0][0]))  # R9
    game.apply(Play(1, next(c for c in game.hands[1] if c.is_wild)))
    game.apply(ChooseColor(1, Color.GREEN))
    game.apply(Play(0, next(c for c in game.hands[0] if c.code == "G1")))
    game.apply(Play(1, next(c for c in game.hands[1] if c.code == "B1")))
    memory = memory_of(game, 0)
    assert memory.named == {1: Color.GREEN}  # a blue card says nothing of green
    view = game.view(0)
    samples = [sample_position(view, memory, random.Random(s)) for s in range(40)]
    assert all(any(c.color is Color.GREEN for c in g.hands[1]) for g in samples)
    assert all(len(g.hands[1]) == 2 and state_problems(g) == [] for g in samples)
    blind = [sample_position(view, memory, random.Random(s), infer_named=False) for s in range(40)]
    assert not all(any(c.color is Color.GREEN for c in g.hands[1]) for g in blind)
    green = next(c for c in deck(DeckKind.CLASSIC) if c.color is Color.GREEN)
    memory.observe(CardPlayed(1, green))  # the named color came out: nothing more is read
    assert memory.named == {}
    memory.observe(ColorChosen(0, Color.RED))  # the seat's own color is no news to it
    assert memory.named == {}


def test_hard_plays_the_card_the_next_player_cannot_follow() -> None:
    # Seat 1 drew on red and kept the card: it holds no red. On R9, seat 0 may play R5 or G9;
    # Normal's habit takes G9 (its biggest color), Hard the red card seat 1 cannot follow.
    hands = [["R9", "R5", "G9", "G8"], ["B1", "Y2", "Y3", "Y4"]]
    game = new_game(hands, "R2", draws=["G3"], rules=Rules(target_mode=TargetMode.SINGLE_HAND))
    game.apply(Play(0, game.hands[0][0]))  # R9
    game.apply(Draw(1))  # G3: not playable on red, kept
    assert game.phase.value == "play" and game.actor == 0
    view, memory = game.view(0), memory_of(game, 0)
    normal = make_agent(Level.NORMAL).decide(view, memory, random.Random(1))
    hard = make_agent(Level.HARD).decide(view, memory, random.Random(1))
    assert isinstance(normal, Play) and normal.card.code == "G9"
    assert isinstance(hard, Play) and hard.card.code == "R5"


def test_the_outside_agent_plays_legal_hands_to_the_end() -> None:
    for name in ("classic", "uno2023", "house-rules"):
        rules = preset(name).with_changes(target_mode=TargetMode.SINGLE_HAND)
        for seed in range(4):
            players = 2 + seed % 3
            game = Game(rules, players, seed)
            agents = {0: RLCardRule(), **{s: Hard() for s in range(1, players)}}
            table = AutoTable(game, agents, seed)
            for _ in range(20_000):
                if game.is_over:
                    break
                assert table.step() is not None
            assert game.is_over


def test_the_outside_agent_keeps_wilds_and_plays_a_wild_draw_four_last() -> None:
    agent = RLCardRule()
    hands = [["W", "W+4", "G7", "B1"], ["Y1", "Y2", "Y3", "Y4"]]
    game = new_game(hands, "G2")
    choice = agent.decide(game.view(0), memory_of(game, 0), random.Random(1))
    assert isinstance(choice, Play) and choice.card.code == "G7"
    game = new_game([["W", "W+4", "B1", "B2"], ["Y1", "Y2", "Y3", "Y4"]], "G3")
    choice = agent.decide(game.view(0), memory_of(game, 0), random.Random(1))
    assert isinstance(choice, Play) and choice.card.code == "W"
    game = new_game([["W+4", "B1", "B2", "Y5"], ["Y1", "Y2", "Y3", "Y4"]], "G3")
    choice = agent.decide(game.view(0), memory_of(game, 0), random.Random(1))
    assert isinstance(choice, Play) and choice.card.code == "W+4"
    game.apply(choice)
    assert agent.decide(game.view(0), memory_of(game, 0), random.Random(1)) == ChooseColor(
        0, Color.BLUE
    )


# Every option away from its default (the search bounded by samples, not time, so that both
# processes run the same search).
OPTIONS = expert.ExpertConfig(
    budget_s=5.0,
    samples=30,
    margin=0.0,
    se_k=0.0,
    drop_k=0.5,
    infer_named=False,
    read_plays=False,
    mismatch_keep=0.5,
    rank_lacks=False,
    playout_lacks=False,
    draw_candidate=False,
    own_lacks=False,
    hard_challenges=False,
    hard_plays=False,
    deal_each=False,
    read_across=False,
)


def expert_turns(count: int) -> list[tuple[SeatView, Memory]]:
    """Seats' views of turns with more than one card to play, from seeded three-player hands
    that Hard plays."""
    found: list[tuple[SeatView, Memory]] = []
    eligible = 0
    for seed in range(40):
        game = Game(Rules(), 3, seed)
        table = AutoTable(game, {s: Hard() for s in range(3)}, seed)
        for _ in range(400):
            if game.is_over or len(found) >= count:
                break
            seat = game.actor
            plays = {a.card.code for a in game.legal_actions() if isinstance(a, Play)}
            if game.phase is Phase.PLAY and len(plays) >= 2:
                eligible += 1
                if eligible % 4 == 0:  # turns spread over the hands
                    found.append((game.view(seat), memory_of(game, seat)))
            if table.step() is None:
                break
        if len(found) >= count:
            return found
    return found


@pytest.mark.subprocess  # starts the Expert's worker process
def test_an_expert_decides_the_same_in_the_worker_with_all_its_options() -> None:
    # Its whole config crosses to the worker: before, only budget_s and samples did, and the
    # worker's Expert searched with the default options instead.
    turns = expert_turns(6)
    assert len(turns) == 6
    here = [expert.Expert(OPTIONS).decide(v, m, random.Random(i)) for i, (v, m) in enumerate(turns)]
    default = expert.ExpertConfig(samples=OPTIONS.samples)
    plain = [
        expert.Expert(default).decide(v, m, random.Random(i)) for i, (v, m) in enumerate(turns)
    ]
    assert here != plain  # the options change decisions on these turns
    pool = SearchPool()
    try:
        there = [
            pool.submit(expert.Expert(OPTIONS), v, m, random.Random(i)).result(timeout_s=120)
            for i, (v, m) in enumerate(turns)
        ]
    finally:
        pool.shutdown()
    assert there == here


def test_a_sample_does_not_depend_on_the_cards_identity() -> None:
    # Cards hash by identity, so a set of known cards iterates in an order that changes from
    # one process to the next. The same memory holding other objects of the same cards (other
    # hashes, so another set order) must deal the same hands: the Expert's search was not
    # reproducible across processes once it knew cards in another hand (more known cards than
    # the hand holds, so which ones are kept depends on the order they are read in).
    game = Game(Rules(hand_size=7), 2, 3)
    view = dataclasses.replace(game.view(0), hand_sizes=(7, 3))
    theirs = list(game.hands[1])

    def dealt(copies: bool) -> list[list[int]]:
        memory = Memory(0, 2)
        memory.observe(RoundStarted(1, 1))
        memory.hand = list(game.hands[0])
        cards = [dataclasses.replace(c) for c in theirs] if copies else theirs
        memory.known = {0: set(), 1: set(cards)}
        hands, pile = deal_hidden(view, memory, random.Random(5))
        return [[c.uid for c in hand] for hand in hands] + [[c.uid for c in pile]]

    first = dealt(False)
    assert all(dealt(True) == first for _ in range(20))


def test_a_seen_play_counted_again_keeps_its_other_fields() -> None:
    cards = deck(DeckKind.CLASSIC)
    seen = SeenPlay(cards[5], Color.YELLOW, cards[30], next_size=3, named=True, taken=2)
    again = _seen_play(seen, taken=5, took=True)
    assert again == dataclasses.replace(seen, taken=5, took=True)
    # Written out field by field for speed: a new field must be passed on there too.
    names = [f.name for f in dataclasses.fields(SeenPlay)]
    assert names == ["card", "color", "top", "next_size", "named", "taken", "took"]
