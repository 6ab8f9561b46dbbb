"""Keeping the SD card usable all day: a reserve for the game in play, old games pruned, faults watched.

The reserve is a ballast file in the data folder. When the card fills up, the store deletes it and
tries the write again, so the game in play can finish; it is made again once the card has room.
While the store cannot write (`GameStore.fault`), the keeper probes it every few seconds and says
when it works again, so the table goes on by itself: no restart.
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kiosk.config import StoreConfig
from kiosk.store import GameStore, StoreWriteError

log = logging.getLogger("kiosk")

PROBE_EVERY = 5.0  # seconds between probes of a card that cannot be written
HOLD_EVERY = 60.0  # seconds between tries to make the reserve again
CHUNK = 1 << 20


@dataclass
class Ballast:
    """A file of `size` bytes that holds room on the card; released when the card is full."""

    path: Path
    size: int

    @property
    def held(self) -> bool:
        return self.size == 0 or (self.path.exists() and self.path.stat().st_size >= self.size)

    def hold(self) -> bool:
        """Make the file if the card has room for it and as much again; True if the reserve is held."""
        if self.held:
            return True
        try:
            if shutil.disk_usage(self.path.parent).free < 2 * self.size:
                return False
            with self.path.open("wb") as handle:
                left = self.size
                while left > 0:  # real blocks, not a sparse file: the space is really taken
                    left -= handle.write(bytes(min(CHUNK, left)))
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as error:
            log.warning("the storage reserve could not be made: %s", error)
            self.path.unlink(missing_ok=True)
            return False
        log.info("storage reserve held: %d bytes in %s", self.size, self.path)
        return True

    def release(self) -> bool:
        """Give the room back (the card is full); True if there was a reserve to give."""
        if self.size == 0 or not self.path.exists():
            return False
        self.path.unlink()
        log.warning("the SD card is full: the storage reserve (%d bytes) is released for the game in play", self.size)
        return True


@dataclass
class StorageKeeper:
    """Watches the store's card: reserve, pruning, and the fault until a write works again."""

    store: GameStore
    config: StoreConfig
    data_dir: Path
    clock: Callable[[], float] = time.monotonic
    on_change: Callable[[StoreWriteError | None], None] | None = None  # a fault began or ended
    ballast: Ballast = field(init=False)
    _known: StoreWriteError | None = None
    _next_probe: float = 0.0
    _next_hold: float = 0.0

    BALLAST = "reserve.ballast"

    def __post_init__(self) -> None:
        self.ballast = Ballast(self.data_dir / self.BALLAST, self.config.reserve_mb << 20)
        self.store.reserve = self.ballast.release  # a fault found on opening is reported at the first check

    @property
    def fault(self) -> StoreWriteError | None:
        return self.store.fault

    def tidy(self) -> None:
        """Between games: prune old games, fold the WAL in, hold the reserve. A card that cannot be
        written is left for `check` to watch."""
        try:
            pruned = self.store.prune(self.config.keep_games, self.config.keep_days)
        except StoreWriteError as error:
            log.warning("old games not pruned: %s", error)
        else:
            if pruned:
                log.info("pruned the moves of %d old games (their results are kept)", pruned)
        self.ballast.hold()
        self.check()

    def check(self) -> None:
        """Now and then: probe a card at fault, make the reserve again once there is room."""
        now = self.clock()
        if self.store.fault is not None and now >= self._next_probe:
            self._next_probe = now + PROBE_EVERY
            self.store.probe()
        if self.store.fault is None and not self.ballast.held and now >= self._next_hold:
            self._next_hold = now + HOLD_EVERY
            self.ballast.hold()
        self._report()

    def due(self) -> float | None:
        """Seconds until `check` has something to do (None: nothing)."""
        now = self.clock()
        if self.store.fault is not None:
            return max(0.0, self._next_probe - now)
        if not self.ballast.held:
            return max(0.0, self._next_hold - now)
        return None

    def _report(self) -> None:
        fault, known = self.store.fault, self._known
        if (fault.problem if fault else None) == (known.problem if known else None):
            return
        self._known = fault
        if fault is None:
            log.warning("the store writes again")
        else:
            log.error("the store cannot write: %s", fault)
        if self.on_change is not None:
            self.on_change(fault)
