"""Setting up a game (rules section 2): removal, the hidden solution, tokens, whistle, then the deal."""

from __future__ import annotations

import random
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_express.rules import (
    HAND_CATEGORIES,
    TIME,
    Rules,
    category_of,
    element_of,
)
from kiosk.games.mystery_express.state import MEState, Seat
from kiosk.games.mystery_express.turn import stage


def new_state(rules: Rules, seats: int, seed: int, options: dict[str, Any]) -> MEState:
    rng = random.Random(seed)
    count = rules.players[seats]
    removed_elements: list[str] = []
    for category in HAND_CATEGORIES:
        slots = list(rules.elements[category])
        if options["removal"] == "highest":
            chosen = slots[len(slots) - count.removed_per_category :]
        else:
            chosen = rng.sample(slots, count.removed_per_category)
        removed_elements.extend(sorted(chosen))
    removed = [c for c in rules.all_cards() if element_of(c) in removed_elements]
    in_play = [c for c in rules.all_cards() if element_of(c) not in removed_elements]

    # The solution is drawn after the removal, so a removed element can never be the answer (2.1).
    solution: dict[str, str] = {}
    for category in HAND_CATEGORIES + (TIME,):
        solution[category] = rng.choice([c for c in in_play if category_of(c) == category])
    hidden = set(solution.values())
    time_deck = [c for c in in_play if category_of(c) == TIME and c not in hidden]
    deck = [c for c in in_play if category_of(c) != TIME and c not in hidden]
    rng.shuffle(deck)
    rng.shuffle(time_deck)

    tokens = list(rules.cars)
    rng.shuffle(tokens)
    whistle = rng.randrange(seats)
    state = MEState(
        seed=seed,
        options=options,
        rng=rng,
        seats=[Seat() for _ in range(seats)],
        solution=solution,
        time_deck=time_deck,
        deck=deck,
        removed=removed,
        revealed=[],
        conductor_spaces=[],
        stacks=[[], []],
        tokens=tokens,
        tokens_revealed=1,
        boarded=0,  # the Paris token is revealed at once (setup step 13)
        conductor_car=tokens[0],
        whistle=whistle,
    )
    order = setup_order(state)
    if options["characters"] == "random":
        for seat, character in zip(order, rng.sample(rules.characters, seats)):
            state.seats[seat].character = character.id
        state.stage = "start_car"
    else:
        state.stage = "character"
    state.active = whistle
    return state


def setup_order(state: MEState) -> list[int]:
    """Seats in play order: the whistle holder first, then clockwise."""
    n = len(state.seats)
    return [(state.whistle + i) % n for i in range(n)]


def deal(rules: Rules, state: MEState) -> list[Event]:
    """Setup steps 9-11: 7 cards each one at a time from the whistle holder's left, then the board."""
    n = len(state.seats)
    for _round in range(rules.hand_size):
        for i in range(n):
            seat = (state.whistle + 1 + i) % n
            state.seats[seat].hand.append(state.deck.pop())
    state.conductor_spaces = [state.deck.pop() for _ in range(rules.conductor_spaces)]
    first, second = rules.players[n].passenger_stacks
    if state.options["stack_split_4p"] == "2/3" and n == 4:
        first, second = second, first
    state.stacks = [[state.deck.pop() for _ in range(first)], [state.deck.pop() for _ in range(second)]]
    assert not state.deck, "rules.toml arithmetic is checked at load time"
    events = []
    for seat, s in enumerate(state.seats):
        for card in s.hand:
            s.journal.append({"leg": 0, "face": element_of(card), "from": "deal", "how": "dealt"})
        events.append(
            Event("dealt", {"seat": seat, "hand": sorted(element_of(c) for c in s.hand)}, frozenset({seat}))
        )
    events.append(Event("deal", {"hand_size": rules.hand_size}))
    return events


# --- Choosing characters and starting cars (setup steps 2-3), one seat after another, in public ----


def _next_to_choose(state: MEState, field_name: str) -> int | None:
    for seat in setup_order(state):
        if getattr(state.seats[seat], field_name) is None:
            return seat
    return None


def _character_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    taken = {s.character for s in state.seats}
    actions = tuple(Action("character", (c.id,)) for c in rules.characters if c.id not in taken)
    return [Prompt(state.active, "character", actions, private=False)]


@stage("character", _character_prompts)
def _choose_character(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    state.seats[seat].character = action.args[0]
    event = Event("character_chosen", {"seat": seat, "character": action.args[0]})
    following = _next_to_choose(state, "character")
    if following is None:
        state.stage = "start_car"
        following = state.whistle
    state.active = following
    return [event]


def _start_car_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    actions = tuple(Action("car", (car,)) for car in rules.cars)
    return [Prompt(state.active, "start_car", actions, private=False)]


@stage("start_car", _start_car_prompts)
def _choose_start_car(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    state.seats[seat].car = action.args[0]
    events = [Event("move", {"seat": seat, "car": action.args[0]})]
    following = _next_to_choose(state, "car")
    if following is not None:
        state.active = following
        return events
    state.stage = "leg_start"
    return events + deal(rules, state)
