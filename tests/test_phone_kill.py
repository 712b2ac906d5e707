"""A phone match killed with SIGKILL, then continued: each phone rejoins its seat by its new
address and is sent exactly its seat's view of the saved game (issue: Continue turned a phone
seat into a screen seat; ``python -m tools.checks.kill_phones --kills 10`` runs ten such trials)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.checks.kill_phones import trial

pytestmark = [
    pytest.mark.bare_app,
    pytest.mark.slow,
]  # whole-game sweeps: in make test, not test-quick


def test_a_killed_phone_match_continues_exactly_with_both_phones(tmp_path: Path) -> None:
    result = trial(4, tmp_path)
    assert result.differences == ""
