"""How to play's text: the rules of the chosen rule set, in our own words, in the screen's
language.

The text is built from the rules object, so the page always describes the game being played:
the basics (with the first card, the Wild Draw Four, UNO and the match length as these rules
have them), the special cards of the deck (Wild Shuffle Hands and Wild Customizable, House
Rules cards and Wild Game Changer), a paragraph for every switch that differs from the official
rules, then the other decks and house rules a new game can have, and the controls as bound.

Every message is a whole sentence or a whole paragraph (docs/LANGUAGES.md): where the rules
change a sentence, each way it can read is a message of its own, and a paragraph is sentences
put side by side, never a sentence put together from pieces. The wrapping is the screen's.
No pygame here (the key and button names come from ``scenes.input``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.cards import Card, DeckKind, kind_of
from game.i18n import N_, _, ngettext, sentences
from game.rules import (
    ChallengeOutcome,
    DrawMode,
    FirstCard,
    NextDealer,
    Rules,
    Stacking,
    TargetMode,
    custom_effect_text,
)
from scenes.input import SECOND_SET_TEXT, button_name, key_text
from scenes.store.settings import Settings

# The cards pictured beside a paragraph, left to right (none: no picture).
Figure = tuple[Card, ...]


def cards(*codes: str) -> Figure:
    """Cards to picture, by their short names (``R5``, ``G+2``, ``W+4``, ``R3H``...)."""
    return tuple(Card(0, *kind_of(code)) for code in codes)


@dataclass(frozen=True)
class Section:
    """A titled part of the page: a heading, its paragraphs and the cards beside them."""

    title: str
    paragraphs: tuple[str, ...]
    figures: tuple[Figure, ...] = ()  # one per paragraph, or none at all
    # A part on the rules in play beyond the basics (the deck's cards, the switches on): the
    # page opens at the first such part.
    in_play: bool = False

    def figure(self, index: int) -> Figure:
        return self.figures[index] if index < len(self.figures) else ()


# A paragraph and the cards pictured beside it.
Pictured = tuple[str, Figure]


def section(title: str, paragraphs: list[Pictured], in_play: bool = False) -> Section:
    texts = tuple(text for text, _figure in paragraphs)
    return Section(title, texts, tuple(figure for _text, figure in paragraphs), in_play)


# ---------------------------------------------------------------------------------------------
# The basics, as the rules in play have them


def _scoring(rules: Rules) -> str:
    if rules.teams:
        return _(
            "When you or your partner goes out, your team scores the cards left in the other "
            "team's hands: number cards at face value, Skip, Reverse and Draw Two 20 each, wild "
            "cards 50."
        )
    return _(
        "When you go out, you score the cards left in everyone else's hands: number cards at "
        "face value, Skip, Reverse and Draw Two 20 each, wild cards 50."
    )


def _goal(rules: Rules, players: int | None) -> str:
    goal = _("Goal: be the first to play every card in your hand.")
    if rules.play_until_one_left:
        return sentences(
            goal,
            _(
                "Here nobody scores points: the hand goes on until only one player still holds "
                "cards, and everyone is ranked by the order in which they went out."
            ),
        )
    if rules.target_mode is TargetMode.SINGLE_HAND:
        single = _("This game is a single hand: the first player out wins.")
        return sentences(goal, _scoring(rules), single)
    target = rules.target_for(players) if players is not None else None
    if rules.target_mode is TargetMode.QUICK and target is None:
        ends = _(
            "The first player to reach 100 points (200 with three players or more) wins the match."
        )
    else:
        points = target or rules.target_points
        ends = ngettext(
            "The first player to reach {points} point wins the match.",
            "The first player to reach {points} points wins the match.",
            points,
        ).format(points=points)
    dealer = (
        _("The winner of a hand deals the next one.")
        if rules.next_dealer is NextDealer.WINNER
        else _("The deal passes to the left after every hand.")
    )
    return sentences(goal, _scoring(rules), ends, dealer)


def _turn(rules: Rules) -> str:
    turn = _(
        "Your turn: play one card that matches the top of the discard pile by color, by number "
        "or by symbol, or play a wild card and name the next color."
    )
    until = rules.draw_mode is DrawMode.UNTIL_PLAYABLE
    if until and rules.force_play:
        draw = _(
            "If you cannot or do not want to play, draw until a card you may play turns up; if "
            "it can be played you must play it at once, otherwise your turn ends."
        )
    elif until:
        draw = _(
            "If you cannot or do not want to play, draw until a card you may play turns up; if "
            "it can be played you may play it at once, otherwise your turn ends."
        )
    elif rules.force_play:
        draw = _(
            "If you cannot or do not want to play, draw a card; if it can be played you must "
            "play it at once, otherwise your turn ends."
        )
    else:
        draw = _(
            "If you cannot or do not want to play, draw a card; if it can be played you may "
            "play it at once, otherwise your turn ends."
        )
    return sentences(turn, draw)


def _honest(rules: Rules) -> str:
    """When a Wild Draw Four may be played, as these rules say."""
    wilds = rules.wd4_wilds_count_as_color
    if not rules.wd4_bluffing:
        if wilds:
            return _(
                "You may only play it when you hold no card of the current color and no other "
                "wild: there is no bluffing here, so it is never challenged."
            )
        return _(
            "You may only play it when you hold no card of the current color: there is no "
            "bluffing here, so it is never challenged."
        )
    if wilds:
        return _(
            "You may only play it when you hold no card of the current color and no other "
            "wild, though you can still play it as a bluff."
        )
    return _(
        "You may only play it when you hold no card of the current color, though you can still "
        "play it as a bluff."
    )


# Each action card's rule, beside its picture (the Wild Draw Four's follows: it depends on the
# rules).
ACTION_CARDS = (
    (N_("Skip: the next player loses their turn."), "RS"),
    (N_("Reverse: play changes direction (with two players it works like a Skip)."), "YR"),
    (N_("Draw Two: the next player draws two and loses their turn."), "G+2"),
    (N_("Wild: name any color."), "W"),
)


def _actions(rules: Rules) -> list[Pictured]:
    pictured = [(_(text), cards(code)) for text, code in ACTION_CARDS]
    return [*pictured, (_draw_four(rules), cards("W+4"))]


def _draw_four(rules: Rules) -> str:
    four = _("Wild Draw Four: name a color; the next player draws four and loses their turn.")
    if not rules.wd4_bluffing:
        return sentences(four, _honest(rules))
    if rules.challenge_outcome is ChallengeOutcome.RETURN_CARD:
        challenge = _(
            "The next player may challenge it: if you bluffed, the card comes back to your "
            "hand, the color is as it was, you draw four and must play a card that is allowed; "
            "if you did not, the challenger draws six and loses the turn."
        )
    else:
        challenge = _(
            "The next player may challenge it: if you bluffed, you draw four instead and the "
            "color you named stays; if you did not, the challenger draws six and loses the turn."
        )
    return sentences(four, _honest(rules), challenge)


def _caught(penalty: int) -> str:
    """What a player caught without calling UNO draws."""
    if penalty == 0:
        return _(
            "If another player catches you before the next player to act makes their first "
            "move, you draw no cards."
        )
    if penalty == 2:
        return _(
            "If another player catches you before the next player to act makes their first "
            "move, you draw two cards."
        )
    return ngettext(
        "If another player catches you before the next player to act makes their first move, "
        "you draw one card.",
        "If another player catches you before the next player to act makes their first move, "
        "you draw {count} cards.",
        penalty,
    ).format(count=penalty)


def _uno(rules: Rules) -> str:
    if not rules.uno_catching:
        return _(
            "UNO: in this game nobody has to call UNO when down to one card, and nobody can be "
            "caught for forgetting."
        )
    return sentences(
        _(
            "UNO: call UNO as you play your next-to-last card (the UNO! button, or the key or "
            "controller button named below), whatever that card answers, or at any moment "
            "while you hold one card. A call counts only for the play it goes with: calling "
            "and then drawing instead does not cover a later play."
        ),
        _caught(rules.uno_penalty),
        _(
            "The computer players forget too: an Easy one about every other time, a Normal one "
            "about one time in four (watch for a player left with one card and no UNO!, then "
            "catch them); Hard and Expert players never forget."
        ),
    )


def _first_card(rules: Rules) -> str:
    if rules.first_card is FirstCard.FLIP_UNTIL_NUMBER:
        return _(
            "The first card: after the deal one card is turned up to start the discard pile. "
            "Until it is a number card, more cards are turned on top of it, and none of them "
            "does anything."
        )
    return _(
        "The first card: after the deal one card is turned up to start the discard pile, and "
        "an action card acts on the first player (the one left of the dealer). Skip: that "
        "player is skipped. Draw Two: they draw two and are skipped. Reverse: the dealer plays "
        "first and play runs the other way. Wild Draw Four: it is shuffled back into the deck "
        "and another card is turned. Any other wild: the first player names the color, then "
        "plays."
    )


EMPTY_PILES = N_(
    "Empty piles: when the draw pile runs out, the discards under the top card are shuffled "
    "into a new one. If both piles are empty and nobody can play, the hand ends: the player "
    "with the fewest points in hand wins it and scores everyone else's cards."
)


def basics(rules: Rules, players: int | None = None) -> list[Pictured]:
    """The basics; the pictures show what scores (a number, an action card, a wild), a top card
    and two cards that match it (by color, by number), each action card, and a last card."""
    return [
        (_goal(rules, players), () if rules.play_until_one_left else cards("R7", "BS", "W")),
        (_turn(rules), cards("R7", "R2", "B7")),
        *_actions(rules),
        (_uno(rules), cards("Y4")),
        (_first_card(rules), ()),
        (_(EMPTY_PILES), ()),
    ]


# ---------------------------------------------------------------------------------------------
# The special cards of the 2023 and House Rules! decks


def _customizable(rules: Rules) -> str:
    if not rules.custom_effects:
        return _(
            "Wild Customizable (three cards): a wild that also does what the host chose for it "
            "in New game; in this game the host picks its effects at the table, before the "
            "deal."
        )
    effects = "; ".join(custom_effect_text(e) for e in rules.custom_effects)
    # TRANSLATORS: {effects} lists what the card does ("the next player draws 2; you play
    # again"), each as game.rules words it.
    return _(
        "Wild Customizable (three cards): a wild that also does what the host chose for it in "
        "New game. Here, once the color is named: {effects}."
    ).format(effects=effects)


def uno2023_text(rules: Rules) -> list[Pictured]:
    return [
        (
            _("The UNO 2023 deck is the classic deck with four more wild cards, 112 in all."),
            cards("WSH", "WC"),
        ),
        (
            _(
                "Wild Shuffle Hands (one card): a wild. Every card still in a hand is gathered, "
                "shuffled and dealt out again one at a time, beginning with the player to the left "
                "of whoever played it, so the hands end up almost the same size. Then that player "
                "names the color. Anyone left with a single card must call UNO again. Played as "
                "your last card it simply ends the hand."
            ),
            cards("WSH"),
        ),
        (_customizable(rules), cards("WC")),
    ]


def house_rules_text(rules: Rules) -> list[Pictured]:
    hidden = (
        _("While a race runs, the rule is shown on screen.")
        if rules.show_house_rule_text
        else _(
            "In this game the rule is not shown during a race (the table lists only which "
            "numbers have one): remember them!"
        )
    )
    races = _(
        "Races: whenever any card of a number with a rule is played, by anyone, plain or House "
        "Rules, every player still in the hand races to do that rule's action. The last one "
        "to finish draws 1 card. The computer players race too, quicker at higher levels."
    )
    deck = _(
        "The UNO House Rules! deck has 112 cards: red and blue have no 0, every color has a "
        "House Rules card of each number 1 to 5 (marked with a speech bubble), and four Wild "
        "Game Changer cards join the wilds. A House Rules card matches and scores like the "
        "plain number."
    )
    return [
        (deck, cards("R3H", "R3", "WGC")),
        # The examples are the first three actions of game.rules.RACE_ACTION_TEXT.
        (
            _(
                "Making a House Rule: the first House Rules card played for a number that has no "
                "rule lets its player make that number's rule, by picking something everyone can "
                "do on their keyboard, mouse or controller (tap the draw pile, tap the discard "
                "pile, tap your own seat...). There are five rules at most, one for each number "
                "from 1 to 5, no two numbers share an action, and the rules last for the whole "
                "match."
            ),
            cards("B2H"),
        ),
        (sentences(races, hidden), cards("G2H", "G2")),
        (
            _(
                "Wild Game Changer: a wild worth 50 points. Once at least one rule is in play, "
                "its player must pick a number that has a rule and give it a new one, an action "
                "no other number uses. With no rules yet it is an ordinary wild."
            ),
            cards("WGC"),
        ),
    ]


def deck_text(rules: Rules) -> list[Pictured]:
    if rules.deck is DeckKind.UNO2023:
        return uno2023_text(rules)
    if rules.deck is DeckKind.HOUSE_RULES:
        return house_rules_text(rules)
    return []


DECK_TITLE = {
    DeckKind.UNO2023: N_("The UNO 2023 cards"),
    DeckKind.HOUSE_RULES: N_("The House Rules! cards"),
}


# ---------------------------------------------------------------------------------------------
# Switches: what each one does when it differs from the official rules


# What a switch means in the cases players argue about (shared/RULES.md, readings settled).
SWITCH_DETAILS = {
    "force_play": N_(
        "A Wild Draw Four you drew while holding the current color never has to be played: "
        "keep it (or bluff it)."
    ),
    "draw_mode": N_(
        "Drawing until you can play stops at the first card you may play; without bluffing, a "
        "Wild Draw Four you may not play does not stop it."
    ),
    "stacking": N_(
        "A Wild Draw Four on a Wild Draw Four is always allowed and cannot be challenged; the "
        "player hit by the first one may challenge it instead of answering."
    ),
    "jump_in": N_(
        "Jump in only on a card somebody played, never on the card turned at the start of a "
        "hand, and never while a draw penalty waits. A House Rules card and the plain number "
        "of the same color are identical."
    ),
    "wd4_wilds_count_as_color": N_(
        "Every other wild in your hand counts, another Wild Draw Four too."
    ),
}


def switch_text(name: str, rules: Rules) -> str:
    """A paragraph on switch ``name`` as ``rules`` set it (a value that is not the official
    one), with the details players argue about."""
    detail = SWITCH_DETAILS.get(name)
    return sentences(_SWITCH_TEXT[name](rules), _(detail) if detail else "")


# A small example of each switch that cards can show: the situation it is about, left to right
# (a top card and what may go on it, or the cards the rule is about).
SWITCH_FIGURES = {
    "wd4_wilds_count_as_color": ("W+4", "W"),
    "wd4_bluffing": ("B3", "W+4"),
    "challenge_outcome": ("B3", "W+4"),
    "draw_mode": ("R2", "G7", "R9"),
    "force_play": ("R2", "R9"),
    "uno_catching": ("Y4",),
    "uno_penalty": ("Y4",),
    "stacking": ("R+2", "B+2"),
    "jump_in": ("G5", "G5"),
    "seven_zero": ("Y7", "B0"),
    "skip_bounce": ("RS", "BS"),
    "no_wild_finish": ("W",),
    "show_house_rule_text": ("Y3H", "Y3"),
}


def switch_figure(name: str, rules: Rules) -> Figure:
    """The example pictured beside switch ``name`` as ``rules`` set it (none for the switches
    about the deal, the teams and the match, which no card shows)."""
    if name == "stacking" and rules.stacking is Stacking.CROSS:
        return cards("R+2", "W+4")
    return cards(*SWITCH_FIGURES.get(name, ()))


def _stacking(rules: Rules) -> str:
    if rules.stacking is Stacking.CROSS:
        kinds = _(
            "Stacking, either kind on either: when a Draw Two or a Wild Draw Four hits you, you "
            "may answer it with a Draw Two or a Wild Draw Four of your own (a Draw Two played "
            "on a Wild Draw Four must be of the color that was named)."
        )
    else:
        kinds = _(
            "Stacking: when a Draw Two hits you, you may answer it with a Draw Two of your own, "
            "and a Wild Draw Four with a Wild Draw Four."
        )
    return sentences(
        kinds,
        _(
            "Each answer adds to the total and passes it on; the first player who does not "
            "answer draws all of it and loses the turn. You are asked every time, even with "
            "nothing to answer with, so nobody learns what you hold."
        ),
    )


def _hand_size(rules: Rules) -> str:
    return ngettext(
        "Hand size: everyone is dealt {count} card (officially 7).",
        "Hand size: everyone is dealt {count} cards (officially 7).",
        rules.hand_size,
    ).format(count=rules.hand_size)


def _uno_penalty(rules: Rules) -> str:
    return ngettext(
        "UNO penalty: a player caught without calling UNO draws {count} (officially 2).",
        "UNO penalty: a player caught without calling UNO draws {count} (officially 2).",
        rules.uno_penalty,
    ).format(count=rules.uno_penalty)


# The paragraphs that do not depend on the switch's value: marked here, translated when shown.
_FIXED_TEXT = {
    "wd4_wilds_count_as_color": N_(
        "Wilds count as a color match: a Wild Draw Four is honest only when you hold no card "
        "of the current color and no other wild."
    ),
    "wd4_bluffing": N_(
        "No bluffing: a Wild Draw Four can be played only when it is honest, so it is never "
        "challenged."
    ),
    "challenge_outcome": N_(
        "Bluff taken back: a caught bluffer's Wild Draw Four returns to their hand, the color "
        "is what it was before, and the bluffer draws four and must play a card that is "
        "allowed."
    ),
    "draw_mode": N_(
        "Draw until playable: when you draw, you keep drawing until a card you may play turns up."
    ),
    "force_play": N_("Force play: a card you just drew that can be played must be played."),
    "uno_catching": N_(
        "No UNO calls: nobody has to call UNO and nobody can be caught for forgetting."
    ),
    "jump_in": N_(
        "Jump-in: whenever you hold a card identical to the top of the discard pile (same "
        "color and same number or symbol; wilds never count), you may play it at once, even "
        "when it is not your turn. Play then goes on from you, as if it had been your turn."
    ),
    "seven_zero": N_(
        "7-0: when you play a 7 you swap hands with a player you choose; when you play a 0, "
        "everyone passes their hand to the next player in the direction of play. A 7 that was "
        "your last card swaps nothing. Whoever ends up with one card must call UNO, as after "
        "any play."
    ),
    "skip_bounce": N_(
        "Skip bounce: when a Skip card would skip you, you may play a Skip of your own (any "
        "color) to pass the skip on to the next player."
    ),
    "play_until_one_left": N_(
        "Play until one is left: a player who goes out leaves the hand and the others play "
        "on, until only one still holds cards. The order in which players went out is the "
        "result; no points are scored."
    ),
    "no_wild_finish": N_(
        "No wild finish: a wild card may not be your last card; holding only a wild, you draw."
    ),
    "teams": N_(
        "2v2 teams (4 players): partners sit across the table from each other. When either "
        "partner goes out, the team wins the hand and both partners score the cards left in "
        "the other team's hands."
    ),
    "next_dealer": N_(
        "Rotating deal: after every hand the deal passes to the left (officially the winner deals)."
    ),
    "show_house_rule_text": N_(
        "Hidden House Rules: a rule's action is not shown while its race runs; remember it."
    ),
}


def _fixed(name: str) -> Callable[[Rules], str]:
    return lambda rules: _(_FIXED_TEXT[name])


# In the order the page lists them.
_SWITCH_TEXT: dict[str, Callable[[Rules], str]] = {
    "hand_size": _hand_size,
    "wd4_wilds_count_as_color": _fixed("wd4_wilds_count_as_color"),
    "wd4_bluffing": _fixed("wd4_bluffing"),
    "challenge_outcome": _fixed("challenge_outcome"),
    "draw_mode": _fixed("draw_mode"),
    "force_play": _fixed("force_play"),
    "uno_catching": _fixed("uno_catching"),
    "uno_penalty": _uno_penalty,
    "stacking": _stacking,
    "jump_in": _fixed("jump_in"),
    "seven_zero": _fixed("seven_zero"),
    "skip_bounce": _fixed("skip_bounce"),
    "play_until_one_left": _fixed("play_until_one_left"),
    "no_wild_finish": _fixed("no_wild_finish"),
    "teams": _fixed("teams"),
    "next_dealer": _fixed("next_dealer"),
    "show_house_rule_text": _fixed("show_house_rule_text"),
}

# The switches listed as house rules; the deck, the match length, the first card and the Wild
# Customizable effects are described with the basics and the deck's cards instead.
HOUSE_SWITCHES = tuple(_SWITCH_TEXT)

# What the "other ways to play" part shows for a switch left at its official value.
_EXAMPLE: dict[str, Rules] = {
    "hand_size": Rules(hand_size=10),
    "wd4_wilds_count_as_color": Rules(wd4_wilds_count_as_color=True),
    "wd4_bluffing": Rules(wd4_bluffing=False),
    "challenge_outcome": Rules(challenge_outcome=ChallengeOutcome.RETURN_CARD),
    "draw_mode": Rules(draw_mode=DrawMode.UNTIL_PLAYABLE),
    "force_play": Rules(force_play=True),
    "uno_catching": Rules(uno_catching=False),
    "uno_penalty": Rules(uno_penalty=4),
    "stacking": Rules(stacking=Stacking.SAME),
    "jump_in": Rules(jump_in=True),
    "seven_zero": Rules(seven_zero=True),
    "skip_bounce": Rules(skip_bounce=True),
    "play_until_one_left": Rules(play_until_one_left=True, target_mode=TargetMode.SINGLE_HAND),
    "no_wild_finish": Rules(no_wild_finish=True),
    "teams": Rules(teams=True),
    "next_dealer": Rules(next_dealer=NextDealer.ROTATE),
    "show_house_rule_text": Rules(show_house_rule_text=False),
}
# Short lines for the other ways to play (the full text is shown when the switch is in play).
_OTHER_TEXT = {
    "hand_size": N_("Hand size: deal from 1 to 15 cards each instead of 7."),
    "uno_penalty": N_("UNO penalty: how many cards a player caught without calling UNO draws."),
    "stacking": N_(
        "Stacking: answer a Draw Two with a Draw Two and a Wild Draw Four with a Wild Draw Four "
        "(or, cross-stacking, either with either); the total grows until someone takes it all."
    ),
    "show_house_rule_text": N_(
        "Hidden House Rules (House Rules! deck): a rule's action is not shown while its race runs."
    ),
}


def _applies(name: str, rules: Rules) -> bool:
    """Whether switch ``name`` changes anything under ``rules``: how a caught bluff ends means
    nothing without bluffing, nor the UNO penalty without catching."""
    if name == "challenge_outcome":
        return rules.wd4_bluffing
    if name == "uno_penalty":
        return rules.uno_catching
    return True


def changed_switches(rules: Rules) -> list[str]:
    """The house-rule switches these rules set differently from the official rules (and that
    change anything with the others as they are)."""
    official = Rules(deck=rules.deck, first_card=rules.first_card)
    return [
        name
        for name in HOUSE_SWITCHES
        if getattr(rules, name) != getattr(official, name)
        and _applies(name, rules)
        # Hiding House Rules means nothing without the House Rules! deck.
        and (name != "show_house_rule_text" or rules.deck is DeckKind.HOUSE_RULES)
    ]


def other_ways(rules: Rules) -> list[Pictured]:
    """The decks and house rules this game does not use, as a new game can have them."""
    lines: list[Pictured] = []
    if rules.deck is not DeckKind.UNO2023:
        uno2023 = _(
            "The UNO 2023 deck (the UNO 2023 rule set): adds Wild Shuffle Hands, which "
            "gathers and deals out every hand again, and three Wild Customizable cards "
            "whose effect the host picks in New game."
        )
        lines.append((uno2023, cards("WSH", "WC")))
    if rules.deck is not DeckKind.HOUSE_RULES:
        house = _(
            "The House Rules! deck (the House Rules! rule set): House Rules cards 1 to 5 "
            "let players make a rule for a number, an action everyone races to do whenever "
            "the number is played, the last one drawing 1; Wild Game Changer gives a ruled "
            "number a new rule."
        )
        lines.append((house, cards("R3H", "WGC")))
    changed = set(changed_switches(rules))
    for name in HOUSE_SWITCHES:
        if name in changed or not _applies(name, _EXAMPLE[name]):
            continue
        short = _OTHER_TEXT.get(name)
        text = _(short) if short else _SWITCH_TEXT[name](_EXAMPLE[name])
        lines.append((text, switch_figure(name, _EXAMPLE[name])))
    return lines


# ---------------------------------------------------------------------------------------------
# The whole page


def sections(
    rules: Rules, players: int | None = None, settings: Settings | None = None
) -> list[Section]:
    """The page, part by part: what applies to this game first, then the rest."""
    parts = [section(_("The basics"), basics(rules, players))]
    if rules.deck in DECK_TITLE:
        parts.append(section(_(DECK_TITLE[rules.deck]), deck_text(rules), in_play=True))
    changed = [
        (switch_text(name, rules), switch_figure(name, rules)) for name in changed_switches(rules)
    ]
    if changed:
        parts.append(section(_("House rules in play"), changed, in_play=True))
    parts.append(section(_("Other ways to play (choose them in New game)"), other_ways(rules)))
    mouse_and_keys, couch = controls_text(settings or Settings())
    parts.append(Section(_("Controls"), (mouse_and_keys,)))
    parts.append(Section(_("Several people at one screen"), (couch,)))
    return parts


def rules_text(rules: Rules, players: int | None = None, settings: Settings | None = None) -> str:
    """The whole page as plain text: each part's title, then its paragraphs."""
    # TRANSLATORS: a part's title as a heading of the plain text ("The basics:").
    heading = _("{title}:")
    return "\n\n".join(
        "\n\n".join((heading.format(title=part.title), *part.paragraphs))
        for part in sections(rules, players, settings)
    )


def controls_text(settings: Settings) -> list[str]:
    """The controls paragraphs, naming the keys and buttons as they are bound in ``settings``
    (the Controls scene can change them, so fixed names here would soon be wrong)."""
    key = {move: key_text(code) for move, code in settings.keys.items()}
    pad = {move: button_name(number) for move, number in settings.buttons.items()}
    # TRANSLATORS: the placeholders are the keys and controller buttons as they are bound
    # ({draw_key}: D; {confirm_button}: A); {row} is the Settings row "Keys and controller buttons".
    mouse_and_keys = _(
        "Click or drag a card to play it; left and right arrows choose a card and Enter plays "
        "it; up and down reach the buttons beside your hand; {draw_key} draws (or keeps the "
        "card you drew, or takes the penalty); {uno_key} calls UNO; {catch_key} catches; "
        "{hint_key} asks the Hard AI for a hint; {pause_key} or Esc pauses. A controller: "
        "d-pad or stick to move, {confirm_button} to play, {draw_button} to draw, {uno_button} "
        "for UNO, {catch_button} to catch, {hint_button} for a hint, {pause_button} to pause, "
        "{back_button} to go back. Every key and button can be changed in Settings, under "
        '"{row}".'
    ).format(
        draw_key=key["draw"],
        uno_key=key["uno"],
        catch_key=key["catch"],
        hint_key=key["hint"],
        pause_key=key["pause"],
        confirm_button=pad["confirm"],
        draw_button=pad["draw"],
        uno_button=pad["uno"],
        catch_button=pad["catch"],
        hint_button=pad["hint"],
        pause_button=pad["pause"],
        back_button=pad["back"],
        row=_("Keys and controller buttons"),  # the Settings row that opens the controls
    )
    # TRANSLATORS: {confirm}, {uno} and {peek} are controller buttons as bound (A, Y, Right
    # shoulder); {keys} is the second person's keys, a message of its own.
    couch = _(
        "Between two people's turns a curtain hides every hand until the next person presses "
        "{confirm}, Enter or clicks. A controller belongs to whoever it was given to in setup "
        "(its {uno} button there) or who pressed {confirm} on it at their curtain; with it they "
        "call UNO, catch, jump in ({confirm}: the card must be identical, so there is nothing "
        "to choose) and run House Rules races at any time, and hold {peek} to peek at their "
        "own hand. Two people on one keyboard: the other person's keys are {keys}."
    ).format(confirm=pad["confirm"], uno=pad["uno"], peek=pad["peek"], keys=_(SECOND_SET_TEXT))
    return [mouse_and_keys, couch]
