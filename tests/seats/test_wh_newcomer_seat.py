"""Watson & Holmes seats, from a newcomer's game (playWH11). Learn as you play: a waiting seat's idle screen
says what ● shows there (its character, its journal) until the seat first walks its pages (the newcomer never
found either), and ● shows them in that order; learn off, the idle screen is as it was. And two choices he
misread: a long place's name cut short, and what a failed player's sheet tells Holmes' asker."""

from __future__ import annotations

import pytest

from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.learn import Learning
from kiosk.seats.screen import render, writing
from kiosk.seats.watson_holmes import make_pages

GAME = WatsonHolmes()


def waiting_seat(learn: bool, lang: str = "en") -> SeatController:
    state = GAME.start(3, 7, {"case": "brighton-pomeranian"})
    narrator = narrator_for("watson-holmes", GAME.view(state, None))
    awaited = {p.seat for p in GAME.prompts(state)}
    seat = next(s for s in range(3) if s not in awaited)
    controller = SeatController(seat, make_pages(narrator, lang), learn=Learning("watson-holmes") if learn else None)
    controller.update(GAME.view(state, seat), None)
    return controller


def lines(controller: SeatController) -> list[str]:
    return [line for _, shown in writing(controller.screen()) for line in shown]


@pytest.mark.parametrize("lang, hint", [("en", "● character, journal"), ("es", "● personaje, cuaderno")])
def test_a_newcomers_idle_screen_says_what_select_shows_until_he_walks_the_pages(lang, hint):
    controller = waiting_seat(learn=True, lang=lang)
    status = controller.ui.idle(controller.view).footer
    assert lines(controller)[-2:] == [hint, status]  # the hint above the status, which stays on the last line
    render(controller.screen())
    controller.press("select")
    assert controller.mode == "character"  # the first page is the one the hint names first
    controller.press("select")
    assert controller.mode == "journal"
    while controller.mode != "idle":
        controller.press("select")
    assert lines(controller)[-1] == status and hint not in lines(controller)  # found: not told again


def test_learn_off_the_idle_screen_is_as_it_was():
    controller = waiting_seat(learn=False)
    assert controller.screen() == controller.ui.idle(controller.view)


def test_a_choice_that_would_be_cut_at_the_labels_width_is_set_small_and_whole():
    """A trial's newcomer read "Mr Obadiah Kett, pr…" among the places: it fit two lines of the seat's small
    lines (126 px) but not of a label (124 px), so it was drawn large and cut."""
    from kiosk.seats.canvas import ELLIPSIS
    from kiosk.seats.screen import Screen
    from kiosk.seats.watson_holmes import choice_item

    item = choice_item("Mr Obadiah Kett, private inquiry agent", "card 6")
    shown = list(item.lines) or [line for _, lines in writing(Screen("Where to?", (item,))) for line in lines]
    assert not any(ELLIPSIS in line for line in shown) and "card 6" in shown
    assert "".join(shown).replace(" ", "").startswith("MrObadiahKett,privateinquiryagent")


@pytest.mark.parametrize("lang, said", [("en", "how many were right"), ("es", "cuántas acertó")])
def test_the_holmes_sheet_says_what_it_tells(lang, said):
    """"Holmes: the sheet of Seat 2" left a newcomer guessing: it tells how many of that sheet's answers
    were right (rules 9.2), and the choice says so under it."""
    from kiosk.games.base import Action, Prompt
    from kiosk.seats.watson_holmes import choice_details

    state = GAME.start(3, 7, {"case": "brighton-pomeranian"})
    narrator = narrator_for("watson-holmes", GAME.view(state, None))
    consult = Action("holmes_consult", (1,))
    prompt = Prompt(0, "wait_221b", (Action("ready"), consult), True, {})
    assert choice_details(prompt, narrator)[consult].render(lang) == said
