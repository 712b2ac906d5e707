"""A phone match killed with SIGKILL at a random moment, then continued: does each phone rejoin
its seat by its new address, and does the match go on exactly where the save left it?

    python -m tools.checks.kill_phones --kills 10 --seed 1

Each trial starts ``python -m scenes --phones 2 --players 4 --autosave`` on 127.0.0.1 in a
user folder of its own, plays both phone seats from WebSocket clients (random legal moves),
kills the program with SIGKILL after a random time, reads the save it left, starts
``python -m scenes --continue``, joins each phone seat at its new address and compares the
first state each phone is sent with that seat's view of the saved game: the hand card by card,
the top card, every hand's size, the scores, the round and whose turn it is. One line per
trial; Ctrl-C stops after the trial under way with what it has. ``tests/test_phone_kill.py``
runs one trial.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

import aiohttp

from game.engine import Game
from scenes.store.saves import SAVE_NAME, load_match

ROOT = Path(__file__).resolve().parents[2]
START_S = 60.0  # the program prints its addresses within this (a cold start compiles nothing)
JOIN_S = 20.0  # a phone's first state after it connects
PLAYERS, PHONES = 4, 2


@dataclass(frozen=True)
class Trial:
    """One kill and continue: what was compared, and what differed ("" when nothing did)."""

    seed: int
    killed_after_s: float
    moves_saved: int
    differences: str


def environment(home: Path) -> dict[str, str]:
    """The program's environment: headless, and its user folders inside ``home``."""
    return {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }


def start(arguments: list[str], env: Mapping[str, str]) -> tuple[subprocess.Popen[str], list[str]]:
    """The program started with ``arguments``, and the phone addresses it printed."""
    command = [sys.executable, "-m", "scenes", *arguments, "--host", "127.0.0.1", "--port", "0"]
    program = subprocess.Popen(
        command,
        cwd=ROOT,
        env=dict(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert program.stdout is not None
    urls = [str(json.loads(_line(program.stdout, program))["url"]) for _ in range(PHONES)]
    return program, urls


def _line(stream: IO[str], program: subprocess.Popen[str]) -> str:
    # The program prints its addresses at once; a program that died prints nothing more.
    line = stream.readline()
    if not line:
        raise RuntimeError(f"the program printed no address (exit {program.poll()})")
    return line


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


async def play(urls: list[str], seconds: float, rng: random.Random) -> None:
    """Both phones make random legal moves for ``seconds``."""
    async with aiohttp.ClientSession() as session:
        sockets = [
            await session.ws_connect(url + "ws", origin=origin(url), heartbeat=None) for url in urls
        ]
        tasks = [asyncio.create_task(_phone(ws, rng)) for ws in sockets]
        await asyncio.sleep(seconds)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def _phone(ws: aiohttp.ClientWebSocketResponse, rng: random.Random) -> None:
    async for message in ws:
        if message.type is not aiohttp.WSMsgType.TEXT:
            continue
        state = json.loads(message.data)
        if state.get("type") != "state":
            continue
        sends = [c["send"] for c in state["hand"] if c.get("send")]
        sends += [b["send"] for b in state.get("buttons", []) if b.get("send")]
        if sends and (state["turn"] or rng.random() < 0.3):
            await asyncio.sleep(rng.uniform(0.0, 0.2))
            await ws.send_str(json.dumps({"type": "act", "action": rng.choice(sends)}))


async def first_states(urls: list[str]) -> list[dict[str, Any]]:
    """The first state each phone is sent when it joins."""
    async with aiohttp.ClientSession() as session:
        found: list[dict[str, Any]] = []
        for url in urls:
            async with session.ws_connect(url + "ws", origin=origin(url)) as ws:
                found.append(await asyncio.wait_for(_first_state(ws), JOIN_S))
        return found


async def _first_state(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    async for message in ws:
        if message.type is aiohttp.WSMsgType.TEXT:
            data = json.loads(message.data)
            if data.get("type") == "state":
                return dict(data)
    raise RuntimeError("the phone was closed before it was sent its state")


def differences(state: Mapping[str, Any], game: Game) -> list[str]:
    """Where a phone's first state after Continue differs from its seat's view of the save."""
    view = game.view(int(state["seat"]))
    found = []
    if [c["id"] for c in state["hand"]] != [c.uid for c in view.hand]:
        found.append(f"seat {view.seat}'s hand")
    table = state["table"]
    top = None if view.top is None else view.top.label
    if (table["top"] or {}).get("name") != top:
        found.append("the top card")
    if [p["cards"] for p in table["players"]] != list(view.hand_sizes):
        found.append("the hands' sizes")
    if [p["score"] for p in table["players"]] != list(view.scores):
        found.append("the scores")
    if table["round"] != view.round:
        found.append("the round")
    turns = [p["seat"] for p in table["players"] if p["turn"]]
    if view.phase not in ("round-over", "match-over") and turns != [view.actor]:
        found.append("whose turn it is")
    return found


def trial(seed: int, home: Path) -> Trial:
    """Kill a phone match at a random moment, continue it, compare."""
    rng = random.Random(seed)
    env = environment(home)
    arguments = ["--players", str(PLAYERS), "--phones", str(PHONES), "--seed", str(seed)]
    program, urls = start([*arguments, "--autosave", "--speed", "4"], env)
    wait = rng.uniform(0.5, 6.0)
    try:
        asyncio.run(play(urls, wait, rng))
    finally:
        program.send_signal(signal.SIGKILL)
        program.wait(timeout=10)
    saved = _saved_game(home)
    program, new_urls = start(["--continue"], env)
    try:
        if set(new_urls) & set(urls):
            return Trial(seed, wait, len(saved.actions), "a seat kept its old address")
        states = asyncio.run(first_states(new_urls))
    finally:
        program.terminate()
        try:
            program.wait(timeout=10)
        except subprocess.TimeoutExpired:
            program.kill()
            program.wait(timeout=10)
    found = [f"{what}" for state in states for what in differences(state, saved)]
    return Trial(seed, wait, len(saved.actions), ", ".join(found))


def _saved_game(home: Path) -> Game:
    """The game the killed program's autosave holds (in its user data folder)."""
    found = sorted((home / "data").rglob(SAVE_NAME))
    if not found:
        raise RuntimeError("the killed program left no save")
    _setup, game = load_match(found[0].parent)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.checks.kill_phones", description=__doc__)
    parser.add_argument("--kills", type=int, default=10, help="trials (each kills once)")
    parser.add_argument("--seed", type=int, default=1, help="the first trial's seed")
    args = parser.parse_args(argv)
    done: list[Trial] = []
    try:
        for n in range(args.kills):
            with tempfile.TemporaryDirectory(prefix="kill-phones-") as folder:
                started = time.monotonic()
                result = trial(args.seed + n, Path(folder))
            done.append(result)
            verdict = "same" if not result.differences else f"DIFFERENT: {result.differences}"
            print(
                f"trial {n + 1}/{args.kills}: seed {result.seed}, killed after "
                f"{result.killed_after_s:.2f} s, {result.moves_saved} moves saved; after "
                f"Continue both phones rejoined, {verdict} ({time.monotonic() - started:.1f} s)",
                flush=True,
            )
    except KeyboardInterrupt:
        print("stopped", flush=True)
    same = sum(1 for t in done if not t.differences)
    print(f"{same} of {len(done)} continued matches went on exactly where they were killed")
    return 0 if same == len(done) else 1


if __name__ == "__main__":
    sys.exit(main())
