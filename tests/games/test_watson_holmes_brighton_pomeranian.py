"""The bundled case "The Brighton Pomeranian": the small case of issue #36, a second case to learn on
after the tutorial (two or three players, 14 cards, difficulty 2, 45 minutes), with one lock and its
lockpick, a police card, pickers only, and answers of a shape the other bundled cases do not give
(who planned it, who carried it for him, what he was after). Played to the end by seeded investigating
bots, at the table sizes it is offered for."""

from __future__ import annotations

from kiosk.bots.watson_holmes_bot import WatsonHolmesBot
from kiosk.games.watson_holmes.library import bundled_cases
from kiosk.referee.headless import play
from watson_holmes_support import GAME

CASE = "brighton-pomeranian"
SEEDS = range(6)
# seeds 0-5 end with a winner in all 6 games at 2 seats and at 3 (measured); a case the bots cannot solve fails
WINS = 5


def test_it_is_a_small_case_for_two_or_three_with_one_lock_its_lockpick_and_police():
    case = bundled_cases()[CASE]
    assert len(case.cards) == 14 and len(case.questions) == 3
    assert (case.difficulty, case.expected_minutes, case.min_players, case.max_players) == (2, 45, 2, 3)
    by_icon = {icon: [c.id for c in case.cards if icon in c.icons] for icon in ("gives_police", "lockpick_required", "gives_lockpick")}
    assert len(by_icon["lockpick_required"]) == 1 and by_icon["gives_police"]
    assert any("lockpick_required" not in case.card(c).icons for c in by_icon["gives_lockpick"])
    assert all(q.answer_kind in ("PERSON_FULL_NAME", "CHOICE") for q in case.questions)


def test_its_answers_are_none_of_another_bundled_case():
    cases = bundled_cases()
    ours = {(q.id, a) for q in cases[CASE].questions for a in q.accepted}
    labels = {c.label["en"] for q in cases[CASE].questions for c in q.choices if (q.id, c.id) in ours}
    for other_id, other in cases.items():
        if other_id != CASE:
            theirs = {c.label["en"] for q in other.questions for c in q.choices if c.id in q.accepted}
            assert not labels & theirs, other_id


def test_seeded_bots_at_two_and_three_seats_solve_it_through_the_lock():
    for seats in (2, 3):
        won, picked = 0, 0
        for seed in SEEDS:
            state = GAME.start(seats, seed, {"case": CASE})
            bots = [WatsonHolmesBot(seat, seed) for seat in range(seats)]
            for step in play(GAME, state, bots):
                picked += sum(e.kind == "lockpick_used" for e in step.events)
            assert state.over
            outcome = GAME.outcome(state)
            assert outcome is not None
            won += bool(outcome.winners)
            for seat in outcome.winners:
                assert state.players[seat].answers == {"Q1": "kett", "Q2": "ned", "Q3": "fee"}
        assert won >= WINS and picked, (seats, won, picked)
