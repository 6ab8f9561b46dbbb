"""The attract screen: what an idle table shows. One tap anywhere goes on to the game choice.

It shows every game; a featured one (chosen by the café, from Home Assistant) comes first, framed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kiosk.games import registry
from kiosk.i18n import N_, Text
from kiosk.ui.layout import grid, inset, rows
from kiosk.ui.paint import Painter
from kiosk.ui.theme import LOBBY, Theme

START = "start"


@dataclass
class Attract:
    on_start: Callable[[], None]
    featured: str | None = None  # a game's id
    theme: Theme = LOBBY

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        screen = paint.surface.get_rect()
        paint.target(screen, START)  # anywhere
        margin = paint.layout.mm(4)
        title, games, hint = rows(inset(screen, margin), [3, 4, 1.5], gap=margin)
        frame = inset(title, paint.layout.mm(1))
        paint.box(frame, border=paint.theme.accent, width=3)
        paint.text(inset(frame, paint.layout.mm(2)), Text(N_("Mystery Table")), 14, paint.theme.accent, title=True)
        ids = sorted(registry.ids(), key=lambda game_id: game_id != self.featured)  # stable: the rest keep their order
        per_row = 1 if paint.layout.portrait else 2
        for box, game_id in zip(grid(games, len(ids), per_row, gap=margin), ids):
            name = registry.get(game_id).info.names
            paint.box(box, paint.theme.panel, radius=paint.layout.mm(2))
            if game_id == self.featured:
                paint.box(box, border=paint.theme.accent, radius=paint.layout.mm(2), width=max(2, paint.layout.mm(0.8)))
            paint.text(inset(box, paint.layout.mm(2)), Text(name["en"]), 7, title=True)
        paint.text(hint, Text(N_("Touch the screen to start")), 6, paint.theme.muted)

    def tap(self, value: object, now: float) -> None:
        if value == START:
            self.on_start()

    def next_frame(self, now: float) -> float | None:
        return None
