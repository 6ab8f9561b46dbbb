"""The answers the case holder gives (rules 6.1 and 6.2), as pure functions the bots may share.

`where` maps every suspect and crime on the board to its location, and every location to itself.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from kiosk.games.pi.rules import KINDS, Rules, kind_of


def investigation(
    rules: Rules,
    where: Mapping[str, str],
    case: Mapping[str, str],
    location: str,
    identified: Collection[str] = (),
    reported_here: Collection[str] = (),
) -> list[tuple[str, str]]:
    """(marker kind, element) for each element of `case` an investigator in `location` reports.

    An element already identified by one of the player's discs on its tile, or already reported by
    one of the player's investigators in the same location, is skipped (no double counting, A3).
    """
    markers = []
    for kind in KINDS:
        element = case[kind]
        if element in identified or element in reported_here:
            continue
        at = where[element]
        if at == location:
            markers.append(("disc", element))
        elif rules.adjacent(at, location):
            markers.append(("cube", element))
    return markers


def evidence(rules: Rules, where: Mapping[str, str], case: Mapping[str, str], card: str) -> str | None:
    """The result of an evidence card: only the case element of the card's kind is checked."""
    element = case[kind_of(card)]
    if card == element:
        return "disc"
    if rules.adjacent(where[element], where[card]):
        return "cube"
    return None
