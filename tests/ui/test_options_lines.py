"""The options screen: a choice whose labels would not read side by side (the Watson & Holmes cases
by title on the smallest panel) wraps onto more lines of buttons, every label at the type floor or
more, every case still a tap away; short choices stay on one line."""

from __future__ import annotations

from kiosk.ui.layout import LAYOUTS
from kiosk.ui.scenes.options import Options
from kiosk.ui.type_scale import FLOOR_MM
from scene_checks import render


def button_rows(painter, option: str) -> dict[object, int]:
    return {t.value[2]: t.rect.top for t in painter.targets
            if isinstance(t.value, tuple) and len(t.value) == 3 and t.value[:2] == ("set", option)}


def test_long_case_titles_wrap_onto_more_lines_at_800x480_and_stay_readable():
    painter = render(Options("watson-holmes", {}, print, print), LAYOUTS["800x480"], "en")
    cases = button_rows(painter, "case")
    assert len(cases) >= 3 and len(set(cases.values())) >= 2  # more than one line of buttons
    titles = [d for d in painter.drawn if d.text.startswith("The ")]
    assert titles and all(d.pixels >= painter.layout.mm(FLOOR_MM) for d in titles)


def test_short_choices_stay_on_one_line():
    first = Options("watson-holmes", {}, print, print)
    render(first, LAYOUTS["800x480"], "en")  # works out the pages
    speeds: dict[object, int] = {}
    for page in range(first.pages):
        scene = Options("watson-holmes", {}, print, print)
        scene.page = page
        speeds |= button_rows(render(scene, LAYOUTS["800x480"], "en"), "reveal_speed")
    assert len(speeds) == 3 and len(set(speeds.values())) == 1
