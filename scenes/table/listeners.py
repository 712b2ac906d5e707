"""Listeners of the match that keep what is played: the autosave and the statistics.

Each is told of every change after it happened, like the table's presenter. Neither changes
the match; a disk that refuses is reported through ``report`` (the table shows it) and the
game goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.events import MatchEnded, RoundEnded
from game.i18n import _
from game.match import Match, MatchEvent, MatchFinished, MatchSetup
from scenes.store.saves import clear_save, save_match
from scenes.store.stats import record_round


class Autosave:
    """Saves the match after every action, so a closed window or a crash loses nothing; a match
    that was played to its end is cleared (there is nothing left to continue)."""

    def __init__(self, setup: MatchSetup, report: Callable[[str], None]) -> None:
        self.setup = setup
        self.report = report

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        if any(isinstance(e, MatchFinished) for e in events):
            clear_save()
            return
        try:
            save_match(self.setup, match.game)
        except OSError as error:
            # TRANSLATORS: {error} is the system's reason (a disk full, a folder not writable).
            self.report(_("The match could not be saved: {error}").format(error=error))


class Statistics:
    """Counts each round for the people at the table, once it is scored."""

    def __init__(self, setup: MatchSetup, report: Callable[[str], None]) -> None:
        self.setup = setup
        self.report = report

    def on_events(self, match: Match, events: Sequence[MatchEvent]) -> None:
        ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        if ended is None:
            return
        over = next((e for e in events if isinstance(e, MatchEnded)), None)
        winners = over.winners if over is not None else ()
        problem = record_round(self.setup, ended, over is not None, winners)
        if problem:
            self.report(problem)


def save_and_count(
    match: Match,
    setup: MatchSetup,
    report: Callable[[str], None],
    *,
    autosave: bool,
    count: bool,
    new: bool,
) -> None:
    """Listen to ``match`` with the autosave (saving a new match at once, before its first
    move) and, when people play and ``count``, the statistics."""
    if autosave:
        saver = Autosave(setup, report)
        match.add_listener(saver)
        if new:
            saver.on_events(match, [])
    if count and any(s.is_person for s in match.setup_seats):
        match.add_listener(Statistics(setup, report))
