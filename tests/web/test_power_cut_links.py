"""A phone-only seat's link outlives a power cut (issue 37): a seven-player Watson & Holmes game at a
table of three stations and four phone-only seats (`--phone-seats 4`), the person on a phone-only
seat in headless Chromium, the kiosk killed with SIGKILL mid-game and started again: it resumes the
game, and the page that stayed open reconnects by itself and plays it to its end on the same link.
The store keeps the link's digest, never the link."""

from __future__ import annotations

import hashlib
import os
import queue
import random
import re
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import httpx
from selenium.webdriver.common.by import By

from tests.waiting import PATIENCE, eventually
from tests.web.browser_support import buttons, chromium, shot, tap_a_choice
from tests.web.test_headless_links import free_port

ROOT = Path(__file__).resolve().parents[2]
GAME_OVER = "The game is over"


class Kiosk:
    """`kiosk run` in a process of its own, its output read line by line as it comes."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        env = {key: value for key, value in os.environ.items() if key != "MYSTERY_TABLE_CONFIG"}
        env["PYTHONPATH"] = str(ROOT)
        self.process = subprocess.Popen([sys.executable, "-m", "kiosk.cli", "run", *args], cwd=cwd, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.out: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def line(self, pattern: str) -> re.Match[str]:
        """The next line of output that matches `pattern` (the lines before it are kept in `out`)."""
        while True:
            try:
                line = self.lines.get(timeout=PATIENCE)
            except queue.Empty:
                raise AssertionError(f"no line matching {pattern!r} in: {''.join(self.out)}") from None
            self.out.append(line)
            found = re.search(pattern, line)
            if found:
                return found


def page_text(browser) -> str:
    return browser.find_element(By.ID, "seat").text


def offline(browser) -> bool:
    return "shown" in (browser.find_element(By.ID, "bar").get_attribute("class") or "")


def test_a_phone_only_seat_plays_seven_player_watson_holmes_through_a_power_cut_on_one_link(tmp_path):
    port = free_port()
    args = ["--mock", "--headless", "--game", "watson-holmes", "--seats", "7", "--phone-seats", "4", "--bots", "6",
            "--bot-pause", "0", "--seed", "7", "--port", str(port), "--data", str(tmp_path / "var")]
    kiosk = Kiosk(args, tmp_path)
    rng = random.Random(3)
    try:
        link = kiosk.line(r"^seat (\d): (\S+)$")
        assert link.group(1) == "7", kiosk.out  # the person sits at a phone-only seat (the stations are 1-3)
        url = link.group(2)
        token = url.rsplit("/", 1)[1]
        with chromium(390, 844) as browser:
            browser.get(url)
            taps = 0

            def tapped() -> bool:
                nonlocal taps
                if tap_a_choice(browser, rng):
                    taps += 1
                return taps >= 4

            assert eventually(tapped), page_text(browser)
            shot(browser, "power-cut-before")
            store = sqlite3.connect(tmp_path / "var" / "games.sqlite")
            try:
                kept = store.execute("SELECT seat, digest FROM seat_links").fetchall()
            finally:
                store.close()
            assert (6, hashlib.sha256(token.encode()).hexdigest()) in kept
            assert token.encode() not in (tmp_path / "var" / "games.sqlite").read_bytes()

            kiosk.process.kill()  # the power cut
            kiosk.process.wait(timeout=PATIENCE)
            assert kiosk.process.stderr is not None
            assert token not in kiosk.process.stderr.read()
            assert eventually(lambda: offline(browser))  # the page knows, and keeps trying

            kiosk = Kiosk(args, tmp_path)
            resumed = kiosk.line(r"^Resuming game \d+ after (\d+) actions?\.$")
            assert int(resumed.group(1)) >= taps  # mid-game: the person's choices, the bots' around them
            fresh = kiosk.line(r"^seat 7: (\S+)$").group(1)
            assert fresh != url  # the old link is known by its digest only: the table shows a new one beside it
            assert httpx.get(url, timeout=PATIENCE).status_code == 200  # the old link still opens the seat
            assert eventually(lambda: not offline(browser) and bool(buttons(browser))), page_text(browser)
            shot(browser, "power-cut-after")

            taps_after = 0

            def played_to_the_end() -> bool:
                nonlocal taps_after
                taps_after += tap_a_choice(browser, rng)
                return GAME_OVER in page_text(browser)

            assert eventually(played_to_the_end), page_text(browser)
            assert taps_after >= 1  # the same page played the resumed game
            shot(browser, "power-cut-game-over")
        kiosk.process.wait(timeout=PATIENCE)
        assert kiosk.process.returncode == 0
        kiosk.line(r"points?$")  # the headless table printed the scores
        assert token not in kiosk.process.stderr.read()  # type: ignore[union-attr]
        store = sqlite3.connect(tmp_path / "var" / "games.sqlite")
        try:
            assert store.execute("SELECT COUNT(*) FROM seat_links").fetchone() == (0,)  # the link died with its game
        finally:
            store.close()
    finally:
        if kiosk.process.poll() is None:
            kiosk.process.kill()
            kiosk.process.wait(timeout=PATIENCE)
