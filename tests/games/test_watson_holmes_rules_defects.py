"""Watson & Holmes rules defects of issue 17 (items 8-12), each from the text of the rule it broke.

8. Rules 8.3 and 16: a failed player is "the voice of Sherlock Holmes", knows the solution, and the
   answers stay visible to them; they judge Holmes answer checks (9.2: the asker writes an answer to
   one question and hands it to them).
9. Rules 9.2: Holmes is paid for "at any time" (once someone has failed), not only on one's own turn.
10. Rules 16: "Mycroft-style extra reads (substitute) are private too."
11. Seed, "Resolviendo": the player writes every answer, then compares them with the answer card.
12. Spanish wording.
"""

from __future__ import annotations

from typing import Any

import orjson

from kiosk.games.base import Action, Event
from kiosk.games.watson_holmes.characters import load_characters
from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.games.watson_holmes.narrate import Narrator
from kiosk.i18n import N_, Text, gettext_in
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController
from kiosk.seats.watson_holmes import WatsonHolmesPages, journal, make_pages
from watson_holmes_support import (
    GAME,
    RIGHT_TUTORIAL,
    WRONG_TUTORIAL,
    act,
    answer_all,
    case_from,
    finish_reading,
    game_with,
    give,
    no_characters,
    one,
    prompt_for,
    raw_case,
    started,
    visit,
)


def fresh(seats: int = 3, game: WatsonHolmes = GAME, **options) -> object:
    state = started(seats, game=game, **options)
    no_characters(state)
    return state


def words(screens) -> str:
    """Every word the screens show, pages joined (a page of reading shows its lines, not its label)."""
    found = []
    for screen in screens:
        found.append(screen.title)
        for item in screen.items:
            found += list(item.lines) if item.lines else [item.label, item.detail]
    return " ".join(" ".join(found).split())


def seat_pages(game: WatsonHolmes, state, lang: str = "en") -> dict[int, WatsonHolmesPages]:
    narrator = narrator_for("watson-holmes", game.view(state, None))
    return {seat: make_pages(narrator, lang) for seat in range(len(state.players))}


def feed(pages: dict[int, WatsonHolmesPages], events: list[Event]) -> None:
    """What the table does: each seat's pages observe the events that seat may see."""
    for seat, page in pages.items():
        page.observe([e for e in events if e.visible_to(seat)])


def fail_at_221b(state, seat: int, answers: dict, game: WatsonHolmes = GAME, others=("C02", "C04", "C07")) -> list[Event]:
    """`seat` goes to 221B, the others walk to free cards, everyone reads; `seat` attempts."""
    spare = list(others)
    events: list[Event] = []
    while state.stage == "visit":
        turn = state.turn
        if turn == seat:
            events += act(state, turn, "visit", "C221B", game=game)
        else:
            events += act(state, turn, "visit", spare.pop(0), game=game) + act(state, turn, "bid", 0, game=game)
    events += finish_reading(state, game)
    events += act(state, seat, "ready", game=game)
    return events + answer_all(state, seat, answers, game)


def all_screens(page: WatsonHolmesPages, view: dict) -> list:
    screens = []
    for name in page.pages:
        first = page.page(name, view, 0)
        screens += [page.page(name, view, i) for i in range(len(first.items))]
    return screens


def free_text_first():
    """The tutorial with its second question turned into free text and asked first."""
    raw = raw_case()
    q1, q2 = raw["case"]["questions"]
    q2.update(number=1, answer_kind="FREE_TEXT", accepted=[{"en": "Inside the organ of St Anne's Church",
                                                             "es": "Dentro del órgano de la iglesia de St Anne"}])
    del q2["choices"]
    q1["number"] = 2
    raw["case"]["questions"] = [q2, q1]
    return game_with(case_from(raw))


# ---- 8. the voice of Holmes sees the answers --------------------------------------------------------


def test_a_failed_player_has_a_page_with_every_answer_and_no_one_else_does():
    state = fresh(3)
    pages = seat_pages(GAME, state)
    feed(pages, fail_at_221b(state, 0, WRONG_TUTORIAL))
    assert state.players[0].eliminated
    controller = SeatController(0, pages[0])
    controller.update(GAME.view(state, 0), None)
    controller.press("select")  # from the idle screen, the first page is the answers
    assert controller.screen().title == "The answers"
    shown = words(all_screens(pages[0], GAME.view(state, 0)))
    assert "Edwin Marsh" in shown and "Inside the organ of St Anne's Church" in shown  # every question's answer
    assert "Who took the ledger?" in shown
    for seat in (1, 2):  # still investigating: no answers anywhere on their pages
        assert "solution" not in pages[seat].pages
        theirs = words(all_screens(pages[seat], GAME.view(state, seat)))
        assert "Edwin Marsh" not in theirs and "St Anne's Church" not in theirs


def test_the_solution_page_speaks_spanish_and_is_paged_four_lines_at_a_time():
    state = fresh(2)
    pages = seat_pages(GAME, state, "es")
    feed(pages, fail_at_221b(state, 0, WRONG_TUTORIAL, others=("C02",)))
    screen = pages[0].page("solution", GAME.view(state, 0), 0)
    assert screen.title == "Las respuestas"
    assert all(len(item.lines) <= 4 for item in screen.items)
    shown = words(all_screens(pages[0], GAME.view(state, 0)))
    assert "Respuesta: Dentro del órgano de la iglesia de Santa Ana" in shown


def test_the_judge_reads_the_question_the_written_answer_and_the_key():
    """9.2 Answer Check: the asker writes an answer to one question and hands it to a failed player."""
    game = free_text_first()
    state = fresh(3, game=game)
    pages = seat_pages(game, state)
    feed(pages, fail_at_221b(state, 0, {"Q2": False, "Q1": "pryce"}, game=game))
    asker = state.turn
    feed(pages, act(state, asker, "holmes_check", 0, "Q2", None, game=game))
    judge = prompt_for(state, 0, game)
    assert judge.kind == "holmes_judge"
    menu = pages[0].menu(judge, game.view(state, 0))
    shown = words(menu.screens())
    assert "Where is the ledger hidden now?" in shown  # the question asked
    assert f"Written on the paper Seat {asker + 1} hands you" in shown  # the asker's written answer
    assert "Inside the organ of St Anne's Church" in shown  # the key


# ---- 9. Holmes at any time ---------------------------------------------------------------------------


def holmes_in(prompt) -> bool:
    return any(a.kind in ("holmes_consult", "holmes_check") for a in prompt.actions)


def test_holmes_is_offered_in_every_prompt_of_a_player_still_investigating_after_a_failure():
    state = fresh(3)
    fail_at_221b(state, 0, WRONG_TUTORIAL)
    give(state, 2, "mycroft")
    # round 2: seat 1 bids, seat 2 (Mycroft) outbids it, seat 1 is displaced
    first = state.turn
    second = next(s for s in (1, 2) if s != first)
    act(state, first, "visit", "C02")
    assert prompt_for(state, first).kind == "bid" and holmes_in(prompt_for(state, first))
    act(state, first, "bid", 0)
    if second == 2:
        act(state, 2, "character")
    act(state, second, "visit", "C02")
    act(state, second, "bid", 1)
    assert prompt_for(state, first).kind == "outbid" and holmes_in(prompt_for(state, first))
    act(state, first, "ok")
    if first == 2:
        act(state, 2, "character")
        act(state, 2, "watson")
    else:
        act(state, first, "watson")
    visit(state, first, "C04", 0)
    assert prompt_for(state, first).kind == "watson_target" and holmes_in(prompt_for(state, first))
    act(state, first, "watson_target", "C02")
    assert prompt_for(state, 2).kind == "extra_read" and holmes_in(prompt_for(state, 2))
    act(state, 2, "extra_read", "C05")
    reading = [p for p in GAME.prompts(state) if p.kind == "reading"]
    assert {p.seat for p in reading} == {1, 2} and all(holmes_in(p) for p in reading)


def test_holmes_used_while_reading_costs_three_and_the_reading_goes_on():
    state = fresh(3)
    fail_at_221b(state, 0, WRONG_TUTORIAL)
    for seat, card in ((state.turn, "C02"), ((state.turn % 2) + 1, "C04")):
        visit(state, seat, card, 0)
    seat = next(p.seat for p in GAME.prompts(state) if p.kind == "reading")
    before = state.players[seat].carriages
    events = act(state, seat, "holmes_consult", 0)
    assert one(events, "holmes_sheet").audience == frozenset({seat})
    assert state.players[seat].carriages == before - 3
    prompt = prompt_for(state, seat)
    assert prompt.kind == "reading" and not holmes_in(prompt)  # once per game
    assert state.players[seat].reading  # the card is still open on the seat's screen


def test_holmes_is_offered_while_writing_the_sheet_at_221b():
    state = fresh(3)
    fail_at_221b(state, 0, WRONG_TUTORIAL)
    spare = ["C02"]
    while state.stage == "visit":
        seat = state.turn
        visit(state, seat, "C221B" if seat == 1 else spare.pop(0), None if seat == 1 else 0)
    finish_reading(state)
    act(state, 1, "ready")
    prompt = prompt_for(state, 1)
    assert prompt.kind == "answer" and holmes_in(prompt)
    act(state, 1, "holmes_check", 0, "Q1", "marsh")
    events = answer_all(state, 1, RIGHT_TUTORIAL)
    assert one(events, "game_over").data["winners"] == [1]


# ---- 10. Mycroft's extra read is private -------------------------------------------------------------


def test_the_card_mycroft_reads_is_named_to_its_reader_only():
    state = fresh(2)
    give(state, 0, "mycroft")
    act(state, 0, "character")
    visit(state, 0, "C02", 0)
    visit(state, 1, "C04", 0)
    events = act(state, 0, "extra_read", "C05")
    for event in events:
        if event.audience is None:
            assert "C05" not in orjson.dumps(event.data).decode(), event.kind
    public = GAME.view(state, None)
    assert "C05" not in orjson.dumps({k: v for k, v in public.items() if k != "case"}).decode()
    assert public["extra_reads"] == [0]  # that an extra read happened, which Mycroft's reveal told
    assert [r["card"] for r in GAME.view(state, 0)["you"]["reading"]] == ["C02", "C05"]
    assert "C05" not in orjson.dumps({k: v for k, v in GAME.view(state, 1).items() if k != "case"}).decode()
    public_line = Narrator(GAME.case(state)).describe(one(events, "extra_read"))
    assert public_line is not None and "Lamp" not in public_line.render("en")


# ---- 11. no key before the whole sheet is written ---------------------------------------------------


def at_the_answer_sheet(lang: str = "en") -> tuple[WatsonHolmes, Any, dict[int, WatsonHolmesPages]]:
    """A 2-seat game whose free-text question comes first, with seat 0 at 221B ready to answer, and
    the seat pages in `lang`."""
    game = free_text_first()
    state = fresh(2, game=game)
    pages = seat_pages(game, state, lang)
    spare = ["C02"]
    while state.stage == "visit":
        seat = state.turn
        visit(state, seat, "C221B" if seat == 0 else spare.pop(0), None if seat == 0 else 0, game=game)
    finish_reading(state, game)
    act(state, 0, "ready", game=game)
    return game, state, pages


def test_a_free_text_question_asked_first_shows_no_key_until_every_answer_is_written():
    game, state, pages = at_the_answer_sheet()
    key = "Inside the organ"
    prompt = prompt_for(state, 0, game)
    assert prompt.data["question"] == "Q2" and [a.kind for a in prompt.actions] == ["written"]
    assert "accepted" not in prompt.data
    assert key not in words(pages[0].menu(prompt, game.view(state, 0)).screens())
    act(state, 0, "written", "Q2", game=game)
    prompt = prompt_for(state, 0, game)
    assert prompt.data["question"] == "Q1" and "accepted" not in prompt.data  # "who took it" not answered yet
    assert key not in words(pages[0].menu(prompt, game.view(state, 0)).screens())
    act(state, 0, "answer", "Q1", "marsh", game=game)
    prompt = prompt_for(state, 0, game)  # the whole sheet is written: now compared with the card
    assert prompt.data["question"] == "Q2" and [a.kind for a in prompt.actions] == ["grade", "grade"]
    assert key in words(pages[0].menu(prompt, game.view(state, 0)).screens())
    events = act(state, 0, "grade", "Q2", True, game=game)
    assert one(events, "game_over").data["winners"] == [0]


# ---- 12. Spanish -------------------------------------------------------------------------------------


def test_spanish_names_characters_after_a_verb_without_a_missing_article():
    narrator = Narrator()
    for character in ("lestrade", "hudson"):
        name = gettext_in("es", load_characters().get(character).name)
        for event in (Event("character_revealed", {"seat": 0, "character": character}),
                      Event("character_revealed", {"seat": 1, "character": "wiggins", "copies": character}),
                      Event("character_discarded", {"seat": 0, "character": character, "carriages": 3})):
            line = narrator.describe(event)
            assert line is not None
            spoken = line.render("es")
            assert name in spoken
            assert f" a {name}" not in spoken, spoken


def test_wiggins_text_is_grammatical_spanish():
    text = gettext_in("es", load_characters().get("wiggins").text)
    assert "actuarían" not in text and "Si ambos fueran a actuar a la vez" in text


def test_the_journal_is_not_named_like_the_diary_token():
    diary = Text(N_("Everyone has chosen a card; {diary} takes the Diary."), {"diary": "X"}).render("es")
    title = journal([], "es").title
    assert title.lower() not in diary.lower(), (title, diary)
    assert "cuaderno" in Text(N_("Answers in your journal")).render("es").lower()


def test_the_written_answer_choice_is_in_words_in_spanish():
    """The new choice of the written sheet is in words on the seat screen, in both languages."""
    game, state, pages = at_the_answer_sheet("es")
    prompt = prompt_for(state, 0, game)
    assert Action("written", ("Q2",)) in prompt.actions
    assert "Escrita en mi papel" in words(pages[0].menu(prompt, game.view(state, 0)).screens())
