"""`kiosk fleet`: for the café owner, every table on the broker and the games played in a period.

Subscribes to `mystery-table/+/...` (run it anywhere on the café's network), hears the retained
status, state, health and history of every table at once, then the games that finish while it
listens; stops after `--listen` seconds (0: until Ctrl-C), or once `--count` games are counted and
every table has answered. The broker's settings come from a table.toml's `[mqtt]` or the options.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from kiosk.config import ConfigError, MqttConfig, load_config
from kiosk.errors import UserError
from kiosk.fleet.heard import TOPICS, Fleet, Period
from kiosk.games import registry
from kiosk.i18n import N_, Text, _, counted, language
from kiosk.fleet.link import new_client, refused


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("fleet", help=_("every table on the café's MQTT broker, and statistics of their games"))
    parser.add_argument("--config", default=None, help=_("a table.toml whose [mqtt] names the broker (default: table.toml)"))
    parser.add_argument("--host", default=None, help=_("the broker's host (instead of table.toml's)"))
    parser.add_argument("--port", type=int, default=None, help=_("the broker's port"))
    parser.add_argument("--username", default=None, help=_("the broker's user"))
    parser.add_argument("--password-file", type=Path, default=None, help=_("a file holding that user's password"))
    parser.add_argument("--tls", action="store_true", default=None, help=_("connect with TLS"))
    parser.add_argument("--ca-file", type=Path, default=None, help=_("TLS: the certificate authority's file"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.add_argument("--listen", type=float, default=5.0, metavar="SECONDS",
                        help=_("how long to listen (default 5; 0: until Ctrl-C)"))
    parser.add_argument("--count", type=int, default=None, metavar="N",
                        help=_("stop once N games of the period are counted and every table has answered"))
    parser.add_argument("--since", default=None, metavar="YYYY-MM-DD", help=_("count games from this day on"))
    parser.add_argument("--until", default=None, metavar="YYYY-MM-DD", help=_("count games up to this day, included"))
    parser.add_argument("--days", type=int, default=None, metavar="N", help=_("count the games of the last N days, today included"))
    parser.set_defaults(handler=fleet)


def day(text: str, option: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UserError(Text(N_("{option} takes a day as YYYY-MM-DD, got {text!r}"), {"option": option, "text": text}).render()) from None


def period_of(args: argparse.Namespace, today: date) -> Period:
    if args.days is not None and (args.since or args.until):
        raise UserError(_("--days cannot be combined with --since or --until"))
    if args.days is not None:
        if args.days < 1:
            raise UserError(Text(N_("--days must be 1 or more, got {days}"), {"days": args.days}).render())
        first: date | None = today - timedelta(days=args.days - 1)
        last: date | None = today
    else:
        first = day(args.since, "--since") if args.since else None
        last = day(args.until, "--until") if args.until else None
    if first and last and first > last:
        raise UserError(_("--since is after --until"))
    at = lambda d: datetime.combine(d, datetime.min.time()).timestamp()  # noqa: E731 (local midnight)
    return Period(at(first) if first else None, at(last + timedelta(days=1)) if last else None)


def broker_of(args: argparse.Namespace) -> MqttConfig:
    """The broker from table.toml's [mqtt] (if any), with the options on top."""
    found: MqttConfig | None = None
    if args.config is not None or args.host is None:
        try:
            config = load_config(args.config)
        except ConfigError as error:
            raise UserError("; ".join(error.problems)) from None
        off = config.off_because("mqtt")
        if off is not None and args.host is None:  # the table plays without it; this command needs it
            raise UserError("; ".join(off.problems))
        found = config.mqtt
    if found is None:
        if args.host is None:
            raise UserError(_("no broker: give --host, or --config with a table.toml that has an [mqtt] section"))
        found = MqttConfig(host=args.host, table_id="fleet")
    password = found.password
    if args.password_file is not None:
        try:
            password = args.password_file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeError) as error:
            raise UserError(Text(N_("--password-file: cannot be read: {detail}"),
                                 {"detail": getattr(error, "strerror", None) or error}).render()) from None
    return replace(
        found,
        host=args.host or found.host,
        port=args.port or (found.port if args.host is None else (8883 if args.tls else 1883)),
        username=args.username or found.username,
        password=password,
        password_key="--password-file",
        tls=bool(args.tls) or found.tls,
        ca_file=args.ca_file or found.ca_file,
    )


def fleet(args: argparse.Namespace) -> int:
    period = period_of(args, date.today())
    broker = broker_of(args)
    heard = Fleet()
    lock = threading.Lock()
    done = threading.Event()
    failure: list[str] = []

    def connected(client: mqtt.Client, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        if getattr(reason_code, "is_failure", False):
            msgid = (N_("the broker {host}:{port} refused user {user!r}: check the user and its password")
                     if refused(reason_code) else N_("the broker {host}:{port} refused the connection: {reason}"))
            failure.append(Text(msgid, {"host": broker.host, "port": broker.port, "user": broker.username,
                                        "reason": str(reason_code)}).render())
            done.set()
            return
        for leaf in TOPICS:
            client.subscribe(f"mystery-table/+/{leaf}", qos=1)

    def message(client: mqtt.Client, userdata: Any, found: Any) -> None:
        with lock:
            new = heard.heard(found.topic, bytes(found.payload))
            if new is not None and not args.json:
                print(finished_line(*new), flush=True)
            if args.count is not None and heard.counted(period) >= args.count and heard.complete():
                done.set()

    client = new_client(broker, f"mystery-table-fleet-{int(time.time() * 1000) % 10**9}")
    client.on_connect = connected
    client.on_message = message
    try:
        client.connect_async(broker.host, broker.port, keepalive=30)
        client.loop_start()
        try:
            done.wait(args.listen if args.listen > 0 else None)
        except KeyboardInterrupt:
            pass
    finally:
        client.disconnect()
        client.loop_stop()
    if failure:
        raise UserError(failure[0])
    with lock:
        if args.json:
            print(json.dumps(heard.to_json(period), indent=2, sort_keys=True, ensure_ascii=False))
        else:
            print_report(heard, period)
    return 0


def game_name(game_id: str) -> str:
    return registry.get(game_id).info.names.get(language(), game_id) if game_id in registry.ids() else game_id


def minutes(seconds: float) -> str:
    return Text(N_("{minutes} min"), {"minutes": round(seconds / 60)}).render()


def finished_line(table: str, game: dict[str, Any]) -> str:
    return Text(N_("{table}: {game} finished after {time}"),
                {"table": table, "game": game_name(str(game.get("game"))), "time": minutes(float(game.get("duration_s", 0)))}).render()


def print_report(heard: Fleet, period: Period) -> None:
    if not heard.tables:
        print(_("No table has answered on this broker."))
    for table, found in sorted(heard.tables.items()):
        print(Text(N_("Table {table}: {status}"), {"table": table, "status": status_text(found.get("status"))}).render())
        state, health = found.get("state") or {}, found.get("health") or {}
        if state.get("playing"):
            waiting = ", ".join(str(n) for n in state.get("awaited", []))
            print("  " + Text(N_("playing {game}: {players} players, {bots} bots, since {started}; waiting for seats {seats}"), {
                "game": game_name(str(state.get("game"))), "players": state.get("seats", 0) - len(state.get("bots", [])),
                "bots": len(state.get("bots", [])), "started": state.get("started_at", "?"), "seats": waiting or "-"}).render())
        elif state.get("resumable"):
            print("  " + Text(N_("{game} waits to be resumed on the touchscreen"),
                              {"game": game_name(str(state.get("game")))}).render())
        elif state:
            print("  " + _("no game in play"))
        if health:
            failed = [part for part, seen in health.get("parts", {}).items() if seen.get("status") == "failed"]
            print("  " + (Text(N_("needs attention: {parts}"), {"parts": ", ".join(failed) or health.get("storage", "")}).render()
                          if health.get("attention") else _("every part answers")))
            print("  " + Text(N_("kiosk {version}, up {time}"), {"version": health.get("version", "?"),
                                                                  "time": minutes(float(health.get("uptime_s", 0)))}).render())
    stats = heard.stats(period)
    print()
    print(_("Games per game:") if stats["by_game"] else _("No games finished in this period."))
    for game, seen in stats["by_game"].items():
        print("  " + count_line(game_name(game), seen))
    if stats["by_table"]:
        print(_("Games per table:"))
    for table, seen in stats["by_table"].items():
        print("  " + count_line(table, seen))


def count_line(name: str, seen: dict[str, float]) -> str:
    return counted("{name}: {count} game, {time} on average", "{name}: {count} games, {time} on average",
                   int(seen["games"]), name=name, time=minutes(seen["average_s"])).render()


def status_text(status: Any) -> str:
    if status == "online":
        return _("online")
    if status == "offline":
        return _("offline")
    return _("unknown")

