"""The Watson & Holmes board: Victorian London on sepia paper, drawn only from what the public knows.

The case's location cards (fronts only: number, name, icons) in their grid, a page at a time where the
names would otherwise be too small to read from a chair; who stands where with what bid, the police
on guarded cards, each player's carriages and tokens, the Diary, Dr Watson and the Holmes card, the
log of this game's public events and, at the end, the solution and the scores. The case file
(introduction, questions, special rules) is one tap away and opens by itself before the first visit,
when the start player reads it aloud.

Dr Watson's clue read aloud is drawn as a large card for a few seconds (`wh_reading`), then settles
onto its card; the verdicts at 221B are drawn big too (`wh_verdict`), and the end page comes after
them. Both wait their turn on the board's reveal `Stage` (`kiosk.ui.pace`), with the log lines told
after them, so a quick table never has the log or the players' notes tell a verdict first. A tap on a card chooses it when a public choice takes cards, and otherwise opens what
is public of it (`wh_detail`). Landscape layouts put the cards beside the players and the log;
portrait stacks them, with the cards across the whole width.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.referee.awaited import Awaited
from kiosk.games.base import Action, Event, IllegalAction, Prompt
from kiosk.games.phrases import winners
from kiosk.games.watson_holmes.narrate import NOBODY, CaseText, Narrator
from kiosk.i18n import N_, Text, counted
from kiosk.seats.watson_holmes import action_label
from kiosk.ui.boards import Board, BoardContext, status_line
from kiosk.ui.boards.event_log import EventLog
from kiosk.ui.boards.wh_cards import CARD, PAGE, CardLook, Plan, choose_plan, draw_grid
from kiosk.ui.boards.wh_detail import CLOSE, draw_detail
from kiosk.ui.boards.wh_pages import RESULT_PAGE, draw_case_file, draw_result
from kiosk.ui.boards.wh_reading import WatsonReading
from kiosk.ui.boards.wh_verdict import VerdictReveal
from kiosk.ui.boards.wh_symbols import draw_book, draw_icons, draw_paper, draw_pawn, draw_wheel
from kiosk.ui.boards.wh_text import draw_fitted, draw_lines, largest_fit, lines_height
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.pace import Stage
from kiosk.ui.paint import Painter, Verbatim, Words, font
from kiosk.ui.paint import lines_height as typeset_height
from kiosk.ui.theme import Theme, theme_for
from kiosk.ui.type_scale import FINE, LABEL, TITLE, TypeSize

CASE_FILE = "case-file"
CARD_KINDS = frozenset({"visit", "tap", "watson_target", "extra_read"})  # actions that choose a card
# Events the log says in its own short words (the engine's sentence carries a card's whole text).
SHORT = {
    "watson_reading": N_("Dr Watson, for {seat}, reads {card} aloud."),
    "game_over": N_("The case is closed. {winners}."),
}
STALE = N_("That choice is no longer open.")
ROW_MM = LABEL.mm * 1.2  # a line of the players: the pawn and the label size
RESULTS_STRIP_MM = 9  # under the result page, for the kiosk's "Tap for the results" (with people only)
LOG_LABEL_MM = 70  # a log at least this wide is set at the label size, a narrower one in fine print
# The icons drawn crossed (`wh_symbols.draw_icons`), each with what its cross means, under the players
# while the board shows one: after playWH21's newcomer game nothing on the board said what a cross means
# (only a card's tap says its icons in words, and a newcomer does not know to tap).
LEGEND_ROOM_MM = 24  # the legend is drawn only where the log keeps at least this much height (seven players at 1024x600 do not)
CROSSED = {
    "calloff": N_("call-off token"),
    "no_police": N_("no police token here"),
    "no_watson": N_("Dr Watson cannot read it"),
}


@dataclass
class WatsonHolmesBoard:
    context: BoardContext
    theme: Theme
    view: dict[str, Any] = field(default_factory=dict)
    prompts: list[Prompt] = field(default_factory=list)
    awaited: tuple[Awaited, ...] = ()
    log: EventLog = field(default_factory=EventLog)
    case_file: bool = True  # open while the start player reads it aloud, until the first visit
    by_hand: bool = False  # once someone taps the case file button, only taps open and close it
    page: int = 0  # the page of the card grid shown (when it does not fit on one)
    followed: str | None = None  # a card something just happened on: its page is shown next
    plan: Plan | None = None  # the last frame's card grid plan, to turn pages and find a card's page
    opened: str | None = None  # a card whose public details are open
    stage: Stage[WatsonReading | VerdictReveal] = field(default_factory=Stage)  # readings and verdicts drawn big, in pace
    unrevealed: frozenset[int] = frozenset()  # seats whose verdict the stage has not shown yet (this frame)
    card_rects: dict[str, pygame.Rect] = field(default_factory=dict)  # where the last frame drew each card
    notice: Text | None = None
    result_page: int = 0  # at the end: the scores and answers (0) or Holmes' solution (1)

    @property
    def narrator(self) -> Narrator:
        narrator: Narrator = self.context.narrator
        return narrator

    # --- what the table tells the board -------------------------------------------------------

    def update(self, view: dict[str, Any], prompts: list[Prompt], now: float, awaited: tuple[Awaited, ...] = ()) -> None:
        self.awaited = awaited
        self.view = view
        if not self.by_hand:  # a resumed game opens on the board, not on the case file
            self.case_file = view["round"] == 1 and view["stage"] == "visit" and not view["pawns"] and not view["over"]
        public = [p for p in prompts if not p.private and p.seat not in self.context.bots]
        if [p.actions for p in public] != [p.actions for p in self.prompts]:
            self.notice = None
        self.prompts = public

    @property
    def reading(self) -> WatsonReading | None:
        """Dr Watson's reading on the stage (drawn big, or waiting its turn), if any."""
        return next((r for r in self.stage.reveals if isinstance(r, WatsonReading)), None)

    def observe(self, events: list[Event], now: float) -> None:
        """Public events into the log, after the reveal they go with: a reading, the verdicts at 221B
        (every attempt of one resolution on one panel)."""
        public = [e for e in events if e.audience is None]  # a private event never reaches the public screen
        attempts = [e for e in public if e.kind == "attempt"]
        for event in public:
            card = event.data.get("card") if isinstance(event.data, dict) else None
            if isinstance(card, str):
                self.follow(card)
            if event.kind == "watson_reading":
                self.stage.add(WatsonReading(event.data["seat"], card or "", self.card_number(card), event.data.get("text"),
                                             self.stage.free_from(now), self.context.reveal_seconds), now)
                self.opened = None
            elif attempts and event is attempts[0]:
                self.stage.add(VerdictReveal(self.stage.free_from(now), self.context.reveal_seconds, attempts), now)
                self.opened = None
            line = self.sentence(event)
            if line is not None:
                self.stage.tell(self.log, line, now)

    def sentence(self, event: Event) -> Text | None:
        short = SHORT.get(event.kind)
        if short is None:
            return self.narrator.describe(event)
        d = event.data
        if event.kind == "game_over":
            who = winners(self.narrator.seats(d["winners"])) if d["winners"] else Text(NOBODY)
            return Text(short, {"winners": who})
        return Text(short, {"seat": self.narrator.seat(d["seat"]), "card": self.narrator.card(d["card"])})

    def follow(self, card: str) -> None:
        """Turn the grid (at its next frame) to the page of the card something just happened on."""
        if self.card(card) is not None:
            self.followed = card

    def card(self, card: str | None) -> dict[str, Any] | None:
        cards = self.view.get("case", {}).get("cards", []) if self.view else []
        return next((c for c in cards if c["id"] == card), None)

    def card_number(self, card: str | None) -> int | None:
        found = self.card(card)
        return found["number"] if found is not None and found["kind"] == "location" else None

    # --- input and time -----------------------------------------------------------------------

    def tap(self, value: object, now: float) -> None:
        if self.log.tap(value):
            return
        if value == CASE_FILE:
            self.case_file, self.by_hand = not self.case_file, True
        elif value == CLOSE:
            self.opened = None
        elif value == RESULT_PAGE:
            self.result_page = 1 - self.result_page
        elif isinstance(value, tuple) and len(value) == 2 and value[0] == PAGE and self.plan is not None:
            self.page = (self.page + int(value[1])) % self.plan.pages
        elif isinstance(value, tuple) and len(value) == 2 and value[0] == CARD:
            self.tap_card(str(value[1]), now)
        elif isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Action):
            self.choose(value[0], value[1])

    def tap_card(self, card: str, now: float) -> None:
        """A card chooses itself where one public choice takes it; otherwise it opens (or closes)
        what is public of it. Dr Watson's reading in progress is tapped away first."""
        shown = self.stage.on_screen(now)
        if isinstance(shown, WatsonReading):
            self.stage.skip(shown, now)
            return
        choices = self.card_choices(card)
        if len(choices) == 1:
            self.choose(*choices[0])
        else:
            self.opened = None if self.opened == card else card

    def card_choices(self, card: str) -> list[tuple[int, Action]]:
        return [(p.seat, a) for p in self.prompts for a in p.actions if a.kind in CARD_KINDS and a.args[:1] == (card,)]

    def choose(self, seat: int, action: Action) -> None:
        if not any(p.seat == seat and action in p.actions for p in self.prompts):
            self.notice = Text(STALE)
            return
        try:
            self.context.submit(seat, action)
            self.opened = None
        except IllegalAction as refused:
            self.notice = refused.text

    def still(self, now: float) -> object | None:
        """Dr Watson's reading settling onto its card moves only its frame."""
        shown = self.stage.on_screen(now)
        on_stage = bool(self.view) and not self.case_file  # the grid, under it
        return shown.still(now) if isinstance(shown, WatsonReading) and on_stage else None

    def draw_moving(self, paint: Painter, now: float) -> list[pygame.Rect]:
        shown = self.stage.on_screen(now)
        assert isinstance(shown, WatsonReading)
        return shown.draw_moving(paint, now)

    def next_frame(self, now: float) -> float | None:
        """While a reading or the verdicts are drawn big (or wait their turn), when the picture next
        changes; otherwise nothing moves."""
        current = self.stage.current(now)
        return current.next_change(now) if current is not None else None

    def revealing(self, now: float) -> bool:
        """Whether a reveal is on the stage or waiting for it (the end page waits for it too)."""
        return self.stage.current(now) is not None

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        self.stage.settle(self.log, now)
        self.unrevealed = frozenset(seat for r in self.stage.reveals if isinstance(r, VerdictReveal) for seat in r.seats)
        layout = paint.layout
        draw_paper(paint)
        if not self.view:
            paint.text(inset(paint.surface.get_rect(), layout.mm(2)), Text(N_("Watson & Holmes")), TITLE,
                       paint.theme.accent, title=True)
            return
        header, body, choices = self.regions(paint)
        choices_h = self.choices_height(paint)
        self.draw_header(paint, header)
        self.card_rects = {}
        if self.case_file:
            draw_case_file(paint, body, self.view["case"], self.narrator)
        elif self.view.get("over") and not self.revealing(now):
            self.draw_end(paint, body)
        elif layout.portrait:
            self.draw_portrait(paint, body, now)
        else:
            self.draw_landscape(paint, body, now)
        if choices_h:
            self.draw_choices(paint, choices)

    def regions(self, paint: Painter) -> list[pygame.Rect]:
        """The header, the body and the public choices under it (none: an empty strip)."""
        layout = paint.layout
        gap = layout.mm(1.5)
        area = inset(paint.surface.get_rect(), layout.mm(2))
        header_h = max(layout.min_touch, layout.mm(TITLE.min_mm * 1.7))
        choices_h = self.choices_height(paint)
        return rows(area, [header_h, area.height - header_h - choices_h - 2 * gap, choices_h], gap=gap)

    def results_place(self, paint: Painter) -> pygame.Rect | None:
        """Where the kiosk says "Tap for the results" at the end of a game with people: a strip under
        the log, kept free for it, so it covers neither the title nor the results (bots go on by
        themselves)."""
        if not self.view or len(self.context.bots) >= self.context.seats:
            return None
        return self.end_areas(paint, self.regions(paint)[1])[1]

    def end_areas(self, paint: Painter, body: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The end's result page, the strip for "Tap for the results" (under the log, which scrolls,
        so the solution keeps its room) and the log."""
        layout = paint.layout
        gap = layout.mm(2)
        if layout.portrait:
            result, log = rows(body, [body.height - layout.mm(30) - gap, layout.mm(30)], gap=gap)
        else:
            result, log = columns(body, [0.68, 0.32], gap=gap)
        strip_h = layout.mm(RESULTS_STRIP_MM) if len(self.context.bots) < self.context.seats else 0
        if not strip_h:
            return result, pygame.Rect(log.left, log.bottom, log.width, 0), log
        strip = pygame.Rect(log.left, log.bottom - strip_h, log.width, strip_h)  # the log scrolls: it gives the room
        return result, strip, pygame.Rect(log.left, log.top, log.width, strip.top - layout.mm(1) - log.top)

    def draw_landscape(self, paint: Painter, body: pygame.Rect, now: float) -> None:
        layout = paint.layout
        gap = layout.mm(2)
        cards, side = columns(body, [0.66, 0.34], gap=gap)
        notes = self.side_notes()
        notes_size = LABEL if side.width >= layout.mm(LOG_LABEL_MM) else FINE
        notes_h = lines_height(paint, side.width, notes, notes_size)
        players_h = self.players_height(paint, side.width, per_row=1)
        legend_h = self.legend_height(paint, side.width, side.height - notes_h - players_h - 3 * gap)
        notes_box, players, legend, log = rows(side, [notes_h, players_h, legend_h,
                                                      max(1, side.height - notes_h - players_h - legend_h - 3 * gap)], gap=gap)
        self.draw_stage(paint, cards, now)
        draw_lines(paint, notes_box, notes, notes_size, paint.theme.accent)
        self.draw_players(paint, players, per_row=1)
        self.draw_legend(paint, legend)
        self.draw_log(paint, log)

    def draw_portrait(self, paint: Painter, body: pygame.Rect, now: float) -> None:
        layout = paint.layout
        gap = layout.mm(2)
        status_h = lines_height(paint, body.width, [self.status()], title=True)
        notes = self.side_notes()
        notes_h = lines_height(paint, body.width, notes)
        players_h = self.players_height(paint, body.width, per_row=2)
        log_h = max(layout.mm(32), body.height // 5)
        legend_h = self.legend_height(paint, body.width)  # from the cards' room: the log keeps its own
        cards_h = body.height - status_h - notes_h - players_h - legend_h - log_h - 5 * gap
        status, cards, players, notes_box, legend, log = rows(body, [status_h, cards_h, players_h, notes_h, legend_h, log_h], gap=gap)
        draw_lines(paint, status, [self.status()], LABEL, paint.theme.ink, title=True)
        self.draw_stage(paint, cards, now)
        self.draw_players(paint, players, per_row=2)
        draw_lines(paint, notes_box, notes, LABEL, paint.theme.accent)
        self.draw_legend(paint, legend)
        self.draw_log(paint, log)

    def crossed(self) -> list[str]:
        """The crossed icons the board shows now (a card's, or a call-off a player holds), in `CROSSED`'s order."""
        shown = {icon for card in self.view["case"].get("cards", []) for icon in card.get("icons", [])}
        if "gives_calloff" in shown or any(p["tokens"].get("calloff") for p in self.view["players"]):
            shown.add("calloff")
        return [icon for icon in CROSSED if icon in shown]

    def legend_line(self, paint: Painter) -> int:
        return paint.layout.mm(4)  # as tall as a card's icons (`draw_icons`)

    def legend_rows(self, paint: Painter, width: int) -> list[tuple[str, int]]:
        """Each crossed icon shown, with the height of its line: the icon, then what it means (wrapped where
        the column is narrow)."""
        icon = self.legend_line(paint)
        room = max(1, width - icon - paint.layout.mm(1.5))
        return [(name, max(icon, lines_height(paint, room, [Text(CROSSED[name])], FINE))) for name in self.crossed()]

    def legend_height(self, paint: Painter, width: int, spare: int | None = None) -> int:
        """The legend's height; none where it would leave the log under `LEGEND_ROOM_MM` of the `spare`
        height the two share."""
        heights = [h for _, h in self.legend_rows(paint, width)]
        height = sum(heights) + paint.layout.mm(0.5) * max(0, len(heights) - 1)
        return height if spare is None or spare - height >= paint.layout.mm(LEGEND_ROOM_MM) else 0

    def draw_legend(self, paint: Painter, rect: pygame.Rect) -> None:
        if rect.height <= 0:
            return
        icon = self.legend_line(paint)
        room = max(1, rect.width - icon - paint.layout.mm(1.5))
        y = rect.top
        for name, h in self.legend_rows(paint, rect.width):
            draw_icons(paint, pygame.Rect(rect.left, y, icon, icon), [name], align="left")
            draw_lines(paint, pygame.Rect(rect.left + icon + paint.layout.mm(1.5), y, room, h), [Text(CROSSED[name])], FINE,
                       paint.theme.muted)
            y += h + paint.layout.mm(0.5)

    def draw_log(self, paint: Painter, rect: pygame.Rect) -> None:
        pygame.draw.line(paint.surface, paint.theme.muted, (rect.left, rect.top - paint.layout.mm(1)),
                         (rect.right, rect.top - paint.layout.mm(1)), 1)
        # a narrow column (the side of a 7" landscape screen) sets the log in fine print: more of it fits
        self.log.draw(paint, rect, LABEL if rect.width >= paint.layout.mm(LOG_LABEL_MM) else FINE)

    def draw_header(self, paint: Painter, rect: pygame.Rect) -> None:
        layout, theme = paint.layout, paint.theme
        gap = layout.mm(2)
        button_w = max(layout.min_touch * 2, round(rect.width * (0.28 if layout.portrait else 0.16)))
        if layout.portrait:  # the status line goes under the header, the title takes the width
            title, button = columns(rect, [rect.width - button_w - gap, button_w], gap=gap)
        else:
            title, status, button = columns(rect, [rect.width * 0.5, rect.width * 0.5 - button_w - 2 * gap, button_w], gap=gap)
            draw_lines(paint, status, [self.status()], LABEL, theme.ink, title=True)
        case = self.view["case"]
        draw_fitted(paint, title, CaseText("", case["title"]), TITLE, theme.accent, title=True, valign="middle")
        label = Text(N_("Board")) if self.case_file else Text(N_("Case file"))
        paint.button(button, label, CASE_FILE, size_mm=LABEL)
        y = rect.bottom + gap // 2
        pygame.draw.line(paint.surface, theme.accent, (rect.left, y), (rect.right, y), 2)

    def acting(self) -> int | None:
        """The seat the visiting phase waits for: an outbid player first, else whose turn it is."""
        return self.view["outbid"] if self.view["outbid"] is not None else self.view["turn"]

    def status(self) -> Text:
        v = self.view
        if v["over"] and self.unrevealed:  # the last verdicts still on the stage
            return Text(N_("Round {round}: attempts at 221B"), {"round": v["round"]})
        if v["over"]:
            return Text(N_("Round {round}: the case is closed"), {"round": v["round"]})
        waiting = status_line.words(self.context, self.awaited, v)
        if waiting is not None:  # who the table waits for, whatever for, private prompts included
            return Text(N_("Round {round}: {waiting}"), {"round": v["round"], "waiting": waiting})
        if v["outbid"] is not None:
            return Text(N_("Round {round}: {seat} was outbid"), {"round": v["round"], "seat": self.narrator.seat(v["outbid"])})
        if v["turn"] is not None:
            return Text(N_("Round {round}: {seat} chooses a card"), {"round": v["round"], "seat": self.narrator.seat(v["turn"])})
        if v["stage"] in ("wait_221b", "answer"):
            return Text(N_("Round {round}: attempts at 221B"), {"round": v["round"]})
        return Text(N_("Round {round}: investigation"), {"round": v["round"]})

    # --- the cards ----------------------------------------------------------------------------

    def draw_stage(self, paint: Painter, rect: pygame.Rect, now: float) -> None:
        """The card grid, and over it Dr Watson's reading or a card's public details."""
        case = self.view["case"]
        names: dict[str, Words] = {c["id"]: self.narrator.card(c["id"]) for c in case["cards"]}
        self.plan = choose_plan(paint, rect, used_grid(case), [n.render(paint.lang) for n in names.values()])
        followed = self.card(self.followed)
        if followed is not None:
            self.page, self.followed = self.plan.page_of(tuple(followed["position"])), None
        self.page %= self.plan.pages
        looks = self.looks()
        draw_grid(paint, rect, self.plan, self.page, case["cards"], names, looks)
        self.card_rects = {t.value[1]: t.rect for t in paint.targets if isinstance(t.value, tuple) and t.value[0] == CARD}
        shown = self.stage.on_screen(now)
        if isinstance(shown, WatsonReading):
            shown.draw(paint, rect, self.card_rects.get(shown.card), self.narrator, now)
            paint.target(rect, (CARD, shown.card))  # a tap puts the reading away
        elif isinstance(shown, VerdictReveal):
            shown.draw(paint, rect, self.narrator, now)
        elif self.opened is not None and self.card(self.opened) is not None:
            draw_detail(paint, rect, self.card(self.opened) or {}, self.view, self.narrator, looks.get(self.opened, CardLook()))

    def looks(self) -> dict[str, CardLook]:
        v = self.view
        pawns: dict[str, list[dict[str, Any]]] = {}
        for pawn in v["pawns"]:
            pawns.setdefault(pawn["card"], []).append(pawn)
        reading = (v.get("watson_reading") or {}).get("card")
        choosable = {a.args[0] for p in self.prompts for a in p.actions if a.kind in CARD_KINDS and a.args}
        return {c["id"]: CardLook(tuple(pawns.get(c["id"], [])), c["id"] in v["police_on"], v.get("toby_card") == c["id"],
                                  reading == c["id"], c["id"] in choosable, self.opened == c["id"])
                for c in v["case"]["cards"]}

    # --- the players ---------------------------------------------------------------------------

    def player_lines(self, paint: Painter, width: int, per_row: int) -> list[int]:
        """The height of each line of players: one line of text, or two where a face-up character's
        name does not fit on one at the fine print's minimum (it wraps rather than shrinks)."""
        layout = paint.layout
        typeface = font(paint.theme.body_font, layout.mm_at_least(FINE.min_mm))
        carriages = font(paint.theme.title_font, layout.mm_at_least(LABEL.min_mm))  # the number, at its least
        one = max(layout.mm(ROW_MM), typeset_height(1, carriages) + 2 * layout.mm(0.4))
        two = max(one + layout.mm(FINE.min_mm * 1.25), typeset_height(2, typeface) + 2 * layout.mm(0.4))
        players = self.view["players"]
        cell = pygame.Rect(0, 0, (width - (per_row - 1) * layout.mm(0.6)) // per_row, one)
        heights = []
        for start in range(0, len(players), per_row):
            wide = False
            for player in players[start:start + per_row]:
                note = self.player_note(player)
                box = self.player_parts(paint, cell, player)[2]
                wide = wide or (note is not None and typeface.size(note.render(paint.lang))[0] > box.width)
            heights.append(two if wide else one)
        return heights

    def players_height(self, paint: Painter, width: int, per_row: int) -> int:
        heights = self.player_lines(paint, width, per_row)
        return sum(heights) + (len(heights) - 1) * paint.layout.mm(0.6)

    def draw_players(self, paint: Painter, rect: pygame.Rect, per_row: int) -> None:
        players = self.view["players"]
        gap = paint.layout.mm(0.6)
        boxes: list[pygame.Rect] = []
        for line in rows(rect, [float(h) for h in self.player_lines(paint, rect.width, per_row)], gap=gap):
            boxes.extend(columns(line, [1] * per_row, gap=gap))
        notes = [self.player_note(p) for p in players]
        parts = [self.player_parts(paint, box, p) for box, p in zip(boxes, players)]
        noted = [(part[2], note) for part, note in zip(parts, notes) if note is not None]
        size = largest_fit(paint, [box for box, _ in noted], [note for _, note in noted], LABEL)
        for box, part, player, note in zip(boxes, parts, players, notes):
            self.draw_player(paint, box, part, player, note, size)

    def held(self, player: dict[str, Any]) -> list[str]:
        return [t for t in ("police", "calloff", "lockpick") if player["tokens"].get(t)]

    def player_parts(self, paint: Painter, rect: pygame.Rect, player: dict[str, Any]) -> list[pygame.Rect]:
        """A player's row: pawn, carriages, note (solved, failed, a face-up character), tokens, Diary."""
        layout = paint.layout
        gap = layout.mm(0.8)
        inner = inset(rect, layout.mm(0.4))
        icon = layout.mm(4)
        widths: list[float] = [layout.mm(ROW_MM) - 2 * layout.mm(0.4), layout.mm(9.5), 0, len(self.held(player)) * (icon + 2), layout.mm(4)]
        widths[2] = max(1, inner.width - sum(widths) - 4 * gap)
        return columns(inner, widths, gap=gap)

    def draw_player(self, paint: Painter, rect: pygame.Rect, parts: list[pygame.Rect], player: dict[str, Any],
                    note: Words | None, size: TypeSize) -> None:
        layout, theme = paint.layout, paint.theme
        seat = player["seat"]
        turn = self.acting() == seat
        paint.box(rect, theme.panel if not turn else (246, 232, 200), theme.accent if turn else None, radius=layout.mm(0.8))
        disc, money, words, tokens, diary = parts
        draw_pawn(paint, pygame.Rect(disc.left, disc.centery - disc.width // 2, disc.width, disc.width), seat)
        ink = theme.muted if player["eliminated"] and seat not in self.unrevealed else theme.ink
        wheel_size = min(money.height, layout.mm(3.6))
        wheel = pygame.Rect(money.left, money.centery - wheel_size // 2, wheel_size, wheel_size)
        draw_wheel(paint, wheel, ink)
        paint.text(pygame.Rect(wheel.right + 2, money.top, max(1, money.right - wheel.right - 2), money.height),
                   Verbatim(str(player["carriages"])), LABEL, ink, title=True, align="left")
        draw_icons(paint, tokens, self.held(player), align="left")
        if seat == self.view["diary"]:
            book = min(diary.width, diary.height)
            draw_book(paint, pygame.Rect(diary.left, diary.centery - book // 2, book, book))
        if note is None:
            return
        covered = paint.text(words, note, size, theme.accent if player["won"] else theme.muted, align="left")
        if player["character"] and player["character_state"] == "discarded" and not (player["won"] or player["eliminated"]):
            pygame.draw.line(paint.surface, theme.alert, covered.midleft, covered.midright, 2)  # struck out: discarded

    def player_note(self, player: dict[str, Any]) -> Text | None:
        """What the pawn, the carriages and the tokens do not say: solved, failed, a face-up character
        (no verdict before the stage has shown it)."""
        if player["seat"] in self.unrevealed:
            return None
        if player["won"]:
            return Text(N_("solved"))
        if player["eliminated"]:
            return Text(N_("failed: {correct}/{of}"), {"correct": player["correct"] or 0, "of": self.view["case"]["question_count"]})
        if player["character"] and player["character_state"] in ("revealed", "discarded"):  # discarded: struck out
            return Text(self.narrator.characters.get(player["character"]).name)
        return None

    def side_notes(self) -> list[Words]:
        v = self.view
        notes: list[Words] = []
        watson = v["watson"]["taken_by"]
        if watson is not None:
            notes.append(Text(N_("Dr Watson: taken by {seat}"), {"seat": self.narrator.seat(watson)}))
        else:
            notes.append(Text(N_("Dr Watson: free, 4 carriages")))
        failed_shown = any(p["eliminated"] and p["seat"] not in self.unrevealed for p in v["players"])
        if v["holmes_open"] and failed_shown:  # Holmes opens on a failure: not before its verdict is shown
            notes.append(Text(N_("Holmes: open, 3 carriages")))
        at = v.get("at_221b")
        if at and at["waiting"]:
            notes.append(Text(N_("At 221B: {seats}"), {"seats": self.narrator.seats(at["waiting"])}))
        if v.get("last_player"):
            last = v["last_player"]
            notes.append(counted("{seat}: {count} round left", "{seat}: {count} rounds left", last["rounds_left"],
                                 seat=self.narrator.seat(last["seat"])))
        return notes

    # --- the public choices --------------------------------------------------------------------

    def choices_height(self, paint: Painter) -> int:
        if not self.prompts:
            return 0
        layout = paint.layout
        label = layout.mm(LABEL.mm * 1.4)
        lines = 1 if len(self.buttons()) <= 4 else 2
        return label + lines * (layout.min_touch + layout.mm(3)) + layout.mm(1.5)

    def buttons(self) -> list[Action]:
        """The public choice's actions that are not taps on the cards on screen."""
        if not self.prompts:
            return []
        prompt = self.prompts[0]
        on_cards = {a for a in prompt.actions if a.kind in CARD_KINDS} if not self.case_file and not self.view.get("over") else set()
        return [a for a in prompt.actions if a not in on_cards][:8]

    def draw_choices(self, paint: Painter, rect: pygame.Rect) -> None:
        prompt = self.prompts[0]
        layout = paint.layout
        gap = layout.mm(1.5)
        label_h = layout.mm(LABEL.mm * 1.4)
        label, buttons = rows(rect, [label_h, rect.height - label_h - gap], gap=gap)
        actions = self.buttons()
        if self.notice is not None:
            words: Words = self.notice
        elif len(actions) < len(prompt.actions):
            words = Text(N_("{seat}: tap a card to choose it"), {"seat": self.narrator.seat(prompt.seat)})
        else:
            words = Text(N_("{seat} chooses"), {"seat": self.narrator.seat(prompt.seat)})
        paint.text(label, words, LABEL, paint.theme.alert if self.notice else paint.theme.accent, title=True, align="left")
        if not actions:
            return
        per_row = min(4, len(actions))
        for box, action in zip(grid(buttons, len(actions), per_row, gap=gap), actions):
            paint.button(box, action_label(action, prompt, self.narrator), (prompt.seat, action), size_mm=LABEL)

    # --- the end --------------------------------------------------------------------------------

    def draw_end(self, paint: Painter, body: pygame.Rect) -> None:
        result, _, log = self.end_areas(paint, body)
        draw_result(paint, result, self.view, self.narrator, self.result_page)
        self.draw_log(paint, log)



def used_grid(case: dict[str, Any]) -> tuple[int, int]:
    """The case's grid without the empty columns and rows at its right and bottom edges."""
    cols, rows_ = case["grid"]
    positions = [c["position"] for c in case["cards"]] or [(cols, rows_)]
    return min(cols, max(p[0] for p in positions)), min(rows_, max(p[1] for p in positions))


def make_board(context: BoardContext) -> Board:
    return WatsonHolmesBoard(context, theme_for(context.game_id))
