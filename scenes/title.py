"""The title screen: quick game, new game, settings, how to play, quit.

Also holds the media every scene shares (the sound board and the card art cache), made once
per program run so switching scenes never reloads sounds or redraws card faces.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.cards import DeckKind, deck
from scenes.app import App, Scene
from scenes.art import CardArt, felt
from scenes.assets import Weight
from scenes.input import Intent
from scenes.sound import Music, SoundBoard
from scenes.table import TableScene, default_setup
from scenes.ui import DANGER, GOLD, MUTED, WHITE, Button, Menu, draw_text, wrap


@dataclass
class Media:
    sounds: SoundBoard
    art: CardArt


_MEDIA: dict[int, Media] = {}


def shared_media(app: App) -> tuple[SoundBoard, CardArt]:
    media = _MEDIA.get(id(app))
    if media is None:
        media = _MEDIA[id(app)] = Media(
            SoundBoard(app.settings.volume), CardArt(shapes=app.settings.shapes)
        )
    return media.sounds, media.art


# Cards fanned behind the title, by code: one of each color and the two classic wilds.
SHOWCASE = ("R7", "YS", "G+2", "BR", "W", "W+4")


class TitleScene(Scene):
    music = Music.TITLE

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.background = felt(app.screen.get_size()).convert()
        self.age = 0.0
        cards = {c.code: c for c in deck(DeckKind.CLASSIC)}
        self.showcase = [cards[code] for code in SHOWCASE]
        from scenes.saves import describe, has_save

        self.notice = ""
        labels = []
        if has_save():
            labels.append(("Continue", describe(), self._continue))
        labels += [
            ("Quick game", "you and three Normal AIs, classic rules", self._quick),
            ("New game", "players, AI levels and every rule", self._new),
            ("Settings", "", self._settings),
            ("Statistics", "", self._stats),
            ("How to play", "", self._howto),
            ("Quit", "", self._quit),
        ]
        buttons = []
        for i, (label, detail, click) in enumerate(labels):
            rect = pygame.Rect(0, 0, 560, 80 if detail else 62)
            rect.midtop = (960, 480 + sum(92 if d else 74 for _, d, _ in labels[:i]))
            color = (40, 130, 80) if i == 0 else (40, 56, 72)
            buttons.append(Button(rect, label, click, detail, color=color))
        self.menu = Menu(buttons, on_back=self._quit)

    def _quick(self) -> None:
        sounds, art = shared_media(self.app)
        table = TableScene(self.app, default_setup(), sounds=sounds, art=art, autosave=True)
        self.app.push(table)

    def _continue(self) -> None:
        from scenes.saves import SaveError, load_match

        try:
            setup, game = load_match()
        except SaveError as error:
            self.notice = str(error)
            self.menu.buttons = [b for b in self.menu.buttons if b.label != "Continue"]
            self.menu.focus = 0
            return
        sounds, art = shared_media(self.app)
        table = TableScene(self.app, setup, sounds=sounds, art=art, game=game, autosave=True)
        self.app.push(table)

    def _new(self) -> None:
        from scenes.setup import SetupScene

        self.app.push(SetupScene(self.app))

    def _stats(self) -> None:
        from scenes.stats import StatsScene

        self.app.push(StatsScene(self.app))

    def _settings(self) -> None:
        from scenes.options import OptionsScene

        self.app.push(OptionsScene(self.app))

    def _howto(self) -> None:
        from game.rules import Rules
        from scenes.howto import HowToScene

        self.app.push(HowToScene(self.app, Rules()))

    def _quit(self) -> None:
        self.app.quit(0)

    def handle(self, intent: Intent) -> None:
        self.menu.handle(intent)

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        _, art = shared_media(self.app)
        count = len(self.showcase)
        for i, card in enumerate(self.showcase):
            spread = i - (count - 1) / 2
            still = self.app.settings.reduced_motion
            sway = 0.0 if still else math.sin(self.age * 0.8 + i) * 1.5
            face = pygame.transform.rotozoom(art.face(card, 120), -spread * 9 + sway, 1.0)
            center = (960 + spread * 90, 316 + abs(spread) ** 2 * 7)
            surface.blit(face, face.get_rect(center=center))
        draw_text(surface, "ONE MORE CARD", 96, (960, 96), GOLD, Weight.BLACK, shadow=True)
        draw_text(
            surface,
            "The UNO card game, offline, against AIs that play fair",
            28,
            (960, 170),
            WHITE,
            shadow=True,
        )
        self.menu.draw(surface)
        if self.notice:
            for i, line in enumerate(wrap(self.notice, 22, 1400)):
                draw_text(surface, line, 22, (960, 28 + i * 28), DANGER, shadow=True)
        draw_text(
            surface, "Mouse, keyboard or controller  ·  F11 full screen", 20, (960, 1062), MUTED
        )
