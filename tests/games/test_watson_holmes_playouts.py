"""Seeded random playouts (120 games): both cases, 2-7 seats, kiosk and physical mode, every invariant at every step.

Checked at every step: carriages never negative; no player holds more than one token of a kind; every
token is in the supply, in a hand or (police) on a card; prompts never empty until the end; every
action survives the JSON round trip; views are strict JSON; an illegal action raises and changes
nothing; no card text reaches a view or an event a seat may not see (the events are the oracle: a
text is known to a seat only after an event in its audience carried it); hidden characters and the
answer key stay private; the card Mycroft reads is named to its reader only, never in a public event
or the public view (rules 16); the public view shows only questions already opened. The game ends; a
replay of the same seed and actions gives identical events and views.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import orjson
import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.games.base import Action, IllegalAction
from kiosk.games.watson_holmes.library import bundled_cases
from kiosk.games.watson_holmes.state import SUPPLY
from watson_holmes_support import FULL, GAME, TUTORIAL, texts_of
from playout_checks import assert_replays_identically

GAMES = 120
CHUNKS = 6
MAX_STEPS = 20000
BOGUS = (Action("visit", ("C99",)), Action("tap", ("C01",)), Action("bid", (-1,)), Action("fly"), Action("ready"))
TEXTS = {case_id: texts_of(case) for case_id, case in bundled_cases().items()}


def to_json(data: Any) -> str:
    return orjson.dumps(data).decode()


def strings(data: Any, found: set[str]) -> set[str]:
    if isinstance(data, str):
        found.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            found.add(str(key))
            strings(value, found)
    elif isinstance(data, (list, tuple)):
        for value in data:
            strings(value, found)
    return found


def texts_in(data: Any, case_id: str) -> set[str]:
    """The card texts held anywhere in `data`, as whole strings (how a view or event would carry one)."""
    return strings(data, set()) & TEXTS[case_id].keys()


def changing_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view without the case's layout, which is the same all game (scanned once per game instead)."""
    return {key: value for key, value in view.items() if key != "case"}


def playout(seed: int, case_id: str | None = None) -> None:
    """One seeded game of random bots (the given case, else the tutorial or the full one by seed)."""
    rng = random.Random(seed)
    seats = 2 + seed % 6
    if case_id is None:
        case_id = FULL if (seed // 6) % 2 else TUTORIAL  # every seat count with both cases
    options = {"case": case_id, "physical": rng.random() < 0.2, "characters": rng.random() < 0.9, "play_on": rng.random() < 0.3}
    state = GAME.start(seats, seed, options)
    bots = [RandomBot(seat, seed) for seat in range(seats)]
    seen: dict[int | None, set[str]] = {seat: set() for seat in [None, *range(seats)]}
    record: list[tuple[int, Action]] = []
    log = []
    for _ in range(MAX_STEPS):
        check_state(state)
        check_views(state, seen, case_id)
        prompts = GAME.prompts(state)
        if state.over:
            assert prompts == []
            break
        assert prompts, f"no prompt at stage {state.stage}"
        for p in prompts:
            assert p.actions, f"empty prompt {p.kind}"
            assert p.private
        prompt = rng.choice(prompts)
        if rng.random() < 0.05:
            action = rng.choice(prompt.actions)
        else:
            action = bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt)
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action
        if rng.random() < 0.2:
            try_illegal(state, prompts, rng)
        events = GAME.apply(state, prompt.seat, action)
        record.append((prompt.seat, action))
        log.extend(events)
        for event in events:
            to_json(event.data)  # strict JSON
            blob = event.data
            assert event.audience is None or event.audience, "a private event with nobody to see it"
            for viewer in seen:
                if event.visible_to(viewer):
                    seen[viewer] |= texts_in(blob, case_id)
            if event.audience is None:
                assert texts_in(blob, case_id) <= (seen[None]), event.kind
                assert not strings(blob, set()) & secret_reads(state), f"a public {event.kind} names an extra read"
                if event.kind == "character_revealed":
                    assert state.players[event.data["seat"]].character_state == "revealed"
        if options["physical"]:
            assert all(not texts_in(e.data, case_id) for e in events)
    else:
        raise AssertionError(f"seed {seed}: the game did not end in {MAX_STEPS} steps")
    assert not texts_in(GAME.view(state, None)["case"], case_id)
    outcome = GAME.outcome(state)
    assert outcome is not None and set(outcome.scores) == set(range(seats))
    assert outcome.winners or outcome.detail["everyone_loses"]
    assert all(state.players[s].won and state.players[s].place == 1 for s in outcome.winners)
    replay(seats, seed, options, record, log, state)


def secret_reads(state) -> set[str]:
    """The cards read this round by Mycroft (or a copying Wiggins): no pawn is on them, so nothing
    public names them, unless Toby happens to sit there (his place is public)."""
    return {card for card in state.extra_reads.values() if card and card != state.toby_card}


def check_state(state) -> None:
    held = {token: 0 for token in SUPPLY}
    for p in state.players:
        assert p.carriages >= 0 and p.available() >= 0
        for token, count in p.tokens.items():
            assert 0 <= count <= 1, f"holds {count} {token}"
            held[token] += count
    assert held["police"] + state.supply["police"] + len(state.police_on) == SUPPLY["police"]
    assert held["calloff"] + state.supply["calloff"] == SUPPLY["calloff"]
    assert held["lockpick"] + state.supply["lockpick"] == SUPPLY["lockpick"]
    assert len(set(state.police_on)) == len(state.police_on)
    pawns = [p.at for p in state.players if p.at and p.at not in ("C221B", "STOP")]
    assert len(pawns) == len(set(pawns)), "two pawns on one location card"


def check_views(state, seen, case_id) -> None:
    public = GAME.view(state, None)
    to_json(public)
    if state.round == 1 and not state.players[0].at:
        assert not texts_in(public["case"], case_id)
    assert texts_in(changing_part(public), case_id) <= seen[None]
    assert not strings(changing_part(public), set()) & secret_reads(state), "the public view names an extra read"
    shown = {q["id"] for q in public["case"]["questions"]}
    case = bundled_cases()[case_id]
    assert shown == {q.id for q in case.questions if q.reveal == "start" or q.id in state.revealed_questions}
    for seat, p in enumerate(state.players):
        entry = public["players"][seat]
        assert entry["character"] == (p.character if p.character_state != "hidden" else None)
    for seat in range(len(state.players)):
        view = GAME.view(state, seat)
        to_json(view)
        assert view["case"] == public["case"], "the case part of a view is public"
        assert texts_in(changing_part(view), case_id) <= seen[seat] | seen[None], f"seat {seat} sees a text it never read"
        others = [p.character for s, p in enumerate(state.players) if s != seat and p.character_state == "hidden" and p.character]
        for other in view["players"]:
            assert other["character"] is None or other["character"] not in others or other["seat"] == seat
        assert ("answer_key" in view["you"]) == (state.players[seat].eliminated and not state.options["physical"])


def try_illegal(state, prompts, rng: random.Random) -> None:
    before = pickle.dumps(state)
    idle = [s for s in range(len(state.players)) if s not in {p.seat for p in prompts}]
    if idle and rng.random() < 0.5:
        seat, action = rng.choice(idle), rng.choice(prompts).actions[0]
    else:
        seat, action = rng.choice(prompts).seat, rng.choice(BOGUS)
        if any(action in p.actions for p in prompts if p.seat == seat):
            return
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, action)
    assert pickle.dumps(state) == before, "an illegal action changed the state"


def replay(seats, seed, options, record, log, finished) -> None:
    assert_replays_identically(GAME, GAME.start(seats, seed, options), [], record, log, finished, seats)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_every_invariant(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        playout(seed)
