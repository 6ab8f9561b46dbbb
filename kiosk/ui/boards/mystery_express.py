"""The Mystery Express public board: the train and its itinerary, the card backs everybody sees,
a banner for the latest public event, the Time reveals, the tunnel, the end, and the active seat's
public choices as buttons (rules 10: the public column of the visibility table, nothing else).

Moves are taps on the cars of the train; every other public choice is a button. What the board
draws comes only from the public view, public events and public prompts it is given.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.awaited import Awaited
from kiosk.games import registry
from kiosk.games.base import Action, Event, IllegalAction, Prompt
from kiosk.games.mystery_express.choices import worth_offering
from kiosk.games.mystery_express.narrate import CATEGORY_NAMES
from kiosk.i18n import N_, Text
from kiosk.ui.boards import Board, BoardContext, status_line
from kiosk.ui.boards.me_marks import BACKS, draw_symbol, ink_on
from kiosk.ui.boards.me_reveals import EndReveal, TimeReveal
from kiosk.ui.boards.me_tables import draw_board_cards, draw_ledger, draw_tunnel
from kiosk.ui.boards.me_train import draw_itinerary, draw_train
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.paint import Painter
from kiosk.ui.theme import ART_DECO, Theme

EARLIER = 3  # earlier public events listed while nobody at the touchscreen is choosing
CAR_CHOICES = ("move", "car")  # answered by tapping a car of the train
RESULTS_STRIP_MM = 9  # under the end table, for the kiosk's "Tap for the results" (with people only)
FORM_STATUS = {
    "tunnel": N_("Looks chosen: {done} of {total}"),
    "telegram": N_("Telegrams sent: {done} of {total}"),
    "final": N_("Final answers written: {done} of {total}"),
    "sudden": N_("Cards chosen: {done} of {total}"),
}
STALE = N_("That choice is no longer open.")


@dataclass
class Regions:
    itinerary: pygame.Rect
    train: pygame.Rect
    banner: pygame.Rect
    ledger: pygame.Rect
    cards: pygame.Rect
    turn: pygame.Rect
    stage: pygame.Rect  # where a reveal or the tunnel is shown, over the train and the ledger
    end: pygame.Rect  # where the end of the game is shown: everything under the itinerary
    cards_under_stage: bool  # the stage covers the board's cards (landscape): they wait


def regions(paint: Painter) -> Regions:
    layout = paint.layout
    gap = layout.mm(1.5)
    screen = inset(paint.surface.get_rect(), layout.mm(2))
    if layout.portrait:
        itinerary, train, banner, ledger, cards, turn = rows(screen, [1.0, 2.8, 0.6, 2.2, 1.0, 2.2], gap=gap)
        stage = train.union(ledger)
    else:
        itinerary, train, banner, middle, turn = rows(screen, [1.35, 2.05, 0.65, 2.55, 2.6], gap=gap)
        ledger, cards = columns(middle, [1.75, 1], gap=gap)
        stage = train.union(middle)
    return Regions(itinerary, train, banner, ledger, cards, turn, stage, train.union(turn), not layout.portrait)


@dataclass
class MysteryExpressBoard:
    context: BoardContext
    theme: Theme = ART_DECO
    view: dict[str, Any] | None = None
    prompts: list[Prompt] = field(default_factory=list)
    awaited: tuple[Awaited, ...] = ()
    banner: Text | None = None
    earlier: deque[Text] = field(default_factory=lambda: deque(maxlen=EARLIER))  # banners before it
    notice: Text | None = None
    reveals: list[TimeReveal] = field(default_factory=list)
    end: EndReveal | None = None
    shown_faces: list[str] = field(default_factory=list)  # faces drawn as pictures in the last frame
    _car_taps_drawn: bool = False  # the train is on screen, so its cars answer taps

    # --- what the table tells the board ---------------------------------------------------------

    def update(self, view: dict[str, Any], prompts: list[Prompt], now: float, awaited: tuple[Awaited, ...] = ()) -> None:
        self.view = view
        self.awaited = awaited
        self.prompts = [p for p in prompts if not p.private and p.seat not in self.context.bots]
        if view.get("over") and self.end is None and "result" in view:
            self.end = EndReveal(view["result"], int(view["seats"]), self._free_from(now), self.context.reveal_seconds)

    def observe(self, events: list[Event], now: float) -> None:
        for event in events:
            if event.audience is not None:
                continue  # a private event never reaches the public screen
            line = self.context.narrator.describe(event)
            if line is not None:
                if self.banner is not None:
                    self.earlier.appendleft(self.banner)
                self.banner = line
                self.notice = None
            if event.kind == "time_reveal":
                self.reveals.append(TimeReveal.from_event(event.data, self._free_from(now), self.context.reveal_seconds))
            elif event.kind == "game_over" and self.end is None:
                self.end = EndReveal(event.data, self.context.seats, self._free_from(now), self.context.reveal_seconds)

    def _free_from(self, now: float) -> float:
        """A new reveal starts when the ones before it have finished."""
        return max([now] + [r.end for r in self.reveals])

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        self.shown_faces = []
        self.reveals = [r for r in self.reveals if r.running(now)]
        view = self.view
        if view is None:
            return
        narrator = self.context.narrator
        area = regions(paint)
        _frame(paint, paint.surface.get_rect())
        draw_itinerary(paint, area.itinerary, view)
        reveal = next((r for r in self.reveals if r.start <= now), None)
        if self.end is not None and reveal is None:  # the end follows the Time reveals still playing
            self.end.draw(paint, self._end_areas(paint)[0], narrator, now, self.shown_faces)
            return
        self._car_taps_drawn = reveal is None and view.get("stage") != "tunnel"
        if reveal is not None:
            reveal.draw(paint, area.stage, narrator, now, self.shown_faces)
        elif view.get("stage") == "tunnel":
            draw_tunnel(paint, area.stage, view, narrator)
        else:
            draw_train(paint, area.train, view, narrator, self._car_taps(), paint.layout.portrait)
            self._draw_banner(paint, area.banner)
            draw_ledger(paint, area.ledger, view, narrator)
        if not (area.cards_under_stage and (reveal is not None or view.get("stage") == "tunnel")):
            draw_board_cards(paint, area.cards, view)
        self._draw_turn(paint, area.turn)

    def results_place(self, paint: Painter) -> pygame.Rect | None:
        """Where the kiosk says "Tap for the results" once the end has played: a strip under the end
        table, kept free from the end's first frame while people are at the table (bots go on by
        themselves), so it hides neither the itinerary nor the table."""
        return self._end_areas(paint)[1]

    def _end_areas(self, paint: Painter) -> tuple[pygame.Rect, pygame.Rect | None]:
        end = regions(paint).end
        if len(self.context.bots) >= self.context.seats:
            return end, None
        layout = paint.layout
        strip = layout.mm(RESULTS_STRIP_MM)
        table = pygame.Rect(end.left, end.top, end.width, end.height - strip - layout.mm(1))
        return table, pygame.Rect(end.left, end.bottom - strip, end.width, strip)

    def _draw_banner(self, paint: Painter, rect: pygame.Rect) -> None:
        theme = paint.theme
        pygame.draw.line(paint.surface, theme.accent, rect.topleft, rect.topright, 1)
        pygame.draw.line(paint.surface, theme.accent, rect.bottomleft, rect.bottomright, 1)
        words = self.notice or self.banner or Text(registry.get(self.context.game_id).info.names["en"])
        if words is not None:
            paint.text(inset(rect, 2), words, 4.2, theme.alert if self.notice else theme.ink, min_mm=1.8)

    def _draw_turn(self, paint: Painter, rect: pygame.Rect) -> None:
        """Whose turn it is and the hours left, who the table waits for (the status line), then what
        the touchscreen asks and its choices. The status line takes the place of the turn's name while
        the touchscreen asks something (the two name the same seat), else the top of the choices' room."""
        theme, layout = paint.theme, paint.layout
        view = self.view or {}
        narrator = self.context.narrator
        paint.box(rect, theme.panel, theme.accent, radius=layout.mm(2))
        inner = inset(rect, layout.mm(1.2))
        prompt = self.prompts[0] if self.prompts else None
        offered = worth_offering(prompt, view) if prompt else []  # nothing pointless: no grip on empty piles
        buttons = [a for a in offered if a.kind not in CAR_CHOICES]
        small_gap = max(1, layout.mm(0.5))
        if layout.portrait:
            header, choices = rows(inner, [1.2, 2.2], gap=layout.mm(1))
            top, asked = rows(header, [1, 1], gap=small_gap)
            who, hours_line = columns(top, [1.3, 1], gap=layout.mm(1))
        else:
            header, choices = columns(inner, [1.1, 2.9], gap=layout.mm(1.5))
            who, hours_line, asked = rows(header, [1.2, 1, 1.2], gap=small_gap)
        stage = view.get("stage", "")
        active, hours = view.get("active"), view.get("hours")
        if prompt is None:  # the status line over the choices' room (over the whole panel in a form stage)
            waiting, choices = rows(inner if stage in FORM_STATUS else choices, [1, 1.4], gap=small_gap)
            status_line.draw(paint, waiting, self.context, self.awaited, view)
        elif stage not in FORM_STATUS:  # in a form stage the header counts the answers
            status_line.draw(paint, who, self.context, self.awaited, view)
        if stage in FORM_STATUS:
            done, total = answers_so_far(view)
            status = Text(FORM_STATUS[stage], {"done": done, "total": total})
            paint.text(header if prompt else choices, status, 6, theme.ink, title=True)
        elif active is not None:
            if prompt is None:
                paint.text(who, Text(N_("{seat} plays"), {"seat": narrator.seat(active)}), 5, theme.accent, title=True)
            if hours is not None:
                words, pips = columns(hours_line, [1, 1.2], gap=layout.mm(1))
                paint.text(words, Text(N_("{hours} h left"), {"hours": hours}), 4.5, theme.ink, title=True)
                self._draw_hours(paint, pips, hours)
        if prompt is None:
            if self.notice is not None:
                paint.text(choices, self.notice, 4.5, theme.alert)
            elif stage not in FORM_STATUS:
                self._draw_earlier(paint, choices)
            return
        if len(buttons) < len(offered) and self._car_taps_drawn:
            kind = "car" if any(a.kind == "car" for a in prompt.actions) else "move"
            hint = N_("Tap a car to start there") if kind == "car" else N_("Tap a car to walk there")
            paint.text(asked, Text(hint), 4.2, theme.accent, title=True, min_mm=1.8)
        elif prompt.kind != "turn":
            paint.text(asked, narrator.title(prompt), 4.5, theme.ink, title=True, min_mm=1.8)
        self._draw_buttons(paint, choices, prompt.seat, buttons)

    def _draw_earlier(self, paint: Painter, rect: pygame.Rect) -> None:
        """While nobody at the touchscreen is asked anything: the public events before the banner's."""
        lines = list(self.earlier)
        if not lines:
            return
        for box, line in zip(rows(rect, [1] * EARLIER, gap=max(1, paint.layout.mm(0.5))), lines):
            paint.text(box, line, 3.6, paint.theme.muted, align="left", min_mm=1.8)

    def _draw_hours(self, paint: Painter, rect: pygame.Rect, hours: int) -> None:
        """One brass pip per hour of the leg, lit for the hours the active player still has."""
        view = self.view or {}
        leg = int(view.get("leg") or 0)
        total = view["itinerary"][leg - 1]["hours"] if 1 <= leg <= len(view["itinerary"]) else hours
        total = max(total or 0, hours)
        if total <= 0:
            return
        size = min(rect.height, rect.width // (total + 1))
        for i, cell in enumerate(columns(rect, [1] * total)):
            pip = pygame.Rect(0, 0, size * 3 // 4, size * 3 // 4)
            pip.center = cell.center
            lit = i < hours
            pygame.draw.circle(paint.surface, paint.theme.accent if lit else paint.theme.background, pip.center, pip.width // 2)
            pygame.draw.circle(paint.surface, paint.theme.accent, pip.center, pip.width // 2, 1)

    def _draw_buttons(self, paint: Painter, rect: pygame.Rect, seat: int, actions: list[Action]) -> None:
        if not actions:
            return
        layout = paint.layout
        gap = max(2, layout.mm(1))
        fit_rows = max(1, (rect.height + gap) // (layout.min_touch + gap))
        lines = min(fit_rows, len(actions))
        per_row = -(-len(actions) // lines)
        lines = -(-len(actions) // per_row)
        height = min(rect.height, lines * layout.mm(14) + (lines - 1) * gap)
        box = pygame.Rect(rect.left, rect.top + (rect.height - height) // 2, rect.width, height)
        for cell, action in zip(grid(box, len(actions), per_row, gap=gap), actions):
            self._button(paint, cell, seat, action)

    def _button(self, paint: Painter, cell: pygame.Rect, seat: int, action: Action) -> None:
        narrator = self.context.narrator
        category = action.args[0] if action.kind == "category" else None
        if category is None:
            chosen = action.kind == "guest" and action.args[0] in self.prompts[0].data.get("guests", [])
            where = narrator.where(action)
            if where is None:
                paint.button(cell, narrator.label(action), (seat, action), selected=chosen, size_mm=4.5)
            else:
                self._action_button(paint, cell, seat, action, where)
            return
        # A category button carries the category's back: its colour, symbol and name.
        theme, layout = paint.theme, paint.layout
        paint.box(cell, BACKS[category], theme.accent, radius=max(4, layout.mm(1.5)))
        pad = max(2, layout.mm(1))
        symbol = pygame.Rect(cell.left + pad, cell.top + pad, cell.height - 2 * pad, cell.height - 2 * pad)
        draw_symbol(paint.surface, symbol, category, ink_on(category))
        words = pygame.Rect(symbol.right + pad, cell.top + pad, cell.right - symbol.right - 2 * pad, cell.height - 2 * pad)
        paint.text(words, Text(CATEGORY_NAMES[category]), 4.5, ink_on(category), title=True)
        paint.target(cell, (seat, action))

    def _action_button(self, paint: Painter, cell: pygame.Rect, seat: int, action: Action, where: Text) -> None:
        """A turn's action, and under it where it is done and its hours ("Dining Car · 1 h per guest")."""
        theme, layout = paint.theme, paint.layout
        paint.box(cell, theme.panel, theme.accent, radius=max(4, layout.mm(1.5)))
        pad = max(2, layout.mm(0.6))
        label, detail = rows(inset(cell, pad), [1, 1.4], gap=0)
        paint.text(label, self.context.narrator.label(action), 4.5, theme.ink, title=True, min_mm=1.6)
        paint.text(detail, where, 3.2, theme.accent, min_mm=1.5)
        paint.target(cell, (seat, action))

    def _car_taps(self) -> dict[str, object]:
        if not self.prompts:
            return {}
        prompt = self.prompts[0]
        return {a.args[0]: (prompt.seat, a) for a in worth_offering(prompt, self.view or {}) if a.kind in CAR_CHOICES}

    # --- input and time -------------------------------------------------------------------------

    def tap(self, value: object, now: float) -> None:
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Action)):
            return
        seat, action = value
        if not any(p.seat == seat and action in p.actions for p in self.prompts):
            self.notice = Text(STALE)
            return
        try:
            self.context.submit(seat, action)
        except IllegalAction as refused:
            self.notice = refused.text

    def next_frame(self, now: float) -> float | None:
        """When the reveal on screen (or the next one, or the end) next changes its picture."""
        shown = [r for r in self.reveals if r.running(now)][:1]  # one at a time, in order
        changes = [moment.next_change(now) for moment in (*shown, self.end) if moment is not None]
        waits = [wait for wait in changes if wait is not None]
        return min(waits) if waits else None


def answers_so_far(view: dict[str, Any]) -> tuple[int, int]:
    """While everyone chooses in private (tunnel looks, telegrams, sudden revelation, final answers):
    how many choices are in, out of how many, from the public view only."""
    step, stage, n = view.get("step", {}), view.get("stage"), int(view["seats"])
    if stage == "tunnel":
        rows_ = step.get("rows", {})
        wanted = sum(len({(s + 1) % n, (s - 1) % n} & {int(o) for o, r in rows_.items() if r}) for s in range(n))
        return sum(len(p) for p in step.get("picks", {}).values()), wanted
    if stage == "sudden":
        answered = len(step.get("answered", []))
        return answered, max(answered, sum(1 for p in view["players"] if p["hand_size"]))
    return len(step.get("sent", [])), n


def _frame(paint: Painter, rect: pygame.Rect) -> None:
    """An Art Deco frame: a brass line with stepped corners."""
    colour = paint.theme.accent
    m = paint.layout.mm(0.8)
    step = paint.layout.mm(2.5)
    outer = inset(rect, m)
    pygame.draw.rect(paint.surface, colour, outer, 1)
    for cx, cy, dx, dy in ((outer.left, outer.top, 1, 1), (outer.right - 1, outer.top, -1, 1),
                           (outer.left, outer.bottom - 1, 1, -1), (outer.right - 1, outer.bottom - 1, -1, -1)):
        pygame.draw.line(paint.surface, colour, (cx + dx * step, cy), (cx + dx * step, cy + dy * step), 2)
        pygame.draw.line(paint.surface, colour, (cx, cy + dy * step), (cx + dx * step, cy + dy * step), 2)


def make_board(context: BoardContext) -> Board:
    return MysteryExpressBoard(context)
