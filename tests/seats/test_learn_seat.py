"""Learn as you play on a seat: a kind of decision explained once per seat, then a "?" entry.

The explanations are a test-only table (the game's PROMPTS monkeypatched), so these tests do not
depend on the texts being written.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from kiosk.games import explanations
from kiosk.games.base import Prompt
from kiosk.games.explanations import Explanation
from kiosk.games.mystery_express import explain
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.learn import Learning
from kiosk.seats.mystery_express import MysteryExpressPages
from kiosk.seats.screen import render

GAME = MysteryExpress()
TEST_PROMPTS = {"start_car": Explanation("Pick the car where you start.", "Each car is a place on the train.",
                                         "Nobody sees your hand.")}


@pytest.fixture
def table(monkeypatch):
    monkeypatch.setattr(explain, "PROMPTS", TEST_PROMPTS)
    explanations._tables.cache_clear()
    yield
    explanations._tables.cache_clear()


def controllers(learning: Learning | None):
    state = GAME.start(4, 11, {"characters": "random"})
    narrator = narrator_for("mystery-express", GAME.view(state, None))
    made = {seat: SeatController(seat, MysteryExpressPages(narrator, "en"), learn=learning) for seat in range(4)}
    prompts = {p.seat: p for p in GAME.prompts(state)}
    for seat, controller in made.items():
        controller.update(GAME.view(state, seat), prompts.get(seat))
    return state, made, prompts


def read_through(controller: SeatController) -> int:
    """Press ● through an explanation, as a newcomer reads on, until the choices open; the presses."""
    presses = 0
    while controller.mode == "learn":
        assert controller.press("select") is None  # reading on chooses nothing
        presses += 1
    return presses


def test_learn_on_adds_only_the_question_mark_entry(table):
    """Learn off is the seat as it was (the golden seat pictures and tests/test_input_counts.py hold);
    learn on opens on the explanation, and its menu is the same menu with "?" at the end."""
    _, plain, prompts = controllers(None)
    _, learning, _ = controllers(Learning("mystery-express"))
    (seat,) = prompts
    assert plain[seat].mode == "prompt" and learning[seat].mode == "learn"
    read_through(learning[seat])
    with_learn = [item for item in learning[seat].screen().items]
    assert with_learn[:-1] == list(plain[seat].screen().items) and with_learn[-1].label == "?"


def test_first_time_shows_the_pages_then_select_opens_the_menu(table):
    learning = Learning("mystery-express")
    _, made, prompts = controllers(learning)
    (seat,) = prompts
    controller = made[seat]
    titles, lines = [], []
    for _ in range(3):
        screen = controller.screen()
        titles.append(screen.title)
        lines.append(screen.items[screen.index].lines)
        controller.press("next")
    assert titles == ["How it works"] * 3
    assert lines[0][0].startswith("Pick the car") and lines[2][0].startswith("Nobody sees")
    assert controller.mode == "prompt"  # ▶ on the last page goes on to the choices
    assert controller.screen().title.startswith("Choose your car")
    assert learning.explained == {(seat, "start_car")}


def test_select_reads_on_like_next_and_prev_turns_back(table):
    """● reads on, as on every page of text (two trials' newcomers pressed ● to read on and skipped
    the explanation when it jumped to the choices), and opens the choices from the last page."""
    _, made, prompts = controllers(Learning("mystery-express"))
    (seat,) = prompts
    controller = made[seat]
    controller.press("next")
    controller.press("prev")
    assert controller.mode == "learn" and controller.screen().index == 0
    assert controller.press("select") is None
    assert controller.mode == "learn" and controller.screen().index == 1
    assert read_through(controller) == 2  # the second page, then the last: nothing chosen on the way
    assert controller.mode == "prompt" and controller.screen().title.startswith("Choose your car")


def test_a_prompt_of_the_same_kind_changed_by_another_seat_lets_the_reading_go_on(table):
    """Seen at a Mystery City table: a rival's Companionship changed both totals of the reveal window
    while this seat read its explanation, and the seat was dropped into the menu mid-page."""
    _, made, prompts = controllers(Learning("mystery-express"))
    (seat,) = prompts
    controller = made[seat]
    controller.press("next")
    changed = replace(prompts[seat], data={**prompts[seat].data, "again": True})
    controller.update(controller.view, changed)
    assert controller.mode == "learn" and controller.screen().index == 1
    assert read_through(controller) == 2 and controller.mode == "prompt" and controller.prompt == changed


def test_the_question_mark_entry_opens_it_again_and_nothing_is_explained_twice(table):
    learning = Learning("mystery-express")
    _, made, prompts = controllers(learning)
    (seat,) = prompts
    controller = made[seat]
    read_through(controller)
    screen = controller.screen()
    labels = [item.label for item in screen.items]
    assert labels[-1] == "?"
    controller.press("prev")  # onto "?", the last entry
    assert controller.press("select") is None
    assert controller.mode == "learn" and controller.screen().title == "How it works"
    read_through(controller)
    assert controller.mode == "prompt"
    # the same kind again at this seat (a new game state, same learning): straight to the menu
    controller.update(controller.view, None)
    controller.update(controller.view, prompts[seat])
    assert controller.mode == "prompt"


def test_the_question_mark_says_what_select_does_not_to_tap_the_board(table):
    """playPI14: at a touchscreen table "?" read "● or tap the board", the choices' footer, where it
    stands on no board: it says what ● does there."""
    learning = Learning("mystery-express")
    _, made, prompts = controllers(learning)
    (seat,) = prompts
    controller = made[seat]
    controller.touchscreen = True
    read_through(controller)
    assert controller.screen().footer == "● or tap the board"  # a choice: the board takes it too
    controller.press("prev")  # onto "?", the last entry
    assert controller.screen().items[controller.screen().index].label == "?"
    assert controller.screen().footer == "● to read it"


def test_the_kind_is_new_at_each_seat_but_only_once(table):
    learning = Learning("mystery-express")
    learning.explained.add((0, "start_car"))
    assert learning.first(1, "start_car") and not learning.first(1, "start_car") and not learning.first(0, "start_car")


def test_a_seat_not_prompted_shows_no_explanation(table):
    learning = Learning("mystery-express")
    _, made, prompts = controllers(learning)
    (seat,) = prompts
    for other, controller in made.items():
        if other != seat:
            assert controller.mode == "idle" and controller.screen().title != "How it works"
            for button in ("select", "next", "select", "select"):
                controller.press(button)
                assert controller.screen().title != "How it works"
    assert learning.explained == {(seat, "start_car")}


def test_a_kind_without_explanation_shows_nothing_extra(monkeypatch):
    monkeypatch.setattr(explain, "PROMPTS", {})
    explanations._tables.cache_clear()
    try:
        learning = Learning("mystery-express")
        _, made, prompts = controllers(learning)
        (seat,) = prompts
        assert made[seat].mode == "prompt"
        assert "?" not in [item.label for item in made[seat].screen().items]
        assert learning.explained == set()
    finally:
        explanations._tables.cache_clear()


def waiting_on_your_move(lang: str, learning: Learning | None) -> tuple[SeatController, Prompt]:
    """The seat of a new game's first prompt, on "Your move" (it was not awaited before)."""
    from kiosk.i18n import Text
    state = GAME.start(4, 11, {"characters": "random"})
    (prompt,) = GAME.prompts(state)
    controller = SeatController(prompt.seat, MysteryExpressPages(narrator_for("mystery-express", GAME.view(state, None)), lang),
                                learn=learning)
    controller.update(GAME.view(state, prompt.seat), prompt, Text("choose your car"))
    return controller, prompt


def test_your_move_opens_on_the_explanation(table):
    """A prompt after a wait opens on "Your move": the press that opens the choices opens the explanation."""
    learning = Learning("mystery-express")
    controller, prompt = waiting_on_your_move("en", learning)
    assert controller.mode == "idle" and not learning.explained
    controller.press("next")
    assert controller.mode == "learn" and learning.explained == {(prompt.seat, "start_car")}


def test_remember_is_told_each_new_kind_once_when_saved(table):
    told = []
    learning = Learning("mystery-express", remember=lambda seat, kind: told.append((seat, kind)))
    _, made, prompts = controllers(learning)
    (seat,) = prompts
    assert made[seat].mode == "learn" and told == []  # the store waits until the screens are written
    learning.save()
    learning.save()
    assert told == [(seat, "start_car")]


def test_the_phone_opens_on_the_explanation_once_then_offers_it_behind_a_question_mark(table):
    """The phone's document (kiosk/web): the same explanation, first before the choices, then behind "?";
    none for a seat that is not prompted."""
    from kiosk.i18n import Text
    from kiosk.web.hub import PhoneHub
    from kiosk.web.seat_feed import PhoneSeats

    learning = Learning("mystery-express")
    state = GAME.start(4, 11, {"characters": "random"})
    (prompt,) = GAME.prompts(state)
    narrator = narrator_for("mystery-express", GAME.view(state, None))
    made = {seat: SeatController(seat, MysteryExpressPages(narrator, "es"), learn=learning) for seat in range(4)}
    for seat, controller in made.items():  # after a wait: "Your move", nobody has pressed anything
        controller.update(GAME.view(state, seat), prompt if seat == prompt.seat else None, Text("choose"))
    phones = PhoneSeats(PhoneHub(""))
    doc = phones.document(prompt.seat, made[prompt.seat])
    assert doc["explain"]["first"] is True and doc["explain"]["title"] == "Cómo funciona"
    assert doc["explain"]["parts"] == list(TEST_PROMPTS["start_car"].parts())
    assert phones.document(prompt.seat, made[prompt.seat])["explain"]["first"] is True  # stays while it is asked
    assert learning.explained == {(prompt.seat, "start_car")}
    made[prompt.seat].press("select")  # read on the phone: the seat itself does not explain it again
    assert made[prompt.seat].mode == "prompt"
    for seat, controller in made.items():
        if seat != prompt.seat:
            assert phones.document(seat, controller)["explain"] is None
    # the same kind asked again later: behind "?" only
    made[prompt.seat].update(made[prompt.seat].view, None)
    made[prompt.seat].update(made[prompt.seat].view, replace(prompt, data={"again": True}))
    assert phones.document(prompt.seat, made[prompt.seat])["explain"]["first"] is False


def test_a_long_press_goes_back_as_from_the_choices(table):
    """From the explanation that opens the choices, a long press leaves them (the hand and journal), as
    it does from the top of the menu; from one opened by "?", it goes back onto "?", as ● does."""
    _, made, prompts = controllers(Learning("mystery-express"))
    (seat,) = prompts
    controller = made[seat]
    controller.press("select", long=True)
    assert controller.mode == "idle"
    controller.press("select")  # back to the choices: the kind was explained, the menu opens
    assert controller.mode == "prompt"
    controller.press("prev")
    question = controller.screen().index
    for long in (False, True):
        controller.press("select")  # "?"
        assert controller.mode == "learn"
        if long:
            controller.press("select", long=True)
        else:
            read_through(controller)
        assert controller.mode == "prompt" and controller.screen().index == question


@pytest.mark.parametrize("game_id", ["mystery-express", "pi", "watson-holmes", "mystery-city"])
def test_no_explanation_page_reaches_under_its_footer(game_id):
    """Seen in a real window: a part's fourth line lay under the footer ("● or ▶ to read on"). A page reads three
    lines; a longer part goes on over a second page."""
    from kiosk.games.explanations import prompt_kinds
    from kiosk.seats.learn import explanation_pages
    from kiosk.seats.screen import PAGE_LINES

    for explanation in prompt_kinds(game_id).values():
        for lang in ("en", "es"):
            pages = explanation_pages(explanation, lang)
            assert all(len(page.lines) < PAGE_LINES for page in pages)
            assert 3 <= len(pages) <= 6


def test_a_newcomers_first_your_move_says_which_button_goes_on(table):
    """The first "Your move" of a learning seat says to press ● (a trial's newcomer waited there, not
    knowing any button opens the choices); once the seat has been explained something, it no longer does."""
    learning = Learning("mystery-express")
    controller, _ = waiting_on_your_move("es", learning)
    assert controller.screen().notice == "Choose your car: pulsa ●"
    controller.press("select")  # opens the explanation: the seat now knows the buttons
    assert controller.mode == "learn"
    controller.press("select", long=True)  # back out, to "Your move"
    assert controller.screen().title == "Tu jugada" and controller.screen().notice == "Choose your car"
    plain, _ = waiting_on_your_move("es", None)
    assert plain.screen().notice == "Choose your car"


def test_the_phone_of_a_newcomer_is_not_told_to_press_a_button(table):
    """Seen on a phone in a trial: "Play a card: press ●" above the choices; a phone has no ●, its
    choices are open on the page. The seat's own screen still says it."""
    from kiosk.web.hub import PhoneHub
    from kiosk.web.seat_feed import PhoneSeats

    learning = Learning("mystery-express")
    controller, prompt = waiting_on_your_move("en", learning)
    assert controller.screen().notice.endswith(": press ●")
    status = PhoneSeats(PhoneHub("")).document(prompt.seat, controller)["status"]
    assert status["notice"] == "Choose your car"
