"""The one loop of a kiosk with a touchscreen: it sleeps until something happens (a tap, a key, a
hardware input, a deadline) and draws only what changed.

Hardware threads put their inputs on the table's queue, whose `wake` wakes the loop at once. Where
SDL can block on its own events (X11, Wayland: the desktop simulator) the loop sleeps in
`pygame.event.wait`. Where it cannot (kmsdrm on the Pi, the dummy driver of the tests and the idle
benchmark), SDL's own wait would poll every millisecond, so the loop sleeps on the wake-up instead
and looks at SDL's events 20 times a second while people are using it (a tap waits at most 50 ms),
5 times a second once nothing has happened for a while (the tap that wakes an idle table waits at
most 200 ms): an idle table costs a fraction of a percent of a core.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Protocol

import pygame

from kiosk.ui.app import App

IDLE_WAKE = 1.0  # seconds: the watchdog's heartbeat and the table's retry of failed parts
TOUCH_POLL = 0.05  # seconds between looks at SDL's events where it cannot block on them
IDLE_POLL = 0.2  # ... once nothing has happened for QUIET seconds
QUIET = 10.0
NATIVE_WAIT = frozenset({"x11", "wayland", "windows", "cocoa"})  # SDL video drivers that block in wait
WAKE = pygame.event.custom_type()


class Window(Protocol):
    """Where the touchscreen is drawn: the whole display (the Pi), or part of the simulator window."""

    touch_area: pygame.Rect  # where the touchscreen's pixels lie in the window
    scale: float  # the display's pixels per drawn pixel (under 1: a simulator shrunk to fit the desktop)

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """Put the frame just drawn on the display: all of it, or only `rects` of the touchscreen
        (its own pixels), where nothing else changed."""

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
        # finger (or mouse) -> when and where it went down: for the hold, and for a swipe
        self.fingers: dict[object, tuple[float, tuple[int, int]]] = {}
        self.closed = False
        self.woken = threading.Event()
        self.last_input = time.monotonic()
        self.native_wait = (pygame.display.get_driver() if pygame.display.get_init() else "") in NATIVE_WAIT

    def start(self) -> None:
        self.app.table.events.wake = self.wake
        self.app.begin()

    def wake(self) -> None:
        """From a hardware thread: an input is on the queue."""
        self.woken.set()
        if self.native_wait:
            pygame.event.post(pygame.event.Event(WAKE))

    def stop(self) -> None:
        self.app.table.events.wake = None

    def step(self, limit: float = IDLE_WAKE) -> bool:
        """Sleep until an input or a deadline (at most `limit` seconds), handle it, draw what changed.
        False once the window has been closed."""
        waits = [w for w in (self.app.due(), self.window.due(), limit) if w is not None]
        for event in self.wait(min(waits)):
            if event.type == pygame.QUIT:
                self.closed = True
            else:
                self.dispatch(event)
        drain(self.app, self.app.table.events)
        self.app.pump()
        drew = self.app.screen.draw(self.clock())
        if self.window.draw():
            self.window.present()
        elif drew:
            self.window.present(self.app.screen.updated)
        if self.heartbeat is not None:
            self.heartbeat()
        return not self.closed

    def wait(self, seconds: float) -> list[pygame.event.Event]:
        """SDL's events, after sleeping until one comes, an input is queued, or `seconds` pass."""
        if self.native_wait:
            wait_ms = int(seconds * 1000)
            first = pygame.event.wait(wait_ms) if wait_ms > 0 else pygame.event.poll()  # wait(0) never returns
            return [e for e in (first, *pygame.event.get()) if e.type != pygame.NOEVENT]
        now = time.monotonic()
        end = now + seconds
        while True:
            events = pygame.event.get()
            if events or self.woken.is_set():
                self.last_input = now
            left = end - now
            if events or self.woken.is_set() or left <= 0:
                self.woken.clear()
                return events
            self.woken.wait(min(TOUCH_POLL if now - self.last_input < QUIET else IDLE_POLL, left))
            now = time.monotonic()

    def dispatch(self, event: pygame.event.Event) -> None:
        """A finger (SDL's touch events, with its mouse emulation off) or a mouse on the touchscreen is
        a tap; anything else is for the window's own controls."""
        position = pointer(event, self.window.scale)
        area = self.window.touch_area
        if event.type in (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN) and position is not None:
            if area.collidepoint(position) and not (event.type == pygame.MOUSEBUTTONDOWN and event.button != 1):
                down = (position[0] - area.left, position[1] - area.top)
                self.fingers[finger(event)] = (self.clock(), down)
                self.app.screen.tap(down, self.clock())
                return
        if event.type in (pygame.FINGERUP, pygame.MOUSEBUTTONUP) and finger(event) in self.fingers:
            went_down, down = self.fingers.pop(finger(event))
            if position is not None and self.app.screen.swipe(
                    down, (position[0] - area.left, position[1] - area.top), self.clock()):
                return
            self.app.hold(self.clock() - went_down)
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


def drain(app: App, events: queue.Queue) -> None:  # type: ignore[type-arg]
    while True:
        try:
            item = events.get_nowait()
        except queue.Empty:
            return
        app.input(item)


def pointer(event: pygame.event.Event, scale: float = 1.0) -> tuple[int, int] | None:
    """Where a finger or mouse event happened, in the pixels the window was drawn in (fingers come as
    fractions of the display; a display showing the drawing at `scale` is scaled back)."""
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
        surface = pygame.display.get_surface()
        if surface is None:
            return None  # no window: nowhere to place the finger
        width, height = surface.get_size()
        return int(event.x * width / scale), int(event.y * height / scale)
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        if getattr(event, "touch", False):
            return None  # SDL's copy of a touch (if its emulation is on): the finger event counts
        return int(event.pos[0] / scale), int(event.pos[1] / scale)
    return None


def finger(event: pygame.event.Event) -> object:
    return ("finger", event.finger_id) if event.type in (pygame.FINGERDOWN, pygame.FINGERUP) else "mouse"
