"""Seeded random playouts of P.I. over 2-5 seats, with the invariants checked at every step.

Checked at every step of 2,000 games: all 36 evidence cards in exactly one place; the display full
while cards remain to refill it; every marker on a tile or an investigator true for its owner's case
(and a solved player's discs exactly on its solution); at most 3 discs per player, never two for one
element; investigators used plus left is 5; cases disjoint; prompts never empty until the end; every
action survives the JSON round trip; private events go to one seat only.
In one game in forty (50 games), also at every step: views and events are strict JSON; a seat's view is
the public view plus the case it holds for its left neighbour and its own notes; nobody's own case
reaches its views or events before it solves or the mini-game ends, and at each deal a seat's view is
unchanged when its own case is swapped for another; an illegal action raises and changes nothing;
replaying the seed and the actions gives identical events and views.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import orjson
import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.games.base import Action, IllegalAction
from kiosk.games.pi.rules import KINDS, kind_of
from kiosk.games.pi.state import left
from pi_support import GAME, RULES
from playout_checks import assert_replays_identically

GAMES = 2000
CHUNKS = 20
FULL_EVERY = 40  # one game in forty also checks views, leaks, refusals and replay at every step
ALL_CARDS = sorted(RULES.evidence_cards())
BOGUS = (Action("evidence", ("LOCATION:99",)), Action("accuse", ("SUSPECT:0",)), Action("fly"), Action("note", ("9.9", None)))


def playout(seed: int, full: bool) -> None:
    rng = random.Random(seed)
    seats = 2 + seed % 4
    options = {} if rng.random() < 0.5 else {"round_limit": rng.choice((20, 30, 40))}
    state, log = GAME.start_with_events(seats, seed, options)
    bots = [RandomBot(seat, seed) for seat in range(seats)]
    placed = [0] * seats
    record: list[tuple[int, Action]] = []
    check_events(state, log, [dict(c) for c in state.cases], full)
    if full:
        check_swapped_case(state, rng)
    while True:
        check_state(state, placed)
        if full:
            check_views(state)
        prompts = GAME.prompts(state)
        if state.over:
            assert prompts == [] and GAME.outcome(state) is not None
            break
        assert prompts and all(p.actions for p in prompts)
        action, seat = choose(state, prompts, bots, rng)
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action
        if full:
            try_illegal(state, prompts, rng)
        targets, minigame = [dict(c) for c in state.cases], state.minigame
        events = GAME.apply(state, seat, action)
        record.append((seat, action))
        log.extend(events)
        placed[seat] += action.kind == "investigate"
        check_events(state, events, targets, full)
        if full and state.minigame != minigame and not state.over:
            check_swapped_case(state, rng)
    if full:
        replay(seats, seed, options, record, log, state)


def choose(state, prompts, bots, rng: random.Random) -> tuple[Action, int]:
    seat = state.active
    truth = state.cases[seat]
    roll = rng.random()
    if state.stage == "solve" and all(truth[k] == v for k, v in state.guess.items()) and roll > 0.05:
        # A player who has worked it out (the test knows the case) names the rest.
        return Action("accuse", (truth[next(k for k in KINDS if k not in state.guess)],)), seat
    if roll < 0.1:
        prompt = rng.choice(prompts)  # anything legal: notes and taking an attempt back included
        return rng.choice(prompt.actions), prompt.seat
    if state.stage == "turn" and roll < 0.15 + 0.01 * state.round:  # more and more players work it out as rounds go by
        return Action("solve"), seat
    prompt = prompts[0]
    return bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt), prompt.seat


def check_state(state, placed: list[int]) -> None:
    kept = [card for p in state.players for card in p.kept]
    assert sorted(state.display + state.deck + state.discard + kept) == ALL_CARDS
    assert len(state.display) == RULES.display or not (state.deck or state.discard)
    elements = [e for case in state.cases for e in case.values()]
    assert len(elements) == len(set(elements)) == 3 * state.seats
    for seat, player in enumerate(state.players):
        case = state.cases[seat]
        assert player.investigators_left + placed[seat] == RULES.investigators
        on_tiles = {e: owners[seat] for e, owners in state.tiles.items() if seat in owners}
        on_counters = [(m, inv) for inv in state.investigators if inv.seat == seat for m in inv.markers]
        if player.solved_round is not None:
            assert on_tiles == {e: "disc" for e in case.values()} and not on_counters
            continue
        for element, kind in on_tiles.items():
            own = case[kind_of(element)]
            assert (kind == "disc") == (element == own)
            assert kind == "disc" or RULES.adjacent(state.where[own], state.where[element])
        discs = [e for e, kind in on_tiles.items() if kind == "disc"]
        identified = set(discs)
        for marker, inv in on_counters:
            assert marker.cause in case.values()
            assert marker.cause not in identified, "a marker identified by evidence stayed on its investigator"
            if marker.kind == "disc":
                assert state.where[marker.cause] == inv.location
                discs.append(marker.cause)
            else:
                assert RULES.adjacent(state.where[marker.cause], inv.location)
        assert len(discs) == len(set(discs)) <= RULES.discs


def case_dicts(data: Any) -> list[dict]:
    """Every {SUSPECT, CRIME, LOCATION} dictionary inside some data, except guesses (a guess is its
    player's own idea, which may happen to be somebody's case)."""
    found = []
    if isinstance(data, dict):
        if set(data) == set(KINDS):
            found.append(data)
        for key, value in data.items():
            if key != "guess":
                found += case_dicts(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            found += case_dicts(value)
    return found


def check_events(state, events, targets: list[dict], full: bool) -> None:
    """Private events reach one seat; no event tells a seat its own case before it may know it."""
    for event in events:
        if event.audience is not None:
            assert len(event.audience) == 1 and event.kind in ("case_dealt", "noted")
        if event.kind == "case_dealt":
            holder = event.data["seat"]
            assert event.audience == frozenset({holder}) and event.data["owner"] == left(holder, state.seats) != holder
            continue
        if not full:
            continue
        orjson.dumps(event.data)
        if event.kind in ("minigame_end", "noted", "game_over"):
            continue
        for case in case_dicts(event.data):
            for seat, target in enumerate(targets):
                if case == target:
                    assert event.kind == "solved" and event.data["seat"] == seat


def check_views(state) -> None:
    public = GAME.view(state, None)
    assert "you" not in public
    orjson.dumps(public)
    text = json.dumps(public)
    assert "cause" not in text and "reported" not in text
    for seat in range(state.seats):
        view = GAME.view(state, seat)
        orjson.dumps(view)
        you = view.pop("you")
        assert view == public
        assert you["holding"] == {"owner": left(seat, state.seats), "case": state.cases[left(seat, state.seats)]}
        assert you["notes"] == state.players[seat].notes
        if state.players[seat].solved_round is None:
            current = {k: v for k, v in view.items() if k != "past"}
            assert state.cases[seat] not in case_dicts(current) + case_dicts(you), f"seat {seat} sees its own case"


def check_swapped_case(state, rng: random.Random) -> None:
    """At a deal, a seat's view must not change if its own case were another (it cannot depend on it)."""
    seat = rng.randrange(state.seats)
    twin = copy.deepcopy(state)
    used = {e for i, case in enumerate(state.cases) if i != seat for e in case.values()}
    twin.cases[seat] = {
        kind: rng.choice([e for e in RULES.elements[kind] if e not in used and e != state.cases[seat][kind]]) for kind in KINDS
    }
    assert GAME.view(twin, seat) == GAME.view(state, seat)


def try_illegal(state, prompts, rng: random.Random) -> None:
    before = pickle.dumps(state)
    idle = [s for s in range(state.seats) if s not in {p.seat for p in prompts}]
    if idle and rng.random() < 0.5:
        seat, action = rng.choice(idle), prompts[0].actions[0]  # someone else's choice
    else:
        seat, action = prompts[0].seat, rng.choice(BOGUS)
        if any(action in p.actions for p in prompts if p.seat == seat):
            return
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, action)
    assert pickle.dumps(state) == before, "an illegal action changed the state"


def replay(seats, seed, options, record, log, finished) -> None:
    state, events = GAME.start_with_events(seats, seed, options)
    assert_replays_identically(GAME, state, events, record, log, finished, seats)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_every_invariant(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        playout(seed, full=seed % FULL_EVERY == 0)
