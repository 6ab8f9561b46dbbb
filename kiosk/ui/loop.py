"""The one loop of a kiosk with a touchscreen: it sleeps until something happens (a tap, a key, a
hardware input, a deadline) and draws only what changed.

Hardware threads put their inputs on the table's queue, whose `wake` wakes the loop at once. Where
SDL can block on its own events (X11, Wayland: the desktop simulator) the loop sleeps in
`pygame.event.wait`. Where it cannot (kmsdrm on the Pi, the dummy driver of the tests and the idle
benchmark), SDL's own wait would poll every millisecond, so the loop sleeps in one `select` on what
can wake it (`Waker`): a queued input, and the input devices SDL reads. On kmsdrm those are the
touchscreen's evdev nodes (/dev/input/event*, which the service user's input group may read): the
loop reads its own copy of their events only to wake, and takes the taps from SDL. The dummy driver
has no input device. So an idle table wakes only for its deadlines (the watchdog's heartbeat, once a
second). Where the loop cannot watch SDL's devices (another driver, no evdev node it may open) it
looks at SDL's events 20 times a second while people are using it (a tap waits at most 50 ms), 5
times a second once nothing has happened for a while (the tap that wakes an idle table waits at most
200 ms). A device plugged in after the start is not watched: its first tap waits for the next
deadline (at most a second).
"""

from __future__ import annotations

import glob
import os
import queue
import select
import time
import weakref
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from kiosk.ui.app import App

IDLE_WAKE = 1.0  # seconds: the watchdog's heartbeat and the table's retry of failed parts
TOUCH_POLL = 0.05  # seconds between looks at SDL's events where it cannot block on them
IDLE_POLL = 0.2  # ... once nothing has happened for QUIET seconds
QUIET = 10.0
NATIVE_WAIT = frozenset({"x11", "wayland", "windows", "cocoa"})  # SDL video drivers that block in wait
EVDEV_DRIVERS = frozenset({"kmsdrm"})  # SDL reads the input devices' evdev nodes itself
NO_INPUT_DRIVERS = frozenset({"dummy", "offscreen"})  # SDL has no input device at all
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


class Sleeper(Protocol):
    """What the loop sleeps on between looks at SDL's events (`Waker`; a test's own, on a fake clock)."""

    watches_input: bool  # it wakes when SDL has input: no need to look at SDL's events on a timer

    def set(self) -> None: ...

    def is_set(self) -> bool: ...

    def clear(self) -> None: ...

    def wait(self, timeout: float) -> None: ...


class Waker:
    """Sleeps until `set` (from any thread: an input was queued), one of `devices` (file descriptors
    of SDL's input devices) has something to read, or `wait`'s timeout: one `select` on a pipe and
    the devices. Each device's bytes are read and dropped (SDL reads its own copy). `devices` None:
    SDL's input cannot be watched here (`watches_input` is False: the loop looks on a timer)."""

    def __init__(self, devices: Sequence[int] | None) -> None:
        self.watches_input = devices is not None
        self.devices = list(devices or ())
        self._read, self._write = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(self._write, False)
        self._set = False
        weakref.finalize(self, close_all, [self._read, self._write, *self.devices])

    def set(self) -> None:
        self._set = True
        try:
            os.write(self._write, b"!")
        except BlockingIOError:  # the pipe is full of wake-ups already
            pass

    def is_set(self) -> bool:
        return self._set

    def clear(self) -> None:
        self._set = False  # before the pipe is emptied: a `set` in between keeps its flag
        read_away(self._read)

    def wait(self, timeout: float) -> None:
        ready, _, _ = select.select([self._read, *self.devices], [], [], max(0.0, timeout))
        for device in ready:
            if device != self._read and not read_away(device):
                self.devices.remove(device)  # unplugged: SDL notices too


def read_away(descriptor: int) -> bool:
    """Read and drop what a non-blocking file descriptor holds; False if it is gone."""
    try:
        while os.read(descriptor, 4096):
            pass
    except BlockingIOError:
        return True
    except OSError:
        return False
    return True


def close_all(descriptors: list[int]) -> None:
    for descriptor in descriptors:
        try:
            os.close(descriptor)
        except OSError:
            pass


def input_devices(driver: str) -> list[int] | None:
    """The file descriptors that have something to read when SDL has input, for SDL's `driver`: the
    evdev nodes under kmsdrm (those the kiosk may open), none for a driver without input; None where
    the loop cannot know (another driver, or no node it may open): it then looks on a timer."""
    if driver in NO_INPUT_DRIVERS:
        return []
    if driver not in EVDEV_DRIVERS:
        return None
    devices = []
    for path in sorted(glob.glob("/dev/input/event*")):
        try:
            devices.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        except OSError:  # not ours to read: SDL may still read it, so this loop cannot rely on the others
            close_all(devices)
            return None
    return devices or None


class Loop:
    def __init__(self, app: App, window: Window, heartbeat: Callable[[], None] | None = None,
                 clock: Callable[[], float] = time.monotonic, sleeper: Sleeper | None = None,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.window = window
        self.heartbeat = heartbeat
        self.clock = clock
        self.monotonic = monotonic  # the sleeps' clock (a test's may be fake, as `sleeper` is)
        # finger (or mouse) -> when and where it went down: for the hold, and for a swipe
        self.fingers: dict[object, tuple[float, tuple[int, int]]] = {}
        self.closed = False
        driver = pygame.display.get_driver() if pygame.display.get_init() else ""
        self.native_wait = driver in NATIVE_WAIT
        self.woken: Sleeper = sleeper or Waker(input_devices(driver) if not self.native_wait else [])
        self.last_input = monotonic()

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
        now = self.monotonic()
        end = now + seconds
        while True:
            events = pygame.event.get()
            if events or self.woken.is_set():
                self.last_input = now
            left = end - now
            if events or self.woken.is_set() or left <= 0:
                self.woken.clear()
                return events
            if self.woken.watches_input:
                self.woken.wait(left)
            else:
                self.woken.wait(min(TOUCH_POLL if now - self.last_input < QUIET else IDLE_POLL, left))
            now = self.monotonic()

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
