"""A full, read-only or failing SD card is a fault, not a crash: real SQLite on disk, a really full
card (a small tmpfs: the tests run as root) or a store capped with `PRAGMA max_page_count`, a really
read-only mount, pruning, the WAL, the ballast reserve."""

from __future__ import annotations

import copy
import errno
import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from kiosk.config import StoreConfig, config_from_dict, ConfigError
from kiosk.referee.session import GameSession
from kiosk.appliance.storage import PROBE_EVERY, StorageKeeper
from kiosk.store import GameStore, StoreWriteError
from tests.card_support import cap, card, fill, uncap  # noqa: F401 (card: a fixture)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def playing(store: GameStore, game: str = "mystery-express", moves: int = 3) -> GameSession:
    session = GameSession.start(store, game, 4, 7, {}, bots=[])
    for _ in range(moves):
        prompt = session.game.prompts(session.state)[0]
        session.apply(prompt.seat, prompt.actions[0])
    return session


def next_move(session: GameSession) -> tuple[int, object]:
    prompt = session.game.prompts(session.state)[0]
    return prompt.seat, prompt.actions[0]


def test_a_move_the_full_store_cannot_take_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    store = GameStore.open(tmp_path)
    session = playing(store)
    cap(store)
    seat, action = next_move(session)
    before = copy.deepcopy(session.state)
    public = session.game.view(session.state, None)
    with pytest.raises(StoreWriteError) as refused:
        session.apply(seat, action)
    assert refused.value.problem == "full"
    assert "The SD card is full" in refused.value.text.render("en")
    assert session.game.view(session.state, None) == public and session.actions_done == 3
    assert [session.game.view(session.state, s) for s in range(4)] == [session.game.view(before, s) for s in range(4)]
    assert len(store.actions(session.record.id)) == 3
    assert store.fault is not None and not store.probe()
    uncap(store)  # space returns
    assert store.probe() and store.fault is None
    session.apply(seat, action)
    assert len(store.actions(session.record.id)) == 4


def test_a_store_on_a_really_full_card_refuses_and_goes_on_when_space_returns(card: Path) -> None:
    store = GameStore.open(card)
    session = playing(store)
    store.checkpoint()  # the WAL is empty: the next move must grow it
    filler = fill(card)
    seat, action = next_move(session)
    with pytest.raises(StoreWriteError) as refused:
        session.apply(seat, action)
    assert refused.value.problem == "full" and session.actions_done == 3
    with pytest.raises(StoreWriteError):  # set aside writes too, and is refused the same way
        store.abandon(session.record.id)
    assert store.unfinished() is not None
    filler.unlink()
    assert store.probe()
    session.apply(seat, action)
    assert len(store.actions(session.record.id)) == 4


def test_the_reserve_lets_the_game_in_play_go_on_and_is_made_again(card: Path) -> None:
    clock = Clock()
    store = GameStore.open(card)
    changes: list[object] = []
    keeper = StorageKeeper(store, StoreConfig(reserve_mb=1), card, clock=clock, on_change=changes.append)
    keeper.tidy()
    ballast = card / StorageKeeper.BALLAST
    assert ballast.stat().st_size == 1 << 20 and os.stat(ballast).st_blocks * 512 >= 1 << 20  # not sparse
    session = playing(store, moves=2)
    store.checkpoint()
    filler = fill(card)
    seat, action = next_move(session)
    session.apply(seat, action)  # the card is full: the reserve is spent on this move
    assert not ballast.exists() and store.fault is None and session.actions_done == 3
    with pytest.raises(StoreWriteError):
        for _ in range(5000):  # the reserve runs out too, in the end
            store.append(session.record.id, 0, {"padding": "x" * 500})
    keeper.check()
    assert changes and changes[-1] is store.fault
    filler.unlink()
    clock.now += PROBE_EVERY
    keeper.check()
    assert store.fault is None and changes[-1] is None
    assert ballast.stat().st_size == 1 << 20  # made again once there is room


def test_a_read_only_card_opens_its_games_refuses_writes_and_recovers(card: Path) -> None:
    store = GameStore.open(card)
    session = playing(store)
    store.close()
    subprocess.run(["mount", "-o", "remount,ro", str(card)], check=True)
    with pytest.raises(OSError) as really:  # root too: the mount is read-only
        (card / "test").write_text("x")
    assert really.value.errno == errno.EROFS
    store = GameStore.open(card)
    assert store.fault is not None and store.fault.problem == "readonly"
    record = store.unfinished()
    assert record is not None and record.id == session.record.id
    resumed = GameSession.resume(store, record)
    seat, action = next_move(resumed)
    with pytest.raises(StoreWriteError) as refused:
        resumed.apply(seat, action)
    assert "read-only" in refused.value.text.render("en") and resumed.actions_done == 3
    assert not store.probe()
    subprocess.run(["mount", "-o", "remount,rw", str(card)], check=True)
    assert store.probe() and store.fault is None  # reopened for writing, no restart
    resumed.apply(seat, action)
    assert len(store.actions(record.id)) == 4
    assert not list(card.glob("*.unusable-*"))  # the card was at fault, not the file: nothing moved aside


def test_a_store_opened_read_only_by_sqlite_refuses_as_read_only(tmp_path: Path) -> None:
    store = GameStore.open(tmp_path)
    session = playing(store)
    store.checkpoint()
    store.connection.close()
    store.connection = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    with pytest.raises(StoreWriteError) as refused:
        session.apply(*next_move(session))
    assert refused.value.problem == "readonly" and session.actions_done == 3


def finished_games(store: GameStore, count: int) -> list[int]:
    ids = []
    for n in range(count):
        game = store.begin("pi", {}, n, 3, [0, 1, 2])
        for seq in range(40):
            store.append(game, seq % 3, {"kind": "move", "args": ["x" * 40]})
        store.finish(game, {"scores": {"0": 1.0}, "winners": [0], "detail": {"places": {"0": 1}, "why": "x" * 900}})
        ids.append(game)
    return ids


def test_old_games_lose_their_moves_and_keep_their_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = GameStore.open(tmp_path)
    ids = finished_games(store, 5)
    unfinished = store.begin("pi", {}, 99, 3, [])
    store.append(unfinished, 0, {"kind": "x"})
    assert store.prune(keep_games=2, keep_days=365) == 3
    assert store.pruned() == set(ids[:3])
    for game in ids[:3]:
        assert store.actions(game) == [] and store.game(game).outcome["winners"] == [0]
    for game in ids[3:]:
        assert len(store.actions(game)) == 40
    assert len(store.actions(unfinished)) == 1  # a game in play is never pruned
    assert store.prune(keep_games=2, keep_days=365) == 0
    # by age: everything finished more than a day before "now" goes, whatever the count
    assert store.prune(keep_games=100, keep_days=1, now=store.game(ids[-1]).finished + 2 * 86400) == 2

    from kiosk.cli import main
    assert main(["history", "--data", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sum("(moves pruned)" in line for line in lines) == 5 and sum("won by seat 1" in line for line in lines) == 5
    assert main(["history", "--data", str(tmp_path), "--json"]) == 0
    assert [g["pruned"] for g in json.loads(capsys.readouterr().out)] == [True] * 5 + [False]
    assert main(["replay", str(ids[0]), "--data", str(tmp_path)]) != 0
    assert "moves were pruned" in capsys.readouterr().err


def test_the_store_stops_growing_once_old_games_are_pruned(tmp_path: Path) -> None:
    store = GameStore.open(tmp_path)
    sizes = []
    for _ in range(6):
        finished_games(store, 10)
        store.prune(keep_games=10, keep_days=365)
        sizes.append(store.path.stat().st_size)
        assert not Path(str(store.path) + "-wal").exists() or Path(str(store.path) + "-wal").stat().st_size == 0
    per_summary = 512  # a pruned game's row (about 110 bytes: scores and winners), generously
    assert sizes[-1] - sizes[1] <= 40 * per_summary  # the moves' pages are reused, only result rows add up
    assert json.loads(store.connection.execute("SELECT outcome FROM games WHERE id = 1").fetchone()[0]) == {
        "scores": {"0": 1.0}, "winners": [0]}  # the stats, without the tie-break detail


def test_store_limits_are_configured_and_checked() -> None:
    seat = [{"display": {"channel": 0}}]
    config = config_from_dict({"seats": seat, "store": {"keep_games": 50, "keep_days": 30, "reserve_mb": 0}})
    assert config.store == StoreConfig(keep_games=50, keep_days=30, reserve_mb=0)
    with pytest.raises(ConfigError) as error:
        config_from_dict({"seats": seat, "store": {"keep_games": 0, "reserve_mb": "big", "keep": 1}})
    text = "; ".join(error.value.problems)
    assert "store.keep_games: out of range" in text and "store.reserve_mb: wrong type" in text
    assert "store.keep: unknown key" in text
