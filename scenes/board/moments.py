"""The moments of a round: a burst on a seat's plate for the UNO call, a caught player, a won
challenge and a round's winner, and the shake of a caught or beaten plate.

The presenter starts a moment when it plays the event (``moment_of`` says which event has one)
and drops it when it is over; the HUD draws the bursts behind the plates and shakes a plate by
``plate_shake``. A moment lasts ``Settings.duration`` of its length: nothing at speed 0 (an
AI-only table and the tests lose no time), and with Reduced motion it is a still: the burst
drawn whole and unmoving for its (shorter) time, no plate shaking.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from game.events import Challenged, RoundEnded, UnoCalled, UnoCaught
from scenes.art.confetti import RGB, draw_burst
from scenes.store.settings import Settings


class MomentKind(enum.Enum):
    UNO = "uno"
    CAUGHT = "caught"  # a player caught not saying UNO
    CHALLENGE = "challenge"  # the winner of a Wild Draw Four challenge
    WIN = "win"  # the round's winner


# How long each moment lasts at speed 1, in seconds, and its burst's color.
MOMENT_S = {
    MomentKind.UNO: 1.2,
    MomentKind.CAUGHT: 0.9,
    MomentKind.CHALLENGE: 0.9,
    MomentKind.WIN: 1.6,
}
MOMENT_RGB: dict[MomentKind, RGB] = {
    MomentKind.UNO: (255, 214, 102),
    MomentKind.CAUGHT: (255, 110, 110),
    MomentKind.CHALLENGE: (120, 230, 170),
    MomentKind.WIN: (255, 214, 102),
}
SHAKEN = frozenset({MomentKind.CAUGHT})  # the plates that shake (the loser's)
STILL_T = 0.4  # where a still burst stands: its rays out, not yet fading
SHAKE_PX = 10


@dataclass(frozen=True)
class Moment:
    kind: MomentKind
    seat: int
    born: float
    duration_s: float
    still: bool = False

    def progress(self, clock: float) -> float:
        """How far it has run, 0-1 (a still stays at ``STILL_T``)."""
        if self.still:
            return STILL_T
        return min(1.0, max(0.0, (clock - self.born) / max(self.duration_s, 1e-6)))

    def over(self, clock: float) -> bool:
        return clock >= self.born + self.duration_s


def moment_of(event: object) -> tuple[MomentKind, int] | None:
    """The moment an event has, and whose plate it is on; None for the other events."""
    match event:
        case UnoCalled(player=player):
            return MomentKind.UNO, player
        case UnoCaught(target=target):
            return MomentKind.CAUGHT, target
        case Challenged(player=player, target=target, bluff=bluff):
            # A bluff caught is the challenger's win; an honest Four, its player's.
            return MomentKind.CHALLENGE, player if bluff else target
        case RoundEnded(winner=winner):
            return MomentKind.WIN, winner
    return None


def start_moment(kind: MomentKind, seat: int, clock: float, settings: Settings) -> Moment | None:
    """The moment as the settings have it; None when animations are off (speed 0)."""
    duration = settings.duration(MOMENT_S[kind])
    if duration <= 0:
        return None
    return Moment(kind, seat, clock, duration, still=settings.reduced_motion)


def plate_shake(moments: Iterable[Moment], seat: int, clock: float) -> float:
    """How far (pixels, sideways) ``seat``'s plate is shaken now: a caught player's plate
    shakes and settles; a still never moves."""
    for moment in moments:
        if moment.seat == seat and moment.kind in SHAKEN and not moment.still:
            t = moment.progress(clock)
            return SHAKE_PX * math.sin(t * math.pi * 8) * (1 - t)
    return 0.0


def draw_moments(
    surface: pygame.Surface,
    moments: Iterable[Moment],
    clock: float,
    plate: Callable[[int], pygame.Rect],
) -> None:
    """Each moment's burst behind its seat's plate (``plate(seat)``: where it is drawn), with a
    flash of its color over the plate's edge while it is young."""
    for moment in moments:
        rect = plate(moment.seat)
        t = moment.progress(clock)
        color = MOMENT_RGB[moment.kind]
        radius = max(rect.width, rect.height) * (0.85 if moment.kind is MomentKind.WIN else 0.7)
        draw_burst(
            surface, rect.center, radius, t, color, 20 if moment.kind is MomentKind.WIN else 16
        )
        flash = 1.0 - t if not moment.still else 0.6
        if flash > 0:
            glow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
            pygame.draw.rect(
                glow, (*color, round(200 * flash)), glow.get_rect(), 6, border_radius=24
            )
            surface.blit(glow, glow.get_rect(center=rect.center))
