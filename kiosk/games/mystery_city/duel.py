"""Resolving one exchange: printed values, 2D6 for "?", the natural 2 and 12, couples, Companionship.

Order of rules 6: each side's own card gives its base value (rolled if "?"); equal rolls on both sides
are rolled again; a natural 12 wins, a natural 2 loses; otherwise the totals (base + couple partner on
the table + Chomp) are compared. Bonus rolls never trigger the naturals (rules A11).
"""

from __future__ import annotations

import random
from typing import Any

from kiosk.games.mystery_city.cards import UNKNOWN, Cards
from kiosk.games.mystery_city.state import Combat

Roll = tuple[int, int]


def roll(rng: random.Random) -> Roll:
    return (rng.randint(1, 6), rng.randint(1, 6))


def _value(cards: Cards, card_id: str, attribute: str, rng: random.Random) -> tuple[int, list[list[int]]]:
    """A card's value in an attribute, and the dice rolled for it (none for a printed value)."""
    printed = cards.card(card_id).values[attribute]
    if printed == UNKNOWN:
        dice = roll(rng)
        return sum(dice), [list(dice)]
    assert isinstance(printed, int)
    return printed, []


def partner_on_table(cards: Cards, combat: Combat, seat: int, card_id: str) -> str | None:
    """The card's couple partner if it was on the table (whoever played it) before this card came."""
    partner = cards.card(card_id).partner
    if partner is None:
        return None
    placed = [card for _, card in combat.table]
    if partner in placed and placed.index(partner) < placed.index(card_id):
        return partner
    return None


def resolve(cards: Cards, combat: Combat, exchange_number: int, rng: random.Random) -> dict[str, Any]:
    """Resolve the combat's current exchange; returns the published result (winner None on a tie)."""
    exchange = combat.current
    attribute = exchange.attribute
    seats = (exchange.leader, exchange.follower)
    base: dict[int, int] = {}
    rolls: dict[int, list[list[int]]] = {}
    for seat in seats:
        base[seat], rolls[seat] = _value(cards, exchange.cards[seat], attribute, rng)
    # Both rolled the same total: both roll again until the totals differ (rules 6).
    while all(rolls[s] for s in seats) and base[seats[0]] == base[seats[1]]:
        for seat in seats:
            dice = roll(rng)
            base[seat] = sum(dice)
            rolls[seat].append(list(dice))
    sides: list[dict[str, Any]] = []
    natural: dict[int, int | None] = {}
    for seat in seats:
        card_id = exchange.cards[seat]
        natural[seat] = base[seat] if rolls[seat] and base[seat] in (2, 12) else None
        side: dict[str, Any] = {
            "seat": seat,
            "card": card_id,
            "value": base[seat],
            "rolls": rolls[seat],
            "natural": natural[seat],
            "partner": None,
            "partner_value": 0,
            "partner_rolls": [],
            "companion": None,
            "companion_value": 0,
            "companion_rolls": [],
        }
        partner = partner_on_table(cards, combat, seat, card_id)
        if partner is not None:
            side["partner"] = partner
            side["partner_value"], side["partner_rolls"] = _value(cards, partner, attribute, rng)
        if seat in exchange.boosts:
            companion = cards.with_ability("COMPANIONSHIP")
            assert companion is not None
            side["companion"] = companion.id
            side["companion_value"], side["companion_rolls"] = _value(cards, companion.id, attribute, rng)
        side["total"] = side["value"] + side["partner_value"] + side["companion_value"]
        sides.append(side)
    winner: int | None
    first, second = seats
    if natural[first] == 12 or natural[second] == 12:
        winner, reason = (first if natural[first] == 12 else second), "natural_12"
    elif natural[first] == 2 or natural[second] == 2:
        winner, reason = (second if natural[first] == 2 else first), "natural_2"
    elif sides[0]["total"] != sides[1]["total"]:
        winner, reason = (first if sides[0]["total"] > sides[1]["total"] else second), "higher"
    else:
        winner, reason = None, "tie"
    return {
        "exchange": exchange_number,
        "attribute": attribute,
        "sides": sides,
        "winner": winner,
        "reason": reason,
    }
