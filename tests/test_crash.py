"""A crash is logged with its traceback and reported, never lost; user files are written
atomically."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenes import crash
from scenes.store.userdata import write_atomic


def test_a_crash_is_logged_and_returns_an_error_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(crash, "log_dir", lambda: tmp_path)

    def broken() -> int:
        raise RuntimeError("the table fell over")

    assert crash.guarded(broken) == 1
    log = (tmp_path / crash.LOG_NAME).read_text(encoding="utf-8")
    assert "RuntimeError: the table fell over" in log
    assert str(tmp_path / crash.LOG_NAME) in capsys.readouterr().err


def test_an_unwritable_log_folder_still_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(crash, "log_dir", lambda: blocker / "logs")
    assert crash.guarded(lambda: 1 // 0) == 1
    assert "could not be written" in capsys.readouterr().err


def test_write_atomic_replaces_the_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "settings.json"
    write_atomic(target, "old")
    write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert [p.name for p in target.parent.iterdir()] == ["settings.json"]
