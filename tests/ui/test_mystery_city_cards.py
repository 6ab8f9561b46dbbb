"""The Mystery City board drawn as cards (issue #16): card faces with their five attributes and "?"
marked, a portrait layout of its own, a duel shown big for the table's reveal seconds that then
settles into the board and the log, and nothing private on the public screen at any of it."""

from __future__ import annotations

import pygame
import pytest

from kiosk.games.mystery_city.cards import ABILITY_NAMES, ATTRIBUTES, UNKNOWN, load_cards
from kiosk.i18n import Text
from kiosk.referee.narration import narrator_for
from kiosk.seats.mystery_city import SHORT
from kiosk.ui.boards.event_log import Step
from kiosk.ui.boards.mc_cards import card_rect, draw_face
from kiosk.ui.boards.mc_layout import growth, regions
from kiosk.ui.boards.mystery_city import MysteryCityBoard
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter, Verbatim
from kiosk.ui.theme import CARD_TABLE
from tests.ui.scene_checks import LANGUAGES, check_frame, render, render_everywhere, save
from tests.ui.test_live_animations import SOON, live  # noqa: F401 (the live table fixture)
from tests.ui.test_mystery_city_board import MOMENTS, first, kinds, moments, public_cards_only

CARDS = load_cards()
NARRATOR = narrator_for("mystery-city", {})


def duel_moment(name: str) -> MysteryCityBoard:
    seats, seed, wanted, options = MOMENTS[name]
    board = first(seats, seed, wanted, options).board
    assert board.duel is not None, f"{name}: no exchange decided yet"
    return board


@pytest.mark.parametrize("name", ["start", "register", "attack", "lead", "tie", "dice", "over"])
def test_every_moment_passes_the_scene_checks_at_every_layout(name):
    seats, seed, wanted, options = MOMENTS[name]
    board = first(seats, seed, wanted, options).board
    render_everywhere(f"mc-cards-{name}", lambda: board, now=1e6)  # long after any duel was shown big


@pytest.mark.parametrize("name", ["dice", "tie", "collect"])
def test_a_duel_shown_big_passes_the_scene_checks_at_every_layout(name):
    board = duel_moment(name)
    painters = render_everywhere(f"mc-cards-duel-{name}", lambda: board, now=board.duel.start + 0.5)
    for painter in painters:
        texts = [d.text for d in painter.drawn]
        assert board.duel.result.render(painter.lang) in texts  # the result, on the stage
        for side in board.duel.exchange["sides"]:  # both cards of the exchange, face up
            assert NARRATOR.card(side["card"]).render(painter.lang) in texts


def faces(card_id: str, size_mm: tuple[float, float], layout_name: str, lang: str, fought: str | None) -> Painter:
    """One card face drawn alone, `size_mm` at most, as the board draws it on that layout."""
    layout = LAYOUTS[layout_name]
    painter = Painter(pygame.Surface(layout.size), layout, CARD_TABLE, lang)
    painter.fill((14, 70, 43))
    box = pygame.Rect(10, 10, layout.mm(size_mm[0]), layout.mm(size_mm[1]))
    card = CARDS.card(card_id)
    draw_face(painter, card_rect(box), card, NARRATOR.card(card_id), fought, growth(layout))
    return painter


@pytest.mark.parametrize("layout_name", list(LAYOUTS))
@pytest.mark.parametrize("card_id", list(CARDS.cards))
def test_a_card_face_shows_its_number_name_five_attributes_and_marks_every_unknown(card_id, layout_name):
    card = CARDS.card(card_id)
    for lang in LANGUAGES:
        painter = faces(card_id, (40, 56), layout_name, lang, fought="HT")
        check_frame(painter, f"{card_id} at {layout_name} in {lang}")
        drawn = [d.source for d in painter.drawn]
        texts = [d.text for d in painter.drawn]
        assert NARRATOR.card(card_id).render(lang) in texts
        assert any(str(card.number) in t for t in texts)
        for attribute in ATTRIBUTES:
            assert Text(SHORT[attribute]) in drawn
        unknown = [a for a in ATTRIBUTES if card.values[a] == UNKNOWN]
        assert sum(1 for s in drawn if s == Verbatim(UNKNOWN)) == len(unknown)
        printed = [str(card.values[a]) for a in ATTRIBUTES if card.values[a] != UNKNOWN]
        badge = [] if card.special else [str(card.number)]  # a special's badge reads "★9"
        assert sorted(t for t in texts if t.isdigit()) == sorted(printed + badge)
        if card.special:  # red, with its star and its ability named
            assert any("★" in t for t in texts)
            assert Text(ABILITY_NAMES[card.ability]) in drawn
        if layout_name == "720x1280" and lang == "en":
            save(painter, f"mc-card-{card_id}")


def test_a_small_card_keeps_the_value_fought_over_and_marks_it_unknown():
    painter = faces("bess", (18, 26), "800x480", "en", fought="MO")  # Bess: MO is "?"
    check_frame(painter, "a small Bess")
    assert Verbatim(UNKNOWN) in [d.source for d in painter.drawn]
    painter = faces("bess", (18, 26), "800x480", "en", fought="ST")
    assert "3" in [d.text for d in painter.drawn] and Verbatim(UNKNOWN) not in [d.source for d in painter.drawn]


def test_portrait_draws_the_cards_on_the_table_with_all_five_attributes():
    board = first(*MOMENTS["dice"][:3]).board
    painter = render(board, LAYOUTS["720x1280"], "en", 1e6)
    codes = [d.text for d in painter.drawn if d.text in {a for a in ATTRIBUTES}]
    assert len(codes) == 2 * len(ATTRIBUTES)  # both cards of the duel, full faces


def test_the_duel_shows_big_for_the_reveal_seconds_then_settles_into_the_board():
    board = duel_moment("dice")
    duel = board.duel
    assert duel.seconds == board.context.reveal_seconds
    assert board.next_frame(duel.start + 1.0) == pytest.approx(duel.end - (duel.start + 1.0))
    shown = render(board, LAYOUTS["800x480"], "en", duel.start + 1.0)
    assert duel.result.render("en") in [d.text for d in shown.drawn]
    assert board.next_frame(duel.end) is None  # settled: nothing moves by itself
    after = render(board, LAYOUTS["800x480"], "en", duel.end)
    assert board.banner is not None and board.banner.render("en") in [d.text for d in after.drawn]


def test_every_banner_goes_into_the_log_in_the_same_words():
    seen = 0
    for moment in moments(3, 7):
        board = moment.board
        if board.banner is not None:
            assert board.log.lines[0] == board.banner
            seen += 1
    assert seen > 10
    for layout in LAYOUTS.values():  # at least three lines of it at once, newest first
        painter = render(board, layout, "es", 1e6)
        newest = [line.render("es") for line in board.log.lines]
        log = regions(layout, painter.surface.get_rect(), 3, 0).log
        drawn = [d for d in painter.drawn if d.text in newest and log.contains(d.rect)]
        assert [d.text for d in drawn] == newest[:len(drawn)]
        assert sum(round(d.rect.height / board.log.line_px) for d in drawn) >= 3, layout.name


def test_the_log_scrolls_from_the_board():
    board = first(3, 7, kinds("collect")).board
    painter = render(board, LAYOUTS["800x480"], "en", 1e6)
    older = next(t for t in painter.targets if isinstance(t.value, Step) and t.value.pages == 1)
    board.tap(painter.hit(older.rect.center), 1e6)
    assert board.log.offset > 0


@pytest.mark.parametrize(("seats", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_a_duel_shown_big_draws_only_public_cards_even_when_fed_private_events(seats, seed):
    checked = 0
    for step, moment in enumerate(moments(seats, seed, leak=True)):
        board = moment.board
        if board.duel is None or not board.duel.showing(float(step)):
            continue
        checked += public_cards_only(step, moment, board, board.duel.start + 0.5)
    assert checked > 10


def test_a_duel_shown_big_gives_way_when_the_next_card_is_laid():
    board = duel_moment("tie")  # a tie: the combat goes on with a counterattack
    assert board.duel is not None
    for moment in moments(*MOMENTS["tie"][:2]):
        if moment.board.duel is not None and any(e.kind == "card_played" for e in moment.events):
            pytest.fail("a duel was still shown big after the next card was laid")


def test_the_duel_settles_into_the_board_on_its_own_clock_with_nobody_touching(live):
    live.app.start_game("mystery-city", 2, [], {})
    live.step()
    board = live.app.board
    assert isinstance(board, MysteryCityBoard)
    live.play(3, lambda: board.duel is not None, limit=5000)
    duel = board.duel
    shown = live.frames[-1]  # the frame the table drew as the exchange was decided
    live.frames.clear()
    live.idle_until(duel.end + 5.0)
    newest = board.log.lines[0].render("en")
    assert duel.result.render("en") in shown.texts and newest not in shown.texts  # big, over the log
    settled = [f for f in live.frames if f.now >= duel.end - SOON]
    assert len(settled) == 1 and settled[0].now == pytest.approx(duel.end)  # one frame as it settles
    assert newest in settled[0].texts  # the board again, with the log
    assert live.frames[-1] is settled[0]  # then nothing moves


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_result_of_an_exchange_is_said_once_on_screen(layout):
    """A banner over the log repeated the log's newest line (and the duel's result while it showed
    big): at every size, the result is one sentence on screen, while the duel shows and after."""
    board = duel_moment("dice")
    duel = board.duel
    result = duel.result.render("en")
    for now in (duel.start + 1.0, duel.end):
        painter = render(board, LAYOUTS[layout], "en", now)
        assert [d.text for d in painter.drawn].count(result) == 1, (layout, now)
