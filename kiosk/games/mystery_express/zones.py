"""Moving cards between hands, discard piles and the board, and keeping each seat's journal.

Every crime card face a seat sees is written in its journal at the moment it sees it (rules 10: "a
private log of faces that seat has seen, tagged with the leg", that is with the window between two
returns of the discard piles, 7.2). Faces are element keys, never copy ids. Time cards are not
journaled: a reveal must not be replayable (rules 10), so its faces live only in the reveal's events,
shown once at the table's pace.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.mystery_express.rules import HAND_CATEGORIES, category_of, element_of
from kiosk.games.mystery_express.state import MEState

Source = int | str  # a seat, or a place: "deal", "conductor", "passenger1", "passenger2"


def left(state: MEState, seat: int) -> int:
    """The left-hand neighbour: play and passing go clockwise, to the left."""
    return (seat + 1) % len(state.seats)


def right(state: MEState, seat: int) -> int:
    return (seat - 1) % len(state.seats)


def others(state: MEState, seat: int) -> list[int]:
    n = len(state.seats)
    return [(seat + i) % n for i in range(1, n)]


def hand_elements(state: MEState, seat: int, category: str | None = None) -> list[str]:
    """The distinct faces in a seat's hand (two copies of a face are one choice)."""
    faces = {element_of(c) for c in state.seats[seat].hand}
    if category is not None:
        faces = {f for f in faces if category_of(f) == category}
    return sorted(faces)


def has_category(state: MEState, seat: int, category: str) -> bool:
    return any(category_of(c) == category for c in state.seats[seat].hand)


def category_counts(cards: list[str]) -> dict[str, int]:
    """Cards per hand category: public, since every category has its own card back."""
    counts = dict.fromkeys(HAND_CATEGORIES, 0)
    for card in cards:
        counts[category_of(card)] += 1
    return counts


def take_from_hand(state: MEState, seat: int, face: str) -> str:
    """Remove one copy of `face` from the seat's hand and return its card id."""
    hand = state.seats[seat].hand
    for card in hand:
        if element_of(card) == face:
            hand.remove(card)
            return card
    raise ValueError(f"seat {seat} holds no {face}")  # prompts only offer faces in hand


def note(state: MEState, seat: int, card: str, source: Source, how: str) -> None:
    """Journal a sighting under its window, not the leg number (rules 7.2, clarified 2026-12).

    A sighting during an arrival (the München tunnel, the Budapest sudden revelation) comes after the
    discard piles returned, so it is tagged with the next leg and marked `arriving`: the index in the
    itinerary of the city the train is arriving in.
    """
    entry: dict[str, Any] = {"leg": state.window, "face": element_of(card), "from": source, "how": how}
    if state.window > state.leg:
        entry["arriving"] = state.leg
    state.seats[seat].journal.append(entry)


def show(state: MEState, owner: int, face: str, viewer: int, how: str = "shown") -> str:
    """`owner` shows a card privately to `viewer`; it goes to the owner's discard pile (4.2)."""
    card = take_from_hand(state, owner, face)
    state.seats[owner].discard.append(card)
    note(state, viewer, card, owner, how)
    return card


def transfer(state: MEState, giver: int, face: str, receiver: int, how: str) -> str:
    """A card changes owner: the receiver looks at it and puts it on his own discard pile (4.2)."""
    card = take_from_hand(state, giver, face)
    state.seats[receiver].discard.append(card)
    note(state, receiver, card, giver, how)
    return card
