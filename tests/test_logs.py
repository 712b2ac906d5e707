"""The program's log (scenes.store.logs): a file in the user's log folder, native crashes beside it,
other threads' and the phones' loop's exceptions in it, --log-level; crashes still reported."""

from __future__ import annotations

import asyncio
import faulthandler
import logging
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from scenes import crash
from scenes.phoneserver.gate import quiet_loop_errors
from scenes.phoneserver.server import Phones, PhoneServer
from scenes.store.logs import LOG_NAME, NATIVE_NAME, log_path, setup_logging


def read(path: Path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return path.read_text(encoding="utf-8")


def test_the_log_is_written_in_the_users_log_folder(user_folders: Path) -> None:
    path = setup_logging("info")
    assert path == log_path() and path.name == LOG_NAME
    assert path.is_relative_to(user_folders)  # the XDG folders of the test, under state
    logging.getLogger("scenes.table").warning("a card went missing")
    logging.getLogger("scenes.table").debug("not at info")
    text = read(path)
    assert "starting (log level info)" in text
    assert "WARNING" in text and "a card went missing" in text
    assert "not at info" not in text


def test_the_level_is_the_one_asked_for(tmp_path: Path) -> None:
    path = setup_logging("debug", tmp_path)
    assert path is not None
    logging.getLogger("scenes.table").debug("every detail")
    assert "every detail" in read(path)


def test_an_exception_on_another_thread_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    printed: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", printed.append)  # Python's own, standing in
    path = setup_logging("info", tmp_path)
    assert path is not None

    def broken() -> None:
        raise ValueError("the phone server tripped")

    thread = threading.Thread(target=broken, name="phone-server")
    thread.start()
    thread.join(10)
    text = read(path)
    assert "uncaught exception on phone-server" in text
    assert "ValueError: the phone server tripped" in text
    assert [args.exc_type for args in printed] == [ValueError]  # and still printed by Python


def test_an_error_on_the_phones_loop_is_logged(tmp_path: Path) -> None:
    path = setup_logging("info", tmp_path)
    assert path is not None
    loop = asyncio.new_event_loop()
    loop.set_exception_handler(quiet_loop_errors)  # as the phones' server sets it

    def callback() -> None:
        raise KeyError("seat 9")

    try:
        loop.call_soon(callback)
        loop.run_until_complete(asyncio.sleep(0.01))
    finally:
        loop.close()
    text = read(path)
    assert "phones' server: Exception in callback" in text
    assert "seat 9" in text


def test_the_phones_server_loop_gets_the_handler() -> None:
    server = PhoneServer(Phones({0: "abcd"}, {}, {}), "127.0.0.1", 0)
    server.start()
    try:
        assert server._loop is not None
        assert server._loop.get_exception_handler() is quiet_loop_errors
    finally:
        server.stop()


@pytest.mark.subprocess
def test_faulthandler_writes_a_native_crash_beside_the_log(tmp_path: Path) -> None:
    code = (
        "import faulthandler, sys; from pathlib import Path; from scenes.store.logs import"
        " setup_logging; setup_logging('info', Path(sys.argv[1]));"
        " assert faulthandler.is_enabled(); faulthandler._sigsegv()"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    native = (tmp_path / NATIVE_NAME).read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in native
    assert faulthandler.is_enabled()  # this process's own handler is untouched


def test_an_unwritable_folder_leaves_the_game_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert setup_logging("info", blocker / "log") is None
    assert "cannot be written" in capsys.readouterr().err


def test_a_crash_is_logged_and_still_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = setup_logging("info", tmp_path)
    assert path is not None
    monkeypatch.setattr(crash, "log_dir", lambda: tmp_path)
    told: list[str] = []
    monkeypatch.setattr(crash, "tell_player", told.append)
    monkeypatch.setattr(sys, "frozen", True, raising=False)  # the windowed build's dialog

    def broken() -> int:
        raise RuntimeError("the table fell over")

    assert crash.guarded(broken) == 1
    assert "RuntimeError: the table fell over" in read(path)
    assert "the game stopped" in read(path)
    assert told and str(tmp_path / crash.LOG_NAME) in told[0]
    assert "stopped because of an error" in capsys.readouterr().err


def test_the_log_level_flag() -> None:
    from scenes.__main__ import parse

    assert parse([]).log_level == "info"
    assert parse(["--log-level", "debug"]).log_level == "debug"
    with pytest.raises(SystemExit):
        parse(["--log-level", "loud"])


def test_the_about_screen_names_the_version_engine_licence_and_log(user_folders: Path) -> None:
    from game import __version__
    from scenes.title import about_rows, licences_folder

    rows = dict(about_rows())
    assert rows["Version"] == __version__
    assert rows["Engine"] in ("compiled (mypyc)", "plain Python")
    assert rows["Licence"].startswith("MIT")
    assert "Inter" in rows["Credits"] and "pygame-ce" in rows["Credits"]
    assert rows["Log file"] == str(log_path())
    assert Path(rows["Log file"]).is_relative_to(user_folders)
    assert (licences_folder() / "README.txt").is_file()
