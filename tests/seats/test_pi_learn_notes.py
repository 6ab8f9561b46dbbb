"""P.I. with Learn as you play: the private notes ride on the turn's menu as its last group (a trial's
newcomer read "◀ Note a marker" under the first choice, pressed ◀ and landed on "?"; and opening the
notes never explained them, as the notes prompt is never the one the seat decides first)."""

from __future__ import annotations

from kiosk.seats.controller import SeatController
from kiosk.seats.learn import Learning
from tests.seats.test_pi_pages import first, pages_at


def at_a_turn_with_notes() -> SeatController:
    moment = first(lambda m: any(p.kind == "notes" for p in m.prompts) and any(p.kind == "turn" for p in m.prompts))
    turn = next(p for p in moment.prompts if p.kind == "turn")
    notes = tuple(p for p in moment.prompts if p.kind == "notes" and p.seat == turn.seat)
    assert notes
    controller = SeatController(turn.seat, pages_at(moment, turn.seat), learn=Learning("pi"))
    controller.update(moment.views[turn.seat], turn, also=notes)
    controller.press("select")  # "Your move": into the choices, on the turn's explanation first
    while controller.mode == "learn":
        controller.press("select")
    return controller


def test_the_notes_stay_one_press_back_from_the_first_choice_with_learn_on():
    controller = at_a_turn_with_notes()
    first_choice = controller.screen()
    assert first_choice.footer == "◀ Note a marker"  # the promise under the first choice
    controller.press("prev")
    assert controller.screen().items[controller.screen().index].label == "Note a marker"
    assert any(item.label == "?" for item in controller.screen().items)  # "?" still offered


def test_opening_the_notes_the_first_time_explains_them_then_goes_into_them():
    controller = at_a_turn_with_notes()
    controller.press("prev")
    controller.press("select")  # "Note a marker"
    assert controller.mode == "learn" and controller.explaining == "notes"
    pages = []
    while controller.mode == "learn":
        screen = controller.screen()
        pages.append(screen.items[screen.index].label)
        controller.press("select")
    assert pages[0].startswith("Disc:") and len(pages) == 3
    assert controller.mode == "prompt" and controller.path != () and controller.screen().title == "Note a marker"
    controller.press("select", long=True)  # back out, and open the notes again: no explanation twice
    controller.press("select")
    assert controller.mode == "prompt" and controller.screen().title == "Note a marker"
