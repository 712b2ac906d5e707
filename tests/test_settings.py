"""Settings are stored between runs; a broken file falls back to the defaults with a message and
is kept aside."""

from __future__ import annotations

import json
from pathlib import Path

from scenes.settings import Settings, load_settings, save_settings, settings_path


def test_settings_round_trip(tmp_path: Path) -> None:
    chosen = Settings(animation_speed=2.0, ai_pace=0.3, volume=0.0, shapes=False)
    assert save_settings(chosen, tmp_path) is None
    loaded, problem = load_settings(tmp_path)
    assert problem is None and loaded == chosen


def test_no_file_means_defaults_without_a_message(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == (Settings(), None)


def test_a_broken_file_gives_defaults_a_message_and_is_kept(tmp_path: Path) -> None:
    path = settings_path(tmp_path)
    path.write_text('{"volume": 0.5, "animation_sp', encoding="utf-8")
    loaded, problem = load_settings(tmp_path)
    assert loaded == Settings()
    assert problem is not None and "damaged" in problem
    kept = list(tmp_path.glob("settings.broken-*.json"))
    assert len(kept) == 1 and kept[0].name in problem
    assert not path.exists()


def test_a_value_out_of_range_or_of_the_wrong_kind_is_refused(tmp_path: Path) -> None:
    for bad in (
        {"volume": 7},
        {"shapes": "yes"},
        {"ai_pace": True},
        ["not", "an", "object"],
        {"keys": {"draw": 5}},
        {"buttons": {"fly": 1}},
        {"buttons": {"draw": 99}},
    ):
        settings_path(tmp_path).write_text(json.dumps(bad), encoding="utf-8")
        loaded, problem = load_settings(tmp_path)
        assert loaded == Settings() and problem is not None, bad


def test_unknown_and_missing_keys_keep_defaults(tmp_path: Path) -> None:
    settings_path(tmp_path).write_text('{"volume": 0.25, "from_the_future": 1}', encoding="utf-8")
    loaded, problem = load_settings(tmp_path)
    assert problem is None and loaded == Settings(volume=0.25)
