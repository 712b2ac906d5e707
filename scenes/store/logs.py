"""The program's log: standard ``logging`` to a rotating file in the user's log folder (inside
the state folder: ``~/.local/state/OneMoreCard/log`` on Linux), the one the About screen names.

Beside it, ``native-crash.log`` receives ``faulthandler``'s tracebacks of a native crash (a
segmentation fault in SDL or a driver), which leaves no Python exception behind. An exception
on any thread but the main one (the phones' server, the Expert's helpers) is logged through
``threading.excepthook``; the phones' asyncio loop has its own handler
(``scenes.phoneserver.gate.quiet_loop_errors``: one line, rate-limited). The crash dialog and
``crash.log`` are ``scenes.crash``'s, as before: a crash is also logged here.
"""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import sys
import threading
from pathlib import Path
from typing import TextIO

from game import __version__
from scenes.store.userdata import log_dir

LOG_NAME = "game.log"
NATIVE_NAME = "native-crash.log"
LEVELS = ("debug", "info", "warning", "error")
MAX_BYTES = 1024 * 1024  # then game.log.1 .. game.log.3: at most 4 MB on disk
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"

LOG = logging.getLogger("scenes")


class _State:
    """What ``setup_logging`` installed, to replace it when called again (tests, a restart)."""

    handler: logging.Handler | None = None
    native: TextIO | None = None
    previous_hook = threading.excepthook  # called after logging: it prints to the terminal


def log_path(folder: Path | None = None) -> Path:
    """Where the log is written."""
    return (folder if folder is not None else log_dir()) / LOG_NAME


def _thread_exception(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "a thread"
    error = args.exc_value if args.exc_value is not None else args.exc_type()
    LOG.error("uncaught exception on %s", name, exc_info=error)
    _State.previous_hook(args)  # and to the terminal, as Python would


def setup_logging(level: str = "info", folder: Path | None = None) -> Path | None:
    """Log at ``level`` (one of ``LEVELS``) to ``game.log`` in ``folder`` (the user's log
    folder), native crashes to ``native-crash.log`` beside it, other threads' exceptions to the
    log. Returns the log's path, or None when the folder cannot be written (the game plays on,
    logging to the terminal only)."""
    folder = folder if folder is not None else log_dir()
    root = logging.getLogger()
    if _State.handler is not None:
        root.removeHandler(_State.handler)
        _State.handler.close()
        _State.handler = None
    root.setLevel(level.upper())
    if threading.excepthook is not _thread_exception:
        _State.previous_hook = threading.excepthook
        threading.excepthook = _thread_exception
    path = log_path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
        native = (folder / NATIVE_NAME).open("a", encoding="utf-8")
    except OSError as error:
        print(f"The log cannot be written in {folder}: {error}", file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    _State.handler = handler
    # faulthandler writes to the file's descriptor at the moment of the crash: it stays open.
    faulthandler.enable(native, all_threads=True)
    if _State.native is not None:
        _State.native.close()
    _State.native = native
    LOG.info("One More Card %s starting (log level %s)", __version__, level)
    return path


def shutdown_logging() -> None:
    """Undo ``setup_logging``: the file closed, native crashes back to the terminal, threads'
    exceptions to Python's own hook (the tests call it after a test that set logging up)."""
    if _State.handler is not None:
        logging.getLogger().removeHandler(_State.handler)
        _State.handler.close()
        _State.handler = None
    if _State.native is not None:
        faulthandler.enable(sys.__stderr__ or sys.stderr, all_threads=True)
        _State.native.close()
        _State.native = None
    threading.excepthook = _State.previous_hook
