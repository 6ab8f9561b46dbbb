"""Benchmark: the touchscreen's costs.

1. CPU share of the running kiosk while it waits for players and nobody touches anything
   (`kiosk run --mock --game mystery-express --seats 3 --bots 0`, SDL's dummy video driver; on the
   mock table this includes the simulated PN532 answering the reader's polls and the phones' web
   server, each kiosk on a free port of its own). Three kiosks run at once, started one after the
   other; once the last has settled (SETTLE_SECONDS after its first frame: a kiosk works more in its
   first seconds), each one's CPU time over the same `--seconds` is read from the kernel's CPU clock
   of the whole process (every thread, those that ended too; nanoseconds, where /proc/PID/stat
   counts 10 ms ticks: the idle kiosk spends about 2 ms a second, so a few seconds of it were a
   handful of ticks). The figure is the median of the three: another figure than the one older
   scripts printed as "idle kiosk" (one kiosk at a time, from 2 s after its first frame, in ticks),
   which the first seconds' extra work and the ticks put higher. Next to it, a pygame loop redrawing the
   Mystery Express board at 60 fps for BUSY_SECONDS (in this process, by its CPU time).
2. Time to draw one frame of the Mystery Express board in the middle of a game, at each layout.
3. Time to draw one frame of the Mystery Express board during an animation (a Time reveal: its
   cards turn over one by one) at 800x480, as the touchscreen draws it: every frame the reveal asks
   for, at the moments it asks for them (`Touchscreen.draw`: a whole frame when the still part
   changes, else only the moving part over a copy of the still picture); the median, the mean (what
   the animation costs the CPU a frame) and the longest of those frames, by the wall clock and by
   the drawing thread's CPU clock.
4. Time from starting the kiosk to its first frame on the touchscreen (READY on a notify socket,
   which the kiosk sends once the hardware is up and the first frame is drawn).

    .venv/bin/python bench/ui.py [--seconds 20]
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from kiosk.bots.random_bot import RandomBot  # noqa: E402
from kiosk.games import registry  # noqa: E402
from kiosk.games.base import Event  # noqa: E402
from kiosk.referee.narration import narrator_for  # noqa: E402
from kiosk.ui.app import REVEAL_SECONDS  # noqa: E402
from kiosk.ui.boards import BoardContext, make_board  # noqa: E402
from kiosk.ui.boards.me_reveals import TimeReveal  # noqa: E402
from kiosk.ui.boards.mystery_express import MysteryExpressBoard  # noqa: E402
from kiosk.ui.layout import LAYOUTS  # noqa: E402
from kiosk.ui.paint import Painter  # noqa: E402
from kiosk.ui.scene import Touchscreen  # noqa: E402

KIOSK = [sys.executable, "-m", "kiosk.cli", "run", "--mock", "--game", "mystery-express", "--seats", "3", "--bots", "0"]
KIOSKS = 3  # idle kiosks measured at once
SETTLE_SECONDS = 5.0  # after the last kiosk's first frame, before the idle window
BUSY_SECONDS = 5.0  # of the 60 fps loop: 300 frames
ANIMATED = "800x480"  # the layout of the animated frame's figure (the Pi's touchscreen)


def cpu_seconds(pid: int) -> float:
    """The CPU time of process `pid`, all its threads: the clock clock_getcpuclockid(3) gives, made
    as the kernel makes it (MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED) in linux/posix-timers.h:
    Python has no clock_getcpuclockid)."""
    return time.clock_gettime(((~pid) << 3) | 2)


def table_config(data: str) -> str:
    """A table.toml for one idle kiosk: the example's defaults, the web server on a free port (kiosks
    measured at once, or another benchmark's, would not all get 8080)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    text, found = re.subn(r"(?m)^port = 8080\b", f"port = {port}", (ROOT / "table.example.toml").read_text())
    if found != 1:
        raise SystemExit("bench/ui.py: table.example.toml has no [web] line `port = 8080` to change")
    path = os.path.join(data, "table.toml")
    Path(path).write_text(text)
    return path


def started_kiosk(data: str) -> tuple[subprocess.Popen[bytes], float]:
    """The kiosk, and the seconds from its start to READY (its first frame)."""
    address = os.path.join(data, "notify.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(60)
    env = {**os.environ, "NOTIFY_SOCKET": address}
    config = table_config(data)
    began = time.perf_counter()
    process = subprocess.Popen([*KIOSK, "--data", data, "--config", config], env=env, cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not listener.recv(4096).startswith(b"READY=1"):
            pass
    except BaseException:  # no first frame within the minute (or interrupted): not left running
        process.terminate()
        process.wait(timeout=30)
        raise
    finally:
        listener.close()
    return process, time.perf_counter() - began


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
    """The idle kiosks' median share of a core over `seconds`, and each one's start to first frame."""
    starts: list[float] = []
    processes: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as scratch:
        try:
            for number in range(KIOSKS):
                data = os.path.join(scratch, str(number))
                os.mkdir(data)
                process, start = started_kiosk(data)
                processes.append(process)
                starts.append(start)
            time.sleep(SETTLE_SECONDS)
            before = [cpu_seconds(p.pid) for p in processes]
            began = time.perf_counter()
            time.sleep(seconds)
            used = [cpu_seconds(p.pid) - cpu for p, cpu in zip(processes, before)]
            elapsed = time.perf_counter() - began
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(timeout=30)
    return statistics.median(cpu / elapsed for cpu in used), starts


def mid_game_board() -> MysteryExpressBoard:
    """A Mystery Express board 40 actions into the game (reveals drawn at once)."""
    return played_board(0.0, lambda board, actions: actions >= 40)


def played_board(reveal_seconds: float, enough: Callable[[MysteryExpressBoard, int], bool]) -> MysteryExpressBoard:
    """A Mystery Express board fed like the table feeds it, a seeded 5-seat game of random bots played
    until `enough(board, actions played)`."""
    game = registry.get("mystery-express")
    state = game.start(5, 7, {})
    bots = {seat: RandomBot(seat, 7) for seat in range(5)}
    narrator = narrator_for("mystery-express", game.view(state, None))
    board = make_board(BoardContext("mystery-express", 5, narrator, lambda seat, action: None,
                                    frozenset({2, 3, 4}), reveal_seconds, game.info.resolve_options({})))
    assert isinstance(board, MysteryExpressBoard)
    actions = 0
    while not enough(board, actions):
        prompt = game.prompts(state)[0]
        events: list[Event] = game.apply(state, prompt.seat, bots[prompt.seat].choose(game.view(state, prompt.seat), prompt))
        for event in events:
            if event.audience is None:
                narrator.describe(event)
        board.observe([e for e in events if e.audience is None], 0.0)
        actions += 1
    prompts = [p for p in game.prompts(state) if not p.private]
    board.update(game.view(state, None), prompts, 0.0)
    return board


def animated_frames(layout: str = ANIMATED) -> tuple[list[float], list[float], int]:
    """The seconds of each frame of the first Time reveal of a seeded 5-seat game (reveals at the
    table's normal speed), drawn by a touchscreen at each moment the reveal asks for, by the wall
    clock and by the drawing thread's CPU clock (which counts no time the machine gave another
    process); and how many of them were drawn whole."""
    pygame.font.init()
    board = played_board(REVEAL_SECONDS["normal"], lambda board, _: any(isinstance(r, TimeReveal) for r in board.stage.reveals))
    reveal = next(r for r in board.stage.reveals if isinstance(r, TimeReveal))
    screen = Touchscreen(pygame.Surface(LAYOUTS[layout].size), "en")
    screen.show(board)
    now = reveal.start
    screen.draw(now)  # the reveal's first frame: the board changed, so it is drawn whole anyway
    times: list[float] = []
    cpu: list[float] = []
    whole = 0
    while (due := screen.due(now)) is not None and now + due < reveal.end:
        now += due
        began, began_cpu = time.perf_counter(), time.thread_time()
        screen.draw(now)
        cpu.append(time.thread_time() - began_cpu)
        times.append(time.perf_counter() - began)
        whole += screen.updated is None
    return times, cpu, whole


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
    parser.add_argument("--seconds", type=float, default=20.0, help="the idle kiosks' window")
    args = parser.parse_args()
    idle, starts = idle_and_start(args.seconds)
    busy = redrawing_at_60_fps(BUSY_SECONDS)
    print(f"idle kiosk, settled, by its CPU clock (waiting for 3 players, no input; median of {KIOSKS} at once, "
          f"{args.seconds:.0f} s each): {idle:.3%} of a core")
    print(f"the same board redrawn at 60 fps, the usual game loop: {busy:.2%} of a core"
          + (f" ({busy / idle:.0f}x the idle kiosk)" if idle > 0 else ""))
    print(f"start to first frame: median {statistics.median(starts):.2f} s over {len(starts)} starts "
          f"({', '.join(f'{s:.2f}' for s in starts)})")
    for name, seconds in frame_times().items():
        print(f"Mystery Express board, one frame at {name}: {seconds * 1000:.1f} ms")
    animated, cpu, whole = animated_frames()
    print(f"Mystery Express board during a Time reveal, one frame at {ANIMATED}: "
          f"median {statistics.median(animated) * 1000:.2f} ms, mean {statistics.mean(animated) * 1000:.2f} ms, "
          f"the longest {max(animated) * 1000:.1f} ms, over {len(animated)} frames ({whole} drawn whole)")
    print(f"  the same frames by the drawing thread's CPU clock: median {statistics.median(cpu) * 1000:.2f} ms, "
          f"mean {statistics.mean(cpu) * 1000:.2f} ms, the longest {max(cpu) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
