"""`kiosk run --mock --headless` with people at some seats prints each person's seat link on a line of
its own (`seat 1: http://…`), so a script can join; the link opens that seat's page."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx

from tests.waiting import PATIENCE

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_headless_people_get_one_line_each_with_their_seat_link(tmp_path):
    port = free_port()
    config = tmp_path / "table.toml"
    config.write_text(f"[web]\nport = {port}\nbind = [\"127.0.0.1\"]\n"
                      + "".join(f"[[seats]]\ndisplay.channel = {c}\n" for c in range(4)))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kiosk = subprocess.Popen([sys.executable, "-m", "kiosk.cli", "run", "--mock", "--headless", "--seats", "4",
                              "--bots", "2", "--config", str(config), "--data", str(tmp_path / "var")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert kiosk.stdout is not None
        lines = [kiosk.stdout.readline() for _ in range(3)]
        links = [line.strip() for line in lines if line.startswith("seat ")]
        assert [line.split(":", 1)[0] for line in links] == ["seat 1", "seat 2"]
        for line in links:
            assert re.fullmatch(rf"seat \d: http://127\.0\.0\.1:{port}/s/[A-Za-z0-9_-]{{22}}", line), line
        page = httpx.get(links[0].split(": ", 1)[1], timeout=PATIENCE)
        assert page.status_code == 200 and "phone.js" in page.text
    finally:
        kiosk.send_signal(signal.SIGTERM)
        out, err = kiosk.communicate(timeout=PATIENCE)
    assert kiosk.returncode == 0, err
    assert "resumes at the next start" in out
