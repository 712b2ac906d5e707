"""The card faces the phones show, made by the game's own art code and sent as PNG images.

Each distinct face is drawn once (two red fives share one image), with the colour-blind shapes
when that setting is on, so a phone shows the very cards the table does.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

import pygame

from game.cards import Card
from game.phones.protocol import face_key
from scenes.art import CardArt

# About the width a phone shows a card at on a high-density screen.
PHONE_CARD_WIDTH = 150


def png(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "card.png")
    return buffer.getvalue()


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
