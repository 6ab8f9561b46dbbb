"""Physical mode (issue 9, item 4): the published box with NFC-tagged location cards. The kiosk shows
no card text; a visit is the action the table makes from a tag tap; answers are graded by the player."""

from __future__ import annotations

import json

import pytest

from kiosk.games.base import IllegalAction
from watson_holmes_support import act, case_from, finish_reading, game_with, no_characters, one, prompt_for, raw_case, started


def manifest():
    raw = raw_case("thornbury-clock")
    raw["case"]["id"] = "published-box-07"
    raw["case"]["edition"] = "physical"
    for card in raw["case"]["location_cards"]:
        del card["back_text"]
    for question in raw["case"]["questions"]:
        for field in ("text", "accepted", "choices", "answer_kind", "evidence"):
            question.pop(field, None)
    for field in ("solution", "intro"):
        del raw["case"][field]
    return case_from(raw, "box07.yaml")


@pytest.fixture
def box():
    game = game_with(manifest())
    state = started(3, game=game, case="published-box-07", physical=True)
    no_characters(state)
    return game, state


def test_a_manifest_cannot_be_played_without_the_physical_cards():
    game = game_with(manifest())
    with pytest.raises(ValueError, match="option 'physical' must be True for case 'published-box-07', which has no card text, got False"):
        game.start(3, 1, {"case": "published-box-07"})


def test_cards_are_chosen_by_tapping_their_tag(box):
    game, state = box
    prompt = prompt_for(state, 0, game)
    taps = {a.args[0] for a in prompt.actions if a.kind == "tap"}
    assert "C01" in taps and "C221B" in taps and "STOP" in taps
    assert not any(a.kind == "visit" for a in prompt.actions)
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "visit", "C01", game=game)
    assert refused.value.text.render("en") == "Cards are chosen by tapping their tag in physical mode."


def test_a_tap_on_a_card_the_seat_may_not_take_is_refused_with_the_reason(box):
    game, state = box
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "tap", "C09", game=game)  # needs a lockpick
    assert refused.value.text.render("es") == "Esta carta solo se puede leer con una ganzúa."
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "tap", "NOT-A-CARD", game=game)
    assert refused.value.text.render("en") == "That card is not part of this case."


def test_no_card_text_reaches_any_view_or_event(box):
    game, state = box
    events = act(state, 0, "watson", game=game)
    events += act(state, 0, "tap", "C01", game=game) + act(state, 0, "bid", 0, game=game)
    events += act(state, 1, "tap", "C02", game=game) + act(state, 1, "bid", 0, game=game)
    events += act(state, 2, "tap", "STOP", game=game)
    events += act(state, 0, "watson_target", "C02", game=game)
    reading = one(events, "watson_reading")
    assert reading.data["text"] is None and reading.data["card"] == "C02"
    reads = [e for e in events if e.kind == "card_read"]
    assert reads and all(e.data["text"] is None for e in reads)
    for seat in (None, 0, 1, 2):
        view = game.view(state, seat)
        assert view["physical"] is True
        if seat is not None:
            assert all(r["text"] is None for r in view["you"]["reading"])


def test_answers_are_graded_by_the_attempting_player(box):
    game, state = box
    act(state, 0, "tap", "C221B", game=game)
    act(state, 0, "go", game=game)  # Q5 is not open yet: answered all the same
    for seat, card in ((1, "C01"), (2, "C02")):
        act(state, seat, "tap", card, game=game)
        act(state, seat, "bid", 0, game=game)
    finish_reading(state, game)
    act(state, 0, "ready", game=game)
    for question in ("Q1", "Q2", "Q3", "Q4", "Q5"):  # every answer written on paper first
        assert [a.args for a in prompt_for(state, 0, game).actions] == [(question,)]
        act(state, 0, "written", question, game=game)
    prompt = prompt_for(state, 0, game)
    assert [a.args for a in prompt.actions] == [("Q1", True), ("Q1", False)]
    for question, verdict in (("Q1", True), ("Q2", True), ("Q3", False), ("Q4", True), ("Q5", True)):
        events = act(state, 0, "grade", question, verdict, game=game)
    attempt = one(events, "attempt")
    assert attempt.data == {"seat": 0, "success": False, "correct": 4, "of": 5, "place": None}
    assert one(events, "answer_key").data["answers"] is None  # the answers are on the physical 221B card
    assert "answer_key" not in game.view(state, 0)["you"]


def test_a_kiosk_case_can_be_played_with_printed_cards():
    state = started(2, case="lamplighter", physical=True)
    no_characters(state)
    act(state, 0, "tap", "C02")
    act(state, 0, "bid", 0)
    events = act(state, 1, "tap", "C04") + act(state, 1, "bid", 0)
    assert all(e.data["text"] is None for e in events if e.kind == "card_read")
    assert "Marsh" not in json.dumps([e.data for e in events])
