"""Home Assistant hears every finished game (issue #37): the table holds `game_finished` until Home
Assistant's birth message says `online`, and sends each queued game only after its own `status
online`; on a real Mosquitto with the README's ACL. Also: the controls a headless table offers, the
game waiting on the resume offer, and the broker's own reason when it drops the table."""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.client import DisconnectFlags
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.reasoncodes import ReasonCode
import pygame
import pytest

from hardware.sim.mock_table import MockTable
from kiosk.commands import run as run_command
from kiosk.config import MqttConfig, default_config, load_config
from kiosk.fleet.beacon import Beacon
from kiosk.commands.fleet import print_report
from kiosk.fleet.heard import Fleet, Period
from kiosk.fleet.discovery import ENTITIES, config_topic, discovery_configs, offered
from kiosk.fleet.link import MqttLink, lost_because
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from kiosk.ui.app import App, Plan
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.resume import ResumeOffer
from tests.ha_schema import render_value
from tests.mqtt_support import (USERS, Broker, Listener, acl_broker, broker, home_assistant_says,  # noqa: F401
                                table_toml)
from tests.test_mqtt_publish import play_out
from tests.waiting import eventually

TOPIC = "mystery-table/table-1/"
FINISHED = TOPIC + "game_finished"


class Table:
    """A table's link and beacon on the broker, its store, and a game played by bots on demand."""

    def __init__(self, broker: Broker, folder: Path, mock_table: MockTable, touchscreen: bool = True) -> None:
        config = load_config(table_toml(folder, broker))
        assert config.mqtt is not None
        self.store = GameStore.open(config.data_dir)
        self.link = MqttLink(config.mqtt, self.store, "en", config.data_dir, touchscreen=touchscreen)
        self.beacon = Beacon(self.link, mock_table.table, self.store, "en")
        self.session: GameSession | None = None

    def play(self, seed: int) -> int:
        """A Mystery City game of two bots to its end, seen by the beacon: its id."""
        self.session = GameSession.start(self.store, "mystery-city", 2, seed, {}, bots=[0, 1])
        play_out(self.session)
        self.beacon.watch(self.session)
        return self.session.record.id

    def until(self, condition: Any) -> bool:
        """The main loop's heartbeats until `condition()` holds."""
        def step() -> bool:
            self.beacon.watch(self.session)
            return bool(condition())
        return eventually(step)

    def held(self) -> list[int]:
        """The finished games in the outbox that were not handed to paho."""
        self.beacon.watch(self.session)
        sending = set(self.link._sending.values())
        return [json.loads(payload)["id"] for row, _, payload in self.store.queued_messages() if row not in sending]

    def close(self) -> None:
        self.beacon.close()
        self.store.close()


def heard_ids(listener: Listener) -> list[int]:
    return [json.loads(payload)["id"] for payload in listener.on(FINISHED)]


def test_a_game_finished_while_home_assistant_is_away_fires_once_when_it_is_back(
        acl_broker: Broker, tmp_path: Path, mock_table: MockTable, caplog: pytest.LogCaptureFixture) -> None:
    """Home Assistant's defaults: birth and last will not retained, said live. The README's ACL lets the
    table read them."""
    caplog.set_level(logging.INFO, "kiosk")
    listener = Listener(acl_broker, (FINISHED, "homeassistant/status"))
    table = Table(acl_broker, tmp_path / "t1", mock_table)
    table.link.start()
    try:
        assert table.link.connected.wait(60)
        first = table.play(11)  # Home Assistant away: nothing heard on its birth topic
        assert table.held() == [first] and table.link.home_assistant() is None
        assert any("holds its finished games until Home Assistant says online on homeassistant/status (nothing heard yet)"
                   in r.getMessage() for r in caplog.records)

        home_assistant_says(acl_broker, "online", retain=False)  # it starts
        assert table.until(lambda: heard_ids(listener) == [first] and not table.store.queued_messages())

        home_assistant_says(acl_broker, "offline", retain=False)  # a restart: its last will...
        assert table.until(lambda: table.link.home_assistant() == "offline")
        second = table.play(12)  # ...a game ends meanwhile...
        assert table.held() == [second]
        home_assistant_says(acl_broker, "online", retain=False)  # ...and it is back
        assert table.until(lambda: len(heard_ids(listener)) >= 2 and not table.store.queued_messages())

        home_assistant_says(acl_broker, "offline", retain=False)  # once more, with nothing held
        home_assistant_says(acl_broker, "online", retain=False)
        assert table.until(lambda: table.link.home_assistant() == "online" and len(listener.on("homeassistant/status")) == 5)
        third = table.play(13)
        # Each game once: the broker keeps one sender's order, so a game sent twice would come before the third.
        assert table.until(lambda: third in heard_ids(listener))
        assert heard_ids(listener) == [first, second, third]
    finally:
        table.close()
        listener.close()


def test_the_table_says_online_before_any_queued_game(broker: Broker, tmp_path: Path, mock_table: MockTable) -> None:
    """The start's race, made to happen every time: the connection is up (paho has the broker's CONNACK)
    but `on_connect` has not yet published `status online` while the main loop queues a game and pumps.
    Nothing is handed to paho in that gap, and the broker delivers `online` before every game."""
    home_assistant_says(broker)  # retained: heard at once on the table's subscription
    listener = Listener(broker, (TOPIC + "status", FINISHED))
    table = Table(broker, tmp_path / "t1", mock_table)
    table.store.queue_message(FINISHED, json.dumps({"id": 99}), "game:99")  # left by a previous run
    inside, go = threading.Event(), threading.Event()
    answer = table.link._connected

    def held_back(*found: Any) -> None:
        inside.set()
        assert go.wait(120)
        answer(*found)

    table.link.client.on_connect = held_back
    table.link.start()
    try:
        assert inside.wait(60) and table.link.client.is_connected()  # in the gap
        game = table.play(11)  # finished in the gap: queued, pumped
        table.link.pump()
        assert table.link._sending == {} and table.held() == [99, game]
        go.set()
        assert table.until(lambda: sorted(heard_ids(listener)) == [game, 99])
    finally:
        go.set()
        table.close()
        listener.close()
    with listener.lock:
        order = [(topic, payload) for topic, payload, _ in listener.messages]
    online = order.index((TOPIC + "status", b"online"))
    assert all(online < order.index((FINISHED, payload)) for payload in listener.on(FINISHED))


def test_a_headless_table_takes_back_the_controls_it_cannot_carry_out(
        broker: Broker, tmp_path: Path, mock_table: MockTable) -> None:
    """A table that ran with its touchscreen, then headless: "End the game" and "Featured game" are
    removed from Home Assistant (empty retained configs), "Restart the kiosk" stays."""
    config = MqttConfig("127.0.0.1", "table-1")
    gone = {config_topic(config, "end_game"), config_topic(config, "featured")}
    for touchscreen in (True, False):
        table = Table(broker, tmp_path / "t1", mock_table, touchscreen=touchscreen)
        table.link.start()
        try:
            assert table.link.connected.wait(60)
        finally:
            table.close()
    late = Listener(broker, ("homeassistant/#",))
    try:
        expected = {config_topic(config, object_id) for object_id in offered(config, touchscreen=False)}
        assert eventually(lambda: {t for t, p, retained in late.messages if retained and p} == expected)
    finally:
        late.close()
    assert len(expected) == len(ENTITIES) - 2 and not expected & gone
    assert config_topic(config, "restart") in expected
    assert set(discovery_configs(config, "en", touchscreen=False)) == expected
    assert discovery_configs(MqttConfig("127.0.0.1", "table-1", home_assistant=False), "en") == {}


def test_a_game_waiting_on_the_resume_offer_is_not_a_free_table(
        broker: Broker, tmp_path: Path, mock_table: MockTable, capsys: pytest.CaptureFixture[str]) -> None:
    """A restart (pressed in Home Assistant, or a power cut) in the middle of a game: the touchscreen
    offers to resume it, and Home Assistant shows the game waiting, named, `resumable`."""
    config = load_config(table_toml(tmp_path / "t1", broker))
    assert config.mqtt is not None
    store = GameStore.open(config.data_dir)
    first = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4), Plan(bot_pause=0.0))
    first.begin()
    first.start_game("pi", 3, [], {})  # people play: it waits for them when the kiosk restarts
    app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4), Plan(bot_pause=0.0))
    app.begin()  # the kiosk as it starts again
    assert isinstance(app.scene, ResumeOffer)
    link = MqttLink(config.mqtt, store, "es", config.data_dir)
    beacon = Beacon(link, mock_table.table, store, "es")
    beacon.controls = run_command.touchscreen_controls(app)
    listener = Listener(broker, (TOPIC + "state",))
    link.start()
    try:
        assert link.connected.wait(60)
        beacon.watch(None)
        assert eventually(lambda: listener.json(TOPIC + "state") is not None)
        state = listener.json(TOPIC + "state")
        assert state["resumable"] is True and state["playing"] is False
        assert state["game"] == "pi" and state["game_name"] == "P.I."
        configs = {c["unique_id"].rpartition("table-1_")[2]: c for c in discovery_configs(config.mqtt, "es").values()}
        raw = listener.last(TOPIC + "state")
        assert raw is not None
        assert render_value(configs["game"]["value_template"], raw) == "Partida a la espera de reanudarse"
        assert render_value(configs["players"]["value_template"], raw) == "0"
        english = {c["unique_id"].rpartition("table-1_")[2]: c for c in discovery_configs(config.mqtt, "en").values()}
        assert render_value(english["game"]["value_template"], raw) == "Game waiting to resume"
        shown = {o: render_value(c["value_template"], raw) for o, c in english.items()
                 if c.get("state_topic", "").endswith("/state")}  # every state template reads it (no key missing)
        assert (shown["round"], shown["case"], shown["players"], shown["started"]) == ("0", "0", "0", "None")
        fleet = Fleet()
        fleet.heard(TOPIC + "state", raw)
        print_report(fleet, Period())
        assert "P.I. waits to be resumed on the touchscreen" in capsys.readouterr().out  # `kiosk fleet` says it too

        app.scene.on_resume()  # resumed: in play again, no longer resumable
        assert app.referee is not None
        beacon.watch(app.referee.session)
        assert eventually(lambda: (listener.json(TOPIC + "state") or {}).get("playing") is True)
        state = listener.json(TOPIC + "state")
        assert state["resumable"] is False and render_value(english["game"]["value_template"],
                                                            listener.last(TOPIC + "state") or b"") == "P.I."
    finally:
        listener.close()
        beacon.close()
        store.close()


def test_the_log_says_why_the_broker_dropped_the_table(broker: Broker, tmp_path: Path, mock_table: MockTable,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    """Another client with the table's client id (two tables given one table_id): Mosquitto 2.0 closes
    the first connection without a DISCONNECT, and the log line says what that usually means, not
    paho's "(Unspecified error)"."""
    caplog.set_level(logging.INFO, "kiosk")
    table = Table(broker, tmp_path / "t1", mock_table)
    table.link.start()
    intruder = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="mystery-table-table-1", protocol=mqtt.MQTTv5)
    intruder.username_pw_set("table-1", USERS["table-1"])
    try:
        assert table.link.connected.wait(60)
        intruder.connect("127.0.0.1", broker.port)
        intruder.loop_start()
        assert eventually(lambda: any(r.getMessage().startswith("mqtt: lost the broker") for r in caplog.records))
    finally:
        intruder.loop_stop()
        intruder.disconnect()
        table.close()
    line = next(r.getMessage() for r in caplog.records if r.getMessage().startswith("mqtt: lost the broker"))
    assert line.endswith("(the broker closed the connection without a reason: it stopped or restarted, or another "
                         "client connected as mystery-table-table-1 (is table_id used by two tables?)); "
                         "reconnecting in the background")
    assert "Unspecified error" not in caplog.text


def test_the_brokers_own_reason_and_the_sockets_error_are_named() -> None:
    """paho's own flags and reason codes, as an MQTT 5 broker that says why (a DISCONNECT) and a reset
    socket give them."""
    said = DisconnectFlags(is_disconnect_packet_from_server=True)
    closed = DisconnectFlags(is_disconnect_packet_from_server=False)
    assert lost_because(said, ReasonCode(PacketTypes.DISCONNECT, identifier=139), None, "mystery-table-a") == \
        "the broker says: Server shutting down"
    assert lost_because(said, ReasonCode(PacketTypes.DISCONNECT, identifier=142), None, "mystery-table-a") == (
        "the broker says: Session taken over: another client connected as mystery-table-a; "
        "is table_id used by two tables?")
    unspecified = ReasonCode(PacketTypes.DISCONNECT, identifier=128)
    unreachable = "failed to receive on socket: [Errno 113] No route to host"
    assert lost_because(closed, unspecified, unreachable, "mystery-table-a") == unreachable
    reset = "failed to receive on socket: [Errno 104] Connection reset by peer"  # the broker closed it, as at an end of file
    assert lost_because(closed, unspecified, reset, "mystery-table-a") == lost_because(closed, unspecified, None, "mystery-table-a")
    assert lost_because(closed, ReasonCode(PacketTypes.DISCONNECT, "Keep alive timeout"), reset, "x") == "Keep alive timeout"


def test_a_cafe_without_home_assistant_sends_its_games_at_once(broker: Broker, tmp_path: Path, mock_table: MockTable) -> None:
    """`home_assistant = false`: nobody's birth message is awaited (`kiosk fleet --listen` hears each game as
    it ends), and no Home Assistant entity is offered (empty retained configs remove earlier ones)."""
    folder = tmp_path / "t1"
    config = load_config(table_toml(folder, broker, extra="home_assistant = false\n"))
    assert config.mqtt is not None and config.mqtt.home_assistant is False
    listener = Listener(broker, (FINISHED, "homeassistant/#"))
    store = GameStore.open(config.data_dir)
    link = MqttLink(config.mqtt, store, "en", config.data_dir)
    beacon = Beacon(link, mock_table.table, store, "en")
    link.start()
    try:
        assert link.connected.wait(60)
        session = GameSession.start(store, "mystery-city", 2, 11, {}, bots=[0, 1])
        play_out(session)

        def sent() -> bool:
            beacon.watch(session)
            return heard_ids(listener) == [session.record.id] and not store.queued_messages()

        assert eventually(sent)
        topics = {config_topic(config.mqtt, object_id) for object_id in ENTITIES}
        assert eventually(lambda: {t for t, p, _ in listener.messages if t in topics and p == b""} == topics)
        assert not [t for t, p, _ in listener.messages if t in topics and p]
    finally:
        beacon.close()
        listener.close()
        store.close()
