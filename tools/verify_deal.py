"""Check a saved record's fair-deal commitments and reveals, with the standard library only.

    python -m tools.verify_deal RECORD

For every revealed deck of the record's ``fairness`` list it checks that SHA-256(salt ||
encoding(order)) is the commitment, and that every card taken off the deck (dealt, turned,
drawn) came off its top in the revealed order.
The scheme and the encoding are in docs/FAIRNESS.md. This file deliberately does not import the
game: a player can read it whole, or write their own from the document.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from typing import Any


class Mismatch(Exception):
    """A sentence naming what differs between a commitment, its reveal and the play."""


def encoding(order: Sequence[str]) -> bytes:
    return ",".join(order).encode("utf-8")


def commitment(salt: bytes, order: Sequence[str]) -> str:
    return hashlib.sha256(salt + encoding(order)).hexdigest()


def _where(round_no: int, deck_no: int) -> str:
    return f"round {round_no}, " + ("the deal" if deck_no == 0 else f"reshuffle {deck_no}")


def check_deck(round_no: int, deck_no: int, deck: dict[str, Any]) -> int:
    """Check one revealed deck; the number of cards checked; raises Mismatch."""
    where = _where(round_no, deck_no)
    try:
        salt = bytes.fromhex(deck["salt"])
        order = [str(c) for c in deck["order"]]
        committed = str(deck["commitment"])
        steps = deck["steps"]
    except (KeyError, TypeError, ValueError) as exc:
        raise Mismatch(f"{where}: the reveal is incomplete or malformed ({exc})") from None
    if len(salt) != 16:
        raise Mismatch(f"{where}: the salt has {len(salt)} bytes, not 16")
    found = commitment(salt, order)
    if found != committed:
        raise Mismatch(
            f"{where}: the revealed salt and order hash to {found[:16]}..., "
            f"not to the commitment {committed[:16]}... (the salt or the order was changed)"
        )
    pile = list(order)  # top card first
    for number, step in enumerate(steps, start=1):
        if not isinstance(step, list) or not step:
            raise Mismatch(f"{where}: step {number} is malformed")
        if step[0] == "take":
            if not pile:
                raise Mismatch(f"{where}: card {number} ({step[1]}) was taken from an empty deck")
            top = pile.pop(0)
            if top != step[1]:
                raise Mismatch(
                    f"{where}: card {number} taken was {step[1]}, "
                    f"but the committed deck had {top} on top"
                )
        elif step[0] == "return" and len(step) == 3 and isinstance(step[2], int):
            if not 0 <= step[2] <= len(pile):
                raise Mismatch(f"{where}: step {number} puts {step[1]} back outside the deck")
            pile.insert(step[2], str(step[1]))
        else:
            raise Mismatch(f"{where}: step {number} is neither a take nor a return")
    return len(steps)


def verify(data: Any) -> list[str]:
    """The lines saying what was checked; raises Mismatch on the first difference."""
    if not isinstance(data, dict) or not isinstance(data.get("fairness"), list):
        raise Mismatch("the record has no fair-deal section (saved by an older version?)")
    lines: list[str] = []
    for entry in data["fairness"]:
        round_no = entry.get("round") if isinstance(entry, dict) else None
        decks = entry.get("decks") if isinstance(entry, dict) else None
        if type(round_no) is not int or not isinstance(decks, list):
            raise Mismatch("a round of the fair-deal section is malformed")
        for deck_no, deck in enumerate(decks):
            where = _where(round_no, deck_no)
            if not isinstance(deck, dict):
                raise Mismatch(f"{where}: the deck entry is malformed")
            if "salt" not in deck:
                lines.append(f"{where}: committed {deck.get('commitment')}, not revealed yet")
                continue
            taken = check_deck(round_no, deck_no, deck)
            lines.append(
                f"{where}: commitment {deck['commitment']} matches the revealed salt and "
                f"{len(deck['order'])}-card order; {taken} steps came off it in order"
            )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m tools.verify_deal RECORD", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError) as exc:
        print(f"cannot read {args[0]}: {exc}", file=sys.stderr)
        return 2
    try:
        lines = verify(data)
    except Mismatch as exc:
        print(f"FAILED: {exc}")
        return 1
    for line in lines:
        print(line)
    print(f"OK: {sum('matches' in line for line in lines)} revealed decks verified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
