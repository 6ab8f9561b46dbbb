"""A game resumed after a power cut replays its stored actions, and the board observes their public
events to rebuild its log. Those moments were shown before the cut: a trial resuming Mystery Express at
Budapest watched every Time reveal since Paris play again, one after another, before the table could go
on. The board now takes them as history: no reveal on screen, their lines in the log."""

from __future__ import annotations

import pygame

from kiosk.bots.table_bots import table_bot
from kiosk.config import default_config
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from kiosk.ui.app import App, Plan
from kiosk.ui.scene import Touchscreen

GAME, SEATS, SEED = "mystery-express", 4, 5


def played_past_a_time_reveal(folder) -> None:
    store = GameStore.open(folder)
    session = GameSession.start(store, GAME, SEATS, SEED, {}, bots=[])  # people, played here by bots
    bots = {seat: table_bot(GAME, seat, SEED) for seat in range(SEATS)}
    reveals = 0
    while reveals < 2:  # Strasbourg's and München's Time cards
        prompt = min(session.prompts(), key=lambda p: session.turn_order(p.seat))
        action = bots[prompt.seat].choose(session.game.view(session.state, prompt.seat), prompt)
        reveals += sum(e.kind == "time_reveal" for e in session.apply(prompt.seat, action))
    store.close()


def test_a_resumed_game_shows_its_past_in_the_log_and_plays_no_reveal_again(mock_table, tmp_path):
    played_past_a_time_reveal(tmp_path)
    store = GameStore.open(tmp_path)
    app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4),
              Plan(bot_pause=0.0, reveal_seconds=2.0, results_after=0.0, seed=SEED))
    stored = store.unfinished()
    assert stored is not None
    app.resume(stored)
    board = app.board
    now = app.clock()
    assert board.stage.on_screen(now) is None and not board.stage.reveals
    told = " ".join(str(line) for line in board.log.lines)
    assert "Time" in told or "time" in told
    store.close()
