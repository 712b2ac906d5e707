"""Damaged user files against the real program: does every one leave the game playable?

    python -m tools.check_damaged_files [--only WORD]

For each case it makes an empty temporary user folder (XDG_CONFIG_HOME and XDG_DATA_HOME point
there, as platformdirs follows them), writes one kind of bad file (settings that are not UTF-8,
a save nested 100,000 deep, a 10-million-character name in the statistics...), starts
``python -m scenes --check-files`` headless (it opens the title screen, Statistics and Continue,
then exits), and prints a table: the case, what the player was told, whether the original was
kept aside byte for byte, the exit code, and whether the case was handled. It exits 1 if any
case was not. Ctrl-C stops it between or during cases; the temporary folders are removed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.ai import Level
from game.engine import Game
from game.record import Record, _checksum
from game.rules import Rules
from tools.measure.common import stop_on_signals

ROOT = Path(__file__).resolve().parent.parent
APP = "OneMoreCard"  # the folder name platformdirs gives, as in scenes.store.userdata
DEEP = 100_000
TIMEOUT_S = 120


@dataclass(frozen=True)
class Folders:
    config: Path
    data: Path


@dataclass(frozen=True)
class Case:
    name: str
    file: str  # the user file it damages, as the program names it
    write: Callable[[Path], object]  # writes the damaged file at the given path
    # What handled means: "aside" (told, original kept aside), "repaired" (told, original kept
    # aside, a repaired file in its place), "cleaned" (the game goes on; a save is continued),
    # "removed" (a leftover temporary file is deleted).
    expect: str


@dataclass(frozen=True)
class Outcome:
    case: str
    told: str
    kept: str
    code: int
    handled: bool


# ------------------------------------------------------------------ the damaged files


def text(content: str) -> Callable[[Path], object]:
    return lambda path: path.write_text(content, encoding="utf-8")


def raw(content: bytes) -> Callable[[Path], object]:
    return lambda path: path.write_bytes(content)


def folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("a folder where a file belongs\n", encoding="utf-8")


def nested(path: Path) -> None:
    path.write_text("[" * DEEP + "]" * DEEP, encoding="utf-8")


def save_text(name: str = "You") -> str:
    """A real autosave of a match just begun, with ``name`` for the person at seat 0."""
    game = Game(Rules(), 4, 3)
    levels: list[str | None] = [None, *(Level.NORMAL.value for _ in range(3))]
    names = [name, "Ana", "Ben", "Chloe"]
    meta = {
        "seats": [{"name": n, "level": lv} for n, lv in zip(names, levels, strict=True)],
        "max_rounds": None,
        "open_hands": False,
    }
    return Record.of(game, meta).to_json(game)


def save_without_state(path: Path) -> None:
    """Whole and correctly signed, but without the state it leads to."""
    data = json.loads(save_text())
    del data["state"], data["checksum"]
    data["checksum"] = _checksum(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def cut_short(path: Path) -> None:
    """A save whose write stopped part way (not through write_atomic, which never does this)."""
    path.write_text(save_text()[:200], encoding="utf-8")


def save_named(name: str) -> Callable[[Path], object]:
    return lambda path: path.write_text(save_text(name), encoding="utf-8")


def stats_named(name: str) -> Callable[[Path], object]:
    profile = {"rounds": 3, "rounds_won": 1, "matches": 1, "matches_won": 0}
    return text(json.dumps({name: profile, "Maria": profile}))


def leftover(path: Path) -> None:
    """What a write killed before its rename leaves: a temporary beside a good save."""
    path.write_text(save_text(), encoding="utf-8")
    path.with_name(f".{path.name}.k1ll3d.tmp").write_text(save_text()[:300], encoding="utf-8")


CASES = (
    Case("settings: not UTF-8", "settings.json", raw(b'{"volume": 0.5, "\xff\xfe": 1}'), "aside"),
    Case("settings: nested 100,000 deep", "settings.json", nested, "aside"),
    Case("settings: empty file", "settings.json", text(""), "aside"),
    Case("settings: a list, not settings", "settings.json", text("[1, 2, 3]"), "aside"),
    Case("settings: a folder", "settings.json", folder, "aside"),
    Case(
        "settings: volume 7, unknown key name",
        "settings.json",
        text('{"volume": 7, "music_volume": -1, "keys": {"draw": "no such key"}}'),
        "repaired",
    ),
    Case(
        "settings: NUL and 1,000,000-char key names",
        "settings.json",
        text(json.dumps({"keys": {"draw": "d\x00", "uno": "u" * 1_000_000}})),
        "repaired",
    ),
    Case("autosave: nested 100,000 deep", "autosave.json", nested, "aside"),
    Case(
        "autosave: a 5,000-digit integer",
        "autosave.json",
        text('{"seed": 1' + "0" * 5000 + "}"),
        "aside",
    ),
    Case("autosave: signed, no state key", "autosave.json", save_without_state, "aside"),
    Case("autosave: cut short", "autosave.json", cut_short, "aside"),
    Case("autosave: not UTF-8", "autosave.json", raw(b"\x80" * 64), "aside"),
    Case("autosave: a folder", "autosave.json", folder, "aside"),
    Case("autosave: NUL in a name", "autosave.json", save_named("Ma\x00ria"), "cleaned"),
    Case("autosave: 1,000,000-char name", "autosave.json", save_named("x" * 1_000_000), "cleaned"),
    Case("autosave: leftover temporary", "autosave.json", leftover, "removed"),
    Case("stats: nested 100,000 deep", "stats.json", nested, "aside"),
    Case("stats: not UTF-8", "stats.json", raw(b'{"Maria\xff": {}}'), "aside"),
    Case("stats: NUL in a name", "stats.json", stats_named("To\x00m"), "repaired"),
    Case("stats: 1,000,000-char name", "stats.json", stats_named("y" * 1_000_000), "repaired"),
    Case("stats: 10,000,000-char name", "stats.json", stats_named("z" * 10_000_000), "repaired"),
    Case(
        "stats: negative, more won than played",
        "stats.json",
        text('{"Maria": {"rounds": -3, "matches": 2, "matches_won": 5}}'),
        "repaired",
    ),
)


# ------------------------------------------------------------------ running one case


def run_case(case: Case, home: Path) -> Outcome:
    """Write the case's file under ``home``, run the program on it, and judge what it did."""
    folders = Folders(home / "config" / APP, home / "data" / APP)
    folders.config.mkdir(parents=True)
    folders.data.mkdir(parents=True)
    where = folders.config if case.file == "settings.json" else folders.data
    path = where / case.file
    case.write(path)
    original = path.read_bytes() if path.is_file() else None
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_STATE_HOME=str(home / "state"),
    )
    command = [sys.executable, "-m", "scenes", "--check-files"]
    try:
        done = subprocess.run(
            command,
            check=False,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
        )
        code, out = done.returncode, done.stdout
    except subprocess.TimeoutExpired:
        code, out = -1, ""
    told = [line[6:] for line in out.splitlines() if line.startswith("told: ")]
    continued = "continue: offered" in out
    kept = kept_aside(path, original)
    handled = code == 0
    if case.expect == "aside":
        handled &= bool(told) and kept == "yes" and not path.exists()
    elif case.expect == "repaired":
        handled &= bool(told) and kept == "yes" and path.is_file()
    elif case.expect == "cleaned":
        handled &= continued
        kept = "not needed"
    elif case.expect == "removed":
        kept = "left" if list(where.glob(".*.tmp")) else "removed"
        handled &= continued and kept == "removed"
    if "continue:" not in out:
        told.append("(the program stopped before the end)")
    elif continued and not told:
        told.append("(nothing: the match was continued)")
    return Outcome(case.name, " / ".join(told) or "-", kept, code, handled)


def kept_aside(path: Path, original: bytes | None) -> str:
    """Whether a ``<stem>.broken-*`` copy holds the original (a folder: is still a folder)."""
    copies = sorted(path.parent.glob(f"{path.stem}.broken-*"))
    if not copies:
        return "no"
    copy = copies[0]
    if original is None:
        return "yes" if copy.is_dir() else "changed"
    return "yes" if copy.is_file() and copy.read_bytes() == original else "changed"


# ------------------------------------------------------------------ the table


def table(outcomes: list[Outcome]) -> str:
    widths = (max(len(o.case) for o in outcomes), 62, 10, 4, 7)
    head = ("case", "what the player was told", "kept", "exit", "handled")
    lines = [" ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)).rstrip()]
    lines.append(" ".join("-" * w for w in widths))
    for o in outcomes:
        told = textwrap.wrap(o.told, widths[1]) or ["-"]
        cells = (o.case, told[0], o.kept, str(o.code), "yes" if o.handled else "NO")
        lines.append(" ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip())
        pad = " " * (widths[0] + 1)
        lines.extend(f"{pad}{more}" for more in told[1:])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.check_damaged_files", description=__doc__
    )
    parser.add_argument("--only", default="", help="run only the cases whose name contains this")
    args = parser.parse_args(argv)
    stop_on_signals()
    cases = [c for c in CASES if args.only.lower() in c.name.lower()]
    outcomes: list[Outcome] = []
    try:
        for number, case in enumerate(cases, 1):
            print(f"[{number}/{len(cases)}] {case.name}", file=sys.stderr, flush=True)
            with tempfile.TemporaryDirectory(prefix="damaged-") as home:
                outcomes.append(run_case(case, Path(home)))
    except KeyboardInterrupt:
        # subprocess.run has already stopped the program; the folder is gone with its with-block.
        print(f"stopped after {len(outcomes)} of {len(cases)} cases", file=sys.stderr)
        if outcomes:
            print(table(outcomes))
        return 130
    print(table(outcomes))
    failed = [o.case for o in outcomes if not o.handled]
    print(f"\n{len(outcomes) - len(failed)} of {len(outcomes)} cases handled", end="")
    print(f"; not handled: {', '.join(failed)}" if failed else "")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
