"""A crash never vanishes: the traceback goes to a log file in the user's log folder, to the
terminal, and (in the windowed build, where there is no terminal) to a message box that says
where the log is.

The words are translated (the screen's language), but this is the last resort: whatever is wrong
with the catalogs (or with the translation module itself), the player is told in English.
"""

from __future__ import annotations

import datetime
import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

from scenes.store.userdata import log_dir

try:
    from game import i18n
except Exception:  # a damaged install: the crash must still be told, in English
    i18n = None  # type: ignore[assignment]

LOG_NAME = "crash.log"


def _(message: str) -> str:
    """``message`` in the screen's language, or as it is (English) when it cannot be."""
    try:
        translated = i18n._(message) if i18n is not None else message
    except Exception:  # a damaged catalog must not hide the crash being told
        return message
    return translated if isinstance(translated, str) and translated else message


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


def where_told(path: Path | None, english: bool = False) -> str:
    """The sentence that says where the details went, translated unless ``english``; a
    translation that lost or misspelled its placeholder falls back to the English."""
    if path is None:
        return "The log could not be written." if english else _("The log could not be written.")
    template = "The details are in {path}." if english else _("The details are in {path}.")
    try:
        return template.format(path=path)
    except (KeyError, IndexError, ValueError):
        return f"The details are in {path}."


def tell_player(message: str) -> None:
    """A message box when a window system is there; nothing when it is not (headless runs)."""
    try:
        # Here, not at the top: the crash being told may be pygame's own.
        import pygame  # noqa: PLC0415

        if not pygame.display.get_init():
            pygame.display.init()
        pygame.display.message_box(_("One More Card stopped"), message, message_type="error")
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
        # The terminal's line is for whoever reads the output, like the log: in English.
        english = where_told(path, english=True)
        print(f"One More Card stopped because of an error. {english}", file=sys.stderr)
        traceback.print_exception(error)
        if getattr(sys, "frozen", False):
            sorry = _("Sorry, the game stopped because of an error.")
            tell_player(f"{sorry}\n\n{where_told(path)}")
        return 1
