"""The keyboard's keys as the settings file knows them: SDL key codes, and the names that older
files stored, without pygame.

A binding is stored as an SDL key code; files written before codes were stored hold the name
pygame gave the key (``pygame.key.name``, pygame 1's names, which pygame-ce keeps unchanged).
The settings read both through a key table, a function from what the file holds to a key code
(None for a key no keyboard has). The game gives pygame's own table (``key_table``, built from
``pygame.key.key_code`` and ``pygame.key.name`` by the caller, as this package imports no
pygame); without it, ``named_key`` answers from ``KEY_NAMES``, the keys pygame names, which
gives the same code for every code and for every name the game ever wrote. The tests compare
``KEY_NAMES`` with pygame's table.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

# The device ids of the keyboard's intents (controllers carry their own, non-negative ids). They
# live here, without pygame, so the table's pure move logic (``scenes.table.moves``) can tell a
# shared keyboard's second set from the first as ``scenes.input`` tags them.
KEYBOARD = -1  # the keyboard and mouse
# A second set of keys on the same keyboard, for the other person on a shared keyboard
# (real-time moments cannot wait for a hand-off): see ``scenes.input.SECOND_SET``.
SECOND_KEYS = -2

# What a key table is given (a file's code or name) and what it answers (a code, or None).
KeyTable = Callable[[str | int], int | None]

# SDL marks the code of a key that types no character (F1, the arrows) with this bit.
SCANCODE = 1 << 30

_NO_CHARACTER: dict[int, str] = {
    57: "caps lock",
    **{58 + n: f"f{n + 1}" for n in range(12)},
    70: "print screen",
    71: "scroll lock",
    72: "break",
    73: "insert",
    74: "home",
    75: "page up",
    77: "end",
    78: "page down",
    79: "right",
    80: "left",
    81: "down",
    82: "up",
    83: "numlock",
    84: "[/]",
    85: "[*]",
    86: "[-]",
    87: "[+]",
    88: "enter",
    **{89 + n: f"[{n + 1}]" for n in range(9)},
    98: "[0]",
    99: "[.]",
    102: "power",
    103: "equals",
    104: "f13",
    105: "f14",
    106: "f15",
    117: "help",
    118: "menu",
    154: "sys req",
    156: "clear",
    180: "euro",
    181: "CurrencySubUnit",
    224: "left ctrl",
    225: "left shift",
    226: "left alt",
    227: "left meta",
    228: "right ctrl",
    229: "right shift",
    230: "right alt",
    231: "right meta",
    257: "alt gr",
    270: "AC Back",
}

# Every key code pygame names, and its name (pygame.key.name); the tests hold it to pygame's.
KEY_NAMES: dict[int, str] = {
    8: "backspace",
    9: "tab",
    13: "return",
    27: "escape",
    32: "space",
    **{code: chr(code) for code in (*range(33, 65), *range(91, 123))},
    127: "delete",
    **{SCANCODE | scancode: name for scancode, name in _NO_CHARACTER.items()},
}

# Names are matched without regard to case, as pygame matches them ("Left Shift").
_CODES: dict[str, int] = {name.casefold(): code for code, name in KEY_NAMES.items()}


def named_key(bound: str | int) -> int | None:
    """The key table without pygame: a code pygame names, or the code of a name it gave."""
    if isinstance(bound, str):
        return _CODES.get(bound.casefold())
    return bound if bound in KEY_NAMES else None


def key_table(code_of: Callable[[str], int], name_of: Callable[[int], str]) -> KeyTable:
    """A key table from a library's two lookups (``pygame.key.key_code``, ``pygame.key.name``).

    ``code_of`` gives a name's code or raises; ``name_of`` gives a code's name, "" when it has
    none, or raises for a number out of its range. Whatever they raise means no such key.
    """

    def lookup(bound: str | int) -> int | None:
        with warnings.catch_warnings():
            # pygame's table works before pygame.init() but warns (settings load before it).
            warnings.simplefilter("ignore")
            try:
                if isinstance(bound, str):
                    return code_of(bound)
                return bound if name_of(bound) else None
            except Exception:  # ValueError, OverflowError, pygame.error: the file's value is bad
                return None

    return lookup
