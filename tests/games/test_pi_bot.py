"""The deducing P.I. bot: it never rules out the true case, and it solves its cases."""

from __future__ import annotations

import copy

import pytest

from kiosk.bots.pi_bot import DeducingBot
from kiosk.bots.random_bot import RandomBot
from kiosk.games.pi.rules import KINDS
from kiosk.referee.headless import play
from pi_support import GAME


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_true_case_always_survives_the_bots_deductions(seats):
    """Checked at every decision of every bot of a whole game (the test knows the cases)."""
    state = GAME.start(seats, 40 + seats)
    bots = [DeducingBot(seat, seats) for seat in range(seats)]
    decisions = 0
    while prompts := GAME.prompts(state):
        prompt = prompts[0]
        view = GAME.view(state, prompt.seat)
        if prompt.kind == "turn":
            truth = tuple(state.cases[prompt.seat][kind] for kind in KINDS)
            assert truth in bots[prompt.seat].candidates(view)
            decisions += 1
        GAME.apply(state, prompt.seat, bots[prompt.seat].choose(view, prompt))
    assert decisions > 10 * seats
    assert sum(p.penalties for p in state.players) <= seats, "the bots guessed wildly"


def test_the_bot_solves_its_cases_and_wins_against_random_bots():
    solved = wins = 0
    games = 8
    for seed in range(games):
        seats = 3 + seed % 3
        state = GAME.start(seats, seed)
        bots = [DeducingBot(0, seed), *(RandomBot(seat, seed) for seat in range(1, seats))]
        for step in play(GAME, state, bots):
            solved += sum(1 for e in step.events if e.kind == "solved" and e.data["seat"] == 0)
        wins += 0 in GAME.outcome(state).winners
    assert solved >= 0.9 * 3 * games and wins >= 0.9 * games


def test_a_bot_in_the_middle_of_an_attempt_names_the_tiles_it_planned():
    state = GAME.start(2, 3)
    bot = DeducingBot(state.active, 3)
    seat = state.active
    # Once the bot has decided to solve, it names its planned case tile by tile.
    bot.plan = tuple(state.cases[seat][kind] for kind in KINDS)
    GAME.apply(state, seat, GAME.prompts(state)[0].actions[-1])  # "solve"
    for _ in KINDS:
        prompt = GAME.prompts(state)[0]
        GAME.apply(state, seat, bot.choose(GAME.view(state, seat), prompt))
    assert state.players[seat].solved_round == 1


def test_the_hint_option_shows_what_is_still_possible_and_nothing_more():
    state = GAME.start(3, 9, {"hint": True})
    bots = [DeducingBot(seat, 9) for seat in range(3)]
    at_deal = GAME.view(state, 0)["you"]["hint"]
    assert at_deal["count"] == 11 * 9 * 13  # the three elements the seat holds are somebody else's
    twin = copy.deepcopy(state)
    twin.cases[0], twin.cases[2] = state.cases[2], state.cases[0]  # seat 0 holds seat 1's case: unchanged
    assert GAME.view(twin, 0) == GAME.view(state, 0), "the hint must not depend on the seat's own case"
    for _ in range(12):
        prompt = GAME.prompts(state)[0]
        view = GAME.view(state, prompt.seat)
        hint = view["you"]["hint"]
        cases = bots[prompt.seat].candidates(view)
        assert hint["count"] == len(cases)
        for i, kind in enumerate(KINDS):
            assert set(hint[kind]) == {c[i] for c in cases}
            assert state.cases[prompt.seat][kind] in hint[kind]
        GAME.apply(state, prompt.seat, bots[prompt.seat].choose(view, prompt))
    assert "hint" not in GAME.view(GAME.start(3, 9), 0)["you"], "off by default"
