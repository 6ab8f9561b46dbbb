"""`SeatButtons`: a seat's three buttons (previous, next, select) as gpiozero Buttons.

A press becomes a `ButtonPress` on the table's input queue when released; a press held for the
long-press time becomes one `ButtonPress(long=True)` ("back") and no short press.
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from gpiozero import Button

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
        self._held: set[str] = set()
        self._lock = threading.Lock()
        self.buttons: dict[str, Button] = {}
        try:
            for name in BUTTONS:
                pin = pins[name]
                button = Button(
                    f"GPIO{pin.line}",  # expander lines are GPIO<n> of the expander's own chip
                    pull_up=True,
                    bounce_time=bounce_s or None,
                    hold_time=long_press_s,
                    pin_factory=factories[pin.chip],
                )
                button.when_held = lambda name=name: self._on_held(name)
                button.when_released = lambda name=name: self._on_released(name)
                self.buttons[name] = button
        except Exception:
            self.close()
            raise

    @property
    def pressed(self) -> set[str]:
        return {name for name, button in self.buttons.items() if button.is_pressed}

    def is_held(self, name: str) -> bool:
        """True once a press of `name` has been reported as long (until it is released)."""
        with self._lock:
            return name in self._held

    def _on_held(self, name: str) -> None:
        with self._lock:
            self._held.add(name)
        self.events.put(ButtonPress(self.seat, name, long=True))

    def _on_released(self, name: str) -> None:
        with self._lock:
            if name in self._held:
                self._held.discard(name)
                return
        self.events.put(ButtonPress(self.seat, name))

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()
        self.buttons.clear()
