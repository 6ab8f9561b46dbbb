"""The game store: an SQLite event log on disk (WAL), so a power cut loses nothing.

Every accepted action is committed, and the WAL synced, before its effects are shown; a game is the
seed, the options and the list of actions, so an unfinished game replays to the identical state.
The store syncs the WAL itself after each commit (SQLite's synchronous=NORMAL, which syncs it only at
a checkpoint), as synchronous=FULL would inside the commit, so that a move's sync can run on a thread
of its own while the referee's loop applies the move (`write(..., later=True)`, then `synced()`):
the sync's work in the kernel (0.14 of a commit's 0.17 ms here) is then off the loop.
A file that is not our database (corrupt, or some other program's) is moved aside, never overwritten.
A new store is made under a temporary name and renamed into place once complete, so a cut while it
is made never leaves a half-made file. A row that does not parse is reported (`GameRecord.problem`,
`CorruptRow`), never raised at the reader as a bare JSON error.

A card that is full, read-only or failing is not a crash: a write that cannot be made raises
`StoreWriteError` (nothing was stored) and sets `fault` until a write works again. A full card first
spends the reserve (`reserve`, the ballast file) and tries once more. Old games lose their moves
(`prune`; their result row stays for the history) and the WAL is checkpointed, so the store stays small.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from kiosk.i18n import N_, Text

APPLICATION_ID = 0x4D544231  # "MTB1": marks the file as a Mystery Table store
SCHEMA_VERSION = 2
# Messages for the café's broker (`kiosk.fleet.link`) not yet acknowledged by it: kept across outages and restarts.
OUTBOX_TABLE = """
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    topic TEXT NOT NULL,
    payload TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE
)"""
MIGRATIONS = {1: OUTBOX_TABLE}  # store version -> the script that brings it to the next one
SCHEMA = OUTBOX_TABLE + """;
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


PRUNED_TABLE = "CREATE TABLE IF NOT EXISTS pruned (game INTEGER PRIMARY KEY REFERENCES games(id), at REAL NOT NULL)"
# The WAL is folded into the store by the referee, after a move's screens are written, once
# CHECKPOINT_COMMITS commits went into it (some 200 pages: `checkpoint_due`); SQLite's own checkpoint,
# which runs inside the commit that fills the WAL to WAL_PAGES, is only the backstop for a store
# nobody folds (4 MiB): in a move's commit, before its screens, it cost that move 2-27 ms of syncs here.
CHECKPOINT_COMMITS = 100
WAL_PAGES = 1024
# The phone links of the game in play (kiosk/web/links.py), as SHA-256 digests of their tokens: enough to
# recognise a phone's link after a power cut, never the link itself. Only the latest game's are kept.
SEAT_LINKS_TABLE = ("CREATE TABLE IF NOT EXISTS seat_links (game INTEGER NOT NULL REFERENCES games(id), "
                    "seat INTEGER NOT NULL, digest TEXT NOT NULL, PRIMARY KEY (game, digest))")
JOURNAL_LIMIT = 1 << 20  # bytes of WAL kept after a checkpoint

COMPACT_EVERY = 25  # games pruned between two rewrites of the store
NEARLY_FULL = 64 << 10  # bytes: a card with less room than this left is full

T = TypeVar("T")
log = logging.getLogger("kiosk")


class StoreError(Exception):
    """The store could not be used; the message says which file and why."""


class CorruptRow(StoreError):
    """A stored action does not parse (its JSON, or its seat); the message says which one."""


# Why the card cannot be written, and what staff can do: the touchscreen and the admin menu (long),
# a seat screen (short).
PROBLEMS = {
    "full": (
        N_("The SD card is full: moves cannot be saved. Staff: free space on the card (delete files or "
           "lower store.keep_games); the game goes on by itself then."),
        N_("Not saved: card full"),
    ),
    "readonly": (
        N_("The SD card is read-only: moves cannot be saved. Staff: check the card and its lock switch, "
           "or replace it; the game goes on by itself once it can be written."),
        N_("Not saved: card read-only"),
    ),
    "failing": (
        N_("The SD card failed to save: moves cannot be saved. Staff: check or replace the card; the game "
           "goes on by itself once it can be written."),
        N_("Not saved: card error"),
    ),
}


class StoreWriteError(StoreError):
    """The card could not take a write (full, read-only, failing): nothing was stored."""

    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(detail)
        self.problem = problem  # a key of PROBLEMS

    @property
    def text(self) -> Text:
        return Text(PROBLEMS[self.problem][0])

    @property
    def short(self) -> Text:
        return Text(PROBLEMS[self.problem][1])


def write_problem(error: BaseException, path: Path | None = None) -> str | None:
    """The storage trouble behind an error ("full", "readonly", "failing"), or None if it is another kind.
    The file system holding `path` has the last word: SQLite often says only that it cannot open a
    file (the -shm of a full card) or that the store is read-only (one opened read-only because of it)."""
    problem = _problem_of(error)
    if problem is None or path is None:
        return problem
    try:
        card = os.statvfs(path.parent)
    except OSError:
        return problem
    if card.f_flag & os.ST_RDONLY:
        return "readonly"
    if card.f_bavail * card.f_frsize < NEARLY_FULL:
        return "full"
    return problem


def _problem_of(error: BaseException) -> str | None:
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        primary = code & 0xFF if isinstance(code, int) else None
        if primary == sqlite3.SQLITE_FULL:
            return "full"
        if primary == sqlite3.SQLITE_READONLY:
            return "readonly"
        if primary in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN):
            return "failing"
        return None
    if isinstance(error, OSError):
        return {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EROFS: "readonly", errno.EACCES: "readonly",
                errno.EPERM: "readonly", errno.EIO: "failing"}.get(error.errno or 0)
    return None


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
        self.fault: StoreWriteError | None = None  # the last write failed; cleared by the next that works
        self.reserve: Callable[[], bool] | None = None  # frees space on a full card (the ballast); True if it did
        self.reopen = False  # opened read-only: a probe opens it for writing once the card allows
        self.commits = 0  # since the WAL was last folded in by `checkpoint_due`
        # The WAL this store syncs after each commit (None: SQLite syncs, not in WAL mode: read-only, say).
        self.wal = _wal(connection, path)
        self._syncer: ThreadPoolExecutor | None = None  # the thread of the syncs `write(..., later=True)` starts
        self._syncing: Future[OSError | None] | None = None

    @classmethod
    def open(cls, data_dir: Path) -> GameStore:
        data_dir.mkdir(parents=True, exist_ok=True)
        path = data_dir / cls.FILENAME
        try:
            return cls(_connect(path), path)
        except (sqlite3.DatabaseError, OSError) as problem:
            if write_problem(problem, path) is not None and path.exists():
                return cls._read_only(path, problem)  # the card is at fault, not the file: keep it
            if isinstance(problem, OSError):
                raise StoreError(f"{path}: {problem.strerror or problem}") from None
            return cls._moved_aside(path, problem)
        except StoreError as problem:
            return cls._moved_aside(path, problem)

    @classmethod
    def _read_only(cls, path: Path, problem: BaseException) -> GameStore:
        """A card that cannot be written at all: the games on it are still read (and offered for resume),
        every write is refused with the reason."""
        connection = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        store = cls(connection, path, f"{path}: cannot write ({problem}); opened read-only")
        store.fault = StoreWriteError(write_problem(problem, path) or "failing", f"{path}: {problem}")
        store.reopen = True
        return store

    @classmethod
    def _moved_aside(cls, path: Path, problem: BaseException) -> GameStore:
        aside = path.with_name(f"{path.name}.unusable-{time.strftime('%Y%m%d-%H%M%S')}")
        for suffix in ("", "-wal", "-shm"):
            part = Path(str(path) + suffix)
            if part.exists():
                part.rename(str(aside) + suffix)
        notice = f"{path}: {problem}; moved aside to {aside.name} and started a new store"
        return cls(_connect(path), path, notice)

    def close(self) -> None:
        self.synced()
        if self._syncer is not None:
            self._syncer.shutdown()
        self.connection.close()

    def write(self, work: Callable[[sqlite3.Connection], T], later: bool = False) -> T:
        """Run `work` in one transaction, then sync the WAL: at once, or with `later` on the store's
        own thread, to be waited for with `synced()` before anything the write tells of is shown. If
        the card cannot take the write, nothing is stored and `StoreWriteError` says why; a full card
        spends the reserve and tries once more. A sync that fails sets `fault` and is logged: the
        write stands (SQLite holds it), and nothing of it is undone."""
        for attempt in (1, 2):
            try:
                with self.connection:
                    result = work(self.connection)
            except (sqlite3.Error, OSError) as error:
                problem = write_problem(error, self.path)
                if problem is None:
                    raise
                if problem == "full" and attempt == 1 and self.reserve is not None and self.reserve():
                    continue
                self.fault = StoreWriteError(problem, f"{self.path}: {error}")
                raise self.fault from error
            self.fault = None
            self.commits += 1
            if self.wal is None:
                return result
            self.synced()  # one sync at a time, in the order of the commits
            if later:
                if self._syncer is None:
                    self._syncer = ThreadPoolExecutor(1, thread_name_prefix="store-sync")
                self._syncing = self._syncer.submit(self.sync_wal)
            else:
                self._sync_ended(self.sync_wal())
            return result
        raise AssertionError("unreachable")

    def sync_wal(self) -> OSError | None:
        """Sync the WAL to the card: what the last commits wrote is then durable. The error, if it failed."""
        assert self.wal is not None
        try:
            _fsync(self.wal)
        except OSError as error:
            return error
        return None

    def synced(self) -> None:
        """Return once the sync `write(..., later=True)` started is done (at once if none is)."""
        syncing, self._syncing = self._syncing, None
        if syncing is not None:
            self._sync_ended(syncing.result())

    def _sync_ended(self, error: OSError | None) -> None:
        if error is not None:
            log.error("%s: the WAL could not be synced: %s", self.path, error)
            self.fault = StoreWriteError(write_problem(error, self.path) or "failing", f"{self.path}: {error}")

    def begin(self, game: str, options: dict[str, Any], seed: int, seats: int, bots: list[int]) -> int:
        def insert(connection: sqlite3.Connection) -> int:
            cursor = connection.execute(
                "INSERT INTO games (game, options, seed, seats, bots, started) VALUES (?, ?, ?, ?, ?, ?)",
                (game, json.dumps(options, sort_keys=True), seed, seats, json.dumps(bots), time.time()),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

        return self.write(insert)

    def append(self, game_id: int, seat: int, action: dict[str, Any], outcome: dict[str, Any] | None = None) -> int:
        """Commit one accepted action; returns its sequence number (1, 2, ...). The action that ends the
        game comes with its `outcome`: both are committed together, so no cut can keep one without
        the other."""
        return self.append_all(game_id, seat, [action], outcome)

    def append_all(self, game_id: int, seat: int, actions: list[dict[str, Any]],
                   outcome: dict[str, Any] | None = None, later: bool = False) -> int:
        """Commit a seat's actions taken at once (a walk on its buttons) in one transaction, one sync
        of the card for them all (with `later`, on the store's own thread: `synced()`); returns the
        last one's sequence number. A cut keeps all or none."""
        def insert(connection: sqlite3.Connection) -> int:
            (last,) = connection.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game = ?", (game_id,)).fetchone()
            now = time.time()
            connection.executemany(
                "INSERT INTO actions (game, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, last + n, seat, json.dumps(action), now) for n, action in enumerate(actions, 1)],
            )
            if outcome is not None:
                _end(connection, game_id, outcome)
            return int(last) + len(actions)

        return self.write(insert, later)

    def finish(self, game_id: int, outcome: dict[str, Any]) -> None:
        self.write(lambda connection: _end(connection, game_id, outcome))

    def abandon(self, game_id: int, reason: str | None = None) -> None:
        """An unfinished game nobody wants to (or can) resume: kept for history, with no outcome,
        and the reason it could not be resumed, if that was why."""
        self.write(lambda connection: _end(connection, game_id, {"abandoned": True, **({"reason": reason} if reason else {})}))

    def probe(self) -> bool:
        """Whether the card takes a write now: two pages are committed to a scratch table and deleted
        again (no game changes). Clears `fault` when it works; a full card does not spend the reserve."""
        reserve, self.reserve = self.reserve, None
        try:
            if self.reopen:
                self._reopen()
            self.write(_probe_write)
            self.write(lambda connection: connection.execute("DELETE FROM scratch"))
        except StoreWriteError:
            return False
        finally:
            self.reserve = reserve
        return True

    def _reopen(self) -> None:
        try:
            connection = _connect(self.path)
        except (sqlite3.Error, OSError, StoreError) as error:
            self.fault = StoreWriteError(write_problem(error, self.path) or "failing", f"{self.path}: {error}")
            raise self.fault from error
        self.connection.close()
        self.connection, self.reopen = connection, False
        self.wal = _wal(connection, self.path)

    def prune(self, keep_games: int, keep_days: float, now: float | None = None) -> int:
        """Old finished games lose their moves (the bulk of the store) and their result's detail; their
        row stays, with scores and winners, for `kiosk history` and the stats. A game keeps its moves while it is among the newest
        `keep_games` finished games and finished less than `keep_days` ago. Returns how many were pruned."""
        cutoff = (time.time() if now is None else now) - keep_days * 86400

        def prune(connection: sqlite3.Connection) -> int:
            connection.execute(PRUNED_TABLE)
            finished = connection.execute(
                "SELECT id, finished FROM games WHERE finished IS NOT NULL AND id NOT IN (SELECT game FROM pruned) "
                "AND id IN (SELECT game FROM actions) ORDER BY finished DESC, id DESC"
            ).fetchall()
            kept = {game for game, _ in connection.execute(
                "SELECT id, finished FROM games WHERE finished IS NOT NULL ORDER BY finished DESC, id DESC LIMIT ?",
                (keep_games,),
            )}
            old = [(game,) for game, finished_at in finished if game not in kept or finished_at < cutoff]
            connection.executemany("DELETE FROM actions WHERE game = ?", old)
            # The result stays small: scores and winners (the stats), without the tie-break detail.
            connection.executemany("UPDATE games SET outcome = json_remove(outcome, '$.detail') WHERE id = ?", old)
            connection.executemany("INSERT INTO pruned (game, at) VALUES (?, ?)", [(g, time.time()) for (g,) in old])
            return len(old)

        before = len(self.pruned())
        count = self.write(prune)
        if before // COMPACT_EVERY != (before + count) // COMPACT_EVERY:
            self.compact()
        self.checkpoint()
        return count

    def compact(self) -> None:
        """Rewrite the store without the room its pruned games left in half-empty pages (best effort:
        it needs the store's size free on the card for a moment)."""
        try:
            self.connection.execute("VACUUM")
        except sqlite3.Error as error:
            log.warning("the store was not compacted: %s", error)

    def keep_seat_links(self, game_id: int, seats: dict[int, list[str]]) -> None:
        """The digests of the phone links each of these seats of the game has now, replacing the ones
        it had (an empty list: none); the links of any other game go (one game is in play at a time)."""
        def keep(connection: sqlite3.Connection) -> None:
            connection.execute(SEAT_LINKS_TABLE)
            connection.execute("DELETE FROM seat_links WHERE game != ?", (game_id,))
            connection.executemany("DELETE FROM seat_links WHERE game = ? AND seat = ?",
                                   [(game_id, seat) for seat in seats])
            connection.executemany("INSERT OR IGNORE INTO seat_links (game, seat, digest) VALUES (?, ?, ?)",
                                   [(game_id, seat, digest) for seat, digests in seats.items() for digest in digests])

        self.write(keep)

    def forget_seat_links(self) -> None:
        """No game's phone links are live any more (the game ended or was set aside)."""
        if self._has_table("seat_links"):
            self.write(lambda connection: connection.execute("DELETE FROM seat_links"))

    def seat_links(self, game_id: int) -> dict[str, int]:
        """The digests of the game's live phone links, each with its seat."""
        if not self._has_table("seat_links"):
            return {}
        rows = self.connection.execute("SELECT digest, seat FROM seat_links WHERE game = ?", (game_id,))
        return {str(digest): int(seat) for digest, seat in rows}

    def pruned(self) -> set[int]:
        """The games whose moves were pruned (their result is kept)."""
        if not self._has_table("pruned"):
            return set()
        return {game for (game,) in self.connection.execute("SELECT game FROM pruned")}

    def checkpoint_due(self) -> bool:
        """Fold the WAL into the store if `CHECKPOINT_COMMITS` commits went into it since the last
        time; whether it did. The referee calls it once a move's screens are written, so no move waits
        for the syncs (a commit is as durable before as after: the WAL is synced at each commit). The
        WAL file is kept for the next commits to write over (a passive checkpoint, as SQLite's own)."""
        if self.commits < CHECKPOINT_COMMITS:
            return False
        self.commits = 0
        try:
            self.connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error:
            pass  # a busy or failing card: the next one, or SQLite's own backstop
        return True

    def checkpoint(self) -> None:
        """Fold the WAL into the store and truncate it (best effort: a busy or full card waits for the next)."""
        try:
            self.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error:
            pass

    def _has_table(self, name: str) -> bool:
        return self.connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (name,)
        ).fetchone() is not None

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

    def queue_message(self, topic: str, payload: str, key: str) -> None:
        """Keep a message for the broker until it acknowledges it; one per `key` (a game's end queued twice is one)."""
        self.write(lambda connection: connection.execute(
            "INSERT OR IGNORE INTO outbox (topic, payload, key) VALUES (?, ?, ?)", (topic, payload, key)
        ))

    def queued_messages(self) -> list[tuple[int, str, str]]:
        """(id, topic, payload) of every message the broker has not acknowledged yet, oldest first."""
        if not self._has_table("outbox"):  # an older store opened read-only (a card that takes no writes)
            return []
        return [(int(i), t, p) for i, t, p in self.connection.execute("SELECT id, topic, payload FROM outbox ORDER BY id")]

    def unqueue_message(self, message_id: int) -> None:
        self.write(lambda connection: connection.execute("DELETE FROM outbox WHERE id = ?", (message_id,)))

    def unfinished(self) -> GameRecord | None:
        """The most recent game that has not ended: the one a power cut interrupted."""
        games = [g for g in self.games() if g.finished is None]
        return games[-1] if games else None


def _probe_write(connection: sqlite3.Connection) -> None:
    (page,) = connection.execute("PRAGMA page_size").fetchone()
    connection.execute("CREATE TABLE IF NOT EXISTS scratch (filler BLOB NOT NULL)")
    connection.execute("INSERT INTO scratch (filler) VALUES (zeroblob(?))", (2 * int(page),))


def _end(connection: sqlite3.Connection, game_id: int, outcome: dict[str, Any]) -> None:
    connection.execute(
        "UPDATE games SET finished = ?, outcome = ? WHERE id = ?",
        (time.time(), json.dumps(outcome, sort_keys=True), game_id),
    )


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
        if version in MIGRATIONS:
            with connection:  # an older kiosk's store: brought up to date in one transaction, games kept
                while version in MIGRATIONS:
                    connection.execute(MIGRATIONS[version])
                    version += 1
                    connection.execute(f"PRAGMA user_version = {version}")
        if version != SCHEMA_VERSION:
            raise StoreError(f"store version {version}, this kiosk reads version {SCHEMA_VERSION}")
        (mode,) = connection.execute("PRAGMA journal_mode=WAL").fetchone()
        # An acknowledged action survives a power cut: the store syncs the WAL after each commit
        # (`GameStore.write`); SQLite syncs it too where it is not a WAL (a file system without one).
        connection.execute("PRAGMA synchronous=NORMAL" if mode == "wal" else "PRAGMA synchronous=FULL")
        connection.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
        connection.execute(f"PRAGMA journal_size_limit={JOURNAL_LIMIT}")
        connection.execute("PRAGMA foreign_keys=ON")
        connection.execute("PRAGMA quick_check").fetchone()
    except BaseException:
        connection.close()
        raise
    return connection


def _wal(connection: sqlite3.Connection, path: Path) -> Path | None:
    """The WAL the store syncs after each commit; None where the store is not in WAL mode (read-only)."""
    (mode,) = connection.execute("PRAGMA journal_mode").fetchone()
    return Path(f"{path}-wal") if str(mode).lower() == "wal" else None


def _blank(path: Path) -> bool:
    """A database with nothing in it (an empty file, say): not yet a store, and nobody else's."""
    connection = sqlite3.connect(path)
    try:
        (application_id,) = connection.execute("PRAGMA application_id").fetchone()
        (tables,) = connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return bool(application_id == 0 and tables == 0)
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
