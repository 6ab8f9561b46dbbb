"""The `learn` option: on every game's options screen, off by default, kept with the game (not in the
engine's options), and what was explained survives a resume."""

from __future__ import annotations

import pygame
import pytest

from hardware.events import ButtonPress

from kiosk.config import default_config
from kiosk.games import explanations, registry
from kiosk.games.explanations import Explanation
from kiosk.games.mystery_city import explain
from kiosk.i18n import Text
from kiosk.referee.learning import learning_of
from kiosk.store import GameStore
from kiosk.ui.app import App, Plan
from kiosk.ui.option_labels import LABELS
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.how_to_play import DONE, HowToPlay
from kiosk.ui.scenes.options import Options, option_rows


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_offers_learn_off_by_default(game_id):
    info = registry.get(game_id).info
    row = next(r for r in option_rows(game_id, info.min_seats) if r.name == "learn")
    assert row.owner == "table" and row.choices is None
    options = Options(game_id, {}, on_done=lambda chosen: None, on_back=lambda: None, seats=info.min_seats)
    assert options.chosen()["learn"] is False
    assert "learn" not in info.defaults()  # never one of the engine's options
    label = LABELS[("table", "learn")]
    assert (label.name, label.help) == ("Learn as you play", "First time? The table explains each step")


@pytest.fixture
def table(monkeypatch):
    first = next(iter(registry.get("mystery-city").prompts(registry.get("mystery-city").start(2, 11, {}))))
    monkeypatch.setattr(explain, "PROMPTS", {first.kind: Explanation("What.", "Choices.", "Tip.")})
    explanations._tables.cache_clear()
    yield first
    explanations._tables.cache_clear()


def make_app(mock_table, folder) -> tuple[App, GameStore]:
    store = GameStore.open(folder)
    app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4),
              Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0, seed=11))
    return app, store


def test_learn_is_stored_with_the_game_not_in_its_options_and_survives_a_resume(mock_table, tmp_path, table):
    app, store = make_app(mock_table, tmp_path)
    app.start_game("mystery-city", 2, [], {"learn": True, "language": "en"})
    assert app.referee is not None
    record = app.referee.session.record
    assert "learn" not in record.options  # the game replays from its options, seed and actions alone
    seat = table.seat
    controller = app.referee.controllers[seat]
    app.input(ButtonPress(seat, "select"))  # "Your move" opens the choices: on the explanation, the first time
    assert controller.mode == "learn"
    learning = learning_of(store, record.id, "mystery-city")
    assert learning is not None and learning.explained == {(seat, table.kind)}
    store.close()

    resumed, store = make_app(mock_table, tmp_path)  # a power cut: the same store, opened again
    stored = store.unfinished()
    assert stored is not None and stored.id == record.id
    resumed.resume(stored)
    assert resumed.referee is not None and resumed.referee.learning is not None
    again = resumed.referee.controllers[seat]
    resumed.input(ButtonPress(seat, "select"))
    assert again.mode == "prompt"  # already explained before the cut: not again
    assert "?" in [item.label for item in again.screen().items]
    store.close()


def test_a_game_without_learn_has_no_learning(mock_table, tmp_path, table):
    app, store = make_app(mock_table, tmp_path)
    app.start_game("mystery-city", 2, [], {"learn": False})
    assert app.referee is not None and app.referee.learning is None
    assert learning_of(store, app.referee.session.record.id, "mystery-city") is None
    controller = app.referee.controllers[table.seat]
    app.input(ButtonPress(table.seat, "select"))
    assert controller.mode == "prompt"
    store.close()


def test_a_new_learning_game_opens_on_how_to_play_and_its_bots_wait_for_the_last_tap(mock_table, tmp_path, table):
    app, store = make_app(mock_table, tmp_path)
    app.start_game("mystery-city", 2, [0, 1], {"learn": True, "language": "en"})
    assert isinstance(app.scene, HowToPlay) and app.scene.game_id == "mystery-city"
    referee = app.referee
    assert referee is not None
    moves = referee.session.actions_done
    for _ in range(5):
        referee.pump(timeout=0.0)
    assert referee.session.actions_done == moves  # the bots wait while the newcomers read
    app.tap(DONE, app.clock())
    assert app.scene is app.board
    referee.pump(timeout=0.0)
    assert referee.session.actions_done > moves  # and play once the board is back
    store.close()


def test_a_game_without_learn_opens_on_its_board(mock_table, tmp_path, table):
    app, store = make_app(mock_table, tmp_path)
    app.start_game("mystery-city", 2, [], {"learn": False})
    assert app.scene is app.board
    store.close()


def test_a_resumed_learning_game_opens_on_its_board(mock_table, tmp_path, table):
    app, store = make_app(mock_table, tmp_path)
    app.start_game("mystery-city", 2, [], {"learn": True})
    assert isinstance(app.scene, HowToPlay)
    store.close()
    resumed, store = make_app(mock_table, tmp_path)
    stored = store.unfinished()
    assert stored is not None
    resumed.resume(stored)
    assert resumed.scene is resumed.board  # "How to play" belongs to the new game, not to its resume
    store.close()


def test_no_banner_covers_the_end_of_the_game(mock_table, tmp_path):
    """The end's explanation ("The solution is revealed: one point per right answer…") waited for the
    board's reveals, the end table's among them, and then lay over the end table for six seconds: once
    the game is over, no banner is drawn over the board's end (the end table says what it is)."""
    from kiosk.seats.learn import TITLE
    from kiosk.ui.layout import LAYOUTS
    from kiosk.ui.paint import Painter

    clock = [0.0]
    store = GameStore.open(tmp_path)
    app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4),
              Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0, seed=11), clock=lambda: clock[0])
    app.start_game("mystery-express", 3, [0, 1, 2], {"learn": True, "language": "en"})
    app.tap(DONE, app.clock())
    referee = app.referee
    assert referee is not None and app._banner is not None
    while not referee.session.over:
        clock[0] += 0.5
        referee.pump(timeout=0.0)
    assert app._banner.banners  # the end's explanation is queued
    banner_title = Text(TITLE).render("en")
    for step in range(0, 120):
        now = clock[0] + step * 0.5
        painter = Painter(pygame.Surface((800, 480)), LAYOUTS["800x480"], app.theme, "en")
        app.draw(painter, now)
        assert banner_title not in [d.text for d in painter.drawn], f"a banner over the end, {step * 0.5} s after it"
    store.close()
