"""`[mqtt]` in table.toml, and the store's outbox (schema 2) reached from a version 1 store."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from kiosk.config import config_from_dict, load_config
from kiosk.store import SCHEMA_VERSION, GameStore

SEATS: list[dict[str, object]] = [{}, {}]


def problems(mqtt: dict[str, object], tmp_path: Path) -> list[str]:
    """What is wrong with `mqtt`: the table still loads, with the broker off (issue #30)."""
    config = config_from_dict({"seats": SEATS, "mqtt": mqtt}, tmp_path / "table.toml")
    off = config.off_because("mqtt")
    assert config.mqtt is None and off is not None and config.off == (off,)
    return list(off.problems)


def test_a_good_section_is_read(tmp_path: Path) -> None:
    (tmp_path / "ca.pem").write_text("x")
    config = config_from_dict({"seats": SEATS, "mqtt": {
        "host": "broker.local", "username": "t1", "password": "pw", "table_id": "terrace-2", "tls": True,
        "ca_file": "ca.pem"}}, tmp_path / "table.toml")
    assert config.mqtt is not None
    assert (config.mqtt.host, config.mqtt.port, config.mqtt.tls) == ("broker.local", 8883, True)
    assert config.mqtt.ca_file == tmp_path / "ca.pem" and config.mqtt.table_id == "terrace-2"
    assert config.mqtt.home_assistant is True  # by default the table waits for Home Assistant's birth message
    assert config_from_dict({"seats": SEATS}).mqtt is None


@pytest.mark.parametrize("table_id", ["a/b", "t+", "#", "Table 1", "", "x" * 65, "mesa-ñ"])
def test_a_table_id_must_be_one_topic_level(table_id: str, tmp_path: Path) -> None:
    found = problems({"host": "h", "table_id": table_id}, tmp_path)
    assert len(found) == 1 and "table.toml: mqtt.table_id:" in found[0]


def test_every_mistake_is_named_with_its_key(tmp_path: Path) -> None:
    found = problems({"host": "h", "port": 0, "password": "pw", "password_file": "missing.txt", "tls": "yes",
                      "ca_file": "ca.pem", "qos": 2, "home_assistant": "no"}, tmp_path)
    keys = sorted(problem.split(": ")[1] for problem in found)
    assert keys == ["mqtt.ca_file", "mqtt.home_assistant", "mqtt.password_file", "mqtt.password_file", "mqtt.port",
                    "mqtt.qos", "mqtt.table_id", "mqtt.tls", "mqtt.username"]


def test_a_version_1_store_gains_the_outbox_and_keeps_its_games(tmp_path: Path) -> None:
    store = GameStore.open(tmp_path)
    store.begin("pi", {}, 7, 3, [1, 2])
    store.connection.execute("DROP TABLE outbox")  # what an older kiosk wrote
    store.connection.execute("PRAGMA user_version = 1")
    store.connection.commit()
    store.close()
    store = GameStore.open(tmp_path)
    assert store.notice is None and [g.game for g in store.games()] == ["pi"]
    assert store.connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    store.queue_message("t", "{}", "game:1")
    store.queue_message("t", "{}", "game:1")  # queued twice: one message
    ((row, topic, payload),) = store.queued_messages()
    store.unqueue_message(row)
    assert store.queued_messages() == []
    store.close()


def test_a_newer_store_is_not_read_as_ours(tmp_path: Path) -> None:
    GameStore.open(tmp_path).close()  # made under another name and renamed into place: open it after
    connection = sqlite3.connect(tmp_path / GameStore.FILENAME)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    store = GameStore.open(tmp_path)
    assert store.notice is not None and "moved aside" in store.notice
    store.close()


def test_the_documented_section_reads_once_uncommented(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parent.parent / "table.example.toml").read_text()
    lines = [line[2:] if line.startswith("# ") and ("[mqtt]" in line or " = " in line.split("#")[1][:30]) and
             line[2:].split(" ")[0] in {"[mqtt]", "host", "port", "username", "password_file", "tls", "table_id"}
             else line for line in text.splitlines()]
    (tmp_path / "table.toml").write_text("\n".join(lines))
    (tmp_path / "mqtt.secret").write_text("pw\n")
    config = load_config(tmp_path / "table.toml")
    assert config.mqtt is not None and config.mqtt.password == "pw" and config.mqtt.table_id == "table-1"
