"""The game store and sessions: committed before shown, resumed exactly, bad files moved aside."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from itertools import islice
from pathlib import Path

import pytest

from kiosk.cli import main
from kiosk.games.base import Action, IllegalAction
from kiosk.referee.headless import play, random_bots
from kiosk.referee.session import GameSession
from kiosk.store import GameStore


def test_actions_are_stored_in_order_and_games_listed(tmp_path):
    store = GameStore.open(tmp_path)
    game = store.begin("mystery-express", {"removal": "highest"}, 7, 4, [1, 2])
    assert [store.append(game, seat, {"kind": k, "args": []}) for seat, k in [(0, "a"), (2, "b")]] == [1, 2]
    assert store.actions(game) == [(0, {"kind": "a", "args": []}), (2, {"kind": "b", "args": []})]
    (record,) = store.games()
    assert (record.game, record.options, record.seed, record.seats, record.bots) == (
        "mystery-express", {"removal": "highest"}, 7, 4, [1, 2])
    assert store.unfinished() == record
    store.finish(game, {"scores": {"0": 1}, "winners": [0]})
    assert store.unfinished() is None and store.game(game).outcome == {"scores": {"0": 1}, "winners": [0]}


def test_the_store_is_crash_safe_sqlite(tmp_path):
    store = GameStore.open(tmp_path)
    assert store.connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    # NORMAL: the store syncs the WAL itself after each commit (tests/test_store_sync.py), as FULL would
    assert store.connection.execute("PRAGMA synchronous").fetchone() == (1,)
    assert store.wal == tmp_path / "games.sqlite-wal"


def test_a_corrupt_file_is_moved_aside_and_reported(tmp_path):
    garbage = b"this is not a database" * 50
    (tmp_path / "games.sqlite").write_bytes(garbage)
    store = GameStore.open(tmp_path)
    assert store.notice is not None and "file is not a database" in store.notice and "moved aside" in store.notice
    (aside,) = tmp_path.glob("games.sqlite.unusable-*")
    assert aside.read_bytes() == garbage  # never overwritten
    assert store.games() == []


def test_another_programs_database_is_moved_aside(tmp_path):
    foreign = sqlite3.connect(tmp_path / "games.sqlite")
    foreign.execute("CREATE TABLE recipes (name TEXT)")
    foreign.commit()
    foreign.close()
    store = GameStore.open(tmp_path)
    assert "not a Mystery Table store" in store.notice
    (aside,) = tmp_path.glob("games.sqlite.unusable-*")
    assert sqlite3.connect(aside).execute("SELECT name FROM sqlite_master").fetchall() == [("recipes",)]


def test_an_illegal_action_is_not_stored(tmp_path):
    store = GameStore.open(tmp_path)
    session = GameSession.start(store, "mystery-express", 3, 1, {}, bots=[])
    with pytest.raises(IllegalAction):
        session.apply(0 if session.state.active != 0 else 1, Action("end_turn"))
    assert store.actions(session.record.id) == []


def finish(session: GameSession) -> list:
    bots = random_bots(session.record.seats, session.record.seed)
    list(play(session.game, session.state, bots, apply=session.apply))
    return [session.game.view(session.state, s) for s in [None, *range(session.record.seats)]]


@pytest.mark.parametrize("stop_after", [0, 1, 2, 3, 10, 25, 60, 120, 200, 290])
def test_resuming_after_any_number_of_actions_ends_the_same_way(tmp_path, stop_after):
    whole = GameSession.start(GameStore.open(tmp_path / "whole"), "mystery-express", 4, 5, {}, bots=[0, 1, 2, 3])
    expected = finish(whole)
    store = GameStore.open(tmp_path / "cut")
    cut = GameSession.start(store, "mystery-express", 4, 5, {}, bots=[0, 1, 2, 3])
    bots = random_bots(4, 5)
    for _step in islice(play(cut.game, cut.state, bots, apply=cut.apply), stop_after):
        pass
    store.close()  # the power goes off: nothing but the file survives
    again = GameStore.open(tmp_path / "cut")
    record = again.unfinished()
    assert record is not None and len(again.actions(record.id)) == stop_after
    fresh_bots = random_bots(4, 5)
    resumed = GameSession.resume(again, record, dict(enumerate(fresh_bots)))
    list(play(resumed.game, resumed.state, fresh_bots, apply=resumed.apply))
    assert [resumed.game.view(resumed.state, s) for s in [None, 0, 1, 2, 3]] == expected
    assert again.unfinished() is None and again.game(record.id).outcome["winners"] == whole.game.outcome(whole.state).winners


def kiosk(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kiosk.cli", *args], capture_output=True, text=True, check=False)


def final_scores(stdout: str) -> list[str]:
    return stdout.rstrip().splitlines()[-5:]


@pytest.mark.parametrize("crash_after", [1, 40, 123, 277])
def test_a_killed_kiosk_resumes_and_ends_like_an_uninterrupted_one(tmp_path, crash_after):
    common = ["run", "--mock", "--headless", "--headless", "--seats", "5", "--seed", "1"]
    whole = kiosk(*common, "--data", str(tmp_path / "whole"))
    assert whole.returncode == 0
    killed = kiosk(*common, "--data", str(tmp_path / "cut"), "--crash-after", str(crash_after))
    assert killed.returncode == -9  # SIGKILL: no clean-up ran
    resumed = kiosk(*common, "--data", str(tmp_path / "cut"))
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.startswith(f"Resuming game 1 after {crash_after} action{'' if crash_after == 1 else 's'}.")
    assert final_scores(resumed.stdout) == final_scores(whole.stdout)


def test_history_and_replay(tmp_path, capsys):
    data = str(tmp_path)
    assert main(["run", "--mock", "--headless", "--seats", "3", "--seed", "4", "--data", data]) == 0
    capsys.readouterr()
    assert main(["history", "--data", data, "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)
    assert {"id", "game", "seed", "finished", "outcome"} <= set(game)
    assert game["seed"] == 4 and game["finished"] and set(game["outcome"]) >= {"scores", "winners"}
    assert main(["history", "--data", data]) == 0
    assert "#1 " in capsys.readouterr().out
    assert main(["replay", "1", "--data", data]) == 0
    log = capsys.readouterr().out
    assert "The train arrives in Istanbul." in log and "The solution:" in log
    assert main(["replay", "9", "--data", data]) == 2
    assert "no game 9 in the store" in capsys.readouterr().err


def test_a_game_of_another_kind_is_set_aside_not_resumed(tmp_path, capsys):
    store = GameStore.open(tmp_path)
    GameSession.start(store, "mystery-express", 3, 2, {}, bots=[0, 1, 2])
    store.close()
    assert main(["run", "--mock", "--headless", "--seats", "4", "--seed", "2", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The unfinished game 1 (mystery-express, 3 seats) is set aside.")
    assert [g.outcome.get("abandoned") for g in GameStore.open(tmp_path).games()] == [True, None]


def test_history_without_a_store_says_so(tmp_path, capsys):
    assert main(["history", "--data", str(Path(tmp_path) / "none")]) == 2
    assert "no game store in" in capsys.readouterr().err
