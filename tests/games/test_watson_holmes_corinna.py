"""The medium case "The Lost Silk of the Corinna": of published length, three London zones with cab
fares, question 4 opened after round 3, suspicion spread so the culprit is named on at most a third
of the cards; seeded random playouts keep every invariant of the W&H playouts, and a table of
investigating bots solves it."""

from __future__ import annotations

import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.games.watson_holmes.library import bundled_cases
from test_watson_holmes_bot import run as bot_game
from test_watson_holmes_playouts import playout
from watson_holmes_support import GAME, act, no_characters, prompt_for, started, visit

CORINNA = "corinna-silk"
CASE = bundled_cases()[CORINNA]
# What names or points at a suspect on a card (English front and back): name, surname, initials,
# address, alias or belongings.
CULPRIT = ("Tull", "A. Thorne", "Wood Street", "silver knob", "silver-knob")
RED_HERRINGS = {"dray": ("Dray",), "lowe": ("Lowe",), "lydia": ("Lydia", "Mrs Crane"), "biddle": ("Biddle",)}
# For each question, words of which every card listed as evidence names at least one (in English).
KEYWORDS = {
    "Q1": ("Tull", "cane", "stick", "florin"),  # the surgeon (C19) gives the wound, round and the size of a florin, not the weapon
    "Q2": ("bricks", "heavy", "silk"),
    "Q3": ("Kestrel", "hoist", "ebb", "stunned", "blood"),
    "Q4": ("40", "Forty", "bill of lading"),  # the claim (C06) names no number: every L.V. case on the bill of lading (C09)
}


def english(card) -> str:
    return card.name["en"] + " " + card.text["en"]


def test_a_medium_case_of_published_length_in_three_zones_with_a_question_hidden_until_round_3():
    assert 15 <= len(CASE.cards) <= 20 and CASE.difficulty == 3
    assert (CASE.min_players, CASE.max_players, CASE.expected_minutes) == (2, 7, 70)
    assert CASE.languages == ("en", "es") and CASE.credits == {"author": "Mystery Table", "licence": "kiosk-original, CC BY 4.0"}
    zones = {zone.id for zone in CASE.zones}
    assert zones == {"WEST", "CITY", "WAPPING"} and CASE.start_zone == "WEST"
    assert set(CASE.travel) == {(a, b) for a in zones for b in zones if a != b}
    assert CASE.travel_cost("WEST", "WAPPING") == 2 and CASE.travel_cost("CITY", "WAPPING") == 1
    assert {card.zone for card in CASE.cards} == zones
    assert all(q.answer_kind in ("PERSON_FULL_NAME", "CHOICE", "NUMBER") for q in CASE.questions)
    hidden = [(q.id, q.reveal, q.reveal_at) for q in CASE.questions if q.reveal != "start"]
    assert hidden == [("Q4", "round", 3)]


def test_the_culprit_is_named_on_no_more_than_a_third_of_the_cards_and_suspicion_is_spread():
    pointing = [card.id for card in CASE.cards if any(mark in english(card) for mark in CULPRIT)]
    assert 2 <= len(pointing) <= len(CASE.cards) / 3, pointing
    for suspect, marks in RED_HERRINGS.items():
        assert sum(any(mark in english(card) for mark in marks) for card in CASE.cards) >= 2, suspect


@pytest.mark.parametrize("question", CASE.questions, ids=lambda q: q.id)
def test_every_evidence_card_speaks_to_its_question(question):
    assert len(question.evidence) >= 2
    for card in question.evidence:
        assert any(word in english(CASE.card(card)) for word in KEYWORDS[question.id]), (question.id, card)


def test_the_cab_fare_to_wapping_is_paid_with_the_bid_and_moves_the_glass():
    state = started(2, case=CORINNA)
    no_characters(state)
    act(state, 0, "visit", "C14")  # the loading floor, in Wapping, from the West End
    assert prompt_for(state, 0).data["travel"] == 2
    act(state, 0, "bid", 1)
    visit(state, 1, "C06", 0)  # Lloyd's, in the City: walking, but the fare is 1
    act(state, 0, "done")
    act(state, 1, "done")
    assert [p.carriages for p in state.players] == [7, 10]  # Lloyd's gives back the fare it cost
    assert [p.zone for p in state.players] == ["WAPPING", "CITY"]


def test_question_4_is_shown_from_the_end_of_round_3_on():
    state = GAME.start(3, 4, {"case": CORINNA})
    bots = [RandomBot(seat, 4) for seat in range(3)]
    shown: dict[int, set[str]] = {}
    while not state.over and state.round <= 4:
        shown.setdefault(state.round, set()).update(q["id"] for q in GAME.view(state, None)["case"]["questions"])
        prompt = min(GAME.prompts(state), key=lambda p: p.seat)
        GAME.apply(state, prompt.seat, bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt))
    assert shown[3] == {"Q1", "Q2", "Q3"} and shown[4] == {"Q1", "Q2", "Q3", "Q4"}


@pytest.mark.parametrize("seed", range(12))  # 2-7 seats, each twice; kiosk and physical mode
def test_random_playouts_keep_every_invariant(seed):
    playout(seed, CORINNA)


def test_a_table_of_three_investigating_bots_solves_it_in_most_games():
    # bench/wh_bots.py --games 200: a winner in every game, in round 9 on average
    winners = sum(bool(GAME.outcome(bot_game(CORINNA, 3, seed)[0]).winners) for seed in range(20))
    assert winners >= 16
