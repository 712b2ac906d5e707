"""How to play: the rules of the chosen rule set, in our own words, readable in the game.

The text is built from the rules object: the basics, what the deck's special cards do, and a
line for every switch that differs from the official rules, so the page always describes the
game being played.
"""

from __future__ import annotations

import dataclasses

import pygame

from game.cards import DeckKind
from game.rules import SWITCHES, Rules, TargetMode
from scenes.app import App, Scene
from scenes.art import felt
from scenes.assets import Weight
from scenes.input import SECOND_SET_TEXT, Act, Intent, button_name, key_text
from scenes.settings import Settings
from scenes.ui import GOLD, WHITE, Button, Menu, draw_text, panel, wrap

BASICS = """Goal: be the first to play every card in your hand. When you go out, you score the \
cards left in everyone else's hands: number cards at face value, Skip, Reverse and Draw Two 20 \
each, wild cards 50. The first player to reach the target wins the match.

Your turn: play one card that matches the top of the discard pile by color, by number or by \
symbol, or play a wild card and name the next color. If you cannot or do not want to play, draw \
a card; if it can be played you may play it at once, otherwise your turn ends.

Skip: the next player loses their turn. Reverse: play changes direction (with two players it \
works like a Skip). Draw Two: the next player draws two and loses their turn. Wild: name any \
color. Wild Draw Four: name a color; the next player draws four and loses their turn. You may \
only play it when you hold no card of the current color. The next player may challenge: if you \
bluffed, you draw four instead; if you did not, the challenger draws six.

UNO: call UNO as you play your next-to-last card (the UNO! button, or the key or controller \
button named below), whatever that card answers, or at any moment while you hold one card. A \
call counts only for the play it goes with: calling and then drawing instead does not cover a \
later play. If another player catches you before the next player to act makes their first \
move, you draw two cards.

Empty piles: when the draw pile runs out, the discards under the top card are shuffled into a \
new one. If both piles are empty and nobody can play, the hand ends: the player with the fewest \
points in hand wins it and scores everyone else's cards."""

DECK_TEXT = {
    DeckKind.UNO2023: """The 2023 deck adds Wild Shuffle Hands: its player gathers every hand, \
shuffles them and deals them out again, starting with the next player. The three Wild \
Customizable cards do what the host chose before the game.""",
    DeckKind.HOUSE_RULES: """House Rules!: the first time a 1, 2, 3, 4 or 5 House Rules card is \
played, its player makes a rule for that number: an action everyone must race to do whenever \
the number is played again. The last one to do it draws one. Wild Game Changer: while at least \
one rule is in play, its player must pick a number with a rule and make a new rule for it.""",
}


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


def rules_text(rules: Rules, players: int = 4, settings: Settings | None = None) -> str:
    parts = [BASICS]
    if rules.deck in DECK_TEXT:
        parts.append(DECK_TEXT[rules.deck])
    target = rules.target_for(players)
    if rules.target_mode is TargetMode.SINGLE_HAND:
        parts.append("This game is a single hand: the first player out wins.")
    elif target is not None and target != 500:
        parts.append(f"The match is played to {target} points.")
    official = Rules(deck=rules.deck, first_card=rules.first_card)
    changed = [
        " ".join(filter(None, (SWITCHES[f.name], SWITCH_DETAILS.get(f.name))))
        for f in dataclasses.fields(Rules)
        if f.name in SWITCHES
        and f.name not in ("deck", "target_mode", "target_points")
        and getattr(rules, f.name) != getattr(official, f.name)
    ]
    if changed:
        parts.append("House rules in play:\n" + "\n".join(f"- {line}" for line in changed))
    parts.extend(controls_text(settings or Settings()))
    return "\n\n".join(parts)


def controls_text(settings: Settings) -> list[str]:
    """The controls paragraphs, naming the keys and buttons as they are bound in ``settings``
    (the Controls scene can change them, so fixed names here would soon be wrong)."""
    key = {move: key_text(code) for move, code in settings.keys.items()}
    pad = {move: button_name(number) for move, number in settings.buttons.items()}
    mouse_and_keys = (
        "Controls: click or drag a card to play it; left and right arrows choose a card and "
        "Enter plays it; up and down reach the buttons beside your hand; "
        f"{key['draw']} draws (or keeps the card you drew, or takes the penalty); "
        f"{key['uno']} calls UNO; {key['catch']} catches; {key['hint']} asks the Hard AI for a "
        f"hint; {key['pause']} or Esc pauses. A controller: d-pad or stick to move, "
        f"{pad['confirm']} to play, {pad['draw']} to draw, {pad['uno']} for UNO, "
        f"{pad['catch']} to catch, {pad['hint']} for a hint, {pad['pause']} to pause, "
        f"{pad['back']} to go back. Every key and button can be changed in Settings, Controls."
    )
    couch = (
        "Several people at one screen: between two people's turns a curtain hides every hand "
        f"until the next person presses {pad['confirm']}, Enter or clicks. A controller belongs "
        f"to whoever it was given to in setup (its {pad['uno']} button there) or who pressed "
        f"{pad['confirm']} on it at their curtain; with it they call UNO, catch, jump in "
        f"({pad['confirm']}: the card must be identical, so there is nothing to choose) and "
        f"run House Rules races at any time, and hold {pad['peek']} to peek at their own hand. "
        f"Two people on one keyboard: the other person's keys are {SECOND_SET_TEXT}."
    )
    return [mouse_and_keys, couch]


class HowToScene(Scene):
    def __init__(self, app: App, rules: Rules) -> None:
        super().__init__(app)
        self.background = felt(app.screen.get_size()).convert()
        self.rect = pygame.Rect(260, 130, 1400, 800)
        self.lines = wrap(rules_text(rules, settings=app.settings), 24, self.rect.width - 100)
        self.scroll = 0
        back = Button(pygame.Rect(810, 960, 300, 76), "Back", app.pop)
        self.menu = Menu([back], on_back=app.pop)

    def handle(self, intent: Intent) -> None:
        visible = (self.rect.height - 60) // 32
        limit = max(0, len(self.lines) - visible)
        if intent.act is Act.SCROLL:
            self.scroll = min(limit, max(0, self.scroll - intent.amount * 3))
        elif intent.act in (Act.DOWN, Act.UP):
            step = 3 if intent.act is Act.DOWN else -3
            self.scroll = min(limit, max(0, self.scroll + step))
        else:
            self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        draw_text(surface, "How to play", 56, (960, 74), GOLD, Weight.BLACK, shadow=True)
        surface.blit(panel(self.rect.size, 26, (10, 16, 22, 215)), self.rect)
        visible = (self.rect.height - 60) // 32
        for i, line in enumerate(self.lines[self.scroll : self.scroll + visible]):
            weight = Weight.BOLD if line.endswith(":") and len(line) < 40 else Weight.REGULAR
            draw_text(
                surface,
                line,
                24,
                (self.rect.x + 50, self.rect.y + 30 + i * 32),
                WHITE,
                weight,
                "topleft",
            )
        self.menu.draw(surface)
