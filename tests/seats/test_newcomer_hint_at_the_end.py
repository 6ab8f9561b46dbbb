"""Learn as you play: a waiting seat's idle screen says what ● shows there until the seat first walks its
pages, on the line above its status. Once the game is over that line is the seat's end ("Final scores" in
P.I.): a seat that never pressed ● must read it there, not the hint (a trial's two idle seats did not)."""

from __future__ import annotations

import random

import pytest

from kiosk.games.pi.game import PI
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.learn import Learning
from kiosk.seats.pi import PAGES_HINT, make_pages
from kiosk.seats.screen import writing


def finished_game(seed: int = 3):
    game = PI()
    state = game.start(3, seed, {})
    rng = random.Random(seed)
    while prompts := game.prompts(state):
        prompt = prompts[0]
        actions = [a for a in prompt.actions if a.kind != "back"] or list(prompt.actions)
        game.apply(state, prompt.seat, rng.choice(actions))
    return game, state


@pytest.mark.parametrize("lang, end", [("en", "Final scores"), ("es", "Puntuación final")])
def test_a_seat_that_never_walked_its_pages_reads_the_end_not_the_hint(lang, end):
    game, state = finished_game()
    narrator = narrator_for("pi", game.view(state, None))
    controller = SeatController(1, make_pages(narrator, lang), learn=Learning("pi"))
    controller.update(game.view(state, 1), None)
    shown = " ".join(line for _, lines in writing(controller.screen()) for line in lines)
    assert end in shown
    assert "●" not in shown
