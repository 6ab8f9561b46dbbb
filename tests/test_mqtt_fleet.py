"""`kiosk fleet`: two mock tables on one real Mosquitto, seen together; the statistics of a period."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from kiosk.cli import main
from kiosk.fleet.heard import Fleet, Period
from tests.mqtt_support import USERS, Broker, broker, kiosk, table_toml  # noqa: F401


def owner_args(broker: Broker, tmp_path: Path) -> list[str]:
    secret = tmp_path / "owner.secret"
    secret.write_text(USERS["owner"] + "\n")
    return ["fleet", "--host", "127.0.0.1", "--port", str(broker.port), "--username", "owner",
            "--password-file", str(secret)]


def test_two_tables_and_the_fleet_on_one_broker(broker: Broker, tmp_path: Path) -> None:
    watcher = kiosk(*owner_args(broker, tmp_path), "--json", "--count", "2", "--listen", "600")
    tables = [kiosk("run", "--mock", "--headless", "--config", str(table_toml(tmp_path / name, broker, name, name)),
                    "--game", "mystery-city", "--seats", "2", "--seed", str(seed))
              for name, seed in (("table-1", 3), ("table-2", 4))]
    for table in tables:
        assert table.communicate(timeout=600) and table.returncode == 0
    out, err = watcher.communicate(timeout=600)
    assert watcher.returncode == 0, err
    seen = json.loads(out)
    assert set(seen["tables"]) == {"table-1", "table-2"}
    for found in seen["tables"].values():
        assert found["state"]["game"] == "mystery-city" and found["health"]["faults"] == 0
        assert found["status"] in ("online", "offline")
    assert seen["by_game"]["mystery-city"]["games"] == 2
    assert {t: s["games"] for t, s in seen["by_table"].items()} == {"table-1": 1, "table-2": 1}

    # Later, from the retained data alone, in Spanish and as text for the owner.
    again = kiosk(*owner_args(broker, tmp_path), "--count", "2", "--listen", "600", "--days", "1", "--lang", "es")
    out, err = again.communicate(timeout=600)
    assert again.returncode == 0, err
    assert "Mesa table-1: desconectada" in out and "Mesa table-2: desconectada" in out
    assert "Mystery City: 2 partidas" in out


def test_a_refused_owner_is_told_why(broker: Broker, tmp_path: Path, capsys) -> None:
    secret = tmp_path / "wrong"
    secret.write_text("nope")
    args = owner_args(broker, tmp_path)
    args[args.index("--password-file") + 1] = str(secret)
    assert main([*args, "--listen", "600"]) == 2
    assert "refused user 'owner'" in capsys.readouterr().err


def game(table_id: str, number: int, finished: str, minutes: int, kind: str = "pi") -> tuple[str, bytes]:
    payload = {"id": number, "game": kind, "finished_at": finished, "duration_s": minutes * 60, "table": table_id}
    return f"mystery-table/{table_id}/game_finished", json.dumps(payload).encode()


def test_games_are_counted_once_per_period() -> None:
    fleet = Fleet()
    for topic, payload in (game("a", 1, "2026-11-01T10:00:00+00:00", 30), game("a", 1, "2026-11-01T10:00:00+00:00", 30),
                           game("a", 2, "2026-11-20T10:00:00+00:00", 50), game("b", 1, "2026-11-20T12:00:00+00:00", 40, "mystery-city")):
        fleet.heard(topic, payload)
    history = [{"id": 2, "game": "pi", "finished_at": "2026-11-20T10:00:00+00:00", "duration_s": 3000}]
    fleet.heard("mystery-table/a/history", json.dumps(history).encode())  # heard live and retained: once
    fleet.heard("mystery-table/a/state", b"not json")  # ignored
    everything = fleet.stats(Period())
    assert everything["by_game"] == {"mystery-city": {"games": 1, "average_s": 2400}, "pi": {"games": 2, "average_s": 2400}}
    november_20 = Period(datetime.fromisoformat("2026-11-20T00:00:00+00:00").timestamp(), None)
    assert fleet.stats(november_20)["by_table"] == {"a": {"games": 1, "average_s": 3000}, "b": {"games": 1, "average_s": 2400}}
    fleet.heard("mystery-table/b/status", b"online")
    assert "b" in fleet.tables
    fleet.heard("mystery-table/b/status", b"")  # the table was taken off the broker
    assert "b" not in fleet.tables


def test_a_bad_period_is_refused(capsys) -> None:
    assert main(["fleet", "--host", "127.0.0.1", "--days", "0"]) == 2
    assert main(["fleet", "--host", "127.0.0.1", "--since", "2026-13-01"]) == 2
    assert main(["fleet", "--host", "127.0.0.1", "--since", "2026-11-02", "--until", "2026-11-01"]) == 2
    assert "--since" in capsys.readouterr().err
