"""The AI arena's options and a tiny run (tools.arena); its figures are measurements."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
from dataclasses import fields, replace
from typing import IO

import pytest

from game.ai.expert import Expert, ExpertConfig
from tools.arena import Deals, Job, agent_for, expert_option, run
from tools.measure.common import hand_rules, percentile


def test_every_expert_option_can_be_set_from_the_arena() -> None:
    # The --expert options are the config's fields (but the bounds, which have flags of their
    # own): a new option needs no second list, and each one reaches the Expert.
    names = [f.name for f in fields(ExpertConfig) if f.name not in ("budget_s", "samples")]
    for name in names:
        assert expert_option(f"{name}=0") == (name, 0.0)
    agent = agent_for("expert", 0.5, 7, tuple((name, 0.0) for name in names))
    assert isinstance(agent, Expert)
    for f in fields(ExpertConfig):
        value = getattr(agent.config, f.name)
        expected = {"budget_s": 0.5, "samples": 7}.get(f.name, 0.0)
        assert value == expected and value != getattr(ExpertConfig(), f.name), f.name


def test_expert_options_are_parsed_and_reach_the_expert() -> None:
    assert expert_option("read_plays=0") == ("read_plays", 0.0)
    assert expert_option("mismatch_keep=0.05") == ("mismatch_keep", 0.05)
    for bad in ("speed=2", "read_plays=2", "margin=much"):
        with pytest.raises(argparse.ArgumentTypeError):
            expert_option(bad)
    agent = agent_for("expert", 0.2, 10, (("read_plays", 0.0), ("mismatch_keep", 0.5)))
    assert isinstance(agent, Expert)
    assert (
        not agent.config.read_plays
        and agent.config.mismatch_keep == 0.5
        and agent.config.infer_named
    )
    assert agent.config.playout_lacks and agent.config.draw_candidate
    off = agent_for("expert", 0.2, 10, (("playout_lacks", 0.0), ("draw_candidate", 0.0)))
    assert (
        isinstance(off, Expert) and not off.config.playout_lacks and not off.config.draw_candidate
    )
    plain = agent_for("expert", 0.2, 10)
    assert isinstance(plain, Expert) and plain.config.read_plays
    assert not isinstance(agent_for("hard", 0.2, 10, (("read_plays", 0.0),)), Expert)


@pytest.mark.slow
def test_a_tiny_arena_plays_each_deal_twice(capsys: pytest.CaptureFixture[str]) -> None:
    rules = hand_rules("classic", 2, [])
    assert rules is not None
    jobs = Deals(Job(rules, 2, "expert", "hard", 0, 1, 0.2, 8, (("read_plays", 0.0),)), 2)
    totals, _ = run(jobs, processes=1)
    assert totals.rounds == 4 and 0 <= totals.a_wins <= 4
    assert len(totals.a_points) == len(totals.b_points) == 4
    # The first deal's result is shown at once (a run in the background waits on that line).
    assert capsys.readouterr().err.startswith("\r2/4 rounds, A wins")


def test_a_runs_deals_are_made_as_they_are_handed_out() -> None:
    rules = hand_rules("classic", 3, [])
    assert rules is not None
    first = Job(rules, 3, "hard", "normal", 0, 7, 0.2, None, (("margin", 0.1),))
    deals = Deals(first, 5)
    assert len(deals) == 5 and list(deals) == [replace(first, deal=d) for d in range(5)]
    assert deals[-1].deal == 4 and [j.deal for j in deals[1:3]] == [1, 2]
    with pytest.raises(IndexError):
        deals[5]


@pytest.mark.subprocess
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_an_arena_in_the_background_stops_on_a_signal_with_what_it_measured(sig: int) -> None:
    # A shell starts a background command with SIGINT ignored; the arena must still stop on it
    # (and on a SIGTERM) and print what it measured. The child ignores SIGINT from its start.
    command = [sys.executable, "-c", BACKGROUND, "--a", "hard", "--b", "normal"]
    command += ["--rounds", "400000", "--processes", "2", "--json"]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert run.stdout is not None and run.stderr is not None
    err = Progress(run.stderr)
    try:
        # Until the first progress line: the rounds are under way.
        assert err.under_way.wait(60), f"no progress in 60 s: {err.text()}"
        run.send_signal(sig)
        run.wait(30)
    except subprocess.TimeoutExpired:
        pytest.fail("the arena did not stop")
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    out = run.stdout.read().decode()
    err.done.wait(10)
    assert run.returncode == 0, err.text()
    assert "interrupted after" in err.text()
    assert json.loads(out)["rounds"] > 0


class Progress:
    """A child's stderr, read as it comes on a thread of its own: ``under_way`` is set at the
    first progress line (the arena ends each with a carriage return, not a newline)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.chunks: list[bytes] = []
        self.under_way = threading.Event()
        self.done = threading.Event()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        while chunk := os.read(stream.fileno(), 4096):
            self.chunks.append(chunk)
            if b"rounds" in chunk or b"rounds" in b"".join(self.chunks[-2:]):
                self.under_way.set()
        self.done.set()

    def text(self) -> str:
        return b"".join(self.chunks).decode(errors="replace")


# The arena as a shell runs it in the background: SIGINT ignored before Python starts its main.
BACKGROUND = """
import signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
from tools.arena import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_percentile_is_the_nearest_ranked_value() -> None:
    assert percentile([5.0, 1.0, 3.0], 50) == 3.0
    assert percentile([float(v) for v in range(1, 101)], 99) == 99.0
    assert percentile([float(v) for v in range(1, 101)], 100) == 100.0
    assert percentile([], 99) == 0.0  # a tool stopped before it measured anything
