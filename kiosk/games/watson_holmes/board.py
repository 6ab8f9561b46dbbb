"""What the table allows: who may choose which card, for how much, and the token supply.

Shared by the visiting and investigation phases. Pure functions of the case and the state.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Event
from kiosk.games.watson_holmes.case import Case
from kiosk.games.watson_holmes.characters import Characters
from kiosk.games.watson_holmes.state import Player, WHState, in_play
from kiosk.i18n import N_

HOLMES_COST = 3
WATSON_COST = 4


def occupant(state: WHState, card: str) -> int | None:
    return next((i for i, p in enumerate(state.players) if p.at == card), None)


def active_seats(state: WHState) -> list[int]:
    return [i for i, p in enumerate(state.players) if in_play(p)]


def clockwise_from(state: WHState, first: int) -> list[int]:
    n = len(state.players)
    return [(first + k) % n for k in range(n)]


def toby_owner(state: WHState, chars: Characters) -> int | None:
    toby = chars.by_effect("toby")
    return next((i for i, p in enumerate(state.players) if toby and p.character == toby.id), None)


def has_ability(state: WHState, chars: Characters, seat: int, effect: str) -> bool:
    """The seat's character, face up, has this effect (the Toby token, for instance)."""
    p = state.players[seat]
    return p.character is not None and p.character_state == "revealed" and chars.get(p.character).effect == effect


def min_bid(state: WHState, case: Case, chars: Characters, seat: int, card: str) -> int | None:
    """The lowest bid that takes `card` for `seat`; None when the card takes no bids (221B, the stop)."""
    if not case.is_location(card):
        return None
    least = 0
    other = occupant(state, card)
    if other is not None and other != seat:
        p = state.players[other]
        least = (chars.get(p.character).value if p.toby_bid and p.character else p.bid) + 1
    if state.toby_card == card and toby_owner(state, chars) != seat:
        toby = chars.by_effect("toby")
        least = max(least, toby.displace_bid if toby else 3)
    return least


def travel_cost(state: WHState, case: Case, seat: int, card: str) -> int:
    if not case.is_location(card):
        return 0
    return case.travel_cost(state.players[seat].zone, case.card(card).zone)


def visit_refusal(state: WHState, case: Case, chars: Characters, seat: int, card: str) -> str | None:
    """Why `seat` may not choose `card` on its visiting turn now, or None when it may."""
    p = state.players[seat]
    if card != case.baker_street_id and card != case.stop_id and not case.is_location(card):
        return N_("That card is not part of this case.")
    if state.last_player and state.last_player["rounds_left"] <= 0 and card != case.baker_street_id:
        return N_("Your extra rounds are over: you must go to 221B Baker Street.")
    if not case.is_location(card):
        return None
    if p.at == card:
        return N_("Your pawn is already there.")
    location = case.card(card)
    locked = card in state.police_on or "lockpick_required" in location.icons
    if "lockpick_required" in location.icons and p.tokens["lockpick"] == 0:
        return N_("This card can only be read with a lockpick.")
    if locked and p.tokens["lockpick"] == 0 and p.tokens["calloff"] == 0:
        return N_("The police guard this card: you need a call-off or a lockpick token.")
    least = min_bid(state, case, chars, seat, card) or 0
    if least + travel_cost(state, case, seat, card) > p.available():
        return N_("You cannot afford this card.")
    return None


def token_choices(state: WHState, case: Case, seat: int, card: str) -> tuple[str | None, ...]:
    """How the seat gets past the police or the lock: the token it will spend, or None."""
    if not case.is_location(card):
        return (None,)
    p = state.players[seat]
    if "lockpick_required" in case.card(card).icons:
        return ("lockpick",)
    if card in state.police_on:
        return tuple(t for t in ("calloff", "lockpick") if p.tokens[t] > 0)
    return (None,)


def gain_token(state: WHState, seat: int, token: str, events: list[Event]) -> None:
    """Rules 2.1: one of each kind at most, and nothing when the supply is empty."""
    p = state.players[seat]
    if p.tokens[token] >= 1:
        events.append(Event("token_refused", {"seat": seat, "token": token, "why": "limit"}))
    elif state.supply[token] == 0:
        events.append(Event("token_refused", {"seat": seat, "token": token, "why": "supply"}))
    else:
        state.supply[token] -= 1
        p.tokens[token] += 1
        events.append(Event("token_gained", {"seat": seat, "token": token}))


def return_token(state: WHState, p: Player, token: str) -> None:
    p.tokens[token] -= 1
    state.supply[token] += 1


def police_refusal(state: WHState, case: Case, card: str) -> str | None:
    """Rules 7.5: where a police token may not go."""
    if not case.is_location(card):
        return N_("Police tokens go only on location cards.")
    icons = case.card(card).icons
    if icons & {"gives_police", "gives_calloff", "no_police"}:
        return N_("A police token cannot be placed on this card.")
    if card in state.police_on:
        return N_("This card already has a police token.")
    return None


def holmes_open(state: WHState, case: Case, seat: int) -> bool:
    p = state.players[seat]
    return (
        bool(state.failed)
        and not p.holmes_used
        and in_play(p)
        and p.available() >= HOLMES_COST
        and "no_holmes_this_case" not in case.flags
    )


def holmes_actions(state: WHState, case: Case, seat: int) -> list[Action]:
    """Rules 9.2: consult a failed sheet, or check one answer with a failed player."""
    if not holmes_open(state, case, seat):
        return []
    actions = []
    for voice in state.failed:
        actions.append(Action("holmes_consult", (voice,)))
        for q in case.questions:
            if q.graded_by_player:
                actions.append(Action("holmes_check", (voice, q.id, None)))
            else:
                actions.extend(Action("holmes_check", (voice, q.id, option)) for option in q.options())
    return actions


def visible_questions(state: WHState, case: Case) -> list[str]:
    return [q.id for q in case.questions if q.reveal == "start" or q.id in state.revealed_questions]


def unopened_questions(state: WHState, case: Case) -> list[dict[str, Any]]:
    """The questions not yet open to the table, by id and number only (their text stays hidden): a
    player at 221B must answer them all the same (rules 8.1), so going early is confirmed first."""
    shown = set(visible_questions(state, case))
    return [{"id": q.id, "number": q.number} for q in case.questions if q.id not in shown]


def reveal_questions_on_card(state: WHState, case: Case, card: str, events: list[Event]) -> None:
    for q in case.questions:
        if q.reveal == "card" and q.reveal_at == card and q.id not in state.revealed_questions:
            state.revealed_questions.append(q.id)
            events.append(Event("question_revealed", {"question": q.id, "number": q.number}))


def card_text(state: WHState, case: Case, card: str) -> dict[str, str] | None:
    """The back text, or None in physical mode (the players read the real card)."""
    if state.options.get("physical"):
        return None
    text = case.card(card).text
    return dict(text) if text is not None else None
