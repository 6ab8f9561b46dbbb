"""A real Mosquitto broker for the tests: the distribution's `mosquitto` on a free loopback port,
with a generated config and password file (`mosquitto_passwd`), stopped after the test; and a
listener that records every message it hears (retained ones included)."""

from __future__ import annotations

import json
import re
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import paho.mqtt.publish as paho_publish
import pytest

from tests.waiting import eventually

ROOT = Path(__file__).resolve().parent.parent
MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"  # Debian puts it in sbin, off a user's PATH
USERS = {"table-1": "secret-one", "table-2": "secret-two", "owner": "owner-pass",
         "ha-viewer": "viewer-pass", "ha-control": "control-pass"}  # the README's read-only and controlling users


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Broker:
    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start (or start again, on the same port and with the same retained data) and wait until it listens."""
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.folder / "mosquitto.conf")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert eventually(self._listening), "mosquitto did not start"

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()  # mosquitto saves its retained messages on a clean stop
            self.process.wait(timeout=60)
            self.process = None

    def _listening(self) -> bool:
        assert self.process is not None and self.process.poll() is None, "mosquitto exited"
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
        except OSError:
            return False
        return True


def make_broker(folder: Path, tls: bool = False, acl: str | None = None) -> Broker:
    """A broker in `folder` (config, password file, retained data), not started. With `tls`, it takes
    only TLS, with a self-signed certificate for 127.0.0.1 (`folder/ca.pem`, which clients trust).
    `acl`: an acl_file's text (mosquitto's syntax); without it every user may read and write anything."""
    folder.mkdir()
    passwords = folder / "passwd"
    for user, password in USERS.items():
        subprocess.run(["mosquitto_passwd", "-b", *(["-c"] if not passwords.exists() else []), str(passwords), user, password],
                       check=True, capture_output=True)
    found = Broker(folder)
    settings = ""
    if tls:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-keyout", str(folder / "key.pem"), "-out", str(folder / "ca.pem"), "-subj", "/CN=127.0.0.1",
                        "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
        settings = f"cafile {folder}/ca.pem\ncertfile {folder}/ca.pem\nkeyfile {folder}/key.pem\n"
    if acl is not None:
        (folder / "acl").write_text(acl)
        settings += f"acl_file {folder}/acl\n"
    (folder / "mosquitto.conf").write_text(
        f"listener {found.port} 127.0.0.1\n{settings}allow_anonymous false\npassword_file {passwords}\n"
        f"persistence true\npersistence_location {folder}/\nlog_dest none\n"
        f"user {pwd.getpwuid(os.getuid()).pw_name}\n"  # as root (CI), it would switch to a user who cannot read here
    )
    return found


def readme_acl() -> str:
    """The ACL the README gives cafés: what the broker of these tests enforces."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"```text\n(# Mystery Table ACL.*?)```", text, re.S)
    assert found is not None, "the README's Home Assistant section has no ACL"
    return found.group(1)


@pytest.fixture
def acl_broker(tmp_path: Path) -> Iterator[Broker]:
    found = make_broker(tmp_path / "broker", acl=readme_acl())
    found.start()
    try:
        yield found
    finally:
        found.stop()


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    found = make_broker(tmp_path / "broker")
    found.start()
    try:
        yield found
    finally:
        found.stop()


class Listener:
    """Subscribes to everything (as the café owner) and keeps what it hears, in order."""

    def __init__(self, broker: Broker, topics: tuple[str, ...] = ("mystery-table/#", "homeassistant/#")) -> None:
        self.messages: list[tuple[str, bytes, bool]] = []
        self.lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"listener-{id(self)}")
        self.client.username_pw_set("owner", USERS["owner"])
        self.subscribed = threading.Event()
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe([(t, 1) for t in topics])
        self.client.on_subscribe = lambda c, u, mid, codes, p: self.subscribed.set()
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        assert eventually(self.subscribed.is_set), "the listener could not subscribe"

    def _message(self, client: Any, userdata: Any, message: Any) -> None:
        with self.lock:
            self.messages.append((message.topic, bytes(message.payload), bool(message.retain)))

    def on(self, topic: str) -> list[bytes]:
        with self.lock:
            return [payload for t, payload, _ in self.messages if t == topic]

    def last(self, topic: str) -> bytes | None:
        found = self.on(topic)
        return found[-1] if found else None

    def json(self, topic: str) -> Any:
        found = self.last(topic)
        return json.loads(found) if found else None

    def wait(self, topic: str, condition: Any = lambda payload: True) -> bytes:
        assert eventually(lambda: any(condition(p) for p in self.on(topic))), f"nothing matching on {topic}"
        return next(p for p in self.on(topic) if condition(p))

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def home_assistant_says(broker: Broker, word: str = "online", retain: bool = True, prefix: str = "homeassistant") -> None:
    """Home Assistant's birth message (`online`) or last will (`offline`) on its status topic, as the
    controlling Home Assistant user; retained, as the README asks Home Assistant to send them."""
    paho_publish.single(f"{prefix}/status", word, qos=1, retain=retain, hostname="127.0.0.1", port=broker.port,
                        client_id=f"home-assistant-{word}", auth={"username": "ha-control", "password": USERS["ha-control"]})


def table_toml(folder: Path, broker: Broker, table_id: str = "table-1", user: str = "table-1",
               password: str | None = None, extra: str = "") -> Path:
    """A 4-seat mock table whose `[mqtt]` points at the test broker."""
    folder.mkdir(parents=True, exist_ok=True)
    secret = USERS[user] if password is None else password
    path = folder / "table.toml"
    path.write_text(
        f'data_dir = "data"\n[hardware]\nbackend = "mock"\n'
        f'[mqtt]\nhost = "127.0.0.1"\nport = {broker.port}\nusername = "{user}"\npassword = "{secret}"\n'
        f'table_id = "{table_id}"\n{extra}'
        + "[[seats]]\n" * 4
    )
    return path


def kiosk(*args: str, **kwargs: Any) -> subprocess.Popen[str]:
    """`kiosk ARGS` in a subprocess, this worktree's code, output captured as text."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("DISPLAY", None)
    return subprocess.Popen([sys.executable, "-m", "kiosk.cli", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def killed(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=60)
