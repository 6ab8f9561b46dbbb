"""The game store: an SQLite event log on disk (WAL), so a power cut loses nothing.

Every accepted action is committed (synchronous=FULL) before its effects are shown; a game is the
seed, the options and the list of actions, so an unfinished game replays to the identical state.
A file that is not our database (corrupt, or some other program's) is moved aside, never overwritten.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

APPLICATION_ID = 0x4D544231  # "MTB1": marks the file as a Mystery Table store
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats INTEGER NOT NULL,
    bots TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL,
    outcome TEXT
);
CREATE TABLE actions (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


class StoreError(Exception):
    """The store could not be used; the message says which file and why."""


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    options: dict[str, Any]
    seed: int
    seats: int
    bots: list[int]
    started: float
    finished: float | None
    outcome: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "bots": self.bots,
            "started": self.started,
            "finished": self.finished,
            "outcome": self.outcome,
        }


class GameStore:
    FILENAME = "games.sqlite"

    def __init__(self, connection: sqlite3.Connection, path: Path, notice: str | None = None) -> None:
        self.connection = connection
        self.path = path
        self.notice = notice  # what happened on opening, for the operator (a file moved aside)

    @classmethod
    def open(cls, data_dir: Path) -> GameStore:
        data_dir.mkdir(parents=True, exist_ok=True)
        path = data_dir / cls.FILENAME
        try:
            return cls(_connect(path), path)
        except (sqlite3.DatabaseError, StoreError) as problem:
            aside = path.with_name(f"{path.name}.unusable-{time.strftime('%Y%m%d-%H%M%S')}")
            for suffix in ("", "-wal", "-shm"):
                part = Path(str(path) + suffix)
                if part.exists():
                    part.rename(str(aside) + suffix)
            notice = f"{path}: {problem}; moved aside to {aside.name} and started a new store"
            return cls(_connect(path), path, notice)

    def close(self) -> None:
        self.connection.close()

    def begin(self, game: str, options: dict[str, Any], seed: int, seats: int, bots: list[int]) -> int:
        with self.connection:
            cursor = self.connection.execute(
                "INSERT INTO games (game, options, seed, seats, bots, started) VALUES (?, ?, ?, ?, ?, ?)",
                (game, json.dumps(options, sort_keys=True), seed, seats, json.dumps(bots), time.time()),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def append(self, game_id: int, seat: int, action: dict[str, Any]) -> int:
        """Commit one accepted action; returns its sequence number (1, 2, ...)."""
        with self.connection:
            (last,) = self.connection.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game = ?", (game_id,)
            ).fetchone()
            self.connection.execute(
                "INSERT INTO actions (game, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, last + 1, seat, json.dumps(action), time.time()),
            )
        return int(last) + 1

    def finish(self, game_id: int, outcome: dict[str, Any]) -> None:
        with self.connection:
            self.connection.execute(
                "UPDATE games SET finished = ?, outcome = ? WHERE id = ?",
                (time.time(), json.dumps(outcome, sort_keys=True), game_id),
            )

    def abandon(self, game_id: int) -> None:
        """An unfinished game nobody wants to resume: kept for history, with no outcome."""
        with self.connection:
            self.connection.execute(
                "UPDATE games SET finished = ?, outcome = ? WHERE id = ?",
                (time.time(), json.dumps({"abandoned": True}), game_id),
            )

    def actions(self, game_id: int) -> list[tuple[int, dict[str, Any]]]:
        rows = self.connection.execute(
            "SELECT seat, action FROM actions WHERE game = ? ORDER BY seq", (game_id,)
        ).fetchall()
        return [(int(seat), json.loads(action)) for seat, action in rows]

    def games(self) -> list[GameRecord]:
        rows = self.connection.execute(
            "SELECT id, game, options, seed, seats, bots, started, finished, outcome FROM games ORDER BY id"
        ).fetchall()
        return [_record(row) for row in rows]

    def game(self, game_id: int) -> GameRecord | None:
        row = self.connection.execute(
            "SELECT id, game, options, seed, seats, bots, started, finished, outcome FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        return _record(row) if row else None

    def unfinished(self) -> GameRecord | None:
        """The most recent game that has not ended: the one a power cut interrupted."""
        games = [g for g in self.games() if g.finished is None]
        return games[-1] if games else None


def _record(row: tuple[Any, ...]) -> GameRecord:
    id_, game, options, seed, seats, bots, started, finished, outcome = row
    return GameRecord(
        int(id_), game, json.loads(options), int(seed), int(seats), json.loads(bots),
        float(started), finished, json.loads(outcome) if outcome else None,
    )


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level="DEFERRED")
    try:
        (application_id,) = connection.execute("PRAGMA application_id").fetchone()
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if application_id == 0 and not tables:
            connection.execute("PRAGMA journal_mode=WAL")
            with connection:
                connection.executescript(SCHEMA)
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        elif application_id != APPLICATION_ID:
            raise StoreError("not a Mystery Table store (another program's database)")
        elif version != SCHEMA_VERSION:
            raise StoreError(f"store version {version}, this kiosk reads version {SCHEMA_VERSION}")
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")  # an acknowledged action survives a power cut
        connection.execute("PRAGMA foreign_keys=ON")
        connection.execute("PRAGMA quick_check").fetchone()
    except BaseException:
        connection.close()
        raise
    return connection
