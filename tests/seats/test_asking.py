"""What the phone says above a prompt asked by another player ("Doctor Strauss asks for a Motive"):
said for every such prompt, and built from public facts only (whose turn it is, the category or
attribute named aloud), never from the seat's hand or the prompt's choices. Whole seeded games of
Mystery Express and Mystery City, every prompt of every step."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kiosk.games.base import Prompt
from kiosk.games.mystery_city.game import MysteryCity
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.referee.narration import narrator_for
from kiosk.seats import mystery_express
from kiosk.seats.pages import seat_pages

STEPS = 900


def public_only(game: Any, state: Any, seat: int) -> dict[str, Any]:
    """The public view, with nothing of the seat but its number."""
    view: dict[str, Any] = game.view(state, None)
    return {**view, "you": {"seat": seat}}


def asking(game_id: str, pages: Any, prompt: Prompt, view: dict[str, Any]) -> str:
    """The line alone, as the game's seat pages build it for their menu."""
    if game_id == "mystery-express":
        return mystery_express.asking(prompt, view, pages.narrator, pages.lang)
    line: str = pages.asking(prompt, view)
    return line


def askings(game: Any, game_id: str, seats: int, seed: int, options: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(prompt kind, the line from the seat's own view and prompt, the line from public facts only),
    for every prompt of every step of a random game."""
    state = game.start(seats, seed, options)
    rng = random.Random(seed)
    found = []
    for _ in range(STEPS):
        prompts = game.prompts(state)
        if not prompts or game.view(state, None).get("over"):
            break
        pages = seat_pages(game_id, narrator_for(game_id, game.view(state, None)), "en")
        for prompt in prompts:
            own = pages.menu(prompt, game.view(state, prompt.seat)).asking
            bare = Prompt(prompt.seat, prompt.kind, prompt.actions[:1], prompt.private)  # its kind, nothing more
            public = asking(game_id, pages, bare, public_only(game, state, prompt.seat))
            found.append((prompt.kind, own, public))
        prompt = rng.choice(prompts)
        game.apply(state, prompt.seat, rng.choice(prompt.actions))
    return found


@pytest.mark.parametrize("seed", [3, 11])
def test_mystery_express_says_who_asks_for_what_from_public_facts_only(seed):
    found = askings(MysteryExpress(), "mystery-express", 4, seed, {"characters": "random"})
    asked = [(kind, own) for kind, own, public in found if own]
    assert {kind for kind, _ in asked} >= {"dining_show", "lounge_show"}, {kind for kind, _, _ in found}
    for kind, own, public in found:
        assert own == public, f"{kind}: {own!r} needs more than public facts ({public!r})"
    # The words name the asker and the category, as a person says it.
    assert any(own.endswith((" asks for a Motive", " asks for a Suspect", " asks for a Location",
                             " asks for a Modus operandi", " asks for a Time card")) for _, own in asked)


@pytest.mark.parametrize("seed", [2, 5])
def test_mystery_city_says_who_challenges_in_what_from_public_facts_only(seed):
    found = askings(MysteryCity(), "mystery-city", 3, seed, {})
    asked = [own for kind, own, _ in found if own]
    assert any(" challenges you in " in line for line in asked)
    for kind, own, public in found:
        assert own == public, f"{kind}: {own!r} needs more than public facts ({public!r})"
