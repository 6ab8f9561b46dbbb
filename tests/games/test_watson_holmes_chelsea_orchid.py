"""The bundled case "The Fire in the Orchid House": the full-table case of issue #36 (five to seven
players, 22 cards, difficulty 4 by the checker's bands), with carriages, police, a lock and its
lockpick, and a question sealed until a card opens it; answers of shapes the other bundled cases do
not give (when it was set, what the fire hid, by which route the thing was to leave England). Played
to the end by seeded investigating bots at five and at seven seats, who meet the lock, the police and
the sealed question on the way."""

from __future__ import annotations

from itertools import combinations

from kiosk.games.watson_holmes.difficulty import culprit_question, difficulty
from kiosk.games.watson_holmes.library import bundled_cases
from watson_holmes_support import bot_tables

CASE = "chelsea-orchid"
SEEDS = range(4)
# seeds 0-3 end with a winner in all 4 games at 5 seats and at 7 (measured); a case the bots cannot solve fails
WINS = 3
ANSWERS = {"Q1": "tregarth", "Q2": "midnight", "Q3": "gone", "Q4": "harwich"}


def test_it_is_a_full_table_case_with_carriages_police_a_lock_and_a_card_opened_question():
    case = bundled_cases()[CASE]
    assert len(case.cards) >= 20 and (case.min_players, case.max_players) == (5, 7)
    assert (case.difficulty, case.expected_minutes) == (4, 105)
    by_icon = {icon: [c.id for c in case.cards if icon in c.icons]
               for icon in ("gives_police", "gives_carriages", "lockpick_required", "gives_lockpick")}
    assert all(by_icon.values()), by_icon
    assert any("lockpick_required" not in case.card(c).icons for c in by_icon["gives_lockpick"])
    sealed = [q for q in case.questions if q.reveal == "card"]
    assert [q.id for q in sealed] == ["Q4"] and case.is_location(sealed[0].reveal_at)
    assert all(q.answer_kind in ("PERSON_FULL_NAME", "CHOICE") for q in case.questions)


def test_it_plays_at_difficulty_4_by_the_bands():
    # the culprit singled out on at most a quarter of the cards, the nearest alternative cleared by three together
    found = difficulty(bundled_cases()[CASE])
    assert found.band == (4,) and found.culprit is not None and found.exclusion is not None
    assert 4 * len(found.culprit.cards) <= found.cards and found.exclusion.depth >= 3
    assert found.exclusion.nearest is not None and found.exclusion.nearest.id == "lusk" and not found.exclusion.uncleared()


def test_two_suspects_still_stand_after_any_five_cards():
    # issue 36: it plays hard; by the case's own map of what rules each suspect out (every way of `cleared_by`,
    # all its cards needed together), no five cards leave the culprit alone
    case = bundled_cases()[CASE]
    question = culprit_question(case)
    assert question is not None
    ways = {c.id: [set(way) for way in c.cleared_by] for c in question.choices if c.id not in question.accepted}
    for drawn in combinations([card.id for card in case.cards], 5):
        standing = [s for s, cleared in ways.items() if not any(way <= set(drawn) for way in cleared)]
        assert standing, f"the culprit alone after {drawn}"


def test_its_answers_are_none_of_another_bundled_case():
    cases = bundled_cases()
    labels = {c.label["en"] for q in cases[CASE].questions for c in q.choices if c.id in q.accepted}
    for other_id, other in cases.items():
        if other_id != CASE:
            theirs = {c.label["en"] for q in other.questions for c in q.choices if c.id in q.accepted}
            assert not labels & theirs, other_id


def test_seeded_bots_at_five_and_seven_seats_solve_it_through_the_lock_the_police_and_the_seal():
    for seats in (5, 7):
        met = bot_tables(CASE, seats, SEEDS, sealed="Q4", opens_on="C01")
        assert met.won >= WINS and met.opened == len(SEEDS) and met.picked and met.policed, (seats, met)
        assert all(answers == ANSWERS for answers in met.winning_answers)
