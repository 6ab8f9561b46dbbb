"""The Mystery Express public board: the train and its itinerary, the card backs everybody sees,
the log of public events, the Time reveals, the cards shown in the lounge and at the sudden
revelation, the tunnel, the end, and the active seat's public choices as buttons (rules 10: the
public column of the visibility table, nothing else).

Moves are taps on the cars of the train; every other public choice is a button. What the board
draws comes only from the public view, public events and public prompts it is given. Type is set in
the type scale (kiosk/ui/type_scale.py): what does not fit wraps or gets more room, never smaller.

The log: on the tall screen and at 1280x720 it has a region of its own under the train; on the
short landscape screens (800x480, 1024x600) its newest line stands under the train and the whole
log fills the turn panel whenever nobody at the touchscreen is asked anything (while bots move
and seats answer on their own screens, which is when a result would otherwise be overwritten).
While a reveal or the tunnel covers the train, the log moves to the free turn panel everywhere.
The reveals and the end keep pace with the game, and the log waits for them (`kiosk.ui.pace`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.referee.awaited import Awaited
from kiosk.games import registry
from kiosk.games.base import Action, Event, IllegalAction, Prompt
from kiosk.games.mystery_express.choices import worth_offering
from kiosk.games.mystery_express.narrate import CATEGORY_NAMES
from kiosk.games.mystery_express.turn import CAR_OF
from kiosk.i18n import N_, Text
from kiosk.ui.boards import Board, BoardContext, status_line
from kiosk.ui.boards.event_log import EventLog
from kiosk.ui.boards.me_marks import BACKS, common_size, draw_symbol, fits, headline, ink_on, say
from kiosk.ui.boards.me_reveals import CardsShown, EndReveal, Reveal, TimeReveal
from kiosk.ui.boards.me_tables import draw_board_cards, draw_ledger, draw_tunnel
from kiosk.ui.boards.me_train import draw_itinerary, draw_train
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.pace import LOG_LAG_SECONDS, Stage
from kiosk.ui.paint import Painter, Words, font, lines_height, wrap
from kiosk.ui.theme import ART_DECO, Theme
from kiosk.ui.type_scale import BODY, FINE, LABEL, TITLE, TypeSize

LOG_OF_ITS_OWN_MM = 110  # a landscape screen this tall (mm) gives the log a region of its own (1280x720: 120)
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
    banner: pygame.Rect  # the log's region, or only its newest line (then the log waits in `turn`)
    ledger: pygame.Rect
    cards: pygame.Rect
    turn: pygame.Rect
    stage: pygame.Rect  # where a reveal or the tunnel is shown, over the train and the ledger
    end: pygame.Rect  # where the end of the game is shown: everything under the itinerary
    cards_under_stage: bool  # the stage covers the board's cards (landscape): they wait
    log_in_turn: bool  # the short screens: the log fills the turn panel while nobody there is asked


def regions(paint: Painter, buttons: int = 0, counting: bool = False) -> Regions:
    """The board's boxes. On the short landscape screens the turn panel gives the ledger room while it
    only counts answers (`counting`: a form stage without buttons), and takes room from the ledger
    with more than six buttons to show (Madam's help, a special power) for a third line of words; the
    portrait screen likewise, for a third row of buttons (two rows of five, 125 px wide, left "Sleeping
    Car · 2 h, 1 h if…")."""
    layout = paint.layout
    gap = layout.mm(1.5)
    # inside the frame's stepped corners (0.8 + 2.5 mm) where the height allows: the portrait screen
    screen = inset(paint.surface.get_rect(), layout.mm(3.5 if layout.portrait else 2))
    if layout.portrait:  # more than six buttons: a third row of them, from the ledger's room
        ledger_share, turn_share = (1.7, 2.7) if buttons > 6 else (2.2, 2.2)
        itinerary, train, banner, ledger, cards, turn = rows(screen, [0.9, 2.3, 1.5, ledger_share, 1.0, turn_share],
                                                             gap=gap)
        return Regions(itinerary, train, banner, ledger, cards, turn, train.union(ledger), train.union(turn),
                       False, False)
    log_of_its_own = screen.height / layout.px_per_mm >= LOG_OF_ITS_OWN_MM
    if log_of_its_own:
        weights = [1.1, 2.0, 1.5, 2.6, 2.6]
    else:
        turn_share = 3.3 if buttons > 6 else 1.9 if counting and not buttons else 2.75
        train_share = 2.0 if buttons > 6 else 2.05
        weights = [1.1, train_share, 0.55, 9.2 - 1.1 - train_share - 0.55 - turn_share, turn_share]
    itinerary, train, banner, middle, turn = rows(screen, weights, gap=gap)
    ledger, cards = columns(middle, [2.3, 1], gap=gap)
    return Regions(itinerary, train, banner, ledger, cards, turn, train.union(middle), train.union(turn), True,
                   not log_of_its_own)


@dataclass
class MysteryExpressBoard:
    context: BoardContext
    theme: Theme = ART_DECO
    view: dict[str, Any] | None = None
    prompts: list[Prompt] = field(default_factory=list)
    awaited: tuple[Awaited, ...] = ()
    log: EventLog = field(default_factory=EventLog)  # every public event told, newest first
    notice: Text | None = None
    # The moments shown big, one at a time, in pace; the log at most `LOG_LAG_SECONDS` behind a move
    stage: Stage[Reveal | EndReveal] = field(default_factory=lambda: Stage(log_lag=LOG_LAG_SECONDS))
    end: EndReveal | None = None  # the end, queued behind the reveals; its table stays once played
    shown_faces: list[str] = field(default_factory=list)  # faces drawn as pictures in the last frame
    _car_taps_drawn: bool = False  # the train (and the line under it) is on screen, so its cars answer taps

    # --- what the table tells the board ---------------------------------------------------------

    def update(self, view: dict[str, Any], prompts: list[Prompt], now: float, awaited: tuple[Awaited, ...] = ()) -> None:
        self.view = view
        self.awaited = awaited
        self.prompts = [p for p in prompts if not p.private and p.seat not in self.context.bots]
        if view.get("over") and self.end is None and "result" in view:
            self._the_end(view["result"], int(view["seats"]), now)

    def observe(self, events: list[Event], now: float) -> None:
        for event in events:
            if event.audience is not None:
                continue  # a private event never reaches the public screen
            per = self.context.reveal_seconds
            if event.kind == "time_reveal":
                self.stage.add(TimeReveal.from_event(event.data, self.stage.free_from(now), per), now)
            elif event.kind in CardsShown.KINDS and event.data.get("reveals"):
                self.stage.add(CardsShown.from_event(event.kind, event.data, self.stage.free_from(now), per), now)
            elif event.kind == "game_over" and self.end is None:
                self._the_end(event.data, self.context.seats, now)
            line = self.context.narrator.describe(event)
            if line is not None:  # told once its reveal (and every one before) has shown it
                self.stage.tell(self.log, line, now)
                self.notice = None

    def _the_end(self, result: dict[str, Any], seats: int, now: float) -> None:
        """The game is over: its end is queued behind the reveals still to show (which hurry)."""
        self.end = EndReveal(result, seats, self.stage.free_from(now), self.context.reveal_seconds)
        self.stage.add(self.end, now)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        self.shown_faces = []
        self.stage.settle(self.log, now)
        view = self.view
        if view is None:
            return
        narrator = self.context.narrator
        area = regions(paint, len(self._buttons()), view.get("stage") in FORM_STATUS)
        _frame(paint, paint.surface.get_rect())
        draw_itinerary(paint, area.itinerary, view)
        reveal = self._reveal_at(now)
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
            self._draw_log(paint, area)
            draw_ledger(paint, area.ledger, view, narrator)
        if not (area.cards_under_stage and (reveal is not None or view.get("stage") == "tunnel")):
            draw_board_cards(paint, area.cards, view, narrator.rules.cars)
        self._draw_turn(paint, area)

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

    def _draw_log(self, paint: Painter, area: Regions) -> None:
        """Under the train: the log where it has a region of its own. Where it waits for the turn
        panel: its newest line, or while the turn panel shows it, the status line. A refused tap's
        notice stands there until the next event."""
        theme, rect = paint.theme, area.banner
        pygame.draw.line(paint.surface, theme.accent, rect.topleft, rect.topright, 1)
        pygame.draw.line(paint.surface, theme.accent, rect.bottomleft, rect.bottomright, 1)
        inner = inset(rect, max(2, paint.layout.mm(0.6)))
        if self.notice is not None:
            paint.text(inner, self.notice, LABEL, theme.alert)
        elif not area.log_in_turn:
            self.log.draw(paint, inner)
        elif self._log_in_turn(area):
            say(paint, inner, status_line.words(self.context, self.awaited, self.view), theme.accent)
        else:
            newest = self.log.lines[0] if self.log.lines else Text(registry.get(self.context.game_id).info.names["en"])
            say(paint, inner, headline(paint, inner, newest), theme.ink)

    def _log_in_turn(self, area: Regions) -> bool:
        """The log fills the turn panel while nobody there is asked anything: always on the short
        screens, and on the others while a reveal or the tunnel covers the log's own region."""
        free = not self.prompts and (self.view or {}).get("stage") not in FORM_STATUS
        return free and (area.log_in_turn or not self._car_taps_drawn)

    def _draw_turn(self, paint: Painter, area: Regions) -> None:
        """Whose turn it is and the hours left, who the table waits for (the status line), then what
        the touchscreen asks and its choices. The status line takes the place of the turn's name while
        the touchscreen asks something (the two name the same seat); on the short screens, while the log
        fills the choices' room, it stands under the train; else over the choices' room."""
        theme, layout, rect = paint.theme, paint.layout, area.turn
        view = self.view or {}
        narrator = self.context.narrator
        paint.box(rect, theme.panel, theme.accent, radius=layout.mm(2))
        inner = inset(rect, layout.mm(0.8))
        prompt = self.prompts[0] if self.prompts else None
        offered = worth_offering(prompt, view) if prompt else []  # nothing pointless: no grip on empty piles
        buttons = self._buttons()
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
        waiting = status_line.words(self.context, self.awaited, view)  # None: nobody is awaited
        if self._log_in_turn(area):  # the status line stands in the log's place under the train, or
            if not self._car_taps_drawn:  # while a reveal or the tunnel covers the train, under the hours
                say(paint, asked, waiting, theme.accent)
            self.log.draw(paint, choices)
        elif prompt is None:  # the status line over the choices' room (over the whole panel in a form stage)
            over, choices = rows(inner if stage in FORM_STATUS else choices, [1, 1.4], gap=small_gap)
            say(paint, over, waiting, theme.accent)
        elif stage not in FORM_STATUS:  # in a form stage the header counts the answers
            if waiting is not None and not fits(paint, who, waiting, FINE):  # a long line takes the hours' place
                who, hours = who.union(hours_line), None
            say(paint, who, waiting, theme.accent)
        if stage in FORM_STATUS:
            done, total = answers_so_far(view)
            status = Text(FORM_STATUS[stage], {"done": done, "total": total})
            paint.text(header if prompt else choices, status, TITLE, theme.ink, title=True)
        elif active is not None:
            if prompt is None:
                say(paint, who, Text(N_("{seat} plays"), {"seat": narrator.seat(active)}), theme.accent,
                    (BODY, LABEL, FINE))
            if hours is not None:
                words, pips = columns(hours_line, [1.3, 1], gap=layout.mm(1))
                say(paint, words, Text(N_("{hours} h left"), {"hours": hours}), theme.ink, (BODY, LABEL, FINE))
                self._draw_hours(paint, pips, hours)
        if prompt is None:
            return
        if len(buttons) < len(offered) and self._car_taps_drawn:
            kind = "car" if any(a.kind == "car" for a in prompt.actions) else "move"
            hint = N_("Tap a car to start there") if kind == "car" else N_("Tap a car to walk there")
            say(paint, asked, Text(hint), theme.accent)
        elif prompt.kind != "turn":
            say(paint, asked, narrator.title(prompt), theme.ink)
        self._draw_buttons(paint, choices, prompt.seat, buttons)

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
        cells = grid(box, len(actions), per_row, gap=gap)
        narrator = self.context.narrator
        # A pair of players by their surnames where one pair's whole names do not fit its button
        # (800x480, seven buttons: «Coronel MacDouglas y Señorita…»), every pair alike.
        short = any(not fits(paint, paint.label_box(cell), narrator.label(action), FINE)
                    for cell, action in zip(cells, actions) if action.kind == "targets")
        plain: list[tuple[pygame.Rect, Words]] = []  # a name alone ("Miss Pemberton", "Yes")
        done_where: list[tuple[pygame.Rect, Words]] = []  # an action's name over where it is done
        wheres: list[tuple[pygame.Rect, Words]] = []  # and where ("Dining Car · 1 h per guest")
        parts: list[tuple[pygame.Rect, pygame.Rect, Words] | None] = []
        for cell, action in zip(cells, actions):
            where = narrator.where(action) if action.kind != "category" else None
            if where is not None:
                label, detail, where = self._action_parts(paint, cell, narrator.label(action), action)
                done_where.append((label, narrator.label(action)))
                wheres.append((detail, where))
                parts.append((label, detail, where))
            else:
                if action.kind != "category":
                    plain.append((paint.label_box(cell), narrator.label(action, short)))
                parts.append(None)
        # One size for a row of names, one for the actions' names and one for where they are done:
        # "Miss Pemberton" as "Colonel MacDouglas", "Get a grip!" as "Lounge reveal", none set larger
        # on its own (a short one would stand out, or outgrow its own name).
        size, action_size = common_size(paint, plain), common_size(paint, done_where)
        where_size = common_size(paint, wheres, (FINE,))
        for cell, action, part in zip(cells, actions, parts):
            if part is None:
                self._button(paint, cell, seat, action, size, short)
            else:
                self._action_button(paint, cell, seat, action, part, (action_size, where_size))

    def _button(self, paint: Painter, cell: pygame.Rect, seat: int, action: Action, size: TypeSize,
                short: bool = False) -> None:
        """A plain choice (its label at `size`, the row's one size; `short`: a pair by surnames) or a
        category's back."""
        narrator = self.context.narrator
        category = action.args[0] if action.kind == "category" else None
        if category is None:
            chosen = action.kind == "guest" and action.args[0] in self.prompts[0].data.get("guests", [])
            paint.button(cell, narrator.label(action, short), (seat, action), selected=chosen, size_mm=size)
            return
        # A category button carries the category's back: its colour, symbol and name.
        theme, layout = paint.theme, paint.layout
        paint.box(cell, BACKS[category], theme.accent, radius=max(4, layout.mm(1.5)))
        pad = max(2, layout.mm(1))
        symbol = pygame.Rect(cell.left + pad, cell.top + pad, cell.height - 2 * pad, cell.height - 2 * pad)
        draw_symbol(paint.surface, symbol, category, ink_on(category))
        words = pygame.Rect(symbol.right + pad, cell.top + pad, cell.right - symbol.right - 2 * pad, cell.height - 2 * pad)
        paint.text(words, Text(CATEGORY_NAMES[category]), LABEL, ink_on(category), title=True)
        paint.target(cell, (seat, action))

    def _action_parts(self, paint: Painter, cell: pygame.Rect, name: Words,
                      action: Action) -> tuple[pygame.Rect, pygame.Rect, Words]:
        """Where a turn's action button puts its name (one line or two) and, under it, where it is done:
        the car's name, or where that does not fit (nine buttons at 800x480 in Spanish: "Vagón
        restaurante · 1 h por invitado") its number on the train ("car 2 · 1 h per guest")."""
        theme, layout = paint.theme, paint.layout
        inner = inset(cell, max(2, layout.mm(0.4)))
        fine = font(theme.title_font, layout.mm_at_least(FINE.min_mm))
        needed = lines_height(len(wrap(name.render(paint.lang), fine, inner.width)), fine)  # one line or two
        for where in self._wheres(action):
            detail_needed = lines_height(len(wrap(where.render(paint.lang), fine, inner.width)), fine)
            label_height = min(inner.height, max(needed, min(inner.height * 2 // 5, inner.height - detail_needed)))
            label = pygame.Rect(inner.left, inner.top, inner.width, label_height)
            detail = pygame.Rect(inner.left, label.bottom, inner.width, inner.bottom - label.bottom)
            if fits(paint, detail, where, FINE):
                break
        return label, detail, where

    def _wheres(self, action: Action) -> list[Words]:
        """Where an action is done, longest first: "Dining Car · 1 h per guest", "car 2 · 1 h per guest"."""
        narrator, cars = self.context.narrator, (self.view or {}).get("cars", [])
        where, car, cost = narrator.where(action), CAR_OF.get(action.kind), narrator.cost(action)
        if car not in cars or cost is None:
            return [where]
        return [where, Text(N_("{car} · {cost}"), {"car": Text(N_("car {number}"), {"number": cars.index(car) + 1}),
                                                    "cost": cost})]

    def _action_button(self, paint: Painter, cell: pygame.Rect, seat: int, action: Action,
                       parts: tuple[pygame.Rect, pygame.Rect, Words], sizes: tuple[TypeSize, TypeSize]) -> None:
        """A turn's action, and under it where it is done and its hours ("Dining Car · 1 h per guest")."""
        theme, layout = paint.theme, paint.layout
        paint.box(cell, theme.panel, theme.accent, radius=max(4, layout.mm(1.5)))
        label, detail, where = parts
        narrator = self.context.narrator
        say(paint, label, narrator.label(action), theme.ink, sizes[:1])
        say(paint, detail, where, theme.accent, sizes[1:])
        paint.target(cell, (seat, action))

    def _buttons(self) -> list[Action]:
        """The choices the touchscreen offers as buttons (cars answer taps on the train)."""
        if not self.prompts:
            return []
        return [a for a in worth_offering(self.prompts[0], self.view or {}) if a.kind not in CAR_CHOICES]

    def _car_taps(self) -> dict[str, object]:
        if not self.prompts:
            return {}
        prompt = self.prompts[0]
        return {a.args[0]: (prompt.seat, a) for a in worth_offering(prompt, self.view or {}) if a.kind in CAR_CHOICES}

    # --- input and time -------------------------------------------------------------------------

    def tap(self, value: object, now: float) -> None:
        if self.log.tap(value):
            return
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

    def _reveal_at(self, now: float) -> Reveal | None:
        """The reveal on screen at `now` (the end is drawn in its own place, while and after it plays)."""
        reveal = self.stage.on_screen(now)
        return reveal if isinstance(reveal, (TimeReveal, CardsShown)) else None

    def still(self, now: float) -> object | None:
        """A Time reveal moves only its turning card (or its packets' bar): the rest stays for a look.
        The end changes a row at a time while its categories turn, and nothing moves in between."""
        if self.view is None:
            return None
        moment = self._moment_at(now)
        look = moment.still(now) if isinstance(moment, (TimeReveal, EndReveal)) else None
        return None if look is None else (id(moment), look)

    def draw_moving(self, paint: Painter, now: float) -> list[pygame.Rect]:
        moment = self._moment_at(now)
        if isinstance(moment, EndReveal):
            return []
        assert isinstance(moment, TimeReveal)
        return moment.draw_moving(paint, now)

    def redraw_still(self, paint: Painter, before: object, now: float) -> list[pygame.Rect] | None:
        """A Time reveal's next look (a card laid, a packet passed) changes only its counter and the
        piles it touches, the end's next step only a row: redrawn there, over the still picture of the
        moment before. Any other change (another reveal, the train back, the scores) is drawn whole."""
        moment = self._moment_at(now)
        if self.view is None or not isinstance(before, tuple) or moment is None or before[0] != id(moment):
            return None
        shown: list[str] = []
        narrator = self.context.narrator
        redrawn: list[pygame.Rect] | None
        if isinstance(moment, TimeReveal) and isinstance(before[1], int):
            stage = regions(paint, len(self._buttons()), self.view.get("stage") in FORM_STATUS).stage
            redrawn = moment.redraw_still(paint, stage, narrator, before[1], now, shown)
        elif isinstance(moment, EndReveal) and isinstance(before[1], tuple):
            redrawn = moment.redraw_still(paint, self._end_areas(paint)[0], narrator, before[1], now, shown)
        else:
            return None
        if redrawn is not None:
            self.shown_faces = shown
        return redrawn

    def _moment_at(self, now: float) -> Reveal | EndReveal | None:
        """What the board shows big at `now`: the reveal on screen, else the end (once the game is over)."""
        reveal = self._reveal_at(now)
        return reveal if reveal is not None else self.end

    def next_frame(self, now: float) -> float | None:
        """When the reveal on screen (or the next one, or the end) next changes its picture."""
        moment = self.stage.current(now)  # one at a time, in order; the end is queued last
        return moment.next_change(now) if moment is not None else None


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
