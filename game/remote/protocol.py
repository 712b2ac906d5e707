"""The phones' messages, without a network: what one seat is told, and what a phone may ask.

Pure functions. A seat's state is built from ``game.view(seat)`` and the lines narrated for that
seat only, so a message can never carry another hand. An intent from a phone is read with the
record format of ``game.actions`` and checked for shape here; the match checks that it is legal.
"""

from __future__ import annotations

from game.cards import Card


def face_key(card: Card) -> str:
    """The name of a card's image on the phone page (``card/{key}.png``): its short code with
    only letters and digits ("R5", "Gplus2", "Wplus4", "R3H")."""
    return card.code.replace("+", "plus")
