"""What each seat, and the public touchscreen, may know (rules 16).

Public: the case's title, intro, questions shown so far and special rules; the layout (card fronts
only), pawns, bids, police tokens, Toby, the Watson/Holmes cards, every player's carriages and tokens
(they sit in front of the players), characters once revealed or discarded, the Dr Watson reading of
the round, 221B results (pass or fail and how many were right), the last-player countdown, and at the
end the solution. Private to a seat: its hidden character, the card text it is reading (only while
the reading prompt is open), its own answers, and, once eliminated, the answer key (the voice of
Holmes). Views are built from a whitelist: state reaches a view only if it is named here.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.watson_holmes import board
from kiosk.games.watson_holmes.case import Case, Question
from kiosk.games.watson_holmes.characters import Characters
from kiosk.games.watson_holmes.state import WHState


def question_view(q: Question) -> dict[str, Any]:
    return {
        "id": q.id,
        "number": q.number,
        "text": dict(q.text) if q.text else None,
        "kind": q.answer_kind,
        "choices": [{"id": c.id, "label": dict(c.label)} for c in q.choices],
        "range": list(q.number_range) if q.number_range else None,
    }


def case_view(case: Case, state: WHState) -> dict[str, Any]:
    shown = set(board.visible_questions(state, case))
    cards = [
        {
            "id": c.id,
            "number": c.number,
            "name": dict(c.name),
            "zone": c.zone,
            "position": list(c.position),
            "icons": sorted(c.icons),
            "kind": "location",
        }
        for c in case.cards
    ]
    # the fixed cards are named by the kiosk's own catalogue ("221B Baker Street", "the Carriage Stop")
    cards.append({"id": case.baker_street_id, "position": list(case.baker_street_position), "kind": "221b"})
    cards.append({"id": case.stop_id, "position": list(case.stop_position), "kind": "stop", "gain": case.stop_gain})
    return {
        "id": case.id,
        "title": dict(case.title),
        "difficulty": case.difficulty,
        "languages": list(case.languages),
        "intro": dict(case.intro) if case.intro else None,
        "special_rules": dict(case.special_rules) if case.special_rules else None,
        "questions": [question_view(q) for q in case.questions if q.id in shown],
        "question_count": len(case.questions),
        "zones": [{"id": z.id, "name": dict(z.name)} for z in case.zones],
        "travel": [{"from": a, "to": b, "cost": cost} for (a, b), cost in sorted(case.travel.items())],
        "grid": list(case.grid),
        "cards": cards,
    }


def public_view(case: Case, chars: Characters, state: WHState) -> dict[str, Any]:
    at = state.pending.get("221b")
    view: dict[str, Any] = {
        "game": "watson-holmes",
        "physical": bool(state.options.get("physical")),
        "case": case_view(case, state),
        "round": state.round,
        "stage": state.stage,
        "diary": state.diary,
        "turn": state.turn if state.stage == "visit" and not state.over else None,
        "outbid": state.outbid,
        "pawns": [
            {"seat": seat, "card": p.at, "bid": p.bid, "toby": p.toby_bid, "travel": p.travel, "lockpick": p.token_used == "lockpick"}
            for seat, p in enumerate(state.players)
            if p.at is not None
        ],
        "police_on": sorted(state.police_on),
        "toby_card": state.toby_card,
        "supply": dict(state.supply),
        "watson": {"taken_by": state.watson, "target": state.watson_target},
        "watson_reading": _watson_reading(case, state),
        "pens_down_exempt": sorted(state.pens_down_exempt),
        "extra_reads": sorted(seat for seat, card in state.extra_reads.items() if card),  # who, never which card
        "players": [
            {
                "seat": seat,
                "carriages": p.carriages,
                "committed": p.committed(),
                "tokens": dict(p.tokens),
                "zone": p.zone,
                "character": p.character if p.character_state != "hidden" else None,
                "character_state": p.character_state if p.character else None,
                "copied": p.copied,
                "eliminated": p.eliminated,
                "won": p.won,
                "place": p.place,
                "holmes_used": p.holmes_used,
                "correct": p.correct,
                "reading": bool(p.reading),
            }
            for seat, p in enumerate(state.players)
        ],
        "failed": list(state.failed),
        "holmes_open": bool(state.failed) and "no_holmes_this_case" not in case.flags,
        "at_221b": None
        if at is None
        else {"waiting": list(at["waiting"]), "ready": list(at["ready"]), "group": list(at.get("group", []))},
        "first_at_221b": list(state.first_at_221b),
        "last_player": dict(state.last_player) if state.last_player else None,
        "over": state.over,
        "winners": list(state.winners),
    }
    if state.over:
        view["result"] = {
            "winners": list(state.winners),
            "everyone_loses": not state.winners,
            "answers": {q.id: list(q.accepted) for q in case.questions},
            "solution": None if state.options.get("physical") or not case.solution else dict(case.solution),
        }
    return view


def _watson_reading(case: Case, state: WHState) -> dict[str, Any] | None:
    """The card Dr Watson had read to everyone, public for the rest of the round."""
    if state.watson_target is None:
        return None
    return {"card": state.watson_target, "text": board.card_text(state, case, state.watson_target)}


def seat_view(case: Case, chars: Characters, state: WHState, seat: int, public: dict[str, Any] | None = None) -> dict[str, Any]:
    view = dict(public) if public is not None else public_view(case, chars, state)
    p = state.players[seat]
    you: dict[str, Any] = {
        "seat": seat,
        "character": p.character,
        "character_text": chars.get(p.character).text if p.character else None,
        "reading": [{"card": card, "text": board.card_text(state, case, card)} for card in p.reading],
        "notes": p.notes,
        "answers": dict(p.answers),
    }
    at = state.pending.get("221b")
    if at is not None and seat in at.get("answers", {}):
        you["answering"] = dict(at["answers"][seat])
    if p.eliminated and not state.options.get("physical"):
        you["answer_key"] = {q.id: list(q.accepted) for q in case.questions}  # the voice of Holmes
    view["you"] = you
    return view
