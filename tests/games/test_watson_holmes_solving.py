"""Dr Watson (9.1), Sherlock Holmes (9.2), 221B (8), elimination and the end of the game (11)."""

from __future__ import annotations

import pytest

from kiosk.games.base import Action, IllegalAction
from watson_holmes_support import (
    FULL,
    GAME,
    RIGHT_TUTORIAL,
    WRONG_TUTORIAL,
    act,
    answer_all,
    finish_reading,
    free_text_thornbury,
    kinds,
    no_characters,
    one,
    prompt_for,
    started,
    visit,
)


def fresh(seats=3, **options):
    state = started(seats, **options)
    no_characters(state)
    return state


def to_221b(state, attempters, others=("C02", "C04", "C07", "C03", "C06", "C01")):
    """Every seat in turn order goes to 221B (if listed) or walks to one of `others`."""
    spare = list(others)
    while state.stage == "visit":
        seat = state.turn
        if seat in attempters:
            visit(state, seat, "C221B", None)
        else:
            visit(state, seat, spare.pop(0), 0)
    finish_reading(state)


def ready_all(state):
    while state.stage == "wait_221b":
        for prompt in GAME.prompts(state):
            act(state, prompt.seat, "ready")


# ---- Dr Watson ----------------------------------------------------------------------------------


def test_watson_costs_four_once_per_round_and_reads_a_chosen_card_to_everyone():
    state = fresh()
    events = act(state, 0, "watson")
    assert one(events, "watson_taken").data == {"seat": 0, "cost": 4} and state.players[0].carriages == 6
    visit(state, 0, "C02", 0)
    assert Action("watson") not in prompt_for(state, 1).actions
    visit(state, 1, "C04", 0)
    visit(state, 2, "C06", 0)  # no_watson
    prompt = prompt_for(state, 0)
    assert prompt.kind == "watson_target" and [a.args[0] for a in prompt.actions] == ["C04"]
    events = act(state, 0, "watson_target", "C04")
    reading = one(events, "watson_reading")
    assert reading.audience is None and reading.data["visitor"] == 1
    assert reading.data["text"] == GAME.case(state).card("C04").text  # card 4's own words, in both languages
    assert GAME.view(state, None)["watson_reading"]["card"] == "C04"


def test_watson_with_nothing_to_read_is_wasted():
    state = fresh(2)
    act(state, 0, "watson")
    visit(state, 0, "C02", 0)
    events = visit(state, 1, "STOP", None)
    assert one(events, "watson_wasted").data == {"seat": 0}


def test_watson_cannot_be_taken_without_four_carriages():
    state = fresh()
    state.players[0].carriages = 3
    assert Action("watson") not in prompt_for(state, 0).actions
    with pytest.raises(IllegalAction, match="Dr Watson is not available"):
        act(state, 0, "watson")


# ---- 221B --------------------------------------------------------------------------------------


def test_a_right_attempt_wins_and_ends_the_game_with_the_solution():
    state = fresh()
    to_221b(state, {0})
    ready_all(state)
    events = answer_all(state, 0, RIGHT_TUTORIAL)
    assert one(events, "attempt").data == {"seat": 0, "success": True, "correct": 2, "of": 2, "place": 1}
    over = one(events, "game_over")
    assert over.data["winners"] == [0] and over.data["solution"]["en"].startswith("Only Pryce and Marsh")
    assert GAME.outcome(state).winners == [0] and GAME.prompts(state) == []


def test_a_failed_attempt_eliminates_and_tells_only_how_many_were_right():
    state = fresh()
    to_221b(state, {0})
    ready_all(state)
    events = answer_all(state, 0, WRONG_TUTORIAL)
    attempt = one(events, "attempt")
    assert attempt.audience is None and attempt.data == {"seat": 0, "success": False, "correct": 1, "of": 2, "place": None}
    key = one(events, "answer_key")
    assert key.audience == frozenset({0})  # the voice of Holmes learns the answers, nobody else
    assert state.players[0].eliminated and state.failed == [0]
    assert GAME.view(state, 0)["you"]["answer_key"] == {"Q1": ["marsh"], "Q2": ["organ"]}
    assert "answer_key" not in GAME.view(state, 1)["you"] and state.round == 2
    assert state.turn != 0 and all(p.seat != 0 for p in GAME.prompts(state))


def test_the_most_carriages_attempt_first_and_later_players_wait():
    state = fresh()
    to_221b(state, {0, 1, 2})
    state.players[1].carriages = 12
    events = []
    while state.stage == "wait_221b":
        for prompt in GAME.prompts(state):
            events += act(state, prompt.seat, "ready")
    assert one(events, "attempt_order").data == {"seats": [1]}
    assert [p.seat for p in GAME.prompts(state)] == [1]
    events = answer_all(state, 1, WRONG_TUTORIAL)
    assert kinds(events)[:2] == ["attempt", "answer_key"] and state.stage == "wait_221b"
    ready_all(state)
    assert sorted(p.seat for p in GAME.prompts(state)) == [0, 2]  # tied on 10: together


def test_players_tied_on_carriages_attempt_together_and_can_both_win():
    state = fresh()
    to_221b(state, {0, 2})
    ready_all(state)
    assert sorted(p.seat for p in GAME.prompts(state)) == [0, 2]
    answer_all(state, 0, RIGHT_TUTORIAL)
    assert not state.over
    events = answer_all(state, 2, RIGHT_TUTORIAL)
    assert one(events, "game_over").data["winners"] == [0, 2]
    assert GAME.outcome(state).winners == [0, 2] and GAME.outcome(state).scores[1] == 0.0


def test_everyone_failing_means_everyone_loses():
    state = fresh(2)
    to_221b(state, {0, 1})
    ready_all(state)
    answer_all(state, 0, WRONG_TUTORIAL)
    events = answer_all(state, 1, WRONG_TUTORIAL)
    over = one(events, "game_over")
    assert over.data["winners"] == [] and GAME.outcome(state).detail["everyone_loses"] is True


def test_the_last_player_has_up_to_four_rounds_then_must_go_to_221b():
    state = fresh(2)
    state.players[1].carriages = 2
    to_221b(state, {0}, others=("C02",))
    ready_all(state)
    events = answer_all(state, 0, WRONG_TUTORIAL)
    assert one(events, "last_player").data == {"seat": 1, "rounds": 2}
    for _ in range(2):
        visit(state, 1, "C04", 0)
        act(state, 1, "done")
    assert [a.args for a in prompt_for(state, 1).actions if a.kind == "visit"] == [("C221B",)]
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, "visit", "C04")
    assert refused.value.text.render("en") == "Your extra rounds are over: you must go to 221B Baker Street."
    visit(state, 1, "C221B", None)
    ready_all(state)
    events = answer_all(state, 1, WRONG_TUTORIAL)
    assert GAME.outcome(state).winners == [] and state.over


def test_the_last_player_limit_is_four_rounds_at_most_and_may_attempt_early():
    state = fresh(2)
    state.players[1].carriages = 30
    to_221b(state, {0}, others=("C02",))
    ready_all(state)
    events = answer_all(state, 0, WRONG_TUTORIAL)
    assert one(events, "last_player").data["rounds"] == 4
    visit(state, 1, "C221B", None)
    ready_all(state)
    events = answer_all(state, 1, RIGHT_TUTORIAL)
    assert GAME.outcome(state).winners == [1]


def test_a_free_text_question_is_graded_by_the_attempting_player(monkeypatch):
    monkeypatch.setitem(GAME.cases, FULL, free_text_thornbury())
    state = fresh(2, case=FULL)
    to_221b(state, {0}, others=("C01",))
    ready_all(state)
    answers = {"Q1": "reeve", "Q2": "draught", "Q3": "forgery", "Q4": "quill"}
    for question, answer in answers.items():
        act(state, 0, "answer", question, answer)
    prompt = prompt_for(state, 0)
    assert prompt.data["question"] == "Q5" and [a.kind for a in prompt.actions] == ["written"]
    assert "accepted" not in prompt.data  # written first, compared once the whole sheet is written
    act(state, 0, "written", "Q5")
    prompt = prompt_for(state, 0)
    assert prompt.data["question"] == "Q5" and [a.kind for a in prompt.actions] == ["grade", "grade"]
    assert "forged bank draft" in prompt.data["accepted"][0]["en"]
    events = act(state, 0, "grade", "Q5", True)
    assert one(events, "game_over").data["winners"] == [0]


# ---- Sherlock Holmes ----------------------------------------------------------------------------


def failed_first(seats=3):
    state = fresh(seats)
    to_221b(state, {0})
    ready_all(state)
    answer_all(state, 0, WRONG_TUTORIAL)
    return state


def test_holmes_is_unavailable_before_anyone_fails():
    state = fresh()
    assert not any(a.kind.startswith("holmes") for a in prompt_for(state, 0).actions)
    with pytest.raises(IllegalAction, match="only after a failed attempt"):
        act(state, 0, "holmes_consult", 1)


def test_holmes_answer_consultation_shows_the_failed_sheet_to_the_requester_only():
    state = failed_first()
    seat = state.turn
    events = act(state, seat, "holmes_consult", 0)
    assert one(events, "holmes_used").audience is None and state.players[seat].carriages == 7
    sheet = one(events, "holmes_sheet")
    assert sheet.audience == frozenset({seat}) and sheet.data["answers"] == WRONG_TUTORIAL and sheet.data["correct"] == 1


def test_holmes_answer_check_grades_one_answer_privately_once_per_game():
    state = failed_first()
    seat = state.turn
    events = act(state, seat, "holmes_check", 0, "Q1", "marsh")
    answer = one(events, "holmes_answer")
    assert answer.audience == frozenset({seat}) and answer.data["right"] is True
    assert not any(a.kind.startswith("holmes") for a in prompt_for(state, seat).actions)


def test_holmes_needs_three_carriages():
    state = failed_first()
    state.players[state.turn].carriages = 2
    assert not any(a.kind.startswith("holmes") for a in prompt_for(state, state.turn).actions)


def test_a_free_text_check_is_judged_by_the_voice_of_holmes(monkeypatch):
    monkeypatch.setitem(GAME.cases, FULL, free_text_thornbury())
    state = fresh(3, case=FULL)
    to_221b(state, {0}, others=("C01", "C02"))
    ready_all(state)
    answer_all(state, 0, {"Q1": "arthur", "Q2": "port", "Q3": "forgery", "Q4": "quill", "Q5": False})
    seat = state.turn
    events = act(state, seat, "holmes_check", 0, "Q5", None)
    assert one(events, "holmes_asks").audience == frozenset({seat, 0})
    judge = GAME.prompts(state)
    assert [(p.seat, p.kind) for p in judge] == [(0, "holmes_judge")]
    events = act(state, 0, "judge", False)
    assert one(events, "holmes_answer").data["right"] is False and one(events, "holmes_answer").audience == frozenset({seat, 0})


def test_holmes_at_221b_can_change_the_solving_order():
    state = failed_first(4)
    to_221b(state, {1, 2}, others=("C02", "C04"))
    assert state.players[1].carriages == state.players[2].carriages
    act(state, 1, "holmes_consult", 0)  # pays 3 while waiting
    ready_all(state)
    assert [p.seat for p in GAME.prompts(state)] == [2]


# ---- questions opened later (rules 12) ----------------------------------------------------------


def test_a_question_opens_after_its_round():
    state = fresh(2, case=FULL)
    assert [q["id"] for q in GAME.view(state, None)["case"]["questions"]] == ["Q1", "Q2", "Q3", "Q4"]
    for _ in range(2):
        visit(state, state.turn, "STOP", None)
        events = visit(state, state.turn, "STOP", None)
    assert one(events, "question_revealed").data == {"question": "Q5", "number": 5}
    assert [q["id"] for q in GAME.view(state, None)["case"]["questions"]][-1] == "Q5"


def test_a_question_opens_when_its_card_is_read():
    from watson_holmes_support import case_from, game_with, raw_case

    raw = raw_case()
    raw["case"]["questions"][1]["reveal"] = {"on_card": "C05"}
    game = game_with(case_from(raw))
    state = started(2, game=game, case="lamplighter")
    no_characters(state)
    assert [q["id"] for q in game.view(state, 1)["case"]["questions"]] == ["Q1"]
    visit(state, 0, "C05", 0, game=game)
    events = visit(state, 1, "C02", 0, game=game)
    assert one(events, "question_revealed").data == {"question": "Q2", "number": 2}
    assert [q["id"] for q in game.view(state, 1)["case"]["questions"]] == ["Q1", "Q2"]


def test_playing_on_after_a_win_for_second_place():
    state = fresh(3, play_on=True)
    to_221b(state, {0})
    ready_all(state)
    events = answer_all(state, 0, RIGHT_TUTORIAL)
    assert one(events, "attempt").data["place"] == 1 and not state.over
    assert "answers" not in one(events, "attempt").data  # the winner keeps the answers secret
    assert state.turn != 0 and all(p.seat != 0 for p in GAME.prompts(state))
    to_221b(state, {1, 2})
    ready_all(state)
    answer_all(state, 1, RIGHT_TUTORIAL)
    events = answer_all(state, 2, WRONG_TUTORIAL)
    over = one(events, "game_over")
    assert over.data["winners"] == [0] and over.data["places"] == {"0": 1, "1": 2}
    assert GAME.outcome(state).detail["places"] == {0: 1, 1: 2}
