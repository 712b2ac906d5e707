"""The table's words for the four colors, in the screen's language (docs/LANGUAGES.md).

A color is written three ways at the table, and a language may need a different form for each:
a choice's caption ("Red", the color prompt), the bubble over the table when one is named
("Red!"), and a word inside a sentence ("you hold 3 more red"). Each is its own message, with
its own context, so that a translator can give each its form. Pure: no pygame.
"""

from __future__ import annotations

from game.cards import Color
from game.i18n import pgettext


def color_name(color: Color) -> str:
    """The color as a caption on its own: "Red"."""
    match color:
        case Color.RED:
            return pgettext("card color", "Red")
        case Color.YELLOW:
            return pgettext("card color", "Yellow")
        case Color.GREEN:
            return pgettext("card color", "Green")
        case Color.BLUE:
            return pgettext("card color", "Blue")


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


def color_word(color: Color) -> str:
    """The color inside a sentence (a hint's "name red", "leaves you 2 more red")."""
    match color:
        case Color.RED:
            return pgettext("color in a sentence", "red")
        case Color.YELLOW:
            return pgettext("color in a sentence", "yellow")
        case Color.GREEN:
            return pgettext("color in a sentence", "green")
        case Color.BLUE:
            return pgettext("color in a sentence", "blue")
