"""Easing curves and one small tween type, in seconds.

Easings are pure functions of t in [0, 1]. A Tween moves one attribute of one object from a start
to an end value; starting a new tween on the same attribute of the same object replaces the one
running (see ``Tweens.start``), so a hand re-fanned while a card is still flying never fights over
its position. Values are interpolated as ``a + (b - a) * ease(t)`` so overshooting easings work.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Ease = Callable[[float], float]


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    """Ease-out with a small overshoot: the little settle of a card landing on the pile."""
    c1 = 1.2
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def pulse(t: float) -> float:
    """Up and back down: 0 -> 1 -> 0, for bumps (a shake, a pop)."""
    return math.sin(t * math.pi)


@dataclass(slots=True)
class Tween:
    """Moves ``target.<attr>`` from ``start`` to ``end`` over ``duration_s`` after ``delay_s``."""

    target: object
    attr: str
    start: float
    end: float
    duration_s: float
    ease: Ease = out_cubic
    delay_s: float = 0.0
    elapsed_s: float = 0.0
    done: bool = False

    def update(self, dt: float) -> None:
        self.elapsed_s += dt
        t = self.elapsed_s - self.delay_s
        if t < 0:
            return
        if self.duration_s <= 0 or t >= self.duration_s:
            setattr(self.target, self.attr, self.end)
            self.done = True
            return
        k = self.ease(t / self.duration_s)
        setattr(self.target, self.attr, self.start + (self.end - self.start) * k)

    def finish(self) -> None:
        setattr(self.target, self.attr, self.end)
        self.done = True


@dataclass
class Tweens:
    """The running tweens of a scene, at most one per (object, attribute)."""

    running: dict[tuple[int, str], Tween] = field(default_factory=dict)

    def start(
        self,
        target: object,
        attr: str,
        end: float,
        duration_s: float,
        ease: Ease = out_cubic,
        delay_s: float = 0.0,
    ) -> Tween:
        """Tween from the attribute's current value; an instant set when duration is 0."""
        start = float(getattr(target, attr))
        tween = Tween(target, attr, start, end, duration_s, ease, delay_s)
        key = (id(target), attr)
        if duration_s <= 0 and delay_s <= 0:
            tween.finish()
            self.running.pop(key, None)
            return tween
        self.running[key] = tween
        return tween

    def cancel(self, target: object) -> None:
        for key in [k for k in self.running if k[0] == id(target)]:
            del self.running[key]

    def update(self, dt: float) -> None:
        finished = []
        for key, tween in self.running.items():
            tween.update(dt)
            if tween.done:
                finished.append(key)
        for key in finished:
            del self.running[key]

    def finish_all(self) -> None:
        for tween in self.running.values():
            tween.finish()
        self.running.clear()

    @property
    def busy(self) -> bool:
        return bool(self.running)
