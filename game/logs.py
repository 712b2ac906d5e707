"""What the game's own threads report to the standard ``logging`` (standard library only).

The program's log file, its levels and where native crashes go are set up by ``scenes.store.logs``;
this module holds what code under ``game`` needs and may not import from ``scenes``: the phone
server's asyncio loop reports its unhandled errors here (``install_loop_handler``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

PHONES_LOG = logging.getLogger("game.remote")


def _loop_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """An error nothing awaited on the phones' loop: a task's, a callback's, a transport's."""
    error = context.get("exception")
    message = str(context.get("message") or "unhandled error")
    details = ", ".join(
        f"{key}={value!r}" for key, value in context.items() if key not in ("message", "exception")
    )
    PHONES_LOG.error(
        "phone server: %s%s",
        message,
        f" ({details})" if details else "",
        exc_info=error if isinstance(error, BaseException) else None,
    )


def install_loop_handler(loop: asyncio.AbstractEventLoop) -> None:
    """Send the loop's unhandled errors to the log (the phones' server calls it on its loop)."""
    loop.set_exception_handler(_loop_error)
