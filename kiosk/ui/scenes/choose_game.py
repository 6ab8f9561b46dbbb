"""The game choice: four games as big cards, each in its own mood; tap one, then how many play.

Each card shows the game's name in its own theme and how many can play at this table. A tap on a
card asks "how many players?" with one big button per count the game and the table allow. Each game
has a rules button; the top band has a small EN/ES switch and, in its corner, the discreet admin key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from kiosk.games import registry
from kiosk.i18n import LANGUAGES, N_, Text
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.paint import Painter, Verbatim
from kiosk.ui.scene import SeatHint
from kiosk.ui.scenes.chrome import backdrop, button_height, margin, segmented
from kiosk.ui.scenes.emblems import draw_emblem
from kiosk.ui.scenes.notice import Notice
from kiosk.ui.theme import LOBBY, Theme, theme_for

ADMIN = "admin"
BACK = "back"
LANGUAGE_NAMES = {"en": N_("EN"), "es": N_("ES")}


def seat_counts(game_id: str, max_seats: int) -> list[int]:
    """The player counts a game allows at a table of `max_seats` seats (empty if it needs more)."""
    info = registry.get(game_id).info
    return list(range(info.min_seats, min(info.max_seats, max_seats) + 1))


def players_label(low: int, high: int) -> Text:
    if low == high:
        return Text(N_("{n} players"), {"n": low})
    return Text(N_("{low}-{high} players"), {"low": low, "high": high})


@dataclass
class ChooseGame:
    on_choose: Callable[[str, int], None]
    on_rules: Callable[[str], None]
    on_admin: Callable[[], None]
    on_language: Callable[[str], None]
    max_seats: int = 7
    chosen: str | None = None  # the game whose player count is being asked
    theme: Theme = LOBBY
    notice: Notice = field(default_factory=Notice)

    @property
    def seat_hint(self) -> SeatHint:
        if self.chosen is None:
            return SeatHint(Text(N_("Choose a game on the touchscreen")))
        name = Text(registry.get(self.chosen).info.names["en"])
        return SeatHint(Text(N_("How many play?")), Text(N_("Answer on the touchscreen")), title=name)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        room = backdrop(paint)
        band_height = max(button_height(paint), room.height // (9 if paint.layout.portrait else 6))
        band, body = rows(room, [band_height, room.height - band_height], gap=margin(paint))
        self._top_band(paint, band)
        if self.chosen is None:
            self._games(paint, body)
        else:
            self._players(paint, body, self.chosen)
        self.notice.draw(paint, now)

    def _top_band(self, paint: Painter, band: pygame.Rect) -> None:
        """The admin key (left corner), the title, the language switch (right)."""
        touch = paint.layout.min_touch
        key = pygame.Rect(band.left, band.top, touch, touch)
        self._admin_key(paint, key)
        switch_width = touch * 3
        switch = pygame.Rect(band.right - switch_width, band.top, switch_width, max(touch, band.height * 2 // 3))
        title = pygame.Rect(key.right + margin(paint), band.top, switch.left - key.right - 2 * margin(paint), band.height)
        words = Text(N_("Choose a game")) if self.chosen is None else Text(N_("How many players?"))
        paint.text(title, words, 8, paint.theme.accent, title=True)
        segmented(paint, switch, [(Text(LANGUAGE_NAMES[lang]), ("language", lang)) for lang in LANGUAGES],
                  ("language", paint.lang), size_mm=4)

    @staticmethod
    def _admin_key(paint: Painter, key: pygame.Rect) -> None:
        """A small dim cog, no word on it: the staff know it, players are not invited to it."""
        colour = paint.theme.muted
        centre = key.center
        outer = key.width // 3
        for step in range(8):
            angle = step * 45
            tooth = pygame.math.Vector2(0, -outer).rotate(angle)
            pygame.draw.line(paint.surface, colour, centre, (centre[0] + tooth.x, centre[1] + tooth.y),
                             max(2, key.width // 9))
        pygame.draw.circle(paint.surface, colour, centre, outer * 3 // 4)
        pygame.draw.circle(paint.surface, paint.theme.background, centre, outer // 3)
        paint.target(key, ADMIN)

    def _games(self, paint: Painter, body: pygame.Rect) -> None:
        ids = registry.ids()
        per_row = 1 if paint.layout.portrait else 2
        for box, game_id in zip(grid(body, len(ids), per_row, gap=margin(paint)), ids):
            self._game_card(paint, box, game_id)

    def _game_card(self, paint: Painter, box: pygame.Rect, game_id: str) -> None:
        """One game in its own colours and type: name, player counts, a rules button."""
        mood = theme_for(game_id)
        # A painter in the game's theme that records into the same lists as the scene's painter.
        card_paint = dataclasses.replace(paint, theme=mood)
        layout = paint.layout
        radius = layout.mm(3)
        counts = seat_counts(game_id, self.max_seats)
        paint.box(box, mood.background, mood.accent, radius=radius, width=max(2, layout.mm(0.7)))
        paint.box(inset(box, layout.mm(1.2)), None, mood.muted, radius=radius, width=1)
        if counts:
            paint.target(box, ("game", game_id))
        inner = inset(box, layout.mm(3))
        rules_width = max(layout.min_touch * 2, inner.width // 4)
        words, side = columns(inner, [inner.width - rules_width, rules_width], gap=layout.mm(2))
        name, bottom = rows(words, [2, 1])
        players, emblem = columns(bottom, [2, 1], gap=layout.mm(2))
        info = registry.get(game_id).info
        draw_emblem(paint.surface, game_id, emblem, mood)
        if not counts:  # too few seats at this table: the card is dimmed and says why
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((*mood.background, 150))
            paint.surface.blit(shade, box.topleft)
        card_paint.text(name, Text(info.names["en"]), 9, mood.accent if counts else mood.muted, title=True,
                        align="left")
        line = players_label(counts[0], counts[-1]) if counts else Text(
            N_("Needs {n} seats"), {"n": info.min_seats})
        card_paint.text(players, line, 4.5, mood.ink if counts else mood.alert, align="left")
        rules_height = max(layout.min_touch, min(side.height, button_height(paint)))
        rules_box = pygame.Rect(side.left, side.centery - rules_height // 2, side.width, rules_height)
        card_paint.button(rules_box, Text(N_("Rules")), ("rules", game_id), size_mm=4.5)

    def _players(self, paint: Painter, body: pygame.Rect, game_id: str) -> None:
        layout = paint.layout
        counts = seat_counts(game_id, self.max_seats)
        name_height = body.height // (5 if layout.portrait else 4)
        action_height = button_height(paint)
        name, numbers, actions = rows(
            body, [name_height, body.height - name_height - action_height, action_height], gap=margin(paint))
        info = registry.get(game_id).info
        paint.text(name, Text(info.names["en"]), 11, paint.theme.accent, title=True)
        per_row = len(counts) if not layout.portrait else min(3, len(counts))
        lines = (len(counts) + per_row - 1) // per_row
        side = min(numbers.width // per_row, numbers.height // lines) - margin(paint)
        block = pygame.Rect(0, 0, side * per_row + margin(paint) * (per_row - 1),
                            side * lines + margin(paint) * (lines - 1))
        block.center = numbers.center
        for box, count in zip(grid(block, len(counts), per_row, gap=margin(paint)), counts):
            paint.button(box, Verbatim(str(count)), ("players", count), size_mm=14)
        back, rules = columns(actions, [1, 1], gap=margin(paint))
        paint.button(back, Text(N_("Back")), BACK)
        paint.button(rules, Text(N_("Rules")), ("rules", game_id))

    # --- taps -----------------------------------------------------------------------------------

    def tap(self, value: object, now: float) -> None:
        if value == ADMIN:
            self.on_admin()
        elif value == BACK:
            self.chosen, self.theme = None, LOBBY
        elif isinstance(value, tuple) and len(value) == 2:
            kind, what = value
            if kind == "language" and isinstance(what, str):
                self.on_language(what)
            elif kind == "rules" and isinstance(what, str):
                self.on_rules(what)
            elif kind == "game" and isinstance(what, str):
                self.chosen, self.theme = what, theme_for(what)
            elif kind == "players" and isinstance(what, int) and self.chosen is not None:
                if what in seat_counts(self.chosen, self.max_seats):
                    self.on_choose(self.chosen, what)
                else:
                    self.notice.show(Text(N_("This table cannot seat that many players.")), now)

    def next_frame(self, now: float) -> float | None:
        return self.notice.next_frame(now)
