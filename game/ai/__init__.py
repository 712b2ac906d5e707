"""AI opponents: four levels that decide from their own seat's view only.

``make_agent(Level.HARD)`` gives an agent; ``game.ai.driver.AutoTable`` seats agents at a game
and plays them headless, ordering real-time arrivals by each level's timing.
"""

from __future__ import annotations

import game

if game.FAST_DIR is not None:  # the compiled playouts (tools.build_fast) come first
    __path__.insert(0, str(game.FAST_DIR / "ai"))

from game.ai.expert import BUDGET_S, Expert, ExpertConfig
from game.ai.levels import LEVELS, Agent, Level, Timing


def make_agent(level: Level, *, budget_s: float = BUDGET_S, samples: int | None = None) -> Agent:
    """An agent of ``level``; ``budget_s`` and ``samples`` bound the Expert's search (its other
    options: ``Expert(ExpertConfig(...))``)."""
    if level is Level.EXPERT:
        return Expert(ExpertConfig(budget_s=budget_s, samples=samples))
    return LEVELS[level]()


__all__ = ["BUDGET_S", "Agent", "Level", "Timing", "make_agent"]
