"""The admin menu's quick self-test: a pass is drawn as information, a failure as an alert."""

from __future__ import annotations

import pygame
from PIL import Image

from kiosk.config import default_config
from kiosk.store import GameStore
from kiosk.ui.app import App, Plan
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter
from kiosk.ui.scene import Touchscreen


def marks(app: App) -> list[str]:
    """The badge letters of the notice drawn over the scene: "!" for an alert, "i" for information."""
    layout = next(iter(LAYOUTS.values()))
    painter = Painter(pygame.Surface(layout.size), layout, app.theme, "en")
    app.draw(painter, app.clock())
    return [d.text for d in painter.drawn if d.text in ("!", "i")]


def test_a_passing_self_test_is_not_an_alert_and_a_failing_one_is(mock_table, tmp_path):
    pygame.font.init()
    store = GameStore.open(tmp_path)
    try:
        app = App(mock_table.table, store, Touchscreen(pygame.Surface((800, 480)), "en"), default_config(4), Plan())
        app.begin()
        app.admin()
        app.selftest()
        assert app._notice is not None and app._notice[0].render("en") == "Every seat screen and the reader answer."
        assert marks(app) == ["i"]
        mock_table.inject("display")  # the last seat screen stops answering, as the next drawing finds
        last = mock_table.table.seats[-1].display
        last.show(Image.new("1", last.size, 1))
        app.selftest()
        assert "Seat screens not answering: 4" in app._notice[0].render("en")
        assert marks(app) == ["!"]
    finally:
        store.close()
