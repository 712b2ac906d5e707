"""The bubble over the table when a color is named ("Red!"), in the screen's language
(docs/LANGUAGES.md): a message of its own per color, with its own context, so that a translator
can give it its form. The caption ("Red") and the word inside a sentence ("red") are the game's
(``game.cards.color_name``, ``color_in_sentence``). Pure: no pygame.
"""

from __future__ import annotations

from game.cards import Color
from game.i18n import pgettext


def color_called(color: Color) -> str:
    """The bubble over the table when someone names the color: "Red!"."""
    match color:
        case Color.RED:
            return pgettext("a color named, shown in a bubble", "Red!")
        case Color.YELLOW:
            return pgettext("a color named, shown in a bubble", "Yellow!")
        case Color.GREEN:
            return pgettext("a color named, shown in a bubble", "Green!")
        case Color.BLUE:
            return pgettext("a color named, shown in a bubble", "Blue!")
