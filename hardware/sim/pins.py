"""The mock table's GPIO pins: gpiozero's MockPWMPin, completed where the table needs it.

gpiozero's MockPin accepts a bounce time but ignores it ("XXX Need to implement this"), and records
neither PWM frequencies nor output changes for a listener. `TablePin` adds the three, so the same
`Button(bounce_time=...)`, `TonalBuzzer` and reset-line code runs against mock pins as on the Pi.
"""

from __future__ import annotations

from time import monotonic
from typing import Callable

from gpiozero.pins.mock import MockFactory, MockPWMPin


class TablePin(MockPWMPin):
    """A mock pin with working debounce, a frequency log and output listeners (wires)."""

    def __init__(self, factory: MockFactory, info: object) -> None:
        super().__init__(factory, info)
        self.frequencies: list[float | None] = []
        self.listeners: list[Callable[[float], None]] = []
        self._last_edge = -1e9

    # Debounce as gpiozero documents bounce_time: ignore changes for `bounce` s after a reported one.
    def _edge_reported(self) -> bool:
        if self._bounce is None:
            return True
        now = monotonic()
        if now - self._last_edge < self._bounce:
            return False
        self._last_edge = now
        return True

    def drive_high(self) -> None:
        assert self._function == "input"
        if self._change_state(True):
            if self._edges in ("both", "rising") and self._when_changed is not None and self._edge_reported():
                self._call_when_changed()

    def drive_low(self) -> None:
        assert self._function == "input"
        if self._change_state(False):
            if self._edges in ("both", "falling") and self._when_changed is not None and self._edge_reported():
                self._call_when_changed()

    def _set_frequency(self, value: float | None) -> None:
        super()._set_frequency(value)
        self.frequencies.append(value)

    def _change_state(self, value: bool | float) -> bool:
        changed = bool(super()._change_state(value))
        if changed and self._function == "output":
            for listener in list(self.listeners):
                listener(float(value))
        return changed


def mock_factory() -> MockFactory:
    """A fresh MockFactory whose every pin is a TablePin (one per test, one per GPIO chip)."""
    return MockFactory(pin_class=TablePin)
