"""After a power cut: an unfinished game was found. Resume it (the big button) or set it aside.

Every action was stored before its effects were shown, so a resumed game replays to exactly where it
stopped. Setting it aside asks for a confirmation first: it cannot be offered again. When the kiosk was
started for a game (`kiosk run --game`), the offer says so: the other choice starts that game instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

import pygame

from kiosk.games import registry
from kiosk.i18n import N_, Text
from kiosk.ui.layout import inset, rows
from kiosk.ui.paint import Painter
from kiosk.ui.scene import SeatHint
from kiosk.ui.scenes.chrome import YES, backdrop, button_height, confirm_box, margin, title_band
from kiosk.ui.theme import Theme, theme_for

RESUME = "resume"
SET_ASIDE = "set aside"


def when(started: str) -> str | None:
    """The start time as digits only ("2026-11-30 12:05"), or None if it cannot be read as a time."""
    try:
        return datetime.fromisoformat(started).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return None if any(c.isalpha() for c in started) or not started.strip() else started.strip()


@dataclass
class ResumeOffer:
    game_id: str
    seats: int
    actions_done: int
    started: str
    on_resume: Callable[[], None]
    on_discard: Callable[[], None]
    instead: str | None = None  # the game asked for at launch: setting this one aside starts it
    confirming: bool = False
    theme: Theme = field(init=False)

    def __post_init__(self) -> None:
        self.theme = theme_for(self.game_id)

    @property
    def seat_hint(self) -> SeatHint:
        name = Text(registry.get(self.game_id).info.names["en"])
        return SeatHint(name, Text(N_("Resume it on the touchscreen")), title=Text(N_("Unfinished game")),
                        seats=self.seats)  # only the seats in that game decide

    def draw(self, paint: Painter, now: float) -> None:
        room = backdrop(paint)
        layout = paint.layout
        gap = margin(paint)
        title_height = room.height // (7 if layout.portrait else 4)
        small = button_height(paint)
        big = max(small, room.height // (8 if layout.portrait else 5))
        title, facts, resume, aside = rows(
            room, [title_height, room.height - title_height - big - small - gap, big, small], gap=gap)
        name = Text(registry.get(self.game_id).info.names["en"])
        title_band(paint, title, Text(N_("An unfinished game was found")), name)
        panel = inset(facts, layout.mm(2))
        paint.box(panel, paint.theme.panel, None, radius=layout.mm(2.5))
        scale = 1.4 if layout.portrait else 1.0  # the tall screen has room for larger type
        what, progress, note = rows(inset(panel, layout.mm(3)), [1, 1, 1.4])
        paint.text(what, Text(N_("{game}, {seats} seats"), {"game": name, "seats": self.seats}), 6 * scale,
                   paint.theme.accent, title=True)
        started = when(self.started)
        moves = {"actions": self.actions_done}
        line = (Text(N_("{actions} moves played, started {started}"), {**moves, "started": started})
                if started else Text(N_("{actions} moves played"), moves))
        paint.text(progress, line, 5 * scale, paint.theme.ink)
        paint.text(note, Text(N_("The table stopped in the middle of this game. It can go on exactly where it was.")),
                   4.5 * scale, paint.theme.muted)
        width = min(resume.width, layout.mm(120))
        big_box = pygame.Rect(0, 0, width, resume.height)
        big_box.center = resume.center
        paint.button(big_box, Text(N_("Resume the game")), RESUME, selected=True, size_mm=8)
        small_box = pygame.Rect(0, 0, min(aside.width, layout.mm(70)), aside.height)
        small_box.center = aside.center
        if self.instead is None:
            aside_label, after = Text(N_("Set it aside")), Text(N_("It will not be offered again, and a new game can start."))
        else:
            asked = {"game": Text(registry.get(self.instead).info.names["en"])}
            aside_label = Text(N_("Start {game} instead"), asked)
            after = Text(N_("It will not be offered again, and {game} starts."), asked)
        paint.button(small_box, aside_label, SET_ASIDE, size_mm=4.5)
        if self.confirming:
            confirm_box(paint, Text(N_("Set this game aside?")), after, aside_label, Text(N_("Keep it")))

    def tap(self, value: object, now: float) -> None:
        if self.confirming:
            self.confirming = False
            if value == YES:
                self.on_discard()
        elif value == RESUME:
            self.on_resume()
        elif value == SET_ASIDE:
            self.confirming = True

    def next_frame(self, now: float) -> float | None:
        return None
