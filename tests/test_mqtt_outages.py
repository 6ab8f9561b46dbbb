"""The broker, honestly reported (issue #30): a failed connection is logged once per outage with its
cause, not at every retry; the broker coming back is a line too; `status()` (the staff menu's words)
says connected, or trying and why. Against the suite's real Mosquitto, a closed port and a name that
cannot exist (`.invalid`, RFC 2606)."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kiosk.config import MqttConfig
from kiosk.fleet.link import MqttLink, failure
from kiosk.store import GameStore
from tests.mqtt_support import USERS, Broker, broker, make_broker  # noqa: F401
from tests.waiting import eventually


class Watched:
    """A link whose connection attempts are counted (each failed one and each answered one)."""

    def __init__(self, config: MqttConfig, folder: Path) -> None:
        self.store = GameStore.open(folder)
        self.link = MqttLink(config, self.store, "en", folder)
        self.attempts = 0
        failed, answered = self.link._connect_failed, self.link._connected

        def counted_failure(*found: Any) -> None:
            failed(*found)
            self.attempts += 1

        def counted_answer(*found: Any) -> None:
            answered(*found)
            self.attempts += 1

        self.link.client.on_connect_fail = counted_failure
        self.link.client.on_connect = counted_answer
        self.link.client.reconnect_delay_set(1, 1)  # a retry a second: the back-off is not what is tested here

    def close(self) -> None:
        self.link.close()
        self.store.close()


@pytest.fixture
def watch(tmp_path: Path) -> Iterator[Any]:
    links: list[Watched] = []

    def make(config: MqttConfig) -> Watched:
        links.append(Watched(config, tmp_path / f"data{len(links)}"))
        return links[-1]

    yield make
    for found in links:
        found.close()


def table(host: str, port: int, **more: Any) -> MqttConfig:
    return MqttConfig(host=host, table_id="table-1", port=port, username="table-1", password=USERS["table-1"], **more)


def mqtt_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and r.getMessage().startswith("mqtt:")]


def test_a_name_that_is_not_found_is_logged_once_however_often_it_is_tried(
        watch: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "kiosk")
    found = watch(table("mqtt.invalid", 1883))
    found.link.start()
    assert eventually(lambda: found.attempts >= 3)
    (line,) = mqtt_lines(caplog)
    assert line.startswith("mqtt: cannot connect to the broker mqtt.invalid:1883: the name 'mqtt.invalid' is not found (")
    assert line.endswith("); retrying in the background")
    assert found.link.status().render() == "trying mqtt.invalid:1883: the name mqtt.invalid is not found"
    assert found.link.status().render("es") == "intentando conectar con mqtt.invalid:1883: no se encuentra el nombre mqtt.invalid"


def test_a_closed_port_then_the_broker_coming_back_and_going_again(
        tmp_path: Path, watch: Any, caplog: pytest.LogCaptureFixture) -> None:
    later = make_broker(tmp_path / "broker")  # its port: nothing listens there yet
    caplog.set_level(logging.INFO, "kiosk")
    found = watch(table("127.0.0.1", later.port))
    found.link.start()
    assert eventually(lambda: found.attempts >= 3)
    assert found.link.status().render() == (f"trying 127.0.0.1:{later.port}: the connection is refused "
                                            f"(is the broker running on port {later.port}?)")
    refused = f"mqtt: cannot connect to the broker 127.0.0.1:{later.port}: connection refused; retrying in the background"
    assert mqtt_lines(caplog) == [refused]
    later.start()
    try:
        assert found.link.connected.wait(120)
        assert found.link.status().render() == f"connected to 127.0.0.1:{later.port}"
        back = f"mqtt: the broker 127.0.0.1:{later.port} is back (connected as table table-1)"
        assert eventually(lambda: mqtt_lines(caplog) == [refused, back])
        before = found.attempts
        later.stop()  # an outage of a broker that was up: lost, then refused until it returns
        assert eventually(lambda: found.attempts >= before + 3)
        lines = mqtt_lines(caplog)[2:]
        assert len(lines) == 2 and lines[0].startswith(f"mqtt: lost the broker 127.0.0.1:{later.port}") and lines[1] == refused
        later.start()
        assert eventually(lambda: mqtt_lines(caplog)[4:] == [back])
    finally:
        later.stop()


def test_a_refused_password_is_the_staff_menus_words_too(broker: Broker, watch: Any) -> None:
    found = watch(MqttConfig(host="127.0.0.1", table_id="table-1", port=broker.port, username="table-1",
                             password="wrong", password_key="mqtt.password_file"))
    found.link.start()
    assert eventually(lambda: found.attempts >= 2)
    assert found.link.status().render() == (f"trying 127.0.0.1:{broker.port}: user or password refused "
                                            "(fix mqtt.password_file in table.toml)")


def test_tls_to_a_port_that_does_not_speak_it(broker: Broker, watch: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "kiosk")
    found = watch(table("127.0.0.1", broker.port, tls=True))
    found.link.start()
    assert eventually(lambda: found.attempts >= 2)
    assert mqtt_lines(caplog) == [f"mqtt: cannot connect to the broker 127.0.0.1:{broker.port}: the broker closed the "
                                  "connection at once (check mqtt.tls and mqtt.port); retrying in the background"]
    assert found.link.status().render("es") == (f"intentando conectar con 127.0.0.1:{broker.port}: el bróker cerró la "
                                                "conexión enseguida (revise mqtt.tls y mqtt.port)")


def test_a_certificate_no_authority_vouches_for(tmp_path: Path, watch: Any, caplog: pytest.LogCaptureFixture) -> None:
    tls_broker = make_broker(tmp_path / "tls", tls=True)  # self-signed, and the table has no ca_file
    tls_broker.start()
    try:
        caplog.set_level(logging.INFO, "kiosk")
        found = watch(table("127.0.0.1", tls_broker.port, tls=True))
        found.link.start()
        assert eventually(lambda: found.attempts >= 2)
        (line,) = mqtt_lines(caplog)
        assert line.startswith(f"mqtt: cannot connect to the broker 127.0.0.1:{tls_broker.port}: TLS failed: ")
        assert "self-signed certificate" in line
        assert found.link.status().render().endswith("self-signed certificate): check mqtt.tls, mqtt.port and mqtt.ca_file")
    finally:
        tls_broker.stop()


def test_a_first_try_under_way_says_so_and_each_cause_has_its_words(watch: Any) -> None:
    config = table("broker.local", 1883)
    assert watch(config).link.status().render() == "connecting to broker.local:1883…"  # not started yet
    assert failure(TimeoutError("timed out"), config)[0] == "no answer (timed out)"
    assert failure(socket.gaierror(-2, "Name or service not known"), config)[1].render() == \
        "the name broker.local is not found"
    assert failure(OSError(113, "No route to host"), config)[0] == "No route to host"
