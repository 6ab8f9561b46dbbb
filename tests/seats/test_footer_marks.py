"""The button marks of a seat footer read one by one: "◀ ▶ browse", not a single double-headed arrow.

The seat font (Terminus) fills a triangle's cell to both edges, so "◀▶" side by side draws one solid
shape; every footer that names the two arrows must keep lit-free columns between them."""

from __future__ import annotations

import pytest

from kiosk.i18n import Text
from kiosk.seats import canvas
from kiosk.seats.menu import BROWSE_FOOTER
from kiosk.seats.mystery_city import HINT as MC_HINT
from kiosk.seats.mystery_express import HINT as ME_HINT
from kiosk.seats.pi import HINT as PI_HINT
from kiosk.seats.watson_holmes import HINT as WH_HINT


def ink_runs(text: str) -> list[tuple[int, int]]:
    """The runs of lit columns of `text` in the footer's size, left to right (first, last column)."""
    mask, _ = canvas.text_mask(text, 12)
    width, height = mask.size
    lit = [any(mask.getpixel((x, y)) for y in range(height)) for x in range(width)]
    runs: list[tuple[int, int]] = []
    for x, on in enumerate(lit):
        if on and (not runs or runs[-1][1] != x - 1):
            runs.append((x, x))
        elif on:
            runs[-1] = (runs[-1][0], x)
    return runs


def test_arrows_side_by_side_are_one_shape_in_the_seat_font():
    assert len(ink_runs("◀▶")) == 1  # why the footer keeps them apart


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_browse_footer_draws_its_two_arrows_apart_on_every_seat(lang):
    assert {ME_HINT, MC_HINT, PI_HINT, WH_HINT} == {BROWSE_FOOTER}  # one footer for every game's lists
    footer = Text(BROWSE_FOOTER).render(lang)
    assert footer.startswith("◀ ▶ ")
    left, right = ink_runs(footer)[:2]
    assert right[0] - left[1] > 2, f"{footer!r}: the arrows are {right[0] - left[1] - 1} columns apart"
    assert canvas.fit(footer, canvas.LINE_WIDTH, (12,))[0] == footer  # whole on the footer line, not cut
