"""Watson & Holmes "Where to?": a location card the seat may not choose now stands among the others all the
same, as a page that says why and what opens it (rules 6.3: a policed card needs a call-off or a lockpick,
a locked card a lockpick; 3: the cards whose icon gives one). A newcomer (playWH14) did not find the locked
card 7 there and thought it gone or the table broken. The page is the Mystery Express "Not now:" page
(`kiosk.seats.menu.not_now`): no choice, ● turns to the next entry, nothing is sent."""

from __future__ import annotations

import pytest

from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.games.watson_holmes.narrate import Narrator
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.menu import not_now_lines
from kiosk.seats.screen import PAGE_LINES
from kiosk.seats.watson_holmes import REFUSED, make_pages, menu, refused_entry
from kiosk.i18n import Text

GAME = WatsonHolmes()


def brighton():
    state = GAME.start(3, 7, {"case": "brighton-pomeranian"})
    return state, narrator_for("watson-holmes", GAME.view(state, None))


def where_to(state, narrator, lang="en"):
    (prompt,) = GAME.prompts(state)
    visit = menu(prompt, narrator, lang).entries[0]
    return prompt, visit.below


@pytest.mark.parametrize("lang, page", [
    ("en", ("Card 7: locked", "Not now: needs a", "lockpick (card 5", "gives one).")),
    ("es", ("Carta 7: cerrada", "Ahora no: necesitas", "una ganzúa (la da la", "carta 5).")),
])
def test_the_locked_card_stands_in_its_place_and_says_what_opens_it(lang, page):
    state, narrator = brighton()
    prompt, entries = where_to(state, narrator, lang)
    assert prompt.data["unavailable"] == {"C07": "This card can only be read with a lockpick."}
    labels = [e.item.label for e in entries]
    locked = labels.index(page[0])
    assert [e.action.args[0] for e in (entries[locked - 1], entries[locked + 1])] == ["C06", "C08"]
    assert entries[locked].action is None and entries[locked].refused and entries[locked].item.lines == page


@pytest.mark.parametrize("lang, page", [
    ("en", ("Card 6: police on it", "Not now: needs a", "call-off (card 10) or", "a lockpick (card 5).")),
    ("es", ("Carta 6: con policía", "Ahora no: necesitas", "una cancelación o una", "ganzúa.")),  # the cards would not fit
])
def test_a_policed_card_says_a_call_off_or_a_lockpick_opens_it(lang, page):
    state, narrator = brighton()
    state.police_on.append("C06")
    seat = state.turn
    _, entries = where_to(state, narrator, lang)
    assert next(e for e in entries if e.item.label == page[0]).item.lines == page
    state.players[seat].tokens["calloff"] = 1  # with a call-off the card is a choice again
    _, entries = where_to(state, narrator, lang)
    assert page[0] not in [e.item.label for e in entries]
    assert any(e.action is not None and e.action.args == ("C06",) for e in entries)


def test_a_card_the_seat_cannot_outbid_says_so():
    state, narrator = brighton()
    seat = state.turn
    rival = (seat + 1) % 3
    state.players[seat].carriages = 2
    state.players[rival].at, state.players[rival].bid = "C04", 2
    _, entries = where_to(state, narrator)
    page = next(e for e in entries if e.item.label == "Card 4: too dear")
    assert page.item.lines == ("Card 4: too dear", "Not now: you have too", "few carriages for it.")


def test_select_on_the_refused_card_sends_nothing_and_turns_the_page():
    state, narrator = brighton()
    (prompt,) = GAME.prompts(state)
    controller = SeatController(prompt.seat, make_pages(narrator, "en"))
    controller.update(GAME.view(state, prompt.seat), prompt)
    assert controller.press("select") is None  # into "Where to?"
    while controller.screen().items[controller.index].label != "Card 7: locked":
        assert controller.press("next") is None
    before = controller.index
    assert controller.press("select") is None and controller.index == before + 1


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("case", sorted(GAME.cases))
def test_every_refused_page_of_every_case_is_whole(case, lang):
    """Each reason, for each card of each shipped case, reads whole on one page (never cut)."""
    narrator = Narrator(GAME.cases[case])
    for card in narrator.case.cards:
        for why, (heading, _, plain) in REFUSED.items():
            title = [Text(heading, {"number": card.number}).render(lang)]
            assert len(not_now_lines(title, [Text(plain).render(lang)], lang)) <= PAGE_LINES
            page = refused_entry(card.id, why, narrator, lang).item.lines
            assert page[0] == title[0] and not page[-1].endswith((" ", ",")) and page[-1].endswith((".", ").")), page


@pytest.mark.parametrize("lang, detail", [("en", "card 5 · fare: 1"), ("es", "carta 5 · carrera: 1")])
def test_a_bid_for_a_card_in_another_zone_names_its_fare(lang, detail):
    """Corinna: from the West End a City card costs a fare of 1 besides the bid; "Walk (no bid)" and "1 to 9
    carriages" of 10 did not say why (playWH14, in Spanish)."""
    from kiosk.games.base import Action
    from kiosk.seats.canvas import LINE_WIDTH, text_width

    state = GAME.start(3, 7, {"case": "corinna-silk"})
    narrator = narrator_for("watson-holmes", GAME.view(state, None))
    GAME.apply(state, state.turn, Action("visit", ("C05",)))
    (prompt,) = GAME.prompts(state)
    assert prompt.kind == "bid" and prompt.data["travel"] == 1
    walk = next(e for e in menu(prompt, narrator, lang).entries if e.action == Action("bid", (0,)))
    assert walk.item.detail == detail and text_width(detail, 12) <= LINE_WIDTH


@pytest.mark.parametrize("lang, detail", [("en", "card 5 · taken"), ("es", "carta 5 · ocupada")])
def test_a_card_a_rival_holds_says_it_is_taken(lang, detail):
    """A newcomer chose card 5 and was offered no walk, only "1 to 10 carriages": nothing had said Seat 2's
    pawn was on it (to take it, outbid that pawn: rules 6.2)."""
    state, narrator = brighton()
    rival = (state.turn + 1) % 3
    state.players[rival].at = "C05"
    _, entries = where_to(state, narrator, lang)
    details = {e.action.args[0]: e.item.detail for e in entries if e.action is not None}
    assert details["C05"] == detail and details["C04"] == detail.replace("5", "4").split(" · ")[0]


@pytest.mark.parametrize("lang, detail", [("en", "to solve the case"), ("es", "para resolver el caso")])
def test_221b_says_it_is_where_the_case_is_solved(lang, detail):
    """With every question open, 221B is chosen at once, and a wrong answer puts the player out (rules 6.6,
    8.3): a newcomer took it for one more place; under it, what it is for."""
    state, narrator = brighton()
    _, entries = where_to(state, narrator, lang)
    sent = {e: (e.below[0].action if e.confirms else e.action) for e in entries}  # 221B goes from its summary
    baker = next(e for e, action in sent.items() if action is not None and action.args == ("C221B",))
    assert baker.confirms and baker.item.detail == detail


def test_going_to_221b_early_offers_going_back_first():
    """Corinna, question 4 still closed: after the warning page, the first choice is "Back", so ● pressed to read
    on does not send the seat to 221B (playWH14, in Spanish: "Ir al 221B de todos modos" came first)."""
    from kiosk.games.base import Action

    state = GAME.start(3, 7, {"case": "corinna-silk"})
    narrator = narrator_for("watson-holmes", GAME.view(state, None))
    GAME.apply(state, state.turn, Action("visit", (narrator.case.baker_street_id,)))
    (prompt,) = GAME.prompts(state)
    assert prompt.kind == "confirm_221b"
    entries = menu(prompt, narrator, "es").entries
    choices = [e.action.kind for e in entries if e.action is not None]
    assert entries[0].action is None and choices[:2] == ["back", "go"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_policed_card_never_sends_the_seat_to_itself_for_the_token(lang):
    """playWH21: the police on The Gasworks (card 7, whose icon gives the lockpick) read "needs a call-off
    (card 1) or a lockpick (card 7)": the one card it keeps the seat out of. It says what opens it, plainly."""
    state = GAME.start(3, 7, {"case": "lamplighter"})
    narrator = narrator_for("watson-holmes", GAME.view(state, None))
    assert narrator.case.card("C07").number == 7 and "gives_lockpick" in narrator.case.card("C07").icons
    lines = refused_entry("C07", REFUSED_POLICED, narrator, lang).item.lines
    shown = " ".join(lines)
    assert "7)" not in shown and "carta 7." not in shown, lines
    assert lines[0] == {"en": "Card 7: police on it", "es": "Carta 7: con policía"}[lang]
    assert ("call-off" if lang == "en" else "cancelación") in shown


REFUSED_POLICED = "The police guard this card: you need a call-off or a lockpick token."
