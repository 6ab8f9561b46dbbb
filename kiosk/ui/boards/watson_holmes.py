"""The Watson & Holmes board: Victorian London on sepia paper, drawn only from what the public knows.

The layout of the case's location cards (fronts only: number, name, icons), who stands where with
what bid, the police on guarded cards, each player's carriages and tokens, the Diary, Dr Watson and
the Holmes card, a banner per public event and, at the end, the solution and the scores. The case
file (introduction, questions, special rules) is one tap away and opens by itself before the first
visit, when the start player reads it aloud.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.awaited import Awaited
from kiosk.games.base import Action, Event, Prompt
from kiosk.games.watson_holmes.narrate import CaseText, Narrator
from kiosk.games.phrases import winners
from kiosk.games.watson_holmes.narrate import NOBODY
from kiosk.i18n import N_, Text, TextList, counted
from kiosk.seats.watson_holmes import action_label
from kiosk.ui.boards import Board, BoardContext, status_line
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.paint import Painter, Verbatim, Words, font, lines_height, wrap
from kiosk.ui.theme import Colour, Theme, theme_for

HISTORY = 4
CASE_FILE = "case-file"
# Pawn colours; each pawn also carries its seat number, so colour is never the only sign.
PAWNS: tuple[Colour, ...] = (
    (150, 30, 30), (30, 50, 120), (30, 100, 50), (100, 40, 120), (170, 110, 20), (20, 110, 120), (60, 40, 30),
)
PAPER_DARK: Colour = (200, 176, 130)
# Events the banner says in its own short words (the engine's sentence carries a card's whole text).
SHORT = {
    "watson_reading": N_("Dr Watson, for {seat}, reads {card} aloud."),
    "game_over": N_("The case is closed. {winners}."),
}


@dataclass
class WatsonHolmesBoard:
    context: BoardContext
    theme: Theme
    view: dict[str, Any] = field(default_factory=dict)
    prompts: list[Prompt] = field(default_factory=list)
    awaited: tuple[Awaited, ...] = ()
    lines: deque[Text] = field(default_factory=lambda: deque(maxlen=HISTORY))
    case_file: bool = True  # open while the start player reads it aloud, until the first visit
    by_hand: bool = False  # once someone taps the case file button, only taps open and close it

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
        self.prompts = [p for p in prompts if not p.private and p.seat not in self.context.bots]

    def observe(self, events: list[Event], now: float) -> None:
        for event in events:
            if event.audience is not None:
                continue
            line = self.sentence(event)
            if line is not None:
                self.lines.append(line)

    def sentence(self, event: Event) -> Text | None:
        short = SHORT.get(event.kind)
        if short is None:
            return self.narrator.describe(event)
        d = event.data
        if event.kind == "game_over":
            who = winners(self.narrator.seats(d["winners"])) if d["winners"] else Text(NOBODY)
            return Text(short, {"winners": who})
        return Text(short, {"seat": self.narrator.seat(d["seat"]), "card": self.narrator.card(d["card"])})

    def tap(self, value: object, now: float) -> None:
        if value == CASE_FILE:
            self.case_file, self.by_hand = not self.case_file, True
        elif isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Action):
            self.context.submit(value[0], value[1])

    def next_frame(self, now: float) -> float | None:
        return None  # nothing moves by itself: an idle table draws nothing

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        layout = paint.layout
        screen = paint.surface.get_rect()
        draw_paper(paint)
        gap = layout.mm(2)
        area = inset(screen, gap)
        if not self.view:
            paint.text(area, Text(N_("Watson & Holmes")), 12, paint.theme.accent, title=True)
            return
        header_h = max(layout.min_touch + gap, round(area.height * (0.07 if layout.portrait else 0.12)))
        header, body = rows(area, [header_h, area.height - header_h - gap], gap=gap)
        self.draw_header(paint, header)
        banner_h = round(body.height * (0.08 if layout.portrait else 0.14))
        if self.prompts:
            banner_h = max(banner_h, layout.min_touch * 2 + gap * 3)
        main, banner = rows(body, [body.height - banner_h - gap, banner_h], gap=gap)
        if self.case_file:
            self.draw_case_file(paint, main)
        elif self.view.get("over"):
            self.draw_result(paint, main)
        elif layout.portrait:
            count = len(self.view["players"])
            table, players, side = rows(main, [5.2, 0.45 * count, 2.4], gap=gap)
            self.draw_cards(paint, table)
            self.draw_players(paint, players, per_row=1)
            self.draw_side(paint, side, with_status=True)
        else:
            table, side = columns(main, [6.4, 3.6], gap=gap)
            players, rest = rows(side, [len(self.view["players"]) + 1, 5], gap=gap)
            self.draw_cards(paint, table)
            self.draw_players(paint, players, per_row=1)
            self.draw_side(paint, rest)
        if self.prompts:
            self.draw_choices(paint, banner)
        else:
            self.draw_banner(paint, banner)

    def draw_header(self, paint: Painter, rect: pygame.Rect) -> None:
        layout, theme = paint.layout, paint.theme
        gap = layout.mm(2)
        button_w = max(layout.min_touch * 2, round(rect.width * (0.24 if layout.portrait else 0.16)))
        if layout.portrait:  # the status goes to the side panel, the title takes the width
            title, button = columns(rect, [rect.width - button_w - gap, button_w], gap=gap)
        else:
            title, status, button = columns(rect, [rect.width * 0.55, rect.width * 0.45 - button_w - gap, button_w], gap=gap)
            paint.text(status, self.status(), 4.2, theme.ink, align="right")
        case = self.view["case"]
        paint.text(title, CaseText("", case["title"]), 7, theme.accent, title=True, align="left")
        label = Text(N_("Board")) if self.case_file else Text(N_("Case file"))
        paint.button(button, label, CASE_FILE, size_mm=3.6)
        pygame.draw.line(paint.surface, theme.accent, (rect.left, rect.bottom + gap // 2), (rect.right, rect.bottom + gap // 2), 2)

    def acting(self) -> int | None:
        """The seat the visiting phase waits for: an outbid player first, else whose turn it is."""
        return self.view["outbid"] if self.view["outbid"] is not None else self.view["turn"]

    def status(self) -> Text:
        v = self.view
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

    def draw_cards(self, paint: Painter, rect: pygame.Rect) -> None:
        case = self.view["case"]
        cols, rows_ = case["grid"]
        gap = paint.layout.mm(1.2)
        cells = grid(rect, cols * rows_, cols, gap=gap)
        pawns: dict[str, list[dict[str, Any]]] = {}
        for pawn in self.view["pawns"]:
            pawns.setdefault(pawn["card"], []).append(pawn)
        for card in case["cards"]:
            col, row = card["position"]
            if 1 <= col <= cols and 1 <= row <= rows_:
                self.draw_card(paint, cells[(row - 1) * cols + (col - 1)], card, pawns.get(card["id"], []))

    def draw_card(self, paint: Painter, rect: pygame.Rect, card: dict[str, Any], pawns: list[dict[str, Any]]) -> None:
        layout, theme = paint.layout, paint.theme
        policed = card["id"] in self.view["police_on"]
        read_aloud = (self.view.get("watson_reading") or {}).get("card") == card["id"]
        fixed = card["kind"] != "location"
        fill = PAPER_DARK if fixed else theme.panel
        border = theme.alert if policed else theme.accent if read_aloud or pawns else theme.muted
        radius = layout.mm(1)
        paint.box(rect.move(2, 2), (170, 146, 104), radius=radius)  # a shadow under the card
        paint.box(rect, fill, border, radius=radius, width=3 if (policed or pawns or read_aloud) else 1)
        pad = max(2, layout.mm(0.8))
        inner = inset(rect, pad)
        top_h = max(layout.mm(2.6), inner.height // 6)
        pawn_h = max(layout.mm(3.2), inner.height // 5) if pawns or self.view.get("toby_card") == card["id"] else 0
        top, name, bottom = rows(inner, [top_h, inner.height - top_h - pawn_h, pawn_h])
        number_box, icon_box = columns(top, [1, 2])
        if card["kind"] == "location":
            paint.text(number_box, Verbatim(str(card["number"])), 3, theme.muted, title=True, align="left", valign="top", min_mm=1.6)
        icons = list(card.get("icons", []))
        if policed:
            icons.append("police_on")
        draw_icons(paint, icon_box, icons)
        paint.text(name, self.narrator.card(card["id"]), 3.0, theme.ink, title=fixed, min_mm=1.6)
        if bottom.height:
            self.draw_pawns(paint, bottom, card["id"], pawns)

    def draw_pawns(self, paint: Painter, rect: pygame.Rect, card: str, pawns: list[dict[str, Any]]) -> None:
        size = min(rect.height, paint.layout.mm(4.5))
        x = rect.left
        for pawn in pawns:
            disc = pygame.Rect(x, rect.centery - size // 2, size, size)
            draw_pawn(paint, disc, pawn["seat"])
            x = disc.right + 2
            if pawn["bid"] or pawn["toby"]:
                label = Verbatim(f"{pawn['bid']}") if not pawn["toby"] else Verbatim("2")
                wheel = pygame.Rect(x, disc.top, size, size)
                draw_wheel(paint, wheel.inflate(-size // 4, -size // 4), paint.theme.ink)
                x = wheel.right
                box = pygame.Rect(x, disc.top, size, size)
                paint.text(box, label, 3, paint.theme.ink, title=True, min_mm=1.6)
                x = box.right + 2
        if self.view.get("toby_card") == card and x + size <= rect.right:
            paint.text(pygame.Rect(x, rect.top, rect.right - x, rect.height), Text(N_("Toby")), 2.8, paint.theme.accent, title=True, align="left", min_mm=1.6)

    # --- the players ---------------------------------------------------------------------------

    def draw_players(self, paint: Painter, rect: pygame.Rect, per_row: int) -> None:
        players = self.view["players"]
        gap = paint.layout.mm(0.8)
        for box, player in zip(grid(rect, len(players), per_row, gap=gap), players):
            self.draw_player(paint, box, player)

    def draw_player(self, paint: Painter, rect: pygame.Rect, player: dict[str, Any]) -> None:
        layout, theme = paint.layout, paint.theme
        seat = player["seat"]
        turn = self.acting() == seat
        paint.box(rect, theme.panel if not turn else (246, 232, 200), theme.accent if turn else None, radius=layout.mm(0.8))
        pad = layout.mm(0.8)
        inner = inset(rect, pad)
        size = min(inner.height, layout.mm(6))
        book = size * 2 // 3
        disc, name, money, tokens, diary, note = columns(
            inner, [size, inner.width * 0.24, inner.width * 0.15, inner.width * 0.15, book, inner.width * 0.46 - size - book], gap=pad)
        draw_pawn(paint, pygame.Rect(disc.left, inner.centery - size // 2, size, size), seat)
        ink = theme.muted if player["eliminated"] else theme.ink
        one_line = name.clip(pygame.Rect(name.left, name.centery - layout.mm(2.6), name.width, layout.mm(5.2)))
        paint.text(one_line, self.narrator.seat(seat), 3.6, ink, title=turn, align="left", min_mm=1.7)  # shrinks, never wraps
        wheel = pygame.Rect(money.left, money.centery - size // 4, size // 2, size // 2)
        draw_wheel(paint, wheel, ink)
        paint.text(pygame.Rect(wheel.right + 2, money.top, max(1, money.right - wheel.right - 2), money.height),
                   Verbatim(str(player["carriages"])), 3.6, ink, title=True, align="left")
        held = [t for t in ("police", "calloff", "lockpick") if player["tokens"].get(t)]
        draw_icons(paint, tokens, held, align="left")
        if seat == self.view["diary"]:
            draw_book(paint, pygame.Rect(diary.left, diary.centery - book // 2, book, book))
        covered = paint.text(note, self.player_note(player), 3, theme.accent if player["won"] else theme.muted, align="right", min_mm=1.7)
        if player["character"] and player["character_state"] == "discarded" and not (player["won"] or player["eliminated"]):
            pygame.draw.line(paint.surface, theme.alert, covered.midleft, covered.midright, 2)  # struck out: discarded

    def player_note(self, player: dict[str, Any]) -> Text:
        if player["won"]:
            return Text(N_("solved"))
        if player["eliminated"]:
            return Text(N_("failed: {correct}/{of}"), {"correct": player["correct"] or 0, "of": self.view["case"]["question_count"]})
        if player["character"] and player["character_state"] == "revealed":
            return Text(self.narrator.characters.get(player["character"]).name)
        if player["character"] and player["character_state"] == "discarded":
            return Text(self.narrator.characters.get(player["character"]).name)  # drawn struck out
        if any(p["seat"] == player["seat"] for p in self.view["pawns"]):
            return Text(N_("placed"))
        return Text(N_("choosing") if self.acting() == player["seat"] else N_("waiting"))

    # --- the side: Watson, Holmes, 221B, the log --------------------------------------------------

    def draw_side(self, paint: Painter, rect: pygame.Rect, with_status: bool = False) -> None:
        theme = paint.theme
        reading = self.view.get("watson_reading")
        notes = ([self.status()] if with_status else []) + self.side_notes()
        gap = paint.layout.mm(1)
        if reading and reading.get("text"):
            head, text, rest = rows(rect, [1.6, 4, max(1, len(notes))], gap=gap)
            paint.box(inset(rect, -gap // 2), None, theme.accent, radius=paint.layout.mm(1), width=1)
            words = Text(N_("Dr Watson reads {card} aloud"), {"card": self.narrator.card(reading["card"])})
            paint.text(head, words, 3.6, theme.accent, title=True, min_mm=1.8)
            paint.text(inset(text, gap), CaseText("", reading["text"]), 3.4, theme.ink, align="left", min_mm=1.7)
            self.draw_lines(paint, rest, notes, 3, weighted=True)
            return
        top, log = rows(rect, [max(1, len(notes)), HISTORY], gap=gap)
        self.draw_lines(paint, top, notes, 3.4, theme.accent, weighted=True)
        pygame.draw.line(paint.surface, theme.muted, (log.left, log.top - gap // 2), (log.right, log.top - gap // 2), 1)
        room = log.height // paint.layout.mm(7.5)  # each earlier event gets room for two or three lines
        self.draw_lines(paint, log, list(reversed(list(self.lines)))[1:1 + room], 3)

    def draw_lines(self, paint: Painter, rect: pygame.Rect, lines: Sequence[Words], size_mm: float,
                   colour: Colour | None = None, weighted: bool = False) -> None:
        """One line of words under another; `weighted` gives a long line (a question) more room."""
        if not lines:
            return
        weights = [1 + len(line.render("en")) / 60 if weighted else 1 for line in lines]
        boxes = rows(rect, weights)
        size_mm = common_size(paint, boxes, lines, size_mm, 1.7)
        for box, line in zip(boxes, lines):
            paint.text(box, line, size_mm, colour or paint.theme.ink, align="left", min_mm=1.7)

    def side_notes(self) -> list[Words]:
        v = self.view
        notes: list[Words] = []
        watson = v["watson"]["taken_by"]
        if watson is not None:
            notes.append(Text(N_("Dr Watson: taken by {seat}"), {"seat": self.narrator.seat(watson)}))
        else:
            notes.append(Text(N_("Dr Watson: free this round, 4 carriages")))
        if v["holmes_open"]:
            notes.append(Text(N_("Sherlock Holmes: open, 3 carriages")))
        at = v.get("at_221b")
        if at and at["waiting"]:
            notes.append(Text(N_("At 221B: {seats}"), {"seats": self.narrator.seats(at["waiting"])}))
        if v.get("last_player"):
            last = v["last_player"]
            notes.append(counted("{seat}: {count} round left", "{seat}: {count} rounds left", last["rounds_left"],
                                 seat=self.narrator.seat(last["seat"])))
        return notes

    def draw_banner(self, paint: Painter, rect: pygame.Rect) -> None:
        theme = paint.theme
        paint.box(rect, theme.accent, radius=paint.layout.mm(1.5))
        pygame.draw.rect(paint.surface, theme.panel, inset(rect, paint.layout.mm(0.8)), width=1, border_radius=paint.layout.mm(1))
        words: Words = self.lines[-1] if self.lines else Text(N_("The game is afoot."))
        paint.text(inset(rect, paint.layout.mm(2)), words, 4.6, theme.panel, title=True, min_mm=2)

    def draw_choices(self, paint: Painter, rect: pygame.Rect) -> None:
        prompt = self.prompts[0]
        gap = paint.layout.mm(1.5)
        label, buttons = rows(rect, [1, 2], gap=gap)
        paint.text(label, Text(N_("{seat} chooses"), {"seat": self.narrator.seat(prompt.seat)}), 4)
        actions = prompt.actions[:8]
        per_row = min(4, len(actions))
        for box, action in zip(grid(buttons, len(actions), per_row, gap=gap), actions):
            paint.button(box, action_label(action, prompt, self.narrator), (prompt.seat, action), size_mm=3.6)

    # --- the case file and the end ----------------------------------------------------------------

    def draw_case_file(self, paint: Painter, rect: pygame.Rect) -> None:
        theme, layout = paint.theme, paint.layout
        case = self.view["case"]
        gap = layout.mm(2)
        paint.box(rect, theme.panel, theme.accent, radius=layout.mm(1.5), width=2)
        inner = inset(rect, gap)
        if layout.portrait:
            story, questions = rows(inner, [3, 2], gap=gap)
        else:
            story, questions = columns(inner, [3, 2], gap=gap * 2)
            x = questions.left - gap
            pygame.draw.line(paint.surface, theme.muted, (x, questions.top), (x, questions.bottom), 1)
        rules = case.get("special_rules")
        intro_len = len(CaseText("", case["intro"]).render("en")) if case.get("intro") else 1
        rules_len = len(CaseText("", rules).render("en")) if rules else 0
        intro_box, rules_box = rows(story, [intro_len, max(rules_len * 1.3, 0.001)], gap=gap if rules else 0)
        if case.get("intro"):
            paint.text(intro_box, CaseText("", case["intro"]), 4, theme.ink, align="left", valign="top", min_mm=1.8)
        if rules:
            paint.text(rules_box, CaseText("", rules), 3.4, theme.accent, align="left", valign="top", min_mm=1.8)
        head, listed = rows(questions, [1, 6], gap=gap)
        paint.text(head, Text(N_("Questions")), 5, theme.accent, title=True, align="left")
        shown = case["questions"]
        lines: list[Words] = [self.question_line(q) for q in shown]
        hidden = case["question_count"] - len(shown)
        if hidden:
            lines.append(counted("{count} more question opens later", "{count} more questions open later", hidden))
        self.draw_lines(paint, listed, lines, 3.6, weighted=True)

    def question_line(self, q: dict[str, Any]) -> Text:
        words = CaseText("", q["text"]) if q.get("text") else Text(N_("(read the question in the booklet)"))
        return Text(N_("{number}. {question}"), {"number": q["number"], "question": words})

    def draw_result(self, paint: Painter, rect: pygame.Rect) -> None:
        theme, layout = paint.theme, paint.layout
        result = self.view["result"]
        gap = layout.mm(2)
        paint.box(rect, theme.panel, theme.accent, radius=layout.mm(1.5), width=3)
        inner = inset(rect, gap)
        if layout.portrait:
            scores, story = rows(inner, [2, 3], gap=gap)
        else:
            scores, story = columns(inner, [2, 3], gap=gap * 2)
        head, table, answers = rows(scores, [1.2, len(self.view["players"]), 1 + len(result["answers"])], gap=gap)
        if result["everyone_loses"]:
            verdict = Text(N_("Nobody solved it: everyone loses."))
        else:
            verdict = Text(N_("Solved by {seats}"), {"seats": self.narrator.seats(result["winners"])})
        paint.text(head, verdict, 5.5, theme.accent, title=True)
        lines: list[Words] = [self.score_line(p) for p in self.view["players"]]
        self.draw_lines(paint, table, lines, 3.8)
        key: list[Words] = [Text(N_("The answers"))]
        key += [self.answer_line(qid, accepted) for qid, accepted in result["answers"].items()]
        self.draw_lines(paint, answers, key, 3.6, theme.accent, weighted=True)
        solution = result.get("solution")
        words: Words = CaseText("", solution) if solution else Text(N_("Read Holmes' solution in the case booklet."))
        paint.text(story, words, 3.8, theme.ink, align="left", valign="top", min_mm=1.7)

    def score_line(self, player: dict[str, Any]) -> Text:
        of = self.view["case"]["question_count"]
        seat = self.narrator.seat(player["seat"])
        if player["correct"] is None:
            return Text(N_("{seat}: no attempt"), {"seat": seat})
        template = N_("{seat}: {correct} of {of} right, solved") if player["won"] else N_("{seat}: {correct} of {of} right")
        return Text(template, {"seat": seat, "correct": player["correct"], "of": of})

    def answer_line(self, question: str, accepted: list[Any]) -> Text:
        q = next((q for q in self.narrator.case.questions if q.id == question), None)
        number = q.number if q else question
        labels = []
        for answer in accepted:
            if isinstance(answer, dict):
                labels.append(CaseText("", answer))
            else:
                choice = next((c for c in (q.choices if q else ()) if c.id == answer), None)
                labels.append(CaseText("", dict(choice.label)) if choice else CaseText("", {"en": str(answer), "es": str(answer)}))
        return Text(N_("{number}. {answer}"), {"number": number, "answer": TextList(tuple(labels))})


def common_size(paint: Painter, boxes: list[pygame.Rect], lines: Sequence[Words], size_mm: float, min_mm: float) -> float:
    """The largest size, from `size_mm` down as the painter shrinks, at which every line fits its
    box: a list in one size reads as one list."""
    pixels = paint.layout.mm(size_mm)
    smallest = min(pixels, paint.layout.mm(min_mm))
    face = paint.theme.body_font
    while pixels > smallest:
        typeface = font(face, pixels)
        if all(fits(line.render(paint.lang), typeface, box) for box, line in zip(boxes, lines)):
            break
        pixels = max(smallest, math.floor(pixels * 0.9))
    return pixels / paint.layout.px_per_mm


def fits(text: str, typeface: pygame.font.Font, box: pygame.Rect) -> bool:
    lines = wrap(text, typeface, box.width)
    return lines_height(len(lines), typeface) <= box.height and all(typeface.size(line)[0] <= box.width for line in lines)


# --- drawn symbols (shapes carry the meaning as well as colour) ---------------------------------------


def draw_paper(paint: Painter) -> None:
    """Faint ruled lines and a double ink frame: a page of the casebook."""
    surface, theme = paint.surface, paint.theme
    rect = surface.get_rect()
    step = max(12, paint.layout.mm(7))
    for y in range(step, rect.height, step):
        pygame.draw.line(surface, (218, 196, 152), (0, y), (rect.width, y), 1)
    margin = paint.layout.mm(0.8)
    pygame.draw.rect(surface, theme.ink, inset(rect, margin), width=2)
    pygame.draw.rect(surface, theme.muted, inset(rect, margin * 2), width=1)


def draw_pawn(paint: Painter, rect: pygame.Rect, seat: int) -> None:
    colour = PAWNS[seat % len(PAWNS)]
    radius = rect.width // 2
    pygame.draw.circle(paint.surface, colour, rect.center, radius)
    pygame.draw.circle(paint.surface, paint.theme.ink, rect.center, radius, 1)
    paint.text(rect.inflate(-2, -2), Verbatim(str(seat + 1)), 3, paint.theme.panel, title=True, min_mm=1.4)


def draw_wheel(paint: Painter, rect: pygame.Rect, colour: Colour) -> None:
    """A carriage wheel: the carriage token."""
    radius = max(3, min(rect.width, rect.height) // 2)
    centre = rect.center
    pygame.draw.circle(paint.surface, colour, centre, radius, max(1, radius // 4))
    for k in range(4):
        angle = k * math.pi / 4
        dx, dy = round(math.cos(angle) * radius), round(math.sin(angle) * radius)
        pygame.draw.line(paint.surface, colour, (centre[0] - dx, centre[1] - dy), (centre[0] + dx, centre[1] + dy), 1)


def draw_book(paint: Painter, rect: pygame.Rect) -> None:
    """The Diary: the start player's book."""
    pygame.draw.rect(paint.surface, paint.theme.accent, rect, border_radius=2)
    pygame.draw.line(paint.surface, paint.theme.panel, (rect.left + rect.width // 4, rect.top + 2), (rect.left + rect.width // 4, rect.bottom - 3), 1)


def draw_helmet(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A constable's helmet: the police token."""
    w, h = rect.width, rect.height
    points = [(rect.left + w * 0.5, rect.top), (rect.left + w * 0.78, rect.top + h * 0.35), (rect.left + w * 0.8, rect.top + h * 0.78),
              (rect.right, rect.bottom), (rect.left, rect.bottom), (rect.left + w * 0.2, rect.top + h * 0.78), (rect.left + w * 0.22, rect.top + h * 0.35)]
    pygame.draw.polygon(surface, colour, points)


def draw_key(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A key: the lockpick."""
    r = max(2, rect.height // 4)
    bow = (rect.left + r + 1, rect.centery)
    pygame.draw.circle(surface, colour, bow, r, max(1, r // 2))
    pygame.draw.line(surface, colour, (bow[0] + r, rect.centery), (rect.right, rect.centery), max(1, r // 2))
    pygame.draw.line(surface, colour, (rect.right - r, rect.centery), (rect.right - r, rect.centery + r), max(1, r // 2))


def draw_glasses(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """Dr Watson's spectacles."""
    r = max(2, rect.width // 5)
    pygame.draw.circle(surface, colour, (rect.left + r + 1, rect.centery), r, 1)
    pygame.draw.circle(surface, colour, (rect.right - r - 1, rect.centery), r, 1)
    pygame.draw.line(surface, colour, (rect.left + 2 * r + 1, rect.centery), (rect.right - 2 * r - 1, rect.centery), 1)


def strike(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    pygame.draw.line(surface, colour, rect.bottomleft, rect.topright, max(2, rect.width // 6))


def draw_icons(paint: Painter, rect: pygame.Rect, icons: list[str], align: str = "right") -> None:
    """A card's icons and a player's tokens as small symbols: helmet (police), struck helmet
    (call-off, no police), key (lockpick), padlock frame (lockpick needed), wheel (carriages),
    struck spectacles (no Dr Watson). A police token on a card is a helmet on a red disc."""
    theme = paint.theme
    size = min(rect.height, paint.layout.mm(4))
    if size < 4 or not icons:
        return
    step = size + 2
    x = rect.right - step * len(icons) if align == "right" else rect.left
    for icon in icons:
        box = pygame.Rect(max(rect.left, x), rect.top + (rect.height - size) // 2, size, size)
        glyph = box.inflate(-2, -2)
        surface = paint.surface
        if icon == "police_on":
            pygame.draw.circle(surface, theme.alert, box.center, size // 2)
            draw_helmet(surface, glyph.inflate(-size // 4, -size // 4), theme.panel)
        elif icon in ("gives_police", "police"):
            draw_helmet(surface, glyph, theme.ink)
        elif icon in ("gives_calloff", "calloff", "no_police"):
            draw_helmet(surface, glyph, theme.ink if icon != "no_police" else theme.muted)
            strike(surface, glyph, theme.alert)
        elif icon in ("gives_lockpick", "lockpick"):
            draw_key(surface, glyph, theme.ink)
        elif icon == "lockpick_required":
            pygame.draw.rect(surface, theme.alert, box, width=1)
            draw_key(surface, glyph.inflate(-2, -2), theme.alert)
        elif icon == "gives_carriages":
            draw_wheel(paint, glyph, theme.ink)
        elif icon == "no_watson":
            draw_glasses(surface, glyph, theme.muted)
            strike(surface, glyph, theme.alert)
        x += step


def make_board(context: BoardContext) -> Board:
    return WatsonHolmesBoard(context, theme_for(context.game_id))
