"""Loads rules.toml (the map, the tiles, the numbers of P.I.) into plain data, with clear errors.

Every case element has an id that names its kind: `SUSPECT:3`, `CRIME:0`, `LOCATION:10`. A suspect or
crime id also names its tile on the board (each element has exactly one tile); a location id names
the location and its name plate. Blank tiles ("No suspect", "No crime") are `None` on the board.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

KINDS: tuple[str, ...] = ("SUSPECT", "CRIME", "LOCATION")
RULES_FILE = Path(__file__).with_name("rules.toml")


@dataclass(frozen=True)
class Rules:
    minigames: int
    investigators: int
    discs: int
    cubes: int
    display: int
    solve_boxes: tuple[int, ...]
    penalty_points: int
    blank_suspects: int
    blank_crimes: int
    names: dict[str, str]  # element id -> English name
    elements: dict[str, tuple[str, ...]]  # kind -> element ids in data order
    neighbours: dict[str, frozenset[str]]  # location id -> neighbouring location ids
    layout: dict[str, tuple[int, int]]  # location id -> (row, column) for screens
    colours: tuple[str, ...]

    @property
    def locations(self) -> tuple[str, ...]:
        return self.elements["LOCATION"]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    def evidence_cards(self) -> list[str]:
        """One evidence card per suspect, crime and location (rules 4.4), named by its element id."""
        return [element for kind in KINDS for element in self.elements[kind]]


def kind_of(element: str) -> str:
    return element.partition(":")[0]


def element_key(element: str) -> tuple[int, int]:
    """Sort key: suspects, then crimes, then locations, each in data order."""
    kind, _, number = element.partition(":")
    return KINDS.index(kind), int(number)


class RulesError(ValueError):
    pass


@cache
def load_rules(path: Path = RULES_FILE) -> Rules:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        return _parse(raw)
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        raise RulesError(f"{path}: {error}") from error


def _ids(kind: str, names: list[Any]) -> dict[str, str]:
    ids = {f"{kind}:{i}": str(name) for i, name in enumerate(names)}
    if len(set(ids.values())) != len(ids):
        raise ValueError(f"{kind.lower()} names must be unique")
    return ids


def _parse(raw: dict[str, Any]) -> Rules:
    location_names = _ids("LOCATION", [entry["name"] for entry in raw["locations"]])
    by_name = {name: key for key, name in location_names.items()}
    neighbours: dict[str, set[str]] = {key: set() for key in location_names}
    for i, edge in enumerate(raw["edges"]):
        if len(edge) != 2:
            raise ValueError(f"edges[{i}] must name two locations, got {edge!r}")
        unknown = [name for name in edge if name not in by_name]
        if unknown:
            raise ValueError(f"edges[{i}] names an unknown location {unknown[0]!r}")
        a, b = by_name[edge[0]], by_name[edge[1]]
        if a == b:
            raise ValueError(f"edges[{i}]: {edge[0]!r} cannot be its own neighbour")
        neighbours[a].add(b)
        neighbours[b].add(a)
    lonely = [location_names[key] for key, near in neighbours.items() if not near]
    if lonely:
        raise ValueError(f"location {lonely[0]!r} has no neighbour in edges")
    suspects = _ids("SUSPECT", raw["suspects"])
    crimes = _ids("CRIME", raw["crimes"])
    rules = Rules(
        minigames=int(raw["minigames"]),
        investigators=int(raw["investigators"]),
        discs=int(raw["discs"]),
        cubes=int(raw["cubes"]),
        display=int(raw["display"]),
        solve_boxes=tuple(int(points) for points in raw["solve_boxes"]),
        penalty_points=int(raw["penalty_points"]),
        blank_suspects=int(raw["blank_suspects"]),
        blank_crimes=int(raw["blank_crimes"]),
        names={**suspects, **crimes, **location_names},
        elements={"SUSPECT": tuple(suspects), "CRIME": tuple(crimes), "LOCATION": tuple(location_names)},
        neighbours={key: frozenset(near) for key, near in neighbours.items()},
        layout={by_name[e["name"]]: (int(e["row"]), int(e["col"])) for e in raw["locations"]},
        colours=tuple(str(colour) for colour in raw["colours"]),
    )
    _check(rules)
    return rules


def _check(rules: Rules) -> None:
    """Every slot of the board must get exactly one tile, or setup cannot deal (rules 2)."""
    slots = len(rules.locations)
    for kind, blanks in (("SUSPECT", rules.blank_suspects), ("CRIME", rules.blank_crimes)):
        if len(rules.elements[kind]) + blanks != slots:
            raise ValueError(
                f"{len(rules.elements[kind])} {kind.lower()}s and {blanks} blanks must fill the {slots} locations"
            )
    if len(rules.colours) < 5:
        raise ValueError("colours needs one colour per seat, 5 in all")
    if not rules.solve_boxes or rules.minigames < 1 or rules.display < 1:
        raise ValueError("solve_boxes, minigames and display must not be empty")


def data_names() -> set[str]:
    """Every name in rules.toml that players see: each needs an entry in the Spanish catalogue."""
    return set(load_rules().names.values())
