"""The visiting phase (rules 6): turn order, walking, bidding and outbids, 221B and the Carriage Stop."""

from __future__ import annotations

import pickle

import pytest

from kiosk.games.base import Action, IllegalAction
from watson_holmes_support import GAME, act, kinds, no_characters, one, prompt_for, started, visit


@pytest.fixture
def game3():
    state = started(3)
    no_characters(state)
    return state


def test_setup_gives_ten_carriages_and_one_police_token(game3):
    for p in game3.players:
        assert p.carriages == 10 and p.tokens == {"police": 1, "calloff": 0, "lockpick": 0}
    assert game3.supply == {"police": 3, "calloff": 6, "lockpick": 2}


@pytest.mark.parametrize("seats", [6, 7])
def test_with_six_or_seven_players_the_sixth_and_seventh_get_a_call_off(seats):
    state = GAME.start(seats, 3)
    order = [(state.diary + k) % seats for k in range(seats)]
    assert [state.players[s].tokens["police"] for s in order] == [1] * 5 + [0] * (seats - 5)
    assert [state.players[s].tokens["calloff"] for s in order] == [0] * 5 + [1] * (seats - 5)
    assert state.supply["police"] == 1 and state.supply["calloff"] == 6 - (seats - 5)


def test_wiggins_is_removed_below_four_players():
    for seed in range(40):
        assert all(p.character != "wiggins" for p in GAME.start(3, seed).players)
    assert any(p.character == "wiggins" for seed in range(40) for p in GAME.start(7, seed).players)


def test_walking_is_a_bid_of_zero_and_turns_go_clockwise_from_the_diary(game3):
    visit(game3, 0, "C01", 0)
    assert game3.turn == 1 and game3.players[0].at == "C01" and game3.players[0].bid == 0
    visit(game3, 1, "C02", 3)
    assert game3.players[1].committed() == 3 and game3.players[1].carriages == 10
    events = visit(game3, 2, "C03", 0)
    assert one(events, "visiting_over").data == {"diary": 2}
    assert game3.diary == 2


def test_a_bid_is_paid_to_the_supply_in_the_investigation_phase(game3):
    visit(game3, 0, "C01", 0)
    visit(game3, 1, "C02", 3)
    events = visit(game3, 2, "C03", 0)
    assert one(events, "bids_paid").data == {"payments": [{"seat": 1, "card": "C02", "carriages": 3}]}
    assert game3.players[1].carriages == 7


def test_an_outbid_player_gets_back_all_but_one_carriage_and_waits_for_the_next_turn(game3):
    visit(game3, 0, "C02", 3)
    events = visit(game3, 1, "C02", 4)
    assert one(events, "outbid").data == {"seat": 0, "by": 1, "card": "C02", "lost": 1}
    assert prompt_for(game3, 0).kind == "outbid"
    act(game3, 0, "ok")
    assert game3.players[0].carriages == 9 and game3.players[0].at is None
    assert game3.players[1].at == "C02" and game3.turn == 2  # seat 0 waits for its next turn


def test_outbidding_needs_at_least_one_more_carriage(game3):
    visit(game3, 0, "C02", 3)
    act(game3, 1, "visit", "C02")
    bids = [a.args[0] for a in prompt_for(game3, 1).actions if a.kind == "bid"]
    assert bids == list(range(4, 11))
    before = pickle.dumps(game3)
    with pytest.raises(IllegalAction, match="outbid by at least one carriage"):
        act(game3, 1, "bid", 3)
    assert pickle.dumps(game3) == before


def test_a_walker_is_displaced_by_one_carriage_and_loses_nothing(game3):
    visit(game3, 0, "C02", 0)
    events = visit(game3, 1, "C02", 1)
    assert one(events, "outbid").data["lost"] == 0
    act(game3, 0, "ok")
    assert game3.players[0].carriages == 10


def test_a_player_who_cannot_outbid_must_choose_another_card(game3):
    visit(game3, 0, "C02", 9)
    game3.players[1].carriages = 9
    assert Action("visit", ("C02",)) not in prompt_for(game3, 1).actions
    with pytest.raises(IllegalAction) as refused:
        act(game3, 1, "visit", "C02")
    assert refused.value.text.render("en") == "You cannot afford this card."
    assert refused.value.text.render("es") == "No tienes carruajes suficientes para esta carta."


def test_the_seeds_worked_example_of_marco_and_ivan(game3):
    """Marco bids 1 at the Port; Ivan bids 2 and Marco's carriage goes to the supply; Marco bids 3 on
    his next turn; Ivan takes back 1 of his 2 carriages and walks to Scotland Yard."""
    marco, ivan, third = 0, 1, 2
    visit(game3, marco, "C04", 1)
    visit(game3, ivan, "C04", 2)
    act(game3, marco, "ok")
    assert game3.players[marco].carriages == 9
    visit(game3, third, "C05", 0)
    assert game3.turn == marco
    visit(game3, marco, "C04", 3)
    act(game3, ivan, "ok")
    assert game3.players[ivan].carriages == 9 and game3.turn == ivan
    events = visit(game3, ivan, "C01", 0)
    assert "visiting_over" in kinds(events)
    assert game3.players[marco].carriages == 9 - 3  # the winning bid is paid
    assert game3.diary == ivan  # the last to place takes the Diary


def test_the_same_card_can_be_taken_back_on_the_next_turn(game3):
    visit(game3, 0, "C02", 1)
    visit(game3, 1, "C02", 2)
    act(game3, 0, "ok")
    visit(game3, 2, "C05", 0)
    assert Action("visit", ("C02",)) in prompt_for(game3, 0).actions


def test_221b_and_the_carriage_stop_take_any_number_of_pawns_without_bidding(game3):
    visit(game3, 0, "STOP", None)
    visit(game3, 1, "STOP", None)
    assert game3.players[0].at == game3.players[1].at == "STOP"
    events = visit(game3, 2, "C221B", None)
    assert one(events, "at_221b").data == {"seat": 2, "carriages": 10}
    assert "outbid" not in kinds(events)


def test_the_carriage_stop_pays_three_at_the_end_of_the_phase(game3):
    visit(game3, 0, "STOP", None)
    visit(game3, 1, "STOP", None)
    events = visit(game3, 2, "C01", 0)
    act(game3, 2, "done")
    assert game3.players[0].carriages == game3.players[1].carriages == 13
    assert game3.round == 2 and game3.turn == 2  # seat 2 placed last and holds the Diary


def test_a_choice_can_be_taken_back_before_bidding(game3):
    act(game3, 0, "visit", "C02")
    assert prompt_for(game3, 0).kind == "bid"
    act(game3, 0, "back")
    assert prompt_for(game3, 0).kind == "visit" and game3.players[0].at is None


def test_a_seat_that_is_not_asked_is_refused(game3):
    with pytest.raises(IllegalAction, match="Nothing is asked of seat 2"):
        act(game3, 1, "visit", "C01")


def test_an_unknown_card_is_refused_with_a_reason(game3):
    with pytest.raises(IllegalAction) as refused:
        act(game3, 0, "visit", "C99")
    assert refused.value.text.render("en") == "That card is not part of this case."


def test_travelling_to_another_zone_costs_the_fare_with_the_bid():
    state = started(2, case="thornbury-clock")
    no_characters(state)
    act(state, 0, "visit", "C12")  # Kent, from London
    prompt = prompt_for(state, 0)
    assert prompt.data["travel"] == 1 and max(a.args[0] for a in prompt.actions if a.kind == "bid") == 9
    act(state, 0, "bid", 2)
    assert state.players[0].committed() == 3
    visit(state, 1, "C01", 0)
    act(state, 0, "done")
    act(state, 1, "done")
    assert state.players[0].carriages == 7 and state.players[0].zone == "KNT" and state.players[1].zone == "LDN"


def test_a_displaced_traveller_gets_the_fare_back():
    state = started(2, case="thornbury-clock")
    no_characters(state)
    visit(state, 0, "C12", 2)
    visit(state, 1, "C12", 3)
    act(state, 0, "ok")
    assert state.players[0].carriages == 9 and state.players[0].committed() == 0
