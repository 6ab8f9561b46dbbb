"""What a table tells the café's broker: its state, its health and each finished game, as JSON.

Built only from public facts: the game's public view (its leg, round or minigame counters), the seat
numbers the game awaits (`kiosk.referee.awaited`: never a prompt's choices), which seats bots play, times,
and the outcome's winners by seat number. No card, no answer, no name anyone typed ever goes out.
Seats are numbered from 1, as the players see them.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from hardware.table import Table
from kiosk import __version__
from kiosk.fleet.discovery import game_name
from kiosk.referee.awaited import awaited
from kiosk.referee.session import GameSession
from kiosk.store import GameRecord

PROGRESS_KEYS = ("leg", "round", "minigame", "combats")  # the public view's counters of how far a game is


def iso(at: float) -> str:
    """A moment as ISO 8601 in UTC, to the second (what Home Assistant's timestamp sensors read)."""
    return datetime.fromtimestamp(at, timezone.utc).replace(microsecond=0).isoformat()


def progress(session: GameSession) -> dict[str, int]:
    """How far the game is (its leg, round, minigame, duels so far): public counters of the public view."""
    view = session.game.view(session.state, None)
    return {key: view[key] for key in PROGRESS_KEYS if isinstance(view.get(key), int) and not isinstance(view[key], bool)}


def state_payload(session: GameSession | None, language: str, resumable: str | None = None) -> dict[str, Any]:
    """The table's state: idle, an unfinished game waiting on the touchscreen's resume offer (`resumable`:
    its game's id), or the game in play (started when, how far, whom it awaits)."""
    if session is None:
        return {"game": resumable, "game_name": game_name(resumable, language) if resumable else None,
                "language": language, "playing": False, "resumable": resumable is not None}
    record = session.record
    waiting = sorted({seat.seat + 1 for seat in awaited(session.prompts())})
    return {
        "game": record.game,
        "game_name": game_name(record.game, language),
        "resumable": False,
        "language": language,
        "playing": not session.over,
        "seats": record.seats,
        "bots": [seat + 1 for seat in sorted(record.bots)],
        "progress": progress(session),
        "started_at": iso(record.started),
        "awaited": waiting,
    }


def finished_payload(session: GameSession, table_id: str, finished: float, language: str) -> dict[str, Any]:
    """One finished game: what the café's statistics count (`kiosk fleet`)."""
    record = session.record
    outcome = session.game.outcome(session.state)
    assert outcome is not None
    return {
        "table": table_id,
        "id": record.id,  # with the table, names the game once: a message delivered twice is counted once
        "game": record.game,
        "game_name": game_name(record.game, language),
        "seats": record.seats,
        "bots": [seat + 1 for seat in sorted(record.bots)],
        "started_at": iso(record.started),
        "finished_at": iso(finished),
        "duration_s": round(max(0.0, finished - record.started)),
        "progress": progress(session),
        "winners": [seat + 1 for seat in sorted(outcome.winners)],
    }


HISTORY_DAYS = 62  # the retained history: the games of about two months (`kiosk fleet --days`)
HISTORY_GAMES = 1000  # ... and at most this many


def history_payload(records: list[GameRecord], now: float) -> list[dict[str, Any]]:
    """The table's finished games of the last HISTORY_DAYS, newest last: what `kiosk fleet` counts
    for a period it did not listen through (retained, so it is there whenever it subscribes)."""
    cutoff = now - HISTORY_DAYS * 86400
    played = [r for r in records if r.finished is not None and r.finished >= cutoff and r.outcome is not None
              and not r.outcome.get("abandoned")]
    return [
        {"id": r.id, "game": r.game, "seats": r.seats, "bots": len(r.bots), "finished_at": iso(float(r.finished or 0)),
         "duration_s": round(max(0.0, float(r.finished or 0) - r.started))}
        for r in played[-HISTORY_GAMES:]
    ]


@dataclass
class HealthWatch:
    """Each part's health with the moment it last changed, read from the parts themselves (a seat
    screen's or the reader's `failed`), so the broker hears the same as the touchscreen."""

    started: float = field(default_factory=time.time)
    since: dict[str, tuple[bool, float]] = field(default_factory=dict)  # part -> (ok, since when)

    def payload(self, table: Table, storage: str | None = None, now: float | None = None) -> dict[str, Any]:
        """`storage`: why the SD card takes no writes now (`StoreWriteError.problem`), or None."""
        now = time.time() if now is None else now
        parts: dict[str, bool | None] = {f"seat_{seat.index + 1}": not seat.display.failed for seat in table.seats}
        parts["reader"] = None if table.reader is None else not table.reader.failed
        parts["buzzer"] = None if table.whistle is None else True  # a buzzer has no answer to miss
        shown: dict[str, dict[str, Any]] = {}
        for part, ok in parts.items():
            if ok is None:
                shown[part] = {"status": "off"}
                continue
            if part not in self.since or self.since[part][0] != ok:
                self.since[part] = (ok, now)
            shown[part] = {"status": "ok" if ok else "failed", "since": iso(self.since[part][1])}
        faults = sum(1 for part in shown.values() if part["status"] == "failed")
        return {
            "parts": shown,
            "faults": faults,
            "storage": storage or "ok",
            "attention": faults > 0 or storage is not None,
            "version": __version__,
            "uptime_s": round(now - self.started),
        }


def dumps(payload: dict[str, Any]) -> str:
    return json.dumps(payload, sort_keys=True, ensure_ascii=False)
