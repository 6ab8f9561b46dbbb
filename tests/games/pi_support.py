"""Helpers for the P.I. tests: a game set up and rigged to a known position, looked up by name."""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Event
from kiosk.games.pi.game import PI
from kiosk.games.pi.rules import KINDS, load_rules
from kiosk.games.pi.state import PIState

GAME = PI()
RULES = load_rules()
BY_NAME = {name: element for element, name in RULES.names.items()}

# The neighbour table of rules section 3, copied from the rules text, not from the data file.
TABLE = {
    "Lakeside": {"Forest Park", "Trocadero", "Little Italy"},
    "Forest Park": {"Ocean Drive", "Trocadero", "Lakeside"},
    "Little Italy": {"Lakeside", "Trocadero", "Central Station", "China Town"},
    "Trocadero": {"Lakeside", "Forest Park", "Ocean Drive", "Main Street", "Central Station", "Little Italy"},
    "Ocean Drive": {"Forest Park", "Road House", "Main Street", "Trocadero"},
    "China Town": {"Little Italy", "Central Station", "Union Square"},
    "Central Station": {"Little Italy", "Trocadero", "Main Street", "Downtown", "Union Square", "China Town"},
    "Main Street": {"Trocadero", "Ocean Drive", "Road House", "Rick's Café", "Downtown", "Central Station"},
    "Road House": {"Ocean Drive", "Rick's Café", "Main Street"},
    "Union Square": {"China Town", "Central Station", "Downtown", "Waterfront"},
    "Downtown": {"Central Station", "Main Street", "Rick's Café", "Skid Row", "Waterfront", "Union Square"},
    "Rick's Café": {"Main Street", "Road House", "Skid Row", "Downtown"},
    "Waterfront": {"Union Square", "Downtown", "Skid Row"},
    "Skid Row": {"Downtown", "Rick's Café", "Waterfront"},
}


def el(name: str) -> str:
    """The element id of a suspect, crime or location, by its English name."""
    return BY_NAME[name]


def case_of(suspect: str, crime: str, location: str) -> dict[str, str]:
    return dict(zip(KINDS, (el(suspect), el(crime), el(location)), strict=True))


def started(seats: int = 3, seed: int = 1, first: int = 0, **options: Any) -> PIState:
    """A new game whose first player is `first` (seat 0 is Red)."""
    state = GAME.start(seats, seed, options)
    state.first = first
    return state


def place(state: PIState, tile: str, location: str) -> None:
    """Put a suspect or crime tile in a location, swapping with whatever tile was there."""
    kind = tile.partition(":")[0]
    old = state.where[tile]
    there = next((e for e, loc in state.where.items() if loc == location and e.startswith(kind + ":")), None)
    state.where[tile] = location
    if there is not None and there != tile:
        state.where[there] = old


def give_case(state: PIState, seat: int, case: dict[str, str]) -> None:
    """Make `case` the case `seat` solves, swapping elements with whichever seat held them."""
    for kind, element in case.items():
        old = state.cases[seat][kind]
        for other in state.cases:
            if other[kind] == element:
                other[kind] = old
        state.cases[seat][kind] = element


def show(state: PIState, *cards: str) -> None:
    """Put these evidence cards in the display (taken from wherever they are, display kept at 9)."""
    for card in cards:
        if card in state.display:
            continue
        for pile in (state.deck, state.discard):
            if card in pile:
                pile.remove(card)
        state.deck.append(state.display.pop())
        state.display.append(card)


def act(state: PIState, seat: int, kind: str, *args: Any) -> list[Event]:
    return GAME.apply(state, seat, Action(kind, tuple(args)))


def solve(state: PIState, seat: int, case: dict[str, str]) -> list[Event]:
    events = act(state, seat, "solve")
    for kind in KINDS:
        events += act(state, seat, "accuse", case[kind])
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def one(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind} event, got {kinds(events)}"
    return found[0]


def stall(state: PIState, seat: int) -> list[Event]:
    """A turn that changes no case: take the first evidence card of the display."""
    return act(state, seat, "evidence", state.display[0])
