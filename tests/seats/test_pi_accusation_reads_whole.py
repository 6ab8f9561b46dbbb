"""P.I.: an accusation's picks read whole on a seat (playPI21: "With Maurice, Smuggl…" under each place
of its third step, and "Doc, Police Corrupti…" on the answer to it), with every crime, in both languages:
the third step's places, the answer held on the seat, and the Learnt page that lists it."""

from __future__ import annotations

import pytest

from kiosk.games.pi.game import PI
from kiosk.games.pi.rules import load_rules
from kiosk.referee.narration import narrator_for
from kiosk.seats.canvas import LINE_WIDTH, text_width
from kiosk.seats.pages import seat_pages
from tests.seats.screen_checks import screen_defects

GAME = PI()
RULES = load_rules()
SUSPECT = "SUSPECT:5"  # Maurice, among the longest suspects' names


def accused(crime: str):
    """A game whose first player accuses Maurice, `crime` and the first place: the state before the
    last pick, its prompt, and the events of the last pick."""
    state, _ = GAME.start_with_events(3, 5, {})
    seat = GAME.prompts(state)[0].seat

    def pick(kind: str, *args: str):
        prompt = next(p for p in GAME.prompts(state) if p.seat == seat)
        return prompt, GAME.apply(state, seat, next(a for a in prompt.actions if a.kind == kind and a.args == args))

    pick("solve")
    pick("accuse", SUSPECT)
    pick("accuse", crime)
    prompt = next(p for p in GAME.prompts(state) if p.seat == seat)
    assert prompt.kind == "solve_location"
    menu_view = GAME.view(state, seat)
    _, events = pick("accuse", "LOCATION:0")
    return seat, prompt, menu_view, events, GAME.view(state, seat), state


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("crime", [f"CRIME:{n}" for n in range(10)])
def test_the_picks_of_an_accusation_read_whole(crime, lang):
    seat, prompt, menu_view, events, view, state = accused(crime)
    pages = seat_pages("pi", narrator_for("pi", GAME.view(state, None)), lang)
    for screen in pages.menu(prompt, menu_view).screens():
        assert not screen_defects(screen), screen
    answer = pages.own_result(events, seat)
    assert answer is not None
    assert not screen_defects(answer), answer
    journal = pages.page("journal", view, 0)
    assert not screen_defects(journal)
    for screen in (answer, journal):  # the lines of a page of reading are drawn as they come: each fits
        assert all(text_width(line, 12) <= LINE_WIDTH for line in screen.items[0].lines), screen
    assert journal.items[0].lines[1:] == (f"{answer.items[0].lines[0]},", f"{answer.items[0].lines[1]},",
                                          answer.items[0].lines[2])
