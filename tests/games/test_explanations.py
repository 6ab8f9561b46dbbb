"""Learn-as-you-play texts of all four games: every prompt kind that seeded bot games reach has an
explanation, and every text passes `kiosk.commands.explain_check` (fits a seat page and the board banner
in both languages, is translated, names nothing from the game's data, holds no placeholder)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.games import registry
from kiosk.games.base import Game
from kiosk.commands.explain_check import data_names, problems
from kiosk.games.explanations import GAME_IDS, prompt_explanation
from kiosk.games.watson_holmes.holmes import HOLMES_KINDS
from kiosk.games.watson_holmes.library import bundled_cases
from watson_holmes_support import free_text_thornbury, game_with

GAMES_PER_SEAT_COUNT = 4
MAX_STEPS = 20000
# Actions a random player almost never meets when they are possible (Holmes needs someone to have
# failed at 221B first): taken half the time they are offered, so their prompts are reached too.
EAGER = HOLMES_KINDS


def random_options(game_id: str, seats: int, rng: random.Random) -> dict[str, Any]:
    """Every option with a choice drawn at random (a bool either way); free values keep their default."""
    options: dict[str, Any] = {}
    for spec in registry.get(game_id).info.options:
        allowed = spec.allowed(seats)
        if spec.name == "round_limit" and allowed:  # P.I.: 0 = no limit, and random bots may never solve
            allowed = tuple(value for value in allowed if value)
        if allowed:
            options[spec.name] = rng.choice(allowed)
        elif isinstance(spec.default, bool):
            options[spec.name] = rng.random() < 0.5
    return options


@cache
def reached(game_id: str) -> tuple[frozenset[str], frozenset[str]]:
    """The prompt kinds and public event kinds that seeded random-bot games reach, over every seat
    count and random options (and, for Watson & Holmes, every case a seat count may play, and a case
    asking for free text as a maker's case may: only a free-text answer is judged by a failed player)."""
    prompts: set[str] = set()
    moments: set[str] = set()
    play(registry.get(game_id), GAMES_PER_SEAT_COUNT, prompts, moments)
    if game_id == "watson-holmes":
        play(game_with(free_text_thornbury()), GAMES_PER_SEAT_COUNT, prompts, moments)
    return frozenset(prompts), frozenset(moments)


def play(game: Game[Any], games: int, prompts: set[str], moments: set[str]) -> None:
    """Seeded games of `game`, `games` per seat count and case, adding what they reach to the sets."""
    info = game.info
    for seats in range(info.min_seats, info.max_seats + 1):
        case_option = next((spec for spec in info.options if spec.name == "case"), None)
        cases = list(case_option.allowed(seats) or ()) if case_option else [None]
        for n in range(games * len(cases)):
            seed = 1000 * seats + n
            rng = random.Random(seed)
            options = random_options(info.id, seats, rng)
            if cases[0] is not None:
                options["case"] = cases[n % len(cases)]
            state = game.start(seats, seed, options)
            bots = [RandomBot(seat, seed) for seat in range(seats)]
            for _ in range(MAX_STEPS):
                found = game.prompts(state)
                if not found:
                    break
                prompts.update(p.kind for p in found)
                prompt = rng.choice(found)
                eager = [a for a in prompt.actions if a.kind in EAGER]
                if eager and rng.random() < 0.5:
                    action = rng.choice(eager)
                else:
                    action = bots[prompt.seat].choose(game.view(state, prompt.seat), prompt)
                moments.update(e.kind for e in game.apply(state, prompt.seat, action) if e.audience is None)
            else:
                raise AssertionError(f"{info.id} seed {seed}: no end in {MAX_STEPS} steps")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_prompt_kind_reached_has_an_explanation(game_id):
    kinds, _ = reached(game_id)
    assert kinds
    missing = sorted(kind for kind in kinds if prompt_explanation(game_id, kind) is None)
    assert not missing, f"{game_id}: prompt kinds reached without an explanation: {missing}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_explanation_fits_is_translated_and_names_nothing(game_id):
    found = problems(game_id)
    assert not found, "\n".join(found)


def test_the_data_names_include_the_bundled_cases_and_the_characters():
    """Guards the leak check itself: it must know the names it looks for."""
    names = data_names("watson-holmes")
    case = bundled_cases()["thornbury-clock"]
    assert case.title["en"] in names and case.title["es"] in names
    assert "Mrs Hudson" in names
    assert all(card.name["en"] in names for card in case.cards if card.id not in (case.baker_street_id, case.stop_id))
    assert "Carriage Stop" not in names
