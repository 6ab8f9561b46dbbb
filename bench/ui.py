"""Benchmark: the touchscreen's costs.

1. CPU share of the running kiosk while it waits for players and nobody touches anything
   (`kiosk run --mock --game mystery-express --seats 3 --bots 0`, SDL's dummy video driver, the
   process's own CPU time from /proc/PID/stat; on the mock table this includes the simulated PN532
   answering the reader's polls), next to
   a pygame loop redrawing the Mystery Express board at 60 fps (in this process, by its CPU time).
2. Time to draw one frame of the Mystery Express board in the middle of a game, at each layout.
3. Time from starting the kiosk to its first frame on the touchscreen (READY on a notify socket,
   which the kiosk sends once the hardware is up and the first frame is drawn).

    .venv/bin/python bench/ui.py [--seconds 30]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from kiosk.bots.random_bot import RandomBot  # noqa: E402
from kiosk.games import registry  # noqa: E402
from kiosk.games.base import Event  # noqa: E402
from kiosk.referee.narration import narrator_for  # noqa: E402
from kiosk.ui.boards import BoardContext, make_board  # noqa: E402
from kiosk.ui.layout import LAYOUTS  # noqa: E402
from kiosk.ui.paint import Painter  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
KIOSK = [sys.executable, "-m", "kiosk.cli", "run", "--mock", "--game", "mystery-express", "--seats", "3", "--bots", "0"]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def started_kiosk(data: str) -> tuple[subprocess.Popen[bytes], float]:
    """The kiosk, and the seconds from its start to READY (its first frame)."""
    address = os.path.join(data, "notify.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(60)
    env = {**os.environ, "NOTIFY_SOCKET": address}
    began = time.perf_counter()
    process = subprocess.Popen([*KIOSK, "--data", data], env=env, cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not listener.recv(4096).startswith(b"READY=1"):
            pass
    finally:
        listener.close()
    return process, time.perf_counter() - began


def share_of_a_core(pid: int, seconds: float) -> float:
    before = cpu_seconds(pid)
    time.sleep(seconds)
    return (cpu_seconds(pid) - before) / seconds


def redrawing_at_60_fps(seconds: float) -> float:
    """The usual game loop, for comparison: the same board drawn and flipped 60 times a second."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((800, 480))
    board = mid_game_board()
    clock = pygame.time.Clock()
    began, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - began < seconds:
        pygame.event.pump()
        board.draw(Painter(screen, LAYOUTS["800x480"], board.theme, "en"), 1000.0)
        pygame.display.flip()
        clock.tick(60)
    share = (time.process_time() - cpu) / (time.perf_counter() - began)
    pygame.display.quit()
    return share


def idle_and_start(seconds: float) -> tuple[float, list[float]]:
    starts, idles = [], []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as data:
            process, start = started_kiosk(data)
            starts.append(start)
            try:
                time.sleep(2)  # settled: seats drawn, reader polling
                idles.append(share_of_a_core(process.pid, seconds))
            finally:
                process.terminate()
                process.wait(timeout=30)
    return statistics.median(idles), starts


def mid_game_board() -> Any:
    """A Mystery Express board fed like the table feeds it, 40 actions into a seeded 5-seat game."""
    game = registry.get("mystery-express")
    state = game.start(5, 7, {})
    bots = {seat: RandomBot(seat, 7) for seat in range(5)}
    narrator = narrator_for("mystery-express", game.view(state, None))
    board = make_board(BoardContext("mystery-express", 5, narrator, lambda seat, action: None,
                                    frozenset({2, 3, 4}), 0.0, game.info.resolve_options({})))
    for _ in range(40):
        prompt = game.prompts(state)[0]
        events: list[Event] = game.apply(state, prompt.seat, bots[prompt.seat].choose(game.view(state, prompt.seat), prompt))
        for event in events:
            if event.audience is None:
                narrator.describe(event)
        board.observe([e for e in events if e.audience is None], 0.0)
    prompts = [p for p in game.prompts(state) if not p.private]
    board.update(game.view(state, None), prompts, 0.0)
    return board


def frame_times(frames: int = 60) -> dict[str, float]:
    pygame.font.init()
    board = mid_game_board()
    times = {}
    for name, layout in LAYOUTS.items():
        surface = pygame.Surface(layout.size)
        samples = []
        for i in range(frames):
            painter = Painter(surface, layout, board.theme, "es" if i % 2 else "en")
            began = time.perf_counter()
            board.draw(painter, 1000.0)
            samples.append(time.perf_counter() - began)
        times[name] = statistics.median(samples)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    idle, starts = idle_and_start(args.seconds)
    busy = redrawing_at_60_fps(args.seconds)
    print(f"idle kiosk (waiting for 3 players, no input; median of 3 runs of {args.seconds:.0f} s): {idle:.2%} of a core")
    print(f"the same board redrawn at 60 fps, the usual game loop: {busy:.2%} of a core"
          + (f" ({busy / idle:.0f}x the idle kiosk)" if idle > 0 else ""))
    print(f"start to first frame: median {statistics.median(starts):.2f} s over {len(starts)} starts "
          f"({', '.join(f'{s:.2f}' for s in starts)})")
    for name, seconds in frame_times().items():
        print(f"Mystery Express board, one frame at {name}: {seconds * 1000:.1f} ms")


if __name__ == "__main__":
    main()
