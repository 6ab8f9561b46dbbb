"""`Whistle`: the table's passive buzzer (gpiozero TonalBuzzer on a PWM pin).

Patterns play on a background thread so `play` returns at once and never blocks the game loop; a new
pattern cuts the one playing short.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from gpiozero import TonalBuzzer
from gpiozero.tones import Tone

log = logging.getLogger(__name__)

Note = tuple[str | None, float]  # (note name, or None for a rest; seconds)

PATTERNS: dict[str, tuple[Note, ...]] = {
    # The conductor's whistle: a fast trill between two high notes.
    "whistle": tuple((note, 0.04) for _ in range(8) for note in ("E6", "C6")) + ((None, 0.05),),
    "pass": (("G5", 0.07), (None, 0.03), ("C6", 0.1)),
    "your_turn": (("A5", 0.08), (None, 0.04), ("A5", 0.08)),
    "error": (("A3", 0.15), (None, 0.05), ("A3", 0.25)),
    "fanfare": (("C5", 0.12), ("E5", 0.12), ("G5", 0.12), ("C6", 0.3), (None, 0.08), ("G5", 0.1), ("C6", 0.45)),
    "beep": (("A5", 0.15),),
}


class Whistle:
    """`whistle.play("fanfare")` starts a pattern and returns; `tempo` > 1 plays it faster."""

    def __init__(self, pin: Any, *, pin_factory: Any = None, tempo: float = 1.0) -> None:
        self.buzzer = TonalBuzzer(pin, mid_tone=Tone("A5"), octaves=2, pin_factory=pin_factory)
        self.tempo = tempo
        self._lock = threading.Condition()
        self._queued: str | None = None
        self._playing: str | None = None
        self._generation = 0
        self._closed = False
        self.played: list[str] = []  # every pattern started, for the selftest and the log
        self._thread = threading.Thread(target=self._run, name="whistle", daemon=True)
        self._thread.start()

    def play(self, pattern: str) -> None:
        if pattern not in PATTERNS:
            raise ValueError(f"unknown whistle pattern {pattern!r}, expected one of {', '.join(PATTERNS)}")
        with self._lock:
            self._queued = pattern
            self._generation += 1
            self._lock.notify_all()

    def stop(self) -> None:
        with self._lock:
            self._queued = None
            self._generation += 1
            self._lock.notify_all()

    @property
    def is_playing(self) -> bool:
        with self._lock:
            return self._playing is not None or self._queued is not None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until nothing plays (for the selftest and tests, never the game). True if idle."""
        with self._lock:
            return self._lock.wait_for(lambda: self._playing is None and self._queued is None, timeout)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._queued = None
            self._generation += 1
            self._lock.notify_all()
        self._thread.join(timeout=2)
        self.buzzer.close()

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._closed or self._queued is not None)
                if self._closed:
                    return
                pattern, self._queued = self._queued, None
                self._playing = pattern
                generation = self._generation
                assert pattern is not None
                self.played.append(pattern)
            try:
                for note, seconds in PATTERNS[pattern]:
                    if note is None:
                        self.buzzer.stop()
                    else:
                        self.buzzer.play(Tone(note))
                    with self._lock:
                        if self._lock.wait_for(lambda: self._generation != generation, seconds / self.tempo):
                            break
            except Exception:  # a buzzer fault must never reach the game
                log.exception("whistle pattern %s failed", pattern)
            finally:
                try:
                    self.buzzer.stop()
                except Exception:
                    log.exception("whistle could not stop")
                with self._lock:
                    self._playing = None
                    self._lock.notify_all()
