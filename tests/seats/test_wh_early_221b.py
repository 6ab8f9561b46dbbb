"""The seat screen before going to 221B early (issue #29): the choice of 221B says how many questions
are not open yet; choosing it shows which ones, and that they must be answered too, then offers to go
all the same or back. In both languages, in words that fit. Golden images of the warning.

Run with UPDATE_GOLDEN=1 to rewrite the reference images after a deliberate change (and review them).
"""

from __future__ import annotations

import pytest

from kiosk.games.base import Action
from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.screen import PAGE_LINES, render
from kiosk.seats.watson_holmes import make_pages
from tests.games.watson_holmes_support import case_from, raw_case
from tests.seats.test_seat_screens import check
from tests.seats.test_watson_holmes_pages import uncut

WORDS = {
    "en": ("1 question not open", "Question 5 is not open yet. At 221B you must answer it too.",
           ["Back", "Go to 221B all the same"]),
    "es": ("1 pregunta sin abrir", "Aún no se ha abierto la pregunta 5. En el 221B tendrás que responderla.",
           ["Atrás", "Ir al 221B de todos modos"]),
}


def table(game: WatsonHolmes, case: str = "thornbury-clock"):
    state = game.start(2, 5, {"case": case, "characters": False})
    return state, narrator_for("watson-holmes", game.view(state, None))


def menu_of(game, state, narrator, lang):
    (prompt,) = game.prompts(state)
    return prompt, make_pages(narrator, lang).menu(prompt, game.view(state, prompt.seat))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_warning_reads_whole_in_both_languages(lang):
    game = WatsonHolmes()
    state, narrator = table(game)
    detail, warning, choices = WORDS[lang]
    prompt, visit = menu_of(game, state, narrator, lang)
    (baker,) = [s.items[s.index] for s in visit.screens() if s.items[s.index].label == "221B Baker Street"]
    assert baker.detail == detail
    for screen in visit.screens():
        uncut(screen)
    game.apply(state, prompt.seat, Action("visit", ("C221B",)))
    prompt, confirm = menu_of(game, state, narrator, lang)
    assert prompt.kind == "confirm_221b"
    screens = confirm.screens()
    for screen in screens:
        uncut(screen)
    first = screens[0].items[0]
    assert " ".join(first.lines) == warning and len(first.lines) <= PAGE_LINES  # one page, nothing cut
    assert [e.item.label for e in confirm.entries if e.action is not None] == choices
    check(f"wh_early_221b_{lang}", render(screens[0]))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_several_unopened_questions_are_all_named(lang):
    raw = raw_case("thornbury-clock")
    raw["case"]["questions"][3]["reveal"] = {"after_round": 2}  # question 4 opens late too
    game = WatsonHolmes({"thornbury-clock": case_from(raw)})
    state, narrator = table(game)
    prompt, visit = menu_of(game, state, narrator, lang)
    assert prompt.data["unopened"] == [{"id": "Q4", "number": 4}, {"id": "Q5", "number": 5}]
    assert any(s.items[s.index].detail == {"en": "2 questions not open", "es": "2 preguntas sin abrir"}[lang]
               for s in visit.screens())
    game.apply(state, prompt.seat, Action("visit", ("C221B",)))
    _, confirm = menu_of(game, state, narrator, lang)
    for screen in confirm.screens():
        uncut(screen)
    text = " ".join(line for e in confirm.entries if e.action is None for line in e.item.lines)
    assert {"en": "Questions 4, 5 are not open yet.", "es": "Aún no se han abierto las preguntas 4, 5."}[lang] in text


def test_the_buttons_read_the_warning_then_go_or_back():
    game = WatsonHolmes()
    state, narrator = table(game)
    (prompt,) = game.prompts(state)
    game.apply(state, prompt.seat, Action("visit", ("C221B",)))
    (prompt,) = game.prompts(state)
    controller = SeatController(prompt.seat, make_pages(narrator, "en"))
    controller.update(game.view(state, prompt.seat), prompt)
    assert controller.screen().items[0].lines  # it opens on the warning
    assert controller.press("select") is None  # reading it chooses nothing
    assert controller.press("select") == Action("back")  # ● read on, then ● again: the safe choice (playWH14)
    controller.index = 2
    assert controller.press("select") == Action("go")
