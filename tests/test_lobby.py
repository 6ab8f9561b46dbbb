"""Claiming seats before a game, with the mock table's buttons and reader."""

from __future__ import annotations

from hardware.events import ButtonPress, TagSeen
from kiosk.referee.lobby import Lobby
from kiosk.seats.screen import render


def test_select_claims_a_seat_and_a_long_press_starts(mock_table):
    lobby = Lobby(mock_table.table, "mystery-express", seats=4)
    lobby.press(1, "select", long=False)
    lobby.press(3, "select", long=False)
    lobby.press(3, "select", long=False)  # changed their mind
    assert lobby.claimed == {1} and not lobby.started
    lobby.press(2, "select", long=True)  # an unclaimed seat cannot start the game
    assert not lobby.started
    lobby.press(1, "select", long=True)
    assert lobby.started


def test_the_seat_screens_say_who_plays(mock_table):
    lobby = Lobby(mock_table.table, "mystery-express", seats=4)
    lobby.table.events.put(ButtonPress(0, "select"))
    lobby.pump(timeout=1.0)
    assert lobby.screen(0).items[0].label == "You play" and lobby.screen(2).items[0].label == "Free seat"
    assert mock_table.screen(0).tobytes() == render(lobby.screen(0)).tobytes()


def test_a_known_token_claims_the_first_free_seat_and_an_unknown_one_is_refused(mock_table):
    mock_table.table.registry.learn("04AA", "mystery-express", "token-strauss")
    lobby = Lobby(mock_table.table, "mystery-express", seats=3)
    lobby.press(0, "select", long=False)
    lobby.tag(TagSeen("center", "04AA"))
    assert lobby.claimed == {0, 1}
    lobby.tag(TagSeen("center", "04BB"))
    assert lobby.claimed == {0, 1}
