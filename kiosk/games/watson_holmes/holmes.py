"""The Sherlock Holmes card (rules 9.2): once per player, after a first failure, for 3 carriages.

Answer Consultation shows the requester a failed player's answer sheet and its score. Answer Check
grades one answer: automatically when the case has an answer key for the question, otherwise the
failed player (the voice of Holmes, who knows the solution) judges it on their own screen.
Every result goes to the requester only; the table only learns that Holmes was consulted.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.watson_holmes.board import HOLMES_COST
from kiosk.games.watson_holmes.case import Case
from kiosk.games.watson_holmes.grading import is_right
from kiosk.games.watson_holmes.state import WHState
from kiosk.games.watson_holmes.views import question_view

HOLMES_KINDS = ("holmes_consult", "holmes_check")


def apply(state: WHState, case: Case, seat: int, action: Action) -> list[Event]:
    p = state.players[seat]
    p.carriages -= HOLMES_COST
    p.holmes_used = True
    voice = action.args[0]
    events = [Event("holmes_used", {"seat": seat, "voice": voice, "effect": action.kind, "cost": HOLMES_COST})]
    sheet = state.players[voice]
    if action.kind == "holmes_consult":
        events.append(
            Event(
                "holmes_sheet",
                {"seat": seat, "voice": voice, "answers": _sheet(sheet.answers), "correct": sheet.correct},
                frozenset({seat}),
            )
        )
        return events
    _voice, question_id, answer = action.args
    question = case.question(question_id)
    if question.graded_by_player:
        state.judge = {"voice": voice, "seat": seat, "question": question_id}
        events.append(Event("holmes_asks", {"seat": seat, "voice": voice, "question": question_id}, frozenset({seat, voice})))
        return events
    events.append(
        Event(
            "holmes_answer",
            {"seat": seat, "question": question_id, "answer": answer, "right": is_right(question, answer)},
            frozenset({seat}),
        )
    )
    return events


def _sheet(answers: dict[str, Any]) -> dict[str, Any]:
    """What the sheet shows: the picked answers; a self-graded answer was written on paper (None),
    and its verdict would tell which answers were right, which the consultation must not."""
    return {question: None if isinstance(answer, dict) else answer for question, answer in answers.items()}


def judge_prompt(state: WHState, case: Case) -> Prompt:
    assert state.judge is not None
    question = case.question(state.judge["question"])
    # the question itself too, so the judge reads what was asked (it may not be open to the table yet)
    data: dict[str, Any] = {"seat": state.judge["seat"], "question": question.id, "accepted": list(question.accepted),
                            "detail": question_view(question)}
    return Prompt(state.judge["voice"], "holmes_judge", (Action("judge", (True,)), Action("judge", (False,))), True, data)


def apply_judge(state: WHState, seat: int, action: Action) -> list[Event]:
    assert state.judge is not None
    asker, question = state.judge["seat"], state.judge["question"]
    state.judge = None
    return [Event("holmes_answer", {"seat": asker, "question": question, "answer": None, "right": bool(action.args[0])}, frozenset({asker, seat}))]
