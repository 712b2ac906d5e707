"""Check a saved record's fair-deal commitments and reveals, with the standard library only.

    python -m tools.verify_deal RECORD

For every revealed deck of the record's ``fairness`` list it checks that SHA-256(salt ||
encoding(order)) is the commitment, and that every card taken off the deck (dealt, turned,
drawn) came off its top in the revealed order. When the record holds the match's salt key, each
salt must also be the one the key makes for its deck's place, so a failing deck is told as a
changed salt, a changed order, or decks put in another order.
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


def _deck(deck_no: int) -> str:
    return "the deal" if deck_no == 0 else f"reshuffle {deck_no}"


def _where(round_no: int, deck_no: int) -> str:
    return f"round {round_no}, {_deck(deck_no)}"


def derived_salt(key: bytes, round_no: int, deck_no: int) -> str:
    """The salt the game makes for a deck from the match's key (docs/FAIRNESS.md, "Salt"):
    not needed to check a deck, only to say which part of a failing one was changed."""
    return hashlib.sha256(key + f"|{round_no}|{deck_no}".encode()).digest()[:16].hex()


def _salt_problem(round_no: int, deck_no: int, salt: str, key: bytes, decks: int) -> str:
    """ "" when the deck's salt is the one the record's key makes for its place; else which
    place's it is (the decks were reordered), or that it is none's (changed)."""
    if salt == derived_salt(key, round_no, deck_no):
        return ""
    for other in range(decks):
        if salt == derived_salt(key, round_no, other):
            return f"its salt is the one of {_deck(other)}: the decks were reordered"
    return "the salt is not the one the record's key makes: the salt (or the key) was changed"


def check_deck(
    round_no: int, deck_no: int, deck: dict[str, Any], key: bytes | None = None, decks: int = 1
) -> int:
    """Check one revealed deck; the number of cards checked; raises Mismatch. ``key`` (the
    record's salt key) and ``decks`` (how many the round has) only name what was changed."""
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
    salt_problem = "" if key is None else _salt_problem(round_no, deck_no, salt.hex(), key, decks)
    if found != committed:
        changed = salt_problem or "the salt or the order was changed"
        if key is not None and not salt_problem:
            changed = "the salt is the one the record's key makes, so the order was changed"
        raise Mismatch(
            f"{where}: the revealed salt and order hash to {found[:16]}..., "
            f"not to the commitment {committed[:16]}... ({changed})"
        )
    if salt_problem:
        raise Mismatch(f"{where}: {salt_problem}")
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
    key = _key(data.get("salt_key"))
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
            taken = check_deck(round_no, deck_no, deck, key, len(decks))
            lines.append(
                f"{where}: commitment {deck['commitment']} matches the revealed salt and "
                f"{len(deck['order'])}-card order; {taken} steps came off it in order"
            )
    return lines


def _key(value: object) -> bytes | None:
    """The record's salt key, when it has a readable one."""
    try:
        return bytes.fromhex(value) if isinstance(value, str) and value else None
    except ValueError:
        return None


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
