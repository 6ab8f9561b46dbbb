"""A simulator window larger than the desktop (a 720x1280 touchscreen makes it 1,466 px tall) is shown
scaled down to fit, and a click lands where it was aimed on what is drawn."""

from __future__ import annotations

import pygame
import pytest

from hardware.sim.mock_table import build_mock_table
from kiosk.ui import simulator
from kiosk.ui.loop import pointer
from kiosk.ui.simulator import DESKTOP_SHARE, Simulator, fit_scale


def test_a_window_that_fits_is_shown_as_drawn():
    assert fit_scale((1372, 682), (1920, 1080)) == 1.0
    assert fit_scale((1372, 682), None) == 1.0


def test_a_window_taller_than_the_desktop_shrinks_to_fit_it():
    scale = fit_scale((1292, 1466), (1920, 1080))
    assert scale == pytest.approx(DESKTOP_SHARE * 1080 / 1466)
    assert 1466 * scale <= 1080 and 1292 * scale <= 1920


def test_a_pointer_on_a_shrunk_window_lands_on_what_is_drawn():
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(340, 500), button=1)
    assert pointer(click, 0.5) == (680, 1000)
    assert pointer(click) == (340, 500)


def test_the_simulator_shrinks_on_a_small_desktop_and_its_seat_buttons_still_answer(monkeypatch):
    monkeypatch.setattr(simulator, "desktop_size", lambda: (1280, 800))
    mock = build_mock_table(seats=3, start_reader=False)
    try:
        sim = Simulator(mock, "Mystery Table", (720, 1280))
        assert sim.scale < 1
        assert sim.window.get_size()[1] > 1280 and sim.display.get_size()[1] <= 800
        sim.draw()
        sim.present()
        shown = sim.display.get_at((0, 0))[:3]  # the drawing, scaled (the dummy display has fewer colours)
        assert all(abs(a - b) <= 4 for a, b in zip(shown, simulator.BACKGROUND))
        button = next(c for c in sim.controls if c.kind == "button" and c.value == (1, "select"))
        aimed = (round(button.rect.centerx * sim.scale), round(button.rect.centery * sim.scale))
        assert sim.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=aimed, button=1))
        assert sim.held["mouse"] == (1, "select")
        sim.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=aimed, button=1))
    finally:
        mock.close()
        pygame.display.quit()
