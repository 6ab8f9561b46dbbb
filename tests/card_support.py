"""A card to fill and a store to cap, for the tests of a full or read-only SD card (real SQLite on disk).

`card` is a 4 MiB tmpfs mounted for the test (the tests run as root, and a tmpfs with size= is a real
file system that really fills up); `cap` makes a store that cannot grow by one page more.
"""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.store import GameStore, StoreWriteError


@pytest.fixture
def card(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB SD card of its own: a tmpfs mounted for the test (as root), unmounted after it."""
    mount = tmp_path / "card"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m,mode=0755", "tmpfs", str(mount)], check=True)
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def fill(folder: Path) -> Path:
    """Take every free byte of the card holding `folder`; returns the file to delete to give it back."""
    filler = folder / "someone-elses-files"
    with filler.open("wb") as handle:
        try:
            while True:
                handle.write(bytes(64 * 1024))
                handle.flush()
        except OSError as error:
            assert error.errno == errno.ENOSPC
    with pytest.raises(OSError):  # it really is full
        (folder / "one-more").write_bytes(bytes(8192))
    return filler


def cap(store: GameStore) -> None:
    """The store may not grow by one page more, and its last pages are packed: the next move has no
    room. The packing is the moves of a game set aside (so it is never offered for resume)."""
    filler = store.begin("pi", {}, 0, 2, [])
    store.abandon(filler)
    (pages,) = store.connection.execute("PRAGMA page_count").fetchone()
    store.connection.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StoreWriteError):
        for _ in range(100_000):
            store.append(filler, 0, {})
    with pytest.raises(StoreWriteError):  # the games' pages too: setting a game aside needs room as well
        for _ in range(100_000):
            store.write(lambda connection: connection.execute(
                "INSERT INTO games (game, options, seed, seats, bots, started, finished, outcome) "
                "VALUES ('pi', '{}', 0, 2, '[]', 0, 0, '{\"abandoned\": true}')"))
    assert store.fault is not None


def uncap(store: GameStore) -> None:
    store.connection.execute("PRAGMA max_page_count = 1073741823")
