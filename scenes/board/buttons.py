"""What the button column beside the hand shows: pure data, no pygame.

The table's pure move logic (``scenes.table.moves``) says which buttons a seat has; the HUD
(``scenes.board.hud``) draws them. The spec lives here, below both, so the move logic imports
without pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import Action


@dataclass(frozen=True)
class ButtonSpec:
    """A button of the table's column: its caption, the action (None: ask for a hint), its
    color and the move whose key it names."""

    label: str
    action: Action | None
    color: tuple[int, int, int]
    move: str
