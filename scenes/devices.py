"""The ids an input's device carries: pure constants, no pygame.

``scenes.input`` tags each intent with one; the table's pure move logic (``scenes.table.moves``)
reads them to tell a shared keyboard's second set from the first, and imports without pygame.
Controllers carry their own (non-negative) instance ids.
"""

from __future__ import annotations

KEYBOARD = -1  # the device id of the keyboard and mouse
# A second set of keys on the same keyboard, for the other person on a shared keyboard
# (real-time moments cannot wait for a hand-off): see ``scenes.input.SECOND_SET``.
SECOND_KEYS = -2
