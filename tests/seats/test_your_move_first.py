"""Issue 15 item 2: a seat that becomes awaited first reads, inverted, "Your move" and what is asked
in the status line's words; one press (any button) opens the choices and chooses nothing; the next
prompt of the same turn opens on its choices directly."""

from __future__ import annotations

import pytest

from kiosk.referee.awaited import doing
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.mystery_express import MysteryExpressPages
from kiosk.seats.screen import render
from tests.seats.test_seat_screens import check, play_until

GAME = MysteryExpress()


def awaited_at_a_dining_show():
    state = GAME.start(4, 11, {"characters": "random"})
    play_until(state, lambda s, ev: any(p.kind == "dining_show" for p in GAME.prompts(s)))
    (prompt,) = [p for p in GAME.prompts(state) if p.kind == "dining_show"][:1]
    return state, prompt


def controller_for(state, seat: int, lang: str) -> SeatController:
    public = GAME.view(state, None)
    return SeatController(seat, MysteryExpressPages(narrator=narrator_for("mystery-express", public), lang=lang))


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("button", ["select", "next", "prev"])
def test_a_dining_show_opens_on_your_move_and_a_press_only_opens_the_choices(lang, button):
    state, prompt = awaited_at_a_dining_show()
    public = GAME.view(state, None)
    asked = doing("mystery-express", prompt.kind, public, narrator_for("mystery-express", public))
    controller = controller_for(state, prompt.seat, lang)
    controller.update(GAME.view(state, prompt.seat), None)
    controller.update(GAME.view(state, prompt.seat), prompt, asked)
    screen = controller.screen()
    words = asked.render(lang)
    assert screen.inverted and screen.title == {"en": "Your move", "es": "Tu jugada"}[lang]
    assert screen.notice == words[:1].upper() + words[1:]
    assert controller.ui.narrator.seat(public["active"]).render(lang) in screen.notice
    check(f"your_move_dining_show_{lang}", render(screen))
    assert controller.press(button) is None  # only opens the choices
    assert (controller.mode, controller.path, controller.index) == ("prompt", (), 0)
    menu = controller.ui.menu(prompt, controller.view)
    assert controller.screen() == menu.screen((), 0) and not controller.screen().inverted


def test_the_next_prompt_of_the_same_turn_opens_on_its_choices():
    state, prompt = awaited_at_a_dining_show()
    public = GAME.view(state, None)
    asked = doing("mystery-express", prompt.kind, public, narrator_for("mystery-express", public))
    controller = controller_for(state, prompt.seat, "en")
    controller.update(GAME.view(state, prompt.seat), prompt, asked)
    assert controller.mode == "idle"
    controller.press("next")  # the choices opened: the turn goes on from them
    later = type(prompt)(prompt.seat, "dining_show", prompt.actions[:1], prompt.private)
    controller.update(GAME.view(state, prompt.seat), later, asked)  # already awaited: no "Your move" again
    assert controller.mode == "prompt"


def test_a_prompt_changed_under_your_move_stays_on_your_move():
    """A seat still on "Your move" (it has not opened its choices) whose prompt changes by another
    seat's move is not dropped into the menu: a trial's newcomer read that as the menu reopening."""
    state, prompt = awaited_at_a_dining_show()
    public = GAME.view(state, None)
    asked = doing("mystery-express", prompt.kind, public, narrator_for("mystery-express", public))
    controller = controller_for(state, prompt.seat, "en")
    controller.update(GAME.view(state, prompt.seat), prompt, asked)
    later = type(prompt)(prompt.seat, "dining_show", prompt.actions[:1], prompt.private)
    controller.update(GAME.view(state, prompt.seat), later, asked)
    assert controller.mode == "idle" and controller.screen().title == "Your move"
    controller.press("prev")
    assert controller.mode == "prompt" and controller.screen() == controller.ui.menu(later, controller.view).screen((), 0)
