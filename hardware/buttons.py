"""`SeatButtons`: a seat's three buttons (previous, next, select) as gpiozero input devices.

A press becomes a `ButtonPress` on the table's input queue when released; a press held for the
long-press time becomes one `ButtonPress(long=True)` ("back") and no short press.

The long press is timed here, by a timer started at each press, rather than by gpiozero's
`Button.hold_time`: every gpiozero `Button` keeps a thread that wakes ten times a second to look for
a hold, which for 21 buttons is most of what an idle table would spend. With a timer per press, an
idle table's buttons cost nothing.
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from gpiozero import DigitalInputDevice

from hardware.events import ButtonPress
from hardware.pinmap import BUTTONS, PinRef


class SeatButtons:
    def __init__(
        self,
        seat: int,
        pins: dict[str, PinRef],
        events: queue.Queue,
        *,
        factories: dict[str, Any],
        bounce_s: float = 0.02,
        long_press_s: float = 0.7,
    ) -> None:
        self.seat = seat
        self.events = events
        self.pins = pins
        self.long_press_s = long_press_s
        self._held: set[str] = set()
        self._timers: dict[str, threading.Timer] = {}
        self._lock = threading.Lock()
        self.buttons: dict[str, DigitalInputDevice] = {}
        try:
            for name in BUTTONS:
                pin = pins[name]
                button = DigitalInputDevice(
                    f"GPIO{pin.line}",  # expander lines are GPIO<n> of the expander's own chip
                    pull_up=True,
                    bounce_time=bounce_s or None,
                    pin_factory=factories[pin.chip],
                )
                button.when_activated = lambda name=name: self._on_pressed(name)
                button.when_deactivated = lambda name=name: self._on_released(name)
                self.buttons[name] = button
        except Exception:
            self.close()
            raise

    @property
    def pressed(self) -> set[str]:
        return {name for name, button in self.buttons.items() if button.is_active}

    def is_held(self, name: str) -> bool:
        """True once a press of `name` has been reported as long (until it is released)."""
        with self._lock:
            return name in self._held

    def _on_pressed(self, name: str) -> None:
        timer = threading.Timer(self.long_press_s, self._on_held, (name,))
        timer.daemon = True
        with self._lock:
            previous = self._timers.pop(name, None)
            self._timers[name] = timer
        if previous is not None:
            previous.cancel()
        timer.start()

    def _on_held(self, name: str) -> None:
        with self._lock:
            if self._timers.pop(name, None) is None:
                return  # released just now: the release counted it as a short press
            self._held.add(name)
        self.events.put(ButtonPress(self.seat, name, long=True))

    def _on_released(self, name: str) -> None:
        with self._lock:
            timer = self._timers.pop(name, None)
            long = name in self._held
            self._held.discard(name)
        if timer is not None:
            timer.cancel()
        if not long:
            self.events.put(ButtonPress(self.seat, name))

    def close(self) -> None:
        with self._lock:
            timers, self._timers = list(self._timers.values()), {}
        for timer in timers:
            timer.cancel()
        for button in self.buttons.values():
            button.close()
        self.buttons.clear()
