"""The P.I. board: a film-noir city map of postcards, the markers everyone can see, the score track.

Drawn only from the public view, the public events and the public prompts (kiosk/ui/boards). The map
(`pi_map`) shows each postcard's location, tiles, markers and investigators; its empty corners the
case and round, whose turn it is, the evidence deck and the first player. Beside it (under it in
portrait) every player's points, penalties and investigators left, the evidence display with Solve
(or the accusation under way, or the winners), and the event log: every public event in the words
players use (`pi_log`), so a result stays readable after the next moves. The end of a case is shown
big for a few seconds (`pi_solution`). The acting seat taps a postcard to send an investigator, a
card to take it as evidence, or Solve; while it accuses, the postcards answer with their suspect,
crime or location. Seats are told apart by colour and always by their number too; discs are round,
cubes square.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from kiosk.referee.awaited import Awaited
from kiosk.games import phrases
from kiosk.games.base import Action, Event, IllegalAction, Prompt
from kiosk.games.pi.rules import KINDS, Rules, kind_of, load_rules
from kiosk.i18n import N_, Text, TextList
from kiosk.ui.boards import Board, BoardContext, status_line
from kiosk.ui.boards.event_log import EventLog
from kiosk.ui.boards.pi_log import ColourNarrator, log_lines
from kiosk.ui.boards.pi_map import CityMap, corner_rects
from kiosk.ui.boards.pi_marks import (CARD, ROAD, black_disc, blinds, chip_px, draw_pawn, kind_icon, seat_chip,
                                      seat_colour)
from kiosk.ui.boards.pi_solution import SolutionReveal
from kiosk.ui.pace import Stage
from kiosk.ui.scenes.chrome import YES, confirm_box
from kiosk.seats.pi import ACCUSE_TITLE, DISPATCH_LEFT, DISPATCH_QUESTION
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.paint import Painter, Verbatim, font, lines_height
from kiosk.ui.theme import FILM_NOIR, Theme
from kiosk.ui.type_scale import BODY, FINE, LABEL, TITLE, TypeSize

ASK = {
    "solve_suspect": N_("{seat} accuses: tap the suspect"),
    "solve_crime": N_("{seat} accuses: tap the crime"),
    "solve_location": N_("{seat} accuses: tap the location"),
}
PLAYER_COLUMNS = [1, 2.2, 1.3, 1.7, 1.1, 1.2]  # chip, points per case, total, investigators left, kept, penalty
# The log at the label size's least where its box is short (landscape): two or three results stay in
# sight rather than one; where the box is tall (portrait) it is set at the label size.
TIGHT_LABEL = TypeSize("label, tight", LABEL.min_mm, LABEL.min_mm)
LOG_ROOMY_MM = 35
RESULTS_STRIP_MM = 9  # under the winners, for the kiosk's "Tap for the results" (with people only)
TIE_BREAKS = {
    "investigators": N_("Tie broken by unused investigators"),
    "penalties": N_("Tie broken by fewer penalties"),
    "shared": N_("A shared victory"),
}


@dataclass
class Regions:
    map: pygame.Rect
    players: pygame.Rect
    action: pygame.Rect  # the evidence display and Solve, the accusation, or the winners
    log: pygame.Rect


def regions(paint: Painter, seats: int) -> Regions:
    """Landscape: the map at the left, the players, the action and the log in a column beside it.
    Portrait: the map across the top, then players and action side by side, the log at the bottom."""
    layout = paint.layout
    gap = layout.mm(1)
    outer = inset(paint.surface.get_rect(), layout.mm(1.0))  # off the glass's edge (tests/ui/layout_checks.py)
    line = player_line_px(paint)
    players_h = layout.mm(3.6) + seats * line
    touch = max(layout.min_touch, layout.mm(9.5))
    if layout.portrait:  # the map as tall as it is wide, then players beside the cards, then the log
        city, rest = rows(outer, [outer.width, outer.height - outer.width - gap], gap=gap)
        action_h = 3 * max(touch, layout.mm(14)) + max(touch, layout.mm(11)) + 3 * gap
        table, log = rows(rest, [action_h, rest.height - action_h - gap], gap=gap)
        players, action = columns(table, [0.42, 0.58], gap=2 * gap)
        return Regions(city, pygame.Rect(players.left, players.top, players.width, min(players.height, players_h)),
                       action, log)
    city, side = columns(outer, [65, 35], gap=layout.mm(0.6))
    action_h = 3 * max(touch, layout.mm(11)) + touch + 3 * gap
    spare = side.height - action_h - layout.mm(LOG_ROOMY_MM) - 2 * gap - layout.mm(3.6)  # a tall screen:
    line = max(line, min(layout.mm(7), spare // seats))  # the players' lines grow, the log keeps its room
    players_h = layout.mm(3.6) + seats * line
    players, action, log = rows(side, [players_h, action_h, side.height - players_h - action_h - 2 * gap], gap=gap)
    return Regions(city, players, action, log)


def player_line_px(paint: Painter) -> int:
    """A player's line: one line of the label size at its least, or a chip, and a hair between lines
    (in portrait, a finger's width: there is room beside the evidence cards)."""
    least = max(chip_px(paint), lines_height(1, font(paint.theme.title_font, paint.layout.mm_at_least(LABEL.min_mm)))) + 2
    return max(least, paint.layout.mm(9)) if paint.layout.portrait else least


@dataclass
class PIBoard:
    context: BoardContext
    theme: Theme
    rules: Rules
    view: dict[str, Any] | None = None
    prompt: Prompt | None = None
    awaited: tuple[Awaited, ...] = ()
    log: EventLog = field(default_factory=EventLog)
    stage: Stage[SolutionReveal] = field(default_factory=Stage)  # the ends of cases shown big, in pace with the game
    notice: Text | None = None  # why the last tap was refused
    confirming: tuple[int, Action] | None = None  # a tap that cannot be taken back, asked again before it is sent
    names: ColourNarrator = field(init=False)  # seats by colour and number, as players call each other

    def __post_init__(self) -> None:
        self.names = ColourNarrator(self.rules)

    # --- the board contract -------------------------------------------------------------------

    def update(self, view: dict[str, Any], prompts: list[Prompt], now: float, awaited: tuple[Awaited, ...] = ()) -> None:
        self.awaited = awaited
        self.view = view
        public = [p for p in prompts if not p.private]
        self.prompt = public[0] if public else None
        self.notice = None
        if self.confirming is not None and (self.prompt is None or self.confirming[1] not in self.prompt.actions):
            self.confirming = None  # the choice went meanwhile (the seat's buttons chose, or the turn passed)

    def observe(self, events: list[Event], now: float) -> None:
        """Every public event goes into the log, in players' words (a private event is never read);
        the end of a case is also shown big."""
        for event in events:
            if event.audience is not None:
                continue
            if event.kind == "minigame_end":
                self.stage.add(SolutionReveal(self.stage.free_from(now), self.context.reveal_seconds, event.data), now)
            for line in log_lines(self.names, event):  # a case's end is told once its rows have turned
                self.stage.tell(self.log, line, now)

    def tap(self, value: object, now: float) -> None:
        if self.log.tap(value):
            return
        if isinstance(value, Text):
            self.notice = value
            return
        if self.confirming is not None:  # the question's answer: only "yes" sends, any other tap takes it back
            asked, self.confirming = self.confirming, None
            if value == YES:
                self.submit(*asked)
            return
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Action)):
            return
        if self.costly(value[1]):
            self.confirming = (value[0], value[1])
            return
        self.submit(value[0], value[1])

    def submit(self, seat: int, action: Action) -> None:
        try:
            self.context.submit(seat, action)
        except IllegalAction as refused:
            self.notice = refused.text

    def costly(self, action: Action) -> bool:
        """A tap the seat's buttons send only from a summary: an investigator (five for the whole game,
        rules 6.1) and the last tile of an accusation (its penalty if wrong). A newcomer's tap on a
        postcard sent either at once."""
        if action.kind == "investigate":
            return True
        return action.kind == "accuse" and self.view is not None and len(self.view["guess"]) == len(KINDS) - 1

    def next_frame(self, now: float) -> float | None:
        """Frames only while the end of a case is shown: as each row turns over and as it goes."""
        solution = self.stage.current(now)
        return solution.next_change(now) if solution is not None else None

    def showing_solution(self, now: float) -> SolutionReveal | None:
        return self.stage.on_screen(now)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        self.stage.settle(self.log, now)
        blinds(paint)
        view = self.view
        if view is None:
            return
        area = regions(paint, view["seats"])
        solution = self.showing_solution(now)
        if solution is not None:
            solution.draw(paint, area.map, self.names, view, now)
        else:
            self.draw_corners(paint, corner_rects(self.rules, area.map, paint.layout.mm(1)))
            CityMap(self.rules, self.context.narrator, view, self.prompt).draw(paint, area.map)
        self.draw_players(paint, area.players)
        if view["over"]:
            if solution is None:  # who won waits for the last case's end to have played
                strip = self.results_place(paint)
                end = area.action if strip is None else pygame.Rect(
                    area.action.left, area.action.top, area.action.width, strip.top - paint.layout.mm(1) - area.action.top)
                self.draw_end(paint, end)
        elif view["stage"] == "solve":  # a bot's attempt shows too, with no button
            self.draw_accusation(paint, area.action)
        else:
            self.draw_display(paint, area.action)
        self.draw_log(paint, area.log)
        if self.confirming is not None:
            self.draw_confirm(paint, *self.confirming)

    def draw_confirm(self, paint: Painter, seat: int, action: Action) -> None:
        """The question before a costly tap, over the board, as the seat's summary asks it."""
        view = self.view
        assert view is not None
        narrator = self.context.narrator
        if action.kind == "investigate":
            left = view["players"][seat]["investigators_left"]
            question = Text(DISPATCH_QUESTION)
            detail: Text | TextList = TextList((narrator.name(action.args[0]),
                                                Text(DISPATCH_LEFT, {"n": max(left - 1, 0)})), separator=" · ")
            yes = Text(N_("Send"))
        else:
            question = Text(ACCUSE_TITLE, {"points": self.rules.penalty_points})
            picks = [view["guess"][kind] for kind in KINDS if kind in view["guess"]] + [action.args[0]]
            detail = TextList(tuple(narrator.name(pick) for pick in picks), separator=" · ")
            yes = Text(N_("Accuse"))
        confirm_box(paint, question, detail, yes, Text(N_("Back")))

    def results_place(self, paint: Painter) -> pygame.Rect | None:
        """Where the kiosk says "Tap for the results" at the end of a game with people: a strip at the
        foot of the winners' panel, so it covers neither the map nor the log (bots go on by themselves)."""
        if self.view is None or len(self.context.bots) >= self.context.seats:
            return None
        action = regions(paint, self.view["seats"]).action
        strip = max(paint.layout.min_touch, paint.layout.mm(RESULTS_STRIP_MM))
        return pygame.Rect(action.left, action.bottom - strip, action.width, strip)

    def draw_log(self, paint: Painter, rect: pygame.Rect) -> None:
        """The event log; a refused tap's reason in red over its top while it stands."""
        if self.notice is not None:
            height = min(rect.height, paint.layout.mm(16))
            box = pygame.Rect(rect.left, rect.top, rect.width, height)
            paint.box(box, (60, 16, 16), paint.theme.alert, radius=paint.layout.mm(1))
            paint.text(inset(box, paint.layout.mm(1)), self.notice, LABEL, paint.theme.ink)
            rect = pygame.Rect(rect.left, box.bottom + paint.layout.mm(1), rect.width, rect.bottom - box.bottom - paint.layout.mm(1))
            if rect.height < paint.layout.min_touch:
                return
        roomy = rect.height >= paint.layout.mm(LOG_ROOMY_MM)
        self.log.draw(paint, rect, LABEL if roomy else TIGHT_LABEL)

    def draw_corners(self, paint: Painter, corners: list[pygame.Rect]) -> None:
        """The map's empty corners: the case and round, whose turn, the evidence deck, the first player."""
        view = self.view
        assert view is not None
        pad = paint.layout.mm(1)  # less above and below: a long status line takes five lines
        case, turn, deck, first = (c.inflate(-2 * pad, -pad) for c in corners)
        paint.text(case, Text(N_("Case {n}/{of}\nround {round}"),
                              {"n": view["minigame"], "of": view["minigames"], "round": view["round"]}),
                   BODY, paint.theme.accent, title=True)
        waiting = status_line.words(self.context, self.awaited, view)  # the turn, and any notes to take
        if view["over"]:
            paint.text(turn, Text(N_("Final scores")), BODY.mm, paint.theme.ink, title=True,
                       min_mm=LABEL.min_mm)  # "Puntuación" is a wide word for a narrow corner
        else:
            words = waiting or Text(N_("{seat} plays"), {"seat": self.context.narrator.seat(view["active"])})
            self.draw_seat_line(paint, turn, view["active"], words)
        paint.text(deck, Text(N_("Evidence deck: {deck}\ndiscarded: {discard}"),
                              {"deck": view["deck"], "discard": len(view["discard"])}), LABEL.mm, paint.theme.muted,
                   min_mm=FINE.min_mm)  # «descartadas: 15» is one piece: it shrinks rather than leave «15» alone
        self.draw_seat_line(paint, first, view["first"], Text(N_("First player:\n{seat}"), {"seat": self.names.seat(view["first"])}))

    def draw_seat_line(self, paint: Painter, rect: pygame.Rect, seat: int, words: Text) -> None:
        """Words about a seat (which they name) in its colour, the whole corner wide: at the label size,
        down to the fine print's least for the longest status lines (several seats awaited)."""
        assert self.view is not None
        paint.text(rect, words, LABEL.mm, seat_colour(self.view, seat), align="left", min_mm=FINE.min_mm)

    def draw_players(self, paint: Painter, rect: pygame.Rect) -> None:
        """One line per seat: its chip, points per case, total, investigators left, the evidence
        cards it keeps because they told it nothing (a card with their count), penalties."""
        view = self.view
        assert view is not None
        layout = paint.layout
        header = layout.mm(3.6)
        head = pygame.Rect(rect.left, rect.top, rect.width, header)
        gap = layout.mm(0.8)
        cells = columns(head, PLAYER_COLUMNS, gap=gap)
        paint.text(cells[1], Text(N_("Cases")), FINE, paint.theme.muted)
        paint.text(cells[2], Text(N_("Total")), FINE, paint.theme.muted)
        line_h = (rect.height - header) // len(view["players"])
        showing = self.unrevealed_scores()
        for i, player in enumerate(view["players"]):
            line = pygame.Rect(rect.left, head.bottom + i * line_h, rect.width, line_h - 1)
            seat = player["seat"]
            if seat == view["active"] and not view["over"]:
                paint.box(line, paint.theme.panel, seat_colour(view, seat), radius=layout.mm(1))
            chip, cases, total, pawns, kept, penalty = columns(line.inflate(-layout.mm(0.8), 0), PLAYER_COLUMNS, gap=gap)
            seat_chip(paint, chip, view, seat, "disc")
            scores = [None if n + 1 in showing else p for n, p in enumerate(player["scores"])]
            points = " ".join("–" if p is None else str(p) for p in scores)
            paint.text(cases, Verbatim(points), LABEL, paint.theme.ink)
            hidden = sum(case.get(str(seat)) or 0 for case in showing.values())
            paint.text(total, Verbatim(str(player["total"] - hidden)), LABEL, paint.theme.accent, title=True)
            sign, left = columns(pawns, [1, 1.2])
            side = min(sign.width, sign.height)
            draw_pawn(paint, pygame.Rect(sign.right - side, sign.centery - side // 2, side, side), seat_colour(view, seat))
            paint.text(left, Verbatim(str(player["investigators_left"])), LABEL, paint.theme.ink, align="left")
            if player["kept"]:  # a card with their count on it
                card = pygame.Rect(0, 0, min(kept.width, max(chip_px(paint), kept.height * 3 // 4)), kept.height)
                card.center = kept.center
                paint.box(card, CARD, paint.theme.muted, radius=2, width=1)
                paint.text(card, Verbatim(str(len(player["kept"]))), FINE, paint.theme.muted)
            if player["penalties"]:
                paint.text(penalty, Verbatim(f"−{self.rules.penalty_points * player['penalties']}"), LABEL, paint.theme.alert)

    def unrevealed_scores(self) -> dict[int, dict[str, int]]:
        """The points of each case whose end is still on the stage (shown or waiting), by case number:
        the table tells them once the case's rows have turned, as the log does (the last solve and the
        case's end come in one step)."""
        return {reveal.data["minigame"]: reveal.data["scores"] for reveal in self.stage.reveals}

    # --- the action: evidence, accusation, the end ----------------------------------------------

    def draw_display(self, paint: Painter, rect: pygame.Rect) -> None:
        """The nine evidence cards (tap one to take it), and Solve under them when it may be tapped (their
        name when not)."""
        view = self.view
        assert view is not None
        layout = paint.layout
        gap = layout.mm(1)
        touch = max(layout.min_touch, layout.mm(11 if layout.portrait else 9.5))
        cards, solve = rows(rect, [rect.height - touch - gap, touch], gap=gap)
        prompt = self.prompt
        solve_action = Action("solve")
        if prompt is not None and solve_action in prompt.actions:
            paint.button(solve, Text(N_("Solve the case")), (prompt.seat, solve_action), size_mm=BODY)
        else:  # nobody at the touchscreen may take a card now: say what the cards are
            paint.text(solve, Text(N_("Evidence display")), LABEL, paint.theme.muted, title=True)
        boxes = grid(cards, len(view["display"]), 3, gap=layout.mm(0.5))
        names = [self.context.narrator.name(card) for card in view["display"]]
        size = min((paint.fit_mm(card_words(paint, box), name, LABEL.mm, min_mm=FINE.min_mm)
                    for box, name in zip(boxes, names)), default=LABEL.mm)
        for box, card, name in zip(boxes, view["display"], names):
            take = Action("evidence", (card,))
            enabled = prompt is not None and take in prompt.actions
            paint.box(box, CARD, paint.theme.accent if enabled else ROAD, radius=layout.mm(1),
                      width=max(2, layout.mm(0.5 if enabled else 0.3)))
            sign = pygame.Rect(box.left + layout.mm(0.6), box.top + layout.mm(0.6), chip_px(paint) * 3 // 4,
                               chip_px(paint) * 3 // 4)
            kind_icon(paint, sign, kind_of(card), paint.theme.accent)
            paint.text(card_words(paint, box), name, size, paint.theme.ink, min_mm=FINE.min_mm)
            if enabled and prompt is not None:
                paint.target(box, (prompt.seat, take))

    def draw_accusation(self, paint: Painter, rect: pygame.Rect) -> None:
        """The attempt under way: the tiles chosen so far, what to tap next, and the way back."""
        view = self.view
        prompt = self.prompt
        assert view is not None
        layout = paint.layout
        gap = layout.mm(1)
        give_up = Action("back")
        can_go_back = prompt is not None and give_up in prompt.actions
        touch = max(layout.min_touch, layout.mm(9.5))
        room = pygame.Rect(rect.left, rect.top, rect.width, rect.height - (touch + gap if can_go_back else 0))
        ask_h = max(room.height // 4, 2 * chip_px(paint) + gap)
        ask, slots = rows(room, [ask_h, room.height - ask_h - gap], gap=gap)
        seat = view["active"]
        asked = next(kind for kind in KINDS if kind not in view["guess"])
        paint.text(ask, Text(ASK[f"solve_{asked.lower()}"], {"seat": self.names.seat(seat)}), LABEL,
                   seat_colour(view, seat), title=True)
        for box, kind in zip(rows(slots, [1, 1, 1], gap=gap), KINDS):
            chosen = view["guess"].get(kind)
            paint.box(box, CARD, paint.theme.accent if kind == asked else ROAD, radius=layout.mm(1))
            icon_box, disc_box, words = columns(inset(box, layout.mm(0.8)), [1, 1, 6], gap=gap)
            kind_icon(paint, icon_box, kind, paint.theme.accent)
            if chosen:
                black_disc(paint, disc_box)
                paint.text(words, self.context.narrator.name(chosen), LABEL, paint.theme.ink, align="left")
            else:
                paint.text(words, Verbatim("?"), BODY, paint.theme.muted, title=True, align="left")
        if can_go_back and prompt is not None:
            back = pygame.Rect(rect.left, rect.bottom - touch, rect.width, touch)
            paint.button(back, Text(N_("Take the attempt back")), (prompt.seat, give_up), size_mm=LABEL)

    def draw_end(self, paint: Painter, rect: pygame.Rect) -> None:
        """Who won, and how a tie was broken."""
        view = self.view
        assert view is not None
        result = view.get("result", {})
        winners = TextList(tuple(self.names.seat(s) for s in result.get("winners", [])))
        title, names, how = rows(rect, [1, 2, 0.8], gap=paint.layout.mm(1))
        paint.text(title, Text(N_("The city sleeps. Case closed.")), LABEL, paint.theme.muted, title=True)
        paint.box(names, paint.theme.panel, paint.theme.accent, radius=paint.layout.mm(1.5))
        paint.text(inset(names, paint.layout.mm(1.5)), phrases.winners(winners), TITLE.mm, paint.theme.accent,
                   title=True, min_mm=BODY.min_mm)  # several winners may need the room of a body size
        decided = TIE_BREAKS.get(result.get("decided_by", ""))
        if decided is not None:
            paint.text(how, Text(decided), LABEL, paint.theme.ink)


def card_words(paint: Painter, box: pygame.Rect) -> pygame.Rect:
    """Where an evidence card's name goes: under its kind's sign."""
    top = box.top + paint.layout.mm(0.6) + chip_px(paint) * 3 // 4
    side = paint.layout.mm(0.3)
    return pygame.Rect(box.left + side, top, box.width - 2 * side, box.bottom - top - side)


def make_board(context: BoardContext) -> Board:
    """The P.I. board; its body text uses DejaVu Sans Condensed so the map's names fit on postcards."""
    theme = replace(FILM_NOIR, body_font="DejaVuSansCondensed-Bold.ttf")
    return PIBoard(context, theme, load_rules())
