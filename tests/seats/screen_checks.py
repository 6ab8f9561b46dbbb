"""The checks every seat screen must pass, in both languages: no name or detail under the title bar is
cut short with an ellipsis its words do not have, and no text is wrapped so that one letter, one
digit or a number torn from its word stands alone on its last line ("leg" over "1"), and no text
lights the two columns at either side (tests/ui/layout_checks.py). They read the
lines as the renderer draws them (`kiosk.seats.screen.writing`). A title cut beside its position
("Final answer: Su… 2/7") is not checked here yet: tests/seats/test_oled_fit.py holds the titles
that must read whole."""

from __future__ import annotations

from kiosk.seats.canvas import ELLIPSIS
from kiosk.seats.screen import Screen, writing
from tests.text_checks import lone_last_line
from tests.ui.layout_checks import oled_edge_defects


def screen_defects(screen: Screen) -> list[str]:
    """What reads badly on `screen`, one line each (empty: it reads well)."""
    found = []
    for text, lines in writing(screen):
        shown = " / ".join(lines)
        if any(ELLIPSIS in line for line in lines) and ELLIPSIS not in text and text != screen.title:
            found.append(f"{text!r} is cut short: {shown!r}")
        elif lone_last_line(lines):
            found.append(f"{text!r} leaves a lone {lines[-1]!r} on its last line: {shown!r}")
    return found + oled_edge_defects(screen)  # and no text on the panel's sides


def check_screen(screen: Screen, where: str) -> None:
    defects = screen_defects(screen)
    assert not defects, f"{where}: " + "; ".join(defects)
