"""Loads rules.toml, the data file that holds every uncertain value of the rules, into plain data.

Card ids name each physical copy (`SUSPECT:0:1`) and stay inside the engine; everything a player can
see names the element only (`SUSPECT:0`), because two copies of an element are indistinguishable.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

HAND_CATEGORIES: tuple[str, ...] = ("SUSPECT", "MODUS_OPERANDI", "MOTIVE", "LOCATION")
TIME = "TIME"
CATEGORIES: tuple[str, ...] = HAND_CATEGORIES + (TIME,)
CAR_IDS = frozenset({"club", "dining", "lounge", "passenger", "sleeping", "smoking"})
RULES_FILE = Path(__file__).with_name("rules.toml")


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    colour: str
    specialty: str
    power: str
    uses_per_leg: int


@dataclass(frozen=True)
class PlayerCount:
    removed_per_category: int
    passenger_stacks: tuple[int, int]


@dataclass(frozen=True)
class Rules:
    hand_size: int
    conductor_spaces: int
    leg_hours: tuple[int, ...]
    cities: tuple[str, ...]
    cars: dict[str, str]  # car id -> English name, front to back
    costs: dict[str, int]
    players: dict[int, PlayerCount]
    copies: dict[str, int]
    element_names: dict[str, str]  # element key -> English name
    elements: dict[str, tuple[str, ...]]  # category -> element keys in slot order
    characters: tuple[Character, ...]

    def all_cards(self) -> list[str]:
        return [
            f"{element}:{copy}"
            for category in CATEGORIES
            for element in self.elements[category]
            for copy in range(self.copies[category])
        ]

    def character(self, character_id: str) -> Character:
        return next(c for c in self.characters if c.id == character_id)


@cache  # called for every card of every view: a dictionary look-up beats slicing the string
def element_of(card: str) -> str:
    """`SUSPECT:0:1` -> `SUSPECT:0` (the face a player sees)."""
    return card.rpartition(":")[0]


@cache
def category_of(key: str) -> str:
    """Works for a card id or an element key."""
    return key.partition(":")[0]


class RulesError(ValueError):
    pass


@cache
def load_rules(path: Path = RULES_FILE) -> Rules:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        return _parse(raw)
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        raise RulesError(f"{path}: {error}") from error


def _parse(raw: dict) -> Rules:
    elements: dict[str, tuple[str, ...]] = {}
    names: dict[str, str] = {}
    copies: dict[str, int] = {}
    for category in CATEGORIES:
        entry = raw["categories"][category]
        copies[category] = int(entry["copies"])
        keys = []
        for index, element in enumerate(entry["elements"]):
            key = f"{category}:{index}"
            keys.append(key)
            names[key] = str(element["name"])
        elements[category] = tuple(keys)
    rules = Rules(
        hand_size=int(raw["hand_size"]),
        conductor_spaces=int(raw["conductor_spaces"]),
        leg_hours=tuple(int(h) for h in raw["leg_hours"]),
        cities=tuple(raw["cities"]),
        cars={str(car): str(name) for car, name in raw["cars"].items()},
        costs={name: int(value) for name, value in raw["costs"].items()},
        players={
            int(count): PlayerCount(
                int(entry["removed_per_category"]),
                (int(entry["passenger_stacks"][0]), int(entry["passenger_stacks"][1])),
            )
            for count, entry in raw["players"].items()
        },
        copies=copies,
        element_names=names,
        elements=elements,
        characters=tuple(
            Character(c["id"], c["name"], c["colour"], c["specialty"], c["power"], int(c["uses_per_leg"]))
            for c in raw["characters"]
        ),
    )
    _check(rules)
    return rules


def _check(rules: Rules) -> None:
    """The arithmetic of rules 2.1 must hold for every player count, or setup cannot deal."""
    if len(rules.leg_hours) != len(rules.cities) - 1:
        raise ValueError(f"leg_hours needs {len(rules.cities) - 1} values, one per leg")
    if set(rules.cars) != CAR_IDS:
        raise ValueError(f"cars needs exactly the cars {', '.join(sorted(CAR_IDS))}")
    for count, player_count in rules.players.items():
        in_play = sum(
            (len(rules.elements[c]) - player_count.removed_per_category) * rules.copies[c] - 1
            for c in HAND_CATEGORIES
        )
        needed = count * rules.hand_size + rules.conductor_spaces + sum(player_count.passenger_stacks)
        if in_play != needed:
            raise ValueError(
                f"players.{count}: {in_play} hand-category cards remain after removal and hiding, "
                f"but hands, Conductor and passengers need {needed}"
            )
    for character in rules.characters:
        if character.specialty not in CATEGORIES:
            raise ValueError(f"character {character.id}: unknown specialty {character.specialty}")
        if character.power not in ("specialty_peek", "time_second_look"):
            raise ValueError(f"character {character.id}: unknown power {character.power}")


def data_names() -> set[str]:
    """Every name in rules.toml that players see: each needs an entry in the Spanish catalogue."""
    rules = load_rules()
    names = set(rules.element_names.values()) | set(rules.cars.values()) | set(rules.cities)
    return names | {character.name for character in rules.characters}
