"""The touchscreen kiosk starts whatever the store holds: a game that does not replay is set aside with
its reason, a game that had ended gets its end recorded (issue 21, items 3 and 4)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.bots.table_bots import table_bot
from kiosk.config import default_config
from kiosk.referee.headless import play, random_bots
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from kiosk.ui.app import App, Plan
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.attract import Attract
from kiosk.ui.scenes.resume import ResumeOffer


@pytest.fixture
def start_kiosk(mock_table, tmp_path) -> Iterator:
    from kiosk.ui.simulator import Simulator

    sim = Simulator(mock_table, "Mystery Table", (800, 480))
    stores: list[GameStore] = []

    def start() -> App:
        store = GameStore.open(tmp_path)
        stores.append(store)
        plan = Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0)
        app = App(mock_table.table, store, Touchscreen(sim.touch, "en"), default_config(4), plan)
        app.begin()
        return app

    yield start
    for store in stores:
        store.close()
    sim.close()


def stored(data: Path, actions: int | None, bots: list[int]) -> GameSession:
    store = GameStore.open(data)
    session = GameSession.start(store, "pi", 3, 4, {}, bots=bots)
    for number, _step in enumerate(play(session.game, session.state, random_bots(3, 4), apply=session.apply), 1):
        if number == actions:
            break
    store.close()
    return session


def tamper(data: Path, sql: str) -> None:
    connection = sqlite3.connect(data / GameStore.FILENAME)
    with connection:
        connection.execute(sql)
    connection.close()


@pytest.mark.parametrize("sql", [
    "UPDATE actions SET action = 'not json' WHERE seq = 2",
    "UPDATE games SET bots = '[0,' WHERE id = 1",
    "UPDATE actions SET action = '{\"kind\": \"accuse\", \"args\": [\"nobody\"]}' WHERE seq = 2",
])
def test_a_game_that_does_not_replay_is_set_aside_and_the_kiosk_starts(start_kiosk, tmp_path, caplog, sql):
    stored(tmp_path, 5, bots=[])
    tamper(tmp_path, sql)
    app = start_kiosk()
    assert isinstance(app.scene, Attract)
    assert "game 1 cannot be replayed, set aside" in caplog.text
    assert app.store.unfinished() is None and app.store.games()[0].finished is not None
    app = start_kiosk()  # and the next start does not meet it again
    assert isinstance(app.scene, Attract)


def test_a_healthy_game_is_still_offered_after_a_broken_one_is_set_aside(start_kiosk, tmp_path):
    stored(tmp_path, 5, bots=[])
    stored(tmp_path, 5, bots=[])
    tamper(tmp_path, "UPDATE actions SET action = '{' WHERE game = 2 AND seq = 1")
    app = start_kiosk()
    assert isinstance(app.scene, ResumeOffer) and app.scene.actions_done == 5
    assert [g.finished is None for g in app.store.games()] == [True, False]


def test_a_bot_that_chooses_differently_sets_the_game_aside_with_a_notice(start_kiosk, tmp_path, caplog):
    store = GameStore.open(tmp_path)
    session = GameSession.start(store, "pi", 3, 4, {}, bots=[0, 1, 2])
    (prompt,) = session.game.prompts(session.state)
    wanted = table_bot("pi", prompt.seat, 4).choose(session.game.view(session.state, prompt.seat), prompt)
    session.apply(prompt.seat, next(a for a in prompt.actions if a != wanted))
    store.close()
    app = start_kiosk()
    assert isinstance(app.scene, ResumeOffer)
    app.resume(app.store.games()[0])
    assert isinstance(app.scene, Attract) and app.referee is None
    assert app._notice is not None and "could not be resumed" in app._notice[0].render()
    assert "at action 1 the bot of seat" in caplog.text
    assert app.store.games()[0].outcome["abandoned"]


def test_a_game_that_had_ended_is_recorded_not_offered(start_kiosk, tmp_path):
    session = stored(tmp_path, None, bots=[0, 1, 2])
    tamper(tmp_path, "UPDATE games SET finished = NULL, outcome = NULL")
    app = start_kiosk()
    assert isinstance(app.scene, Attract)
    (record,) = app.store.games()
    assert record.outcome is not None and record.outcome["winners"] == session.game.outcome(session.state).winners
