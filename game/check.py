"""Invariants of a game state, checked after every action by the simulator and the tests.

Each check returns sentences describing what is wrong (an empty list when all is well), so a
failing simulation says which rule of bookkeeping broke instead of just "assert False".
"""

from __future__ import annotations

from collections import Counter

from game.cards import Card, Rank
from game.engine import Game, Phase
from game.events import Event, RoundEnded

_DECK_SETS: dict[int, tuple[tuple[Card, ...], frozenset[Card]]] = {}

# Phases in which the engine waits on ``actor`` for a turn decision.
_TURN_PHASES = (Phase.PLAY, Phase.DRAWN, Phase.PENALTY, Phase.SKIP)


def state_problems(game: Game) -> list[str]:
    """What is inconsistent in ``game`` right now."""
    problems: list[str] = []
    if game.phase is Phase.SETUP:  # nothing is dealt before the host composes the effect
        return [] if game.legal_actions() else ["no legal action in the setup phase"]
    # Every card of the deck once: as many places as cards, and the cards in them are the deck's.
    # A card is the deck's one object of its uid (game.cards), so a set of cards (hashed by
    # identity) says it at about half the cost of a set of uids; this runs after every
    # simulated action.
    held = [*game.draw_pile, *game.discard]
    for hand in game.hands:
        held += hand
    if len(held) != len(game.cards) or set(held) != _deck_set(game.cards):
        problems.append(_card_problem(game, held))
    if game.direction not in (1, -1):
        problems.append(f"direction is {game.direction}")
    phase = game.phase
    problems += _penalty_problems(game)
    if phase in (Phase.ROUND_OVER, Phase.MATCH_OVER, Phase.SETUP):
        if phase is not Phase.MATCH_OVER and not game.legal_actions():
            problems.append(f"no legal action in phase {phase.value}")
        return problems
    if not game.discard:
        problems.append("the discard pile is empty during a hand")
        return problems
    # A player who went out with a wild (play until all but one are out) still names its color
    # and may still make a House Rule; nothing else waits on a player who is out.
    if not game.active[game.actor] and not (
        phase in (Phase.COLOR, Phase.MAKE_RULE, Phase.RACE) and game.actor == game.turn
    ):
        problems.append(f"the engine waits on seat {game.actor}, who is out")
    if phase in _TURN_PHASES and game.actor != game.turn:
        problems.append(f"phase {phase.value}: actor {game.actor} is not the turn {game.turn}")
    top = game.top
    if phase is not Phase.COLOR and game.color is None:
        problems.append("no current color outside a color choice")
    if top.color is not None and phase is not Phase.COLOR and game.color is not top.color:
        problems.append(f"the color is {game.color} but the top card is {top.code}")
    if phase is Phase.DRAWN and (game.drawn is None or game.drawn not in game.hands[game.actor]):
        problems.append("the drawn card is not in the drawing player's hand")
    if phase is not Phase.DRAWN and game.drawn is not None:
        # Left over, it would be in the digest and the views as a card still to play or keep.
        problems.append(f"a card is still marked as just drawn in phase {phase.value}")
    if game._wd4 is not None and (
        top.rank is not Rank.WILD_DRAW_FOUR or phase not in (Phase.COLOR, Phase.PENALTY)
    ):
        # A +4 is remembered for a challenge only from its play until its penalty is settled.
        problems.append(
            f"a Wild Draw Four is remembered for a challenge under {top.code} "
            f"in phase {phase.value}"
        )
    for seat in game.catchable:
        if len(game.hands[seat]) != 1 or game.uno_said[seat]:
            problems.append(f"seat {seat} is catchable with {len(game.hands[seat])} cards")
    for seat, active in enumerate(game.active):
        if not active and game.hands[seat]:
            problems.append(f"seat {seat} is out but holds cards")
    if not game.legal_actions():
        problems.append(f"no legal action in phase {phase.value}")
    return problems


def _deck_set(cards: tuple[Card, ...]) -> frozenset[Card]:
    """The cards of a deck as a set, made once per deck (the entry keeps the deck, so its id
    is not reused while the entry is there)."""
    entry = _DECK_SETS.get(id(cards))
    if entry is None or entry[0] is not cards:
        if len(_DECK_SETS) >= 8:  # decks are built once per kind; copies of games may bring more
            _DECK_SETS.clear()
        entry = _DECK_SETS[id(cards)] = (cards, frozenset(cards))
    return entry[1]


def _card_problem(game: Game, held: list[Card]) -> str:
    """What is wrong with the cards ``held`` in the piles and hands: cards missing or held twice
    (by uid), or cards that are not the deck's own."""
    seen = Counter(c.uid for c in held)
    dupes = sorted(uid for uid, count in seen.items() if count != 1)
    missing = len(game.cards) - len(seen)
    if not dupes and not missing:
        deck = _deck_set(game.cards)
        strangers = [c.code for c in held if c not in deck]
        return f"cards that are not this game's deck's: {strangers}"
    return f"cards not accounted for exactly once: {missing} missing, {dupes} twice"


def _penalty_problems(game: Game) -> list[str]:
    """A draw penalty's count and its stacked mark belong to the penalty: outside it nothing
    is owed, except the total of a stack that waits while its player names the +4's color.
    Left over, they would change the state's digest, which a saved match must reproduce."""
    problems: list[str] = []
    phase = game.phase
    if phase is Phase.PENALTY and game.pending <= 0:
        problems.append(f"a draw penalty of {game.pending} cards is pending")
    if game.pending and phase not in (Phase.PENALTY, Phase.COLOR):
        problems.append(f"{game.pending} cards are owed in phase {phase.value}")
    if game.pending_stacked and phase is not Phase.PENALTY:
        problems.append(f"a stacked penalty is marked in phase {phase.value}")
    return problems


def score_problems(before: list[int], events: list[Event], game: Game) -> list[str]:
    """Do the scores after a hand add up to the cards counted in its RoundEnded event?"""
    problems: list[str] = []
    for event in events:
        if not isinstance(event, RoundEnded):
            continue
        counted = sum(h.points for h in event.hands)
        recount = sum(c.points for h in event.hands for c in h.cards)
        if counted != event.points or recount != event.points:
            problems.append(f"hand points {event.points} do not add up ({counted}, {recount})")
        gained = [after - b for after, b in zip(event.scores, before, strict=True)]
        if game.rules.play_until_one_left:
            expected = [0] * game.players
        else:
            expected = [0] * game.players
            expected[event.winner] = event.points
            partner = game.partner(event.winner)
            if partner is not None:
                expected[partner] = event.points
        if gained != expected:
            problems.append(f"scores rose by {gained}, expected {expected}")
    return problems
