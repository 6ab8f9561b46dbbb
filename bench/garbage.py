"""Python's garbage collections on the referee's loop: how many met an input half-way, and how many ran
between inputs (kiosk/appliance/garbage.py asks for them there).

A collection in the middle of an input delays every seat screen of that input by its length; between
inputs it delays nothing. The table is played as `bench/table.py` plays it (scripted people at every
seat, a user-space mux), and each collection on the loop's thread is counted by where it ran, with its
CPU time. The counts are the figure (the times only say what each cost on this machine): the same
seeds make the same objects, so two commits compare by count.
Run: `.venv/bin/python bench/garbage.py [--game G] [--seats N] [--games K]`.
"""

from __future__ import annotations

import argparse
import gc
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.table import BUS_HZ, Sample, one_game  # noqa: E402
from kiosk.games import registry  # noqa: E402
from kiosk.referee.table import Referee  # noqa: E402


class Collections:
    """The loop thread's collections, by generation and by whether an input was being handled."""

    def __init__(self) -> None:
        self.loop = threading.get_ident()
        self.handling = False
        self.count: Counter[tuple[bool, int]] = Counter()
        self.seconds: Counter[tuple[bool, int]] = Counter()
        self.inputs = 0
        self.met: set[int] = set()  # the inputs (by number) that met one
        self._began = 0.0

    def callback(self, phase: str, info: dict[str, Any]) -> None:
        if threading.get_ident() != self.loop:
            return
        if phase == "start":
            self._began = time.thread_time()
            return
        where = (self.handling, info["generation"])
        self.count[where] += 1
        self.seconds[where] += time.thread_time() - self._began
        if self.handling:
            self.met.add(self.inputs)

    def watch(self, name: str) -> None:
        """Count `Referee.<name>` (an input, or the loop's pump of bots and timers) as handling."""
        handle = getattr(Referee, name)

        def watched(referee: Referee, *args: Any, **kwargs: Any) -> Any:
            self.handling, self.inputs = True, self.inputs + 1
            try:
                return handle(referee, *args, **kwargs)
            finally:
                self.handling = False

        setattr(Referee, name, watched)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="watson-holmes", choices=registry.ids())
    parser.add_argument("--seats", type=int, default=7)
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    seen = Collections()
    seen.watch("handle")
    seen.watch("pump")
    gc.callbacks.append(seen.callback)
    samples: list[Sample] = []
    for seed in range(args.games):
        one_game(args.game, args.seats, args.seats, seed, BUS_HZ, samples, mux="user")
    gc.callbacks.remove(seen.callback)
    print(f"{args.game}, {args.seats} seats, {args.seats} people, {args.games} games, {seen.inputs} inputs "
          f"(presses and the loop's pumps): garbage collections on the referee's loop, gc thresholds {gc.get_threshold()}")
    print(f"{'generation':>10} {'mid-input':>10} {'between':>8} {'ms each, mid':>13} {'ms each, between':>17}")
    for generation in range(3):
        mid, between = (True, generation), (False, generation)
        each = [seen.seconds[w] / seen.count[w] * 1e3 if seen.count[w] else 0.0 for w in (mid, between)]
        print(f"{generation:>10} {seen.count[mid]:>10} {seen.count[between]:>8} {each[0]:>13.2f} {each[1]:>17.2f}")
    print(f"inputs that met a collection half-way: {len(seen.met)} of {seen.inputs}")


if __name__ == "__main__":
    main()
