"""A crash never vanishes: the traceback goes to a log file in the user's log folder, to the
terminal, and (in the windowed build, where there is no terminal) to a message box that says
where the log is.
"""

from __future__ import annotations

import datetime
import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

from scenes.store.userdata import log_dir

LOG_NAME = "crash.log"


def write_crash_log(error: BaseException, folder: Path | None = None) -> Path | None:
    """Append the traceback to the crash log; returns its path, or None if it cannot be written."""
    folder = folder if folder is not None else log_dir()
    path = folder / LOG_NAME
    stamp = datetime.datetime.now().isoformat(timespec="seconds")
    text = "".join(traceback.format_exception(error))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as out:
            out.write(f"--- {stamp}\n{text}\n")
    except OSError:
        return None
    return path


def tell_player(message: str) -> None:
    """A message box when a window system is there; nothing when it is not (headless runs)."""
    try:
        # Here, not at the top: the crash being told may be pygame's own.
        import pygame  # noqa: PLC0415

        if not pygame.display.get_init():
            pygame.display.init()
        pygame.display.message_box("One More Card stopped", message, message_type="error")
    except Exception:  # the crash itself is already logged; the box is best effort
        return


def guarded(main: Callable[[], int]) -> int:
    """Run ``main``; on an unexpected error log it, tell the player where, and return 1."""
    try:
        return main()
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # the last line of defence logs every error
        logging.getLogger("scenes").critical("the game stopped", exc_info=error)
        path = write_crash_log(error)
        where = f"The details are in {path}." if path else "The log could not be written."
        print(f"One More Card stopped because of an error. {where}", file=sys.stderr)
        traceback.print_exception(error)
        if getattr(sys, "frozen", False):
            tell_player(f"Sorry, the game stopped because of an error.\n\n{where}")
        return 1
