""""How to play": a game's lessons (`kiosk.ui.how_to_play`) one page at a time, each beside a
picture of the board in a sample game, marked "Example". Pages turn with the pager or a sideways
swipe over the page; one tap on the button at the left ends it ("Skip" before the first turn of a
learning game, where the last page's "Play" takes the place of "Next"; "Close" from the rules screen). Every page's text is set at one size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.games import registry
from kiosk.i18n import N_, Text
from kiosk.ui.how_to_play import LESSONS, Lesson
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter
from kiosk.ui.sample_board import board_pictures
from kiosk.ui.scene import Swipe
from kiosk.ui.scenes.chrome import NEXT, PREVIOUS, backdrop, button_height, margin, pager, title_band, turn_page
from kiosk.ui.theme import Theme, theme_for
from kiosk.ui.type_scale import BODY, FINE

LARGE_MM = 6.5  # the lessons' type: larger than the rules pages', read from across the table
DONE = "done"
PAGE = "page"  # the page's sideways swipe area
SKIP = N_("Skip")
PLAY = N_("Play")  # on the last page, in the place of "Next", where the newcomer has been tapping
CLOSE = N_("Close")


@dataclass
class HowToPlay:
    game_id: str
    seats: int
    on_done: Callable[[], None]
    options: dict[str, Any] = field(default_factory=dict)  # the table's: the sample plays them too
    done_label: str = SKIP  # msgid of the button that ends it
    page: int = 0
    theme: Theme = field(init=False)
    lessons: tuple[Lesson, ...] = field(init=False)
    _pictures: dict[tuple[tuple[int, int], str], list[pygame.Surface]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.theme = theme_for(self.game_id)
        self.lessons = LESSONS[self.game_id]

    def pictures(self, paint: Painter) -> list[pygame.Surface]:
        """The sample game's pictures at this screen size and language, drawn once."""
        key = (paint.layout.size, paint.lang)
        if key not in self._pictures:
            self._pictures[key] = board_pictures(self.game_id, self.seats, self.lessons, paint.layout, paint.lang,
                                                 self.options)
        return self._pictures[key]

    def draw(self, paint: Painter, now: float) -> None:
        room = backdrop(paint)
        layout = paint.layout
        lesson = self.lessons[self.page]
        title_height = room.height // (9 if layout.portrait else 6)
        actions_height = button_height(paint)
        title, body, actions = rows(
            room, [title_height, room.height - title_height - actions_height, actions_height], gap=margin(paint))
        name = registry.get(self.game_id).info.names["en"]
        title_band(paint, title, Text(lesson.title), Text(N_("{game}: how to play"), {"game": Text(name)}))
        if layout.portrait:
            picture_box, words_box = rows(body, [2.4, 1], gap=margin(paint))
        else:
            picture_box, words_box = columns(body, [1.25, 1], gap=margin(paint))
        self._draw_picture(paint, picture_box)
        paint.box(words_box, paint.theme.panel, None, radius=layout.mm(2.5))
        words = inset(words_box, layout.mm(3))
        size = min(paint.fit_mm(words, Text(other.body), LARGE_MM, min_mm=BODY.min_mm) for other in self.lessons)
        paint.text(words, Text(lesson.body), size, paint.theme.ink, align="left", valign="top", min_mm=size)
        paint.swipe_area(body, PAGE, across=True)
        done, middle = columns(actions, [1, 2.4], gap=margin(paint))
        last = self.page == len(self.lessons) - 1
        if self.done_label == SKIP:  # before a learning game: the last page's "Play" goes where "Next" was
            paint.button(done, Text(SKIP), DONE, enabled=not last)
            pager(paint, middle, self.page, len(self.lessons), finish=(Text(PLAY), DONE))
        else:
            paint.button(done, Text(self.done_label), DONE)
            pager(paint, middle, self.page, len(self.lessons))

    def _draw_picture(self, paint: Painter, box: pygame.Rect) -> None:
        """The board's picture, whole and as large as the box allows, with "Example" under it."""
        picture = self.pictures(paint)[self.page]
        label_height = paint.layout.mm(5)
        room = pygame.Rect(box.left, box.top, box.width, box.height - label_height)
        scale = min(room.width / picture.get_width(), room.height / picture.get_height())
        size = (max(1, round(picture.get_width() * scale)), max(1, round(picture.get_height() * scale)))
        placed = pygame.Rect((0, 0), size)
        placed.midtop = room.midtop
        paint.surface.blit(pygame.transform.smoothscale(picture, size), placed)
        paint.box(placed, None, paint.theme.muted, width=1)
        label = pygame.Rect(placed.left, placed.bottom, placed.width, label_height)
        paint.text(label, Text(N_("Example")), FINE, paint.theme.muted, one_line=True)

    def tap(self, value: object, now: float) -> None:
        if value == DONE:
            self.on_done()
        elif isinstance(value, Swipe) and value.region == PAGE:
            self.page = turn_page(self.page, len(self.lessons), NEXT if value.dx < 0 else PREVIOUS)
        else:
            self.page = turn_page(self.page, len(self.lessons), value)

    def next_frame(self, now: float) -> float | None:
        return None
