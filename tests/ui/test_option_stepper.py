"""A choice row that no longer fits side by side (a table with many cases) becomes a stepper: the
current choice between a previous and a next button, every choice reachable by taps, at a size the
type checks accept; two choices, or few short ones, stay side by side."""

from __future__ import annotations

import pygame
import pytest

from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter, Verbatim
from kiosk.ui.scenes.chrome import segmented
from kiosk.ui.theme import theme_for
from scene_checks import check_type_sizes

TITLES = [f"The Case of the {name} of Wapping Old Stairs" for name in ("Drowned Clerk", "Broad Arrow", "Black Swan", "Crown Key", "Tally Board")]


def drawn(layout_name: str, labels: list[str], current: object) -> Painter:
    if not pygame.font.get_init():
        pygame.font.init()
    layout = LAYOUTS[layout_name]
    painter = Painter(pygame.Surface(layout.size), layout, theme_for("watson-holmes"), "en")
    left = 20 if layout.portrait else layout.width // 2  # where the options screen puts its controls
    row = pygame.Rect(left, 10, layout.width - left - 20, max(layout.min_touch, layout.mm(10.5)))
    segmented(painter, row, [(Verbatim(label), ("set", "case", n)) for n, label in enumerate(labels)], ("set", "case", current))
    return painter


@pytest.mark.parametrize("layout_name", list(LAYOUTS))
def test_many_long_choices_step_one_at_a_time_through_every_choice_and_round(layout_name):
    current, seen = 0, []
    for _ in range(len(TITLES) + 1):
        painter = drawn(layout_name, TITLES, current)
        check_type_sizes(painter, f"stepper at {layout_name}")
        assert [t.value for t in painter.targets] == [("set", "case", (current - 1) % 5), ("set", "case", current), ("set", "case", (current + 1) % 5)]
        assert [d.text for d in painter.drawn if d.text in TITLES] == [TITLES[current]]  # one title, readable
        assert all(min(t.rect.size) >= painter.layout.min_touch for t in painter.targets)
        seen.append(current)
        current = painter.hit(painter.targets[-1].rect.center)[2]  # the next button
    assert seen == [0, 1, 2, 3, 4, 0]


@pytest.mark.parametrize("labels", [TITLES[:2], ["Slow", "Normal", "Fast"]])
def test_two_choices_or_short_ones_stay_side_by_side(labels):
    painter = drawn("800x480", labels, 0)
    assert [t.value[2] for t in painter.targets] == list(range(len(labels)))
