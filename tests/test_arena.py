"""The AI arena's options and a tiny run (tools.arena); its figures are measurements."""

from __future__ import annotations

import argparse

import pytest

from game.ai.expert import Expert
from tools.arena import Job, agent_for, expert_option, run
from tools.common import hand_rules


def test_expert_options_are_parsed_and_reach_the_expert() -> None:
    assert expert_option("read_plays=0") == ("read_plays", 0.0)
    assert expert_option("mismatch_keep=0.05") == ("mismatch_keep", 0.05)
    for bad in ("speed=2", "read_plays=2", "margin=much"):
        with pytest.raises(argparse.ArgumentTypeError):
            expert_option(bad)
    agent = agent_for("expert", 0.2, 10, (("read_plays", 0.0), ("mismatch_keep", 0.5)))
    assert isinstance(agent, Expert)
    assert not agent.read_plays and agent.mismatch_keep == 0.5 and agent.infer_named
    plain = agent_for("expert", 0.2, 10)
    assert isinstance(plain, Expert) and plain.read_plays
    assert not isinstance(agent_for("hard", 0.2, 10, (("read_plays", 0.0),)), Expert)


def test_a_tiny_arena_plays_each_deal_twice() -> None:
    rules = hand_rules("classic", 2, [])
    assert rules is not None
    jobs = [Job(rules, 2, "expert", "hard", d, 1, 0.2, 8, (("read_plays", 0.0),)) for d in range(2)]
    totals, _ = run(jobs, processes=1, progress=False)
    assert totals.rounds == 4 and 0 <= totals.a_wins <= 4
    assert len(totals.a_points) == len(totals.b_points) == 4
