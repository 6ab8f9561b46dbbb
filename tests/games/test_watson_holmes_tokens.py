"""Police, call-off and lockpick tokens (rules 2.1, 3, 6.3, 7.5) and the icons that give them (4)."""

from __future__ import annotations

import pytest

from kiosk.games.base import Action, IllegalAction
from watson_holmes_support import GAME, act, kinds, no_characters, one, prompt_for, started, visit


@pytest.fixture
def game2():
    state = started(2)
    no_characters(state)
    return state


def read_round(state, cards, police=()):
    """Seats 0 and 1 walk to the given cards; seats in `police` place their police token there."""
    for seat, card in enumerate(cards):
        visit(state, seat, card, 0 if card.startswith("C0") else None)
    events = []
    for seat in range(len(cards)):
        if any(p.seat == seat and p.kind == "reading" for p in GAME.prompts(state)):
            events += act(state, seat, "done", *(("police",) if seat in police else ()))
    return events


def test_police_go_on_the_card_just_read_and_keep_others_out(game2):
    events = read_round(game2, ["C02", "C04"], police=(0,))
    assert one(events, "police_placed").data == {"seat": 0, "card": "C02"}
    assert game2.police_on == ["C02"] and game2.players[0].tokens["police"] == 0
    # round 2: seat 1 (Diary) holds no call-off or lockpick: the policed card is not offered
    assert Action("visit", ("C02",)) not in prompt_for(game2, 1).actions
    with pytest.raises(IllegalAction) as refused:
        act(game2, 1, "visit", "C02")
    assert "call-off or a lockpick" in refused.value.text.render("en")


@pytest.mark.parametrize("card", ["C01", "C05", "C221B", "STOP"])
def test_police_cannot_go_on_scotland_yard_no_police_cards_221b_or_the_stop(game2, card):
    visit(game2, 0, card, 0 if card.startswith("C0") else None)
    visit(game2, 1, "C02", 0)
    for prompt in GAME.prompts(game2):
        if prompt.seat == 0:
            assert Action("done", ("police",)) not in prompt.actions


def test_a_call_off_sends_both_tokens_back_and_frees_the_card(game2):
    read_round(game2, ["C02", "C04"], police=(0,))
    game2.players[1].tokens["calloff"], game2.supply["calloff"] = 1, 5
    act(game2, 1, "visit", "C02")
    assert {a.args for a in prompt_for(game2, 1).actions if a.kind == "bid"} >= {(0, "calloff")}
    events = act(game2, 1, "bid", 0, "calloff")
    assert one(events, "calloff_played").data == {"seat": 1, "card": "C02"}
    assert game2.police_on == [] and game2.supply["police"] == 5 and game2.supply["calloff"] == 6
    assert game2.players[1].tokens["calloff"] == 0


def test_a_lockpick_is_spent_on_reading_and_the_police_stay(game2):
    read_round(game2, ["C02", "C04"], police=(0,))
    game2.players[1].tokens["lockpick"], game2.supply["lockpick"] = 1, 1
    visit(game2, 1, "C02", 0, "lockpick")
    assert game2.players[1].tokens["lockpick"] == 1  # spent only when read
    events = visit(game2, 0, "C03", 0)
    assert one(events, "lockpick_used").data == {"seat": 1, "card": "C02"}
    assert game2.players[1].tokens["lockpick"] == 0 and game2.supply["lockpick"] == 2
    assert game2.police_on == ["C02"]


def test_an_outbid_lockpick_holder_keeps_the_lockpick(game2):
    game2.players[0].tokens["lockpick"], game2.supply["lockpick"] = 1, 1
    visit(game2, 0, "C08", 1, "lockpick")
    game2.players[1].tokens["lockpick"], game2.supply["lockpick"] = 1, 0
    visit(game2, 1, "C08", 2, "lockpick")
    act(game2, 0, "ok")
    assert game2.players[0].tokens["lockpick"] == 1


def test_a_locked_card_needs_a_lockpick_even_without_police(game2):
    assert Action("visit", ("C08",)) not in prompt_for(game2, 0).actions
    with pytest.raises(IllegalAction) as refused:
        act(game2, 0, "visit", "C08")
    assert refused.value.text.render("en") == "This card can only be read with a lockpick."
    game2.players[0].tokens["lockpick"], game2.supply["lockpick"] = 1, 1
    visit(game2, 0, "C08", 0, "lockpick")
    visit(game2, 1, "C02", 0)
    assert game2.players[0].tokens["lockpick"] == 0


def test_icons_give_tokens_on_reading_within_the_holding_limit(game2):
    events = read_round(game2, ["C07", "C01"])
    gained = [e.data for e in events if e.kind in ("token_gained", "token_refused")]
    assert gained == []  # tokens are gained when the cards are read, which happened in visit()
    assert game2.players[0].tokens["lockpick"] == 1
    assert game2.players[1].tokens == {"police": 1, "calloff": 1, "lockpick": 0}


def test_reading_scotland_yard_with_a_police_token_in_hand_gives_only_the_call_off(game2):
    visit(game2, 0, "C01", 0)
    events = visit(game2, 1, "C02", 0)
    assert {(e.kind, e.data["token"]) for e in events if e.kind.startswith("token")} == {
        ("token_refused", "police"),
        ("token_gained", "calloff"),
    }
    assert one(events, "token_refused").data["why"] == "limit"


def test_an_empty_supply_gives_nothing(game2):
    game2.supply["lockpick"] = 0
    visit(game2, 0, "C07", 0)
    events = visit(game2, 1, "C02", 0)
    assert one(events, "token_refused").data == {"seat": 0, "token": "lockpick", "why": "supply"}
    assert game2.players[0].tokens["lockpick"] == 0


def test_the_carriage_icon_pays_its_amount(game2):
    visit(game2, 0, "C03", 0)
    events = visit(game2, 1, "C02", 0)
    assert one(events, "carriages_gained").data == {"seat": 0, "carriages": 2}
    assert game2.players[0].carriages == 12


def test_a_policed_card_already_policed_takes_no_second_token(game2):
    read_round(game2, ["C02", "C04"], police=(0,))
    game2.players[1].tokens["lockpick"], game2.supply["lockpick"] = 1, 1
    visit(game2, 1, "C02", 0, "lockpick")
    visit(game2, 0, "C03", 0)
    assert Action("done", ("police",)) not in prompt_for(game2, 1).actions
    assert "police_placed" not in kinds(act(game2, 1, "done"))
