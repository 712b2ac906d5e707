"""tools.screens finds a button by its English caption in the screen's language, also when
the caption is a message of the "button" context (the end screen's Replay, which a plain
gettext lookup misses)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from scenes.ui import Button, Menu
from tools.screens import find_button


def _menu(*labels: str) -> Menu:
    return Menu([Button(pygame.Rect(0, 0, 10, 10), label, lambda: None) for label in labels])


def test_a_button_context_caption_is_found_in_japanese() -> None:
    i18n.use("ja")
    replay = i18n.pgettext("button", "Replay")
    assert replay != "Replay"  # the catalog translates it: else the test shows nothing
    menu = _menu(i18n._("Play again"), replay, i18n.pgettext("button", "Title"))
    assert find_button(menu, "Replay").label == replay


def test_a_missing_button_names_the_captions() -> None:
    with pytest.raises(LookupError, match="'Play'"):
        find_button(_menu("Play"), "Replay")
