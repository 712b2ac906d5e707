"""The one loader of user files: whatever a file holds, it returns a value or a message and keeps
the original aside; names are cleaned; interrupted writes leave nothing behind (issue 14)."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from scenes.store import userdata
from scenes.store.userdata import (
    MAX_BYTES,
    Loaded,
    clean_name,
    load_json,
    remove_stale_temporaries,
    write_atomic,
)

FAILED = "The test file could not be loaded: {reason}. Nothing else happens."
RESET = "The test file had values that were not valid and were reset: {values}."


def _anything(data: Any, resets: list[str]) -> Any:
    return data


def _load(path: Path) -> Loaded[Any]:
    return load_json(path, _anything, FAILED, RESET)


def test_a_missing_file_is_no_problem(tmp_path: Path) -> None:
    assert _load(tmp_path / "absent.json") == Loaded(None)


@pytest.mark.parametrize(
    ("content", "told"),
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nests more than 64 levels"),
        (b'{"a": ' * 100_000, "nests more than 64 levels"),
        (b'{"n": 1' + b"0" * 5000 + b"}", "number too long"),
        (b'{"a": [1, 2', "cut short"),
        (b"", "cut short"),
    ],
)
def test_unreadable_content_is_kept_aside_with_a_sentence(
    tmp_path: Path, content: bytes, told: str
) -> None:
    path = tmp_path / "file.json"
    path.write_bytes(content)
    loaded = _load(path)
    assert loaded.value is None and loaded.problem is not None
    assert loaded.problem.startswith("The test file could not be loaded: ")
    assert told in loaded.problem and "Nothing else happens." in loaded.problem
    (kept,) = tmp_path.glob("file.broken-*.json")
    assert kept.name in loaded.problem and kept.read_bytes() == content
    assert not path.exists()


def test_brackets_inside_strings_are_not_nesting(tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    path.write_text('{"a": "' + "[{" * 1000 + '\\"]"}', encoding="utf-8")
    assert _load(path).value == {"a": "[{" * 1000 + '"]'}


def test_a_file_over_the_size_limit_is_not_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    with path.open("wb") as out:
        out.truncate(MAX_BYTES + 1)
    loaded = _load(path)
    assert loaded.problem is not None and "larger than 16 MB" in loaded.problem


@pytest.mark.parametrize(
    "error", [KeyError("state"), RecursionError(), MemoryError(), TypeError("x"), OSError(5, "io")]
)
def test_no_exception_from_a_shape_check_escapes(tmp_path: Path, error: Exception) -> None:
    def shape(data: Any, resets: list[str]) -> Any:
        raise error

    path = tmp_path / "file.json"
    path.write_text("{}", encoding="utf-8")
    loaded = load_json(path, shape, FAILED, RESET)
    assert loaded.value is None and loaded.problem is not None
    assert "kept as file.broken-" in loaded.problem


def test_a_reason_quoting_the_file_is_short_and_printable(tmp_path: Path) -> None:
    def shape(data: Any, resets: list[str]) -> Any:
        raise ValueError(f"unknown value {data!r}")

    path = tmp_path / "file.json"
    path.write_text('"\\u0000' + "x" * 1_000_000 + '"', encoding="utf-8")
    loaded = load_json(path, shape, FAILED, RESET)
    assert loaded.problem is not None and len(loaded.problem) < 400
    assert loaded.problem.isprintable()


def test_a_folder_in_place_of_a_file_is_told_and_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    path.mkdir()
    loaded = _load(path)
    assert loaded.problem is not None and "a folder in its place" in loaded.problem
    (kept,) = tmp_path.glob("file.broken-*.json")
    assert kept.is_dir() and not path.exists()


def test_a_second_bad_file_never_replaces_the_first_kept_one(tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    for content in (b"first", b"second", b"third"):
        path.write_bytes(content)
        _load(path)
    kept = sorted(p.read_bytes() for p in tmp_path.glob("file.broken-*.json"))
    assert kept == [b"first", b"second", b"third"]


def test_resets_keep_the_value_and_the_original(tmp_path: Path) -> None:
    def shape(data: Any, resets: list[str]) -> Any:
        resets.append("volume (must be from 0 to 1)")
        return {"volume": 0.7}

    path = tmp_path / "file.json"
    path.write_text('{"volume": 7}', encoding="utf-8")
    loaded = load_json(path, shape, FAILED, RESET)
    assert loaded.value == {"volume": 0.7} and loaded.repaired
    assert loaded.problem is not None and loaded.problem.startswith(
        "The test file had values that were not valid and were reset: volume (must be from 0 to 1)."
    )
    (kept,) = tmp_path.glob("file.broken-*.json")
    assert kept.read_text(encoding="utf-8") == '{"volume": 7}'


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Maria", "Maria"),
        ("Ma\x00ria", "Maria"),
        ("  Tom \n", "Tom"),
        ("x" * 10_000_000, "x" * 24),
        ("\u202e\u200b\ufeff\ud800", ""),
        ("Zoë 😀", "Zoë 😀"),
        ("\x00" * 1_000_000 + "Ana", "Ana"),
    ],
)
def test_names_keep_printable_characters_and_at_most_24(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean


def test_temporaries_of_interrupted_writes_are_removed(tmp_path: Path) -> None:
    data, config = tmp_path / "data", tmp_path / "config"
    write_atomic(data / "autosave.json", "{}")
    write_atomic(config / "settings.json", "{}")
    stale = [data / ".autosave.json.k1ll3d.tmp", config / ".settings.json.x.tmp"]
    for path in stale:
        path.write_text("half", encoding="utf-8")
    (data / "notes.tmp").write_text("not ours", encoding="utf-8")
    assert sorted(remove_stale_temporaries((data, config, tmp_path / "absent"))) == sorted(stale)
    assert sorted(p.name for p in data.iterdir()) == ["autosave.json", "notes.tmp"]
    assert [p.name for p in config.iterdir()] == ["settings.json"]


def test_the_program_removes_them_at_start(
    user_folders: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scenes.__main__ import main

    stale = userdata.data_dir() / ".autosave.json.abc.tmp"
    stale.parent.mkdir(parents=True)
    stale.write_text("half", encoding="utf-8")
    assert main(["--check-files"]) == 0
    assert not stale.exists()


def test_the_folder_is_synced_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[bool] = []
    real = os.fsync

    def fsync(handle: int) -> None:
        synced.append(stat.S_ISDIR(os.fstat(handle).st_mode))
        real(handle)

    monkeypatch.setattr(os, "fsync", fsync)
    write_atomic(tmp_path / "file.json", "{}")
    assert synced == [False, True]  # the file's data, then the folder that names it


def test_every_message_at_start_is_shown_together(
    user_folders: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scenes.__main__ import main
    from scenes.store.saves import save_path
    from scenes.store.settings import settings_path

    settings_path().parent.mkdir(parents=True)
    settings_path().write_bytes(b"\xff")
    save_path().parent.mkdir(parents=True)
    save_path().write_text('{"seed": 1' + "0" * 5000 + "}", encoding="utf-8")
    assert main(["--check-files"]) == 0
    out = capsys.readouterr().out
    assert "The saved match could not be loaded: the file holds a number too long" in out
    assert "The settings could not be loaded: the file is not UTF-8 text" in out
    assert "continue: not offered" in out
