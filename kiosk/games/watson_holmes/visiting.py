"""The visiting phase (rules 6): turns in order from the Diary, walking or bidding, police and locks,
the Dr Watson card, characters revealed or discarded on one's turn, and displaced players.

A visiting turn is two decisions: which card (`visit`, or `tap` in physical mode, where the table
makes the action from the card's NFC tag), then the bid and the token that opens a guarded card.
221B while some questions are not yet open is confirmed first (`confirm_221b`: go, or back): the
player must answer those too (rules 8.1), and is told which before committing; backing out leaves
the turn as it was and tells the table nothing.
Before choosing, the seat may also take Watson, use Holmes, or reveal or discard its character.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.watson_holmes import board, holmes
from kiosk.games.watson_holmes.board import WATSON_COST, occupant
from kiosk.games.watson_holmes.case import Case
from kiosk.games.watson_holmes.characters import Characters
from kiosk.games.watson_holmes.state import WHState, in_play

VISIT_TURN_EFFECTS = ("toby", "pens_down", "extra_read", "police", "cheap_watson")


def visit_kind(state: WHState) -> str:
    return "tap" if state.options.get("physical") else "visit"


def all_card_ids(case: Case) -> list[str]:
    return [c.id for c in case.cards] + [case.baker_street_id, case.stop_id]


# ---- prompts -------------------------------------------------------------------------------------


def prompts(state: WHState, case: Case, chars: Characters) -> list[Prompt]:
    if state.outbid is not None:
        return [_outbid_prompt(state, case, chars)]
    if state.pending.get("card") == case.baker_street_id:
        return [_confirm_221b_prompt(state, case)]
    if "card" in state.pending:
        return [_bid_prompt(state, case, chars)]
    return [_choose_prompt(state, case, chars)]


def _choose_prompt(state: WHState, case: Case, chars: Characters) -> Prompt:
    seat = state.turn
    p = state.players[seat]
    kind = visit_kind(state)
    refusals = {card: board.visit_refusal(state, case, chars, seat, card) for card in all_card_ids(case)}
    actions = [Action(kind, (card,)) for card, why in refusals.items() if why is None]
    if _watson_open(state, case) and p.available() >= WATSON_COST:
        actions.append(Action("watson"))
    actions += _character_actions(state, case, chars, seat)
    actions += board.holmes_actions(state, case, seat)
    data = {"round": state.round, "last_player": dict(state.last_player) if state.last_player else None,
            "unopened": board.unopened_questions(state, case), "unavailable": _refused_cards(state, case, seat, refusals),
            "taken": [c.id for c in case.cards if occupant(state, c.id) not in (None, seat)]}  # outbid to take them
    return Prompt(seat, "visit", tuple(actions), True, data)


def _refused_cards(state: WHState, case: Case, seat: int, refusals: dict[str, str | None]) -> dict[str, str]:
    """Why each location card the seat may not choose now is refused (a locked card, one the police
    guard, one it cannot afford: `refusals`, every card's), so its seat shows the card and why rather
    than leave it out; none once a last player's extra rounds are over (221B is then the only way, for
    every card alike)."""
    if state.last_player and state.last_player["rounds_left"] <= 0:
        return {}
    return {c.id: why for c in case.cards if (why := refusals[c.id]) is not None and state.players[seat].at != c.id}


def _confirm_221b_prompt(state: WHState, case: Case) -> Prompt:
    """Going to 221B with questions not yet open: go all the same, or back to the choice of card."""
    seat = state.turn
    actions = [Action("go"), Action("back"), *board.holmes_actions(state, case, seat)]
    data = {"card": case.baker_street_id, "unopened": board.unopened_questions(state, case)}
    return Prompt(seat, "confirm_221b", tuple(actions), True, data)


def _watson_open(state: WHState, case: Case) -> bool:
    return state.watson is None and "no_watson_this_case" not in case.flags


def _character_actions(state: WHState, case: Case, chars: Characters, seat: int) -> list[Action]:
    p = state.players[seat]
    if p.character is None or p.character_state != "hidden":
        return []
    actions = [Action("discard_character")]
    own = chars.get(p.character)
    if own.effect == "copy":
        for other, q in enumerate(state.players):
            if other != seat and q.character and q.character_state == "revealed":
                target = chars.get(q.character)
                if not target.no_copy and target.effect in VISIT_TURN_EFFECTS:
                    actions += [Action("copy", (target.id, *args)) for args in _effect_args(state, case, seat, target.effect)]
    elif own.when == "visit_turn":
        actions += [Action("character", args) for args in _effect_args(state, case, seat, own.effect)]
    return actions


def _effect_args(state: WHState, case: Case, seat: int, effect: str) -> list[tuple[Any, ...]]:
    """Every way the effect can be used now (none when it would do nothing)."""
    p = state.players[seat]
    if effect == "police":
        options: list[tuple[Any, ...]] = [("remove_police", card) for card in state.police_on]
        if p.tokens["police"] == 0 and state.supply["police"] > 0:
            options.append(("take_police",))
        return options
    if effect == "cheap_watson":
        return [()] if _watson_open(state, case) and p.available() >= 1 else []
    if effect == "extra_read":
        return [()] if seat not in state.extra_readers else []
    if effect == "pens_down":
        return [()] if seat not in state.pens_down_exempt else []
    return [()]


def _bid_prompt(state: WHState, case: Case, chars: Characters) -> Prompt:
    seat = state.turn
    p = state.players[seat]
    card = state.pending["card"]
    least = board.min_bid(state, case, chars, seat, card) or 0
    most = p.available() - board.travel_cost(state, case, seat, card)
    actions: list[Action] = []
    for token in board.token_choices(state, case, seat, card):
        actions += [Action("bid", (n,) if token is None else (n, token)) for n in range(least, most + 1)]
    if (
        board.has_ability(state, chars, seat, "toby")
        and state.toby_card is None
        and occupant(state, card) is None
        and card not in state.police_on
        and "lockpick_required" not in case.card(card).icons
        and case.card(card).zone == p.zone
        and board.travel_cost(state, case, seat, card) == 0
    ):
        actions.append(Action("toby"))
    actions.append(Action("back"))
    actions += board.holmes_actions(state, case, seat)
    data = {"card": card, "least": least, "most": most, "travel": board.travel_cost(state, case, seat, card)}
    return Prompt(seat, "bid", tuple(actions), True, data)


def _outbid_prompt(state: WHState, case: Case, chars: Characters) -> Prompt:
    seat = state.outbid
    assert seat is not None
    p = state.players[seat]
    actions = [Action("ok")]
    if p.character and p.character_state == "hidden":
        own = chars.get(p.character)
        if own.effect == "full_refund":
            actions.append(Action("character"))
        elif own.effect == "copy":
            for other, q in enumerate(state.players):
                if other != seat and q.character and q.character_state == "revealed":
                    target = chars.get(q.character)
                    if target.effect == "full_refund" and not target.no_copy:
                        actions.append(Action("copy", (target.id,)))
    actions += board.holmes_actions(state, case, seat)
    data = {"lost": state.pending.get("lost", 0), "by": state.pending.get("outbid_by")}  # who took the place
    return Prompt(seat, "outbid", tuple(actions), True, data)


# ---- apply ---------------------------------------------------------------------------------------


def apply(state: WHState, case: Case, chars: Characters, seat: int, action: Action) -> list[Event]:
    kind = action.kind
    if kind in holmes.HOLMES_KINDS:  # rules 9.2: at any time, the displaced player's moment too
        return holmes.apply(state, case, seat, action)
    if state.outbid is not None:
        return _apply_outbid(state, chars, seat, action)
    if kind in ("visit", "tap"):
        return _choose(state, case, chars, seat, action.args[0])
    if kind == "back":
        state.pending.clear()
        return []
    if kind == "go":
        return place(state, case, chars, seat, state.pending.pop("card"), 0, None, toby=False)
    if kind == "bid":
        token = action.args[1] if len(action.args) > 1 else None
        return place(state, case, chars, seat, state.pending.pop("card"), action.args[0], token, toby=False)
    if kind == "toby":
        return place(state, case, chars, seat, state.pending.pop("card"), 0, None, toby=True)
    if kind == "watson":
        return take_watson(state, seat, WATSON_COST)
    if kind == "discard_character":
        return discard(state, chars, seat)
    if kind == "character":
        p = state.players[seat]
        assert p.character is not None
        return reveal(state, chars, seat, p.character) + use_effect(state, chars, seat, chars.get(p.character).effect, action.args)
    if kind == "copy":
        target = chars.get(action.args[0])
        return copy_character(state, chars, seat, target.id) + use_effect(state, chars, seat, target.effect, action.args[1:])
    raise AssertionError(kind)


def discard(state: WHState, chars: Characters, seat: int) -> list[Event]:
    """Rules 10.1: the character card is given up for carriages instead of its action."""
    p = state.players[seat]
    p.character_state = "discarded"
    p.carriages += chars.discard_value
    return [Event("character_discarded", {"seat": seat, "character": p.character, "carriages": chars.discard_value})]


def reveal(state: WHState, chars: Characters, seat: int, character: str) -> list[Event]:
    p = state.players[seat]
    p.character_state = "revealed"
    return [Event("character_revealed", {"seat": seat, "character": character})]


def copy_character(state: WHState, chars: Characters, seat: int, target: str) -> list[Event]:
    p = state.players[seat]
    p.character_state = "revealed"
    p.copied = target
    return [Event("character_revealed", {"seat": seat, "character": p.character, "copies": target})]


def use_effect(state: WHState, chars: Characters, seat: int, effect: str, args: tuple[Any, ...]) -> list[Event]:
    p = state.players[seat]
    if effect == "pens_down":
        state.pens_down_exempt.append(seat)
        return [Event("pens_down", {"seat": seat, "round": state.round})]
    if effect == "extra_read":
        state.extra_readers.append(seat)
        return []
    if effect == "cheap_watson":
        cheap = chars.by_effect("cheap_watson")
        return take_watson(state, seat, cheap.cost if cheap else 1)
    if effect == "police":
        if args[0] == "remove_police":
            state.police_on.remove(args[1])
            state.supply["police"] += 1
            return [Event("police_removed", {"seat": seat, "card": args[1]})]
        events: list[Event] = []
        board.gain_token(state, seat, "police", events)
        return events
    if effect == "full_refund":
        refund = state.pending.pop("lost", 0)
        p.carriages += refund
        state.turn = seat  # places again at once; the order resumes after the outbidder
        return [Event("refund", {"seat": seat, "carriages": refund})]
    return []  # toby: revealing lets the token be used in the bid step; first_at_221b: at 221B


def take_watson(state: WHState, seat: int, cost: int) -> list[Event]:
    state.watson = seat
    state.players[seat].carriages -= cost
    return [Event("watson_taken", {"seat": seat, "cost": cost})]


def _choose(state: WHState, case: Case, chars: Characters, seat: int, card: str) -> list[Event]:
    if case.is_location(card) or (card == case.baker_street_id and board.unopened_questions(state, case)):
        state.pending["card"] = card
        return []
    return place(state, case, chars, seat, card, 0, None, toby=False)


def place(
    state: WHState, case: Case, chars: Characters, seat: int, card: str, bid: int, token: str | None, toby: bool
) -> list[Event]:
    p = state.players[seat]
    events: list[Event] = []
    if token == "calloff":
        board.return_token(state, p, "calloff")
        state.police_on.remove(card)
        state.supply["police"] += 1
        events.append(Event("calloff_played", {"seat": seat, "card": card}))
    other = occupant(state, card) if case.is_location(card) else None  # 221B and the stop take any number
    if other is not None:
        events += _displace(state, chars, other, seat, card)
    if state.toby_card == card and board.toby_owner(state, chars) != seat:
        state.toby_card = None
        events.append(Event("toby_home", {"card": card}))
    p.at, p.bid, p.toby_bid = card, bid, toby
    p.travel = board.travel_cost(state, case, seat, card)
    p.token_used = "lockpick" if token == "lockpick" else None
    if toby:
        state.toby_card = card
    state.last_placer = seat
    events.append(Event("placed", {"seat": seat, "card": card, "bid": bid, "toby": toby, "token": token, "travel": p.travel}))
    if card == case.baker_street_id:
        events.append(Event("at_221b", {"seat": seat, "carriages": p.carriages}))
    if state.outbid is None:
        events += advance(state, seat)
    return events


def _displace(state: WHState, chars: Characters, loser: int, winner: int, card: str) -> list[Event]:
    """Rules 6.2: the outbid player takes the pawn back and all but one carriage of the bid."""
    q = state.players[loser]
    lost = 1 if q.bid >= 1 and not q.toby_bid else 0
    q.carriages -= lost
    if q.toby_bid:
        state.toby_card = None
    q.at, q.bid, q.travel, q.toby_bid, q.token_used = None, 0, 0, False, None
    state.outbid = loser
    state.pending["lost"] = lost
    state.pending["outbid_by"] = winner
    if state.resume_after is None:
        state.resume_after = winner
    return [Event("outbid", {"seat": loser, "by": winner, "card": card, "lost": lost})]


def _apply_outbid(state: WHState, chars: Characters, seat: int, action: Action) -> list[Event]:
    state.outbid = None
    state.pending.pop("outbid_by", None)
    events: list[Event] = []
    if action.kind == "character":
        p = state.players[seat]
        assert p.character is not None
        events += reveal(state, chars, seat, p.character)
    elif action.kind == "copy":
        events += copy_character(state, chars, seat, action.args[0])
    if action.kind in ("character", "copy"):
        return events + use_effect(state, chars, seat, "full_refund", ())
    state.pending.pop("lost", None)
    return events + advance(state, state.turn)


def advance(state: WHState, after: int) -> list[Event]:
    """The next seat clockwise without a pawn takes its turn; when everyone is placed, visiting ends."""
    origin = state.resume_after if state.resume_after is not None else after
    state.resume_after = None
    n = len(state.players)
    for k in range(1, n + 1):
        seat = (origin + k) % n
        p = state.players[seat]
        if in_play(p) and p.at is None:
            state.turn = seat
            return []
    assert state.last_placer is not None
    state.diary = state.last_placer
    state.stage = "investigation"
    return [Event("visiting_over", {"diary": state.diary})]
