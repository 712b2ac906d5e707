"""Cards and decks: colors, ranks, the immutable Card, and the three deck compositions.

A card is a frozen dataclass with a ``uid`` that is unique within its deck, so two red sevens
are different cards (sprites and records refer to cards by uid). A wild card is never mutated:
the color named for it lives in the game state, not on the card.

Decks are built once per kind and cached: a deck's cards are immutable, so every game of that
kind shares the same Card objects, and the uid of a card is also its index in the deck.

Short names are used by tests, records and logs: ``R5`` (red five), ``G+2`` (green Draw Two),
``BS`` (blue Skip), ``YR`` (yellow Reverse), ``W`` (Wild), ``W+4`` (Wild Draw Four),
``WSH`` (Wild Shuffle Hands), ``WC`` (Wild Customizable), ``WGC`` (Wild Game Changer) and
``R3H`` (red 3, House Rules card).

A card's readable name (``Card.label``, ``card_name``) comes from the catalogs: one pattern per
kind ("{color} {number}", "{color} Skip", "Wild Draw Four"...), so each language orders the
colour and the rank its own way (docs/LANGUAGES.md). Codes and enum values are never translated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import lru_cache

from game.i18n import Tongue, active


class Color(Enum):
    """The four card colors. Wild cards have no color of their own."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    @property
    def letter(self) -> str:
        return self.value[0].upper()


COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)


class Rank(IntEnum):
    """What a card is, apart from its color. Number ranks have their face value as value."""

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    SKIP = 10
    REVERSE = 11
    DRAW_TWO = 12
    WILD = 13
    WILD_DRAW_FOUR = 14
    WILD_SHUFFLE_HANDS = 15
    WILD_CUSTOMIZABLE = 16
    WILD_GAME_CHANGER = 17

    @property
    def is_number(self) -> bool:
        return self <= Rank.NINE

    @property
    def is_wild(self) -> bool:
        return self >= Rank.WILD

    @property
    def points(self) -> int:
        """Scoring value: face value, 20 for Skip/Reverse/Draw Two, 50 for every wild."""
        if self <= Rank.NINE:
            return int(self)
        if self <= Rank.DRAW_TWO:
            return 20
        return 50

    @property
    def label(self) -> str:
        """The rank's English name ("Skip", "8"), for technical texts (logs, the engine's
        explanations); a person reads ``Card.label`` or ``card_name``."""
        return _RANK_LABELS[self]


_RANK_LABELS = {
    **{Rank(n): str(n) for n in range(10)},
    Rank.SKIP: "Skip",
    Rank.REVERSE: "Reverse",
    Rank.DRAW_TWO: "Draw Two",
    Rank.WILD: "Wild",
    Rank.WILD_DRAW_FOUR: "Wild Draw Four",
    Rank.WILD_SHUFFLE_HANDS: "Wild Shuffle Hands",
    Rank.WILD_CUSTOMIZABLE: "Wild Customizable",
    Rank.WILD_GAME_CHANGER: "Wild Game Changer",
}

_RANK_CODES = {
    **{Rank(n): str(n) for n in range(10)},
    Rank.SKIP: "S",
    Rank.REVERSE: "R",
    Rank.DRAW_TWO: "+2",
    Rank.WILD: "W",
    Rank.WILD_DRAW_FOUR: "W+4",
    Rank.WILD_SHUFFLE_HANDS: "WSH",
    Rank.WILD_CUSTOMIZABLE: "WC",
    Rank.WILD_GAME_CHANGER: "WGC",
}
_CODE_RANKS = {code: rank for rank, code in _RANK_CODES.items()}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One physical card. ``house_rule`` marks the House Rules! number cards 1-5.

    Equality is identity: each deck kind is built once (``deck``), so the same uid is always
    the same object, and comparing identities keeps hand and pile operations fast. Copies
    return the card itself for the same reason.
    """

    uid: int
    color: Color | None
    rank: Rank
    house_rule: bool = False
    # Derived from the rank once, because the engine asks on every legal-action scan.
    is_wild: bool = field(init=False, repr=False)
    # The short name of the card (``R5``, ``G+2``, ``W+4``, ``R3H``...): made once, because the
    # fair-deal ledger writes it for every card taken and every deck sealed.
    code: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_wild", self.rank >= Rank.WILD)
        if self.color is None:
            code = _RANK_CODES[self.rank]
        else:
            code = self.color.letter + _RANK_CODES[self.rank] + ("H" if self.house_rule else "")
        object.__setattr__(self, "code", code)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @property
    def points(self) -> int:
        return self.rank.points

    @property
    def label(self) -> str:
        """A readable name in the screen's language now: "Red 5", "Green Draw Two", "Wild Draw
        Four", "Blue 3 (House Rules)" (``card_name`` names it in another language)."""
        return card_name(self)

    def __str__(self) -> str:
        return self.code


def color_name(color: Color, tongue: Tongue | None = None) -> str:
    """A colour as a person picks or reads it on its own ("Red": a button, a heading), in
    ``tongue`` (default: the screen's language now)."""
    t = tongue or active()
    match color:
        case Color.RED:
            return t.pgettext("card color", "Red")
        case Color.YELLOW:
            return t.pgettext("card color", "Yellow")
        case Color.GREEN:
            return t.pgettext("card color", "Green")
        case Color.BLUE:
            return t.pgettext("card color", "Blue")


def color_in_sentence(color: Color, tongue: Tongue | None = None) -> str:
    """A colour inside a sentence, where English writes it in small letters ("Ana names red",
    "play red or a wild")."""
    t = tongue or active()
    match color:
        case Color.RED:
            return t.pgettext("color in a sentence", "red")
        case Color.YELLOW:
            return t.pgettext("color in a sentence", "yellow")
        case Color.GREEN:
            return t.pgettext("color in a sentence", "green")
        case Color.BLUE:
            return t.pgettext("color in a sentence", "blue")


def _color_in_card_name(color: Color, t: Tongue) -> str:
    # A language may give a colour another form inside a card's name than on its own (its
    # gender or case follows the card's word): hence a context of its own.
    match color:
        case Color.RED:
            return t.pgettext("color in a card name", "Red")
        case Color.YELLOW:
            return t.pgettext("color in a card name", "Yellow")
        case Color.GREEN:
            return t.pgettext("color in a card name", "Green")
        case Color.BLUE:
            return t.pgettext("color in a card name", "Blue")


def card_name(card: Card, tongue: Tongue | None = None) -> str:
    """``card``'s readable name in ``tongue`` (default: the screen's language now): a phone
    names its cards in its own language."""
    return _name(tongue or active(), card.color, card.rank, card.house_rule)


# Names are asked for on every frame that shows a card's name: kept per language and kind. A
# Tongue is made once per language (game.i18n caches it), and a new catalog folder makes new
# Tongues, so a stale name is never returned.
@lru_cache(maxsize=1024)
def _name(t: Tongue, color: Color | None, rank: Rank, house_rule: bool) -> str:
    if color is None:
        return _wild_name(t, rank)
    shown = _color_in_card_name(color, t)
    if rank.is_number and house_rule:
        # TRANSLATORS: a numbered card of the House Rules! deck that lets its player make a rule.
        return t.gettext("{color} {number} (House Rules)").format(color=shown, number=int(rank))
    if rank.is_number:
        # TRANSLATORS: a number card, e.g. "Red 5": {color} is the colour, {number} 0 to 9.
        return t.gettext("{color} {number}").format(color=shown, number=int(rank))
    if rank is Rank.SKIP:
        # TRANSLATORS: the card the official rule sheet of your language calls Skip.
        return t.gettext("{color} Skip").format(color=shown)
    if rank is Rank.REVERSE:
        # TRANSLATORS: the card the official rule sheet of your language calls Reverse.
        return t.gettext("{color} Reverse").format(color=shown)
    # TRANSLATORS: the card the official rule sheet of your language calls Draw Two.
    return t.gettext("{color} Draw Two").format(color=shown)


def _wild_name(t: Tongue, rank: Rank) -> str:
    match rank:
        case Rank.WILD:
            # TRANSLATORS: the card the official rule sheet of your language calls Wild.
            return t.gettext("Wild")
        case Rank.WILD_DRAW_FOUR:
            # TRANSLATORS: the card the official rule sheet of your language calls Wild Draw 4.
            return t.gettext("Wild Draw Four")
        case Rank.WILD_SHUFFLE_HANDS:
            # TRANSLATORS: a wild card of the 2023 deck: its player shuffles every hand together.
            return t.gettext("Wild Shuffle Hands")
        case Rank.WILD_CUSTOMIZABLE:
            # TRANSLATORS: a wild card of the 2023 deck whose effect the players decide.
            return t.gettext("Wild Customizable")
        case _:
            # TRANSLATORS: the wild card of the UNO House Rules! deck (Game Changer).
            return t.gettext("Wild Game Changer")


def kind_of(code: str) -> tuple[Color | None, Rank, bool]:
    """Parse a short card name into (color, rank, house_rule); raises ValueError if malformed."""
    text = code.strip().upper()
    if text in _CODE_RANKS and _CODE_RANKS[text].is_wild:
        return None, _CODE_RANKS[text], False
    colors = {c.letter: c for c in COLORS}
    if len(text) < 2 or text[0] not in colors:
        raise ValueError(f"not a card name: {code!r} (examples: R5, G+2, BS, YR, W, W+4, R3H)")
    color = colors[text[0]]
    rest = text[1:]
    house = False
    if rest.endswith("H") and rest[:-1].isdigit():
        house, rest = True, rest[:-1]
    rank = _CODE_RANKS.get(rest)
    if rank is None or rank.is_wild:
        raise ValueError(f"not a card name: {code!r} (examples: R5, G+2, BS, YR, W, W+4, R3H)")
    if house and not Rank.ONE <= rank <= Rank.FIVE:
        raise ValueError(f"not a card name: {code!r}: House Rules cards are numbers 1-5")
    return color, rank, house


class DeckKind(Enum):
    """The three decks of the rule texts."""

    CLASSIC = "classic"  # 108 cards
    UNO2023 = "uno2023"  # 108 + Wild Shuffle Hands + 3 Wild Customizable = 112
    HOUSE_RULES = "house-rules"  # the 112-card UNO House Rules! deck


def _classic_kinds() -> list[tuple[Color | None, Rank, bool]]:
    kinds: list[tuple[Color | None, Rank, bool]] = []
    for color in COLORS:
        kinds.append((color, Rank.ZERO, False))
        for rank in Rank:
            if Rank.ONE <= rank <= Rank.DRAW_TWO:
                kinds += [(color, rank, False)] * 2
    for rank in (Rank.WILD, Rank.WILD_DRAW_FOUR):
        kinds += [(None, rank, False)] * 4
    return kinds


# Number-card counts of the House Rules! deck (000): blue and red share one distribution,
# green and yellow the other; each color also has one House Rules card of each number 1-5.
_HOUSE_BLUE_RED = {1: 2, 2: 1, 3: 2, 4: 1, 5: 2, 6: 2, 7: 1, 8: 2, 9: 1}
_HOUSE_GREEN_YELLOW = {0: 1, 1: 1, 2: 2, 3: 1, 4: 2, 5: 1, 6: 1, 7: 2, 8: 1, 9: 2}


def _house_rules_kinds() -> list[tuple[Color | None, Rank, bool]]:
    kinds: list[tuple[Color | None, Rank, bool]] = []
    for color in COLORS:
        counts = _HOUSE_BLUE_RED if color in (Color.BLUE, Color.RED) else _HOUSE_GREEN_YELLOW
        for number, count in counts.items():
            kinds += [(color, Rank(number), False)] * count
        kinds += [(color, Rank(number), True) for number in range(1, 6)]
        for rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO):
            kinds += [(color, rank, False)] * 2
    for rank in (Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_GAME_CHANGER):
        kinds += [(None, rank, False)] * 4
    return kinds


def _build(kind: DeckKind) -> tuple[Card, ...]:
    if kind is DeckKind.CLASSIC:
        kinds = _classic_kinds()
    elif kind is DeckKind.UNO2023:
        kinds = _classic_kinds()
        kinds.append((None, Rank.WILD_SHUFFLE_HANDS, False))
        kinds += [(None, Rank.WILD_CUSTOMIZABLE, False)] * 3
    else:
        kinds = _house_rules_kinds()
    return tuple(Card(uid, color, rank, house) for uid, (color, rank, house) in enumerate(kinds))


_DECKS: dict[DeckKind, tuple[Card, ...]] = {}


def deck(kind: DeckKind) -> tuple[Card, ...]:
    """All cards of a deck kind, in uid order (the uid is the index)."""
    cards = _DECKS.get(kind)
    if cards is None:
        cards = _DECKS[kind] = _build(kind)
    return cards


def find_cards(cards: tuple[Card, ...], codes: list[str]) -> list[Card]:
    """Resolve short names to distinct cards of a deck, first unused match first.

    Raises ValueError when a name is malformed or the deck has no unused card of that kind.
    """
    used: set[int] = set()
    found: list[Card] = []
    for code in codes:
        color, rank, house = kind_of(code)
        for card in cards:
            if (
                card.uid not in used
                and card.color is color
                and card.rank is rank
                and card.house_rule == house
            ):
                used.add(card.uid)
                found.append(card)
                break
        else:
            raise ValueError(f"the deck has no more {code!r} cards")
    return found
