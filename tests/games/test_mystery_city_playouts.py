"""Seeded random playouts: 3,000 complete games over 2, 3 and 4 seats, both decks, every option.

Checked at every step: the 16 cards each in exactly one place (a hand, the table, out of the game, or
not yet tapped in); prompts never empty until the end, never for an eliminated seat, and no eliminated
seat can be attacked; the turn marker goes to the next seat still in the game in the chosen direction;
every action survives the JSON round trip; views are strict JSON; an illegal action raises and changes
nothing; no view or prompt holds a card its seat has not been shown by an event it may see (the events
are the oracle), and the public view none the public has not seen. At the end: one winner holding every
card still in play (or the most cards, when the same hands came back a third time), and replaying the same seed and actions gives identical events and views.
A further 2,000 lean games (other seeds, bots only) check the cards, the eliminated seats and the end.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from typing import Any

import orjson
import pytest

from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.bots.random_bot import RandomBot
from kiosk.games.base import Action, IllegalAction
from mystery_city_support import ALL_CARDS, CARDS, GAME, all_cards
from playout_checks import assert_replays_identically

GAMES = 1000  # with every check at every step
LEAN_GAMES = 2000  # more seeds, checking the card count, the eliminated seats and the end only
CHUNKS = 10
MAX_STEPS = 20_000
BOGUS = (
    Action("play", ("04:A2:19:5B",)),
    Action("play", ("norma",)),
    Action("use", ("chomp",)),
    Action("hold", ("paul",)),
    Action("attack", ("LUCK", 0)),
    Action("attribute", ("HT",)),
    Action("fly"),
    Action("pass"),
)


def random_options(rng: random.Random, seats: int) -> dict[str, Any]:
    if rng.random() < 0.3:
        return {}
    return {
        "deck": rng.choice(("virtual", "nfc")),
        "direction": rng.choice(("counterclockwise", "clockwise")),
        "ability_windows": rng.choice(("always", "usable")),
        "first_seat": rng.randrange(seats),
    }


def physical_deal(seats: int, rng: random.Random) -> list[list[str]]:
    deal = CARDS.deals[seats]
    specials = [c for c in CARDS.in_play(seats) if CARDS.is_special(c)]
    regulars = [c for c in CARDS.in_play(seats) if not CARDS.is_special(c)]
    rng.shuffle(specials)
    rng.shuffle(regulars)
    return [
        specials[s * deal.specials : (s + 1) * deal.specials] + regulars[s * deal.regulars : (s + 1) * deal.regulars]
        for s in range(seats)
    ]


def tap(state, prompt, physical: list[str], kiosk_dealt: bool, rng: random.Random) -> Action:
    """What a player at the reader does: tap their own cards, now and then a wrong one, then fix it."""
    if kiosk_dealt:
        return Action("deal_rest")
    wrong = [a for a in prompt.actions if a.kind == "release" and a.args[0] not in physical]
    if wrong:
        return wrong[0]
    if rng.random() < 0.05:
        return rng.choice(prompt.actions)
    mine = [a for a in prompt.actions if a.kind == "hold" and a.args[0] in physical]
    return mine[0] if mine else rng.choice(prompt.actions)


def playout(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    options = random_options(rng, seats)
    state = GAME.start(seats, seed, options)
    direction = 1 if state.options["direction"] == "clockwise" else -1
    bots = [(MysteryCityBot if rng.random() < 0.5 else RandomBot)(seat, seed) for seat in range(seats)]
    physical = physical_deal(seats, rng)
    kiosk_dealt = [rng.random() < 0.3 for _ in range(seats)]
    seen: dict[int | None, set[str]] = {seat: set() for seat in [None, *range(seats)]}
    learn(seen, GAME.opening(state))
    record: list[tuple[int, Action]] = []
    log = list(GAME.opening(state))
    for _step in range(MAX_STEPS):
        check(state, seen)
        prompts = GAME.prompts(state)
        if state.over:
            assert prompts == []
            break
        assert prompts, f"no prompt in stage {state.stage}"
        for p in prompts:
            assert p.actions and not state.eliminated[p.seat], p
            if p.kind == "attack":
                assert all(not state.eliminated[a.args[1]] and a.args[1] != p.seat for a in p.actions)
            if state.stage != "register":  # the list of tappable cards is the deck list, not a secret
                assert cards_in([a.args for a in p.actions]) <= seen[p.seat] | seen[None], p
        prompt = rng.choice(prompts)
        if state.stage == "register":
            action = tap(state, prompt, physical[prompt.seat], kiosk_dealt[prompt.seat], rng)
        elif rng.random() < 0.1:
            action = rng.choice(prompt.actions)
        else:
            action = bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt)
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action
        if rng.random() < 0.25:  # comparing whole states is the dearest check: one step in four
            try_illegal(state, prompts, rng)
        active, registering = state.active, state.stage == "register"
        events = GAME.apply(state, prompt.seat, action)
        record.append((prompt.seat, action))
        log.extend(events)
        learn(seen, events)
        for event in events:
            assert event.audience is None or event.audience, f"{event.kind}: private with nobody to see it"
            if event.kind == "turn" and not registering:  # the first turn follows the recording
                check_turn(state, active, event.data["seat"], direction)
        assert all_cards(state) == ALL_CARDS or state.stage == "register"
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == [state.winner]
    check_end(state)
    replay(seats, seed, options, record, log, state)


def check_end(state) -> None:
    """One winner holding every card still in play (rules 8), or, when the play went round in circles
    (the same hands a third time: flow.stalemate), the one player holding the most cards."""
    if state.ended_by == "stalemate":
        others = [len(hand) for seat, hand in enumerate(state.hands) if seat != state.winner]
        assert state.stalled and all(len(state.hands[state.winner]) > size for size in others)
        return
    assert state.ended_by == "all_cards"
    assert all(not hand for seat, hand in enumerate(state.hands) if seat != state.winner)
    assert sorted(state.hands[state.winner] + state.removed) == ALL_CARDS


# Card ids only ever appear as whole JSON strings: one regular-expression scan of the bytes finds them.
QUOTED = re.compile(("\"(" + "|".join(ALL_CARDS) + ")\"").encode())


def cards_in(data: Any) -> set[str]:
    return {match.decode() for match in QUOTED.findall(orjson.dumps(data))}


def learn(seen: dict[int | None, set[str]], events) -> None:
    for event in events:
        cards = cards_in(event.data)
        for viewer in seen:
            if event.visible_to(viewer):
                seen[viewer] |= cards


def check_turn(state, previous: int, seat: int, direction: int) -> None:
    n = len(state.hands)
    expected = next((previous + direction * k) % n for k in range(1, n + 1) if not state.eliminated[(previous + direction * k) % n])
    assert seat == expected, f"the marker went from {previous} to {seat}, not {expected}"


def check(state, seen) -> None:
    if state.stage == "register":
        recorded = [c for hand in state.hands for c in hand]
        assert len(recorded) == len(set(recorded)) and set(recorded) | set(state.removed) <= set(ALL_CARDS)
    else:
        assert all_cards(state) == ALL_CARDS, "a card was lost or duplicated"
    for seat, out in enumerate(state.eliminated):
        assert not out or not state.hands[seat]
    for viewer in [None, *range(len(state.hands))]:
        view = GAME.view(state, viewer)
        # orjson is strict JSON: no integer keys, nothing quietly coerced.
        allowed = seen[None] | (seen[viewer] if viewer is not None else set())
        leaked = cards_in(view) - allowed
        assert not leaked, f"view of {viewer} shows cards it was never shown: {leaked}"
        if viewer is not None:
            assert sorted(view["you"]["hand"]) == sorted(state.hands[viewer])


def try_illegal(state, prompts, rng: random.Random) -> None:
    before = pickle.dumps(state)
    prompted = {p.seat for p in prompts}
    idle = [s for s in range(len(state.hands)) if s not in prompted]
    if idle and rng.random() < 0.3:
        seat, action = rng.choice(idle), rng.choice(prompts).actions[0]
    else:
        seat, action = rng.choice(prompts).seat, rng.choice(BOGUS)
        if any(action in p.actions for p in prompts if p.seat == seat):
            return
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, action)
    assert refused.value.text.render("es")  # every reason renders in Spanish too
    assert pickle.dumps(state) == before, "an illegal action changed the state"


def replay(seats, seed, options, record, log, finished) -> None:
    state = GAME.start(seats, seed, options)
    assert_replays_identically(GAME, state, list(GAME.opening(state)), record, log, finished, seats)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_every_invariant(chunk: int) -> None:
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        playout(seed, 2 + seed % 3)


def lean_playout(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    state = GAME.start(seats, seed, random_options(rng, seats))
    bots = [(MysteryCityBot if rng.random() < 0.5 else RandomBot)(seat, seed) for seat in range(seats)]
    for _step in range(MAX_STEPS):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        prompt = prompts[0]
        assert not state.eliminated[prompt.seat]
        GAME.apply(state, prompt.seat, bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt))
        if state.stage != "register":
            assert all_cards(state) == ALL_CARDS
    assert state.over, f"seed {seed}: no end after {MAX_STEPS} steps"
    check_end(state)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_lean_playouts_account_for_every_card_and_end(chunk: int) -> None:
    per_chunk = LEAN_GAMES // CHUNKS
    for seed in range(GAMES + chunk * per_chunk, GAMES + (chunk + 1) * per_chunk):
        lean_playout(seed, 2 + seed % 3)
