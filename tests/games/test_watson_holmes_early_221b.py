"""Going to 221B before every question is open (issue #29, rules 8.1): the player must answer the
unopened questions too, so the engine says which ones and asks to confirm; backing out changes nothing."""

from __future__ import annotations

import copy
import dataclasses

from kiosk.games.base import Action
from watson_holmes_support import FULL, GAME, TUTORIAL, act, finish_reading, kinds, no_characters, prompt_for, started, visit

Q5 = [{"id": "Q5", "number": 5}]  # Thornbury's question 5 opens after round 2


def fresh(case: str = FULL, **options):
    state = started(2, case=case, **options)
    no_characters(state)
    return state


def snapshot(state) -> dict:
    """Everything the state holds, the random generator by its position."""
    fields = {f.name: copy.deepcopy(getattr(state, f.name)) for f in dataclasses.fields(state) if f.name != "rng"}
    return {**fields, "rng": state.rng.getstate()}


def test_the_choice_of_card_names_the_questions_not_yet_open():
    state = fresh()
    assert prompt_for(state, 0).data["unopened"] == Q5
    assert prompt_for(fresh(TUTORIAL), 0).data["unopened"] == []  # the tutorial opens both at the start


def test_221b_with_a_question_not_open_asks_first_and_says_which():
    state = fresh()
    assert act(state, 0, "visit", "C221B") == []
    prompt = prompt_for(state, 0)
    assert prompt.kind == "confirm_221b" and prompt.private
    assert prompt.data == {"card": "C221B", "unopened": Q5}
    assert prompt.actions == (Action("go"), Action("back"))
    assert state.players[0].at is None  # nothing placed yet
    events = act(state, 0, "go")
    assert kinds(events) == ["placed", "at_221b"] and state.players[0].at == "C221B"
    assert prompt_for(state, 1).kind == "visit"


def test_backing_out_changes_nothing_and_tells_nothing():
    state = fresh()
    before, public = snapshot(state), GAME.view(state, None)
    assert act(state, 0, "visit", "C221B") == []
    assert GAME.view(state, None) == public  # the table sees nothing while the seat thinks it over
    assert act(state, 0, "back") == []
    assert snapshot(state) == before and GAME.view(state, None) == public
    assert prompt_for(state, 0).kind == "visit"


def test_no_question_left_closed_goes_straight_to_221b():
    state = fresh(TUTORIAL)
    assert kinds(act(state, 0, "visit", "C221B")) == ["placed", "at_221b"]
    state = fresh()
    for _ in range(2):  # two rounds of walking to cards: question 5 opens
        for card in ("C02", "C04"):
            visit(state, state.turn, card, 0)
        finish_reading(state)
    assert "Q5" in state.revealed_questions and state.round == 3
    assert prompt_for(state, state.turn).data["unopened"] == []
    assert kinds(act(state, state.turn, "visit", "C221B")) == ["placed", "at_221b"]


def test_a_tapped_221b_card_asks_too():
    state = fresh(physical=True)
    assert act(state, 0, "tap", "C221B") == []
    assert prompt_for(state, 0).kind == "confirm_221b"
