"""The WAL is folded into the store after a move's screens are written, never inside a move's commit
(SQLite's own checkpoint, in the commit that fills the WAL, syncs the store before the move is shown)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kiosk.store import CHECKPOINT_COMMITS, GameStore
from tests.table_support import table_referee


def wal_salt(store: GameStore) -> bytes:
    """The WAL header's salts: SQLite draws new ones each time the WAL restarts after a checkpoint."""
    with open(f"{store.path}-wal", "rb") as wal:
        return wal.read(32)[16:24]


def test_commits_never_fold_the_wal_and_checkpoint_due_folds_it_once_enough_went_in(tmp_path: Path) -> None:
    store = GameStore.open(tmp_path)
    game = store.begin("mystery-express", {}, 1, 4, [])
    store.append_all(game, 0, [{"kind": "move", "args": [0]}])
    salt = wal_salt(store)
    for n in range(1, CHECKPOINT_COMMITS + 50):  # past where SQLite's own checkpoint at 256 pages folded it
        store.append_all(game, 0, [{"kind": "move", "args": [n, "x" * 200]}])
        assert wal_salt(store) == salt, f"the WAL was folded inside commit {n}"
    assert store.checkpoint_due()
    assert not store.checkpoint_due()  # counted again from there
    store.append_all(game, 0, [{"kind": "move", "args": ["after"]}])
    assert wal_salt(store) != salt  # folded: the next commit began the WAL anew
    assert len(store.actions(game)) == CHECKPOINT_COMMITS + 51
    store.close()


def test_fewer_commits_fold_nothing(tmp_path: Path) -> None:
    store = GameStore.open(tmp_path)
    game = store.begin("mystery-express", {}, 1, 4, [])
    for n in range(CHECKPOINT_COMMITS - 2):
        store.append_all(game, 0, [{"kind": "move", "args": [n]}])
    assert not store.checkpoint_due()
    store.close()


def test_the_referee_folds_the_wal_after_the_last_byte_of_a_move_on_the_seat_screens(mock_table: Any,
                                                                                    tmp_path: Path) -> None:
    store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 1, bots=())
    bus = mock_table.backend.bus
    called: list[int] = []
    due = store.checkpoint_due

    def counted() -> bool:
        called.append(len(bus.transactions))
        return due()

    store.checkpoint_due = counted  # type: ignore[method-assign]
    prompt = session.game.prompts(session.state)[0]
    referee.submit(prompt.seat, prompt.actions[0])
    assert called == [len(bus.transactions)] and called[0] > 0
    store.close()
