"""Power cuts at every commit of one game of each of the four games: how many resume to the same store.

Bots play every seat through the real referee loop and the real store on disk (SQLite, WAL). Right
after each commit the store's files (the database and its write-ahead log) are copied, as a power
cut at that moment would leave them. Each copy is then opened as the next start would: the unfinished
game is resumed with fresh bots and played on to its end. A cut point counts as identical when the
store it ends with holds the same action rows, in the same order, and the same outcome as the game
played without a cut.

    .venv/bin/python bench/power_cuts.py [--seed N]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hardware.sim.mock_table import MockTable, build_mock_table  # noqa: E402
from kiosk.bots import Bot  # noqa: E402
from kiosk.bots.random_bot import RandomBot  # noqa: E402
from kiosk.bots.table_bots import table_bot  # noqa: E402
from kiosk.referee.narration import narrator_for  # noqa: E402
from kiosk.seats.pages import seat_pages  # noqa: E402
from kiosk.referee.session import GameSession, resumable  # noqa: E402
from kiosk.store import GameRecord, GameStore  # noqa: E402
from kiosk.referee.table import Referee  # noqa: E402

GAMES = {"mystery-express": 4, "pi": 4, "watson-holmes": 4, "mystery-city": 4}
STORE_FILES = (GameStore.FILENAME, GameStore.FILENAME + "-wal")


@dataclass(frozen=True)
class Played:
    """What a store holds of its one game: the action rows in order and the end record."""

    actions: list[tuple[int, dict[str, Any]]]
    outcome: dict[str, Any] | None


def contents(store: GameStore) -> Played:
    (record,) = store.games()
    return Played(store.actions(record.id), record.outcome)


BotMaker = Callable[[str, int, int], Bot]  # (game, seat, seed) -> the bot at that seat


def random_bot(_game: str, seat: int, seed: int) -> Bot:
    return RandomBot(seat, seed)


def bots_for(record: GameRecord, bot: BotMaker) -> dict[int, Bot]:
    return {seat: bot(record.game, seat, record.seed) for seat in record.bots}


def referee_for(session: GameSession, mock: MockTable, bots: dict[int, Bot]) -> Referee:
    """The headless kiosk's referee: a bot at every seat, answering at once."""
    record = session.record
    narrator = narrator_for(record.game, session.game.view(session.state, None))
    return Referee(session, mock.table, lambda seat: seat_pages(record.game, narrator, "en"), bots,
                   bot_delay=0.0, reveal_seconds=0.0)


def snapshot_after_each_commit(store: GameStore, folder: Path) -> list[Path]:
    """Copy the store's files after every committed transaction (sqlite's commit hook is too early:
    it runs before the commit is durable). Returns the list the copies are added to."""
    copies: list[Path] = []
    connection = store.connection

    def snapshot() -> None:
        copy = folder / f"cut-{len(copies) + 1:04d}"
        copy.mkdir(parents=True)
        for name in STORE_FILES:
            if (store.path.parent / name).exists():
                shutil.copy2(store.path.parent / name, copy / name)
        copies.append(copy)

    class Snapshotting:
        def __getattr__(self, name: str) -> Any:
            return getattr(connection, name)

        def __enter__(self) -> Any:
            return connection.__enter__()

        def __exit__(self, *exc: Any) -> Any:
            result = connection.__exit__(*exc)
            if exc[0] is None:
                snapshot()
            return result

        def commit(self) -> None:
            connection.commit()
            snapshot()

    store.connection = Snapshotting()  # type: ignore[assignment]
    return copies


def play_whole(game_id: str, seats: int, seed: int, data: Path, mock: MockTable, bot: BotMaker
               ) -> tuple[Played, list[Path]]:
    store = GameStore.open(data / "whole")
    copies = snapshot_after_each_commit(store, data / "cuts")
    session = GameSession.start(store, game_id, seats, seed, {}, bots=list(range(seats)))
    referee_for(session, mock, bots_for(session.record, bot)).run(timeout=0.0)
    played = contents(store)
    store.close()
    return played, copies


def resume_from(copy: Path, mock: MockTable, bot: BotMaker, steps: int | None = None) -> Played:
    """The next start after a cut: resume the unfinished game (if any) and play on, to its end or for
    `steps` more actions."""
    store = GameStore.open(copy)
    try:
        record = resumable(store)
        if record is not None:
            bots = bots_for(record, bot)
            session = GameSession.resume(store, record, bots)
            enough = None if steps is None else session.actions_done + steps
            referee_for(session, mock, bots).run(
                stop=None if enough is None else lambda: session.actions_done >= enough, timeout=0.0)
        return contents(store)
    finally:
        store.close()


def same_game(after: Played, whole: Played) -> bool:
    """The resumed store holds the game played without a cut, or (played on for a few actions) the
    start of it."""
    if after.outcome is None:
        return after.actions == whole.actions[:len(after.actions)] and len(after.actions) < len(whole.actions)
    return after == whole


@dataclass(frozen=True)
class Cuts:
    game: str
    points: int  # commits of the game played without a cut: a cut right after each
    identical: int  # cut points whose resumed store is the game played without a cut
    differing: list[int]  # the others: after which commit the cut came


def cut_everywhere(game_id: str, seats: int, seed: int, bot: BotMaker = table_bot, steps: int | None = None,
                   folder: Path | None = None) -> Cuts:
    """Cut after every commit, resume, and play on to the end (or `steps` actions further)."""
    mock = build_mock_table(seats=seats, start_reader=False)
    try:
        with tempfile.TemporaryDirectory(dir=folder) as data:
            whole, copies = play_whole(game_id, seats, seed, Path(data), mock, bot)
            differing = [number for number, copy in enumerate(copies, 1)
                         if not same_game(resume_from(copy, mock, bot, steps), whole)]
            return Cuts(game_id, len(copies), len(copies) - len(differing), differing)
    finally:
        mock.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--random-bots", action="store_true", help="random bots instead of the table's bots")
    args = parser.parse_args()
    bot = random_bot if args.random_bots else table_bot
    print(f"Power cuts after every commit, one game each (seed {args.seed}), resumed and played on")
    print(f"{'game':>16} {'identical':>10} {'cut points':>11}  differing after commit")
    results = []
    for game_id, seats in GAMES.items():
        cuts = cut_everywhere(game_id, seats, args.seed, bot)
        results.append(cuts)
        print(f"{game_id:>16} {cuts.identical:>10} {cuts.points:>11}  {cuts.differing or ''}", flush=True)
    print(f"{'all':>16} {sum(c.identical for c in results):>10} {sum(c.points for c in results):>11}")


if __name__ == "__main__":
    main()
