"""The kiosk as a systemd service: READY and WATCHDOG on the notify socket, and a clean SIGTERM."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys

from kiosk.store import GameStore


def run_as_a_service(tmp_path, command: list[str], extra_env: dict[str, str]) -> tuple[str, str]:
    """Start the kiosk with a notify socket, read READY and two WATCHDOG pings, then SIGTERM it.
    Returns its first message and what it printed."""
    address = str(tmp_path / "notify.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(60)
    env = {**os.environ, "NOTIFY_SOCKET": address, **extra_env}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        messages: list[str] = []
        while sum(m.startswith("WATCHDOG=1") for m in messages) < 2:
            messages.append(listener.recv(4096).decode())
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
        listener.close()
    assert process.returncode == 0, err
    assert "Traceback" not in err
    return messages[0], out


def test_ready_watchdog_and_a_clean_stop_on_sigterm(tmp_path):
    data = tmp_path / "data"
    command = [sys.executable, "-m", "kiosk.cli", "run", "--mock", "--headless", "--seats", "5", "--seed", "1",
               "--data", str(data)]
    first, out = run_as_a_service(tmp_path, command, {"WATCHDOG_USEC": "200000"})
    assert first.startswith("READY=1\nSTATUS=playing game 1 (mystery-express, 5 seats)")
    assert "Stopped; game 1 is kept" in out
    store = GameStore.open(data)
    record = store.unfinished()
    assert record is not None and store.notice is None  # consistent, and resumable
    done = len(store.actions(record.id))
    store.close()
    resumed = subprocess.run(command, env={**os.environ, "NOTIFY_SOCKET": ""}, capture_output=True, text=True,
                             timeout=120)
    assert resumed.returncode == 0 and resumed.stdout.startswith(f"Resuming game 1 after {done} actions.")


def test_the_touchscreen_kiosk_is_ready_after_its_first_frame_and_stops_on_sigterm(tmp_path):
    """The service as on the Pi, with SDL's dummy driver standing in for kmsdrm."""
    command = [sys.executable, "-m", "kiosk.cli", "run", "--mock", "--data", str(tmp_path / "data")]
    first, _ = run_as_a_service(
        tmp_path, command, {"WATCHDOG_USEC": "2000000", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert first.startswith("READY=1\nSTATUS=touchscreen up")


def test_outside_systemd_the_notifier_does_nothing(monkeypatch):
    from kiosk.appliance.service import ServiceNotifier

    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    notifier = ServiceNotifier()
    assert notifier.interval is None
    notifier.ready("up")
    notifier.tick()
    notifier.stopping()


def test_watchdog_pings_at_half_the_interval(monkeypatch, tmp_path):
    from kiosk.appliance.service import ServiceNotifier

    address = str(tmp_path / "n.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(1)
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")  # 10 s: a ping every 5 s
    now = [100.0]
    notifier = ServiceNotifier(clock=lambda: now[0])
    notifier.tick()
    now[0] += 4.0
    notifier.tick()
    now[0] += 1.5
    notifier.tick()
    pings = []
    listener.setblocking(False)
    while True:
        try:
            pings.append(listener.recv(100).decode())
        except BlockingIOError:  # nothing more was sent
            break
    listener.close()
    assert pings == ["WATCHDOG=1", "WATCHDOG=1"]  # at 100 s and at 105.5 s, not at 104 s
