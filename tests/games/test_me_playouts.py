"""Seeded random playouts: 2,000 complete games across 3, 4 and 5 seats, every invariant at every step.

Checked at every step: all 72 cards in exactly one place; hours never negative; prompts never empty
until the end, and public prompts hold no face; every action survives the JSON round trip; views
are JSON; an illegal action raises and changes nothing; no view or event names a copy (only faces);
no view holds a face its seat has not been shown by an event it may see (the events are the oracle,
and the seat's journal must agree); the public view holds no face before the rules reveal one.
At the end: replaying the same seed and actions gives identical events and views.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from typing import Any

import orjson
import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.games.base import Action, IllegalAction
from kiosk.games.mystery_express.game import INFO
from kiosk.games.mystery_express.rules import element_of
from me_support import GAME, all_cards
from playout_checks import assert_replays_identically

# Faces and copy ids only ever appear as whole JSON strings: one scan finds both.
QUOTED = re.compile(rb'"((?:SUSPECT|MODUS_OPERANDI|MOTIVE|LOCATION|TIME):\d+)(:\d+)?"')


def to_json(data: Any) -> bytes:
    """Strict JSON (orjson refuses what json.dumps would quietly coerce, such as integer keys)."""
    return orjson.dumps(data)


def faces_and_copies(text: bytes) -> tuple[set[str], set[str]]:
    faces, copies = set(), set()
    for face, copy in QUOTED.findall(text):
        (copies if copy else faces).add((face + copy).decode())
    return faces, copies

GAMES = 2000
CHUNKS = 20
ALL_CARDS = sorted(GAME.rules.all_cards())
BOGUS = (Action("card", ("SUSPECT:99",)), Action("fly"), Action("target", (17,)), Action("end_turn"))


def random_options(rng: random.Random) -> dict[str, Any]:
    """Half the games use the defaults; the others draw every option at random."""
    if rng.random() < 0.5:
        return {}
    return {o.name: rng.choice(o.choices if o.choices else (True, False)) for o in INFO.options}


def playout(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    options = random_options(rng)
    state = GAME.start(seats, seed, options)
    bots = [RandomBot(seat, seed) for seat in range(seats)]
    seen: dict[int | None, set[str]] = {seat: set() for seat in range(seats)}
    # The 3-4 player removal is public from the start (rules 2.1), before any event.
    seen[None] = set(GAME.view(state, None)["removed"])
    assert seen[None] == {element_of(c) for c in state.removed}
    record: list[tuple[int, Action]] = []
    log = []
    while True:
        check_views(state, seen)
        prompts = GAME.prompts(state)
        if state.over:
            assert prompts == []
            break
        assert prompts, "no prompt before the end"
        for p in prompts:
            assert p.actions, f"empty prompt {p.kind}"
            if not p.private:
                assert faces_and_copies(to_json([a.args for a in p.actions])) == (set(), set()), p.kind
        prompt = rng.choice(prompts)
        if rng.random() < 0.1:
            action = rng.choice(prompt.actions)  # anything legal, taking back and walking included
        else:
            action = bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt)
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action
        try_illegal(state, prompts, rng)
        events = GAME.apply(state, prompt.seat, action)
        if action.kind == "entry":  # a seat's own guess on its telegram or final answer is no leak
            seen[prompt.seat] |= faces_and_copies(to_json(action.args))[0]
        record.append((prompt.seat, action))
        log.extend(events)
        for event in events:
            faces, copies = faces_and_copies(to_json(event.data))
            assert not copies, f"copy id in event {event.kind}"
            assert event.audience is None or event.audience, "private event with nobody in its audience"
            for viewer in seen:
                if event.visible_to(viewer):
                    seen[viewer] |= faces
        assert sorted(all_cards(state)) == ALL_CARDS
        assert state.hours >= 0
    assert GAME.outcome(state) is not None
    replay(seed, seats, options, record, log, state)


def try_illegal(state, prompts, rng: random.Random) -> None:
    before = pickle.dumps(state)
    idle = [s for s in range(len(state.seats)) if s not in {p.seat for p in prompts}]
    if idle and rng.random() < 0.5:
        seat, action = rng.choice(idle), rng.choice(prompts).actions[0]  # someone else's choice
    else:
        seat, action = rng.choice(prompts).seat, rng.choice(BOGUS)
        if any(action in p.actions for p in prompts if p.seat == seat):
            return
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, action)
    assert pickle.dumps(state) == before, "an illegal action changed the state"


def check_views(state, seen) -> None:
    for viewer in [None, *range(len(state.seats))]:
        view = GAME.view(state, viewer)
        you = view.get("you", {})
        # The journal is checked entry by entry below; everything else is scanned as text.
        journal = you.pop("journal", [])
        faces, copies = faces_and_copies(to_json(view))
        assert not copies, f"copy ids {copies} in a view"
        allowed = seen[None] if viewer is None else seen[viewer] | seen[None]
        assert faces <= allowed, f"view of {viewer} shows unseen faces {faces - allowed}"
        if viewer is not None:
            seat = state.seats[viewer]
            assert you["hand"] == sorted(element_of(c) for c in seat.hand)
            noted = {entry["face"] for entry in journal}
            assert set(you["hand"]) | set(you["discard"]) <= noted
            assert noted <= allowed, f"journal of {viewer} holds unseen faces {noted - allowed}"


def replay(seed, seats, options, record, log, finished) -> None:
    assert_replays_identically(GAME, GAME.start(seats, seed, options), [], record, log, finished, seats)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_every_invariant(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        playout(seed, 3 + seed % 3)
