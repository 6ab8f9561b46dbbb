"""The seat's three buttons reach every choice (issue 31): P.I.'s turn beside its private notes, a
multi-select that lands on "Done", and browsing that the table never hears of.

Run with UPDATE_GOLDEN=1 to rewrite the reference images after a deliberate change (and review them).
"""

from __future__ import annotations

from functools import partial

import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.games import registry
from kiosk.games.base import Action, Event
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.lookahead import foresee
from kiosk.seats.pages import seat_pages
from kiosk.seats.screen import render
from tests.menu_support import presses_to
from tests.seats.test_seat_screens import check
from tests.table_support import table_referee

PI = registry.get("pi")
ME = registry.get("mystery-express")


def pi_round_two(lang: str) -> tuple[object, SeatController]:
    """A P.I. game where the active seat may act and note its markers, its controller at a
    touchscreen table as the referee sets it up."""
    state = PI.start(3, 4)
    bots = [RandomBot(s, 4) for s in range(3)]
    while True:
        prompts = PI.prompts(state)
        mine = [p for p in prompts if p.seat == prompts[0].seat]
        if [p.kind for p in mine] == ["turn", "notes"]:
            break
        PI.apply(state, mine[0].seat, bots[mine[0].seat].choose(PI.view(state, mine[0].seat), mine[0]))
    seat = mine[0].seat
    pages = seat_pages("pi", narrator_for("pi", PI.view(state, None)), lang)
    controller = SeatController(seat, pages, touchscreen=True, preview=partial(foresee, PI, state, seat))
    controller.update(PI.view(state, seat), mine[0], None, (mine[1],))
    return state, controller


@pytest.mark.parametrize("lang", ["en", "es"])
def test_pi_turn_and_notes_are_both_on_the_buttons(lang):
    state, seat = pi_round_two(lang)
    menu = seat.menu()
    groups = [entry.action.kind if entry.action else entry.item.label for entry in menu.entries]
    assert groups[-1] == menu.entries[-1].title and menu.entries[-1].is_group  # the notes, last
    turn = {a.kind for a in menu.leaves()}
    assert {"investigate", "evidence", "solve", "note"} <= turn
    # A marker waits for its note: the first choice points to the notes, one press back (the menu wraps).
    assert seat.screen().footer == {"en": "◀ Note a marker", "es": "◀ Anotar marcador"}[lang]
    seat.press("previous")
    assert seat.menu().entries[seat.index] == menu.entries[-1]
    seat.press("next")
    seat.press("next")  # the other choices still say they can be tapped on the board
    assert seat.screen().footer == {"en": "● or tap the board", "es": "● o toca el tablero"}[lang]
    seat.press("previous")
    check(f"pi_turn_touch_{lang}", render(seat.screen()))
    (notes,) = seat.also
    note = notes.actions[0]
    for button, long in presses_to(seat, note):
        assert seat.press(button, long) is None or seat.chosen == (note,)
    assert seat.chosen == (note,)
    PI.apply(state, seat.seat, note)
    seat.update(PI.view(state, seat.seat), PI.prompts(state)[0], None, tuple(PI.prompts(state)[1:]))
    screen = seat.screen()
    assert screen.items[screen.index].label == {"en": "Done", "es": "Listo"}[lang]
    check(f"pi_notes_done_{lang}", render(screen))
    seat.press("select")  # Done: back on the notes' group, at the top of the turn
    assert seat.path == () and seat.menu().entries[seat.index].is_group


def test_a_pi_solution_attempt_is_walked_on_the_seat_and_sent_whole():
    state, seat = pi_round_two("en")
    for button, long in presses_to(seat, Action("solve")):
        seat.press(button, long)
    assert seat.chosen == () and seat.deciding().kind == "solve_suspect" and state.stage == "turn"
    seat.press("select", long=True)  # changed one's mind: back on "Solve the case", nothing sent
    assert not seat.steps and seat.menu().entries[seat.index].action == Action("solve")
    walked = [Action("solve")]
    for _ in range(3):
        for button, long in presses_to(seat, walked[-1]):
            seat.press(button, long)
        deciding = seat.deciding()
        if deciding is None or deciding.kind == "turn":
            break
        walked.append(next(a for a in deciding.actions if a.kind == "accuse"))
    for button, long in presses_to(seat, walked[-1]):
        seat.press(button, long)
    assert seat.chosen == tuple(walked) and len(walked) == 4  # solve, then suspect, crime, location


def dining_guests(lang: str) -> tuple[object, SeatController]:
    """A Mystery Express turn whose seat can invite guests, walked to the guests on its buttons."""
    state = ME.start(4, 3)
    bots = [RandomBot(s, 3) for s in range(4)]
    while not (ME.prompts(state)[0].kind == "turn" and Action("dining") in ME.prompts(state)[0].actions):
        prompt = ME.prompts(state)[0]
        ME.apply(state, prompt.seat, bots[prompt.seat].choose(ME.view(state, prompt.seat), prompt))
    (prompt,) = ME.prompts(state)
    pages = seat_pages("mystery-express", narrator_for("mystery-express", ME.view(state, None)), lang)
    seat = SeatController(prompt.seat, pages, preview=partial(foresee, ME, state, prompt.seat))
    seat.update(ME.view(state, prompt.seat), prompt)
    for step in (Action("dining"), None):
        action = step or next(a for a in seat.deciding().actions if a.kind == "category")
        for button, long in presses_to(seat, action):
            seat.press(button, long)
    assert seat.deciding().kind == "dining_guests" and seat.chosen == ()
    return state, seat


@pytest.mark.parametrize("lang", ["en", "es"])
def test_after_each_guest_the_cursor_is_on_done(lang):
    state, seat = dining_guests(lang)
    guests = [a for a in seat.deciding().actions if a.kind == "guest"]
    for guest in guests:
        for button, long in presses_to(seat, guest):
            seat.press(button, long)
        screen = seat.screen()
        assert screen.items[screen.index].label == {"en": "Done", "es": "Listo"}[lang]
        assert screen.footer == {"en": "● to finish", "es": "● para terminar"}[lang]
    check(f"me_guests_done_{lang}", render(seat.screen()))
    assert seat.press("select") == Action("confirm")
    assert seat.chosen == (Action("dining"), seat.steps[1].action, *guests, Action("confirm"))


def test_select_select_select_invites_and_finishes():
    """The report: select on a guest, select again... never left the screen. Now the second select
    finishes."""
    state, seat = dining_guests("en")
    assert seat.press("select") is None  # the first guest invited; the cursor on Done
    assert seat.press("select") == Action("confirm")


def test_browsing_a_car_and_backing_out_writes_nothing(mock_table, tmp_path):
    store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 3, bots=(), touchscreen=True)
    heard: list[Event] = []
    referee.on_events = heard.extend
    bots = [RandomBot(s, 3) for s in range(4)]
    while not (ME.prompts(session.state)[0].kind == "turn" and Action("dining") in ME.prompts(session.state)[0].actions):
        prompt = ME.prompts(session.state)[0]
        referee.submit(prompt.seat, bots[prompt.seat].choose(ME.view(session.state, prompt.seat), prompt))
    seat = ME.prompts(session.state)[0].seat
    controller = referee.controllers[seat]
    stored, told = len(store.actions(session.record.id)), len(heard)
    for n in range(8):  # into the Dining Car and out again, by a long press or by "Back"
        for button, long in presses_to(controller, Action("dining")):
            referee.press(seat, button, long)
        assert controller.deciding().kind == "dining_category"
        if n % 2:
            referee.press(seat, "select", long=True)
        else:
            for button, long in presses_to(controller, Action("back")):
                referee.press(seat, button, long)
        assert not controller.steps
    assert len(store.actions(session.record.id)) == stored and len(heard) == told
    assert session.state.stage == "turn"
    store.close()
