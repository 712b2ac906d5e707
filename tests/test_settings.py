"""Settings are stored between runs; a broken file falls back to the defaults with a message and
is kept aside."""

from __future__ import annotations

import json
from pathlib import Path

from scenes.store.settings import (
    DEFAULT_BUTTONS,
    DEFAULT_KEYS,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)


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
    assert problem is not None and "could not be loaded" in problem and "cut short" in problem
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


def _kept(folder: Path) -> bytes:
    (kept,) = folder.glob("settings.broken-*.json")
    return kept.read_bytes()


def test_settings_that_are_not_utf8_give_defaults_and_are_kept(tmp_path: Path) -> None:
    original = b'{"volume": 0.5, "\xff\xfe": 1}'
    settings_path(tmp_path).write_bytes(original)
    loaded, problem = load_settings(tmp_path)
    assert loaded == Settings()
    assert problem is not None and "not UTF-8" in problem and "defaults" in problem
    assert _kept(tmp_path) == original


def test_settings_nested_100000_deep_give_defaults_and_are_kept(tmp_path: Path) -> None:
    original = ("[" * 100_000 + "]" * 100_000).encode()
    settings_path(tmp_path).write_bytes(original)
    loaded, problem = load_settings(tmp_path)
    assert loaded == Settings() and problem is not None and "nests more than" in problem
    assert _kept(tmp_path) == original


def test_bad_values_are_reset_one_by_one_and_the_player_is_told_once(tmp_path: Path) -> None:
    original = json.dumps(
        {
            "volume": 7,
            "music_volume": 0.1,
            "animation_speed": float("nan"),
            "shapes": False,
            "keys": {"draw": "no such key", "uno": "x"},
            "buttons": {"hint": 5, "fly": 2},
        }
    )
    settings_path(tmp_path).write_text(original, encoding="utf-8")
    loaded, problem = load_settings(tmp_path)
    # The good values stay; each bad one is back to its default.
    assert loaded.music_volume == 0.1 and loaded.shapes is False
    assert loaded.volume == Settings().volume
    assert loaded.animation_speed == Settings().animation_speed
    assert loaded.keys == {**DEFAULT_KEYS, "uno": ord("x")}  # names in older files become codes
    assert loaded.buttons == {**DEFAULT_BUTTONS, "hint": 5}
    assert problem is not None
    for told in ("volume (must be from 0 to 1)", "animation speed", "the key for draw", "'fly'"):
        assert told in problem
    assert _kept(tmp_path).decode() == original
    # The repaired settings were written back: the next start has nothing to say.
    assert load_settings(tmp_path) == (loaded, None)


def test_unprintable_and_huge_key_names_never_reach_the_screen(tmp_path: Path) -> None:
    for name in ("d\x00", "u" * 1_000_000, "", " d"):
        settings_path(tmp_path).write_text(json.dumps({"keys": {"draw": name}}), encoding="utf-8")
        loaded, problem = load_settings(tmp_path)
        assert loaded.keys == DEFAULT_KEYS and problem is not None, name[:8]
        assert "the key for draw" in problem and len(problem) < 400


def test_two_moves_on_one_key_put_the_keys_back(tmp_path: Path) -> None:
    settings_path(tmp_path).write_text('{"keys": {"draw": "u"}}', encoding="utf-8")
    loaded, problem = load_settings(tmp_path)
    assert loaded.keys == DEFAULT_KEYS and problem is not None and "shared one key" in problem


def test_the_key_table_is_given_by_the_caller(tmp_path: Path) -> None:
    import pygame

    from scenes.store.keys import key_table

    # Names the game once wrote are read without pygame; SDL's other names need its table.
    settings_path(tmp_path).write_text('{"keys": {"draw": "left shift"}}', encoding="utf-8")
    assert load_settings(tmp_path)[0].keys["draw"] == pygame.K_LSHIFT
    settings_path(tmp_path).write_text('{"keys": {"draw": "Keypad 5"}}', encoding="utf-8")
    pygames = key_table(pygame.key.key_code, pygame.key.name)
    loaded, problem = load_settings(tmp_path, keys=pygames)
    assert problem is None and loaded.keys["draw"] == pygame.K_KP_5
    loaded, problem = load_settings(tmp_path, keys=lambda bound: None)
    assert loaded.keys == DEFAULT_KEYS and problem is not None and "the key for draw" in problem
