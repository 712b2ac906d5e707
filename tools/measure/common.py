"""What the measuring tools share: the rules of a preset played one hand at a time, running
jobs on every core with progress and a clean stop, and percentiles."""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from game.rules import Rules, RulesError, TargetMode, preset

J = TypeVar("J")
R = TypeVar("R")


def parse_rule(text: str) -> tuple[str, Any]:
    """``SWITCH=VALUE`` from the command line, with the JSON type that Rules.from_dict reads."""
    name, sep, raw = text.partition("=")
    if not sep:
        raise RulesError(f"--rule takes SWITCH=VALUE, not {text!r}")
    name = name.strip().replace("-", "_")
    raw = raw.strip()
    value: Any = raw
    if raw.lower() in ("true", "on", "yes"):
        value = True
    elif raw.lower() in ("false", "off", "no"):
        value = False
    elif raw.lstrip("-").isdigit():
        value = int(raw)
    if name == "custom_effects":
        value = [v.strip() for v in raw.split(",") if v.strip()]
    return name, value


def build_rules(preset_name: str, rule_args: list[str]) -> Rules:
    base = preset(preset_name).to_dict()
    for text in rule_args:
        name, value = parse_rule(text)
        base[name] = value
    base["target_mode"] = TargetMode.SINGLE_HAND.value  # a simulated game is one hand
    return Rules.from_dict(base)


def hand_rules(name: str, players: int, switches: Sequence[str] = ()) -> Rules | None:
    """A preset's rules for single hands at ``players`` seats, with ``SWITCH=VALUE`` changes;
    None (the reason printed) if they are not valid."""
    try:
        rules = build_rules(name, list(switches))
        rules.validate(players)
    except (RulesError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None
    return rules


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile of ``values`` (the nearest rank; 0.0 when there are none)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def stop_on_signals() -> None:
    """Ctrl-C stops a tool with what it has measured, and so does a SIGINT or a SIGTERM sent to
    a run in the background: a shell starts a background command with SIGINT ignored, and
    Python then leaves it ignored (measured: ``kill -INT`` did not stop an arena started with
    ``nohup ... &``). Both now raise KeyboardInterrupt, which each tool catches."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)


def ignore_ctrl_c() -> None:
    """A worker process's initializer: Ctrl-C reaches the whole process group, and only the
    parent should answer it (stop, and print what was measured) instead of every worker
    printing a traceback. A SIGTERM (the pool's own way to stop its workers) ends a worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def run_jobs(
    work: Callable[[J], R],
    jobs: Sequence[J],
    processes: int,
    take: Callable[[R], None],
    *,
    ordered: bool = True,
    chunksize: int = 1,
) -> bool:
    """Hand each of ``jobs`` to ``work`` on ``processes`` worker processes (in this process
    when 1) and each result to ``take`` as it comes (in the order of the jobs if ``ordered``).
    Ctrl-C stops the workers and returns True, so the caller prints what was measured so far;
    otherwise False once every job is done."""
    stop_on_signals()
    pool = multiprocessing.Pool(processes, ignore_ctrl_c) if processes > 1 else None
    try:
        results: Iterable[R]
        if pool is None:
            results = map(work, jobs)
        elif ordered:
            results = pool.imap(work, jobs, chunksize)
        else:
            results = pool.imap_unordered(work, jobs, chunksize)
        for result in results:
            take(result)
    except KeyboardInterrupt:
        return True
    finally:
        if pool is not None:
            pool.terminate()
    return False
