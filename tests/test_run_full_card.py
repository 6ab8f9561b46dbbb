"""`kiosk run` on a card that fills up (a real tmpfs): it never exits, says why, and goes on by itself
once there is room again, headless and with the touchscreen (SDL's dummy driver)."""

from __future__ import annotations

import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

from kiosk.store import GameStore
from tests.card_support import card, fill  # noqa: F401 (card: a fixture)
from tests.waiting import PATIENCE, eventually


class Lines:
    """A stream of the kiosk's, read on a thread so that the test can wait for a line with a safety net."""

    def __init__(self, stream: IO[str]) -> None:
        self.seen: list[str] = []
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self._lines.put(line) for line in stream], daemon=True).start()

    def wait_for(self, text: str) -> None:
        end = time.monotonic() + PATIENCE
        while not any(text in line for line in self.seen):
            self.seen.append(self._lines.get(timeout=max(0.1, end - time.monotonic())))


def stored_actions(data: Path) -> int:
    with sqlite3.connect(data / GameStore.FILENAME) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


def kiosk(args: list[str], **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "kiosk.cli", "run", "--mock", *args],
                            env={**os.environ, "NOTIFY_SOCKET": "", **env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_headless_kiosk_waits_for_room_to_start_its_game_and_plays_it(card: Path) -> None:
    data = card / "data"
    GameStore.open(data).close()
    filler = fill(card)
    process = kiosk(["--headless", "--seats", "4", "--seed", "1", "--data", str(data)])
    try:
        out = Lines(process.stdout)  # type: ignore[arg-type]
        out.wait_for("The SD card is full")
        assert process.poll() is None
        filler.unlink()
        out.wait_for("Saving works again")
        assert process.wait(timeout=PATIENCE) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert "Traceback" not in process.stderr.read()  # type: ignore[union-attr]
    store = GameStore.open(data)
    assert [g.finished is not None for g in store.games()] == [True]


def test_touchscreen_kiosk_keeps_running_on_a_full_card_and_goes_on_by_itself(card: Path) -> None:
    data = card / "data"
    process = kiosk(["--game", "mystery-express", "--seats", "4", "--bots", "4", "--bot-pause", "0.5",
                     "--data", str(data)], SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        err = Lines(process.stderr)  # type: ignore[arg-type]
        assert eventually(lambda: (data / GameStore.FILENAME).exists() and stored_actions(data) >= 2, step=0.1)
        filler = fill(card)
        err.wait_for("the store cannot write")
        before = stored_actions(data)
        assert process.poll() is None  # no traceback, no exit: the table waits
        filler.unlink()
        err.wait_for("the store writes again")
        assert eventually(lambda: stored_actions(data) > before, step=0.1)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=PATIENCE) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert not any("Traceback" in line for line in err.seen)
