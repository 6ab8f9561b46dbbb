"""What each seat, and the public touchscreen, may know (rules 10, the visibility table).

Views are built from a whitelist: a field reaches a view only if it is named here, so a new piece of
state stays private until someone decides it may be shown.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.mystery_express.arrival import result_data, score
from kiosk.games.mystery_express.rules import Rules, category_of, element_of
from kiosk.games.mystery_express.state import MEState
from kiosk.games.mystery_express.turn import power_of
from kiosk.games.mystery_express.zones import category_counts

# Pending details everyone may see: the active player's public choices and who has answered.
PUBLIC_PENDING = ("action", "category", "target", "targets", "givers", "guests", "stack", "space", "sent")
TURN_STAGES_WITHOUT_ACTIVE = ("character", "start_car", "tunnel", "telegram", "sudden", "final", "over")


def public_view(rules: Rules, state: MEState) -> dict[str, Any]:
    n = len(state.seats)
    step: dict[str, Any] = {k: state.pending[k] for k in PUBLIC_PENDING if k in state.pending}
    if "answers" in state.pending:
        step["answered"] = sorted(state.pending["answers"])
    power = power_of(rules, state, state.active) if state.stage == "power_show" else None
    if power is not None:  # the category a power asks for is said aloud (rules 10: "who used it on whom, category")
        step["category"] = power[1]
    if "rows" in state.pending:
        step["rows"] = {str(s): [category_of(c) for c in row] for s, row in state.pending["rows"].items()}
        step["picks"] = {
            str(s): {str(owner): pos for owner, pos in picks.items()} for s, picks in state.pending["picks"].items()
        }
    in_turn = state.stage not in TURN_STAGES_WITHOUT_ACTIVE and 1 <= state.leg <= 5
    view: dict[str, Any] = {
        "game": "mystery-express",
        "seats": n,
        "stage": state.stage,
        "leg": state.leg,
        "itinerary": [
            {"city": city, "hours": rules.leg_hours[i] if i < len(rules.leg_hours) else None}
            for i, city in enumerate(rules.cities)
        ],
        "cars": list(rules.cars),
        "whistle": state.whistle,
        "active": state.active if state.stage in ("character", "start_car") or in_turn else None,
        "hours": state.hours if in_turn else None,
        "used": list(state.used) if in_turn else [],
        "conductor_car": state.conductor_car,
        "conductor_tokens": [car if i < state.tokens_revealed else None for i, car in enumerate(state.tokens)],
        "conductor_spaces": [None if c is None else category_of(c) for c in state.conductor_spaces],
        "passengers": [
            {"stack": i + 1, "boarded": state.boarded > i, "counts": category_counts(stack)}
            for i, stack in enumerate(state.stacks)
        ],
        "removed": sorted({element_of(c) for c in state.removed}),
        "revealed": [{"seat": seat, "face": element_of(card)} for seat, card in state.revealed],
        "players": [
            {
                "seat": i,
                "character": s.character,
                "car": s.car,
                "hand": category_counts(s.hand),
                "discard": category_counts(s.discard),
                "hand_size": len(s.hand),
                "discard_size": len(s.discard),
            }
            for i, s in enumerate(state.seats)
        ],
        "step": step,
        "over": state.over,
    }
    if state.over:
        view["result"] = result_data(score(state))
    return view


def seat_view(rules: Rules, state: MEState, seat: int, public: dict[str, Any] | None = None) -> dict[str, Any]:
    view = dict(public) if public is not None else public_view(rules, state)
    s = state.seats[seat]
    you: dict[str, Any] = {
        "seat": seat,
        "character": s.character,
        "hand": sorted(element_of(c) for c in s.hand),
        "discard": sorted(element_of(c) for c in s.discard),
        "journal": [dict(entry) for entry in s.journal],
        "telegram": dict(s.telegram),
        "answers": dict(s.answers),
    }
    forms = state.pending.get("forms")
    if forms is not None and seat in forms:
        you["form"] = dict(forms[seat])
    rows = state.pending.get("rows")
    if rows is not None:
        you["tunnel_row"] = [element_of(c) for c in rows[seat]]
    answers = state.pending.get("answers")
    if answers is not None and seat in answers:
        you["answered"] = answers[seat]
    view["you"] = you
    return view
