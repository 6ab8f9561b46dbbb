"""The WAL's sync: after every commit, a move's on the store's own thread, and always ahead of the first
byte of the move on any screen (SQLite syncs nothing itself: synchronous=NORMAL)."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from kiosk.store import GameStore
from tests.table_support import table_referee


class Syncs:
    """Every `os.fsync`: the file it synced, the thread, and what `at` said at that moment."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, at: Any = lambda: None, error: int | None = None) -> None:
        self.done: list[tuple[str, str, Any]] = []
        fsync = os.fsync

        def spied(descriptor: int) -> None:
            if error is not None:
                raise OSError(error, os.strerror(error))
            fsync(descriptor)
            self.done.append((os.readlink(f"/proc/self/fd/{descriptor}"), threading.current_thread().name, at()))

        monkeypatch.setattr(os, "fsync", spied)

    def files(self) -> list[str]:
        return [Path(path).name for path, _, _ in self.done]


def test_sqlite_syncs_nothing_and_the_store_syncs_the_wal_after_each_commit(tmp_path: Path, monkeypatch) -> None:
    store = GameStore.open(tmp_path)
    assert store.connection.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL: no sync in a commit
    syncs = Syncs(monkeypatch)
    game = store.begin("pi", {}, 1, 2, [])
    assert syncs.files() == ["games.sqlite-wal"] and syncs.done[0][1] == threading.current_thread().name
    store.append_all(game, 0, [{"kind": "a"}], later=True)
    store.synced()
    assert syncs.files() == ["games.sqlite-wal"] * 2 and syncs.done[1][1].startswith("store-sync")
    store.finish(game, {"winners": [0]})
    assert len(syncs.done) == 3
    store.close()


def test_a_moves_sync_is_done_before_its_first_byte_reaches_a_screen(mock_table, tmp_path, monkeypatch) -> None:
    """The referee's commit waits for the sync, on the store's thread, before it shows the move."""
    buses = list(mock_table.backend.buses.values())
    store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 3, bots=())
    syncs = Syncs(monkeypatch, at=lambda: sum(bus.bytes_sent for bus in buses))
    for _ in range(6):
        prompt = min(session.prompts(), key=lambda p: session.turn_order(p.seat))
        before, done = sum(bus.bytes_sent for bus in buses), len(syncs.done)
        referee.submit(prompt.seat, prompt.actions[0])
        assert [(Path(path).name, thread[:10], sent) for path, thread, sent in syncs.done[done:]] == [
            ("games.sqlite-wal", "store-sync", before)]  # one sync, none of the move's bytes written yet
        assert sum(bus.bytes_sent for bus in buses) > before  # and then the move was shown
    store.close()


def test_a_sync_that_fails_says_so_and_the_game_goes_on(mock_table, tmp_path, monkeypatch, caplog) -> None:
    """A card that fails its sync: the touchscreen's notice (`fault`) and the log say so; the move stands
    (SQLite holds it, so the store and the game agree), and no error reaches the players."""
    store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 3, bots=())
    Syncs(monkeypatch, error=errno.EIO)
    prompt = session.prompts()[0]
    assert referee.submit(prompt.seat, prompt.actions[0]) is None
    assert session.actions_done == 1 and len(store.actions(session.record.id)) == 1
    assert store.fault is not None and store.fault.problem == "failing"
    assert "could not be synced" in caplog.text
    monkeypatch.undo()  # the card works again: the next move clears the notice
    prompt = session.prompts()[0]
    referee.submit(prompt.seat, prompt.actions[0])
    assert store.fault is None and session.actions_done == 2
    store.close()
