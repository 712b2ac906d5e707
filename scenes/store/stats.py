"""Statistics per player profile (the name a person plays under): rounds and matches played and
won against each AI level, best round score, win streaks. The screen that shows them is
``scenes.stats_screen``; the table's statistics listener records each round here.

Kept as JSON in the user's data folder, written atomically after each round, and read through
the one user-file loader. A damaged file is kept aside and the statistics start again, with a
message; a count that cannot be right (negative, more rounds won than played) is reset and the
player told once; names are cleaned before they are counted or drawn. The game never stops for
it. This module imports no pygame.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.ai import Level
from game.events import RoundEnded
from game.i18n import N_, _
from game.match import MatchSetup
from scenes.store.userdata import clean_name, data_dir, load_json, write_atomic

STATS_NAME = "stats.json"


@dataclass
class Profile:
    rounds: int = 0
    rounds_won: int = 0
    matches: int = 0
    matches_won: int = 0
    best_round: int = 0
    streak: int = 0
    best_streak: int = 0
    # AI level -> [rounds played against it, rounds won]
    against: dict[str, list[int]] = field(default_factory=dict)


def stats_path(folder: Path | None = None) -> Path:
    return (folder if folder is not None else data_dir()) / STATS_NAME


# Above any count a person reaches; a bigger one is a damaged file (and would not fit its cell).
MAX_COUNT = 10**9
COUNTS = ("rounds", "rounds_won", "matches", "matches_won", "best_round", "streak", "best_streak")
# Each count that cannot exceed another: wins are rounds, a streak is wins in a row.
AT_MOST = (
    ("rounds_won", "rounds", N_("more than the rounds played")),
    ("matches_won", "matches", N_("more than the matches played")),
    ("best_streak", "rounds_won", N_("longer than the rounds won")),
    ("streak", "best_streak", N_("longer than the best streak")),
)
# How a reset names each count (the file's keys are not words for the player).
COUNT_NAMES = {
    "rounds": N_("rounds"),
    "rounds_won": N_("rounds won"),
    "matches": N_("matches"),
    "matches_won": N_("matches won"),
    "best_round": N_("best round"),
    "streak": N_("streak"),
    "best_streak": N_("best streak"),
}
LEVELS = frozenset(level.value for level in Level)


def _count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def _profile(name: str, data: Any, resets: list[str]) -> Profile:
    """One person's statistics; each impossible count is reset (to 0, or to its bound)."""
    profile = Profile()
    if not isinstance(data, dict):
        # TRANSLATORS: one item of a list of reset statistics; {name} is a player's name.
        resets.append(_("{name}: everything (not a set of counts)").format(name=name))
        return profile
    for count in COUNTS:
        value = data.get(count, 0)
        if _count(value):
            setattr(profile, count, value)
        else:
            resets.append(
                _("{name}: {count} (not a whole number from 0 up)").format(
                    name=name, count=_(COUNT_NAMES[count])
                )
            )
    for count, bound, why in AT_MOST:
        if getattr(profile, count) > getattr(profile, bound):
            setattr(profile, count, getattr(profile, bound))
            resets.append(
                _("{name}: {count} ({why})").format(
                    name=name, count=_(COUNT_NAMES[count]), why=_(why)
                )
            )
    against = data.get("against", {})
    if not isinstance(against, dict):
        resets.append(_("{name}: the rounds against each AI level (malformed)").format(name=name))
        against = {}
    for level, pair in against.items():
        if (
            level in LEVELS
            and isinstance(pair, list)
            and len(pair) == 2
            and all(_count(n) for n in pair)
            and pair[1] <= pair[0]
        ):
            profile.against[level] = [pair[0], pair[1]]
        else:
            resets.append(
                _("{name}: the rounds against {level}").format(
                    name=name, level=repr(clean_name(level))
                )
            )
    return profile


def _profiles(data: Any, resets: list[str]) -> dict[str, Profile]:
    if not isinstance(data, dict):
        raise ValueError(_("the file does not hold statistics per player"))
    profiles: dict[str, Profile] = {}
    for raw, entry in data.items():
        name = clean_name(raw) or "Player"
        if name != raw:
            resets.append(_("a name, now {name}").format(name=repr(name)))
        if name in profiles:
            resets.append(_("a second {name} (dropped)").format(name=repr(name)))
            continue
        profiles[name] = _profile(name, entry, resets)
    return profiles


def load_stats(folder: Path | None = None) -> tuple[dict[str, Profile], str | None]:
    """Every profile, and a message when the file was damaged or had values reset."""
    path = stats_path(folder)
    loaded = load_json(
        path,
        _profiles,
        _("The statistics could not be loaded: {reason}. Counting starts again."),
        _("The statistics had values that were not valid and were reset: {values}."),
    )
    return loaded.settled({}, lambda profiles: _write(profiles, folder))


def _write(profiles: dict[str, Profile], folder: Path | None) -> str | None:
    try:
        text = json.dumps({name: asdict(p) for name, p in profiles.items()}, indent=1)
        write_atomic(stats_path(folder), text)
    except OSError as error:
        return _("The statistics could not be saved ({reason}).").format(
            reason=error.strerror or error
        )
    return None


def record_round(
    setup: MatchSetup,
    ended: RoundEnded,
    match_over: bool,
    winners: tuple[int, ...] = (),
    folder: Path | None = None,
) -> str | None:
    """Add one finished round (and the match, when it ended) for every person at the table."""
    profiles, problem = load_stats(folder)
    levels = sorted({s.level.value for s in setup.seats if s.level is not None})
    for seat, spec in enumerate(setup.seats):
        if not spec.is_person:
            continue
        profile = profiles.setdefault(clean_name(spec.name) or "Player", Profile())
        partner = (ended.winner + 2) % 4 if setup.rules.teams else None
        won = seat in (ended.winner, partner)
        profile.rounds += 1
        profile.rounds_won += won
        profile.streak = profile.streak + 1 if won else 0
        profile.best_streak = max(profile.best_streak, profile.streak)
        if won:
            profile.best_round = max(profile.best_round, ended.points)
        for level in levels:
            played, wins = profile.against.get(level, [0, 0])
            profile.against[level] = [played + 1, wins + won]
        if match_over:
            profile.matches += 1
            profile.matches_won += seat in winners
    return _write(profiles, folder) or problem
