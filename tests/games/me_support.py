"""Helpers for the Mystery Express tests: a game set up and rigged to a known position."""

from __future__ import annotations

import json
import re
from typing import Any

from kiosk.games.base import Action, Event
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.games.mystery_express.rules import element_of
from kiosk.games.mystery_express.state import MEState

GAME = MysteryExpress()
FACE = re.compile(r"\b(?:SUSPECT|MODUS_OPERANDI|MOTIVE|LOCATION|TIME):\d+\b(?!:)")
CARD_ID = re.compile(r"\b(?:SUSPECT|MODUS_OPERANDI|MOTIVE|LOCATION|TIME):\d+:\d+\b")


def faces_in(data: Any) -> set[str]:
    return set(FACE.findall(json.dumps(data)))


def started(seats: int = 4, seed: int = 1, **options: Any) -> MEState:
    """A game past setup: characters dealt at random, everyone starting in the Club Car, leg 1 begun."""
    state = GAME.start(seats, seed, {"characters": "random", **options})
    while state.stage == "start_car":
        GAME.apply(state, state.active, Action("car", ("club",)))
    assert state.stage == "turn" and state.leg == 1
    return state


def rig(state: MEState, hands: dict[int, list[str]], active: int | None = None, car: str = "club") -> None:
    """Give seats exactly these faces (one free copy each), taken from wherever the copies lie.

    Cards pushed out of a rigged hand go to the 2nd passenger stack, so all 72 stay accounted for.
    Journals restart from the rigged hands.
    """
    for seat, faces in hands.items():
        spare = list(state.seats[seat].hand)
        hand = []
        for face in faces:
            own = next((c for c in spare if element_of(c) == face), None)
            if own is not None:
                spare.remove(own)
                hand.append(own)
            else:
                hand.append(_take_free_copy(state, face, seat, hands))
        state.seats[seat].hand = hand
        state.stacks[1].extend(spare)
    for s in state.seats:
        s.journal = [{"leg": 0, "face": element_of(c), "from": "deal", "how": "dealt"} for c in s.hand]
        s.car = car
    if active is not None:
        state.active = active


def _take_free_copy(state: MEState, face: str, seat: int, hands: dict[int, list[str]]) -> str:
    places = [s.hand for i, s in enumerate(state.seats) if i != seat and i not in hands]
    places += [state.conductor_spaces, *state.stacks]
    for place in places:
        for card in place:
            if element_of(card) == face:
                place.remove(card)
                if place is state.conductor_spaces:  # keep three cards on the Conductor's spaces
                    state.conductor_spaces.append(state.stacks[1].pop())
                return card
    # A copy may sit in another rigged hand that does not need it.
    for other, s in enumerate(state.seats):
        if other != seat and other in hands:
            for card in s.hand:
                if element_of(card) == face and hands[other].count(face) < [element_of(c) for c in s.hand].count(face):
                    s.hand.remove(card)
                    return card
    raise AssertionError(f"no free copy of {face}: it may be hidden in the solution; pick another seed")


def all_cards(state: MEState) -> list[str]:
    cards = list(state.solution.values()) + state.time_deck + state.deck + state.removed
    cards += [card for _, card in state.revealed] + [c for c in state.conductor_spaces if c is not None]
    cards += state.stacks[0] + state.stacks[1]
    for s in state.seats:
        cards += s.hand + s.discard
    return cards


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def one(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind} event, got {kinds(events)}"
    return found[0]


def act(state: MEState, seat: int, kind: str, *args: Any) -> list[Event]:
    return GAME.apply(state, seat, Action(kind, tuple(args)))


def prompt_for(state: MEState, seat: int):
    prompts = [p for p in GAME.prompts(state) if p.seat == seat]
    assert len(prompts) == 1, prompts
    return prompts[0]


def free_faces(state: MEState, category: str, k: int) -> list[str]:
    """k faces of a category that are neither the hidden solution nor removed from the game."""
    from kiosk.games.mystery_express.rules import load_rules

    hidden = {element_of(c) for c in state.solution.values()}
    removed = {element_of(c) for c in state.removed}
    faces = [f for f in load_rules().elements[category] if f not in hidden and f not in removed]
    assert len(faces) >= k
    return faces[:k]


def advance(state: MEState, until, seed: int = 0) -> list[Event]:
    """Let random bots play until `until(state)` holds; return every event on the way."""
    from kiosk.bots.random_bot import RandomBot

    bots = [RandomBot(seat, seed) for seat in range(len(state.seats))]
    events: list[Event] = []
    while not until(state):
        prompts = GAME.prompts(state)
        assert prompts, "the game ended before the awaited moment"
        p = min(prompts, key=lambda p: p.seat)
        events += GAME.apply(state, p.seat, bots[p.seat].choose(GAME.view(state, p.seat), p))
    return events
