"""The boards' shared event log: newest first, scrollable by buttons and by a swipe, readable size."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

import pygame
import pytest

from kiosk.i18n import Text, TextList
from kiosk.ui.boards.event_log import NOTHING_YET, EventLog, Step
from kiosk.ui.layout import LAYOUTS, Layout
from kiosk.ui.loop import Loop
from kiosk.ui.paint import Painter, Verbatim
from kiosk.ui.scene import Swipe, Touchscreen
from kiosk.ui.theme import THEMES, Theme
from kiosk.ui.type_scale import LABEL
from tests.ui.scene_checks import check_frame, render, render_everywhere, save


def words(i: int) -> Verbatim:
    return Verbatim(f"№ {i}")  # no letters: a Verbatim carries none


@dataclass
class LogScene:
    """A screen holding only a log, in a box three lines tall (as a board's smallest log region)."""

    log: EventLog = field(default_factory=EventLog)
    theme: Theme = field(default_factory=lambda: next(iter(THEMES.values())))

    def box(self, layout: Layout) -> pygame.Rect:
        return pygame.Rect(layout.mm(4), layout.mm(4), layout.width // 2, layout.min_touch * 2 + layout.mm(2))

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        self.log.draw(paint, self.box(paint.layout))

    def tap(self, value: object, now: float) -> None:
        assert self.log.tap(value), f"the log did not take {value!r}"

    def next_frame(self, now: float) -> float | None:
        return None


def shown(painter: Painter) -> list[str]:
    return [d.text for d in painter.drawn if d.text.startswith("№")]


def filled(count: int) -> LogScene:
    scene = LogScene()
    for i in range(count):
        scene.log.add(words(i))
    return scene


def test_an_empty_log_says_so_in_both_languages() -> None:
    painters = render_everywhere("event-log-empty", LogScene)
    said = {p.lang: [d.text for d in p.drawn] for p in painters}
    assert said["en"] == ["Nothing has happened yet."]
    assert said["es"] == ["Todavía no ha pasado nada."]


def test_newest_first_and_older_a_tap_away_at_every_layout() -> None:
    for painter in render_everywhere("event-log-full", lambda: filled(30)):
        lines = shown(painter)
        assert lines[0] == "№ 29" and len(lines) >= 2, lines
        assert lines == [f"№ {29 - i}" for i in range(len(lines))]
        values = [t.value for t in painter.targets]
        assert any(isinstance(v, Step) and v.pages == 1 for v in values), "no 'older' button"
        assert not any(isinstance(v, Step) and v.pages == -1 for v in values), "'newer' offered at the newest"


def test_the_older_button_pages_back_and_newer_returns() -> None:
    layout = LAYOUTS["800x480"]
    scene = filled(30)
    first = render(scene, layout, "en")
    page = len(shown(first))
    older = next(t.value for t in first.targets if isinstance(t.value, Step) and t.value.pages == 1)
    scene.tap(older, 0.0)
    second = render(scene, layout, "en")
    check_frame(second, "event-log scrolled")
    assert shown(second)[0] == f"№ {29 - max(1, page - 1)}"  # a page back, the last line kept for context
    newer = next(t.value for t in second.targets if isinstance(t.value, Step) and t.value.pages == -1)
    scene.tap(newer, 0.0)
    assert shown(render(scene, layout, "en"))[0] == "№ 29"


def test_a_new_event_does_not_move_what_someone_scrolled_back_to() -> None:
    layout = LAYOUTS["1280x720"]
    scene = filled(10)
    scene.log.scroll(4)
    before = shown(render(scene, layout, "en"))
    scene.log.add(words(10))
    assert shown(render(scene, layout, "en")) == before
    scene.log.scroll(-100)
    assert shown(render(scene, layout, "en"))[0] == "№ 10"


def test_it_keeps_a_whole_game_and_no_more() -> None:
    scene = filled(1000)
    assert len(scene.log.lines) >= 100
    scene.log.scroll(10_000)
    assert scene.log.offset == len(scene.log.lines) - 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_long_lines_wrap_at_the_label_size_never_smaller(lang: str) -> None:
    scene = LogScene()
    long = TextList(tuple(Text(NOTHING_YET) for _ in range(3)))  # wider than the log: it wraps
    for _ in range(3):
        scene.log.add(long)
    for layout in LAYOUTS.values():
        painter = render(scene, layout, lang)
        check_frame(painter, f"event-log-long at {layout.name} in {lang}")
        assert all(d.pixels >= layout.mm(LABEL.min_mm) for d in painter.drawn)


def test_a_swipe_up_over_the_log_shows_older_events() -> None:
    pygame.font.init()
    layout = LAYOUTS["800x480"]
    screen = Touchscreen(pygame.Surface(layout.size), "en")
    scene = filled(30)
    screen.show(scene)
    assert screen.draw(0.0)
    box = scene.box(layout)
    start = (box.left + 10, box.bottom - 5)
    assert not screen.swipe(start, (start[0], start[1] - 3), 0.1), "a jitter is not a swipe"
    assert screen.swipe(start, (start[0], box.top), 0.2)
    assert scene.log.offset > 0
    screen.draw(0.3)
    assert screen.painter is not None
    save(screen.painter, "event-log-swiped-800x480-en")
    assert shown(screen.painter)[0] != "№ 29"
    outside = (layout.width - 10, layout.height - 10)
    assert not screen.swipe(outside, (outside[0], 0), 0.4), "a swipe outside the log scrolls nothing"


def test_two_logs_never_answer_each_others_taps() -> None:
    one, other = filled(20).log, filled(20).log
    assert not other.tap(Step(id(one), 1))
    assert not other.tap(Swipe(id(one), -200))
    assert one.tap(Swipe(id(one), -200)) and one.offset > 0


@dataclass
class Holds:
    """The app's side of the loop in this test: its touchscreen, and the holds it was told of."""

    screen: Touchscreen
    held: list[float] = field(default_factory=list)

    def hold(self, seconds: float) -> None:
        self.held.append(seconds)


def test_the_loop_turns_a_mouse_drag_over_the_log_into_a_swipe_and_a_still_press_into_a_hold() -> None:
    pygame.font.init()
    layout = LAYOUTS["1024x600"]
    screen = Touchscreen(pygame.Surface(layout.size), "en")
    scene = filled(30)
    screen.show(scene)
    screen.draw(0.0)
    app = Holds(screen)
    window = SimpleNamespace(touch_area=pygame.Rect(0, 0, *layout.size), scale=1.0, handle=lambda event: None)
    loop = Loop(app, window, clock=lambda: 1.0)  # type: ignore[arg-type]
    box = scene.box(layout)
    start, end = (box.left + 5, box.bottom - 5), (box.left + 8, box.top + 2)
    loop.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    loop.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert scene.log.offset > 0 and app.held == []
    loop.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    loop.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    assert app.held == [0.0]


def test_a_whole_screen_target_put_below_leaves_the_log_its_touches() -> None:
    """A finished board answers a tap anywhere with the results, but the log still scrolls."""
    layout = LAYOUTS["800x480"]
    scene = filled(30)
    painter = render(scene, layout, "en")
    painter.target(painter.surface.get_rect(), "results", below=True)
    box = scene.box(layout)
    older = next(t for t in painter.targets if isinstance(t.value, Step) and t.value.pages == 1)
    assert painter.hit(older.rect.center) == older.value
    assert painter.hit((box.left + 3, box.top + 3)) == Step(id(scene.log), 0)  # a swipe may start here
    assert painter.hit((layout.width - 5, layout.height - 5)) == "results"
    scene.tap(Step(id(scene.log), 0), 0.0)
    assert scene.log.offset == 0  # touching the log scrolls nothing by itself
