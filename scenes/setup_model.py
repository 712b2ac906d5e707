"""What the setup screen lets a player choose, without the screen: how many play, who sits where
and under what name, the rule preset and every switch, and the controllers given out for couch
play; and the match that follows from it.

Every change the screen offers is a method here: a seat's kind and a switch cycle through their
values (numbers in ascending order), the preset puts its own rules back, and a name given to one
seat is refused for another with the reason. ``problem`` is the engine's own word on whether
the rules can be played with this many players; ``match_setup`` is what Start plays. The choices
come from, and go back to, the remembered setup (``scenes.store.lastsetup``). No pygame here:
the screen (``scenes.setup``) draws these choices and turns presses into these calls.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
from dataclasses import dataclass, field
from typing import Any

from game.ai import Level
from game.cards import DeckKind
from game.i18n import _, pgettext
from game.match import AI_NAMES, MatchSetup, Seat, SeatKind
from game.narrate_words import YOU_ALONE
from game.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    SWITCHES,
    CustomEffect,
    Preset,
    Rules,
    RulesError,
    TargetMode,
    choice_text,
    preset_title,
    switch_text,
    switch_title,
)
from scenes.store.lastsetup import LastSetup
from scenes.store.userdata import NAME_LENGTH, clean_name

# The values a switch button cycles through, in ascending order, for the number switches.
INT_CHOICES: dict[str, tuple[int, ...]] = {
    "hand_size": (5, 6, 7, 8, 9, 10),
    "uno_penalty": (1, 2, 3, 4),
    "target_points": (100, 200, 250, 300, 500, 1000),
}
EFFECT_CHOICES: tuple[tuple[CustomEffect, ...], ...] = (
    (CustomEffect.OTHERS_DRAW_1,),
    (),
    *((effect,) for effect in CustomEffect if effect is not CustomEffect.OTHERS_DRAW_1),
)
# Switches that only do something with one deck: listed only while that deck is chosen.
DECK_ONLY: dict[str, DeckKind] = {
    "custom_effects": DeckKind.UNO2023,
    "show_house_rule_text": DeckKind.HOUSE_RULES,
}
# Lesson 1's key (its file's name): who has not finished it is a beginner (``beginner``).
FIRST_LESSON = "1-match"
# Who sits at a seat: a person at the screen (None), a person on their phone, or an AI level.
SeatChoice = Level | SeatKind | None
SEAT_KINDS: tuple[SeatChoice, ...] = (
    None,
    SeatKind.PHONE,
    Level.EASY,
    Level.NORMAL,
    Level.HARD,
    Level.EXPERT,
)


def beginner(finished: set[str], learner: bool) -> bool:
    """A beginner: lesson 1 not finished, or "New to UNO?" answered with Learn. Their first New
    game starts with Easy AIs, and the screen says a word on the rules."""
    return FIRST_LESSON not in finished or learner


def value_text(value: Any) -> str:
    """A switch's value as its button shows it ("on", "same", "host chooses"), in the screen's
    language (game.rules words it)."""
    return choice_text(value)


def next_value(name: str, value: Any) -> Any:
    """The next value of a switch in its cycle; numbers go up, then back to the smallest."""
    choices: tuple[Any, ...]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int) and name in INT_CHOICES:
        # A value from elsewhere (a remembered file, the command line) need not be a choice:
        # the next one is still the next larger, so the cycle never jumps backwards.
        return next((c for c in INT_CHOICES[name] if c > value), INT_CHOICES[name][0])
    if isinstance(value, enum.Enum):
        choices = tuple(type(value))
    elif name == "custom_effects":
        choices = EFFECT_CHOICES
    else:
        raise KeyError(name)
    index = choices.index(value) if value in choices else -1
    return choices[(index + 1) % len(choices)]


def shown_switches(rules: Rules) -> list[str]:
    """The switches that do something with these rules' deck, in the order of SWITCHES."""
    return [name for name in SWITCHES if DECK_ONLY.get(name, rules.deck) is rules.deck]


def target_text(rules: Rules, players: int) -> str:
    """The target row's value: the points the engine will play to, whatever the mode."""
    target = rules.target_for(players)
    if target is None:
        return pgettext("switch value", "one hand")
    if rules.target_mode is TargetMode.QUICK:
        # TRANSLATORS: the match length row's value: the points of the quick length (100, 200).
        return pgettext("switch value", "{points} (quick)").format(points=target)
    return str(target)


def target_detail(rules: Rules) -> str:
    """The target row's explanation, which says why its number is not the one set by hand."""
    if rules.target_mode is TargetMode.QUICK:
        return _("Quick length: 100 with 2 players, 200 with more. Change it to set your own.")
    if rules.target_mode is TargetMode.SINGLE_HAND:
        return _("Not used: the match is one hand. Change it to play to a points target.")
    return switch_text("target_points")


def switch_label(name: str) -> str:
    """A switch's name on the setup screen, in the screen's language."""
    return switch_title(name)


def typed(text: str, more: str) -> str:
    """A name being typed after ``more`` arrives: printable characters, up to a name's length;
    a name starts with a letter (the Space that opened the entry, too, is not kept)."""
    room = NAME_LENGTH - len(text)
    kept = "".join(itertools.islice((c for c in more if c.isprintable()), max(0, room)))
    return text + (kept.lstrip() if not text else kept)


@dataclass
class SetupModel:
    """The choices on the setup screen, for all ten seats (see ``LastSetup``), and the
    controllers given to people here (device id -> seat; the rest are claimed at the hand-off
    by pressing A)."""

    players: int
    kinds: list[SeatChoice]
    # The names given by hand, per seat; "" is the seat's default. A person and an AI at the
    # same seat have a name each, so switching the seat back and forth keeps both.
    person_names: list[str]
    ai_names: list[str]
    preset: Preset
    rules: Rules
    open_hands: bool
    pads: dict[int, int] = field(default_factory=dict)

    @classmethod
    def remembered(cls, last: LastSetup) -> SetupModel:
        return cls(
            players=last.players,
            kinds=list(last.kinds),
            person_names=list(last.person_names),
            ai_names=list(last.ai_names),
            preset=last.preset,
            rules=last.rules,
            open_hands=last.open_hands,
        )

    def last_setup(self) -> LastSetup:
        """The choices, as they are remembered."""
        return LastSetup(
            players=self.players,
            kinds=list(self.kinds),
            person_names=list(self.person_names),
            ai_names=list(self.ai_names),
            preset=self.preset,
            rules=self.rules,
            open_hands=self.open_hands,
        )

    def match_setup(self, seed: int) -> MatchSetup:
        """The match Start plays: these names, seats and rules, dealt from ``seed``."""
        names = self.seat_names()
        seats = [self._seat(names[s], self.kinds[s]) for s in range(self.players)]
        return MatchSetup(self.rules, tuple(seats), seed, open_hands=self.open_hands)

    def problem(self) -> str | None:
        """Why these rules cannot be played by this many players, or None when they can."""
        try:
            self.rules.validate(self.players)
        except RulesError as error:
            return str(error)
        return None

    # ------------------------------------------------------------- seats

    @staticmethod
    def _seat(name: str, kind: SeatChoice) -> Seat:
        if isinstance(kind, Level):
            return Seat(name, kind)
        return Seat(name, kind=SeatKind.PHONE if kind is SeatKind.PHONE else None)

    def people(self) -> list[int]:
        """The people at the screen (who may be given a controller here)."""
        return [s for s in range(self.players) if self.kinds[s] is None]

    def is_person(self, seat: int) -> bool:
        """A person plays the seat, at the screen or on their phone."""
        return not isinstance(self.kinds[seat], Level)

    def fewer(self) -> None:
        self.players = max(MIN_PLAYERS, self.players - 1)
        self.forget_pads()

    def more(self) -> None:
        self.players = min(MAX_PLAYERS, self.players + 1)

    def cycle_kind(self, seat: int) -> None:
        current = self.kinds[seat]
        index = SEAT_KINDS.index(current) if current in SEAT_KINDS else -1
        self.kinds[seat] = SEAT_KINDS[(index + 1) % len(SEAT_KINDS)]
        self.forget_pads()

    def set_kind(self, seat: int, kind: SeatChoice) -> None:
        """The seat's kind, chosen from the list (every kind one choice away)."""
        self.kinds[seat] = kind
        self.forget_pads()

    def easy_ais(self) -> None:
        """Every AI seat at Easy (a beginner's first New game)."""
        self.kinds = [Level.EASY if isinstance(k, Level) else k for k in self.kinds]

    def toggle_open(self) -> None:
        self.open_hands = not self.open_hands

    def give_pad(self, device: int) -> None:
        """A controller's UNO button in setup: it goes to the next person who has none; pressed
        again, it moves on, and after the last person it belongs to nobody."""
        taken = {s for d, s in self.pads.items() if d != device}
        current = self.pads.pop(device, None)
        later = [p for p in self.people() if p not in taken and (current is None or p > current)]
        if later:
            self.pads[device] = later[0]

    def forget_pads(self) -> None:
        """Seats that are no longer people (or no longer at the table) give their pads back."""
        people = set(self.people())
        self.pads = {d: s for d, s in self.pads.items() if s in people}

    # ------------------------------------------------------------- names

    def given_name(self, seat: int) -> str:
        """The name typed for this seat as it is now (a person or an AI), or ""."""
        names = self.person_names if self.is_person(seat) else self.ai_names
        return names[seat]

    def seat_names(self) -> list[str]:
        """Every seat's name: the given ones, then defaults that repeat none of them.

        Two seats of one name could not be told apart at the table or in the statistics, so a
        default moves on to the next free name (and a given name repeated further down, which
        only a hand-edited file can hold, gives way to a default).
        """
        names = [""] * self.players
        used: set[str] = set()
        for seat in range(self.players):
            given = self.given_name(seat)
            if given and given.casefold() not in used:
                names[seat] = given
                used.add(given.casefold())
        people = [s for s in range(self.players) if self.is_person(s)]
        for seat in range(self.players):
            if names[seat]:
                continue
            if self.is_person(seat):
                number = people.index(seat) + 1
                # A lone person at the screen is "You" (the screen is their device); several,
                # and anyone on a phone, are told apart by number.
                alone = len(people) == 1 and self.kinds[seat] is not SeatKind.PHONE
                # The defaults in the screen's language (a name typed is kept as typed); the
                # table's narrator knows its "You" in either language.
                first = [_(YOU_ALONE)] if alone else []
                candidates = itertools.chain(
                    first,
                    (_("Player {number}").format(number=n) for n in itertools.count(number)),
                )
            else:
                start = (seat - 1) % len(AI_NAMES)
                rotated = AI_NAMES[start:] + AI_NAMES[:start]
                candidates = itertools.chain(
                    rotated,
                    (_("AI {number}").format(number=n) for n in itertools.count(seat + 1)),
                )
            names[seat] = next(c for c in candidates if c.casefold() not in used)
            used.add(names[seat].casefold())
        return names

    def rename(self, seat: int, text: str) -> str | None:
        """Give the seat the cleaned ``text`` (empty: its default back); returns why not when
        another seat already has that name given, and leaves the names as they were."""
        name = clean_name(text)
        # Only a name given to another seat is refused: a default gives way to it.
        for other in range(self.players):
            given = self.given_name(other)
            if other != seat and name and given.casefold() == name.casefold():
                return _("Seat {number} is already called {name}.").format(
                    number=other + 1, name=given
                )
        names_of = self.person_names if self.is_person(seat) else self.ai_names
        names_of[seat] = name
        return None

    # ------------------------------------------------------------- rules

    def cycle_preset(self) -> None:
        presets = list(Preset)
        self.preset = presets[(presets.index(self.preset) + 1) % len(presets)]
        self.rules = PRESETS[self.preset]

    def cycle(self, name: str) -> None:
        """The switch ``name`` to its next value."""
        value = getattr(self.rules, name)
        changes: dict[str, Any] = {name: next_value(name, value)}
        if name == "target_points" and self.rules.target_mode is not TargetMode.POINTS:
            # The row shows the target the engine will use (Quick's, or none for one hand);
            # changing it means playing to points, starting from the next value up.
            shown = self.rules.target_for(self.players)
            points = next_value(name, shown) if shown is not None else value
            changes = {"target_mode": TargetMode.POINTS, name: points}
        self.rules = dataclasses.replace(self.rules, **changes)

    def switches(self) -> list[str]:
        """The switches listed for these rules (those that do something with the deck)."""
        return shown_switches(self.rules)

    def switch_text(self, name: str) -> str:
        """A switch's value as its button shows it; the target is the one the engine plays."""
        if name == "target_points":
            return target_text(self.rules, self.players)
        return value_text(getattr(self.rules, name))

    def switch_detail(self, name: str) -> str:
        """The line under a switch's name that says what it does."""
        return target_detail(self.rules) if name == "target_points" else switch_text(name)

    def changed(self, name: str) -> bool:
        """Whether a switch differs from the preset's own value (drawn in amber)."""
        return bool(getattr(self.rules, name) != getattr(PRESETS[self.preset], name))

    def rules_label(self) -> str:
        """The preset button's text; it says when the switches no longer match the preset."""
        preset = preset_title(self.preset)
        if self.rules != PRESETS[self.preset]:
            return _("Rules: {preset} (changed)").format(preset=preset)
        return _("Rules: {preset}").format(preset=preset)
