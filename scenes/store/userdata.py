"""The player's own folders (settings, saves, logs), atomic file writes, and the one loader that
reads every user file.

Nothing is ever written next to the program (inside a bundle that may be read-only); every file
goes to the folders the platform gives this user, through platformdirs. A write goes to a
temporary file that is flushed to disk and then renamed over the old one, so a crash or a
power cut leaves either the old file or the new one, never half of one; temporaries that an
interrupted write left behind are removed at the next start.

Every user file is read through ``load_json``: bytes with a size cap, UTF-8, JSON whose nesting
depth is measured before the (recursive) parser sees it, then a shape check given by the
caller. Whatever goes wrong, the file is moved aside with its original bytes
(``name.broken-<time>.json``), the caller gets a sentence to show the player, and no exception
escapes: a damaged file must never stop the game from starting. This module imports no pygame.
"""

from __future__ import annotations

import datetime
import itertools
import json
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import platformdirs

from game.i18n import _

APP = "OneMoreCard"

# Far above any real file (a long match saves well under 1 MB) and small enough to read at once.
MAX_BYTES = 16 * 1024 * 1024
# Real files nest a few levels; the C parser recurses once per level, so refuse deep ones first.
MAX_DEPTH = 64
# A name is drawn on a seat plate and in tables: longer text does not fit, and very long or
# unprintable text makes the font renderer raise (or, at millions of characters, crash).
NAME_LENGTH = 24
# Reasons quote pieces of a file (an unknown move, a version), and a file can have thousands of
# bad values: keep what reaches the screen short enough to read.
REASON_LENGTH = 160
RESETS_LENGTH = 400

T = TypeVar("T")


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once (temporary file, fsync, rename, folder fsync)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable: a power cut just after it could otherwise undo it."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # Windows cannot open a folder this way; its renames are journaled anyway
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems refuse to sync a folder; the file itself is already on disk
    finally:
        os.close(handle)


def remove_stale_temporaries(folders: tuple[Path, ...] | None = None) -> list[Path]:
    """Delete the temporary files that interrupted writes left (``.autosave.json.*.tmp``).

    Called once at start, before anything is written: a temporary is only ever complete once it
    is renamed, so one still lying there is the remains of a killed write. Returns what went.
    """
    removed = []
    for folder in folders if folders is not None else (config_dir(), data_dir()):
        try:
            candidates = list(folder.glob(".*.tmp"))
        except OSError:
            continue
        for path in candidates:
            try:
                if path.is_file():
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue  # another program holds it; try again next start
    return removed


def clean_name(text: str) -> str:
    """A name safe to store and draw: printable characters only, at most 24, no outer spaces.

    Empty when nothing printable is left; the caller picks a stand-in that fits its place.
    """
    # Stop at the 24th printable character: a name of millions of characters costs nothing more.
    kept = itertools.islice((c for c in text.lstrip() if c.isprintable()), NAME_LENGTH)
    return "".join(kept).strip()


class Damaged(ValueError):
    """A user file that cannot be used; the message says why, in words for the player."""


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What ``load_json`` read: the value (None if missing or unusable) and what to tell."""

    value: T | None
    problem: str | None = None
    # Some values were reset: the original is aside and the caller should save the repaired
    # value, so the player is told about it once and not at every start.
    repaired: bool = False

    def settled(self, default: T, save: Callable[[T], str | None]) -> tuple[T, str | None]:
        """The value (``default`` when none could be read) and the message for the player.

        A repaired value is written back through ``save`` (which returns a message if the disk
        refused), so the player hears about the repair once, not at every start."""
        if self.value is None:
            return default, self.problem
        if self.repaired:
            refused = save(self.value)
            if refused:
                return self.value, f"{self.problem} {refused}"
        return self.value, self.problem


Shape = Callable[[Any, list[str]], T]


def load_json(path: Path, shape: Shape[T], failed: str, reset: str) -> Loaded[T]:
    """Read the user file ``path`` and check it with ``shape``; never raises.

    ``shape(data, resets)`` turns parsed JSON into the value, raising ValueError (with a reason
    for the player) when the file is unusable, or appending to ``resets`` a description of each
    bad value it replaced by its default. ``failed`` is the caller's whole sentence, translated,
    for an unusable file, with a ``{reason}`` placeholder ("The settings could not be loaded:
    {reason}. The defaults are used instead."), and ``reset`` the one for reset values, with a
    ``{values}`` placeholder. A missing file is no problem: ``Loaded(None)``.
    """
    resets: list[str] = []
    try:
        value = shape(read_json(path), resets)
    except FileNotFoundError:
        return Loaded(None)
    # Every error at all, down to MemoryError and RecursionError: the game must start whatever
    # the file holds. KeyboardInterrupt and SystemExit are not Exceptions and still stop it.
    except Exception as error:
        kept = set_aside(path)
        return Loaded(None, failed.format(reason=_reason(error)) + kept)
    if not resets:
        return Loaded(value)
    kept = set_aside(path)
    listed = _short("; ".join(resets), RESETS_LENGTH)
    problem = reset.format(values=listed) + kept
    return Loaded(value, problem, repaired=True)


def read_json(path: Path) -> Any:
    """The JSON in ``path``, within the limits; raises Damaged, or OSError from the disk."""
    if path.is_dir():
        # Continue, settings or statistics would silently vanish behind a folder of their name.
        raise Damaged(_("there is a folder in its place"))
    with path.open("rb") as file:
        raw = file.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise Damaged(
            _("the file is larger than {megabytes} MB").format(megabytes=MAX_BYTES // (1024 * 1024))
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Damaged(_("the file is not UTF-8 text")) from None
    if _depth(text) > MAX_DEPTH:
        raise Damaged(_("the file nests more than {levels} levels deep").format(levels=MAX_DEPTH))
    try:
        # NaN and Infinity parse (1e999 would be infinite anyway): the shape checks refuse them.
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise Damaged(
            _(
                "the file is not complete JSON, perhaps cut short (line {line}, column {column})"
            ).format(line=error.lineno, column=error.colno)
        ) from None
    except ValueError:
        # Python refuses integers of more than 4,300 digits (int_max_str_digits).
        raise Damaged(_("the file holds a number too long to read")) from None


# A JSON string (escapes included) and a bracket: strings are removed before brackets are counted.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """How deep the arrays and objects of ``text`` nest, counted without recursion.

    Stops counting past MAX_DEPTH. Malformed text gives some number; the parser then refuses it.
    """
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


def _reason(error: Exception) -> str:
    """The cause of a failed load, as a clause for the player."""
    if isinstance(error, ValueError):  # Damaged, and the shape checks' own ValueErrors
        return _short(str(error)) or _("its content is not valid")
    if isinstance(error, PermissionError):
        return _("this user may not read the file")
    if isinstance(error, OSError):
        # TRANSLATORS: {reason} is the operating system's own words (often English).
        return _short(_("the disk refused ({reason})").format(reason=error.strerror or error))
    if isinstance(error, MemoryError):
        return _("the file is too large to read")
    if isinstance(error, RecursionError):
        return _("the file nests too deeply")
    # TRANSLATORS: {kind} is a Python error's name, for a bug report.
    return _("its content is not valid ({kind})").format(kind=type(error).__name__)


def _short(text: str, limit: int = REASON_LENGTH) -> str:
    """A reason safe to draw: printable, and short even when it quotes a huge piece of a file."""
    printable = "".join(itertools.islice((c for c in text if c.isprintable()), limit + 1))
    if len(printable) > limit:
        return printable[: limit - 3] + "..."
    return printable


def set_aside(path: Path) -> str:
    """Move a bad file (or folder) to ``<stem>.broken-<time><suffix>``, never over another one.

    Returns the sentence that says where it went, or that it could not be moved.
    """
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    for count in itertools.count(1):
        extra = "" if count == 1 else f"-{count}"
        aside = path.with_name(f"{path.stem}.broken-{stamp}{extra}{path.suffix}")
        if not aside.exists() and not aside.is_symlink():
            break
    try:
        path.replace(aside)
    except FileNotFoundError:
        return ""
    except OSError:
        return " " + _("The file could not be moved aside; it is still {file}.").format(
            file=path.name
        )
    return " " + _("The original was kept as {file}.").format(file=aside.name)
