"""What a seat can deduce about its own case from its view alone (rules 15: the optional helper).

A case survives if, with the same public rules the case holder follows (`feedback`), it would have
given every answer the seat received this mini-game, and shares no element with a case the seat
knows to be somebody else's (the case it holds, solved cases, other players' discs on tiles).
Used by the deducing bot and by the `hint` option of the seat views: it reads only a seat's view,
so it can never tell a seat more than the seat could work out itself.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from kiosk.games.pi import feedback
from kiosk.games.pi.rules import KINDS, Rules, kind_of

Case = tuple[str, str, str]  # suspect, crime, location
Investigation = tuple[str, int, int, frozenset[str]]  # location, discs, cubes, identified then


def where(rules: Rules, view: dict[str, Any]) -> dict[str, str]:
    """Every suspect and crime on the board -> its location; every location -> itself."""
    found = {loc: loc for loc in rules.locations}
    for slot in view["board"]:
        for kind in ("suspect", "crime"):
            if slot[kind] is not None:
                found[slot[kind]] = slot["location"]
    return found


def excluded(view: dict[str, Any], seat: int, holding: dict[str, str]) -> set[str]:
    """Elements that belong to somebody else's case, so cannot be in this seat's (rules 2)."""
    out = set(holding.values())
    for player in view["players"]:
        if player["seat"] != seat and player["solution"]:
            out |= set(player["solution"].values())
    for element, owners in view["tiles"].items():
        if any(kind == "disc" and int(owner) != seat for owner, kind in owners.items()):
            out.add(element)  # a disc on a tile is always an element of its owner's case
    return out


def candidates(rules: Rules, view: dict[str, Any], seat: int, holding: dict[str, str]) -> list[Case]:
    """Every case consistent with what `seat` has seen, in element order."""
    at = where(rules, view)
    banned = excluded(view, seat, holding)
    allowed = {kind: [e for e in rules.elements[kind] if e not in banned] for kind in KINDS}
    identified: set[str] = set()
    investigations: list[Investigation] = []
    wrong: set[Case] = set()
    for entry in view["history"]:
        if entry["seat"] != seat:
            continue
        if entry["action"] == "evidence":
            card, result = entry["card"], entry["result"]
            kind = kind_of(card)
            allowed[kind] = [e for e in allowed[kind] if feedback.evidence(rules, at, {kind: e}, card) == result]
            if result == "disc":
                identified.add(card)
        elif entry["action"] == "investigate":
            investigations.append((entry["location"], entry["discs"], entry["cubes"], frozenset(identified)))
        elif entry["action"] == "solve" and not entry["correct"]:
            guess = entry["guess"]
            wrong.add((guess["SUSPECT"], guess["CRIME"], guess["LOCATION"]))
    found: list[Case] = []
    for suspect, crime, location in product(*(allowed[kind] for kind in KINDS)):
        case = (suspect, crime, location)
        if case in wrong:
            continue
        as_dict = {"SUSPECT": suspect, "CRIME": crime, "LOCATION": location}
        if all(_agrees(rules, at, as_dict, investigations, i) for i in range(len(investigations))):
            found.append(case)
    return found


def _reports(rules: Rules, at: dict[str, str], case: dict[str, str], investigations: list[Investigation], i: int) -> list[tuple[str, str]]:
    """What investigation i reported for this case, replaying the earlier ones in the same place."""
    location, _, _, identified = investigations[i]
    here = {
        e for j in range(i) if investigations[j][0] == location for _, e in _reports(rules, at, case, investigations, j)
    }
    return feedback.investigation(rules, at, case, location, identified, here)


def _agrees(rules: Rules, at: dict[str, str], case: dict[str, str], investigations: list[Investigation], i: int) -> bool:
    _, discs, cubes, _ = investigations[i]
    found = _reports(rules, at, case, investigations, i)
    got = sum(1 for kind, _ in found if kind == "disc")
    return got == discs and len(found) - got == cubes
