"""Run the Linux release where players will: a clean Debian 11 root with no Python, then here.

    python -m tools.release.release_check [dist/OneMoreCard-<version>-linux-x86_64.tar.gz]

(``make release-check``, as root.) The tarball is unpacked into ``build/bullseye-clean``, a
minimal bullseye root (debootstrap's minbase: no Python, no compiler, no graphics stack; made
once and kept), and on this machine. On each, headless (SDL's dummy drivers):

1. ``OneMoreCard --autoplay --players 4 --speed 0`` must play a whole match and exit 0;
2. ``OneMoreCard --phones 2 --host 127.0.0.1 --port 0`` must print both phones' addresses, and a
   page fetched from the first (from outside the root: it shares this machine's network) must
   answer 200. The C++ runtime and libgcc_s the running program mapped are listed, to show they
   are the system's (the bundle ships neither, tools.release.release_linux refuses one that does).

Prints each check's result and time; exit status 0 when all pass.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tarfile
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tools.release.debian_root import (
    BUILD,
    ROOT,
    RootError,
    RootSpec,
    ensure_root,
    popen_in,
    require_tools,
    run_in,
)
from tools.release.release_linux import version

CLEAN_ROOT = RootSpec(BUILD / "bullseye-clean", "minbase")
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
AUTOPLAY = ("--autoplay", "--players", "4", "--speed", "0")
PHONE_COUNT = 2
PHONES = ("--phones", str(PHONE_COUNT), "--host", "127.0.0.1", "--port", "0")
AUTOPLAY_TIMEOUT = 600.0
ADDRESS_TIMEOUT = 120.0
RUNTIMES = ("libstdc++.so", "libgcc_s.so")


@dataclass(frozen=True)
class Result:
    """One check: where, what, whether it passed, how long it took, and what it printed."""

    where: str
    what: str
    passed: bool
    seconds: float
    detail: str


def _tail(text: str, lines: int = 6) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (the program runs below unshare, chroot and env)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def _runtimes(pids: list[int]) -> list[str]:
    """The C++ runtime and libgcc_s files these processes have mapped (host paths resolved
    from inside a root are shown as the root sees them)."""
    mapped: set[str] = set()
    for pid in pids:
        try:
            maps = Path(f"/proc/{pid}/maps").read_text()
        except OSError:
            continue
        for line in maps.splitlines():
            path = line.split(maxsplit=5)[-1]
            if Path(path).name.startswith(RUNTIMES):
                mapped.add(path)
    return sorted(mapped)


def _autoplay(where: str, start: Callable[[tuple[str, ...]], subprocess.Popen[str]]) -> Result:
    began = time.monotonic()
    process = start(AUTOPLAY)
    try:
        output, _ = process.communicate(timeout=AUTOPLAY_TIMEOUT)
    except subprocess.TimeoutExpired:
        _stop(process)
        return Result(where, "autoplay", False, AUTOPLAY_TIMEOUT, "timed out")
    seconds = time.monotonic() - began
    detail = f"exit {process.returncode}\n{_tail(output)}"
    return Result(where, "autoplay", process.returncode == 0, seconds, detail)


def _stop(process: subprocess.Popen[str]) -> None:
    """End the process and everything it started (its own session)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    except ProcessLookupError:
        pass


def _addresses(process: subprocess.Popen[str], count: int) -> tuple[list[str], list[str]]:
    """Read the program's output until ``count`` phone addresses appear (bounded in time):
    the addresses, and every line read. A thread reads the lines: the pipe's text buffer may
    already hold the next line when the descriptor has nothing more to signal."""
    assert process.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    stream = process.stdout

    def pump() -> None:
        for line in stream:
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    seen: list[str] = []
    urls: list[str] = []
    deadline = time.monotonic() + ADDRESS_TIMEOUT
    while len(urls) < count and time.monotonic() < deadline and process.poll() is None:
        try:
            line = lines.get(timeout=1.0)
        except queue.Empty:
            continue
        seen.append(line.rstrip())
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if isinstance(message, dict) and isinstance(message.get("url"), str):
            urls.append(message["url"])
    return urls, seen


def _phones(
    where: str, start: Callable[[tuple[str, ...]], subprocess.Popen[str]], bundle: Path
) -> Result:
    began = time.monotonic()
    process = start(PHONES)
    try:
        urls, seen = _addresses(process, PHONE_COUNT)
        if len(urls) < PHONE_COUNT:
            return Result(where, "phones", False, time.monotonic() - began, _tail("\n".join(seen)))
        url = urls[0]
        with urllib.request.urlopen(url, timeout=10) as answer:  # only 127.0.0.1
            status, size = answer.status, len(answer.read())
        seconds = time.monotonic() - began
        runtimes = _runtimes([process.pid, *_descendants(process.pid)])
        detail = "\n".join(
            [*seen, f"GET {url} -> {status} ({size} bytes)", f"mapped: {runtimes or 'none'}"]
        )
        bundled = [path for path in runtimes if Path(path).is_relative_to(bundle)]
        return Result(where, "phones", status == 200 and not bundled, seconds, detail)
    except OSError as error:
        return Result(where, "phones", False, time.monotonic() - began, f"fetch failed: {error}")
    finally:
        _stop(process)


def _unpack(tarball: Path, into: Path) -> Path:
    """The release folder, freshly unpacked into ``into``."""
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        tar.extractall(into, filter="data")
    (folder,) = into.iterdir()
    return folder / "OneMoreCard" / "OneMoreCard"


def check(tarball: Path) -> list[Result]:
    require_tools()
    ensure_root(CLEAN_ROOT)
    root = CLEAN_ROOT.path
    pythons = sorted(str(p.relative_to(root)) for p in (root / "usr" / "bin").glob("python*"))
    if pythons:
        raise RootError(f"the clean root is not clean: it has {pythons}")
    inside = _unpack(tarball, root / "opt" / "release")
    run_in(root, "mkdir -p /tmp/home")
    chroot_env = {**HEADLESS, "HOME": "/tmp/home"}

    def in_root(args: tuple[str, ...]) -> subprocess.Popen[str]:
        return popen_in(root, ["/" + str(inside.relative_to(root)), *args], chroot_env)

    host_program = _unpack(tarball, BUILD / "release-check-host")
    home = BUILD / "release-check-home"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    host_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), **HEADLESS}

    def on_host(args: tuple[str, ...]) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [str(host_program), *args],
            env=host_env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )

    where = "clean bullseye root (no Python)"
    here = f"this machine ({_system()})"
    return [
        _autoplay(where, in_root),
        _phones(where, in_root, inside.parent.resolve()),
        _autoplay(here, on_host),
        _phones(here, on_host, host_program.parent.resolve()),
    ]


def _system() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown system"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.release.release_check", description=__doc__
    )
    default = ROOT / "dist" / f"OneMoreCard-{version()}-linux-x86_64.tar.gz"
    parser.add_argument("tarball", type=Path, nargs="?", default=default)
    args = parser.parse_args(argv)
    if not args.tarball.is_file():
        print(f"no release at {args.tarball}: build it with `make release`", file=sys.stderr)
        return 2
    try:
        results = check(args.tarball)
    except (RootError, OSError, tarfile.TarError, ValueError) as error:
        print(f"make release-check failed: {error}", file=sys.stderr)
        return 1
    for result in results:
        verdict = "PASS" if result.passed else "FAIL"
        print(f"{verdict} {result.what} in {result.where}: {result.seconds:.1f} s")
        print("    " + result.detail.replace("\n", "\n    "))
    return 0 if all(result.passed for result in results) else 1


if __name__ == "__main__":
    sys.exit(main())
