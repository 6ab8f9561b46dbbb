"""The eight character cards (rules 10.3): each ability, or 3 carriages instead."""

from __future__ import annotations

import pytest

from kiosk.games.base import Action, IllegalAction
from watson_holmes_support import GAME, act, finish_reading, give, kinds, no_characters, one, prompt_for, started, visit


def with_character(seats, seat, character, **options):
    state = started(seats, **options)
    no_characters(state)
    give(state, seat, character)
    return state


def test_characters_are_dealt_secretly_one_each():
    state = GAME.start(5, 11)
    dealt = [p.character for p in state.players]
    assert len(set(dealt)) == 5 and None not in dealt
    public = GAME.view(state, None)
    assert all(p["character"] is None for p in public["players"])
    for seat in range(5):
        view = GAME.view(state, seat)
        assert view["you"]["character"] == dealt[seat]
        assert all(p["character"] is None for p in view["players"])


def test_any_character_can_be_discarded_for_three_carriages_instead():
    state = with_character(3, 0, "irene")
    events = act(state, 0, "discard_character")
    assert one(events, "character_discarded").data == {"seat": 0, "character": "irene", "carriages": 3}
    assert state.players[0].carriages == 13
    assert not any(a.kind in ("character", "discard_character") for a in prompt_for(state, 0).actions)


def test_irene_puts_down_everyone_elses_pen_for_the_round():
    state = with_character(3, 1, "irene")
    visit(state, 0, "C02", 0)
    events = act(state, 1, "character")
    assert kinds(events) == ["character_revealed", "pens_down"]
    visit(state, 1, "C04", 0)
    events = visit(state, 2, "C221B", None)
    reads = {e.data["seat"]: e.data["notes"] for e in events if e.kind == "card_read"}
    assert reads == {0: False, 1: True}
    assert one(events, "pens_down_now").data == {"exempt": [1]}


def test_mycroft_reads_one_more_card_nobody_visits():
    state = with_character(2, 0, "mycroft")
    act(state, 0, "character")
    visit(state, 0, "C02", 0)
    events = visit(state, 1, "C04", 0)
    prompt = prompt_for(state, 0)
    assert prompt.kind == "extra_read"
    offered = {a.args[0] for a in prompt.actions}
    assert offered == {"C01", "C03", "C05", "C06", "C07"}  # not visited, not locked
    events = act(state, 0, "extra_read", "C05")
    assert one(events, "extra_read").audience is None
    private = [e for e in events if e.kind == "card_read" and e.data["seat"] == 0]
    assert {e.data["card"] for e in private} == {"C02", "C05"} and all(e.audience == frozenset({0}) for e in private)
    assert [r["card"] for r in GAME.view(state, 0)["you"]["reading"]] == ["C02", "C05"]


def test_lestrade_removes_a_police_token_or_takes_one():
    state = with_character(2, 0, "lestrade")
    state.police_on = ["C04"]
    state.players[1].tokens["police"] = 0
    actions = prompt_for(state, 0).actions
    assert Action("character", ("remove_police", "C04")) in actions
    assert Action("character", ("take_police",)) not in actions  # seat 0 already holds one
    events = act(state, 0, "character", "remove_police", "C04")
    assert one(events, "police_removed").data == {"seat": 0, "card": "C04"} and state.police_on == []
    assert state.supply["police"] == 6 - 1


def test_mary_takes_watson_for_one_carriage():
    state = with_character(2, 0, "mary")
    events = act(state, 0, "character")
    assert one(events, "watson_taken").data == {"seat": 0, "cost": 1}
    assert state.players[0].carriages == 9 and Action("watson") not in prompt_for(state, 0).actions


def test_billy_takes_back_the_whole_bid_and_places_again_at_once():
    state = with_character(3, 0, "billy")
    visit(state, 0, "C02", 3)
    visit(state, 1, "C02", 4)
    prompt = prompt_for(state, 0)
    assert prompt.kind == "outbid" and Action("character") in prompt.actions
    events = act(state, 0, "character")
    assert one(events, "refund").data == {"seat": 0, "carriages": 1}
    assert state.players[0].carriages == 10 and state.turn == 0
    visit(state, 0, "C04", 0)
    assert state.turn == 2  # the order resumes after the outbidder


def test_every_outbid_player_gets_the_same_prompt_so_billy_does_not_show():
    state = with_character(3, 0, "irene")
    visit(state, 0, "C02", 3)
    visit(state, 1, "C02", 4)
    assert prompt_for(state, 0).kind == "outbid" and prompt_for(state, 0).actions == (Action("ok"),)


def test_hudson_attempts_first_when_two_or_more_are_at_221b():
    state = with_character(3, 2, "hudson")
    state.players[0].carriages = 15
    visit(state, 0, "C221B", None)
    visit(state, 1, "C02", 0)
    visit(state, 2, "C221B", None)
    finish_reading(state)
    assert Action("character") in prompt_for(state, 2).actions
    events = act(state, 2, "character")
    assert "first_at_221b" in kinds(events)
    act(state, 0, "ready")
    events = act(state, 2, "ready")
    assert one(events, "attempt_order").data == {"seats": [2]}


def test_hudson_is_not_offered_to_a_lone_attempter():
    state = with_character(2, 1, "hudson")
    visit(state, 0, "C02", 0)
    visit(state, 1, "C221B", None)
    finish_reading(state)
    assert prompt_for(state, 1).actions == (Action("ready"), Action("discard_character"))


def test_toby_is_a_bid_of_two_that_needs_three_to_beat_and_goes_home():
    state = with_character(3, 0, "toby")
    act(state, 0, "character")
    act(state, 0, "visit", "C02")
    assert Action("toby") in prompt_for(state, 0).actions
    act(state, 0, "toby")
    assert state.toby_card == "C02" and state.players[0].committed() == 0
    act(state, 1, "visit", "C02")
    assert min(a.args[0] for a in prompt_for(state, 1).actions if a.kind == "bid") == 3
    events = act(state, 1, "bid", 3)
    assert one(events, "outbid").data["lost"] == 0 and state.toby_card is None
    act(state, 0, "ok")
    assert state.players[0].carriages == 10


def test_toby_stays_after_the_round_and_keeps_the_card_for_his_owner():
    state = with_character(2, 0, "toby")
    act(state, 0, "character")
    act(state, 0, "visit", "C02")
    act(state, 0, "toby")
    visit(state, 1, "C04", 0)
    finish_reading(state)
    assert state.toby_card == "C02" and state.round == 2
    # round 2: seat 1 holds the Diary; Toby guards C02 with nobody's pawn on it
    act(state, 1, "visit", "C02")
    assert min(a.args[0] for a in prompt_for(state, 1).actions if a.kind == "bid") == 3
    act(state, 1, "back")
    visit(state, 1, "C04", 0)
    act(state, 0, "visit", "C02")
    assert min(a.args[0] for a in prompt_for(state, 0).actions if a.kind == "bid") == 0


def test_toby_adds_two_at_221b_when_at_hand():
    state = with_character(2, 0, "toby")
    state.players[1].carriages = 11
    act(state, 0, "character")
    visit(state, 0, "C221B", None)
    visit(state, 1, "C221B", None)
    act(state, 0, "ready")
    events = act(state, 1, "ready")
    assert one(events, "attempt_order").data == {"seats": [0]}  # 10 + 2 beats 11


def test_wiggins_copies_a_face_up_character_once():
    state = with_character(4, 1, "wiggins")
    give(state, 0, "irene")
    act(state, 0, "character")
    visit(state, 0, "C02", 0)
    assert Action("copy", ("irene",)) in prompt_for(state, 1).actions
    events = act(state, 1, "copy", "irene")
    assert one(events, "character_revealed").data == {"seat": 1, "character": "wiggins", "copies": "irene"}
    assert state.pens_down_exempt == [0, 1]
    assert not any(a.kind == "copy" for a in prompt_for(state, 1).actions)


def test_wiggins_cannot_copy_toby():
    state = with_character(4, 1, "wiggins")
    give(state, 0, "toby")
    act(state, 0, "character")
    visit(state, 0, "C02", 0)
    assert not any(a.kind == "copy" for a in prompt_for(state, 1).actions)
    with pytest.raises(IllegalAction):
        act(state, 1, "copy", "toby")


def test_a_revealed_character_is_public():
    state = with_character(3, 0, "lestrade")
    state.players[0].tokens["police"] = 0
    state.supply["police"] += 1
    act(state, 0, "character", "take_police")
    assert GAME.view(state, None)["players"][0]["character"] == "lestrade"
    assert state.players[0].tokens["police"] == 1


def test_a_character_can_be_discarded_at_221b_which_can_change_the_order():
    state = with_character(2, 1, "mary")
    visit(state, 0, "C221B", None)
    visit(state, 1, "C221B", None)
    act(state, 1, "discard_character")
    act(state, 0, "ready")
    events = act(state, 1, "ready")
    assert one(events, "attempt_order").data == {"seats": [1]}  # 13 carriages beat 10
