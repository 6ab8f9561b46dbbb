"""Watson & Holmes seat screens: golden images of the key screens in English and Spanish, the card's
text paged before the reading choice, choices in words that fit, and at every step of seeded bot games
each seat's screens show only what that seat's view and events hold.

Run with UPDATE_GOLDEN=1 to rewrite the reference images after a deliberate change (and review them).
"""

from __future__ import annotations

import json

import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.games.base import Event, Prompt
from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.referee.narration import narrator_for
from kiosk.seats.canvas import ELLIPSIS, WIDTH, text_width, wrap
from kiosk.seats.controller import SeatController
from kiosk.seats.pages import seat_pages
from kiosk.seats.screen import PAGE_LINES, Screen, render
from kiosk.seats.watson_holmes import WatsonHolmesPages, make_pages
from tests.seats.leak_checks import snippet, wh_leaks, wh_shown as shown
from tests.seats.test_seat_screens import check

GAME = WatsonHolmes()


class Table:
    """A seeded bot game with every seat's pages fed exactly what the referee feeds them."""

    def __init__(self, seats=4, seed=7, lang="en", **options):
        self.state = GAME.start(seats, seed, options)
        self.narrator = narrator_for("watson-holmes", GAME.view(self.state, None))
        self.pages = {s: make_pages(self.narrator, lang) for s in range(seats)}
        self.bots = [RandomBot(s, seed) for s in range(seats)]
        self.log: list[Event] = []

    def step(self) -> list[Event]:
        prompt = min(GAME.prompts(self.state), key=lambda p: p.seat)
        events = GAME.apply(self.state, prompt.seat, self.bots[prompt.seat].choose(GAME.view(self.state, prompt.seat), prompt))
        self.log += events
        for seat, pages in self.pages.items():
            pages.observe([e for e in events if e.visible_to(seat)])
        return events

    def until(self, wanted, limit=5000):
        for _ in range(limit):
            if GAME.prompts(self.state) and wanted(self):
                return self
            if not GAME.prompts(self.state):
                break
            self.step()
        raise AssertionError("the moment never came")

    def prompt(self, kind: str) -> Prompt:
        return next(p for p in GAME.prompts(self.state) if p.kind == kind)

    def has(self, kind: str) -> bool:
        return any(p.kind == kind for p in GAME.prompts(self.state))


def reading_moment(lang="en") -> Table:
    return Table(lang=lang, case="thornbury-clock").until(lambda t: t.has("reading"))


# --- golden images -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
def test_idle_screen(lang):
    table = Table(lang=lang, case="thornbury-clock").until(lambda t: t.state.round == 2 and t.has("visit"))
    seat = table.prompt("visit").seat
    check(f"wh_idle_{lang}", render(table.pages[seat].idle(GAME.view(table.state, seat))))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_visit_choice(lang):
    table = Table(lang=lang, case="thornbury-clock")
    prompt = table.prompt("visit")
    menu = table.pages[prompt.seat].menu(prompt, GAME.view(table.state, prompt.seat))
    assert menu.entries[0].is_group  # first what (a location), then which
    check(f"wh_visit_{lang}", render(menu.screen((0,), 1)))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_card_read_is_paged_before_the_choice_that_closes_it(lang):
    table = reading_moment(lang)
    prompt = table.prompt("reading")
    pages = table.pages[prompt.seat]
    menu = pages.menu(prompt, GAME.view(table.state, prompt.seat))
    lead = sum(1 for e in menu.entries if e.action is None and not e.is_group)
    assert lead >= 2, "a card's text takes several pages of four lines"
    first = menu.screen()
    assert first.items[0].lines and len(first.items) == lead + len(prompt.actions)
    text = " ".join(line for item in first.items[:lead] for line in item.lines)
    (reading,) = GAME.view(table.state, prompt.seat)["you"]["reading"]
    assert " ".join(reading["text"][lang].split()) in text  # every word of the card, in order
    assert all(len(item.lines) <= PAGE_LINES for item in first.items[:lead])
    check(f"wh_reading_{lang}", render(first))
    check(f"wh_reading_done_{lang}", render(menu.screen((), lead)))


def test_bid_and_journal_and_character():
    table = Table(case="thornbury-clock").until(lambda t: t.has("bid"))
    bid = table.prompt("bid")
    menu = table.pages[bid.seat].menu(bid, GAME.view(table.state, bid.seat))
    check("wh_bid_en", render(menu.screen((1,), 2)))
    table.until(lambda t: t.state.round == 3)
    seat = 1
    view = GAME.view(table.state, seat)
    check("wh_journal_es", render(WatsonHolmesPages(table.narrator, "es", seen=table.pages[seat].seen).page("journal", view, 0)))
    check("wh_character_en", render(table.pages[seat].page("character", view, 1)))


def test_holmes_reveal_and_answer_form():
    table = Table(case="thornbury-clock").until(lambda t: t.has("answer"))
    answer = table.prompt("answer")
    pages = table.pages[answer.seat]
    view = GAME.view(table.state, answer.seat)
    check("wh_question_es", render(make_pages(table.narrator, "es").menu(answer, view).screen()))
    menu = pages.menu(answer, view)
    first = next(i for i, e in enumerate(menu.entries) if e.confirms)  # each answer is sent from its summary
    check("wh_answer_en", render(menu.screen((), first)))
    check("wh_answer_sure_es", render(make_pages(table.narrator, "es").menu(answer, view).screen((first,), 0)))
    reveal = pages.reveal(Event("holmes_answer", {"seat": 0, "question": "Q2", "answer": "x", "right": False}, frozenset({0})), 0)
    assert reveal is not None and reveal.inverted
    check("wh_holmes_es", render(make_pages(table.narrator, "es").reveal(
        Event("holmes_answer", {"seat": 0, "question": "Q2", "answer": "x", "right": True}, frozenset({0})), 0)))


# --- the three-button grammar with pages to read -----------------------------------------------------


def test_select_turns_the_pages_then_chooses():
    table = reading_moment()
    prompt = table.prompt("reading")
    pages = table.pages[prompt.seat]
    controller = SeatController(prompt.seat, pages)
    controller.update(GAME.view(table.state, prompt.seat), prompt)
    lead = sum(1 for e in pages.menu(prompt, controller.view).entries if e.action is None and not e.is_group)
    for page in range(lead):
        assert controller.screen().index == page
        assert controller.press("select") is None  # turns the page, chooses nothing
    assert controller.press("select") == prompt.actions[0]
    controller.update(GAME.view(table.state, prompt.seat), prompt)
    controller.index = 0
    controller.press("prev")  # from the first page, back round to the last choice
    assert controller.screen().index == lead + len(prompt.actions) - 1


def test_registered_for_the_game():
    assert isinstance(seat_pages("watson-holmes", Table().narrator, "es"), WatsonHolmesPages)


# --- words and fit -------------------------------------------------------------------------------


def uncut(screen: Screen) -> None:
    """Nothing on the screen had to be cut short (titles, choices, details)."""
    position = f"{screen.index + 1}/{len(screen.items)}" if len(screen.items) > 1 else ""
    room = WIDTH - 2 - (text_width(position, 12) + 4 if position else 0)
    assert text_width(screen.title, 12) <= room, f"title cut: {screen.title!r}"
    for item in screen.items:
        if item.lines:
            assert all(text_width(line, 12) <= WIDTH - 2 for line in item.lines)
            continue
        lines, _ = wrap(item.label, WIDTH - (12 if item.mark else 0))
        assert ELLIPSIS not in "".join(lines), f"choice cut: {item.label!r} (a long one goes in lines)"
        assert text_width(item.detail, 12) <= WIDTH, f"detail cut: {item.detail!r}"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("case", ["lamplighter", "thornbury-clock"])
def test_every_choice_of_whole_games_is_in_words_that_fit(lang, case):
    kinds = set()
    for seed in (1, 2, 3):
        table = Table(seats=5, seed=seed, lang=lang, case=case)
        while GAME.prompts(table.state):
            for prompt in GAME.prompts(table.state):
                kinds.add(prompt.kind)
                for screen in table.pages[prompt.seat].menu(prompt, GAME.view(table.state, prompt.seat)).screens():
                    uncut(screen)
                    assert all("_" not in item.label for item in screen.items), "a raw action kind reached the screen"
            table.step()
    assert {"visit", "bid", "reading", "wait_221b", "answer"} <= kinds


# --- each seat sees only its own ----------------------------------------------------------------------


def every_screen(pages: WatsonHolmesPages, view: dict, prompt: Prompt | None) -> list[Screen]:
    screens = [pages.idle(view)]
    for name in pages.pages:
        first = pages.page(name, view, 0)
        screens += [pages.page(name, view, i) for i in range(len(first.items))]
    if prompt is not None:
        screens += pages.menu(prompt, view).screens()
    return screens


@pytest.mark.parametrize("seed,physical", [(3, False), (8, False), (5, True)])
def test_each_seat_shows_only_what_its_view_and_events_hold(seed, physical):
    table = Table(seats=4, seed=seed, case="thornbury-clock", physical=physical)
    steps = 0
    while GAME.prompts(table.state) and steps < 400:
        prompts = {p.seat: p for p in GAME.prompts(table.state)}
        public = GAME.view(table.state, None)
        for seat, pages in table.pages.items():
            view = GAME.view(table.state, seat)
            text = shown(every_screen(pages, view, prompts.get(seat)))
            kind = prompts[seat].kind if seat in prompts else None
            assert not wh_leaks(text, seat, view, public, kind, table.narrator, physical)
        table.step()
        steps += 1
    assert steps > 50


def test_the_journal_names_cards_read_but_never_their_text():
    table = Table(seats=3, seed=4, case="thornbury-clock").until(lambda t: t.state.round == 4)
    for seat, pages in table.pages.items():
        journal = pages.page("journal", GAME.view(table.state, seat), 0)
        mine = [e for e in table.log if e.kind == "card_read" and e.audience == frozenset({seat})]
        labels = [item.label for item in journal.items]
        assert sum(1 for item in journal.items if item.detail.startswith("You ·")) == len(mine)
        for event in mine:
            assert table.narrator.card(event.data["card"]).render("en") in labels
            assert snippet(event.data["text"]["en"]) not in shown([journal])


def test_pages_keep_no_private_event_of_another_seat():
    """The controller hands a seat its own events only; the pages never ask for more."""
    table = Table(seats=3, seed=4, case="thornbury-clock").until(lambda t: t.state.round == 3)
    for seat, pages in table.pages.items():
        assert all(e.visible_to(seat) for e in pages.seen)
        assert json.dumps([e.data for e in pages.seen], default=str)  # plain data


@pytest.mark.parametrize(("lang", "title", "leave"), [
    ("en", "Seat {by} outbid you", "Go elsewhere: -{lost}"),  # ends on a word: "Outbid by Seat 2 1/2" (playWH21)
    ("es", "Puesto {by}: te gana", "Ir a otro sitio: -{lost}"),
])
def test_the_outbid_prompt_says_who_outbid_the_seat_and_what_it_costs(lang, title, leave):
    table = Table(seed=1, lang=lang, case="thornbury-clock").until(  # a bid outbid (not a walk: it costs)
        lambda t: t.has("outbid") and t.state.pending.get("lost"))
    prompt = table.prompt("outbid")
    (event,) = [e for e in table.log if e.kind == "outbid"][-1:]
    assert event.data["seat"] == prompt.seat
    menu = table.pages[prompt.seat].menu(prompt, GAME.view(table.state, prompt.seat))
    screen = menu.screen()
    assert screen.title == title.format(by=event.data["by"] + 1)  # the OLED's title and the phone page's
    assert text_width(screen.title, 12) <= WIDTH - 24  # whole on the seat screen, beside its counter
    assert screen.items[0].label == leave.format(lost=event.data["lost"])
    check(f"wh_outbid_{lang}", render(screen))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_while_a_seat_chooses_again_after_an_outbid_the_others_say_so(lang):
    """The trial of issue 38: the seat that outbid read "Your turn to visit" while the outbid one chose."""
    from kiosk.seats.watson_holmes import status

    table = Table(seed=1, lang=lang, case="thornbury-clock").until(lambda t: t.has("outbid"))
    outbid = table.prompt("outbid").seat
    for seat in range(4):
        if seat == outbid:
            continue
        words = status(GAME.view(table.state, seat), table.narrator, seat).render(lang)
        assert words == {"en": "Seat {n} is visiting", "es": "El puesto {n} visita"}[lang].format(n=outbid + 1)


@pytest.mark.parametrize("lang, won, closed", [("en", "You solved the case", "The case is closed"),
                                             ("es", "Has resuelto el caso", "El caso está cerrado")])
def test_the_winners_seat_says_it_solved_the_case_once_it_is_closed(lang, won, closed):
    """playWH33: the winner's own seat read "The case is closed", like everyone else's, once the game was over."""
    from kiosk.seats.watson_holmes import status

    table = Table(seed=1, lang=lang, case="thornbury-clock")
    while GAME.prompts(table.state):  # to the end (random bots solve nothing: seat 2 is given the win below)
        table.step()
    views = {seat: GAME.view(table.state, seat) for seat in range(4)}
    for view in views.values():
        view["players"] = [dict(player, won=seat == 2) for seat, player in enumerate(view["players"])]
    said = {seat: status(view, table.narrator, seat).render(lang) for seat, view in views.items()}
    assert all(view["over"] for view in views.values())
    assert said == {0: closed, 1: closed, 2: won, 3: closed}, said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_your_move_says_what_is_asked_in_one_line_and_the_idle_title_names_the_character(lang):
    """The trial of issue 38 asked that a seat name its own character: the idle title does, between
    moves. "Your move" keeps its short notice: naming the character there too («Billy the page:
    visit a card») wrapped it to a second line on every awaited seat, and with seven seats asked at
    once the last one waited 35 ms instead of 16 for its screen (#35's W&H goal is 20 ms)."""
    from kiosk.referee.awaited import doing
    from kiosk.seats.watson_holmes import own_character

    table = Table(lang=lang, case="thornbury-clock").until(lambda t: t.has("visit") and own_character(
        GAME.view(t.state, t.prompt("visit").seat), t.narrator) is not None)
    prompt = table.prompt("visit")
    view = GAME.view(table.state, prompt.seat)
    name = own_character(view, table.narrator).render(lang)
    controller = SeatController(prompt.seat, table.pages[prompt.seat])
    controller.update(view, None)
    assert name in controller.screen().title
    asked = doing("watson-holmes", prompt.kind, GAME.view(table.state, None), table.narrator)
    controller.update(view, prompt, asked)
    screen = controller.screen()
    assert screen.inverted and screen.title == {"en": "Your move", "es": "Tu jugada"}[lang]
    assert name not in screen.notice and screen.notice.lower() == asked.render(lang).lower()
    check(f"wh_your_move_{lang}", render(screen))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_reveal_your_character_says_what_the_card_does(lang):
    """A trial's newcomer was offered "Reveal your character" with nothing on the turn's screens to
    say what revealing would do: the entry's second line says it, for each card whose label cannot."""
    from kiosk.seats.watson_holmes import REVEAL_DOES, own_card
    from kiosk.i18n import Text

    found = set()
    for seed in range(40):
        table = Table(seats=4, seed=seed, lang=lang, case="thornbury-clock")
        try:
            table.until(lambda t: t.has("visit") and any(a.kind == "character" and not a.args for a in t.prompt("visit").actions))
        except AssertionError:
            continue
        prompt = table.prompt("visit")
        view = GAME.view(table.state, prompt.seat)
        card = own_card(view, table.narrator)
        if card is None or card.effect not in REVEAL_DOES:
            continue
        menu = table.pages[prompt.seat].menu(prompt, view)
        group = next(e for e in menu.entries if e.below and any(b.action and b.action.kind == "character" for b in e.below))
        reveal = next(b for b in group.below if b.action == next(a for a in prompt.actions if a.kind == "character" and not a.args))
        assert reveal.item.detail == Text(REVEAL_DOES[card.effect]).render(lang)
        found.add(card.effect)
    assert len(found) >= 2, found
