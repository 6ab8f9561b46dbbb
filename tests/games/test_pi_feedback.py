"""Every answer the engine gives, checked against a model written here from the rules text alone.

The model knows the map only from the rules' neighbour table (pi_support.TABLE) and the rules of
6.1 and 6.2: a disc for an element in the location, a cube for one next door, nothing counted twice
(an element identified by a disc on its tile, or reported by the same player's investigator in the
same location), evidence checked against the element of its kind, and markers moved onto a tile
when evidence identifies it. Random boards and cases come from random seeds.
"""

from __future__ import annotations

import random

import pytest

from kiosk.games.base import Action
from pi_support import GAME, RULES, TABLE

NAME = RULES.names
KINDS = ("SUSPECT", "CRIME", "LOCATION")


def near(a: str, b: str) -> bool:
    return NAME[b] in TABLE[NAME[a]]


class Model:
    def __init__(self, public: dict) -> None:
        self.at = {loc: loc for loc in RULES.locations}
        for slot in public["board"]:
            for kind in ("suspect", "crime"):
                if slot[kind]:
                    self.at[slot[kind]] = slot["location"]
        self.identified: dict[int, set[str]] = {}
        self.reports: dict[int, tuple[int, str, list[tuple[str, str]]]] = {}  # investigator -> seat, place, markers
        self.on_counter: dict[int, list[tuple[str, str]]] = {}  # investigator -> markers not moved yet

    def investigate(self, seat: int, case: dict[str, str], place: str) -> list[tuple[str, str]]:
        seen_here = {e for s, p, found in self.reports.values() if s == seat and p == place for _, e in found}
        found = []
        for kind in KINDS:
            e = case[kind]
            if e in self.identified.get(seat, set()) or e in seen_here:
                continue
            if self.at[e] == place:
                found.append(("disc", e))
            elif near(self.at[e], place):
                found.append(("cube", e))
        return found

    def evidence(self, case: dict[str, str], card: str) -> str | None:
        e = case[card.split(":")[0]]
        if e == card:
            return "disc"
        return "cube" if near(self.at[e], self.at[card]) else None


def one_game(seed: int) -> int:
    rng = random.Random(seed)
    seats = rng.randint(2, 5)
    state, _ = GAME.start_with_events(seats, seed)
    model = Model(GAME.view(state, None))
    minigame, checked = state.minigame, 0
    while not state.over and checked < 40:
        if state.minigame != minigame:
            minigame, model = state.minigame, Model(GAME.view(state, None))
        seat = state.active
        case = dict(state.cases[seat])  # the test is the case holder
        turn = next(p for p in GAME.prompts(state) if p.kind == "turn")
        action = rng.choice([a for a in turn.actions if a.kind != "solve"] or [Action("solve")])
        if action.kind == "solve":
            break
        events = GAME.apply(state, seat, action)
        checked += 1
        if action.kind == "investigate":
            place = action.args[0]
            expected = model.investigate(seat, case, place)
            event = next(e for e in events if e.kind == "investigated")
            got = (event.data["discs"], event.data["cubes"])
            discs = sum(1 for k, _ in expected if k == "disc")
            assert got == (discs, len(expected) - discs), (seed, NAME[place], case)
            assert sorted(event.data["markers"]) == sorted(k for k, _ in expected)
            model.reports[event.data["investigator"]] = (seat, place, expected)
            model.on_counter[event.data["investigator"]] = list(expected)
        else:
            card = action.args[0]
            expected_result = model.evidence(case, card)
            event = next(e for e in events if e.kind == "evidence")
            assert event.data["result"] == expected_result, (seed, NAME[card], case)
            transfer = [e for e in events if e.kind == "transfer"]
            moving = {
                inv: [k for k, e in model.on_counter[inv] if e == card]
                for inv, (s, _, _) in model.reports.items()
                if s == seat and expected_result == "disc" and any(e == card for _, e in model.on_counter[inv])
            }
            got_moves = {m["investigator"]: m["kinds"] for t in transfer for m in t.data["moved"]}
            assert got_moves == {inv: kinds for inv, kinds in moving.items()}
            for inv in moving:  # the markers leave the counter; what it reported stays reported
                model.on_counter[inv] = [(k, e) for k, e in model.on_counter[inv] if e != card]
            if expected_result == "disc":
                model.identified.setdefault(seat, set()).add(card)
    return checked


@pytest.mark.parametrize("chunk", range(4))
def test_every_answer_matches_the_rules_model_on_random_boards_and_cases(chunk):
    assert sum(one_game(seed) for seed in range(chunk * 150, (chunk + 1) * 150)) > 150 * 20


def test_investigations_with_every_outcome_occur():
    """The random games above must reach discs and cubes together, or they prove little."""
    outcomes = set()
    for seed in range(60):
        state = GAME.start(3, seed)
        for place in RULES.locations[:5]:
            found = Model(GAME.view(state, None)).investigate(0, state.cases[0], place)
            outcomes.add((sum(k == "disc" for k, _ in found), sum(k == "cube" for k, _ in found)))
    assert {(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)} <= outcomes
