"""The one loop of a kiosk with a touchscreen: it sleeps in `pygame.event.wait` until something
happens (a tap, a key, a hardware input, a deadline) and draws only what changed.

Hardware threads put their inputs on the table's queue, whose `wake` posts a pygame event, so the loop
needs no polling: idle, it wakes once a second for the systemd watchdog and nothing else.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Protocol

import pygame

from kiosk.ui.app import App

IDLE_WAKE = 1.0  # seconds: the watchdog's heartbeat and the table's retry of failed parts
WAKE = pygame.event.custom_type()


class Window(Protocol):
    """Where the touchscreen is drawn: the whole display (the Pi), or part of the simulator window."""

    touch_area: pygame.Rect  # where the touchscreen's pixels lie in the window

    def handle(self, event: pygame.event.Event) -> bool:
        """The window's own controls (the simulator's seat buttons, keys, NFC panel). True if used."""

    def draw(self) -> bool:
        """Redraw the window's own parts if they changed; True if anything was drawn."""

    def due(self) -> float | None:
        """Seconds until the window's own parts need a frame (a lamp going out), or None."""


class Loop:
    def __init__(self, app: App, window: Window, heartbeat: Callable[[], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.window = window
        self.heartbeat = heartbeat
        self.clock = clock
        self.fingers: dict[object, float] = {}  # finger (or mouse) -> when it went down, for the hold
        self.closed = False

    def start(self) -> None:
        self.app.table.events.wake = wake
        self.app.begin()

    def stop(self) -> None:
        self.app.table.events.wake = None

    def step(self, limit: float = IDLE_WAKE) -> bool:
        """Sleep until an input or a deadline (at most `limit` seconds), handle it, draw what changed.
        False once the window has been closed."""
        waits = [w for w in (self.app.due(), self.window.due(), limit) if w is not None]
        wait_ms = int(min(waits) * 1000)
        event = pygame.event.wait(wait_ms) if wait_ms > 0 else pygame.event.poll()  # wait(0) never returns
        while event.type != pygame.NOEVENT:
            if event.type == pygame.QUIT:
                self.closed = True
            else:
                self.dispatch(event)
            event = pygame.event.poll()
        drain(self.app, self.app.table.events)
        self.app.pump()
        drew = self.app.screen.draw(self.clock())
        if self.window.draw() or drew:
            pygame.display.flip()
        if self.heartbeat is not None:
            self.heartbeat()
        return not self.closed

    def dispatch(self, event: pygame.event.Event) -> None:
        """A finger (SDL's touch events, with its mouse emulation off) or a mouse on the touchscreen is
        a tap; anything else is for the window's own controls."""
        position = pointer(event)
        area = self.window.touch_area
        if event.type in (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN) and position is not None:
            if area.collidepoint(position) and not (event.type == pygame.MOUSEBUTTONDOWN and event.button != 1):
                self.fingers[finger(event)] = self.clock()
                self.app.screen.tap((position[0] - area.left, position[1] - area.top), self.clock())
                return
        if event.type in (pygame.FINGERUP, pygame.MOUSEBUTTONUP) and finger(event) in self.fingers:
            self.app.hold(self.clock() - self.fingers.pop(finger(event)))
            return
        self.window.handle(event)


def run(app: App, window: Window, stop: Callable[[], bool], heartbeat: Callable[[], None] | None = None) -> bool:
    """Drive `app` until it quits or `stop()` says so. False if the window was closed."""
    loop = Loop(app, window, heartbeat)
    loop.start()
    try:
        while not app.quit and not stop():
            if not loop.step():
                return False
        return True
    finally:
        loop.stop()


def wake() -> None:
    pygame.event.post(pygame.event.Event(WAKE))


def drain(app: App, events: queue.Queue) -> None:  # type: ignore[type-arg]
    while True:
        try:
            item = events.get_nowait()
        except queue.Empty:
            return
        app.input(item)


def pointer(event: pygame.event.Event) -> tuple[int, int] | None:
    """Where a finger or mouse event happened, in window pixels (fingers come as fractions)."""
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
        width, height = pygame.display.get_surface().get_size()
        return int(event.x * width), int(event.y * height)
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        if getattr(event, "touch", False):
            return None  # SDL's copy of a touch (if its emulation is on): the finger event counts
        return int(event.pos[0]), int(event.pos[1])
    return None


def finger(event: pygame.event.Event) -> object:
    return ("finger", event.finger_id) if event.type in (pygame.FINGERDOWN, pygame.FINGERUP) else "mouse"
