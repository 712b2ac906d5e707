"""The match's keepers without a screen: a whole match played through ``Match`` with the autosave
and the statistics listening, in a process where pygame cannot be imported.

The table scene attaches the same listeners (``scenes.table.listeners.keep``); here nothing of
pygame is loaded, which is what lets a phone seat, a tutorial or a headless test play a match.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent(
    """
    import sys
    sys.modules["pygame"] = None  # any import of pygame fails from here on

    from game.ai import Level
    from game.match import Match, MatchSetup, Seat
    from game.rules import Rules
    from scenes.store.saves import load_match, save_path
    from scenes.store.stats import load_stats
    from scenes.table.listeners import save_and_count

    setup = MatchSetup(Rules(target_points=60), (Seat("Kim"), Seat("Ana", Level.EASY)), 11)
    match = Match(setup.rules, setup.seats, setup.seed, pace=0.0)
    problems = []
    save_and_count(match, setup, problems.append, autosave=True, count=True, new=True)
    assert save_path().is_file(), "a new match is saved before its first move"
    rounds, now, checked = 0, 0.0, False
    for _ in range(50_000):
        if match.finished:
            break
        if match.is_round_over:
            rounds += 1
            match.next_round()  # the next deal, or the end of the match (the save is cleared)
            continue
        mine = match.legal_for(0)
        if mine:
            match.submit(0, mine[0])
        else:
            match.tick(now)
            now += 1.0
        if not checked and match.game.actions:
            # The autosave follows every action: loading it gives the same game.
            _, saved = load_match()
            assert saved.state_digest() == match.game.state_digest()
            checked = True
    assert match.finished and checked, "the match ends within the bound"
    assert not save_path().exists(), "a match played to its end leaves nothing to continue"
    profiles, problem = load_stats()
    kim = profiles["Kim"]
    assert (kim.rounds, kim.matches) == (rounds, 1), (kim, rounds)
    assert "pygame" not in sys.modules or sys.modules["pygame"] is None
    assert problems == [] and problem is None, (problems, problem)
    print("rounds", rounds)
    """
)


@pytest.mark.subprocess
def test_a_match_is_saved_and_counted_by_its_listeners_with_pygame_blocked(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_STATE_HOME=str(tmp_path / "state"),
    )
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("rounds "), done.stdout
