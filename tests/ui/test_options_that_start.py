"""Options that can start: the options screen offers only values the chosen seat count can use, every
one of them starts the game, and a refused option is named with its allowed values in words."""

from __future__ import annotations

import pygame
import pytest

from kiosk.games import registry
from kiosk.games.base import OptionRefused
from kiosk.ui.app import App, Plan
from kiosk.ui.scenes.options import Options, option_rows, refusal
from kiosk.ui.scene import Touchscreen
from kiosk.config import default_config
from kiosk.store import GameStore


def counts(game_id: str) -> range:
    info = registry.get(game_id).info
    return range(info.min_seats, info.max_seats + 1)


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_value_offered_for_a_seat_count_starts_that_game(game_id):
    game = registry.get(game_id)
    for seats in counts(game_id):
        for row in option_rows(game_id, seats):
            if row.owner != game_id:
                continue
            for value in row.choices if row.choices is not None else (True, False):
                options = {row.name: value}
                if game_id == "watson-holmes" and row.name == "case":
                    options["physical"] = game.cases[value].edition == "physical"
                game.start(seats, 7, options)  # raises if the value cannot be used


def test_mystery_city_offers_only_the_seats_at_the_table_as_first_attacker():
    for seats in counts("mystery-city"):
        row = next(r for r in option_rows("mystery-city", seats) if r.name == "first_seat")
        assert row.choices == tuple(range(seats))


def test_options_that_change_nothing_at_this_seat_count_are_not_shown():
    def shown(seats: int) -> set[str]:
        return {row.name for row in option_rows("mystery-express", seats)}

    assert {"removal", "stack_split_4p"} <= shown(4)
    assert "removal" in shown(3) and "stack_split_4p" not in shown(3)
    assert not {"removal", "stack_split_4p"} & shown(5)


def test_a_value_beyond_the_seat_count_is_refused_naming_the_option_and_what_it_allows():
    with pytest.raises(OptionRefused) as refused:
        registry.get("mystery-city").start(3, 1, {"first_seat": 3})
    assert (refused.value.name, refused.value.value, refused.value.allowed, refused.value.seats) == (
        "first_seat", 3, (0, 1, 2), 3)
    notice = refusal("mystery-city", refused.value)
    assert notice.render("en") == "First attacker: Seat 4 is not possible with 3 players. Choose Seat 1, Seat 2, Seat 3."
    assert notice.render("es") == (
        "Primer atacante: el puesto 4 no es posible con 3 jugadores. Elige el puesto 1, el puesto 2, el puesto 3.")


def test_a_case_no_file_has_is_named_as_it_was_given():
    with pytest.raises(OptionRefused) as refused:
        registry.get("watson-holmes").info.resolve_options({"case": "no-such-case"}, 3)  # as the options plan does
    said = refusal("watson-holmes", refused.value).render("en")
    assert said.startswith("Case: no-such-case is not possible") and "?" not in said


def test_a_value_another_option_rules_out_is_named_too():
    refused = OptionRefused("watson-holmes", "physical", False, (True,), None, "must be True")
    assert refusal("watson-holmes", refused).render("en") == "Published box: Off is not possible here. Choose On."


@pytest.fixture
def app(mock_table, tmp_path):
    store = GameStore.open(tmp_path)
    app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4),
              Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0, seed=11))
    yield app
    store.close()


def test_the_options_screen_of_a_three_player_game_offers_three_seats(app):
    app.options("mystery-city", 3)
    assert isinstance(app.scene, Options)
    row = next(r for r in app.scene.rows if r.name == "first_seat")
    assert row.choices == (0, 1, 2)


def test_the_table_says_which_option_it_refused_and_starts_nothing(app):
    app.plan.options = {"first_seat": 3}
    app.start_game("mystery-city", 3, [], {})
    assert app.referee is None and app._notice is not None
    assert app._notice[0].render("en").startswith("First attacker: Seat 4 is not possible with 3 players.")


def test_a_game_asked_for_at_launch_with_a_refused_option_opens_the_game_list_and_says_why(app):
    app.plan.game, app.plan.seats, app.plan.bots = "mystery-city", 3, 3
    app.plan.options = {"first_seat": 3}
    app.begin()
    assert app.referee is None and app.scene is not None
    assert app._notice is not None and app._notice[0].render("es").startswith("Primer atacante: el puesto 4 no es posible")


def test_a_value_of_the_wrong_kind_is_named_too():
    with pytest.raises(OptionRefused) as refused:
        registry.get("mystery-city").start(3, 1, {"first_seat": "oldest"})
    assert refusal("mystery-city", refused.value).render("en") == (
        "First attacker: oldest is not possible here. Choose Seat 1, Seat 2, Seat 3.")
