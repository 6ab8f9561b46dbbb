"""A table with `[mqtt]` against a real Mosquitto: topics, retained messages, the last will, the
outbox across a broker outage and a restart, a refused password logged once, nothing private."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hardware.sim.mock_table import MockTable
from kiosk.bots.table_bots import table_bot
from kiosk.config import MqttConfig, load_config
from kiosk.games import registry
from kiosk.games.mystery_city.cards import load_cards
from kiosk.fleet.discovery import ENTITIES, config_topic, offered
from kiosk.fleet.beacon import Beacon
from kiosk.fleet.link import MqttLink
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from tests.ha_schema import heard_problems
from tests.mqtt_support import (ROOT, Broker, Listener, broker, home_assistant_says, kiosk, killed,  # noqa: F401
                                make_broker, table_toml)
from tests.waiting import eventually

TOPIC = "mystery-table/table-1/"


def play_out(session: GameSession) -> None:
    """Bots play every seat of `session` to the end (in-process, no table)."""
    bots = {seat: table_bot(session.record.game, seat, session.record.seed) for seat in range(session.record.seats)}
    while not session.over:
        prompt = session.game.prompts(session.state)[0]
        action = bots[prompt.seat].choose(session.game.view(session.state, prompt.seat), prompt)
        events = session.apply(prompt.seat, action)
        for seat, bot in bots.items():
            bot.observe([e for e in events if e.visible_to(seat)])


def test_a_bot_game_is_on_the_broker_and_nothing_private_goes_out(broker: Broker, tmp_path: Path) -> None:
    listener = Listener(broker)
    home_assistant_says(broker)
    config = table_toml(tmp_path / "t1", broker)
    try:
        run = kiosk("run", "--mock", "--headless", "--config", str(config), "--game", "mystery-city",
                    "--seats", "2", "--seed", "5")
        out, err = run.communicate(timeout=600)
        assert run.returncode == 0, err
        assert listener.wait(TOPIC + "status", lambda p: p == b"online")
        finished = json.loads(listener.wait(TOPIC + "game_finished"))
        assert eventually(lambda: listener.last(TOPIC + "status") == b"offline")  # a clean stop says so
    finally:
        listener.close()
    assert finished["game"] == "mystery-city" and finished["seats"] == 2 and finished["bots"] == [1, 2]
    assert finished["game_name"] == "Mystery City"
    assert finished["table"] == "table-1" and finished["id"] == 1
    assert finished["winners"] and set(finished["winners"]) <= {1, 2}
    assert finished["duration_s"] >= 0 and finished["progress"]["combats"] >= 1
    assert heard_problems(listener.messages) == []  # every config, and its template for every payload heard
    states = [json.loads(p) for p in listener.on(TOPIC + "state")]
    assert any(s["playing"] and s["awaited"] for s in states)
    assert all(set(s["awaited"]) <= {1, 2} for s in states if s.get("awaited") is not None)
    assert states[-1]["playing"] is False and states[-1]["games_today"] == 1
    health = listener.json(TOPIC + "health")
    assert {"seat_1", "seat_2", "seat_3", "seat_4", "reader", "buzzer"} <= set(health["parts"])
    assert health["parts"]["seat_1"]["status"] == "ok" and health["faults"] == 0 and not health["attention"]
    assert health["version"] and health["uptime_s"] >= 0

    # What is retained: a fresh subscriber hears status, state, health and the discovery configs.
    late = Listener(broker)
    try:
        assert eventually(lambda: {TOPIC + leaf for leaf in ("status", "state", "health")}
                          <= {t for t, _, retained in late.messages if retained})
        # A headless table: no "End the game" nor "Featured game", which only its touchscreen could carry out.
        headless = {config_topic(MqttConfig("h", "table-1"), o) for o in offered(MqttConfig("h", "table-1"), touchscreen=False)}
        assert len(headless) == len(ENTITIES) - 2
        assert eventually(lambda: {t for t, p, r in late.messages if r and p and t.endswith("/config")} == headless)
        assert not any(r for t, _, r in late.messages if t.endswith("game_finished"))
        assert eventually(lambda: [g["id"] for g in late.json(TOPIC + "history") or []] == [1])
    finally:
        late.close()

    # Nothing private: no card of the game, by id or by name, in anything the table published.
    cards = load_cards()
    secrets = {word for card_id in cards.ids() for word in (card_id, cards.card(card_id).name)}
    with listener.lock:
        published = b"\n".join(payload for topic, payload, _ in listener.messages if topic.startswith("mystery-table/"))
    text = published.decode()
    assert not [secret for secret in secrets if json.dumps(secret) in text]


def strings(data: object, keys: bool = True) -> set[str]:
    """Every string in a JSON-like value (its values, and its keys if `keys`)."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return {text for key, value in data.items() for text in (strings(key) if keys else set()) | strings(value, keys)}
    if isinstance(data, (list, tuple, set, frozenset)):
        return {text for item in data for text in strings(item, keys)}
    return set()


def seen_strings(data_dir: Path) -> tuple[set[str], set[str]]:
    """The strings of the stored game's private events and seat views, and of its public events and
    public view, at every step (replayed from the store)."""
    store = GameStore.open(data_dir)
    try:
        (record,) = store.games()
        private: set[str] = set()
        public: set[str] = set()
        game = registry.get(record.game)
        state = game.start(record.seats, record.seed, record.options)
        for seat, data in store.actions(record.id):
            for event in game.apply(state, seat, game.action_from_json(data)):
                (public if event.audience is None else private).update(strings(event.data))
            public |= strings(game.view(state, None))
            for each in range(record.seats):
                private |= strings(game.view(state, each))
        return private, public
    finally:
        store.close()


def test_a_mystery_express_game_publishes_no_private_word(broker: Broker, tmp_path: Path) -> None:
    listener = Listener(broker, ("mystery-table/#",))
    home_assistant_says(broker)
    config = table_toml(tmp_path / "t1", broker)
    try:
        run = kiosk("run", "--mock", "--headless", "--config", str(config), "--game", "mystery-express",
                    "--seats", "3", "--seed", "2")
        assert run.communicate(timeout=600) and run.returncode == 0
        listener.wait(TOPIC + "game_finished")
        assert eventually(lambda: listener.last(TOPIC + "status") == b"offline")
    finally:
        listener.close()
    private, public = seen_strings(tmp_path / "t1" / "data")
    assert len(private - public) > 10  # what stays private to the end: hands, passengers, answers...
    published: set[str] = set()
    for topic, payload, _ in listener.messages:
        published |= {payload.decode()} if topic.endswith("/status") else strings(json.loads(payload), keys=False)
    # No card, no answer, nothing any seat saw, even if it became public later: the only words shared
    # with the game's views are the game's own id.
    assert published & (private | public) == {"mystery-express"}


PUBLISHER = textwrap.dedent("""
    import sys, threading
    from pathlib import Path
    from kiosk.config import MqttConfig, load_config
    from kiosk.fleet.link import MqttLink
    from kiosk.store import GameStore
    config = load_config(sys.argv[1])
    link = MqttLink(config.mqtt, GameStore.open(config.data_dir), "en", config.data_dir)
    link.start()
    print("started", flush=True)
    threading.Event().wait()
""")


def test_a_killed_table_is_offline_by_its_last_will(broker: Broker, tmp_path: Path) -> None:
    listener = Listener(broker)
    config = table_toml(tmp_path / "t1", broker)
    publisher = subprocess.Popen([sys.executable, "-c", PUBLISHER, str(config)], cwd=ROOT, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        listener.wait(TOPIC + "status", lambda p: p == b"online")
        killed(publisher)  # no clean stop: only the broker can say it
        assert eventually(lambda: listener.last(TOPIC + "status") == b"offline")
    finally:
        if publisher.poll() is None:
            killed(publisher)
        listener.close()


def test_a_finished_game_waits_out_a_broker_outage(broker: Broker, tmp_path: Path, mock_table: MockTable) -> None:
    config = load_config(table_toml(tmp_path / "t1", broker))
    assert config.mqtt is not None
    store = GameStore.open(config.data_dir)
    broker.stop()
    link = MqttLink(config.mqtt, store, "en", config.data_dir)
    link.start()
    beacon = Beacon(link, mock_table.table, store, "en")
    try:
        session = GameSession.start(store, "mystery-city", 2, 11, {}, bots=[0, 1])
        play_out(session)
        beacon.watch(session)  # the game ends while the broker is down: kept in the store
        assert [topic for _, topic, _ in store.queued_messages()] == [TOPIC + "game_finished"]
        broker.start()
        home_assistant_says(broker)
        listener = Listener(broker, (TOPIC + "game_finished",))
        try:
            def delivered() -> bool:
                beacon.watch(session)
                return bool(listener.on(TOPIC + "game_finished")) and not store.queued_messages()

            assert eventually(delivered)  # it arrives, and only then leaves the store
            assert json.loads(listener.on(TOPIC + "game_finished")[0])["id"] == session.record.id
        finally:
            listener.close()
    finally:
        beacon.close()
        store.close()


def test_queued_games_survive_a_kiosk_restart(broker: Broker, tmp_path: Path) -> None:
    config = table_toml(tmp_path / "t1", broker)
    broker.stop()
    args = ("run", "--mock", "--headless", "--config", str(config), "--game", "mystery-city", "--seats", "2")
    first = kiosk(*args, "--seed", "5")
    assert first.communicate(timeout=600) and first.returncode == 0
    store = GameStore.open(tmp_path / "t1" / "data")
    assert len(store.queued_messages()) == 1  # the kiosk stopped with its game unsent
    store.close()
    broker.start()
    home_assistant_says(broker)
    listener = Listener(broker, (TOPIC + "game_finished",))
    try:
        second = kiosk(*args, "--seed", "6")
        assert second.communicate(timeout=600) and second.returncode == 0
        assert eventually(lambda: len(listener.on(TOPIC + "game_finished")) == 2)
        assert sorted(json.loads(p)["id"] for p in listener.on(TOPIC + "game_finished")) == [1, 2]
    finally:
        listener.close()
    store = GameStore.open(tmp_path / "t1" / "data")
    assert store.queued_messages() == []
    store.close()


def test_a_refused_password_is_logged_once_with_the_fix(broker: Broker, tmp_path: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    config = load_config(table_toml(tmp_path / "t1", broker, password="not-the-password"))
    assert config.mqtt is not None
    store = GameStore.open(config.data_dir)
    link = MqttLink(config.mqtt, store, "en", config.data_dir)
    attempts: list[object] = []
    answer = link._connected

    def counting(*found: Any) -> None:
        attempts.append(found)
        answer(*found)

    link.client.on_connect = counting
    caplog.set_level(logging.INFO, "kiosk")
    link.start()
    try:
        assert eventually(lambda: len(attempts) >= 3)  # refused again and again, in the background
    finally:
        link.close()
        store.close()
    refusals = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(refusals) == 1
    assert "mqtt.password" in refusals[0] and "table.toml" in refusals[0] and "table-1" in refusals[0]
    assert "not-the-password" not in caplog.text


def test_the_password_can_come_from_a_file(broker: Broker, tmp_path: Path) -> None:
    folder = tmp_path / "t1"
    (folder).mkdir()
    (folder / "mqtt.secret").write_text("secret-one\n")
    path = table_toml(folder, broker)
    path.write_text(path.read_text().replace('password = "secret-one"', 'password_file = "mqtt.secret"'))
    config = load_config(path)
    assert config.mqtt is not None and config.mqtt.password == "secret-one"
    assert config.mqtt.password_key == "mqtt.password_file"
    store = GameStore.open(config.data_dir)
    link = MqttLink(replace(config.mqtt), store, "en", config.data_dir)
    link.start()
    try:
        assert link.connected.wait(120)
    finally:
        link.close()
        store.close()


def test_a_table_reaches_a_tls_broker_with_its_ca_file(tmp_path: Path) -> None:
    tls_broker = make_broker(tmp_path / "tls", tls=True)
    tls_broker.start()
    try:
        extra = f'tls = true\nca_file = "{tmp_path / "tls" / "ca.pem"}"\n'
        config = load_config(table_toml(tmp_path / "t1", tls_broker, extra=extra))
        assert config.mqtt is not None and config.mqtt.tls
        store = GameStore.open(config.data_dir)
        link = MqttLink(config.mqtt, store, "en", config.data_dir)
        link.start()
        try:
            assert link.connected.wait(120)  # the certificate checked against ca_file, the password in TLS
        finally:
            link.close()
            store.close()
    finally:
        tls_broker.stop()
