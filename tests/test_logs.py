"""What the kiosk writes to the journal: one line per event, priorities journald reads, no cards."""

from __future__ import annotations

import logging
import signal


from kiosk import cli
from kiosk.commands import run as run_command
from kiosk.games.mystery_express.rules import load_rules
from kiosk.appliance.logs import OneLine


def record(message: str, level: int = logging.WARNING, exc_info=None) -> logging.LogRecord:
    return logging.LogRecord("hardware.reader", level, __file__, 1, message, (), exc_info)


def test_under_the_journal_a_line_carries_its_priority_and_no_time():
    assert OneLine(journal=True).format(record("reader main failed: timeout")) == "<4>hardware.reader: reader main failed: timeout"
    assert OneLine(journal=False).format(record("x", logging.INFO)).endswith("INFO hardware.reader: x")


def test_a_traceback_folds_into_one_line():
    try:
        raise ValueError("bad frame\nsecond line")
    except ValueError:
        import sys

        line = OneLine(journal=True).format(record("reader glitch", logging.ERROR, sys.exc_info()))
    assert "\n" not in line
    assert line.startswith("<3>hardware.reader: reader glitch (ValueError: bad frame | second line at test_logs.py:")


def test_a_headless_game_logs_its_life_in_single_lines_without_a_card(tmp_path, caplog, capsys):
    caplog.set_level(logging.INFO)
    code = cli.main(["run", "--mock", "--headless", "--seats", "4", "--seed", "5", "--data", str(tmp_path)])
    assert code == 0
    lines = [r.getMessage() for r in caplog.records]
    assert any(line.startswith("kiosk started: mock table, headless") for line in lines)
    assert "game 1 started: mystery-express, 4 seats, 4 played by bots, seed 5" in lines
    assert any(line.startswith("game 1 finished after ") for line in lines)
    faces = set(load_rules().element_names.values())  # every crime card's face, as players read it
    for line in lines:
        assert "\n" not in line
        assert not [face for face in faces if face in line], line


def test_sigterm_leaves_every_seat_screen_dark(tmp_path, monkeypatch, capsys):
    """The service is stopped mid-game: the store stays consistent and the seats go black."""
    built = []
    original = run_command.build_mock_table

    def keep(config):
        built.append(original(config))
        return built[-1]

    report = run_command.EventReporter.report

    def stop_mid_game(self, session, events):
        report(self, session, events)
        if session.actions_done == 12:
            signal.raise_signal(signal.SIGTERM)  # what systemd sends on `systemctl stop`

    monkeypatch.setattr(run_command, "build_mock_table", keep)
    monkeypatch.setattr(run_command.EventReporter, "report", stop_mid_game)
    previous = signal.getsignal(signal.SIGTERM)
    try:
        code = cli.main(["run", "--mock", "--headless", "--seats", "4", "--seed", "2", "--data", str(tmp_path)])
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert code == 0
    assert "Stopped; game 1 is kept" in capsys.readouterr().out
    mock = built[0]
    for seat in range(4):
        assert not any(mock.panel(seat).framebuffer()), f"seat {seat + 1} still lit"


def test_info_lines_go_to_the_journal_and_only_warnings_to_a_terminal(monkeypatch):
    from kiosk.appliance.logs import setup_logging

    root = logging.getLogger()
    saved = root.handlers[:]
    try:
        monkeypatch.setenv("JOURNAL_STREAM", "8:1234")
        setup_logging()
        assert [h.level for h in root.handlers if isinstance(h.formatter, OneLine)] == [logging.INFO]
        monkeypatch.delenv("JOURNAL_STREAM")
        setup_logging()
        assert [h.level for h in root.handlers if isinstance(h.formatter, OneLine)] == [logging.WARNING]
    finally:
        root.handlers[:] = saved
