"""The simulator's seat links (issue 38, finding 17): in the UI's serif, where l, I and 1 differ, and
broken within the seat's column so neighbours' links never overlap."""

from __future__ import annotations

import pygame

from hardware.sim.mock_table import build_mock_table
from kiosk.ui.paint import font
from kiosk.ui.simulator import LINK_FONT, LINK_LINES, LINK_PX, MARGIN, OLED_W, Simulator, link_lines

LINK = "http://127.0.0.1:8642/s/Il1lI0Oabc-_defghIJKLm"  # a token is 22 characters (token_urlsafe(16))


def test_a_long_link_breaks_within_the_seat_column_and_reads_whole():
    face = font(LINK_FONT, LINK_PX)
    lines = link_lines(LINK, face, OLED_W + 4)
    assert len(lines) == LINK_LINES and "".join(lines) == LINK
    assert all(face.size(line)[0] <= OLED_W + 4 < OLED_W + MARGIN for line in lines)  # short of the next column
    too_long = link_lines(LINK * 3, face, OLED_W + 4)
    assert len(too_long) == LINK_LINES and too_long[-1].endswith("…")


def test_the_links_font_tells_l_from_capital_i():
    face = font(LINK_FONT, LINK_PX)
    ell, eye = (face.render(c, False, (255, 255, 255)) for c in ("l", "I"))
    assert pygame.image.tobytes(ell, "RGB") != pygame.image.tobytes(eye, "RGB")


def test_the_simulator_draws_each_persons_link_under_their_seat():
    mock = build_mock_table(seats=4, start_reader=False)
    try:
        sim = Simulator(mock, "Mystery Table", (720, 1280))
        sim.links = lambda seat: f"{LINK}{seat}"
        before = sim.window.copy()
        sim.draw()
        changed = pygame.mask.from_threshold(sim.window, (240, 230, 210), (8, 8, 8, 255))  # the links' cream
        assert changed.count() > pygame.mask.from_threshold(before, (240, 230, 210), (8, 8, 8, 255)).count()
    finally:
        mock.close()
        pygame.display.quit()
