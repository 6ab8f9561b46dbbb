"""Benchmark: from an input to the last byte of the affected seat screens, over a whole game.

Two people (scripted: they press next/previous to a random choice, then select) and two bots play
Mystery Express on the mock table. For every input the loop handles (a button press, or a bot's
turn) it measures the loop's own time until every seat screen is redrawn, and the bytes that
crossed the (byte-counting) I2C bus; bus time is those bytes at 400 kHz (9 clocks per byte).

    .venv/bin/python bench/table.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hardware.events import ButtonPress  # noqa: E402
from hardware.mock import build_mock_table  # noqa: E402
from kiosk.bots.random_bot import AIMLESS, RandomBot  # noqa: E402
from kiosk.narration import narrator_for  # noqa: E402
from kiosk.seats.mystery_express import MysteryExpressPages  # noqa: E402
from kiosk.session import GameSession  # noqa: E402
from kiosk.store import GameStore  # noqa: E402
from kiosk.table import Referee  # noqa: E402

BUS_HZ = 400_000
HUMANS = (0, 1)


def one_game(seed: int, samples: list[tuple[float, int]]) -> None:
    mock = build_mock_table(seats=4, start_reader=False)
    bus = mock.backend.bus
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as data:
        store = GameStore.open(Path(data))
        session = GameSession.start(store, "mystery-express", 4, seed, {}, bots=[2, 3])
        narrator = narrator_for("mystery-express", session.game.view(session.state, None))
        referee = Referee(
            session, mock.table, lambda seat: MysteryExpressPages(narrator, "en"),
            {seat: RandomBot(seat, seed) for seat in (2, 3)}, bot_delay=0.0, reveal_seconds=0.0,
        )

        def measured(step) -> None:
            before = bus.bytes_sent
            started = time.perf_counter()
            step()
            samples.append((time.perf_counter() - started, bus.bytes_sent - before))

        try:
            while not session.over:
                seat = next((s for s in HUMANS if referee.controllers[s].prompt is not None), None)
                if seat is None:
                    measured(lambda: referee.pump(timeout=0.0))
                    continue
                controller = referee.controllers[seat]
                if controller.reveals or controller.mode != "prompt":
                    measured(lambda: referee.handle(ButtonPress(seat, "select")))
                    continue
                actions = controller.prompt.actions
                wanted = [i for i, a in enumerate(actions) if a.kind not in AIMLESS] or list(range(len(actions)))
                target = rng.choice(wanted)
                while controller.index != target:
                    measured(lambda: referee.handle(ButtonPress(seat, "next")))
                measured(lambda: referee.handle(ButtonPress(seat, "select")))
        finally:
            store.close()
            mock.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    samples: list[tuple[float, int]] = []
    for seed in range(args.games):
        one_game(seed, samples)
    cpu = [s[0] * 1000 for s in samples]
    bus = [s[1] * 9 / BUS_HZ * 1000 for s in samples]
    total = [c + b for c, b in zip(cpu, bus, strict=True)]
    print(f"Input to last byte on the seat screens, {len(samples)} inputs over {args.games} games (ms)")
    print(f"{'':>22} {'median':>8} {'p99':>8}")
    for name, values in (("loop (CPU)", cpu), ("I2C bus at 400 kHz", bus), ("total", total)):
        print(f"{name:>22} {statistics.median(values):>8.2f} {percentile(values, 0.99):>8.2f}")
    print(f"bytes per input: median {statistics.median(s[1] for s in samples):.0f}, "
          f"full 4-seat refresh would be {4 * 1024}")


if __name__ == "__main__":
    main()
