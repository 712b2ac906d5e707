"""Runs AI seats on a game headless: memories, seeded choices, arrivals ordered by timing.

At each step every AI seat that may act is asked: the seat the engine waits on for its
decision (it arrives after the level's thinking pause), and every seat with an open real-time
window for its reaction (it arrives after a reaction time drawn from the level's model). The
earliest arrival is applied, as it would be at a real table. The arena, the simulations and the
Expert AI's playouts all use this; the table scene asks the same agents and waits the same
times on the clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from game.actions import Action, FinishRace
from game.ai.levels import Agent, is_window_action
from game.ai.memory import Memory
from game.engine import Game
from game.events import Event, redact
from game.rules import RACE_ACTION_MOVES
from game.view import SeatView

# Seconds one move of a House Rules race takes (a key press or a tap once the player knows what
# to do): added to an AI's reaction so that a person who reacts in about a second races a Normal
# AI on fair terms.
RACE_MOVE_S = 0.25
# A turn decision made for (seat, agent, view, memory, rng) in place of ``agent.decide``.
Decider = Callable[[int, Agent, SeatView, Memory, random.Random], Action | None]


@dataclass(frozen=True, slots=True)
class Proposal:
    delay_s: float
    seat: int
    action: Action


def earliest(proposals: Iterable[Proposal]) -> Proposal | None:
    """The proposal that arrives first; at the same moment the lower seat (the one order every
    driver of AIs uses: the match's ticks, its fast-forward, headless arenas)."""
    return min(proposals, key=lambda p: (p.delay_s, p.seat), default=None)


class AutoTable:
    """AI players seated at ``game``; seats without an agent are left to the caller."""

    def __init__(self, game: Game, agents: Mapping[int, Agent], seed: int) -> None:
        self.game = game
        self.agents = dict(agents)
        self.memories = {seat: Memory(seat, game.players) for seat in self.agents}
        self.seed = seed
        self._seen = 0
        self.feed()

    def seat(self, seat: int, agent: Agent | None) -> None:
        """Let ``agent`` play ``seat`` from now on (None: the caller plays it again). A new
        agent's memory is built from the whole log, redacted for its seat, as if it had sat
        there all along: it knows what that seat saw, and nothing more."""
        if agent is None:
            self.agents.pop(seat, None)
            self.memories.pop(seat, None)
            return
        memory = Memory(seat, self.game.players)
        for event in self.game.log[: self._seen]:
            memory.observe(redact(event, seat))
        self.agents[seat] = agent
        self.memories[seat] = memory

    def feed(self) -> None:
        """Give every AI seat the events it has not seen yet, redacted for that seat."""
        log = self.game.log
        for event in log[self._seen :]:
            for seat, memory in self.memories.items():
                memory.observe(redact(event, seat))
        self._seen = len(log)

    def rng(self, seat: int) -> random.Random:
        """The random choices of ``seat`` at this moment: a stream drawn from the match seed, the
        seat and the number of actions so far, so a match saved and continued plays exactly the
        moves of one never interrupted (memories are rebuilt from the log the same way)."""
        return random.Random((self.seed * 7919 + seat) * 1_000_003 + len(self.game.actions))

    def proposals(self, decide: Decider | None = None) -> list[Proposal]:
        """What each AI seat would do now, with when it would arrive. ``decide``, when given,
        makes each turn decision in place of ``agent.decide`` (the match sends the Expert's
        to a worker process with it); it gets the random state ``agent.decide`` would."""
        game = self.game
        seats = sorted({a.player for a in game.legal_actions()} & self.agents.keys())
        out: list[Proposal] = []
        for seat in seats:
            agent, memory, rng = self.agents[seat], self.memories[seat], self.rng(seat)
            view = game.view(seat)
            memory.sync_hand(view.hand)
            best: Proposal | None = None
            if any(is_window_action(a, view) for a in view.legal):
                action = agent.react(view, memory, rng)
                if action is not None:
                    delay = agent.timing.reaction(rng)
                    if isinstance(action, FinishRace):
                        # A race is a reaction and then the moves of its rule, each taking time
                        # for an AI as for a person's hand.
                        rule = game.house_rules[game.race_number]
                        delay += RACE_MOVE_S * RACE_ACTION_MOVES[rule]
                    best = Proposal(delay, seat, action)
            if decide is not None:
                action = decide(seat, agent, view, memory, rng)
            else:
                action = agent.decide(view, memory, rng)
            if action is not None and (best is None or agent.timing.think_s < best.delay_s):
                best = Proposal(agent.timing.think_s, seat, action)
            if best is not None:
                out.append(best)
        return out

    def step(self) -> list[Event] | None:
        """Apply the earliest AI action; None when no AI seat wants to act."""
        first = earliest(self.proposals())
        if first is None:
            return None
        events = self.game.apply(first.action)
        self.feed()
        return events
