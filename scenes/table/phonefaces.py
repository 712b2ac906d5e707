"""The card faces the phones show, made by the game's own art code and sent as PNG images.

Each distinct face is drawn once (two red fives share one image), with the colour-blind shapes
when that setting is on, so a phone shows the very cards the table does.
"""

from __future__ import annotations

import io
import weakref
from collections.abc import Iterable

import pygame

from game.cards import Card
from game.phones.protocol import face_key
from scenes.art import CardArt

# About the width a phone shows a card at on a high-density screen.
PHONE_CARD_WIDTH = 150


# Each image's PNG, kept with the image: CardArt keeps a face once drawn and never draws into
# it again, so a table that opens to phones after another (a new match, a match continued)
# sends the same bytes without encoding some fifty faces again (about 5 ms each).
_PNGS: weakref.WeakKeyDictionary[pygame.Surface, bytes] = weakref.WeakKeyDictionary()


def png(surface: pygame.Surface) -> bytes:
    """``surface`` (a card image of ``CardArt``'s) as PNG bytes, encoded once."""
    found = _PNGS.get(surface)
    if found is None:
        buffer = io.BytesIO()
        pygame.image.save(surface, buffer, "card.png")
        found = _PNGS[surface] = buffer.getvalue()
    return found


def card_images(
    art: CardArt, cards: Iterable[Card], width: int = PHONE_CARD_WIDTH
) -> dict[str, bytes]:
    """Every face among ``cards`` by ``face_key``, and ``"back"``, as PNG bytes."""
    images: dict[str, bytes] = {}
    for card in cards:
        key = face_key(card)
        if key not in images:
            images[key] = png(art.face(card, width))
    images["back"] = png(art.back(width))
    return images
