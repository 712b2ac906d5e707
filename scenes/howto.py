"""How to play: the rules of the chosen rule set, in our own words, readable in the game.

The text is built from the rules object, so the page always describes the game being played:
the basics (with the first card, the Wild Draw Four, UNO and the match length as these rules
have them), the special cards of the deck (Wild Shuffle Hands and Wild Customizable, House
Rules cards and Wild Game Changer), a paragraph for every switch that differs from the official
rules, then the other decks and house rules a new game can have, and the controls as bound.

The page scrolls by pixels with the mouse wheel, the arrow keys (Left and Right a page, as do
Page Up and Page Down; Home and End go to the top and the bottom), a controller's d-pad or
stick, and by clicking or dragging the scrollbar; a scrollbar thumb and "more above" / "more
below" marks show where the reader is.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.cards import DeckKind
from game.rules import (
    CUSTOM_EFFECT_TEXT,
    RACE_ACTION_TEXT,
    ChallengeOutcome,
    DrawMode,
    FirstCard,
    NextDealer,
    Rules,
    Stacking,
    TargetMode,
)
from scenes.app import App, Scene
from scenes.art import felt
from scenes.assets import Weight, scaled, text_scale
from scenes.input import SECOND_SET_TEXT, Act, Intent, button_name, key_text
from scenes.store.settings import Settings
from scenes.ui import GOLD, MUTED, WHITE, Button, Menu, draw_text, panel, wrap


@dataclass(frozen=True)
class Section:
    """A titled part of the page: a heading and its paragraphs."""

    title: str
    paragraphs: tuple[str, ...]


# ---------------------------------------------------------------------------------------------
# The basics, as the rules in play have them


def _goal(rules: Rules, players: int | None) -> str:
    scorer = (
        "When you or your partner goes out, your team scores the cards left in the other "
        "team's hands"
        if rules.teams
        else "When you go out, you score the cards left in everyone else's hands"
    )
    scoring = (
        f"Goal: be the first to play every card in your hand. {scorer}: number cards at face "
        "value, Skip, Reverse and Draw Two 20 each, wild cards 50."
    )
    if rules.play_until_one_left:
        return (
            "Goal: be the first to play every card in your hand. Here nobody scores points: "
            "the hand goes on until only one player still holds cards, and everyone is ranked "
            "by the order in which they went out."
        )
    if rules.target_mode is TargetMode.SINGLE_HAND:
        return f"{scoring} This game is a single hand: the first player out wins."
    target = rules.target_for(players) if players is not None else None
    if rules.target_mode is TargetMode.QUICK and target is None:
        ends = "The first player to reach 100 points (200 with three players or more)"
    else:
        ends = f"The first player to reach {target or rules.target_points} points"
    dealer = (
        "The winner of a hand deals the next one."
        if rules.next_dealer is NextDealer.WINNER
        else "The deal passes to the left after every hand."
    )
    return f"{scoring} {ends} wins the match. {dealer}"


def _turn(rules: Rules) -> str:
    turn = (
        "Your turn: play one card that matches the top of the discard pile by color, by number "
        "or by symbol, or play a wild card and name the next color. "
    )
    if rules.draw_mode is DrawMode.UNTIL_PLAYABLE:
        draw = "If you cannot or do not want to play, draw until a card you may play turns up"
    else:
        draw = "If you cannot or do not want to play, draw a card"
    if rules.force_play:
        then = "; if it can be played you must play it at once, otherwise your turn ends."
    else:
        then = "; if it can be played you may play it at once, otherwise your turn ends."
    return turn + draw + then


def _actions(rules: Rules) -> str:
    cards = (
        "Skip: the next player loses their turn. Reverse: play changes direction (with two "
        "players it works like a Skip). Draw Two: the next player draws two and loses their "
        "turn. Wild: name any color. Wild Draw Four: name a color; the next player draws four "
        "and loses their turn. "
    )
    honest = "You may only play it when you hold no card of the current color"
    if rules.wd4_wilds_count_as_color:
        honest += " and no other wild"
    if not rules.wd4_bluffing:
        return f"{cards}{honest}: there is no bluffing here, so it is never challenged."
    if rules.challenge_outcome is ChallengeOutcome.RETURN_CARD:
        caught = (
            "if you bluffed, the card comes back to your hand, the color is as it was, you "
            "draw four and must play a card that is allowed"
        )
    else:
        caught = "if you bluffed, you draw four instead and the color you named stays"
    return (
        f"{cards}{honest}, though you can still play it as a bluff. The next player may "
        f"challenge it: {caught}; if you did not, the challenger draws six and loses the turn."
    )


def _uno(rules: Rules) -> str:
    if not rules.uno_catching:
        return (
            "UNO: in this game nobody has to call UNO when down to one card, and nobody can be "
            "caught for forgetting."
        )
    cost = {0: "no cards", 1: "one card", 2: "two cards"}.get(
        rules.uno_penalty, f"{rules.uno_penalty} cards"
    )
    return (
        "UNO: call UNO as you play your next-to-last card (the UNO! button, or the key or "
        "controller button named below), whatever that card answers, or at any moment while "
        "you hold one card. A call counts only for the play it goes with: calling and then "
        "drawing instead does not cover a later play. If another player catches you before "
        f"the next player to act makes their first move, you draw {cost}. The computer "
        "players forget too: an Easy one about every other time, a Normal one about one time "
        "in four (watch for a player left with one card and no UNO!, then catch them); Hard "
        "and Expert players never forget."
    )


def _first_card(rules: Rules) -> str:
    if rules.first_card is FirstCard.FLIP_UNTIL_NUMBER:
        return (
            "The first card: after the deal one card is turned up to start the discard pile. "
            "Until it is a number card, more cards are turned on top of it, and none of them "
            "does anything."
        )
    return (
        "The first card: after the deal one card is turned up to start the discard pile, and "
        "an action card acts on the first player (the one left of the dealer). Skip: that "
        "player is skipped. Draw Two: they draw two and are skipped. Reverse: the dealer plays "
        "first and play runs the other way. Wild Draw Four: it is shuffled back into the deck "
        "and another card is turned. Any other wild: the first player names the color, then "
        "plays."
    )


EMPTY_PILES = (
    "Empty piles: when the draw pile runs out, the discards under the top card are shuffled "
    "into a new one. If both piles are empty and nobody can play, the hand ends: the player "
    "with the fewest points in hand wins it and scores everyone else's cards."
)


def basics(rules: Rules, players: int | None = None) -> tuple[str, ...]:
    return (
        _goal(rules, players),
        _turn(rules),
        _actions(rules),
        _uno(rules),
        _first_card(rules),
        EMPTY_PILES,
    )


# ---------------------------------------------------------------------------------------------
# The special cards of the 2023 and House Rules! decks


def _customizable(rules: Rules) -> str:
    intro = (
        "Wild Customizable (three cards): a wild that also does what the host chose for it in "
        "New game"
    )
    if not rules.custom_effects:
        return f"{intro}; in this game the host picks its effects at the table, before the deal."
    effects = "; ".join(CUSTOM_EFFECT_TEXT[e] for e in rules.custom_effects)
    return f"{intro}. Here, once the color is named: {effects}."


def uno2023_text(rules: Rules) -> tuple[str, ...]:
    return (
        "The UNO 2023 deck is the classic deck with four more wild cards, 112 in all.",
        "Wild Shuffle Hands (one card): a wild. Every card still in a hand is gathered, "
        "shuffled and dealt out again one at a time, beginning with the player to the left of "
        "whoever played it, so the hands end up almost the same size. Then that player names "
        "the color. Anyone left with a single card must call UNO again. Played as your last "
        "card it simply ends the hand.",
        _customizable(rules),
    )


def house_rules_text(rules: Rules) -> tuple[str, ...]:
    examples = ", ".join(RACE_ACTION_TEXT[action].lower() for action in list(RACE_ACTION_TEXT)[:3])
    hidden = (
        "While a race runs, the rule is shown on screen."
        if rules.show_house_rule_text
        else "In this game the rule is not shown during a race (the table lists only which "
        "numbers have one): remember them!"
    )
    return (
        "The UNO House Rules! deck has 112 cards: red and blue have no 0, every color has a "
        "House Rules card of each number 1 to 5 (marked with a speech bubble), and four Wild "
        "Game Changer cards join the wilds. A House Rules card matches and scores like the "
        "plain number.",
        "Making a House Rule: the first House Rules card played for a number that has no rule "
        "lets its player make that number's rule, by picking something everyone can do on "
        f"their keyboard, mouse or controller ({examples}...). There are five rules at most, "
        "one for each number from 1 to 5, no two numbers share an action, and the rules last "
        "for the whole match.",
        "Races: whenever any card of a number with a rule is played, by anyone, plain or House "
        "Rules, every player still in the hand races to do that rule's action. The last one "
        f"to finish draws 1 card. The computer players race too, quicker at higher levels. "
        f"{hidden}",
        "Wild Game Changer: a wild worth 50 points. Once at least one rule is in play, its "
        "player must pick a number that has a rule and give it a new one, an action no other "
        "number uses. With no rules yet it is an ordinary wild.",
    )


def deck_text(rules: Rules) -> tuple[str, ...]:
    if rules.deck is DeckKind.UNO2023:
        return uno2023_text(rules)
    if rules.deck is DeckKind.HOUSE_RULES:
        return house_rules_text(rules)
    return ()


DECK_TITLE = {
    DeckKind.UNO2023: "The UNO 2023 cards",
    DeckKind.HOUSE_RULES: "The House Rules! cards",
}


# ---------------------------------------------------------------------------------------------
# Switches: what each one does when it differs from the official rules


# What a switch means in the cases players argue about (shared/RULES.md, readings settled).
SWITCH_DETAILS = {
    "force_play": "A Wild Draw Four you drew while holding the current color never has to be "
    "played: keep it (or bluff it).",
    "draw_mode": "Drawing until you can play stops at the first card you may play; without "
    "bluffing, a Wild Draw Four you may not play does not stop it.",
    "stacking": "A Wild Draw Four on a Wild Draw Four is always allowed and cannot be "
    "challenged; the player hit by the first one may challenge it instead of answering.",
    "jump_in": "Jump in only on a card somebody played, never on the card turned at the start "
    "of a hand, and never while a draw penalty waits. A House Rules card and the plain number "
    "of the same color are identical.",
    "wd4_wilds_count_as_color": "Every other wild in your hand counts, another Wild Draw Four too.",
}


def switch_text(name: str, rules: Rules) -> str:
    """A paragraph on switch ``name`` as ``rules`` set it (a value that is not the official
    one), with the details players argue about."""
    main = _SWITCH_TEXT[name](rules)
    detail = SWITCH_DETAILS.get(name)
    return f"{main} {detail}" if detail else main


def _stacking(rules: Rules) -> str:
    if rules.stacking is Stacking.CROSS:
        kinds = (
            "Stacking, either kind on either: when a Draw Two or a Wild Draw Four hits you, you "
            "may answer it with a Draw Two or a Wild Draw Four of your own (a Draw Two played "
            "on a Wild Draw Four must be of the color that was named)."
        )
    else:
        kinds = (
            "Stacking: when a Draw Two hits you, you may answer it with a Draw Two of your own, "
            "and a Wild Draw Four with a Wild Draw Four."
        )
    return (
        f"{kinds} Each answer adds to the total and passes it on; the first player who does "
        "not answer draws all of it and loses the turn. You are asked every time, even with "
        "nothing to answer with, so nobody learns what you hold."
    )


_SWITCH_TEXT: dict[str, Callable[[Rules], str]] = {
    "hand_size": lambda r: f"Hand size: everyone is dealt {r.hand_size} cards (officially 7).",
    "wd4_wilds_count_as_color": lambda r: (
        "Wilds count as a color match: a Wild Draw Four is honest only when you hold no card "
        "of the current color and no other wild."
    ),
    "wd4_bluffing": lambda r: (
        "No bluffing: a Wild Draw Four can be played only when it is honest, so it is never "
        "challenged."
    ),
    "challenge_outcome": lambda r: (
        "Bluff taken back: a caught bluffer's Wild Draw Four returns to their hand, the color "
        "is what it was before, and the bluffer draws four and must play a card that is "
        "allowed."
    ),
    "draw_mode": lambda r: (
        "Draw until playable: when you draw, you keep drawing until a card you may play turns up."
    ),
    "force_play": lambda r: "Force play: a card you just drew that can be played must be played.",
    "uno_catching": lambda r: (
        "No UNO calls: nobody has to call UNO and nobody can be caught for forgetting."
    ),
    "uno_penalty": lambda r: (
        f"UNO penalty: a player caught without calling UNO draws {r.uno_penalty} (officially 2)."
    ),
    "stacking": _stacking,
    "jump_in": lambda r: (
        "Jump-in: whenever you hold a card identical to the top of the discard pile (same "
        "color and same number or symbol; wilds never count), you may play it at once, even "
        "when it is not your turn. Play then goes on from you, as if it had been your turn."
    ),
    "seven_zero": lambda r: (
        "7-0: when you play a 7 you swap hands with a player you choose; when you play a 0, "
        "everyone passes their hand to the next player in the direction of play. A 7 that was "
        "your last card swaps nothing. Whoever ends up with one card must call UNO, as after "
        "any play."
    ),
    "skip_bounce": lambda r: (
        "Skip bounce: when a Skip card would skip you, you may play a Skip of your own (any "
        "color) to pass the skip on to the next player."
    ),
    "play_until_one_left": lambda r: (
        "Play until one is left: a player who goes out leaves the hand and the others play "
        "on, until only one still holds cards. The order in which players went out is the "
        "result; no points are scored."
    ),
    "no_wild_finish": lambda r: (
        "No wild finish: a wild card may not be your last card; holding only a wild, you draw."
    ),
    "teams": lambda r: (
        "2v2 teams (4 players): partners sit across the table from each other. When either "
        "partner goes out, the team wins the hand and both partners score the cards left in "
        "the other team's hands."
    ),
    "next_dealer": lambda r: (
        "Rotating deal: after every hand the deal passes to the left (officially the winner deals)."
    ),
    "show_house_rule_text": lambda r: (
        "Hidden House Rules: a rule's action is not shown while its race runs; remember it."
    ),
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
    "hand_size": "Hand size: deal from 1 to 15 cards each instead of 7.",
    "uno_penalty": "UNO penalty: how many cards a player caught without calling UNO draws.",
    "stacking": "Stacking: answer a Draw Two with a Draw Two and a Wild Draw Four with a Wild "
    "Draw Four (or, cross-stacking, either with either); the total grows until someone takes "
    "it all.",
    "show_house_rule_text": "Hidden House Rules (House Rules! deck): a rule's action is not "
    "shown while its race runs.",
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


def other_ways(rules: Rules) -> tuple[str, ...]:
    """The decks and house rules this game does not use, as a new game can have them."""
    lines: list[str] = []
    if rules.deck is not DeckKind.UNO2023:
        lines.append(
            "The UNO 2023 deck (the UNO 2023 rule set): adds Wild Shuffle Hands, which gathers "
            "and deals out every hand again, and three Wild Customizable cards whose effect "
            "the host picks in New game."
        )
    if rules.deck is not DeckKind.HOUSE_RULES:
        lines.append(
            "The House Rules! deck (the House Rules! rule set): House Rules cards 1 to 5 let "
            "players make a rule for a number, an action everyone races to do whenever the "
            "number is played, the last one drawing 1; Wild Game Changer gives a ruled number "
            "a new rule."
        )
    changed = set(changed_switches(rules))
    for name in HOUSE_SWITCHES:
        if name in changed or not _applies(name, _EXAMPLE[name]):
            continue
        text = _OTHER_TEXT.get(name) or _SWITCH_TEXT[name](_EXAMPLE[name])
        lines.append(text)
    return tuple(lines)


# ---------------------------------------------------------------------------------------------
# The whole page


def sections(
    rules: Rules, players: int | None = None, settings: Settings | None = None
) -> list[Section]:
    """The page, part by part: what applies to this game first, then the rest."""
    parts = [Section("The basics", basics(rules, players))]
    if rules.deck in DECK_TITLE:
        parts.append(Section(DECK_TITLE[rules.deck], deck_text(rules)))
    changed = changed_switches(rules)
    if changed:
        parts.append(
            Section("House rules in play", tuple(switch_text(name, rules) for name in changed))
        )
    parts.append(Section("Other ways to play (choose them in New game)", other_ways(rules)))
    mouse_and_keys, couch = controls_text(settings or Settings())
    parts.append(Section("Controls", (mouse_and_keys,)))
    parts.append(Section("Several people at one screen", (couch,)))
    return parts


def rules_text(rules: Rules, players: int | None = None, settings: Settings | None = None) -> str:
    """The whole page as plain text: each part's title, then its paragraphs."""
    return "\n\n".join(
        "\n\n".join((f"{part.title}:", *part.paragraphs))
        for part in sections(rules, players, settings)
    )


def controls_text(settings: Settings) -> list[str]:
    """The controls paragraphs, naming the keys and buttons as they are bound in ``settings``
    (the Controls scene can change them, so fixed names here would soon be wrong)."""
    key = {move: key_text(code) for move, code in settings.keys.items()}
    pad = {move: button_name(number) for move, number in settings.buttons.items()}
    mouse_and_keys = (
        "Click or drag a card to play it; left and right arrows choose a card and "
        "Enter plays it; up and down reach the buttons beside your hand; "
        f"{key['draw']} draws (or keeps the card you drew, or takes the penalty); "
        f"{key['uno']} calls UNO; {key['catch']} catches; {key['hint']} asks the Hard AI for a "
        f"hint; {key['pause']} or Esc pauses. A controller: d-pad or stick to move, "
        f"{pad['confirm']} to play, {pad['draw']} to draw, {pad['uno']} for UNO, "
        f"{pad['catch']} to catch, {pad['hint']} for a hint, {pad['pause']} to pause, "
        f"{pad['back']} to go back. Every key and button can be changed in Settings, Controls."
    )
    couch = (
        "Between two people's turns a curtain hides every hand "
        f"until the next person presses {pad['confirm']}, Enter or clicks. A controller belongs "
        f"to whoever it was given to in setup (its {pad['uno']} button there) or who pressed "
        f"{pad['confirm']} on it at their curtain; with it they call UNO, catch, jump in "
        f"({pad['confirm']}: the card must be identical, so there is nothing to choose) and "
        f"run House Rules races at any time, and hold {pad['peek']} to peek at their own hand. "
        f"Two people on one keyboard: the other person's keys are {SECOND_SET_TEXT}."
    )
    return [mouse_and_keys, couch]


# ---------------------------------------------------------------------------------------------
# The scene


class Style(enum.Enum):
    HEADING = "heading"
    BODY = "body"
    GAP = "gap"  # the space between two paragraphs


# Nominal sizes and pitches (the text scale of Large text multiplies them).
BODY_SIZE = 24
BODY_PITCH = 32
HEADING_SIZE = 30
HEADING_PITCH = 48
GAP_PITCH = 14
HINT_SIZE = 18
# Up and Down scroll this many lines; the wheel this many per notch.
KEY_LINES = 3
WHEEL_LINES = 3


@dataclass(frozen=True)
class Row:
    text: str
    style: Style
    y: int  # from the top of the text
    height: int


class HowToScene(Scene):
    def __init__(self, app: App, rules: Rules, players: int | None = None) -> None:
        super().__init__(app)
        self.background = felt(app.screen.get_size()).convert()
        self.rect = pygame.Rect(260, 130, 1400, 800)
        # The text, inside the panel; the right margin holds the scrollbar, the top and bottom
        # margins the "more above" and "more below" marks.
        self.view = pygame.Rect(self.rect.x + 50, self.rect.y + 40, self.rect.width - 130, 0)
        self.view.height = self.rect.height - 90
        self.track = pygame.Rect(self.rect.right - 44, self.view.y, 10, self.view.height)
        self.sections = sections(rules, players, app.settings)
        self.offset = 0  # pixels of text above the view
        self.dragging: int | None = None  # the grab point's distance from the thumb's top
        self._laid_out_at: float | None = None
        self.rows: list[Row] = []
        self.content_height = 0
        self._layout()
        back = Button(pygame.Rect(810, 960, 300, 76), "Back", app.pop)
        self.menu = Menu([back], on_back=app.pop)

    # ------------------------------------------------------------- layout and position

    def _layout(self) -> None:
        """Wrap the text for the current text size (Large text changes it)."""
        if self._laid_out_at == text_scale():
            return
        fraction = self.fraction
        self._laid_out_at = text_scale()
        rows: list[Row] = []
        y = 0
        for part in self.sections:
            if rows:
                rows.append(Row("", Style.GAP, y, scaled(GAP_PITCH)))
                y += scaled(GAP_PITCH)
            for line in wrap(part.title, HEADING_SIZE, self.view.width, Weight.BOLD):
                rows.append(Row(line, Style.HEADING, y, scaled(HEADING_PITCH)))
                y += scaled(HEADING_PITCH)
            for i, paragraph in enumerate(part.paragraphs):
                if i:
                    rows.append(Row("", Style.GAP, y, scaled(GAP_PITCH)))
                    y += scaled(GAP_PITCH)
                for line in wrap(paragraph, BODY_SIZE, self.view.width):
                    rows.append(Row(line, Style.BODY, y, scaled(BODY_PITCH)))
                    y += scaled(BODY_PITCH)
        self.rows = rows
        self.content_height = y
        self.scroll_to(fraction)

    @property
    def limit(self) -> int:
        """The largest offset: the last line at the bottom of the view."""
        return max(0, self.content_height - self.view.height)

    @property
    def fraction(self) -> float:
        """How far down the page the view is, 0 at the top and 1 at the bottom."""
        return self.offset / self.limit if self.limit else 0.0

    @property
    def more_above(self) -> bool:
        return self.offset > 0

    @property
    def more_below(self) -> bool:
        return self.offset < self.limit

    def scroll_by(self, pixels: float) -> None:
        self.offset = min(self.limit, max(0, round(self.offset + pixels)))

    def scroll_to(self, fraction: float) -> None:
        self.offset = min(self.limit, max(0, round(self.limit * fraction)))

    def thumb(self) -> pygame.Rect:
        """The scrollbar's thumb: its length is the share of the page in view, its place the
        view's place in the page."""
        track = self.track
        if self.content_height <= self.view.height:
            return track.copy()
        length = max(48, round(track.height * self.view.height / self.content_height))
        top = track.y + round((track.height - length) * self.fraction)
        return pygame.Rect(track.x, top, track.width, length)

    # ------------------------------------------------------------- input

    def handle(self, intent: Intent) -> None:
        self._layout()
        line = scaled(BODY_PITCH)
        page = self.view.height - line
        act = intent.act
        if act is Act.SCROLL:
            self.scroll_by(-intent.amount * WHEEL_LINES * line)
        elif act in (Act.DOWN, Act.UP):
            self.scroll_by(KEY_LINES * line * (1 if act is Act.DOWN else -1))
        elif act in (Act.RIGHT, Act.LEFT, Act.PAGE_DOWN, Act.PAGE_UP):  # a page at a time
            self.scroll_by(page if act in (Act.RIGHT, Act.PAGE_DOWN) else -page)
        elif act in (Act.HOME, Act.END):
            self.scroll_to(0.0 if act is Act.HOME else 1.0)
        elif act is Act.PRESS and intent.pos is not None and self._on_bar(intent.pos):
            thumb = self.thumb()
            if thumb.collidepoint(intent.pos):
                self.dragging = intent.pos[1] - thumb.y
            else:  # a click on the track pages toward it
                self.scroll_by(page if intent.pos[1] > thumb.centery else -page)
        elif act is Act.POINT and self.dragging is not None and intent.pos is not None:
            self._drag(intent.pos[1])
        elif act is Act.RELEASE and self.dragging is not None:
            self.dragging = None
        else:
            self.menu.handle(intent)

    def _on_bar(self, pos: tuple[int, int]) -> bool:
        return self.limit > 0 and self.track.inflate(24, 0).collidepoint(pos)

    def _drag(self, y: int) -> None:
        assert self.dragging is not None
        thumb = self.thumb()
        room = self.track.height - thumb.height
        if room > 0:
            self.scroll_to((y - self.dragging - self.track.y) / room)

    # ------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        surface.blit(self.background, (0, 0))
        draw_text(surface, "How to play", 56, (960, 74), GOLD, Weight.BLACK, shadow=True)
        surface.blit(panel(self.rect.size, 26, (10, 16, 22, 215)), self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for row in self.rows:
            top = self.view.y + row.y - self.offset
            if row.style is Style.GAP or top + row.height < self.view.y or top > self.view.bottom:
                continue
            if row.style is Style.HEADING:
                pos = (self.view.x, top + row.height * 0.58)
                draw_text(surface, row.text, HEADING_SIZE, pos, GOLD, Weight.BOLD, "midleft")
            else:
                pos = (self.view.x, top + row.height / 2)
                draw_text(surface, row.text, BODY_SIZE, pos, WHITE, Weight.REGULAR, "midleft")
        surface.set_clip(clip)
        self._draw_scrollbar(surface)
        self.menu.draw(surface)
        hint = "Wheel, Up/Down or d-pad to scroll; Left/Right or PgUp/PgDn a page"
        room = self.menu.buttons[0].rect.x - 30 - self.rect.x
        # Wrapped rather than shrunk: Large text made it 14 px to fit one line.
        lines = wrap(hint, HINT_SIZE, room, Weight.SEMIBOLD)[:2]
        pitch = scaled(HINT_SIZE) + 4
        for i, line in enumerate(lines):
            y = 998 + (i - (len(lines) - 1) / 2) * pitch
            draw_text(surface, line, HINT_SIZE, (self.rect.x, y), MUTED, anchor="midleft")

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.limit <= 0:
            return
        surface.blit(panel(self.track.size, 5, (255, 255, 255, 40), None), self.track)
        thumb = self.thumb()
        lit = self.dragging is not None
        fill = (255, 214, 102, 255) if lit else (255, 206, 84, 200)
        surface.blit(panel(thumb.size, 5, fill, None), thumb)
        mid = self.view.centerx
        if self.more_above:
            self._mark(surface, "More above", (mid, self.rect.y + 20), up=True)
        if self.more_below:
            self._mark(surface, "More below", (mid, self.rect.bottom - 25), up=False)

    def _mark(self, surface: pygame.Surface, text: str, pos: tuple[int, int], up: bool) -> None:
        """A "more" mark: a small arrow and a word, centred on ``pos``."""
        label = draw_text(surface, text, HINT_SIZE, pos, MUTED)
        size = scaled(8)
        for x in (label.x - 2 * size, label.right + 2 * size):
            tip = pos[1] - size if up else pos[1] + size
            base = pos[1] + size if up else pos[1] - size
            points = [(x - size, base), (x + size, base), (x, tip)]
            pygame.draw.polygon(surface, MUTED, points)
