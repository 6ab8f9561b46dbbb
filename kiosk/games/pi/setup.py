"""Setting up the game (rules 5.1) and each mini-game (rules 5.2), and clearing up after one (rules 10)."""

from __future__ import annotations

import random
from typing import Any

from kiosk.games.base import Event
from kiosk.games.pi.rules import KINDS, Rules
from kiosk.games.pi.state import PIState, Player, left


def new_state(rules: Rules, seats: int, seed: int, options: dict[str, Any]) -> tuple[PIState, list[Event]]:
    rng = random.Random(seed)
    players = [Player(investigators_left=rules.investigators, scores=[None] * rules.minigames) for _ in range(seats)]
    state = PIState(seed=seed, options=options, rng=rng, players=players, first=rng.randrange(seats))
    return state, deal_minigame(rules, state)


def board(rules: Rules, state: PIState) -> dict[str, dict[str, str | None]]:
    """location -> its suspect and crime tiles (None for a blank)."""
    slots: dict[str, dict[str, str | None]] = {loc: {"SUSPECT": None, "CRIME": None} for loc in rules.locations}
    for element, loc in state.where.items():
        kind = element.partition(":")[0]
        if kind != "LOCATION":
            slots[loc][kind] = element
    return slots


def deal_minigame(rules: Rules, state: PIState) -> list[Event]:
    rng = state.rng
    state.minigame += 1
    state.round, state.position = 1, 0
    state.stage = "turn"
    state.guess = {}
    state.investigators = []
    state.tiles = {}
    state.history = []
    for player in state.players:
        player.solved_round = None
        player.kept = []
        player.notes = {}
    # Case cards: each seat is dealt the case of the player on its left (rules 5.2 step 2).
    decks = {kind: rng.sample(rules.elements[kind], len(rules.elements[kind])) for kind in KINDS}
    state.cases = [{} for _ in state.players]
    for holder in range(state.seats):
        state.cases[left(holder, state.seats)] = {kind: decks[kind][holder] for kind in KINDS}
    # Tiles, blanks included, one per slot (steps 3 and 4).
    state.where = {loc: loc for loc in rules.locations}
    for kind, blanks in (("SUSPECT", rules.blank_suspects), ("CRIME", rules.blank_crimes)):
        tiles: list[str | None] = [*rules.elements[kind], *([None] * blanks)]
        rng.shuffle(tiles)
        for loc, tile in zip(rules.locations, tiles, strict=True):
            if tile is not None:
                state.where[tile] = loc
    # Evidence (step 5).
    cards = rules.evidence_cards()
    rng.shuffle(cards)
    state.display, state.deck, state.discard = cards[: rules.display], cards[rules.display :], []
    events = [
        Event(
            "minigame_start",
            {"minigame": state.minigame, "first": state.first, "board": board(rules, state), "display": list(state.display)},
        )
    ]
    for holder in range(state.seats):
        owner = left(holder, state.seats)
        events.append(Event("case_dealt", {"seat": holder, "owner": owner, "case": dict(state.cases[owner])}, frozenset({holder})))
    return events
