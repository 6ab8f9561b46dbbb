"""The café controls a table from Home Assistant: its buttons and select publish on the table's command
topic, the table carries the command out with the admin menu's own actions, and only a broker user the
ACL lets write that topic can do it (the README's ACL, on a real Mosquitto)."""

from __future__ import annotations

import json
import logging
import re
import signal
import sys
import threading
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pygame
import pytest

from hardware.sim.mock_table import MockTable
from kiosk.commands import run as run_command
from kiosk.config import default_config, load_config
from kiosk.fleet.beacon import Beacon
from kiosk.fleet.control import Command, Controls, Inbox, carry_out, parse
from kiosk.fleet.discovery import discovery_configs
from kiosk.fleet.link import MqttLink
from kiosk.store import GameStore
from kiosk.ui.app import App, Plan
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.attract import Attract
from tests.mqtt_support import USERS, Broker, Listener, acl_broker, broker, free_port, kiosk, table_toml  # noqa: F401
from tests.waiting import eventually


class Presser:
    """A Home Assistant as a broker user: publishes what its buttons and select publish (MQTT 5, so the
    broker's answer to each publish says whether it took it)."""

    def __init__(self, broker: Broker, user: str) -> None:
        self.answers: dict[int, Any] = {}
        self.lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"presser-{user}", protocol=mqtt.MQTTv5)
        self.client.username_pw_set(user, USERS[user])
        self.client.on_publish = self._answered
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        assert eventually(self.client.is_connected)

    def _answered(self, client: Any, userdata: Any, mid: int, reason_code: Any, properties: Any) -> None:
        with self.lock:
            self.answers[mid] = reason_code

    def press(self, config: dict[str, Any], option: str | None = None) -> Any:
        """What Home Assistant sends for a press (a button) or a choice (a select): the broker's answer."""
        if option is None:
            payload = config["payload_press"]
        else:
            from tests.ha_schema import render_command
            payload = render_command(config["command_template"], option)
        info = self.client.publish(config["command_topic"], payload, qos=config["qos"], retain=config["retain"])
        assert eventually(lambda: info.mid in self.answers), "the broker never answered"
        return self.answers[info.mid]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def test_only_the_controlling_user_ends_a_game(acl_broker: Broker, tmp_path: Path, mock_table: MockTable) -> None:
    """With the README's ACL: the read-only user's press is refused by the broker and the game goes on;
    the controlling user's choice and press reach the table, which ends the game as the admin menu does."""
    config = load_config(table_toml(tmp_path / "t1", acl_broker))
    assert config.mqtt is not None
    store = GameStore.open(config.data_dir)
    app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4), Plan(bot_pause=0.0))
    app.begin()
    app.start_game("mystery-express", 4, [], {})  # four people: the game waits for them
    assert app.referee is not None
    record = app.referee.session.record
    link = MqttLink(config.mqtt, store, "en", config.data_dir)
    beacon = Beacon(link, mock_table.table, store, "en")
    beacon.controls = run_command.touchscreen_controls(app)
    listener = Listener(acl_broker, ("mystery-table/table-1/state",))
    viewer, control = Presser(acl_broker, "ha-viewer"), Presser(acl_broker, "ha-control")
    link.start()
    try:
        assert link.connected.wait(60)
        configs = {c["unique_id"].rpartition("table-1_")[2]: c for c in discovery_configs(config.mqtt, "en").values()}

        def watching(condition: Any) -> bool:
            def step() -> bool:
                beacon.watch(app.referee.session if app.referee is not None else None)
                return bool(condition())
            return eventually(step)

        assert watching(lambda: listener.json("mystery-table/table-1/state") and link.client.is_connected())
        refused = viewer.press(configs["end_game"])
        assert refused.is_failure and refused.value == 135  # Not authorized: the broker dropped it
        assert control.press(configs["featured"], "P.I.").value == 0  # published after the refused press
        assert watching(lambda: app.featured == "pi")  # ...and carried out: the refused one never came
        assert app.referee is not None and not app.referee.session.over  # the game goes on
        assert watching(lambda: (listener.json("mystery-table/table-1/state") or {}).get("featured") == "pi")
        assert control.press(configs["end_game"]).value == 0
        assert watching(lambda: app.referee is None)
        assert isinstance(app.scene, Attract) and app.scene.featured == "pi"
        assert store.game(record.id).outcome == {"abandoned": True}  # set aside, as the admin menu does
    finally:
        viewer.close()
        control.close()
        listener.close()
        link.close()
        store.close()


def test_the_read_only_user_cannot_restart_or_feature_either(acl_broker: Broker) -> None:
    from kiosk.config import MqttConfig

    viewer = Presser(acl_broker, "ha-viewer")
    try:
        configs = {c["unique_id"].rpartition("table-1_")[2]: c
                   for c in discovery_configs(MqttConfig("127.0.0.1", "table-1"), "en").values()}
        assert viewer.press(configs["restart"]).value == 135
        assert viewer.press(configs["featured"], "Mystery City").value == 135
    finally:
        viewer.close()


class FakeMessage:
    def __init__(self, payload: bytes, retain: bool = False) -> None:
        self.payload, self.retain, self.topic = payload, retain, "mystery-table/t/command"


def test_commands_read_from_their_payloads() -> None:
    assert parse(b'{"command": "end_game"}') == Command("end_game")
    assert parse(b'{"command": "restart"}') == Command("restart")
    assert parse(b'{"command": "feature", "game": "watson-holmes"}') == Command("feature", "watson-holmes")
    for junk in (b"PRESS", b"\xff", b"[]", b'{"command": "format_card"}', b'{"command": "feature", "game": "chess"}',
                 b'{"command": "feature"}'):
        assert isinstance(parse(junk), str), junk
    inbox = Inbox()
    inbox.heard(None, None, FakeMessage(b'{"command": "restart"}', retain=True))
    inbox.heard(None, None, FakeMessage(b'{"command": "restart"}'))
    retained, live = inbox.take()
    assert isinstance(retained, str) and "retained" in retained  # never carried out again at a reconnect
    assert live == Command("restart") and inbox.take() == []


def test_a_command_that_cannot_be_done_changes_nothing_and_says_why(caplog: pytest.LogCaptureFixture) -> None:
    done: list[str] = []
    controls = Controls(in_play=lambda: False, end_game=lambda: done.append("end"), restart=lambda: done.append("restart"),
                        feature=lambda game: done.append(game))
    with caplog.at_level(logging.INFO, logger="kiosk"):
        assert not carry_out(Command("end_game"), controls, "t")
        assert not carry_out(parse(b'{"command": "feature", "game": "chess"}'), controls, "t")
        assert not carry_out(Command("end_game"), Controls(in_play=lambda: True), "t")  # headless: no admin menu
        assert not carry_out(Command("feature", "pi"), None, "t")
    assert done == []
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 4  # one line each
    assert "no game in play" in warnings[0] and "'chess'" in warnings[1] and "without its touchscreen" in warnings[2]
    with caplog.at_level(logging.INFO, logger="kiosk"):
        assert carry_out(Command("feature", "pi"), controls, "t") and carry_out(Command("restart"), controls, "t")
    assert done == ["pi", "restart"]


def test_the_end_game_press_between_games_leaves_the_table_as_it_is(tmp_path: Path, mock_table: MockTable,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    store = GameStore.open(tmp_path)
    try:
        app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4), Plan())
        app.begin()
        scene = app.scene
        caplog.clear()  # what the start logged (the card's reserve) is not the command's
        with caplog.at_level(logging.WARNING, logger="kiosk"):
            assert not carry_out(Command("end_game"), run_command.touchscreen_controls(app), "t")
        assert app.scene is scene and store.games() == []
        assert [r.getMessage() for r in caplog.records] == ["mqtt: table t: end_game not done: no game in play"]
        assert carry_out(Command("feature", "mystery-city"), run_command.touchscreen_controls(app), "t")
        assert isinstance(app.scene, Attract) and app.scene.featured == "mystery-city"
    finally:
        store.close()


def test_restart_stops_cleanly_then_runs_the_same_command_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The restart button stops the kiosk as SIGTERM does (the game in play is kept), then the same
    command line runs again in the same process (systemd's main process stays the service's)."""
    started: list[list[str]] = []
    monkeypatch.setattr(run_command.os, "execv", lambda path, argv: started.append([path, *argv]))
    monkeypatch.setattr(run_command.logging, "shutdown", lambda: None)  # the test process keeps its logging
    monkeypatch.setattr(sys, "argv", ["/opt/mystery-table/venv/bin/kiosk", "run", "--config", "/etc/mystery-table/table.toml"])
    run_command.stop_requested.clear()
    run_command.restart_requested.clear()
    try:
        run_command.request_restart()
        assert run_command.stop_requested.is_set()  # what the main loop checks between two inputs
        run_command.restart()
    finally:
        run_command.stop_requested.clear()
        run_command.restart_requested.clear()
    assert started == [[sys.executable, sys.executable, "-m", "kiosk.cli", "run", "--config", "/etc/mystery-table/table.toml"]]


def test_the_commands_json_is_what_the_buttons_send() -> None:
    from kiosk.config import MqttConfig

    configs = discovery_configs(MqttConfig("h", "t"), "en")
    presses = [json.loads(c["payload_press"]) for c in configs.values() if "payload_press" in c]
    assert sorted(parse(json.dumps(p).encode()).name for p in presses) == ["end_game", "restart"]  # type: ignore[union-attr]


def test_the_restart_button_restarts_a_running_table(broker: Broker, tmp_path: Path) -> None:
    """A headless table with people at two seats: the restart press stops it cleanly (offline, the game
    kept) and the same command runs again in the same process, which resumes the game and is online
    again. The device's page is the table's phone seats' server."""
    port = free_port()
    config = table_toml(tmp_path / "t1", broker, extra=f'[web]\nport = {port}\nbind = ["127.0.0.1"]\n')
    listener = Listener(broker, ("mystery-table/table-1/status", "homeassistant/button/#"))
    presser = Presser(broker, "ha-control")
    table = kiosk("run", "--mock", "--headless", "--seats", "4", "--bots", "2", "--config", str(config))
    try:
        statuses = lambda: listener.on("mystery-table/table-1/status")  # noqa: E731
        assert eventually(lambda: statuses()[-1:] == [b"online"]), statuses()
        restart = json.loads(listener.wait("homeassistant/button/mystery_table_table-1/restart/config", bool))
        assert restart["device"]["configuration_url"] == f"http://127.0.0.1:{port}"
        process_id = table.pid
        assert presser.press(restart).value == 0
        assert eventually(lambda: b"offline" in statuses() and statuses()[-1] == b"online"), statuses()
        assert table.poll() is None and table.pid == process_id  # the same process (systemd's main one)
    finally:
        presser.close()
        listener.close()
        table.send_signal(signal.SIGTERM)
        out, err = table.communicate(timeout=120)
    assert table.returncode == 0, err
    # The bots may have played before the press: the game resumes after whatever it stored.
    assert "Stopped; game 1 is kept" in out and re.search(r"Resuming game 1 after \d+ actions?\.", out), out
    assert "Traceback" not in err
