"""Which lessons the player has finished, whether the first start has asked "New to UNO?", and
which lessons a deck's first match has offered ("New to these cards?", ``scenes.table.offer``).

Kept as JSON in the user's data folder (``lessons.json``), written atomically, read through
the one user-file loader: a damaged file gives a fresh record with a message and is kept aside,
never a crash. This module imports no pygame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import _
from scenes.store.userdata import data_dir, load_json, write_atomic

LESSONS_NAME = "lessons.json"
# Far more than there are lessons; a longer list is not a record of ours.
MAX_KEYS = 200
KEY_LENGTH = 60


@dataclass
class LessonRecord:
    """The lessons finished (by their file's name), whether the first start has asked, whether
    it was answered with Learn (a learner: the New game starts with Easy AIs), and the lessons a
    deck's first match has offered (each is offered once)."""

    finished: set[str] = field(default_factory=set)
    asked: bool = False
    learner: bool = False
    offered: set[str] = field(default_factory=set)

    def to_dict(self) -> dict[str, Any]:
        return {
            "finished": sorted(self.finished),
            "asked": self.asked,
            "learner": self.learner,
            "offered": sorted(self.offered),
        }


def lessons_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / LESSONS_NAME


def from_dict(data: Any, resets: list[str] | None = None) -> LessonRecord:
    """The record in ``data``; ValueError when it is not one, a bad value reset and told."""
    if not isinstance(data, dict):
        raise ValueError(_("it is not a record of lessons"))
    resets = [] if resets is None else resets
    record = LessonRecord()
    asked = data.get("asked", False)
    if isinstance(asked, bool):
        record.asked = asked
    else:
        resets.append("asked")
    learner = data.get("learner", False)
    if isinstance(learner, bool):
        record.learner = learner
    else:
        resets.append("learner")
    record.finished = _keys(data, "finished", resets)
    record.offered = _keys(data, "offered", resets)
    return record


def _keys(data: dict[str, Any], name: str, resets: list[str]) -> set[str]:
    """The list of lesson keys ``data[name]`` (absent: none); a bad one is dropped and told."""
    keys = data.get(name, [])
    if not isinstance(keys, list) or len(keys) > MAX_KEYS:
        resets.append(name)
        return set()
    found = {k for k in keys if isinstance(k, str) and 0 < len(k) <= KEY_LENGTH}
    if len(found) != len(keys):
        resets.append(name)
    return found


def load_lessons(folder: Path | None = None) -> tuple[LessonRecord, str | None]:
    """The record, or a fresh one, and a message saying what was wrong. Never raises."""
    loaded = load_json(
        lessons_path(folder),
        from_dict,
        _("The record of finished lessons could not be loaded: {reason}. It starts afresh."),
        _("The record of finished lessons had values that were not valid: {values}."),
    )
    return loaded.settled(LessonRecord(), lambda record: save_lessons(record, folder))


def save_lessons(record: LessonRecord, folder: Path | None = None) -> str | None:
    """Store the record; returns a message if the disk refused (the game goes on)."""
    try:
        write_atomic(lessons_path(folder), json.dumps(record.to_dict(), indent=2))
    except OSError as error:
        return _("The record of finished lessons could not be saved ({reason}).").format(
            reason=error.strerror or error
        )
    return None


def finish(key: str, folder: Path | None = None) -> str | None:
    """Remember that the lesson ``key`` was finished; a message if that failed."""
    record, problem = load_lessons(folder)
    record.finished.add(key)
    return save_lessons(record, folder) or problem


def mark_asked(folder: Path | None = None, *, learner: bool = False) -> str | None:
    """Remember that the first start asked "New to UNO?", so it never asks again (``learner``:
    it was answered with Learn)."""
    record, problem = load_lessons(folder)
    record.asked = True
    record.learner = record.learner or learner
    return save_lessons(record, folder) or problem


def mark_offered(key: str, folder: Path | None = None) -> str | None:
    """Remember that a deck's first match offered the lesson ``key``, so it is not offered
    again; a message if that failed."""
    record, problem = load_lessons(folder)
    record.offered.add(key)
    return save_lessons(record, folder) or problem
