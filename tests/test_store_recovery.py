"""A store that cannot be replayed is set aside, never fatal; a game's end is never lost to a cut; a
cut while the store is first made leaves no half-made file (issue 21, items 3, 4 and 11)."""

from __future__ import annotations

import json
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kiosk.bots.table_bots import table_bot
from kiosk.cli import main
from kiosk.referee.headless import play, random_bots
from kiosk.referee.session import GameSession, resumable
from kiosk.store import GameStore


def stored_game(data: Path, actions: int, game: str = "pi", seats: int = 3, seed: int = 4) -> int:
    """An unfinished game of bots with `actions` stored actions; the store is closed (the power went)."""
    store = GameStore.open(data)
    session = GameSession.start(store, game, seats, seed, {}, bots=list(range(seats)))
    bots = random_bots(seats, seed)
    for number, _step in enumerate(play(session.game, session.state, bots, apply=session.apply), 1):
        if number == actions:
            break
    store.close()
    return session.record.id


def tamper(data: Path, sql: str, *params: object) -> None:
    connection = sqlite3.connect(data / GameStore.FILENAME)
    with connection:
        connection.execute(sql, params)
    connection.close()


def other_seat(data: Path, game_id: int, seq: int) -> int:
    """A seat that is not the one that played action `seq` (and not asked to play then)."""
    connection = sqlite3.connect(data / GameStore.FILENAME)
    (seat,) = connection.execute("SELECT seat FROM actions WHERE game = ? AND seq = ?", (game_id, seq)).fetchone()
    connection.close()
    return (seat + 1) % 3


CORRUPTIONS = {
    "action not JSON": ("UPDATE actions SET action = '{\"kind\": \"card' WHERE seq = 3",),
    "action not an action": ("UPDATE actions SET action = '[1, 2]' WHERE seq = 3",),
    "seat not a number": ("UPDATE actions SET seat = 'north' WHERE seq = 3",),
    "bots not JSON": ("UPDATE games SET bots = '[0, 1' WHERE id = 1",),
    "options not JSON": ("UPDATE games SET options = 'x' WHERE id = 1",),
    "illegal action": ("UPDATE actions SET action = '{\"kind\": \"no-such-move\", \"args\": []}' WHERE seq = 3",),
    "unknown game": ("UPDATE games SET game = 'chess' WHERE id = 1",),
}


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
def test_a_game_that_does_not_replay_is_set_aside_and_the_next_starts(tmp_path, capsys, caplog, corruption):
    stored_game(tmp_path, 6)
    tamper(tmp_path, *CORRUPTIONS[corruption])
    with caplog.at_level(logging.ERROR, logger="kiosk"):
        assert main(["run", "--mock", "--headless", "--game", "pi", "--seats", "3", "--seed", "4",
                     "--data", str(tmp_path)]) == 0
    assert any("game 1 cannot be replayed, set aside" in r.getMessage() for r in caplog.records)
    assert "Resuming" not in capsys.readouterr().out
    store = GameStore.open(tmp_path)
    first, second = store.games()
    assert first.finished is not None and second.outcome is not None and "winners" in second.outcome
    store.close()
    assert main(["history", "--data", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("#1 ") and ("could not be replayed" in lines[0] or "cannot be read" in lines[0])
    assert lines[1].startswith("#2 ") and "won by seat" in lines[1]
    assert main(["replay", "1", "--data", str(tmp_path)]) == 2
    refused = capsys.readouterr().err
    assert "game 1 cannot be replayed: " in refused or "game 1 is a 'chess' game, which this kiosk does not know" in refused
    assert main(["replay", "2", "--data", str(tmp_path)]) == 0


def test_an_action_from_a_seat_that_was_not_asked_is_set_aside(tmp_path, caplog):
    game_id = stored_game(tmp_path, 6)
    tamper(tmp_path, "UPDATE actions SET seat = ? WHERE seq = 4", other_seat(tmp_path, game_id, 4))
    store = GameStore.open(tmp_path)
    with caplog.at_level(logging.ERROR, logger="kiosk"):
        assert resumable(store) is None
    assert "action 4 is from seat" in caplog.text and "which was not asked to play" in caplog.text
    record = store.game(game_id)
    assert record is not None and record.outcome is not None
    assert record.outcome["abandoned"] and "action 4" in record.outcome["reason"]


def test_a_bot_that_chooses_differently_sets_the_game_aside_and_a_new_one_starts(tmp_path, capsys):
    store = GameStore.open(tmp_path)
    session = GameSession.start(store, "pi", 3, 4, {}, bots=[0, 1, 2])
    (prompt,) = session.game.prompts(session.state)
    wanted = table_bot("pi", prompt.seat, 4).choose(session.game.view(session.state, prompt.seat), prompt)
    session.apply(prompt.seat, next(a for a in prompt.actions if a != wanted))  # not what its bot plays
    store.close()
    assert main(["run", "--mock", "--headless", "--game", "pi", "--seats", "3", "--seed", "4",
                 "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "The unfinished game 1 cannot be resumed and is set aside: at action 1 the bot of seat" in out
    first, second = GameStore.open(tmp_path).games()
    assert first.outcome is not None and first.outcome["abandoned"] and "winners" in (second.outcome or {})


def test_history_lists_the_other_games_around_an_unreadable_row(tmp_path, capsys):
    for seed in (1, 2, 3):
        stored_game(tmp_path, 4, seed=seed)
        store = GameStore.open(tmp_path)
        store.abandon(store.games()[-1].id)
        store.close()
    tamper(tmp_path, "UPDATE games SET options = '{', outcome = 'nope' WHERE id = 2")
    assert main(["history", "--data", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["#1", "#2", "#3"]
    assert lines[1].endswith("cannot be read") and lines[0].endswith("set aside")
    assert main(["history", "--data", str(tmp_path), "--json"]) == 0
    games = json.loads(capsys.readouterr().out)
    assert "options is not valid JSON" in games[1]["problem"] and "problem" not in games[0]


# --- item 4: the last action and the end record in one transaction ----------------------------------

def test_the_last_action_is_not_kept_without_the_end_of_the_game(tmp_path):
    """The write of the end fails (as a cut would stop it): the last action is not kept either."""
    store = GameStore.open(tmp_path)
    session = GameSession.start(store, "pi", 3, 4, {}, bots=[0, 1, 2])
    steps = play(session.game, session.state, random_bots(3, 4), apply=session.apply)
    store.connection.execute(
        "CREATE TRIGGER cut BEFORE UPDATE OF finished ON games BEGIN SELECT RAISE(ABORT, 'power cut'); END")
    with pytest.raises(sqlite3.DatabaseError, match="power cut"):
        for _step in steps:
            pass
    record = store.unfinished()
    assert record is not None
    game = session.game
    state = game.start(3, 4, {})
    for seat, data in store.actions(record.id):
        game.apply(state, seat, game.action_from_json(data))
    assert game.outcome(state) is None  # the last action went with the end it could not write


def test_a_resume_that_finds_a_finished_game_records_its_end(tmp_path, capsys):
    """A store from before the fix: every action is there, the end record is not."""
    store = GameStore.open(tmp_path)
    session = GameSession.start(store, "pi", 3, 4, {}, bots=[0, 1, 2])
    list(play(session.game, session.state, random_bots(3, 4), apply=session.apply))
    store.close()
    tamper(tmp_path, "UPDATE games SET finished = NULL, outcome = NULL WHERE id = 1")
    store = GameStore.open(tmp_path)
    assert resumable(store) is None
    record = store.game(1)
    assert record is not None and record.finished is not None and record.outcome is not None
    assert record.outcome["winners"] == session.game.outcome(session.state).winners
    store.close()
    assert main(["history", "--data", str(tmp_path)]) == 0
    assert "won by seat" in capsys.readouterr().out
    assert main(["replay", "1", "--data", str(tmp_path)]) == 0


# --- item 11: the store is made atomically ----------------------------------------------------------

CUT_WHILE_MAKING = textwrap.dedent("""
    import os, signal, sqlite3, sys
    from pathlib import Path
    from kiosk import store
    calls, cut_at, connect = 0, int(sys.argv[2]), sqlite3.connect

    def cut(*_args):
        global calls
        calls += 1
        if calls == cut_at:
            os.kill(os.getpid(), signal.SIGKILL)  # the power goes off before this statement runs
        return sqlite3.SQLITE_OK

    def connecting(*args, **kwargs):
        connection = connect(*args, **kwargs)
        connection.set_authorizer(cut)
        return connection

    store.sqlite3.connect = connecting
    store.GameStore.open(Path(sys.argv[1]))
""")


def test_a_cut_at_any_moment_while_the_store_is_made_leaves_no_half_made_file(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    cut_at = 0
    while True:
        cut_at += 1
        data = tmp_path / f"cut-{cut_at}"
        done = subprocess.run([sys.executable, "-c", CUT_WHILE_MAKING, str(data), str(cut_at)],
                              env=env, capture_output=True, text=True, check=False)
        assert done.returncode in (0, -signal.SIGKILL), done.stderr
        store = GameStore.open(data)
        assert store.notice is None, f"cut before statement {cut_at}: {store.notice}"
        assert store.begin("pi", {}, 1, 3, []) == 1 and store.games()[0].game == "pi"
        store.close()
        assert not list(data.glob("*.unusable-*"))
        if done.returncode == 0:  # the cut came after the last statement: every point was tried
            break
    assert cut_at > 10


def test_an_empty_file_becomes_a_store(tmp_path):
    (tmp_path / GameStore.FILENAME).write_bytes(b"")
    store = GameStore.open(tmp_path)
    assert store.notice is None and store.games() == []
    assert store.connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
