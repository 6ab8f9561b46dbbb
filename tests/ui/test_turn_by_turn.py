"""The quick reference's "Turn by turn" pages: every explained kind of decision once, packed after the
game's own pages at their size, at every screen size and in both languages."""

from __future__ import annotations

import pytest

from kiosk.games.explanations import Explanation
from kiosk.i18n import N_, Text
from kiosk.ui import turn_by_turn
from kiosk.ui.how_to_play import LESSONS
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.rules_text import RULES
from kiosk.ui.scenes.rules_pages import RulesPages
from tests.ui.layout_checks import one_size
from tests.ui.scene_checks import check_frame, render

# Messages of the catalogue stand in for a game's explanations (the test needs words both languages have).
WHAT, CHOICES = N_("The goal"), N_("Your turn")


@pytest.fixture
def explained(monkeypatch: pytest.MonkeyPatch) -> dict[str, Explanation]:
    lessons = [lesson for game in LESSONS.values() for lesson in game][:8]  # short texts both languages have
    table = {f"kind_{n}": Explanation(lesson.body, lesson.title, "") for n, lesson in enumerate(lessons)}
    monkeypatch.setattr(turn_by_turn, "prompt_kinds", lambda game_id: table)
    return table


def all_pages(scene: RulesPages, layout, lang: str):
    painters = []
    while True:
        painter = render(scene, layout, lang)
        painters.append(painter)
        if "next" not in [t.value for t in painter.targets]:
            return painters
        scene.tap("next", 0.0)


@pytest.mark.parametrize("layout", [LAYOUTS["800x480"], LAYOUTS["720x1280"]], ids=lambda layout: layout.name)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_kind_once_after_the_game_s_pages_at_their_size(explained, layout, lang) -> None:
    painters = all_pages(RulesPages("pi", lambda: None), layout, lang)
    extra = painters[len(RULES["pi"]):]
    assert len(extra) >= 2, "eight steps do not fit one page"
    sizes: set[int] = set()
    for index, painter in enumerate(painters):
        check_frame(painter, f"pi rules page {index + 1} at {layout.name} in {lang}")
        shown = [d.text for d in painter.drawn]
        assert f"{index + 1}/{len(painters)}" in shown
        bodies = [Text(p.body).render(lang) for p in RULES["pi"]]
        sizes |= set(one_size(painter, bodies)) if index < len(RULES["pi"]) else {
            d.pixels for d in painter.drawn if d.text.startswith("•")}
    assert len(sizes) == 1, f"pages at several sizes: {sizes}"
    said = "\n".join(d.text for p in extra for d in p.drawn if d.text.startswith("•"))
    for explanation in explained.values():
        assert said.count(Text(explanation.what).render(lang)) == 1


def test_kinds_explained_alike_are_one_step(monkeypatch) -> None:
    same = Explanation(WHAT, CHOICES, "")
    monkeypatch.setattr(turn_by_turn, "prompt_kinds", lambda game_id: {"a": same, "b": same})
    assert len(turn_by_turn.steps("pi")) == 1


def test_a_game_without_explanations_keeps_only_its_own_pages(monkeypatch) -> None:
    monkeypatch.setattr(turn_by_turn, "prompt_kinds", lambda game_id: {})
    painters = all_pages(RulesPages("mystery-city", lambda: None), LAYOUTS["800x480"], "en")
    assert len(painters) == len(RULES["mystery-city"])
