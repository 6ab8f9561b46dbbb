"""The table's side of `[mqtt]`: from the main loop's heartbeat, what the broker should hear.

`watch(session)` is called at every turn of the kiosk's loop (touchscreen or headless) with the game
in play, or None between games. It costs nothing when nothing changed: the state is rebuilt only
after an action, the health once a second. A game seen over is queued once as `game_finished`.
The commands heard on the table's command topic are carried out there too, on the main loop's thread,
with the `controls` the table gives (`kiosk.fleet.control`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

from hardware.table import Table
from kiosk.config import TableConfig
from kiosk.fleet.control import Controls, carry_out
from kiosk.fleet.link import MqttLink, retire_others, MEMORY_FILE
from kiosk.fleet.report import HealthWatch, dumps, finished_payload, history_payload, state_payload
from kiosk.referee.session import GameSession
from kiosk.store import GameStore

HEALTH_EVERY = 1.0  # seconds between two looks at the parts
UPTIME_EVERY = 60.0  # seconds between two health messages when nothing but the uptime changed


class Beacon:
    def __init__(self, link: MqttLink, table: Table, store: GameStore, language: str,
                 clock: Callable[[], float] = time.time) -> None:
        self.link = link
        self.table = table
        self.store = store
        self.language = language
        self.clock = clock
        self.controls: Controls | None = None  # what the command topic may ask of this table (None: nothing)
        self.health = HealthWatch(started=clock())
        self._seen: tuple[object, ...] | None = None
        self._health_at = 0.0
        self._health_seen: dict[str, object] | None = None
        self._health_due = 0.0
        self._today: tuple[date, int] | None = None
        self._finished: set[int] = set()  # games already queued by this kiosk

    def watch(self, session: GameSession | None) -> None:
        for found in self.link.inbox.take():
            carry_out(found, self.controls, self.link.config.table_id)
        now = self.clock()
        day = date.fromtimestamp(now)
        featured = self.controls.featured() if self.controls is not None else None
        resumable = self.controls.resumable() if self.controls is not None and session is None else None
        key = ((featured, day, resumable) if session is None
               else (session.record.id, session.actions_done, session.over, day, featured))
        if key != self._seen:
            first = self._seen is None
            self._seen = key
            if session is not None and session.over and session.record.id not in self._finished:
                self._finished.add(session.record.id)
                self._today = None
                payload = finished_payload(session, self.link.config.table_id, now, self.language)
                self.link.queue("game_finished", dumps(payload), f"game:{session.record.id}")
                first = True
            if first:  # at the start and after each game: the retained history
                self.link.retain("history", json.dumps(history_payload(self.store.games(), now), sort_keys=True))
            state = state_payload(session, self.language, resumable)
            state["games_today"] = self.games_today(day)
            state["featured"] = featured
            self.link.retain("state", dumps(state))
        if now >= self._health_at:
            self._health_at = now + HEALTH_EVERY
            fault = self.store.fault
            health = self.health.payload(self.table, fault.problem if fault else None, now)
            unchanged = {k: v for k, v in health.items() if k != "uptime_s"}
            if unchanged != self._health_seen or now >= self._health_due:  # a change at once, the uptime now and then
                self._health_seen, self._health_due = unchanged, now + UPTIME_EVERY
                self.link.retain("health", dumps(health))
        self.link.pump()

    def games_today(self, day: date) -> int:
        """Games finished today at this table (abandoned ones are not games played)."""
        if self._today is None or self._today[0] != day:
            count = sum(1 for g in self.store.games() if g.finished is not None and g.outcome is not None
                        and not g.outcome.get("abandoned") and date.fromtimestamp(g.finished) == day)
            self._today = (day, count)
        return self._today[1]

    def close(self) -> None:
        self.link.close()


def start_beacon(config: TableConfig, table: Table, store: GameStore, language: str, data: Path,
                 configuration_url: str | None = None, touchscreen: bool = True) -> Beacon | None:
    """The beacon of a table with `[mqtt]`, connecting in the background; None without one (a table
    that had one before takes its Home Assistant entities away, in the background too).
    `configuration_url`: the table's web page, when its phone seats' server runs; `touchscreen`: the
    table runs its touchscreen (else Home Assistant is offered no control only its admin menu has)."""
    if config.mqtt is None:
        if (data / MEMORY_FILE).exists():
            retire_others(data / MEMORY_FILE, keep=None)
        return None
    link = MqttLink(config.mqtt, store, language, data, configuration_url, touchscreen)
    link.start()
    return Beacon(link, table, store, language)
