"""Helpers for the Mystery City tests: a game rigged to known hands, scripted dice, quick answers."""

from __future__ import annotations

import json
import random
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_city.cards import load_cards
from kiosk.games.mystery_city.game import MysteryCity
from kiosk.games.mystery_city.state import MCState

GAME = MysteryCity()
CARDS = load_cards()
ALL_CARDS = sorted(CARDS.ids())


class ScriptedDice(random.Random):
    """A generator whose dice (randint(1, 6)) come from a script; everything else stays seeded."""

    def __init__(self, dice: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.dice = list(dice)

    def randint(self, a: int, b: int) -> int:
        if (a, b) == (1, 6):
            assert self.dice, "the test rolled more dice than it scripted"
            return self.dice.pop(0)
        return super().randint(a, b)


def rigged(
    hands: dict[int, list[str]],
    seats: int = 2,
    active: int = 0,
    dice: list[int] | None = None,
    **options: Any,
) -> MCState:
    """A game whose seats hold exactly these cards; every other card is out of the game (removed)."""
    state = GAME.start(seats, 1, options)
    assert state.stage == "attack"
    for seat in range(seats):
        state.hands[seat] = list(hands.get(seat, []))
    held = {card for hand in state.hands for card in hand}
    state.removed = [card for card in CARDS.ids() if card not in held]
    state.active = active
    if dice is not None:
        state.rng = ScriptedDice(dice)
    return state


def all_cards(state: MCState) -> list[str]:
    cards = list(state.removed) + [card for hand in state.hands for card in hand]
    if state.combat is not None:
        cards += [card for _, card in state.combat.table]
    return sorted(cards)


def act(state: MCState, seat: int, kind: str, *args: Any) -> list[Event]:
    return GAME.apply(state, seat, Action(kind, tuple(args)))


def prompt_for(state: MCState, seat: int) -> Prompt:
    prompts = [p for p in GAME.prompts(state) if p.seat == seat]
    assert len(prompts) == 1, prompts
    return prompts[0]


def pass_window(state: MCState) -> list[Event]:
    """Both duellists decline the open ability window."""
    assert state.stage in ("reveal", "aftermath"), state.stage
    stage = state.stage
    events: list[Event] = []
    while state.stage == stage and GAME.prompts(state):
        prompt = GAME.prompts(state)[0]
        events += GAME.apply(state, prompt.seat, Action("pass"))
    return events


def duel(state: MCState, attacker: int, target: int, attribute: str, lead: str, follow: str) -> list[Event]:
    """An attack and its first exchange, both windows declined up to the winner's collection."""
    events = act(state, attacker, "attack", attribute, target)
    events += act(state, attacker, "play", lead)
    events += act(state, target, "play", follow)
    events += pass_window(state)
    if state.stage == "aftermath":
        events += pass_window(state)
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def one(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind} event, got {kinds(events)}"
    return found[0]


def card_ids_in(data: Any) -> set[str]:
    """Every card id that appears as a whole JSON string in the data."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value in CARDS.cards:
                found.add(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(json.loads(json.dumps(data)))
    return found
