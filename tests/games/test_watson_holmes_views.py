"""What each seat and the public touchscreen may know (rules 16), and case-level settings."""

from __future__ import annotations

import orjson
import pytest

from kiosk.cli import main
from kiosk.games.base import Action
from kiosk.games.watson_holmes.library import bundled_case_ids
from watson_holmes_support import (
    GAME,
    act,
    case_from,
    game_with,
    no_characters,
    prompt_for,
    raw_case,
    started,
    visit,
)


def test_the_card_text_is_on_the_visitors_screen_only_while_reading():
    state = started(3)
    no_characters(state)
    visit(state, 0, "C02", 0)
    visit(state, 1, "C04", 0)
    events = visit(state, 2, "STOP", None)
    read = [e for e in events if e.kind == "card_read"]
    assert {e.data["seat"]: e.audience for e in read} == {0: frozenset({0}), 1: frozenset({1})}
    text = read[0].data["text"]["en"]
    assert GAME.view(state, 0)["you"]["reading"] == [{"card": "C02", "text": read[0].data["text"]}]
    for seat in (None, 1, 2):
        assert text not in orjson.dumps(GAME.view(state, seat)).decode()
    act(state, 0, "done")
    assert GAME.view(state, 0)["you"]["reading"] == []  # only the notes remain
    assert text not in orjson.dumps(GAME.view(state, 0)).decode()


def test_the_public_view_draws_the_board():
    state = started(3)
    no_characters(state)
    visit(state, 0, "C02", 2)
    view = GAME.view(state, None)
    assert view["pawns"] == [{"seat": 0, "card": "C02", "bid": 2, "toby": False, "travel": 0, "lockpick": False}]
    assert view["turn"] == 1 and view["diary"] == 0 and view["round"] == 1
    cards = {c["id"]: c for c in view["case"]["cards"]}
    assert cards["C01"]["name"] == {"en": "Scotland Yard", "es": "Scotland Yard"}
    assert cards["C01"]["icons"] == ["gives_calloff", "gives_police"] and cards["C221B"]["kind"] == "221b"
    assert "text" not in cards["C01"] and view["players"][0]["committed"] == 2
    assert [q["id"] for q in view["case"]["questions"]] == ["Q1", "Q2"]
    assert all("accepted" not in q for q in view["case"]["questions"])


def test_the_answer_prompt_carries_the_question_for_the_seat_screen():
    state = started(2)
    no_characters(state)
    visit(state, 0, "C221B", None)
    visit(state, 1, "C02", 0)
    act(state, 1, "done")
    act(state, 0, "ready")
    prompt = prompt_for(state, 0)
    assert prompt.private and prompt.data["detail"]["text"]["es"] == "¿Quién se llevó el libro? (nombre completo)"
    assert [c["label"]["en"] for c in prompt.data["detail"]["choices"]][0] == "Edwin Marsh"
    assert [a.args[1] for a in prompt.actions] == ["marsh", "pryce", "brandt", "cole"]


def test_a_case_can_change_the_starting_resources_and_the_police_limit():
    raw = raw_case()
    raw["case"]["special_rules"].update(start_resources={"carriages": 6, "police": 1, "lockpick": 1}, police_limit_players=2)
    game = game_with(case_from(raw))
    state = game.start(4, 5)
    order = [(state.diary + k) % 4 for k in range(4)]
    assert [state.players[s].carriages for s in order] == [6] * 4
    assert [state.players[s].tokens["police"] for s in order] == [1, 1, 0, 0]
    assert [state.players[s].tokens["calloff"] for s in order] == [0, 0, 1, 1]
    assert [state.players[s].tokens["lockpick"] for s in order] == [1, 1, 0, 0]  # only 2 in the box


def test_a_case_can_do_without_dr_watson():
    raw = raw_case()
    raw["case"]["special_rules"]["flags"] = ["no_watson_this_case"]
    game = game_with(case_from(raw))
    state = game.start(3, 5)
    assert Action("watson") not in prompt_for(state, state.turn, game).actions


def test_a_case_for_fewer_players_refuses_more_seats():
    raw = raw_case()
    raw["case"]["max_players"] = 4
    game = game_with(case_from(raw))
    with pytest.raises(ValueError, match=r"option 'case' must be a case for 5 players \('lamplighter' is for 2–4\)"):
        game.start(5, 1)


def test_cases_list_shows_every_bundled_case_the_tutorial_first(capsys, tmp_path):
    (tmp_path / "cases").mkdir()
    (tmp_path / "table.toml").write_text('cases_dir = "cases"\n[[seats]]\n', encoding="utf-8")
    assert main(["--lang", "es", "cases", "list", "--config", str(tmp_path / "table.toml")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == list(bundled_case_ids())
    assert out[0] == "lamplighter: El libro de cuentas del farolero (2-7 jugadores, 8 cartas, 2 preguntas; incluido)"
    assert "corinna-silk: La seda perdida del Corinna (2-7 jugadores, 19 cartas, 4 preguntas; incluido)" in out
