"""A game's quick reference, one page at a time, with previous/next buttons and "2/5": every page
set at one size, the one the longest page fits at (a page in smaller type reads as less important).
After the game's own pages come its "Turn by turn" pages (`kiosk.ui.turn_by_turn`), packed at that
size, so how many there are depends on the screen and the language."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from kiosk.games import registry
from kiosk.i18n import N_, Text, TextList
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter
from kiosk.ui.rules_text import RULES, Page
from kiosk.ui.scenes.chrome import backdrop, button_height, margin, pager, title_band, turn_page
from kiosk.ui.theme import Theme, theme_for
from kiosk.ui.turn_by_turn import pack, steps

TURN_BY_TURN = N_("Turn by turn")

CLOSE = "close"
HOW_TO_PLAY = "how to play"


@dataclass
class RulesPages:
    game_id: str
    on_close: Callable[[], None]
    on_how_to_play: Callable[[], None] | None = None  # the game's "How to play" pages, where offered
    page: int = 0
    _count: int = 0  # pages at the screen last drawn on
    theme: Theme = field(init=False)
    pages: tuple[Page, ...] = field(init=False)  # the game's own pages; "Turn by turn" follows them
    _laid_out: dict[tuple[tuple[int, int], str], tuple[float, list[tuple[Text, Text | TextList]]]] = field(
        init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.theme = theme_for(self.game_id)
        self.pages = RULES[self.game_id]
        self._count = len(self.pages)

    def laid_out(self, paint: Painter, words: pygame.Rect) -> tuple[float, list[tuple[Text, Text | TextList]]]:
        """The size every page is set at, and every page (title, body) at this screen and language."""
        key = (paint.layout.size, paint.lang)
        if key not in self._laid_out:
            size = min(paint.fit_mm(words, Text(p.body), 7 if paint.layout.portrait else 5.5) for p in self.pages)
            own: list[tuple[Text, Text | TextList]] = [(Text(p.title), Text(p.body)) for p in self.pages]
            extra = pack(steps(self.game_id), lambda body: paint.fits(words, body, size))
            self._laid_out[key] = (size, own + [(Text(TURN_BY_TURN), body) for body in extra])
        return self._laid_out[key]

    def draw(self, paint: Painter, now: float) -> None:
        room = backdrop(paint)
        layout = paint.layout
        title_height = room.height // (8 if layout.portrait else 5)
        actions_height = button_height(paint)
        title, body, actions = rows(
            room, [title_height, room.height - title_height - actions_height, actions_height], gap=margin(paint))
        name = registry.get(self.game_id).info.names["en"]
        words = inset(body, layout.mm(4))
        size, pages = self.laid_out(paint, words)
        self.page = min(self.page, len(pages) - 1)  # another language may need fewer pages
        page_title, page_body = pages[self.page]
        title_band(paint, title, page_title, Text(N_("{game}: quick rules"), {"game": Text(name)}))
        paint.box(body, paint.theme.panel, None, radius=layout.mm(2.5))
        paint.text(words, page_body, size, paint.theme.ink, align="left", valign="top", min_mm=size)
        self._count = len(pages)
        if self.on_how_to_play is None:
            close, middle = columns(actions, [1, 2.4], gap=margin(paint))
        else:
            close, how, middle = columns(actions, [1, 1.3, 2.4], gap=margin(paint))
            paint.button(how, Text(N_("How to play")), HOW_TO_PLAY)
        paint.button(close, Text(N_("Close")), CLOSE)
        pager(paint, middle, self.page, len(pages))

    def tap(self, value: object, now: float) -> None:
        if value == CLOSE:
            self.on_close()
        elif value == HOW_TO_PLAY and self.on_how_to_play is not None:
            self.on_how_to_play()
        else:
            self.page = turn_page(self.page, self._count, value)

    def next_frame(self, now: float) -> float | None:
        return None
