"""221B Baker Street (rules 8): the solving order, simultaneous attempts, grading and elimination.

Players at 221B wait together; each may still use Holmes (which can change the order, since it
costs carriages) or reveal Mrs Hudson, then says they are ready. The most carriages (plus Toby's 2)
attempt first; ties attempt at the same time, so several can win. Each attempter answers every
question on their own screen: a picker for choices, names and numbers, or, for free text, an answer
written on paper. Only once the whole sheet is written is it compared with the answer card (the
seed's "Resolviendo": write every answer, then compare): the player then gives their own verdict on
each written answer, reading the key of that question. No key is shown while any answer is unwritten.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.watson_holmes import board, holmes
from kiosk.games.watson_holmes.case import Case, Question
from kiosk.games.watson_holmes.characters import Characters
from kiosk.games.watson_holmes.grading import is_right
from kiosk.games.watson_holmes.state import WHState
from kiosk.games.watson_holmes.views import question_view


def begin(state: WHState, attempters: list[int]) -> list[Event]:
    state.pending["221b"] = {"waiting": list(attempters), "ready": [], "count": len(attempters)}
    state.stage = "wait_221b"
    return []


def order_value(state: WHState, chars: Characters, seat: int) -> int:
    """Carriages held, plus Toby's value when he is face up and at hand (rules 8.2)."""
    bonus = 0
    if board.has_ability(state, chars, seat, "toby") and state.toby_card is None:
        toby = chars.by_effect("toby")
        bonus = toby.value if toby else 0
    return state.players[seat].carriages + bonus


def _hudson_actions(state: WHState, chars: Characters, seat: int) -> list[Action]:
    p = state.players[seat]
    if state.pending["221b"]["count"] < 2 or p.character is None or p.character_state != "hidden":
        return []
    own = chars.get(p.character)
    if own.effect == "first_at_221b":
        return [Action("character")]
    if own.effect == "copy":
        return [
            Action("copy", (q.character,))
            for other, q in enumerate(state.players)
            if other != seat and q.character and q.character_state == "revealed"
            and chars.get(q.character).effect == "first_at_221b"
        ]
    return []


def prompts(state: WHState, case: Case, chars: Characters) -> list[Prompt]:
    at = state.pending["221b"]
    if state.stage == "wait_221b":
        found = []
        for seat in at["waiting"]:
            if seat in at["ready"]:
                continue
            waiting = [Action("ready"), *_hudson_actions(state, chars, seat), *board.holmes_actions(state, case, seat)]
            p = state.players[seat]
            if p.character is not None and p.character_state == "hidden":  # A11: carriages when needed
                waiting.append(Action("discard_character"))
            found.append(Prompt(seat, "wait_221b", tuple(waiting), True, {"waiting": list(at["waiting"])}))
        return found
    found = []
    for seat in at["group"]:
        answers = at["answers"][seat]
        question = _next_question(case, answers)
        if question is None:
            continue
        q = case.question(question)
        # the whole question, so the seat screen can draw it even if it is not open to the table yet
        data: dict[str, Any] = {"question": q.id, "number": q.number, "kind": q.answer_kind, "detail": question_view(q)}
        actions: list[Action]
        if q.id in answers:  # the sheet is complete: compare this written answer with the key
            data["accepted"] = list(q.accepted)
            actions = [Action("grade", (q.id, True)), Action("grade", (q.id, False))]
        elif q.graded_by_player:
            actions = [Action("written", (q.id,)), *board.holmes_actions(state, case, seat)]
        else:
            actions = [*(Action("answer", (q.id, option)) for option in q.options()), *board.holmes_actions(state, case, seat)]
        found.append(Prompt(seat, "answer", tuple(actions), True, data))
    return found


def _next_question(case: Case, answered: dict[str, Any]) -> str | None:
    """The first question not yet answered; once every one is, the first written answer not yet
    compared with the answer card."""
    unwritten = next((q.id for q in case.questions if q.id not in answered), None)
    if unwritten is not None:
        return unwritten
    return next((q.id for q in case.questions if _unjudged(answered[q.id])), None)


def _unjudged(answer: Any) -> bool:
    return isinstance(answer, dict) and answer["verdict"] is None


def apply(state: WHState, case: Case, chars: Characters, seat: int, action: Action) -> list[Event]:
    from kiosk.games.watson_holmes import investigation, visiting

    at = state.pending["221b"]
    kind = action.kind
    if kind in holmes.HOLMES_KINDS:
        return holmes.apply(state, case, seat, action)
    if kind == "discard_character":
        return visiting.discard(state, chars, seat)
    if kind in ("character", "copy"):
        p = state.players[seat]
        assert p.character is not None
        if kind == "character":
            events = visiting.reveal(state, chars, seat, p.character)
        else:
            events = visiting.copy_character(state, chars, seat, action.args[0])
        state.first_at_221b.append(seat)
        return events + [Event("first_at_221b", {"seat": seat})]
    if kind == "ready":
        at["ready"].append(seat)
        if len(at["ready"]) < len(at["waiting"]):
            return []
        first = [s for s in at["waiting"] if s in state.first_at_221b]
        if not first:
            best = max(order_value(state, chars, s) for s in at["waiting"])
            first = [s for s in at["waiting"] if order_value(state, chars, s) == best]
        at["group"] = first
        at["answers"] = {s: {} for s in first}
        state.stage = "answer"
        return [Event("attempt_order", {"seats": list(first)})]
    # an answer picked, an answer written on paper, or the verdict on a written answer
    if kind == "written":
        at["answers"][seat][action.args[0]] = {"verdict": None}
    else:
        question, value = action.args
        at["answers"][seat][question] = value if kind == "answer" else {"verdict": value}
    if any(_next_question(case, answers) for answers in at["answers"].values()):
        return []
    events = _resolve(state, case)
    won_now = [s for s in at["group"] if state.players[s].won]
    if won_now and (not state.options.get("play_on") or not board.active_seats(state)):
        return events + investigation.finish(state, case)
    at["waiting"] = [s for s in at["waiting"] if s not in at["group"]]
    at["ready"] = []
    if at["waiting"]:
        state.stage = "wait_221b"
    else:
        state.pending.pop("221b")
        state.stage = "round_end"
    return events


def _right(q: Question, answer: Any) -> bool:
    """A picked answer against the key, or the attempting player's own verdict (free text)."""
    return bool(answer["verdict"]) if isinstance(answer, dict) else is_right(q, answer)


def _all_right(case: Case, answers: dict[str, Any]) -> bool:
    return all(_right(q, answers[q.id]) for q in case.questions)


def _resolve(state: WHState, case: Case) -> list[Event]:
    at = state.pending["221b"]
    events: list[Event] = []
    key = None if state.options.get("physical") else {q.id: list(q.accepted) for q in case.questions}
    if any(_all_right(case, at["answers"][seat]) for seat in at["group"]):
        state.places_taken += 1
    for seat in at["group"]:
        p = state.players[seat]
        p.answers = dict(at["answers"][seat])
        p.correct = sum(1 for q in case.questions if _right(q, p.answers[q.id]))
        success = p.correct == len(case.questions)
        if success:
            p.won = True
            p.place = state.places_taken
        else:
            p.eliminated = True
            state.failed.append(seat)
        events.append(
            Event("attempt", {"seat": seat, "success": success, "correct": p.correct, "of": len(case.questions), "place": p.place})
        )
        if not success:
            events.append(Event("answer_key", {"seat": seat, "answers": key}, frozenset({seat})))
    return events
