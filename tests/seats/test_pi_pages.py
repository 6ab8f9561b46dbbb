"""P.I. seat screens: golden images of the key screens, every choice in words, and only the seat's own.

Run with UPDATE_GOLDEN=1 to rewrite the reference images after a deliberate change (and review them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from kiosk.bots.pi_bot import DeducingBot
from kiosk.games.base import Event, Prompt
from kiosk.games.pi.game import PI
from kiosk.games.pi.rules import load_rules
from kiosk.games.pi.state import left
from kiosk.referee.narration import narrator_for
from kiosk.seats import pi as screens
from kiosk.seats.canvas import WIDTH, text_width, wrap
from kiosk.seats.controller import SeatController
from kiosk.seats.pages import seat_pages
from kiosk.seats.pi import PIPages
from kiosk.seats.screen import Screen, render
from tests.seats.leak_checks import pi_names as names, pi_unknown_cases, pi_words as words
from tests.seats.test_seat_screens import check

GAME = PI()
RULES = load_rules()
SEATS = 4


@dataclass(frozen=True)
class Moment:
    views: tuple[dict[str, Any], ...]  # each seat's view
    cases: tuple[dict[str, str], ...]  # the case each seat must solve (the referee's secret)
    prompts: tuple[Prompt, ...]
    events: tuple[Event, ...]  # every event so far


@cache
def moments(seed: int = 5, options: tuple[tuple[str, Any], ...] = ()) -> tuple[Moment, ...]:
    state, events = GAME.start_with_events(SEATS, seed, dict(options))
    bots = [DeducingBot(s, seed) for s in range(SEATS)]
    found = []
    while True:
        prompts = GAME.prompts(state)
        found.append(Moment(tuple(GAME.view(state, s) for s in range(SEATS)),
                            tuple(dict(c) for c in state.cases), tuple(prompts), tuple(events)))
        if not prompts:
            return tuple(found)
        # A seat that may note its markers does so now and then, so notes show up on its screens.
        notes = [p for p in prompts if p.kind == "notes"]
        prompt = notes[0] if notes and len(found) % 3 == 0 else min(prompts, key=lambda p: (p.private, p.seat))
        action = bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt)
        events = events + GAME.apply(state, prompt.seat, action)


def first(test, seed: int = 5) -> Moment:
    return next(m for m in moments(seed) if test(m))


def pages_at(moment: Moment, seat: int, lang: str = "en", assist: bool = False) -> PIPages:
    pages = screens.make_pages(narrator_for("pi", moment.views[seat]), lang, assist)
    pages.observe([e for e in moment.events if e.visible_to(seat)])
    return pages


def every_screen(pages: PIPages, moment: Moment, seat: int) -> list[Screen]:
    """Every screen the seat can reach at this moment: idle, each item of each page, each choice."""
    view = moment.views[seat]
    found = [pages.idle(view)]
    for name in pages.pages:
        count = len(pages.page(name, view, 0).items)
        found += [pages.page(name, view, i) for i in range(count)]
    for prompt in moment.prompts:
        if prompt.seat == seat:
            found += pages.menu(prompt, view).screens()
    return found


# --- golden images ---------------------------------------------------------------------------------


def test_idle_on_your_turn():
    moment = first(lambda m: len(m.events) > 12 and m.prompts[0].kind == "turn")
    seat = moment.prompts[0].seat
    check("pi_idle_en", render(pages_at(moment, seat).idle(moment.views[seat])))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_case_cards_held(lang):
    moment = moments()[0]
    check(f"pi_held_{lang}", render(pages_at(moment, 0, lang).page("held", moment.views[0], 1)))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_journal_of_answers(lang):
    moment = first(lambda m: sum(e["seat"] == 1 for e in m.views[1]["history"]) >= 2)
    check(f"pi_journal_{lang}", render(pages_at(moment, 1, lang).page("journal", moment.views[1], 0)))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_turn_choice(lang):
    moment = first(lambda m: m.prompts and m.prompts[0].kind == "turn")
    prompt = moment.prompts[0]
    menu = pages_at(moment, prompt.seat, lang).menu(prompt, moment.views[prompt.seat])
    check(f"pi_hold_first_{lang}", render(menu.screen()))  # a case's first turn: the cards held, then the choices
    check(f"pi_turn_{lang}", render(menu.screen((), 1)))


def test_an_accusation_under_way():
    moment = first(lambda m: any(p.kind == "solve_location" for p in m.prompts))
    prompt = moment.prompts[0]
    check("pi_accuse_es", render(pages_at(moment, prompt.seat, "es").menu(prompt, moment.views[prompt.seat]).screen((), 2)))


def test_noting_a_marker():
    moment = first(lambda m: any(p.kind == "notes" for p in m.prompts))
    prompt = next(p for p in moment.prompts if p.kind == "notes")
    check("pi_notes_en", render(pages_at(moment, prompt.seat).menu(prompt, moment.views[prompt.seat]).screen()))


def test_the_case_dealt_is_revealed_large():
    moment = moments()[0]
    dealt = next(e for e in moment.events if e.kind == "case_dealt" and e.visible_to(2))
    check("pi_reveal_en", render(pages_at(moment, 2).reveal(dealt, 2)))


# --- choices -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_prompt_of_a_game_lists_every_action_in_words(lang):
    kinds = set()
    for moment in moments():
        for prompt in moment.prompts:
            kinds.add(prompt.kind)
            pages = pages_at(moment, prompt.seat, lang)
            menu = pages.menu(prompt, moment.views[prompt.seat])
            assert sorted(map(repr, menu.leaves())) == sorted(map(repr, prompt.actions))  # nothing left out
            shown = menu.screens()
            labels = [s.items[s.index].label for s in shown]
            assert all(labels) and not any("_" in label or ":" in label for label in labels)  # no raw ids
            if prompt.kind != "notes":  # two markers of one investigator may be noted as the same tile
                # A place to investigate and the same place's evidence card differ by their group.
                for screen in shown:
                    read = [(i.label, i.detail) for i in screen.items]
                    assert len(set(read)) == len(read), prompt.kind
            for screen in shown[:3]:
                render(screen)
    assert {"turn", "notes", "solve_suspect", "solve_crime", "solve_location"} <= kinds


def test_select_on_the_nth_choice_answers_the_nth_action():
    moment = first(lambda m: m.prompts and m.prompts[0].kind == "turn")
    prompt = moment.prompts[0]
    controller = SeatController(prompt.seat, pages_at(moment, prompt.seat))
    controller.update(moment.views[prompt.seat], prompt)
    evidence = [a for a in prompt.actions if a.kind == "evidence"]
    assert controller.screen().title == f"Case of Seat {left(prompt.seat, SEATS) + 1}"  # the cards held first
    controller.press("select")  # on to the choices
    top = controller.screen()
    assert top.title == "Your move" and [i.label for i in top.items][1:] == ["Place an investigator", "Take evidence", "Solve the case"]
    controller.press("next")
    controller.press("select")  # opens the evidence cards
    for _ in range(2):
        controller.press("next")
    assert controller.screen().title == "Take evidence" and controller.screen().index == 2
    assert [i.label for i in controller.screen().items][len(evidence):] == ["Back"]  # the cards, then Back
    assert controller.press("select") == evidence[2]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_case_first_turn_shows_the_cards_held_before_the_choices(lang):
    """playPI14: the first player never saw what it held (the deal's reveal went by under How to play,
    and on one's turn any button opens the choices, never the pages). Each seat's first turn of a case
    opens on the three cards it holds, titled by whose case they are; ● goes on to the choices. Later
    turns open on the choices."""
    for minigame in (1, 2):
        moment = first(lambda m: m.prompts and m.prompts[0].kind == "turn" and m.views[0]["minigame"] == minigame)
        prompt = moment.prompts[0]
        owner = left(prompt.seat, SEATS)
        pages = pages_at(moment, prompt.seat, lang)
        controller = SeatController(prompt.seat, pages)
        controller.update(moment.views[prompt.seat], prompt)
        screen = controller.screen()
        held = pages.page("held", moment.views[prompt.seat], 0).items  # the cards, each "Case of Seat 2"
        assert screen.title == held[0].detail and screen.items[0].lines == tuple(i.label for i in held)
        assert lang != "en" or set(screen.items[0].lines) == names(moment.cases[owner])
        assert screen.footer == {"en": "● to the choices", "es": "● a las opciones"}[lang]
        assert controller.press("select") is None  # it chooses nothing: on to the first choice
        assert controller.screen().index == 1 and controller.menu().entries[1].item.label == {
            "en": "Place an investigator", "es": "Poner investigador"}[lang]
    later = first(lambda m: m.prompts and m.prompts[0].kind == "turn" and m.views[0]["round"] == 2)
    prompt = later.prompts[0]
    menu = pages_at(later, prompt.seat, lang).menu(prompt, later.views[prompt.seat])
    assert all(e.action is not None or e.is_group for e in menu.entries)  # only choices


def test_the_cards_held_say_what_select_does_there():
    """playPI14: the held cards' footer said "● choose" where ● chooses nothing: it turns the page."""
    moment = moments()[0]
    pages = pages_at(moment, 0)
    controller = SeatController(0, pages)
    controller.update(moment.views[0], None)
    controller.press("select")
    held = controller.screen()
    assert held.title == "You hold" and "choose" not in held.footer
    controller.press("select")
    assert held.footer.endswith("● " + controller.screen().title)  # "● Learnt": the page ● turns to


def test_the_pages_are_registered_and_walked_with_select():
    moment = moments()[0]
    pages = seat_pages("pi", narrator_for("pi", moment.views[0]), "en")
    assert isinstance(pages, PIPages)
    idle_seat = next(s for s in range(SEATS) if not any(p.seat == s for p in moment.prompts))
    controller = SeatController(idle_seat, pages)
    controller.update(moment.views[idle_seat], None)
    titles = []
    for _ in range(5):
        titles.append(controller.screen().title)
        controller.press("select")
    assert titles[1:4] == ["You hold", "Learnt", "Your markers"] and titles[0] == titles[4]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_name_fits_a_seat_screen_uncut(lang):
    from kiosk.i18n import Text

    for name in RULES.names.values():
        lines, size = wrap(Text(name).render(lang), WIDTH - 12, (16, 14, 12))
        assert all(text_width(line, size) <= WIDTH - 12 for line in lines) and "…" not in "".join(lines), name


# --- privacy -----------------------------------------------------------------------------------------


def test_a_seat_holds_its_left_neighbours_case_and_never_sees_its_own():
    for moment in moments()[::25]:
        for seat in range(SEATS):
            pages = pages_at(moment, seat)
            view = moment.views[seat]
            held = pages.page("held", view, 0)
            assert {item.label for item in held.items} == names(moment.cases[left(seat, SEATS)])
            assert held.items[0].detail == f"Case of Seat {left(seat, SEATS) + 1}"
            own = names(moment.cases[seat])
            assert not own & {item.label for item in held.items}


def test_the_journal_holds_only_the_seats_own_answers():
    moment = moments()[len(moments()) // 3]
    for seat in range(SEATS):
        view = moment.views[seat]
        mine = [e for e in view["history"] if e["seat"] == seat]
        journal = pages_at(moment, seat).page("journal", view, 0)
        if not mine:
            assert [i.label for i in journal.items] == ["Nothing yet"]
            continue
        assert len(journal.items) == len(mine)
        for item, entry in zip(journal.items, reversed(mine)):
            element = entry.get("location") or entry.get("card")
            if element:
                assert item.label == RULES.names[element]


def test_a_private_reveal_goes_only_with_the_seats_own_event():
    moment = moments()[0]
    for seat in range(SEATS):
        pages = pages_at(moment, seat)
        for event in moment.events:
            screen = pages.reveal(event, seat)
            if event.kind != "case_dealt":
                assert screen is None
            elif event.visible_to(seat):
                shown = {screen.items[0].label, screen.items[0].detail, screen.footer}
                assert shown == names(moment.cases[left(seat, SEATS)])


def test_no_screen_of_a_seat_shows_an_unsolved_case_it_may_not_know():
    """Its own case (held by its right neighbour) and every case but the one it holds stay hidden,
    apart from what the seat's own public record names (answers, accusations, notes)."""
    for moment in moments()[::15]:
        for seat in range(SEATS):
            view = moment.views[seat]
            pages = pages_at(moment, seat)
            screens_ = [pages.idle(view), *(pages.page(n, view, i) for n in pages.pages for i in range(12))]
            leaked = pi_unknown_cases(screens_, view, list(moment.cases), seat)
            assert not leaked, f"seat {seat} sees {leaked}"


def test_the_hint_shows_what_is_still_possible_only_when_asked():
    moment = moments(5, (("hint", True),))[20]
    seat = 0
    view = moment.views[seat]
    hinted = pages_at(moment, seat).page("journal", view, 0)
    assert hinted.items[0].label == f"Possible: {view['you']['hint']['count']} cases"
    plain_moment = moments(5)[20]
    plain = pages_at(plain_moment, seat).page("journal", plain_moment.views[seat], 0)
    assert not plain.items[0].label.startswith("Possible")
    assisted = pages_at(plain_moment, seat, assist=True).page("journal", plain_moment.views[seat], 0)
    assert assisted.items[0].label == hinted.items[0].label  # the same deduction, from the view alone


@pytest.mark.parametrize(("lang", "title"), [("en", "Where to?"), ("es", "¿Adónde?")])
def test_the_places_menu_title_reads_whole_beside_its_counter(lang, title):
    """The trial of issue 38: "Place an invest… 1/15" was cut on the seat screen."""
    moment = first(lambda m: m.prompts and m.prompts[0].kind == "turn")
    prompt = moment.prompts[0]
    controller = SeatController(prompt.seat, pages_at(moment, prompt.seat, lang))
    controller.update(moment.views[prompt.seat], prompt)
    controller.press("select")  # past the cards held, a case's first turn
    controller.press("select")  # opens the places
    screen = controller.screen()
    assert screen.title == title and text_width(screen.title, 12) <= WIDTH - 24


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_seat_holds_the_answer_to_its_own_move_until_a_press(lang):
    """After its own move a seat is no longer asked anything: it shows the answer it got (an
    investigator's discs and cubes, an evidence card's result, an accusation's verdict) in place of its
    idle screen (or over "Your move", when it plays again at once) until a press, which only clears it; no
    other seat shows it."""
    seen = set()
    controllers = [SeatController(s, screens.make_pages(narrator_for("pi", moments()[0].views[s]), lang)) for s in range(SEATS)]
    for before, after in zip(moments(), moments()[1:]):
        new = after.events[len(before.events):]
        mover = next((e.data["seat"] for e in new if e.kind in screens.ANSWERS), None)
        for seat, controller in enumerate(controllers):
            controller.observe([e for e in new if e.visible_to(seat)])
            prompt = next((p for p in after.prompts if p.seat == seat and not p.private), None)
            controller.update(after.views[seat], prompt)
            if seat != mover:
                assert controller.held is None  # another seat's answer is only on the board
                continue
            if after.views[seat]["over"]:  # the last move: the seat tells the end instead
                assert not controller.holding()
                continue
            answer = next(e for e in new if e.kind in screens.ANSWERS)
            mine = {"action": screens.ANSWERS[answer.kind], **answer.data}
            shown = controller.screen()
            if mine["action"] == "solve":  # the verdict over the three picks (playPI21)
                assert shown == screens.accusation_answer(answer.data, controller.ui.narrator, lang)
            else:
                assert shown.title == {"en": "Your answer", "es": "Respuesta"}[lang]
                assert shown.items[0] == screens.entry_item(mine, controller.ui.narrator, lang)
            seen.add(mine["action"])
            assert controller.press("next") is None and controller.held is None
            if prompt is None:
                assert controller.screen() == controller.ui.idle(after.views[seat])
    assert seen == {"investigate", "evidence", "solve"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_page_of_the_seat_says_how_to_move_on(lang):
    """fixPI30: the "Learnt" and markers pages had no footer, where the cards held say "◀ ▶ cards · ● Learnt".
    Each item of each page, empty or not, says it (but an accusation's verdict, which takes the whole page)."""
    for moment in (moments()[0], first(lambda m: sum(e["seat"] == 1 for e in m.views[1]["history"]) >= 2
                                       and any(i["seat"] == 1 and i["markers"] for i in m.views[1]["investigators"]))):
        pages = pages_at(moment, 1, lang)
        for name in pages.pages:
            count = len(pages.page(name, moment.views[1], 0).items)
            for index in range(count):
                screen = pages.page(name, moment.views[1], index)
                whole = len(screen.items[index].lines) >= 4
                assert bool(screen.footer) != whole and "●" in screen.footer + "●" * whole, (name, index, screen)
                assert ("◀" in screen.footer) == (count > 1) or whole, (name, screen)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_cards_held_title_stands_clear_of_the_counter(lang):
    """fixPI30: «Caso del puesto 1 1/5» (the title's number nearly touched the counter, and read as a fraction
    with it): where a title ending in a number shares the bar with the counter, 8 dark pixels and more part
    them; else the title stands alone."""
    from kiosk.seats.screen import title_position

    moment = first(lambda m: m.prompts and m.prompts[0].kind == "turn")
    prompt = moment.prompts[0]
    screen = pages_at(moment, prompt.seat, lang).menu(prompt, moment.views[prompt.seat]).screen()
    assert screen.title.startswith({"en": "Case of Seat ", "es": "Caso del puesto "}[lang]) and screen.title[-1].isdigit()
    position = title_position(screen, f"1/{len(screen.items)}")
    image = render(screen).convert("L")
    lit = [x for x in range(WIDTH) if any(image.getpixel((x, y)) == 0 for y in range(12))]  # the bar's words
    counter = WIDTH - 2 - text_width(position, 12) if position else WIDTH
    words = [x for x in lit if x < counter]
    assert words and counter - 1 - words[-1] >= 8, (screen.title, position, words[-1], counter)
