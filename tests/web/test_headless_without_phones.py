"""A headless mock table with people at some seats plays them on phones only: when the phone seats
cannot work (the port is taken, `[web]` has a mistake) it stops at once with exit 2 and one line that
says why and what to change, instead of waiting for ever (issue #30). A table.toml in the current
folder is read by `kiosk run --mock` as its help says."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.cli import main
from kiosk.config import ENV_VAR
from kiosk.store import GameStore
from tests.waiting import PATIENCE

ROOT = Path(__file__).resolve().parents[2]

SEATS = "".join(f"[[seats]]\ndisplay.channel = {c}\n" for c in range(4))


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen(1)
        yield int(other.getsockname()[1])


def run_with(config: Path, tmp_path: Path, *more: str) -> int:
    return main(["run", "--mock", "--headless", "--seats", "4", "--bots", "2", "--config", str(config),
                 "--data", str(tmp_path / "var"), *more])


def test_a_taken_port_stops_a_table_whose_people_need_phones(tmp_path: Path, taken_port: int,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "table.toml"
    config.write_text(f"[web]\nport = {taken_port}\n" + SEATS)
    assert run_with(config, tmp_path) == 2
    captured = capsys.readouterr()
    (line,) = captured.err.splitlines()  # one line, and nothing was played
    assert line.startswith(f"kiosk: web: cannot listen on 127.0.0.1 port {taken_port}: ")
    assert "2 seats are left to people" in line and f"free port {taken_port}, or set another [web] port" in line
    assert line.endswith("or let bots play every seat (--bots 4)")
    assert "seat 1:" not in captured.out and "played by bots" not in captured.out


def test_a_mistake_in_web_stops_it_too_naming_the_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "table.toml"
    config.write_text("[web]\nport = 0\n" + SEATS)
    assert run_with(config, tmp_path, "--bots", "3") == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("kiosk: table.toml: web.port: out of range, expected 1-65535, got 0; 1 seat is left to a person")
    assert "fix [web] in table.toml" in line


def test_the_same_table_with_every_seat_a_bot_plays(tmp_path: Path, taken_port: int,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "table.toml"
    config.write_text(f"[web]\nport = {taken_port}\n" + SEATS)
    assert main(["run", "--mock", "--headless", "--game", "mystery-city", "--seats", "2", "--seed", "4", "--config",
                 str(config), "--data", str(tmp_path / "var")]) == 0  # no phone needed: it never listens
    assert "2 played by bots" in capsys.readouterr().out


def test_a_broken_mqtt_section_does_not_stop_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      caplog: pytest.LogCaptureFixture) -> None:
    config = tmp_path / "table.toml"
    config.write_text('[mqtt]\nhost = "broker.local"\ntable_id = "table-1"\ntls = "yes"\n' + SEATS)
    caplog.set_level(logging.WARNING, "kiosk")
    assert main(["run", "--mock", "--headless", "--game", "mystery-city", "--seats", "2", "--seed", "4", "--config",
                 str(config), "--data", str(tmp_path / "var")]) == 0
    assert capsys.readouterr().out.rstrip().endswith("cards")  # played to the end
    (warning,) = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warning == ("[mqtt] is off, the table plays without it: table.toml: mqtt.tls: wrong type, expected true "
                       "or false, got 'yes'")


def test_run_mock_reads_the_table_toml_in_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "table.toml").write_text('language = "es"\ndata_dir = "here"\n' + SEATS)
    assert main(["run", "--mock", "--headless", "--game", "mystery-city", "--seats", "2", "--seed", "4"]) == 0
    assert capsys.readouterr().out.startswith("Mystery City: 2 puestos, 2 jugados por bots, semilla 4")  # its language
    assert (tmp_path / "here" / GameStore.FILENAME).is_file()  # and its data folder


def test_under_systemd_a_section_turned_off_is_a_warning_in_the_journal(tmp_path: Path) -> None:
    config = tmp_path / "table.toml"
    config.write_text('[mqtt]\nhost = "broker.local"\ntable_id = "table-1"\nport = "1883"\n' + SEATS)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JOURNAL_STREAM": "8:1234"}  # what systemd sets
    result = subprocess.run([sys.executable, "-m", "kiosk.cli", "run", "--mock", "--headless", "--game", "mystery-city",
                             "--seats", "2", "--seed", "4", "--config", str(config), "--data", str(tmp_path / "var")],
                            capture_output=True, text=True, env=env, timeout=PATIENCE)
    assert result.returncode == 0, result.stderr
    assert ("<4>kiosk: [mqtt] is off, the table plays without it: table.toml: mqtt.port: wrong type, expected an "
            "integer 1-65535, got '1883'") in result.stderr.splitlines()
