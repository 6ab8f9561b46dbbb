"""What the touchscreen shows: one scene at a time, redrawn only when something changed.

A scene is plain: it draws itself with a `Painter`, answers the taps on the targets it registered,
and says when it next needs a frame (`next_frame`, None while still). The `Touchscreen` keeps the
current scene, hit-tests taps, and redraws only when a tap, an update or a running animation asks:
an idle table draws nothing and the loop can sleep in `pygame.event.wait`.

`next_frame` is asked about the frame last drawn: "drawn at `now`, when do you need the next one?".
An animation answers one frame's time while it runs (and once more after it ends, so its last
frame, at rest, is drawn), and None after that; the touchscreen counts that wait from the time of
its last frame, so a running animation schedules its own frames with nobody touching anything.

While an animation moves only part of the screen (a Time card turning over, a bar filling, dice
tumbling) a scene can say so (`Moving`): the touchscreen then draws the whole picture once without
the moving part, keeps a copy of it, and for each later frame puts that copy back over the rectangles
the moving part covered and draws only the moving part (dirty rectangles). The picture is the same
pixel for pixel as a whole redraw; only the work to make it shrinks (the Pi's budget: 2 ms a frame
here, DESIGN.md). When the still part itself changes only in part (a Time card laid: the reveal's
counter moves on), a scene can redraw just that part over the copy (`PartlyStill`) instead of the
whole picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import pygame

from kiosk.i18n import N_, Text
from kiosk.ui.layout import Layout, layout_for
from kiosk.ui.paint import Painter
from kiosk.ui.theme import Theme

ON_TIME = 1e-9  # seconds: an animation's moment this close has come (a float clock's rounding never
# leaves a wait too small to move the clock past it)


@dataclass(frozen=True)
class Swipe:
    """A finger drawn up or down (or, over a sideways area, left or right) across a swipe area
    (`Painter.swipe_area`): it reaches the scene's `tap` like a target's value, with the area's value
    and how far the finger moved (pixels, up < 0, left < 0)."""

    region: object
    dy: int
    dx: int = 0


class Scene(Protocol):
    @property
    def theme(self) -> Theme:
        """The mood it is drawn in (a dataclass field does)."""

    def draw(self, paint: Painter, now: float) -> None:
        """Draw the whole screen. `now` is the loop's clock (seconds), for animations."""

    def tap(self, value: object, now: float) -> None:
        """A tap on a target this scene registered while drawing, with that target's value."""

    def next_frame(self, now: float) -> float | None:
        """Seconds after a frame drawn at `now` until the scene next needs drawing without any input
        (a clock's hand moving), or None if nothing moves by itself."""


@runtime_checkable
class Moving(Scene, Protocol):
    """A scene whose animations may move only part of the screen."""

    def still(self, now: float) -> object | None:
        """What the picture drawn at `now` depends on beyond the table's updates, taps and language
        (which always draw it whole): e.g. which reveal and which look of it. Equal at two frames: the
        still part is the same and only `draw_moving` changes. None: draw the whole picture (nothing
        moves by itself, or the whole screen changes)."""

    def draw_moving(self, paint: Painter, now: float) -> list[pygame.Rect]:
        """Draw the moving part at `now` over the still picture (drawn with `paint.still` set);
        the rectangles it covered. It must lie over nothing drawn after it, so the two together are
        the whole picture."""


@runtime_checkable
class PartlyStill(Moving, Protocol):
    """A moving scene whose still picture changes only in part from one key to the next (a Time
    reveal's counter when a card is laid)."""

    def redraw_still(self, paint: Painter, before: object, now: float) -> list[pygame.Rect] | None:
        """Over the still picture drawn under the key `before` (`paint.still` set), redraw where the
        still picture at `now` differs from it: the rectangles that then hold the picture at `now`,
        background and all. None, having drawn nothing: only a whole redraw will do."""


@dataclass(frozen=True)
class SeatHint:
    """What the seat screens say while the touchscreen sets a game up: a big label and, under it, what
    to do there (two small lines)."""

    label: Text
    detail: Text | None = None
    title: Text = Text(N_("Mystery Table"))
    seats: int | None = None  # for the first `seats` seats only (an unfinished game's); the others are not in it


def seat_hint(scene: object) -> SeatHint | None:
    """What the seat screens outside a game say while `scene` is on the touchscreen: a scene of the
    setup (the game choice, its options, the resume offer) tells them with a `seat_hint` property, so
    the seats follow the stage it is at; None: the scene has nothing to say to the seats."""
    hint = getattr(scene, "seat_hint", None)
    return hint if isinstance(hint, SeatHint) else None


class Touchscreen:
    """The public screen: a surface, the scene on it, and the last frame's touch targets."""

    def __init__(self, surface: pygame.Surface, lang: str) -> None:
        self.surface = surface
        self.layout: Layout = layout_for(surface.get_size())
        self.lang = lang
        self.scene: Scene | None = None
        self.painter: Painter | None = None
        self.dirty = True
        self.frames = 0
        self.drawn_at: float | None = None  # the loop's clock at the last frame
        # The last frame's changed area for the display (None: all of it), and what a moving scene's
        # next frame needs: its still picture, what that depends on, where its moving part lies
        self.updated: list[pygame.Rect] | None = None
        self._still: pygame.Surface | None = None
        self._still_key: object | None = None
        self._moving: list[pygame.Rect] = []

    def show(self, scene: Scene) -> None:
        self.scene = scene
        self.dirty = True

    def changed(self) -> None:
        """What the scene shows has changed (an update from the table): draw it at the next chance."""
        self.dirty = True

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.dirty = True

    def tap(self, position: tuple[int, int], now: float) -> bool:
        """A finger or a mouse at `position` (screen pixels). True if it hit a target."""
        if self.painter is None or self.scene is None:
            return False
        value = self.painter.hit(position)
        if value is None:
            return False
        self.scene.tap(value, now)
        self.dirty = True
        return True

    def swipe(self, start: tuple[int, int], end: tuple[int, int], now: float) -> bool:
        """A finger moved from `start` to `end` (screen pixels) before lifting. True if it was a
        swipe over a swipe area of its direction (then the scene was told, as a `Swipe`)."""
        if self.painter is None or self.scene is None:
            return False
        dx, dy = end[0] - start[0], end[1] - start[1]
        across = abs(dx) > abs(dy)
        if max(abs(dx), abs(dy)) < self.layout.min_touch // 2:
            return False
        region = self.painter.hit(start, swipe=True, across=across)
        if region is None:
            return False
        self.scene.tap(Swipe(region, 0, dx) if across else Swipe(region, dy), now)
        self.dirty = True
        return True

    def due(self, now: float) -> float | None:
        """Seconds until the next frame is needed (0 now), or None if nothing will change by itself."""
        if self.scene is None:
            return None
        if self.dirty or self.drawn_at is None:
            return 0.0
        wanted = self.scene.next_frame(self.drawn_at)
        return None if wanted is None else max(0.0, self.drawn_at + wanted - now)

    def draw(self, now: float) -> bool:
        """Draw a frame if one is due; True if it did (`updated` says where)."""
        due = self.due(now)
        if self.scene is None or due is None or due > 0:
            return False
        scene = self.scene
        key = scene.still(now) if isinstance(scene, Moving) else None
        drawn = isinstance(scene, Moving) and not self.dirty and key is not None and self._draw_in_part(scene, now, key)
        if not drawn:
            self._draw_whole(scene, now, key)
        self.dirty = False
        self.drawn_at = now
        self.frames += 1
        return True

    def _draw_whole(self, scene: Scene, now: float, key: object | None) -> None:
        painter = Painter(self.surface, self.layout, scene.theme, self.lang, still=key is not None)
        scene.draw(painter, now)
        if key is not None:
            assert isinstance(scene, Moving)
            if self._still is None or self._still.get_size() != self.surface.get_size():
                self._still = pygame.Surface(self.surface.get_size(), 0, self.surface)
            self._still.blit(self.surface, (0, 0))
            painter.still = False
            self._moving = scene.draw_moving(painter, now)
        self._still_key = key
        self.painter = painter
        self.updated = None

    def _draw_in_part(self, scene: Moving, now: float, key: object) -> bool:
        """The still picture back over where the moving part was, brought up to `key` where it changed
        (`PartlyStill`), then the moving part where it is now; False, having changed nothing that a
        whole frame does not draw over, if the still picture must be drawn whole. The touch targets
        stay those of the last whole frame: nothing that moves or changes in part answers a tap."""
        if self._still is None or self._still_key is None:
            return False
        if key != self._still_key and not isinstance(scene, PartlyStill):
            return False
        before = self._moving
        for rect in before:
            self.surface.blit(self._still, rect, rect)
        redrawn: list[pygame.Rect] = []
        if key != self._still_key:
            assert isinstance(scene, PartlyStill)
            painter = Painter(self.surface, self.layout, scene.theme, self.lang, still=True)
            parts = scene.redraw_still(painter, self._still_key, now)
            if parts is None:
                return False
            redrawn = [r.clip(self.surface.get_rect()) for r in parts]
            for rect in redrawn:
                self._still.blit(self.surface, rect, rect)
            self._still_key = key
            self.painter = self._recorded_over(painter, redrawn)
        painter = Painter(self.surface, self.layout, scene.theme, self.lang)
        self._moving = scene.draw_moving(painter, now)
        changed = before + redrawn + self._moving
        self.updated = [r for i, r in enumerate(changed) if r.width > 0 and r.height > 0 and r not in changed[:i]]
        return True

    def _recorded_over(self, redrawn: Painter, rects: list[pygame.Rect]) -> Painter:
        """The last whole frame's record (texts drawn, touch targets) with the texts in `rects` replaced by
        those `redrawn` drew there: what the screen shows now."""
        assert self.painter is not None
        kept = [d for d in self.painter.drawn if d.box.collidelist(rects) < 0]
        return Painter(self.surface, self.layout, redrawn.theme, self.lang, kept + redrawn.drawn,
                       self.painter.targets, self.painter.swipes)
