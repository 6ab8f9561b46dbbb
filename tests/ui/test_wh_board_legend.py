"""The Watson & Holmes board says what its crossed icons mean (left from playWH21's newcomer game: nothing on
the board said what the cross on card 1's helmet, card 5's grey helmet or card 6's spectacles means).
Under the players, one line per crossed icon the board shows: the icon, then its meaning, whole, at both
sizes in both languages; a case without such icons has no legend. Where the log would keep too little room for
its lines (seven players at 800x480 and 1024x600), the legend gives way: a card's tap still says its icons."""

from __future__ import annotations

import pytest

from kiosk.ui.boards import BoardContext, make_board
from kiosk.ui.boards.watson_holmes import CROSSED, WatsonHolmesBoard
from kiosk.ui.layout import LAYOUTS
from tests.games.watson_holmes_support import case_from, game_with, raw_case
from tests.ui.layout_checks import panel_edge_defects
from tests.ui.scene_checks import render
from kiosk.games.watson_holmes.narrate import Narrator
from kiosk.i18n import Text

SIZES = (LAYOUTS["800x480"], LAYOUTS["720x1280"])


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def board_for(raw) -> WatsonHolmesBoard:
    case = case_from(raw)
    game = game_with(case)
    state = game.start(3, 1, {"case": case.id})
    board = make_board(BoardContext("watson-holmes", 3, Narrator(case), lambda seat, action: None))
    assert isinstance(board, WatsonHolmesBoard)
    board.update(game.view(state, None), [], 0.0)
    board.case_file = False
    return board


@pytest.mark.parametrize("layout", SIZES, ids=lambda layout: layout.name)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_crossed_icons_of_the_lamplighter_are_told_whole(layout, lang):
    board = board_for(raw_case("tutorial-lamplighter"))  # card 1 gives a call-off, card 5 no police, card 6 no Watson
    assert board.crossed() == ["calloff", "no_police", "no_watson"]
    painter = render(board, layout, lang)
    said = {Text(words).render(lang) for words in CROSSED.values()}
    drawn = [d for d in painter.drawn if d.text in said]
    assert {d.text for d in drawn} == said
    assert all(d.fits and d.box.contains(d.rect) for d in drawn)
    legend = drawn[0].box.unionall([d.box for d in drawn])
    assert not panel_edge_defects(painter, legend.inflate(painter.layout.mm(4), 0))


def test_a_case_without_crossed_icons_has_no_legend():
    raw = raw_case("tutorial-lamplighter")
    for card in raw["case"]["location_cards"]:
        card["icons"] = [i for i in card.get("icons", []) if i not in ("gives_calloff", "no_police", "no_watson")]
    board = board_for(raw)
    assert board.crossed() == []
    painter = render(board, SIZES[0], "en")
    assert not any(d.text == "call-off token" for d in painter.drawn)
