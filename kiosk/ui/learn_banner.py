""""Learn as you play" on the touchscreen: the first time each public moment or public decision comes
up, the board shows what it is in large type for a few seconds.

One banner for every board, in the board's own theme (its panel, accent and ink), across the screen
under the board's title and status line (which say whose turn it is). It never holds the game up: it is only drawn, taps go on reaching the board, and the
game and the seats go on meanwhile. It waits for the board's reveals (a board's `Stage`,
kiosk/ui/pace.py) rather than covering them: a banner starts once the reveals queued before it have
finished. Banners queue one behind the other; the table remembers which kinds it has shown (seat
`BOARD` in kiosk/referee/learning.py), so a resumed game does not show them again.

Only public things are explained: the kinds of public events and of public prompts (never a private
prompt's, which its seat explains), from the texts per kind (kiosk/games/explanations.py).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import pygame

from kiosk.games.base import Event, Prompt
from kiosk.games.explanations import moment_explanation
from kiosk.i18n import Text
from kiosk.seats.learn import BOARD, TITLE, Learning
from kiosk.ui.layout import inset, rows
from kiosk.ui.paint import Painter, font, lines_height, wrap
from kiosk.ui.pace import Stage
from kiosk.ui.scene import ON_TIME

BANNER_SECONDS = 6.0  # how long one kind's text stays up
MIN_MM = 3.6  # the least the banner's words shrink to: large type, read from across the table
WAITING = 3  # banners that wait their turn at most: an older waiting one is dropped (the game moved on)


@dataclass
class Banner:
    texts: tuple[str, ...]  # msgids: a moment's sentence, or a public decision's what and choices
    start: float
    end: float


@dataclass
class LearnBanner:
    learning: Learning
    banners: deque[Banner] = field(default_factory=deque)

    def observe(self, events: list[Event], prompts: list[Prompt], now: float, board: object = None) -> None:
        """The public events just played and the public prompts now awaited: a kind new at this table
        queues its banner, after the board's reveals (`board.stage`) and the banners before it."""
        found: list[tuple[str, ...]] = []
        for event in events:
            sentence = moment_explanation(self.learning.game_id, event.kind) if event.audience is None else None
            if sentence is not None and self.learning.first(BOARD, f"moment:{event.kind}"):
                found.append((sentence,))
        for prompt in prompts:
            explanation = None if prompt.private else self.learning.explanation(prompt.kind)
            if explanation is not None and self.learning.first(BOARD, prompt.kind):
                found.append((explanation.what, explanation.choices))
        if not found:
            return
        self._drop_finished(now)
        stage = getattr(board, "stage", None)
        start = max([now] + [b.end for b in self.banners] + ([stage.free_from(now)] if isinstance(stage, Stage) else []))
        for texts in found:
            self.banners.append(Banner(texts, start, start + BANNER_SECONDS))
            start += BANNER_SECONDS
        while sum(1 for b in self.banners if b.start > now + ON_TIME) > WAITING:
            waiting = next(b for b in self.banners if b.start > now + ON_TIME)
            self.banners.remove(waiting)
            for later in self.banners:  # those behind it move up
                if later.start > waiting.start:
                    later.start -= BANNER_SECONDS
                    later.end -= BANNER_SECONDS

    def on_screen(self, now: float) -> Banner | None:
        return next((b for b in self.banners if b.start <= now + ON_TIME < b.end), None)

    def next_change(self, now: float) -> float | None:
        """Seconds until a banner appears or goes (None: none shown or waiting)."""
        self._drop_finished(now)
        moments = [t for b in self.banners for t in (b.start, b.end) if t > now + ON_TIME]
        return min(moments) - now if moments else None

    def draw(self, paint: Painter, now: float) -> None:
        """The banner across the screen under the board's title and status line, as tall as its words
        need at the size they fit (a trial found a half-screen box over the middle of P.I.'s map for
        one sentence), at most 45 % of the screen (30 % in portrait)."""
        banner = self.on_screen(now)
        if banner is None:
            return
        screen = paint.surface.get_rect()
        layout, theme = paint.layout, paint.theme
        margin, pad, gap = layout.mm(4), layout.mm(3), layout.mm(1)
        top = screen.top + screen.height // 8  # under the board's title and status line (whose turn, what is asked)
        most = pygame.Rect(screen.left + margin, top, screen.width - 2 * margin,
                           int(screen.height * (0.3 if layout.portrait else 0.45)))
        title, body = rows(inset(most, pad), [1, 5], gap=gap)
        shares = rows(body, [1] * len(banner.texts), gap=gap)
        size = min(paint.fit_mm(share, Text(text), 6, min_mm=MIN_MM) for share, text in zip(shares, banner.texts))
        face = font(theme.body_font, layout.mm(size))
        heights = [min(share.height, lines_height(len(wrap(Text(text).render(paint.lang), face, body.width)), face))
                   for share, text in zip(shares, banner.texts)]
        box = pygame.Rect(most.left, most.top, most.width, title.bottom - most.top + sum(heights) + gap * len(heights) + pad)
        paint.box(box, theme.panel, theme.accent, radius=layout.mm(2), width=max(2, layout.mm(0.8)))
        paint.text(title, Text(TITLE), 5, theme.accent, title=True, align="left")
        line_top = title.bottom + gap
        for height, text in zip(heights, banner.texts):  # one size for both parts: they read as one text
            paint.text(pygame.Rect(body.left, line_top, body.width, height), Text(text), size, theme.ink, min_mm=MIN_MM)
            line_top += height + gap

    def _drop_finished(self, now: float) -> None:
        while self.banners and self.banners[0].end <= now + ON_TIME:
            self.banners.popleft()
