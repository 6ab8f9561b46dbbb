"""A free seat given to a bot on the touchscreen says so on its own screen, until a person takes it."""

from __future__ import annotations

import pygame

from hardware.events import ButtonPress
from kiosk.config import default_config
from kiosk.seats.screen import render
from kiosk.store import GameStore
from kiosk.ui.app import App, Plan
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.claim import SeatClaim


def test_a_seat_given_to_a_bot_stops_asking_for_a_player(mock_table, tmp_path):
    store = GameStore.open(tmp_path)
    try:
        app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4),
                  Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0, seed=3))
        app.claim("mystery-express", 4)
        lobby, scene = app.lobby, app.scene
        assert lobby is not None and isinstance(scene, SeatClaim)

        app._toggle_bot(2)
        assert lobby.screen(2).items[0].label == "A bot plays" and "Free seat" not in lobby.screen(2).items[0].label
        assert mock_table.screen(2).tobytes() == render(lobby.screen(2)).tobytes()
        assert lobby.screen(3).items[0].label == "Free seat"

        app.input(ButtonPress(2, "select"))  # a person sits down after all
        assert scene.claimed == {2} and scene.bots == set()
        assert mock_table.screen(2).tobytes() == render(lobby.screen(2)).tobytes()
        assert lobby.screen(2).items[0].label == "You play"

        app._toggle_bot(3)
        app._toggle_bot(3)  # and back: a free seat again
        assert lobby.screen(3).items[0].label == "Free seat"
        assert mock_table.screen(3).tobytes() == render(lobby.screen(3)).tobytes()
    finally:
        store.close()


def test_a_token_claims_a_truly_free_seat_before_one_given_to_a_bot(mock_table):
    from hardware.events import TagSeen
    from kiosk.referee.lobby import Lobby

    mock_table.table.registry.learn("04AA", "mystery-express", "token-strauss")
    lobby = Lobby(mock_table.table, "mystery-express", seats=3)
    lobby.give_to_bot(0, True)
    lobby.tag(TagSeen("center", "04AA"))
    assert lobby.claimed == {1} and lobby.bots == {0}
