"""The table's phone seats: their server opened with the game's own card faces, or, when it
cannot open, the computer playing those seats so the match can still be played."""

from __future__ import annotations

from collections.abc import Callable

from game.ai import Level
from game.i18n import _, active
from game.match import Match
from game.phones.hub import PhoneHub, together
from scenes.art import CardArt
from scenes.assets import asset_path
from scenes.phoneserver.serve import serve_phones
from scenes.routes import Network
from scenes.table.phonefaces import card_images


def open_phones(
    match: Match, art: CardArt, network: Network, report: Callable[[str], None]
) -> PhoneHub | None:
    """The phones' hub for ``match``, or None (told through ``report``) when no port opens."""
    try:
        images = card_images(art, match.game.cards)
        return serve_phones(match, asset_path("web"), images, network.host, network.port)
    except OSError as error:
        for seat in match.phones:
            match.hand_to_ai(seat, Level.NORMAL)
        names = [match.seats[s].name for s in match.phones]
        # TRANSLATORS: {reason} says why, e.g. "port 8765 on this computer is in use by another
        # program"; {names} is the phone seats' names as a list, "Ana and Bo".
        text = _(
            "The phones cannot join: {reason}. The computer plays {names} in this match; "
            "close the program using the port, or start a new match, to try again."
        )
        report(text.format(reason=error, names=together(names, active())))
        return None
