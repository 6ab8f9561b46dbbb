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


@pytest.mark.parametrize(("lang", "dining", "sleeping"), [
    ("en", "Dining Car · 1 h per guest", "Sleeping Car · 2 h, 1 h if missed"),
    ("es", "Vagón restaurante · 1 h por invitado", "Coche cama · 2 h, 1 h si falla"),
])
def test_each_turn_button_shows_its_car_and_hours(lang, dining, sleeping):
    played = PlayedGame(5, 3).play()
    index = played.first(lambda m: any(p.kind == "turn" and Action("dining") in p.actions and Action("sleeping") in p.actions
                                       for p in m.prompts))
    for size in ("800x480", "1280x720"):
        painter = render(played.board(index), LAYOUTS[size], lang, played.log[index].now)
        check_frame(painter, f"turn buttons at {size} in {lang}")
        texts = [d.text for d in painter.drawn]
        assert dining in texts and sleeping in texts


def test_get_a_grip_is_no_button_while_every_discard_pile_is_empty():
    played = PlayedGame(5, 3).play()
    index = played.first(lambda m: any(p.kind == "turn" and Action("grip") in p.actions for p in m.prompts)
                         and not any(p["discard_size"] for p in m.view["players"]))
    painter = render(played.board(index), LAYOUTS["800x480"], "en", played.log[index].now)
    texts = [d.text for d in painter.drawn]
    assert "Get a grip!" not in texts and "Invite to dine" in texts
