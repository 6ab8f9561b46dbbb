"""The board's large-type moments of Learn as you play: once per kind, public only, after the reveals."""

from __future__ import annotations

import pygame
import pytest

from kiosk.games import explanations
from kiosk.games.base import Event, Prompt
from kiosk.games.explanations import Explanation
from kiosk.games.pi import explain
from kiosk.seats.learn import BOARD, Learning
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.learn_banner import BANNER_SECONDS, LearnBanner
from kiosk.ui.pace import Stage
from kiosk.ui.paint import Painter
from kiosk.ui.theme import theme_for

MOMENT = "The table answers every question exactly."
ACTION = Prompt(0, "turn", (), private=False)


@pytest.fixture(autouse=True)
def table(monkeypatch):
    monkeypatch.setattr(explain, "MOMENTS", {"answer": MOMENT})
    monkeypatch.setattr(explain, "PROMPTS", {"turn": Explanation("Your turn: investigate.", "Pick a place.", "Tip."),
                                             "notes": Explanation("Private.", "Private.", "Private.")})
    explanations._tables.cache_clear()
    yield
    explanations._tables.cache_clear()


def test_each_public_kind_is_shown_once_one_after_the_other():
    banner = LearnBanner(Learning("pi"))
    banner.observe([Event("answer", {})], [ACTION], 10.0)
    banner.observe([Event("answer", {})], [ACTION], 11.0)  # the same kinds again: nothing more
    assert [b.texts for b in banner.banners] == [(MOMENT,), ("Your turn: investigate.", "Pick a place.")]
    assert banner.on_screen(10.0).texts == (MOMENT,)
    assert banner.on_screen(10.0 + BANNER_SECONDS).texts[0] == "Your turn: investigate."
    assert banner.on_screen(10.0 + 2 * BANNER_SECONDS) is None and banner.next_change(10.0 + 2 * BANNER_SECONDS) is None
    assert banner.learning.explained == {(BOARD, "moment:answer"), (BOARD, "turn")}


def test_nothing_private_reaches_the_board():
    banner = LearnBanner(Learning("pi"))
    banner.observe([Event("answer", {}, frozenset({1}))], [Prompt(1, "notes", (), private=True)], 0.0)
    assert not banner.banners and not banner.learning.explained


def test_a_banner_waits_for_the_boards_reveals():
    class Reveal:
        def __init__(self) -> None:
            self.start, self.per = 0.0, 1.0

        @property
        def end(self) -> float:
            return self.start + 4.0

    class Board:
        stage: Stage[Reveal] = Stage()

    board = Board()
    board.stage.add(Reveal(), 0.0)
    banner = LearnBanner(Learning("pi"))
    banner.observe([Event("answer", {})], [], 0.0, board)
    assert banner.on_screen(1.0) is None and banner.next_change(1.0) == pytest.approx(3.0)
    assert banner.on_screen(4.0) is not None


@pytest.mark.parametrize("layout", list(LAYOUTS.values()), ids=list(LAYOUTS))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_banner_fits_every_screen(layout, lang):
    pygame.font.init()
    banner = LearnBanner(Learning("pi"))
    banner.observe([], [ACTION], 0.0)
    painter = Painter(pygame.Surface(layout.size), layout, theme_for("pi"), lang)
    banner.draw(painter, 0.5)
    assert [d.text for d in painter.drawn][1:] == ["Your turn: investigate.", "Pick a place."]
    screen = painter.surface.get_rect()
    for drawn in painter.drawn:  # the words are a test table's, not the catalogue's: their fit is checked
        assert drawn.fits and screen.contains(drawn.box) and drawn.box.contains(drawn.rect), drawn


def test_a_long_public_explanation_still_fits_in_large_type(monkeypatch):
    """As long as a seat's three pages allow (some 30 words a part): the banner's smallest type still holds it."""
    what = "The Dining Car: each passenger you invite costs an hour, and each one shows you a card of the category you name, privately."
    monkeypatch.setattr(explain, "PROMPTS", {"turn": Explanation(what, what, "Tip.")})
    explanations._tables.cache_clear()
    pygame.font.init()
    for layout in LAYOUTS.values():
        banner = LearnBanner(Learning("pi"))
        banner.observe([], [ACTION], 0.0)
        painter = Painter(pygame.Surface(layout.size), layout, theme_for("pi"), "en")
        banner.draw(painter, 0.0)
        assert all(d.fits for d in painter.drawn), layout.name


@pytest.mark.parametrize("layout", list(LAYOUTS.values()), ids=list(LAYOUTS))
def test_a_short_banner_covers_only_what_its_words_need(layout):
    """One sentence takes a band of a few lines, not the half of the screen a trial saw over P.I.'s map."""
    pygame.font.init()
    banner = LearnBanner(Learning("pi"))
    banner.observe([Event("answer", {})], [], 0.0)
    painter = Painter(pygame.Surface(layout.size), layout, theme_for("pi"), "en")
    banner.draw(painter, 0.5)
    sentence = next(d for d in painter.drawn if d.text == MOMENT)
    assert sentence.fits and sentence.box.height <= sentence.rect.height + layout.mm(1)
    assert sentence.box.bottom - painter.drawn[0].box.top < layout.height * 0.25
