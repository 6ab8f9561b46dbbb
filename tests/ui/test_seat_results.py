"""At the end of a game every seat screen shows that seat's own result, not "Choose a game"."""

from __future__ import annotations

import pygame
import pytest

from kiosk.config import default_config
from kiosk.seats.screen import render
from kiosk.store import GameStore
from kiosk.ui.app import App, Plan
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.results import Results
from kiosk.ui.seat_results import seat_result


@pytest.fixture
def app(mock_table, tmp_path):
    store = GameStore.open(tmp_path)
    app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4),
              Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0, seed=5))
    yield app
    store.close()


def play_to_the_end(app: App, game_id: str, seats: int) -> Results:
    app.plan.game, app.plan.seats, app.plan.bots = game_id, seats, seats
    app.begin()
    assert app.referee is not None
    session = app.referee.session
    for _ in range(50_000):
        if session.over:
            break
        app.referee.pump(timeout=0.0)
    assert session.over
    app.results()
    assert isinstance(app.scene, Results)
    return app.scene


@pytest.mark.parametrize("game_id, seats", [("mystery-city", 3), ("pi", 2), ("mystery-express", 3)])
def test_each_seat_shows_its_own_result(app, mock_table, game_id, seats):
    results = play_to_the_end(app, game_id, seats)
    for seat in range(seats):
        screen = seat_result(results, seat, "en")
        lines = screen.items[0].lines
        won = seat in results.outcome.winners
        assert lines[0] in ("You win!", "You share the victory!") if won else lines[0].startswith("Place ")
        assert len(lines) >= 2 and all(": " in line for line in lines[1:])
        assert mock_table.screen(seat).tobytes() == render(screen).tobytes()
    assert mock_table.screen(3).tobytes() != render(seat_result(results, 0, "en")).tobytes()  # not in this game


def test_the_figures_are_the_seats_row_of_the_results_table(app, mock_table):
    results = play_to_the_end(app, "mystery-city", 3)
    for seat in range(3):
        cards = int(results.outcome.scores[seat])
        lines = seat_result(results, seat, "es").items[0].lines
        assert lines[1] == f"Cartas: {cards}"
        assert lines[0] == "¡Ganas!" if seat in results.outcome.winners else lines[0].endswith(".º lugar")


def test_a_seat_result_fits_its_screen_in_both_languages(app, mock_table, tmp_path):
    from kiosk.seats.canvas import WIDTH, text_width

    results = play_to_the_end(app, "pi", 3)
    for lang in ("en", "es"):
        for seat in range(3):
            screen = seat_result(results, seat, lang)
            assert all(text_width(line, 12) <= WIDTH - 2 for line in screen.items[0].lines), (lang, screen)
            render(screen).convert("L").resize((256, 128)).save(tmp_path / f"result-{lang}-{seat}.png")


@pytest.mark.parametrize("lang, won, nobody", [("en", "Seat 3 wins!", "Nobody wins"), ("es", "¡Gana el puesto 3!", "Nadie gana")])
def test_a_watson_holmes_seat_without_a_place_says_who_won_not_a_place(lang, won, nobody):
    """playWH21: the board's table gave the failed seat and the one that never tried no place ("-"),
    while their seat screens read "Place 2" and "Place 3". Only a solver has a place (rules 11)."""
    from kiosk.games.base import Outcome
    from kiosk.games.watson_holmes.game import WatsonHolmes
    from kiosk.referee.narration import narrator_for

    game = WatsonHolmes()
    narrator = narrator_for("watson-holmes", game.view(game.start(3, 7, {"case": "lamplighter"}), None))
    solved = Outcome({0: 0.0, 1: 1.0, 2: 2.0}, [2], {"places": {"2": 1}, "correct": {"1": 1, "2": 2}})
    results = Results("watson-holmes", solved, narrator, lambda: None, lambda: None)
    assert [results.table().cells(solved, s)[1].text for s in range(3)] == ["-", "-", "1"]  # the board's places
    assert [seat_result(results, s, lang).items[0].lines[0] for s in range(2)] == [won, won]
    unsolved = Outcome({0: 0.0, 1: 1.0, 2: 1.0}, [], {"places": {}, "correct": {"1": 1, "2": 1}})
    results = Results("watson-holmes", unsolved, narrator, lambda: None, lambda: None)
    assert {seat_result(results, s, lang).items[0].lines[0] for s in range(3)} == {nobody}
