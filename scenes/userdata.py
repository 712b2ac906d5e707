"""The player's own folders (settings, saves, logs) and atomic file writes.

Nothing is ever written next to the program (inside a bundle that may be read-only); every file
goes to the folders the platform gives this user, through platformdirs. A write goes to a
temporary file that is flushed to disk and then renamed over the old one, so a crash or a
power cut leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

APP = "OneMoreCard"


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` all at once (temporary file, fsync, rename)."""
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
