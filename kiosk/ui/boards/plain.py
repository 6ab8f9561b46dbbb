"""The plain board: any game's public side as words. The game's name, whose turn it is, the latest
public events as sentences, and the public choices as buttons. Every game has a board of its own;
this one is the fallback for a game registered without one."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from kiosk.games import registry
from kiosk.games.base import Action, Event, Prompt
from kiosk.i18n import N_, Text
from kiosk.ui.boards import Board, BoardContext
from kiosk.ui.layout import grid, inset, rows
from kiosk.ui.paint import Painter, Verbatim
from kiosk.ui.theme import Theme, theme_for

HISTORY = 4


@dataclass
class PlainBoard:
    context: BoardContext
    theme: Theme
    prompts: list[Prompt] = field(default_factory=list)
    lines: deque[Text] = field(default_factory=lambda: deque(maxlen=HISTORY))

    def update(self, view: dict[str, Any], prompts: list[Prompt], now: float) -> None:
        self.prompts = [p for p in prompts if not p.private]

    def observe(self, events: list[Event], now: float) -> None:
        for event in events:
            if event.audience is None:
                line = self.context.narrator.describe(event)
                if line is not None:
                    self.lines.append(line)

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        layout = paint.layout
        gap = layout.mm(2)
        title, story, choices = rows(inset(paint.surface.get_rect(), gap), [1.2, 3, 2.5], gap=gap)
        name = registry.get(self.context.game_id).info.names["en"]
        paint.text(title, Text(name), 9, paint.theme.accent, title=True)
        for box, line in zip(rows(story, [1] * HISTORY), reversed(self.lines)):
            paint.text(box, line, 4.5)
        if not self.prompts:
            return
        prompt = self.prompts[0]
        label, buttons = rows(choices, [1, 2.5], gap=gap)
        paint.text(label, Text(N_("{seat} chooses"), {"seat": self.context.narrator.seat(prompt.seat)}), 5)
        actions = prompt.actions[:8]
        per_row = min(4, len(actions))
        for i, (box, action) in enumerate(zip(grid(buttons, len(actions), per_row, gap=gap), actions)):
            paint.button(box, self._label(action, i), (prompt.seat, action))

    def _label(self, action: Action, index: int) -> Text | Verbatim:
        label = getattr(self.context.narrator, "label", None)
        return label(action) if label is not None else Verbatim(str(index + 1))

    def tap(self, value: object, now: float) -> None:
        if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Action):
            self.context.submit(value[0], value[1])

    def next_frame(self, now: float) -> float | None:
        return None


def make_board(context: BoardContext) -> Board:
    return PlainBoard(context, theme_for(context.game_id))
