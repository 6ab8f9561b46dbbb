"""One exchange: printed values, 2D6 for "?", the natural 2 and 12, couples, Companionship.

Everything a side's value is made of is fixed, in public, at the moment it happens (rules 6): a "?" is
rolled when its card is shown, so the defender sees the attacker's total before answering; equal rolls
on both sides are rolled again as soon as the second card is shown; a couple bonus is fixed when the
second card of the couple is shown (an ability used later cannot undo it); Chomp's value is added when
Companionship is used. The resolution only compares: a natural 12 wins, a natural 2 loses, otherwise
the totals. Bonus rolls never trigger the naturals (rules A11).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from kiosk.games.mystery_city.cards import UNKNOWN, Cards
from kiosk.games.mystery_city.state import Combat, Exchange

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


def published(side: dict[str, Any]) -> dict[str, Any]:
    """A copy of a side for an event or a view, sharing no list with the state."""
    return copy.deepcopy(side)


def _natural(side: dict[str, Any]) -> int | None:
    """The card's own roll when it is double ones or double sixes; never a bonus roll."""
    return side["value"] if side["rolls"] and side["value"] in (2, 12) else None


def _total(side: dict[str, Any]) -> None:
    side["total"] = side["value"] + side["partner_value"] + side["companion_value"]


def show(cards: Cards, combat: Combat, seat: int, rng: random.Random) -> dict[str, Any]:
    """The side of the card the seat has just laid on the table: rolled now if "?", with the couple
    bonus of a partner already on the table fixed now. Kept in the exchange and returned."""
    exchange = combat.current
    card_id = exchange.cards[seat]
    value, rolls = _value(cards, card_id, exchange.attribute, rng)
    side: dict[str, Any] = {
        "seat": seat,
        "card": card_id,
        "value": value,
        "rolls": rolls,
        "natural": None,
        "partner": None,
        "partner_value": 0,
        "partner_rolls": [],
        "companion": None,
        "companion_value": 0,
        "companion_rolls": [],
    }
    side["natural"] = _natural(side)
    partner = partner_on_table(cards, combat, seat, card_id)
    if partner is not None:
        side["partner"] = partner
        side["partner_value"], side["partner_rolls"] = _value(cards, partner, exchange.attribute, rng)
    _total(side)
    exchange.sides[seat] = side
    return side


def reroll_equal(exchange: Exchange, rng: random.Random) -> bool:
    """Both cards rolled the same total: both roll again until the totals differ (rules 6).

    Returns whether they rolled again."""
    first, second = (exchange.sides[exchange.leader], exchange.sides[exchange.follower])
    again = False
    while first["rolls"] and second["rolls"] and first["value"] == second["value"]:
        again = True
        for side in (first, second):
            dice = roll(rng)
            side["value"] = sum(dice)
            side["rolls"].append(list(dice))
    for side in (first, second):
        side["natural"] = _natural(side)
        _total(side)
    return again


def boost(cards: Cards, exchange: Exchange, seat: int, rng: random.Random) -> dict[str, Any]:
    """Companionship: Chomp's value in the attribute (rolled now if "?") added to the seat's card."""
    companion = cards.with_ability("COMPANIONSHIP")
    assert companion is not None
    side = exchange.sides[seat]
    side["companion"] = companion.id
    side["companion_value"], side["companion_rolls"] = _value(cards, companion.id, exchange.attribute, rng)
    _total(side)
    return side


def resolve(exchange: Exchange, exchange_number: int) -> dict[str, Any]:
    """Compare the two sides as shown; returns the published result (winner None on a tie)."""
    first, second = exchange.leader, exchange.follower
    sides = [published(exchange.sides[seat]) for seat in (first, second)]
    natural = {seat: side["natural"] for seat, side in zip((first, second), sides)}
    winner: int | None
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
        "attribute": exchange.attribute,
        "sides": sides,
        "winner": winner,
        "reason": reason,
    }
