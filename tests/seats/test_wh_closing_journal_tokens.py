"""Watson & Holmes seats, three places a newcomer's trial left confusing:

- the choice that ends a reading ("Done reading") came after the card's pages as one more page, under
  "● choose": pressing ● to read on, the newcomer lost the card before knowing that press would close it.
  It now says that it closes the card, and its footer what ● and ◀ do there;
- the journal cut a long name ("Mrs Honoria Gilchri…"): it is set small over the lines it needs;
- a locked card's page said the lockpick card "gives one" with both lockpicks in other hands (rules 2, 2.1:
  2 lockpicks, none given when the supply is empty): it says so then, and what else opens the card."""

from __future__ import annotations

import pytest

from kiosk.games.base import Event
from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.games.watson_holmes.narrate import Narrator
from kiosk.i18n import Text
from kiosk.referee.narration import narrator_for
from kiosk.seats.canvas import ELLIPSIS
from kiosk.seats.controller import SeatController
from kiosk.seats.menu import not_now_lines
from kiosk.seats.screen import PAGE_LINES, Screen, render, writing
from kiosk.seats.watson_holmes import REFUSED, Entry, journal, make_pages, refused_entry

GAME = WatsonHolmes()


def brighton():
    state = GAME.start(3, 7, {"case": "brighton-pomeranian"})
    return state, narrator_for("watson-holmes", GAME.view(state, None))


def reading(lang: str):
    """Brighton, round 1: every seat walks to a card; the first reader's controller on its card's first page."""
    from kiosk.games.base import Action

    state, narrator = brighton()
    for card in ("C01", "C03", "C04"):  # no token on any of them: each reader is asked "Done reading" only
        (prompt,) = GAME.prompts(state)
        GAME.apply(state, prompt.seat, Action("visit", (card,)))
        (prompt,) = GAME.prompts(state)
        GAME.apply(state, prompt.seat, Action("bid", (0,)))
    prompt = next(p for p in GAME.prompts(state) if p.kind == "reading")
    pages = make_pages(narrator, lang)
    pages.observe([Event("card_read", {"seat": prompt.seat, "card": c, "text": GAME.view(state, prompt.seat)["you"]["reading"][0]["text"]},
                         frozenset({prompt.seat})) for c in prompt.data["cards"]])
    controller = SeatController(prompt.seat, pages)
    controller.update(GAME.view(state, prompt.seat), prompt)
    return state, prompt, controller


@pytest.mark.parametrize("lang, label, detail, footer", [
    ("en", "Done reading", "closes the card", "◀ reread · ● close"),
    ("es", "He terminado de leer", "cierra la carta", "◀ releer · ● cerrar"),
])
def test_the_choice_that_ends_a_reading_says_that_select_closes_the_card(lang, label, detail, footer):
    state, prompt, controller = reading(lang)
    while controller.screen().items[controller.index].lines:  # ● through the card's pages
        assert controller.press("select") is None
    shown = controller.screen()
    assert shown.items[shown.index].label == label and shown.items[shown.index].detail == detail
    assert shown.footer == footer
    assert [line for _, lines in writing(shown) for line in lines][-1] == footer  # drawn whole, not cut
    render(shown)
    assert controller.press("prev") is None and controller.screen().items[controller.index].lines  # ◀: the card again
    controller.press("select")
    assert controller.press("select") == prompt.actions[0]  # ● there closes it, as it said


@pytest.mark.parametrize("lang, footer", [("en", "◀ ▶ browse · ● close"), ("es", "◀ ▶ mirar · ● cerrar")])
def test_putting_police_on_the_card_says_it_closes_it_too(lang, footer):
    from kiosk.games.base import Action

    state, narrator = brighton()
    for card in ("C01", "C03", "C04"):
        (prompt,) = GAME.prompts(state)
        GAME.apply(state, prompt.seat, Action("visit", (card,)))
        (prompt,) = GAME.prompts(state)
        GAME.apply(state, prompt.seat, Action("bid", (0,)))
    prompt = next(p for p in GAME.prompts(state) if p.kind == "reading" and Action("done", ("police",)) in p.actions)
    menu = make_pages(narrator, lang).menu(prompt, GAME.view(state, prompt.seat))
    police = next(e for e in menu.entries if e.action == Action("done", ("police",)))
    assert police.footer == footer and police.item.detail == Text("closes the card").render(lang)


@pytest.mark.parametrize("lang, name, detail", [
    ("en", "Mrs Honoria Gilchrist, the Marlowe Hotel", "You · round 1"),
    ("es", "La señora Honoria Gilchrist, hotel Marlowe", "Tú · ronda 1"),
])
def test_a_long_name_in_the_journal_reads_whole(lang, name, detail):
    """Before: "Mrs Honoria Gilchri…" in large type, the rest of the name lost."""
    state, narrator = brighton()
    pages = make_pages(narrator, lang)
    pages.observe([Event("card_read", {"seat": 0, "card": "C01", "text": None}, frozenset({0}))])
    screen = pages.page("journal", GAME.view(state, 0), 0)
    (item,) = screen.items
    assert item.lines[-1] == detail and " ".join(item.lines[:-1]) == name and len(item.lines) <= PAGE_LINES
    assert item.label == name and item.detail == detail  # what the phone and the checks read, as before
    render(screen)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("case", sorted(GAME.cases))
def test_every_card_name_of_every_case_reads_whole_in_the_journal(case, lang):
    narrator = Narrator(GAME.cases[case])
    entries = [Entry(narrator.card(c.id), Text("Watson · round {round}", {"round": 12})) for c in narrator.case.cards]
    screen = journal(entries, lang)
    for item, entry in zip(screen.items, reversed(entries)):
        shown = list(item.lines) or [line for _, lines in writing(Screen("Journal", (item,)))[1:] for line in lines]
        assert not any(ELLIPSIS in line for line in shown), shown
        assert " ".join(shown).startswith(entry.label.render(lang)) and shown[-1] == entry.detail.render(lang)


def test_a_short_name_in_the_journal_is_drawn_large_as_before():
    from kiosk.seats.watson_holmes import journal_item

    item = journal_item("The ransom letter", "You · round 1")
    assert not item.lines and item.label == "The ransom letter" and item.detail == "You · round 1"


def where_to(state, narrator, lang):
    (prompt,) = GAME.prompts(state)
    pages = make_pages(narrator, lang)
    return pages.menu(prompt, GAME.view(state, prompt.seat)).entries[0].below  # the view's supply, as at the table


def page(entries, heading):
    return next(e for e in entries if e.item.label == heading).item.lines


@pytest.mark.parametrize("lang, heading, lines", [
    ("en", "Card 7: locked", ("Not now: needs a", "lockpick, but others", "hold them all.")),
    ("es", "Carta 7: cerrada", ("Ahora no: necesitas", "una ganzúa y no hay", "ninguna libre.")),
])
def test_a_locked_card_promises_no_lockpick_when_others_hold_them_all(lang, heading, lines):
    state, narrator = brighton()
    seat = state.turn
    assert page(where_to(state, narrator, lang), heading)[1:] != lines  # while one is left, card 5 gives it
    for other in (s for s in range(3) if s != seat):  # both lockpicks in other hands: none left in the supply
        state.players[other].tokens["lockpick"] = 1
        state.supply["lockpick"] -= 1
    assert state.supply["lockpick"] == 0
    assert page(where_to(state, narrator, lang), heading) == (heading, *lines)


@pytest.mark.parametrize("lang, left, lines", [
    ("en", "calloff", ("Not now: needs a", "call-off; others hold", "the lockpicks.")),
    ("en", "lockpick", ("Not now: needs a", "lockpick; others hold", "the call-offs.")),
    ("en", None, ("Not now: others hold", "every call-off and", "lockpick.")),
    ("es", "calloff", ("Ahora no: necesitas", "una cancelación; no", "hay ganzúas libres.")),
    ("es", None, ("Ahora no: no hay", "cancelaciones ni", "ganzúas libres.")),
])
def test_a_policed_card_says_what_opens_it_when_a_token_is_gone(lang, left, lines):
    state, narrator = brighton()
    state.police_on.append("C06")
    for token in ("calloff", "lockpick"):
        if token != left:
            state.supply[token] = 0
    heading = Text("Card {number}: police on it", {"number": 6}).render(lang)
    assert page(where_to(state, narrator, lang), heading) == (heading, *lines)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("case", sorted(GAME.cases))
def test_every_page_of_a_spent_token_reads_whole(case, lang):
    from kiosk.seats.watson_holmes import NEEDS, SPENT

    narrator = Narrator(GAME.cases[case])
    for (why, left), words in SPENT.items():
        assert set(left) < set(NEEDS[why])
        supply = {token: 1 if token in left else 0 for token in ("calloff", "lockpick")}
        for card in narrator.case.cards:
            title = [Text(REFUSED[why][0], {"number": card.number}).render(lang)]
            assert len(not_now_lines(title, [Text(words).render(lang)], lang)) <= PAGE_LINES
            shown = refused_entry(card.id, why, narrator, lang, supply).item.lines
            assert shown[-1].endswith(".") and Text(words).render(lang).split()[-1] in shown[-1]
