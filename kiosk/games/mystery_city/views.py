"""What each seat, and the public touchscreen, may know (rules 12).

Views are built from a whitelist: a field reaches a view only if it is named here. Public: hand sizes,
the table, every exchange with its dice and bonuses, the removed pile, who is out. Private: the seat's
own hand and what it learnt (an investigation, a card taken or lost).
"""

from __future__ import annotations

from typing import Any

from kiosk.games.mystery_city.cards import Cards
from kiosk.games.mystery_city.duel import published
from kiosk.games.mystery_city.flow import by_number
from kiosk.games.mystery_city.state import Combat, MCState


def combat_view(combat: Combat) -> dict[str, Any]:
    return {
        "attacker": combat.attacker,
        "defender": combat.defender,
        "table": [{"seat": seat, "card": card} for seat, card in combat.table],
        "exchanges": [
            {
                "number": number,
                "attribute": exchange.attribute,
                "leader": exchange.leader,
                "follower": exchange.follower,
                "cards": [
                    {"seat": seat, "card": exchange.cards[seat]}
                    for seat in (exchange.leader, exchange.follower)
                    if seat in exchange.cards
                ],
                "boosts": list(exchange.boosts),
                # each card's value as shown: its dice, couple and Companionship bonuses (rules 6)
                "sides": [
                    published(exchange.sides[seat]) for seat in (exchange.leader, exchange.follower) if seat in exchange.sides
                ],
                "result": exchange.result,
            }
            for number, exchange in enumerate(combat.exchanges, start=1)
        ],
        "winner": combat.winner,
        "reason": combat.reason or None,
        "passed": sorted(combat.passed),
    }


def public_view(cards: Cards, state: MCState) -> dict[str, Any]:
    return {
        "game": "mystery-city",
        "seats": len(state.hands),
        "deck": state.options["deck"],
        "direction": state.options["direction"],
        "stage": state.stage,
        "active": state.active if not state.over else None,
        "players": [
            {"seat": seat, "hand_size": len(hand), "eliminated": state.eliminated[seat]}
            for seat, hand in enumerate(state.hands)
        ],
        "removed": list(state.removed),
        "combat": combat_view(state.combat) if state.combat is not None else None,
        "combats": state.combats,
        "out_order": list(state.out_order),
        "winner": state.winner,
        "ended_by": state.ended_by,  # all_cards, or stalemate: the same hands a third time, the most cards won
        "stalled": state.stalled,
        "over": state.over,
    }


def seat_view(cards: Cards, state: MCState, seat: int, public: dict[str, Any] | None = None) -> dict[str, Any]:
    view = dict(public) if public is not None else public_view(cards, state)
    view["you"] = {
        "seat": seat,
        "hand": by_number(cards, state.hands[seat]),
        "notes": [{**note, "hand": list(note["hand"])} if "hand" in note else dict(note) for note in state.notes[seat]],
    }
    return view
