"""Learn as you play, remembered with the game in the store: whether it is on, and what was explained.

`learn` is a table setting, not a game option: it changes what the screens say, never the rules, so
it stays out of the options the engine is started with (a stored game replays from its seed, options
and actions alone, and a game with `learn` on replays exactly as one without). It is kept beside the
game in two small tables of its own, made when first needed (as the phone links' are), so a store
of an older kiosk needs no migration and one without them simply has no game that learns:

- `learning`: the games played with `learn` on;
- `learned`: each (seat, kind) the table has explained in a game (seat -1: the board), so that after a
  power cut a resumed game does not explain again what it already did.

Remembering is best effort: a card that cannot take the write leaves the kind explained for the rest
of this run (it is kept in memory) and the game goes on.
"""

from __future__ import annotations

import logging
import sqlite3

from kiosk.seats.learn import Learning
from kiosk.store import GameStore, StoreWriteError

log = logging.getLogger("kiosk")

LEARNING_TABLE = "CREATE TABLE IF NOT EXISTS learning (game INTEGER PRIMARY KEY REFERENCES games(id))"
LEARNED_TABLE = ("CREATE TABLE IF NOT EXISTS learned (game INTEGER NOT NULL REFERENCES games(id), "
                 "seat INTEGER NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (game, seat, kind))")


def keep_learning(store: GameStore, game_row: int) -> None:
    """The game `game_row` is played with `learn` on (raises `StoreWriteError` if the card cannot take it)."""
    def keep(connection: sqlite3.Connection) -> None:
        connection.execute(LEARNING_TABLE)
        connection.execute("INSERT OR IGNORE INTO learning (game) VALUES (?)", (game_row,))

    store.write(keep)


def learning_of(store: GameStore, game_row: int, game_id: str) -> Learning | None:
    """The game's learning (what was explained so far, and how to remember more), None if it does not learn."""
    if not _has(store, "learning") or store.connection.execute(
            "SELECT 1 FROM learning WHERE game = ?", (game_row,)).fetchone() is None:
        return None
    explained: set[tuple[int, str]] = set()
    if _has(store, "learned"):
        explained = {(int(seat), str(kind)) for seat, kind in store.connection.execute(
            "SELECT seat, kind FROM learned WHERE game = ?", (game_row,))}

    def remember(seat: int, kind: str) -> None:
        def keep(connection: sqlite3.Connection) -> None:
            connection.execute(LEARNED_TABLE)
            connection.execute("INSERT OR IGNORE INTO learned (game, seat, kind) VALUES (?, ?, ?)", (game_row, seat, kind))

        try:
            store.write(keep)
        except StoreWriteError as error:
            log.warning("what was explained at seat %d (%s) is not remembered: %s", seat + 1, kind, error)

    return Learning(game_id, explained, remember)


def _has(store: GameStore, table: str) -> bool:
    return store.connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (table,)).fetchone() is not None
