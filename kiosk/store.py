"""The game store: an SQLite event log on disk (WAL), so a power cut loses nothing.

Every accepted action is committed (synchronous=FULL) before its effects are shown; a game is the
seed, the options and the list of actions, so an unfinished game replays to the identical state.
A file that is not our database (corrupt, or some other program's) is moved aside, never overwritten.
A new store is made under a temporary name and renamed into place once complete, so a cut while it
is made never leaves a half-made file. A row that does not parse is reported (`GameRecord.problem`,
`CorruptRow`), never raised at the reader as a bare JSON error.
"""

from __future__ import annotations

import json
import os
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


class CorruptRow(StoreError):
    """A stored action does not parse (its JSON, or its seat); the message says which one."""


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
    problem: str | None = None  # why the row cannot be read (its other fields are then placeholders)

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
            **({"problem": self.problem} if self.problem else {}),
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

    def append(self, game_id: int, seat: int, action: dict[str, Any], outcome: dict[str, Any] | None = None) -> int:
        """Commit one accepted action; returns its sequence number (1, 2, ...). The action that ends the
        game comes with its `outcome`: both are committed together, so no cut can keep one without
        the other."""
        with self.connection:
            (last,) = self.connection.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game = ?", (game_id,)
            ).fetchone()
            self.connection.execute(
                "INSERT INTO actions (game, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, last + 1, seat, json.dumps(action), time.time()),
            )
            if outcome is not None:
                self._end(game_id, outcome)
        return int(last) + 1

    def finish(self, game_id: int, outcome: dict[str, Any]) -> None:
        with self.connection:
            self._end(game_id, outcome)

    def abandon(self, game_id: int, reason: str | None = None) -> None:
        """An unfinished game nobody wants to (or can) resume: kept for history, with no outcome,
        and the reason it could not be resumed, if that was why."""
        with self.connection:
            self._end(game_id, {"abandoned": True, **({"reason": reason} if reason else {})})

    def _end(self, game_id: int, outcome: dict[str, Any]) -> None:
        self.connection.execute(
            "UPDATE games SET finished = ?, outcome = ? WHERE id = ?",
            (time.time(), json.dumps(outcome, sort_keys=True), game_id),
        )

    def actions(self, game_id: int) -> list[tuple[int, dict[str, Any]]]:
        """The game's actions in order; raises `CorruptRow` at the first one that does not parse."""
        rows = self.connection.execute(
            "SELECT seq, seat, action FROM actions WHERE game = ? ORDER BY seq", (game_id,)
        ).fetchall()
        parsed = []
        for seq, seat, action in rows:
            try:
                if not isinstance(seat, int):
                    raise ValueError(f"seat {seat!r} is not a number")
                parsed.append((seat, json.loads(action)))
            except (ValueError, TypeError) as error:
                raise CorruptRow(f"action {seq} of game {game_id} does not parse: {error}") from None
        return parsed

    def action_count(self, game_id: int) -> int:
        (count,) = self.connection.execute("SELECT COUNT(*) FROM actions WHERE game = ?", (game_id,)).fetchone()
        return int(count)

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
    """A game row; one whose columns do not parse is still listed, with what is wrong as its problem."""
    id_, game, options, seed, seats, bots, started, finished, outcome = row
    try:
        return GameRecord(
            int(id_), str(game), _json(options, dict, "options"), _number(seed, "seed"), _number(seats, "seats"),
            _seats(_json(bots, list, "bots")), float(started), None if finished is None else float(finished),
            None if outcome is None else _json(outcome, dict, "outcome"),
        )
    except (ValueError, TypeError) as error:
        problem = f"game {id_} does not parse: {error}"
        ended = finished if isinstance(finished, (int, float)) else None
        started = started if isinstance(started, (int, float)) else 0.0
        return GameRecord(int(id_), str(game), {}, 0, 0, [], float(started), ended, None, problem)


def _json(text: Any, kind: type, column: str) -> Any:
    try:
        value = json.loads(text)
    except (ValueError, TypeError):
        raise ValueError(f"{column} is not valid JSON") from None
    if not isinstance(value, kind):
        raise ValueError(f"{column} is not a JSON {kind.__name__}")
    return value


def _seats(bots: list[Any]) -> list[int]:
    if not all(isinstance(seat, int) for seat in bots):
        raise ValueError("bots is not a list of seat numbers")
    return bots


def _number(value: Any, column: str) -> int:
    if not isinstance(value, int):
        raise ValueError(f"{column} {value!r} is not a whole number")
    return value


def _connect(path: Path) -> sqlite3.Connection:
    if not path.exists() or _blank(path):
        _create(path)
    connection = sqlite3.connect(path, isolation_level="DEFERRED")
    try:
        (application_id,) = connection.execute("PRAGMA application_id").fetchone()
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        if application_id != APPLICATION_ID:
            raise StoreError("not a Mystery Table store (another program's database)")
        if version != SCHEMA_VERSION:
            raise StoreError(f"store version {version}, this kiosk reads version {SCHEMA_VERSION}")
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")  # an acknowledged action survives a power cut
        connection.execute("PRAGMA foreign_keys=ON")
        connection.execute("PRAGMA quick_check").fetchone()
    except BaseException:
        connection.close()
        raise
    return connection


def _blank(path: Path) -> bool:
    """A database with nothing in it (an empty file, say): not yet a store, and nobody else's."""
    connection = sqlite3.connect(path)
    try:
        (application_id,) = connection.execute("PRAGMA application_id").fetchone()
        (tables,) = connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return application_id == 0 and tables == 0
    finally:
        connection.close()


def _create(path: Path) -> None:
    """Make a new store under a temporary name, then rename it into place: a cut at any moment leaves
    either no store (and a temporary file the next start clears) or a whole one."""
    making = path.with_name(path.name + ".new")
    for suffix in ("", "-journal", "-wal", "-shm"):
        Path(str(making) + suffix).unlink(missing_ok=True)
    connection = sqlite3.connect(making)
    try:
        connection.executescript(SCHEMA)
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("PRAGMA journal_mode=WAL")  # kept in the file's header
    finally:
        connection.close()  # writes the log back into the file and removes it
    _fsync(making)
    for suffix in ("-wal", "-shm"):  # what a blank store left beside it must not be read as this one's log
        Path(str(path) + suffix).unlink(missing_ok=True)
    os.replace(making, path)
    _fsync(path.parent)


def _fsync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
