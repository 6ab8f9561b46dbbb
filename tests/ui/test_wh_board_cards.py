"""The Watson & Holmes board's location cards: any case grid (up to 8x6, with zones) is drawn with its
names at the type scale's sizes, a page at a time where they would not fit; a tap on a card chooses it
where a public choice takes it and otherwise opens what is public of it, and nothing more."""

from __future__ import annotations

import copy
from typing import Any

import pygame
import pytest

from kiosk.games.base import Action, Prompt
from kiosk.games.watson_holmes.narrate import CaseText, Narrator
from kiosk.ui.boards import BoardContext, make_board
from kiosk.ui.boards.watson_holmes import CASE_FILE, WatsonHolmesBoard
from kiosk.ui.boards.wh_cards import CARD, PAGE
from kiosk.ui.boards.wh_detail import CLOSE
from kiosk.ui.boards.wh_pages import RESULT_PAGE
from kiosk.ui.layout import LAYOUTS
from tests.games.watson_holmes_support import GAME, case_from, game_with, raw_case, visit
from tests.ui.scene_checks import render, render_everywhere

LANDSCAPE, PORTRAIT = LAYOUTS["800x480"], LAYOUTS["720x1280"]


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def regridded(cols: int, rows: int) -> dict[str, Any]:
    """The full case with its 22 location cards and two fixed cards laid out on a `cols` x `rows` grid,
    row by row (the places left over stay empty)."""
    raw = raw_case("thornbury-clock")
    case = raw["case"]
    case["layout"]["grid"] = {"cols": cols, "rows": rows}
    cards = case["location_cards"] + [case["fixed_cards"]["baker_street_221b"], case["fixed_cards"]["carriage_stop"]]
    assert len(cards) <= cols * rows
    for i, card in enumerate(cards):
        card["position"] = {"col": i % cols + 1, "row": i // cols + 1}
    return raw


class Table:
    """A case, a game and a board fed with the public view, as the table feeds it."""

    def __init__(self, raw: dict[str, Any] | None = None, seats: int = 5, seed: int = 3, bots: frozenset[int] = frozenset()):
        case = case_from(raw or regridded(6, 4))
        self.game = game_with(case)
        self.state = self.game.start(seats, seed, {"case": case.id, "characters": False})
        self.narrator = Narrator(case)
        self.submitted: list[tuple[int, Action]] = []
        context = BoardContext("watson-holmes", seats, self.narrator, lambda seat, action: self.submitted.append((seat, action)),
                               bots=bots)
        self.board = make_board(context)
        assert isinstance(self.board, WatsonHolmesBoard)
        self.refresh()

    def refresh(self, prompts: list[Prompt] | None = None) -> None:
        self.board.update(self.game.view(self.state, None), prompts or [], 0.0)

    def play(self, seat: int, card: str, bid: int = 0) -> None:
        events = visit(self.state, seat, card, bid, game=self.game)
        self.board.observe(events, 0.0)
        self.refresh()

    def view(self) -> dict[str, Any]:
        return self.game.view(self.state, None)


def card_target(painter, card: str) -> pygame.Rect:
    return next(t.rect for t in painter.targets if t.value == (CARD, card))


# --- any grid, at every layout ----------------------------------------------------------------------


@pytest.mark.parametrize("cols,rows", [(8, 6), (8, 3), (4, 6), (6, 4), (5, 5)])
def test_any_grid_is_drawn_at_the_type_scale_everywhere(cols, rows):
    table = Table(regridded(cols, rows), seats=7)
    table.board.tap(CASE_FILE, 0.0)  # to the board
    painters = render_everywhere(f"wh-board-grid-{cols}x{rows}", lambda: copy.deepcopy(table.board))
    for painter in painters:
        shown = {t.value[1] for t in painter.targets if isinstance(t.value, tuple) and t.value[0] == CARD}
        paged = any(t.value == (PAGE, 1) for t in painter.targets)
        assert shown and (paged or len(shown) == 24), f"{painter.layout.name}: cards missing with no pages to turn"


def test_every_card_is_on_some_page_and_the_buttons_turn_them():
    table = Table(regridded(8, 6), seats=4)
    board = table.board
    board.tap(CASE_FILE, 0.0)
    seen: set[str] = set()
    painter = render(board, LANDSCAPE, "es")
    assert board.plan is not None and board.plan.pages > 1, "an 8x6 grid on a 7-inch screen is paged"
    for _ in range(board.plan.pages):
        painter = render(board, LANDSCAPE, "es")
        seen |= {t.value[1] for t in painter.targets if isinstance(t.value, tuple) and t.value[0] == CARD}
        forward = next(t for t in painter.targets if t.value == (PAGE, 1))
        board.tap(painter.hit(forward.rect.center), 0.0)
    assert seen == {c["id"] for c in table.view()["case"]["cards"]}
    assert board.page == 0  # all the way round


def test_the_grid_turns_to_the_page_of_the_card_just_visited():
    table = Table(regridded(8, 6), seats=4)
    board = table.board
    board.tap(CASE_FILE, 0.0)
    render(board, LANDSCAPE, "en")
    far = next(c for c in table.view()["case"]["cards"] if c["position"][0] == 8)  # the last column
    seat = table.state.turn
    table.play(seat, far["id"])
    painter = render(board, LANDSCAPE, "en")
    assert any(t.value == (CARD, far["id"]) for t in painter.targets)


# --- taps on cards ------------------------------------------------------------------------------------


def visit_prompt(table: Table, seat: int) -> Prompt:
    """The visiting choice as a public prompt (today every seat asks it in private; a table that
    plays it on the touchscreen would send it public)."""
    private = next(p for p in table.game.prompts(table.state) if p.seat == seat)
    return Prompt(seat, private.kind, private.actions, private=False, data=private.data)


def test_a_tap_on_a_card_chooses_it_for_a_public_visit():
    table = Table()
    seat = table.state.turn
    table.refresh([visit_prompt(table, seat)])
    board = table.board
    board.tap(CASE_FILE, 0.0)
    for layout in (LANDSCAPE, PORTRAIT):
        painter = render(copy.deepcopy(board), layout, "en")
        assert any(d.text == f"Seat {seat + 1}: tap a card to choose it" for d in painter.drawn)
        assert not any(isinstance(t.value, tuple) and isinstance(t.value[1], Action) and t.value[1].kind == "visit"
                       for t in painter.targets), "the cards are the buttons"
    painter = render(board, PORTRAIT, "en")
    board.tap(painter.hit(card_target(painter, "C03").center), 0.0)
    assert table.submitted == [(seat, Action("visit", ("C03",)))]


def test_a_card_the_public_choice_does_not_take_opens_instead():
    table = Table()
    seat = table.state.turn
    prompt = visit_prompt(table, seat)
    table.refresh([Prompt(seat, "visit", tuple(a for a in prompt.actions if a.args[:1] != ("C02",)), private=False)])
    board = table.board
    board.tap(CASE_FILE, 0.0)
    painter = render(board, LANDSCAPE, "en")
    board.tap(painter.hit(card_target(painter, "C02").center), 0.0)
    assert table.submitted == [] and board.opened == "C02"


def test_a_bot_seat_choice_is_not_answered_by_a_tap():
    table = Table(bots=frozenset({0, 1, 2, 3, 4}))
    table.refresh([visit_prompt(table, table.state.turn)])
    board = table.board
    board.tap(CASE_FILE, 0.0)
    painter = render(board, LANDSCAPE, "en")
    board.tap(painter.hit(card_target(painter, "C03").center), 0.0)
    assert table.submitted == [] and board.opened == "C03"


def test_a_stale_choice_changes_nothing_and_says_so():
    table = Table()
    seat = table.state.turn
    board = table.board
    board.tap(CASE_FILE, 0.0)
    table.refresh([visit_prompt(table, seat)])
    board.choose(seat, Action("visit", ("C99",)))
    assert table.submitted == [] and board.notice is not None
    assert board.notice.render("en") == "That choice is no longer open."


def test_an_opened_card_shows_its_public_facts_and_closes_on_a_tap():
    table = Table()
    board = table.board
    seat = table.state.turn
    table.play(seat, "C01", bid=2)
    board.tap((CARD, "C01"), 0.0)
    assert board.opened == "C01"
    painters = render_everywhere("wh-board-card-opened", lambda: copy.deepcopy(board))
    texts = {d.text for d in painters[0].drawn}
    assert "1. Scotland Yard" in texts and f"Seat {seat + 1} is here, bid: 2." in texts
    assert "Gives a call-off token." in texts and "Gives a police token." in texts
    assert "Zone: London" in texts
    painter = painters[0]
    assert any(t.value == CLOSE for t in painter.targets)
    board.tap(CLOSE, 0.0)
    assert board.opened is None


def test_a_card_text_is_public_only_while_dr_watson_has_read_it():
    """An opened card shows its text only if it is the card Dr Watson read to everyone this round."""
    table = Table()
    board = table.board
    case = table.narrator.case
    texts = {c.id: dict(c.text) for c in case.cards if c.text}
    board.tap(CASE_FILE, 0.0)
    board.tap((CARD, "C02"), 0.0)
    assert board.opened == "C02"
    painter = render(copy.deepcopy(board), PORTRAIT, "en")
    assert not [d for d in painter.drawn if isinstance(d.source, CaseText) and d.source.params in texts.values()]
    view = table.view()
    view["watson_reading"] = {"card": "C02", "text": texts["C02"]}
    board.update(view, [], 0.0)
    painter = render(copy.deepcopy(board), PORTRAIT, "en")
    assert [d for d in painter.drawn if isinstance(d.source, CaseText) and d.source.params == texts["C02"]]
    board.tap(CLOSE, 0.0)
    board.tap((CARD, "C03"), 0.0)
    painter = render(copy.deepcopy(board), PORTRAIT, "en")
    assert not [d for d in painter.drawn if isinstance(d.source, CaseText) and d.source.params in texts.values()]


# --- the end's two pages ---------------------------------------------------------------------------


def test_the_solution_is_a_tap_away_at_the_end():
    from tests.ui.test_watson_holmes_board import MOMENTS, Game

    game = Game(seats=5, seed=5).until(MOMENTS["end"])
    board = game.board
    assert isinstance(board, WatsonHolmesBoard)
    painter = render(board, LANDSCAPE, "en", 1000.0)  # the end page, once the verdicts have been shown
    button = next(t for t in painter.targets if t.value == RESULT_PAGE)
    board.tap(painter.hit(button.rect.center), 0.0)
    painters = render_everywhere("wh-board-solution", lambda: copy.deepcopy(board), 1000.0)
    solution = dict(game.narrator.case.solution) if game.narrator.case.solution else None
    if solution:
        assert any(isinstance(d.source, CaseText) and d.source.params == solution for d in painters[0].drawn)
    board.tap(RESULT_PAGE, 0.0)
    assert board.result_page == 0


# --- every bundled case ------------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(GAME.cases))
@pytest.mark.parametrize("moment", ["first-visit", "mid-game", "end"])
def test_every_bundled_case_at_every_layout(case, moment):
    from tests.ui.test_watson_holmes_board import MOMENTS, Game

    wanted = MOMENTS.get(moment, lambda g, ev: len(g.public) >= 15)  # well into the game
    seats = min(6, GAME.cases[case].max_players)  # a small case is offered to two or three only
    game = Game(case=case, seats=seats, seed=4).until(wanted)
    render_everywhere(f"wh-board-case-{case}-{moment}", game.frozen(), 1000.0)


def test_opened_cards_and_readings_draw_only_what_the_public_knows():
    """Through a whole bot game, an opened card (each in turn) and Dr Watson's reading drawn big show
    nothing the public was not given: no card text but the one read aloud this round."""
    from tests.ui.test_watson_holmes_board import Game, check_public

    game = Game(seats=5, seed=11)
    ids = [c["id"] for c in game.board.view["case"]["cards"]]
    steps = 0
    for _ in game.steps():
        steps += 1
        board = copy.deepcopy(game.board)
        board.case_file = False
        board.tap((CARD, ids[steps % len(ids)]), 1000.0)
        layout = (LANDSCAPE, PORTRAIT)[steps % 2]
        check_public(game, render(board, layout, "en", 1000.0))
        if game.board.reading is not None:
            check_public(game, render(copy.deepcopy(game.board), layout, "es", game.board.reading.start))
    assert game.state.over and steps > 10
