"""Issue 22: a seat that turns to "Your move" keeps its idle body on the panel and changes only its
title bar and the bottom lines (what is asked), inverted by the controller: when several seats are
awaited at once, each costs the bus a fraction of a frame."""

from __future__ import annotations

import pytest

from hardware.display import changed_spans
from hardware.framebuffer import image_to_framebuffer
from kiosk.referee.awaited import doing
from kiosk.games import registry
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.pages import seat_pages
from kiosk.seats.screen import panel_picture

BODY_PAGES = {2, 3, 4}  # rows 16-39: the counts, or the idle item's label


def awaited_moment(game_id: str, kind: str):
    game = registry.get(game_id)
    state = game.start(4, 3, {})
    for _ in range(500):
        prompts = game.prompts(state)
        match = [p for p in prompts if p.kind == kind]
        if match:
            return game, state, match[0]
        prompt = prompts[0]
        game.apply(state, prompt.seat, prompt.actions[0])
    raise AssertionError(f"no {kind} prompt in {game_id}")


@pytest.mark.parametrize("game_id,kind", [("mystery-express", "character"), ("watson-holmes", "bid"),
                                          ("pi", "turn"), ("mystery-city", "attack")])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_your_move_changes_the_title_and_the_bottom_lines_only(game_id, kind, lang):
    game, state, prompt = awaited_moment(game_id, kind)
    public = game.view(state, None)
    narrator = narrator_for(game_id, public)
    controller = SeatController(prompt.seat, seat_pages(game_id, narrator, lang))
    view = game.view(state, prompt.seat)
    controller.update(view, None)
    idle, _ = panel_picture(controller.screen())
    controller.update(view, prompt, doing(game_id, prompt.kind, public, narrator))
    screen = controller.screen()
    your_move, inverted = panel_picture(screen)
    assert inverted and screen.notice
    changed = {window.first_page for window in changed_spans(image_to_framebuffer(idle), image_to_framebuffer(your_move))}
    assert changed and not changed & BODY_PAGES, f"pages {sorted(changed)} changed"
    assert changed <= {0, 1, 5, 6, 7}
