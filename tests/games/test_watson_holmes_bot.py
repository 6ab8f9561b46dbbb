"""The Watson & Holmes bot that investigates: legal, thrifty, mostly solves, blind to what it may not see.

Seeded playouts of both bundled cases at 2-7 seats (kiosk and physical mode) check every choice is
one of the prompt's actions and that no round-1 bid is the whole purse. Tables of three bots on the
tutorial and on the full case end with a winner in most games (random bots: hardly ever).
Leaks: at every decision the bot chooses the same when the other seats' hidden characters and the
case's answer key (which no seat's view holds) are changed. A copy of a bot mid-game chooses as the
original, and a fresh bot fed the same events replays a stored game (how a session resumes).
"""

from __future__ import annotations

import copy
import dataclasses
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from kiosk.bots import Bot
from kiosk.bots.random_bot import RandomBot
from kiosk.bots.table_bots import table_bot
from kiosk.bots.watson_holmes_bot import WatsonHolmesBot
from kiosk.games.base import Action
from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.referee.headless import play
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from watson_holmes_support import FULL, GAME, TUTORIAL

MAX_STEPS = 20000
# Measured with bench/wh_bots.py (3 bots, seeds 0-19): the tutorial 20/20 with a winner, the full
# case 16/20; random bots 2/20 and 0/20.
TUTORIAL_WINS = 16
FULL_WINS = 12


def bots_for(seats: int, seed: int) -> list[Bot]:
    return [WatsonHolmesBot(seat, seed) for seat in range(seats)]


def run(case: str, seats: int, seed: int, bots: list[Bot] | None = None, **options: Any) -> tuple[Any, list[tuple[int, Action]]]:
    """A whole game of bots; every choice must be one of its prompt's actions."""
    state = GAME.start(seats, seed, {"case": case, **options})
    bots = bots or bots_for(seats, seed)
    record: list[tuple[int, Action]] = []
    for _ in range(MAX_STEPS):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        prompt = min(prompts, key=lambda p: p.seat)
        round_ = state.round
        purse = state.players[prompt.seat].carriages
        action = bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt)
        assert action in prompt.actions, (prompt.kind, action)
        if action.kind == "bid" and round_ == 1:
            assert action.args[0] < purse, f"round 1: bid {action.args[0]} of {purse} carriages"
        events = GAME.apply(state, prompt.seat, action)
        record.append((prompt.seat, action))
        for bot in bots:
            bot.observe([e for e in events if e.visible_to(bot.seat)])
    else:
        pytest.fail("the game did not end")
    return state, record


@pytest.mark.parametrize("seats", range(2, 8))
@pytest.mark.parametrize("case", [TUTORIAL, FULL])
def test_bots_choose_only_legal_actions_and_finish(case: str, seats: int) -> None:
    for seed in range(3):
        state, _ = run(case, seats, seed, physical=seed == 2, play_on=seed == 1)
        assert state.over


def test_round_one_bids_stay_far_from_the_whole_purse() -> None:
    bids = []
    for seed in range(10):
        state = GAME.start(4, seed, {"case": FULL})
        bots = bots_for(4, seed)
        for step in play(GAME, state, bots):
            if state.round > 1:
                break
            if step.action.kind == "bid":
                bids.append(step.action.args[0])
    assert bids and max(bids) <= 3, bids


def winners(case: str, make: Any, games: int = 20) -> int:
    won = 0
    for seed in range(games):
        state = GAME.start(3, seed, {"case": case})
        for _ in play(GAME, state, [make(seat, seed) for seat in range(3)]):
            pass
        outcome = GAME.outcome(state)
        assert outcome is not None
        won += bool(outcome.winners)
    return won


def test_most_tutorial_tables_of_bots_end_with_a_winner() -> None:
    assert winners(TUTORIAL, WatsonHolmesBot) >= TUTORIAL_WINS


def test_most_full_case_tables_of_bots_end_with_a_winner_unlike_random_ones() -> None:
    investigators, randoms = winners(FULL, WatsonHolmesBot), winners(FULL, RandomBot)
    assert investigators >= FULL_WINS and investigators > randoms


def _blindfolded_game(case_id: str) -> WatsonHolmes:
    """The same cases with every answer key and evidence list turned to other choices."""
    cases = dict(GAME.cases)
    case = cases[case_id]
    questions = []
    for q in case.questions:
        options = [o for o in q.options() if o not in q.accepted] if q.choices else []
        accepted = (options[-1],) if options else q.accepted
        questions.append(dataclasses.replace(q, accepted=accepted, evidence=()))
    cases[case_id] = dataclasses.replace(case, questions=tuple(questions))
    return WatsonHolmes(cases, GAME.characters)


@pytest.mark.parametrize("case", [TUTORIAL, FULL])
def test_choices_ignore_other_seats_secrets_and_the_answer_key(case: str) -> None:
    seats, seed = 4, 3
    other = _blindfolded_game(case)
    state = GAME.start(seats, seed, {"case": case})
    bots = bots_for(seats, seed)
    compared = 0
    for _ in range(MAX_STEPS):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        prompt = min(prompts, key=lambda p: p.seat)
        bot = bots[prompt.seat]
        if "accepted" not in prompt.data:  # comparing with the answer card legitimately shows the key
            twin = copy.deepcopy(state)
            for seat, p in enumerate(twin.players):
                if seat != prompt.seat and p.character_state == "hidden":
                    p.character = "mycroft" if p.character != "mycroft" else "billy"
            view, twin_view = GAME.view(state, prompt.seat), other.view(twin, prompt.seat)
            if not twin.players[prompt.seat].eliminated:
                assert view == twin_view  # nothing of it is in the seat's view...
            twin_prompt = next(p for p in other.prompts(twin) if p.seat == prompt.seat and p.kind == prompt.kind)
            # ...and the bot, whatever it remembers, chooses alike
            assert copy.deepcopy(bot).choose(twin_view, twin_prompt) == copy.deepcopy(bot).choose(view, prompt)
            compared += 1
        action = bot.choose(GAME.view(state, prompt.seat), prompt)
        events = GAME.apply(state, prompt.seat, action)
        for each in bots:
            each.observe([e for e in events if e.visible_to(each.seat)])
    assert compared > 50


def test_a_copy_mid_game_chooses_as_the_original() -> None:
    state = GAME.start(3, 5, {"case": FULL})
    bots = bots_for(3, 5)
    steps = play(GAME, state, bots)
    for _ in range(60):
        next(steps)
    prompt = min(GAME.prompts(state), key=lambda p: p.seat)
    bot = bots[prompt.seat]
    twin = copy.deepcopy(bot)
    view = GAME.view(state, prompt.seat)
    assert twin.choose(view, prompt) == bot.choose(view, prompt)


@pytest.mark.parametrize("case, stop_after", [(TUTORIAL, 30), (FULL, 80)])
def test_a_stored_game_resumes_with_fresh_table_bots(tmp_path: Path, case: str, stop_after: int) -> None:
    """kiosk.referee.session replays the stored actions and checks each bot chooses them again."""
    seats, seed = 3, 11
    store = GameStore.open(tmp_path)
    cut = GameSession.start(store, "watson-holmes", seats, seed, {"case": case}, bots=list(range(seats)))
    bots = [table_bot("watson-holmes", seat, seed) for seat in range(seats)]
    assert all(isinstance(b, WatsonHolmesBot) for b in bots)
    for _step in islice(play(cut.game, cut.state, bots, apply=cut.apply), stop_after):
        pass
    store.close()  # the power goes off
    again = GameStore.open(tmp_path)
    record = again.unfinished()
    assert record is not None
    fresh = [table_bot("watson-holmes", seat, seed) for seat in range(seats)]
    resumed = GameSession.resume(again, record, dict(enumerate(fresh)))  # raises ReplayMismatch otherwise
    assert resumed.actions_done == stop_after
    list(play(resumed.game, resumed.state, fresh, apply=resumed.apply))
    whole = GAME.start(seats, seed, {"case": case})
    list(play(GAME, whole, [table_bot("watson-holmes", seat, seed) for seat in range(seats)]))
    assert resumed.game.view(resumed.state, None) == GAME.view(whole, None)
    again.close()


def test_bots_police_the_cards_that_name_something() -> None:
    """After reading a card that names a candidate answer or a thing asked about, a bot holding a
    police token keeps the others out of it (rules 7.4); a card that names nothing stays free."""
    placed = 0
    for seed in range(6):
        bots = bots_for(4, seed)
        state = GAME.start(4, seed, {"case": FULL})
        for step in play(GAME, state, bots):
            if step.action == Action("done", ("police",)):
                bot = bots[step.seat]
                view = GAME.view(state, step.seat)
                card = next(c for c in view["case"]["cards"] if c["id"] == state.police_on[-1])
                assert bot._names_something(view, card), f"police on {card['id']}, which names nothing"
                placed += 1
    assert placed >= 3, f"{placed} police tokens placed in 6 games"
