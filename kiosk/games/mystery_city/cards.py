"""Loads cards.toml, the data file with the 16 character cards and the deal, into plain data.

A card id (`falken`) is what the engine, the views, the events and the NFC tags use; the name is
what players read. An attribute value is an int (2-12) or "?" (rolled with 2D6 when needed).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kiosk.i18n import N_

CARDS_FILE = Path(__file__).with_name("cards.toml")
ATTRIBUTES: tuple[str, ...] = ("ST", "DX", "IQ", "MO", "HT")
ABILITIES: tuple[str, ...] = ("INVESTIGATION", "ASSASSINATION", "COUNTERINTELLIGENCE", "COMPANIONSHIP")
UNKNOWN = "?"
CARD_KEYS = frozenset({"id", "number", "name", "source", "ability", "values"})

ATTRIBUTE_NAMES = {
    "ST": N_("Strength"),
    "DX": N_("Dexterity"),
    "IQ": N_("Intelligence"),
    "MO": N_("Morale"),
    "HT": N_("Health"),
}
ABILITY_NAMES = {
    "INVESTIGATION": N_("Investigation"),
    "ASSASSINATION": N_("Assassination"),
    "COUNTERINTELLIGENCE": N_("Counterintelligence"),
    "COMPANIONSHIP": N_("Companionship"),
}

Value = int | str  # 2-12, or "?"


@dataclass(frozen=True)
class Card:
    id: str
    number: int
    name: str
    ability: str | None
    values: dict[str, Value]
    partner: str | None

    @property
    def special(self) -> bool:
        return self.ability is not None


@dataclass(frozen=True)
class Deal:
    specials: int
    regulars: int
    removed: tuple[str, ...]


@dataclass(frozen=True)
class Cards:
    cards: dict[str, Card]  # id -> card, in the file's order
    deals: dict[int, Deal]  # players -> deal

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def ids(self) -> list[str]:
        return list(self.cards)

    def is_special(self, card_id: str) -> bool:
        return self.cards[card_id].ability is not None

    def with_ability(self, ability: str) -> Card | None:
        return next((c for c in self.cards.values() if c.ability == ability), None)

    def in_play(self, players: int) -> list[str]:
        removed = self.deals[players].removed
        return [card_id for card_id in self.cards if card_id not in removed]


class CardsError(ValueError):
    pass


@cache
def load_cards(path: Path = CARDS_FILE) -> Cards:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        return _parse(raw)
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        raise CardsError(f"{path}: {error}") from error


def _parse(raw: dict) -> Cards:
    if tuple(raw["attributes"]) != ATTRIBUTES:
        raise ValueError(f"attributes must be {list(ATTRIBUTES)}")
    partners: dict[str, str] = {}
    for pair in raw["couples"]:
        if len(pair) != 2 or pair[0] == pair[1]:
            raise ValueError(f"couples: {pair} is not a pair of two cards")
        for one, other in (pair, pair[::-1]):
            if one in partners:
                raise ValueError(f"couples: {one} is in two couples")
            partners[str(one)] = str(other)
    cards: dict[str, Card] = {}
    for index, entry in enumerate(raw["cards"]):
        where = f"cards[{index}]"
        card_id = str(entry["id"])
        unknown = sorted(set(entry) - CARD_KEYS)
        if unknown:
            raise ValueError(f"{where} ({card_id}): unknown key {unknown[0]!r}, expected {', '.join(sorted(CARD_KEYS))}")
        if card_id in cards:
            raise ValueError(f"{where}: the id {card_id} is used twice")
        ability = entry.get("ability")
        if ability is not None and ability not in ABILITIES:
            raise ValueError(f"{where} ({card_id}): ability must be one of {', '.join(ABILITIES)}, got {ability!r}")
        values = entry["values"]
        if set(values) != set(ATTRIBUTES):
            raise ValueError(f"{where} ({card_id}): values needs exactly {', '.join(ATTRIBUTES)}")
        for attribute, value in values.items():
            if value != UNKNOWN and not (type(value) is int and 2 <= value <= 12):
                raise ValueError(f"{where} ({card_id}): {attribute} must be 2-12 or \"?\", got {value!r}")
        cards[card_id] = Card(
            id=card_id,
            number=int(entry["number"]),
            name=str(entry["name"]),
            ability=ability,
            values={a: values[a] for a in ATTRIBUTES},
            partner=partners.get(card_id),
        )
    for card_id in partners:
        if card_id not in cards:
            raise ValueError(f"couples: no card {card_id}")
    if len({c.number for c in cards.values()}) != len(cards):
        raise ValueError("cards: two cards share a number")
    for ability in ABILITIES:
        holders = [c.id for c in cards.values() if c.ability == ability]
        if len(holders) != 1:
            raise ValueError(f"cards: exactly one card needs the ability {ability}, found {holders or 'none'}")
    deals = {int(players): _deal(players, entry, cards) for players, entry in raw["deal"].items()}
    if set(deals) != {2, 3, 4}:
        raise ValueError("deal: needs entries for 2, 3 and 4 players")
    return Cards(cards, deals)


def _deal(players: str, entry: dict, cards: dict[str, Card]) -> Deal:
    deal = Deal(int(entry["specials"]), int(entry["regulars"]), tuple(str(c) for c in entry["removed"]))
    for card_id in deal.removed:
        if card_id not in cards:
            raise ValueError(f"deal.{players}: no card {card_id} to remove")
    kept = [c for c in cards.values() if c.id not in deal.removed]
    specials = sum(1 for c in kept if c.special)
    regulars = len(kept) - specials
    count = int(players)
    if (count * deal.specials, count * deal.regulars) != (specials, regulars):
        raise ValueError(
            f"deal.{players}: {count} x ({deal.specials} special + {deal.regulars} regular) must use the "
            f"{specials} special and {regulars} regular cards left in play"
        )
    return deal


def data_names() -> set[str]:
    """Every card name players see: each needs an entry in the Spanish catalogue."""
    return {card.name for card in load_cards().cards.values()}
