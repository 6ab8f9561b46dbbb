"""The touchscreen's turn buttons (issue 15 item 4): each action says where it is done and what it
costs, and a choice that can change nothing is not a button."""

from __future__ import annotations

import pytest

from kiosk.games.base import Action
from kiosk.ui.layout import LAYOUTS
from tests.ui.me_table import PlayedGame
from tests.ui.scene_checks import check_frame, render


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


@pytest.mark.parametrize(("lang", "dining", "sleeping", "numbered"), [
    ("en", "Dining Car · 1 h per guest", "Sleeping Car · 2 h, 1 h if missed", "car 2 · 1 h per guest"),
    ("es", "Vagón restaurante · 1 h por invitado", "Coche cama · 2 h, 1 h si falla", "vagón 2 · 1 h por invitado"),
])
def test_each_turn_button_shows_its_car_and_hours(lang, dining, sleeping, numbered):
    """The first turn that offers both, and the turn with the most buttons (nine: a grip, Madam's help
    and a special power besides), whole at every size: in portrait two rows of five left "Sleeping Car ·
    2 h, 1 h if…"; at 800x480 the car too long for its button is named by its number on the train."""
    played = PlayedGame(5, 3).play()
    offers = [i for i, m in enumerate(played.log) if any(
        p.kind == "turn" and Action("dining") in p.actions and Action("sleeping") in p.actions for p in m.prompts)]
    most = max(offers, key=lambda i: len(played.board(i)._buttons()))
    assert len(played.board(most)._buttons()) == 9
    for index in (offers[0], most):
        for size in ("800x480", "1280x720", "720x1280"):
            painter = render(played.board(index), LAYOUTS[size], lang, played.log[index].now)
            check_frame(painter, f"turn buttons of moment {index} at {size} in {lang}")
            texts = [d.text for d in painter.drawn]
            assert (dining in texts or numbered in texts) and sleeping in texts


def test_get_a_grip_is_no_button_while_every_discard_pile_is_empty():
    played = PlayedGame(5, 3).play()
    index = played.first(lambda m: any(p.kind == "turn" and Action("grip") in p.actions for p in m.prompts)
                         and not any(p["discard_size"] for p in m.view["players"]))
    painter = render(played.board(index), LAYOUTS["800x480"], "en", played.log[index].now)
    texts = [d.text for d in painter.drawn]
    assert "Get a grip!" not in texts and "Invite to dine" in texts


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_smoking_pair_reads_whole_on_its_button(lang):
    """Seven buttons at 800x480 left «Coronel MacDouglas y Señorita…»: where one pair's whole names do
    not fit, every pair is named by the surnames («MacDouglas y Pemberton»)."""
    played = PlayedGame(5, 3).play()
    index = played.first(lambda m: any(p.kind == "smoking_targets" for p in m.prompts))
    assert len(played.board(index)._buttons()) == 7
    for size in ("800x480", "1280x720", "720x1280"):
        painter = render(played.board(index), LAYOUTS[size], lang, played.log[index].now)
        check_frame(painter, f"smoking pairs at {size} in {lang}")
        pairs = [label.text for _, label in painter.buttons if " and " in label.text or " y " in label.text]
        assert len(pairs) == 6, pairs
