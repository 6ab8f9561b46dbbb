"""A game's quick reference, one page at a time, with previous/next buttons and "2/5": every page
set at one size, the one the longest page fits at (a page in smaller type reads as less important)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kiosk.games import registry
from kiosk.i18n import N_, Text
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter
from kiosk.ui.rules_text import RULES, Page
from kiosk.ui.scenes.chrome import backdrop, button_height, margin, pager, title_band, turn_page
from kiosk.ui.theme import Theme, theme_for

CLOSE = "close"
HOW_TO_PLAY = "how to play"


@dataclass
class RulesPages:
    game_id: str
    on_close: Callable[[], None]
    on_how_to_play: Callable[[], None] | None = None  # the game's "How to play" pages, where offered
    page: int = 0
    theme: Theme = field(init=False)
    pages: tuple[Page, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.theme = theme_for(self.game_id)
        self.pages = RULES[self.game_id]

    def draw(self, paint: Painter, now: float) -> None:
        room = backdrop(paint)
        layout = paint.layout
        page = self.pages[self.page]
        title_height = room.height // (8 if layout.portrait else 5)
        actions_height = button_height(paint)
        title, body, actions = rows(
            room, [title_height, room.height - title_height - actions_height, actions_height], gap=margin(paint))
        name = registry.get(self.game_id).info.names["en"]
        title_band(paint, title, Text(page.title), Text(N_("{game}: quick rules"), {"game": Text(name)}))
        paint.box(body, paint.theme.panel, None, radius=layout.mm(2.5))
        words = inset(body, layout.mm(4))
        size = min(paint.fit_mm(words, Text(p.body), 7 if layout.portrait else 5.5) for p in self.pages)
        paint.text(words, Text(page.body), size, paint.theme.ink, align="left", valign="top", min_mm=size)
        if self.on_how_to_play is None:
            close, middle = columns(actions, [1, 2.4], gap=margin(paint))
        else:
            close, how, middle = columns(actions, [1, 1.3, 2.4], gap=margin(paint))
            paint.button(how, Text(N_("How to play")), HOW_TO_PLAY)
        paint.button(close, Text(N_("Close")), CLOSE)
        pager(paint, middle, self.page, len(self.pages))

    def tap(self, value: object, now: float) -> None:
        if value == CLOSE:
            self.on_close()
        elif value == HOW_TO_PLAY and self.on_how_to_play is not None:
            self.on_how_to_play()
        else:
            self.page = turn_page(self.page, len(self.pages), value)

    def next_frame(self, now: float) -> float | None:
        return None
