"""The P.I. board: a film-noir city map of postcards, the markers everyone can see, the score track.

Drawn only from the public view, the public events and the public prompts (kiosk/ui/boards). Each
postcard shows its location, its suspect and crime tiles, the discs and cubes on them and the
investigators sent there with the markers on each. The side shows the case, the round and whose turn
it is, every player's points, penalties and investigators left, and the evidence display. The acting
seat taps a postcard to send an investigator, a card to take it as evidence, or Solve; while it
accuses, the postcards answer with their suspect, crime or location. Seats are told apart by colour
and always by their number too; discs are round, cubes square.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from kiosk.awaited import Awaited
from kiosk.games.base import Action, Event, IllegalAction, Prompt
from kiosk.games.pi.rules import KINDS, Rules, kind_of, load_rules
from kiosk.games import phrases
from kiosk.games.phrases import ROUNDS
from kiosk.i18n import N_, Text, TextList, counted
from kiosk.ui.boards import Board, BoardContext, status_line
from kiosk.ui.layout import columns, grid, inset, rows
from kiosk.ui.paint import Painter, Verbatim, font
from kiosk.ui.theme import FILM_NOIR, Colour, Theme

# Bright on dark, one per rules.toml colour name; the seat number is always drawn on top.
SEAT_COLOURS: dict[str, Colour] = {
    "red": (240, 70, 70), "blue": (80, 150, 255), "green": (70, 210, 100),
    "yellow": (255, 214, 50), "purple": (196, 112, 255),
}
CARD = (58, 54, 50)  # a postcard's photograph, sepia in the dark
CAPTION = (232, 224, 204)  # a postcard's caption strip, old paper
CAPTION_INK = (24, 22, 20)
ROAD = (70, 70, 78)
BLINDS = (22, 22, 26)  # venetian-blind shadows across the background
STAGE_KINDS = {"solve_suspect": "SUSPECT", "solve_crime": "CRIME", "solve_location": "LOCATION"}
ASK = {
    "solve_suspect": N_("{seat} accuses: tap the suspect's postcard"),
    "solve_crime": N_("{seat} accuses: tap the crime's postcard"),
    "solve_location": N_("{seat} accuses: tap the hideout"),
}
NO_INVESTIGATOR = N_("You have no investigator left: they are single use for the whole game.")
CARD_ROWS = [1.15, 1, 1, 1.05]  # a postcard: caption, suspect tile, crime tile, investigators
NAME_COLUMNS = [1.0, 7.0]  # a tile's row: its kind's sign, its name and markers
BANNER_LINES = 2
CASE_OVER = N_("Case {minigame} is over after {rounds}.")
QUIET_EVENTS = frozenset({"turn"})  # whose turn it is shows in the status line, not as a banner


def spoken(line: Text) -> Text:
    """The sentence with only the parameters its message uses (a narrator may pass raw data along)."""
    used = {name for _, name, _, _ in string.Formatter().parse(line.msgid) if name}
    return Text(line.msgid, {key: value for key, value in line.params.items() if key in used})


def seat_colour(view: dict[str, Any], seat: int) -> Colour:
    return SEAT_COLOURS.get(view["players"][seat]["colour"], (200, 200, 200))


@dataclass
class PIBoard:
    context: BoardContext
    theme: Theme
    rules: Rules
    view: dict[str, Any] | None = None
    prompt: Prompt | None = None
    awaited: tuple[Awaited, ...] = ()
    banners: list[Text] = field(default_factory=list)  # the sentences of the latest step
    notice: Text | None = None  # why the last tap was refused

    # --- the board contract -------------------------------------------------------------------

    def update(self, view: dict[str, Any], prompts: list[Prompt], now: float, awaited: tuple[Awaited, ...] = ()) -> None:
        self.awaited = awaited
        self.view = view
        public = [p for p in prompts if not p.private]
        self.prompt = public[0] if public else None
        self.notice = None

    def observe(self, events: list[Event], now: float) -> None:
        """The public sentences of one step replace the last step's (a private event is never read)."""
        lines = []
        for event in events:
            if event.audience is not None or event.kind in QUIET_EVENTS:
                continue
            line = self.context.narrator.describe(event)
            if line is not None:
                lines.append(spoken(line))
        if lines:
            self.banners = lines[-BANNER_LINES:]
        ended = [e for e in events if e.kind == "minigame_end" and e.audience is None]
        if ended:  # the end of a case is the headline; its cases are too long for a banner
            rounds = counted(*ROUNDS, ended[-1].data["rounds"])
            self.banners = [Text(CASE_OVER, {"minigame": ended[-1].data["minigame"], "rounds": rounds})]

    def tap(self, value: object, now: float) -> None:
        if isinstance(value, Text):
            self.notice = value
            return
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Action)):
            return
        try:
            self.context.submit(value[0], value[1])
        except IllegalAction as refused:
            self.notice = refused.text

    def next_frame(self, now: float) -> float | None:
        return None  # nothing moves by itself: an idle table draws nothing

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        paint.fill()
        blinds(paint)
        if self.view is None:
            return
        screen = paint.surface.get_rect()
        gap = paint.layout.mm(1.5)
        outer = inset(screen, gap)
        table = 0.7 + 0.5 * self.view["seats"]  # the players' lines grow with the number of seats
        if paint.layout.portrait:
            banner, city, players, side = rows(outer, [1.3, 7.6, table, 3.6], gap=gap)
        else:
            city, side_column = columns(outer, [64, 36], gap=gap)
            banner, players, side = rows(side_column, [1.8, table, 6.3], gap=gap)
        self.draw_banner(paint, banner)
        self.draw_map(paint, city)
        self.draw_players(paint, players)
        if self.view["over"]:
            self.draw_end(paint, side)
        elif self.view["stage"] == "solve":  # a bot's attempt shows too, with no button
            self.draw_accusation(paint, side)
        else:
            self.draw_display(paint, side)

    def draw_banner(self, paint: Painter, rect: pygame.Rect) -> None:
        """The latest public events, as newspaper headlines (or why a tap was refused, in red)."""
        paint.box(rect, CAPTION, radius=paint.layout.mm(1))
        lines = [self.notice] if self.notice else self.banners or [Text(N_("P.I."))]
        colour = (150, 20, 20) if self.notice else CAPTION_INK
        weights = [len(words.render(paint.lang)) + 20.0 for words in lines]  # a longer sentence gets more room
        for box, words in zip(rows(inset(rect, paint.layout.mm(1)), weights), lines):
            paint.text(box, words, 4.5, colour, title=True, min_mm=1.8)

    def draw_corners(self, paint: Painter, corners: list[pygame.Rect]) -> None:
        """The map's empty corners: the case and round, whose turn, the evidence deck, the first player."""
        view = self.view
        assert view is not None
        case, turn, deck, first = (inset(c, paint.layout.mm(1)) for c in corners)
        paint.text(case, Text(N_("Case {n}/{of}\nround {round}"),
                              {"n": view["minigame"], "of": view["minigames"], "round": view["round"]}),
                   5, paint.theme.accent, title=True)
        if view["over"]:
            paint.text(turn, Text(N_("Final scores")), 5, paint.theme.ink, title=True)
        else:
            self.draw_seat_line(paint, turn, view["active"], Text(N_("{seat} plays"), {"seat": self.context.narrator.seat(view["active"])}))
        paint.text(deck, Text(N_("Evidence deck: {deck}\ndiscarded: {discard}"),
                              {"deck": view["deck"], "discard": len(view["discard"])}), 3.6, paint.theme.muted)
        self.draw_seat_line(paint, first, view["first"], Text(N_("First player:\n{seat}"), {"seat": self.context.narrator.seat(view["first"])}))

    def draw_seat_line(self, paint: Painter, rect: pygame.Rect, seat: int, words: Text) -> None:
        view = self.view
        assert view is not None
        chip_box, text_box = columns(rect, [1, 3], gap=paint.layout.mm(1))
        seat_chip(paint, chip_box, view, seat, "disc")
        paint.text(text_box, words, 4.5, seat_colour(view, seat), title=True, align="left")

    def draw_players(self, paint: Painter, rect: pygame.Rect) -> None:
        """One line per seat: number, name, points per case, total, investigators left, the evidence
        cards it keeps because they told it nothing (a card with their count), penalties."""
        view = self.view
        assert view is not None
        header = paint.layout.mm(3.4)
        head, body = rows(rect, [float(header), float(rect.height - header)])
        layout = paint.layout
        weights = [1, 3, 3, 1.6, 3.4]
        cells = columns(head, weights, gap=layout.mm(0.8))
        paint.text(cells[2], Text(N_("Cases")), 3, paint.theme.muted)
        paint.text(cells[3], Text(N_("Total")), 3, paint.theme.muted)
        for line, player in zip(rows(body, [1] * len(view["players"]), gap=layout.mm(0.4)), view["players"]):
            seat = player["seat"]
            if seat == view["active"] and not view["over"]:
                paint.box(line, paint.theme.panel, seat_colour(view, seat), radius=layout.mm(1))
            chip, name, cases, total, spare = columns(line.inflate(-layout.mm(0.8), 0), weights, gap=layout.mm(0.8))
            seat_chip(paint, chip, view, seat, "disc")
            paint.text(name, self.context.narrator.seat(seat), 3.6, seat_colour(view, seat), align="left")
            points = " ".join("–" if p is None else str(p) for p in player["scores"])
            paint.text(cases, Verbatim(points), 3.6, paint.theme.ink)
            paint.text(total, Verbatim(str(player["total"])), 4.5, paint.theme.accent, title=True)
            pawns, kept, penalty = columns(spare, [3, 1.4, 1.8])
            draw_pawns(paint, pawns, seat_colour(view, seat), player["investigators_left"])
            if player["kept"]:
                card = pygame.Rect(0, 0, min(kept.width, kept.height * 3 // 4), kept.height)
                card.center = kept.center
                paint.box(card, CARD, paint.theme.muted, radius=2, width=1)
                paint.text(card, Verbatim(str(len(player["kept"]))), 3, paint.theme.muted, min_mm=1.2)
            if player["penalties"]:
                paint.text(penalty, Verbatim(f"−{self.rules.penalty_points * player['penalties']}"), 3.6, paint.theme.alert)

    # --- the map --------------------------------------------------------------------------------

    def draw_map(self, paint: Painter, rect: pygame.Rect) -> None:
        """The postcards where rules.toml places them (5 rows, staggered by half a card), roads between."""
        view = self.view
        assert view is not None
        spots = postcard_rects(self.rules, rect, paint.layout.mm(1))
        self.draw_corners(paint, corner_rects(self.rules, rect, paint.layout.mm(1)))
        for a, near in self.rules.neighbours.items():
            for b in near:
                if a < b:
                    pygame.draw.line(paint.surface, ROAD, spots[a].center, spots[b].center, max(2, paint.layout.mm(0.8)))
        stage = STAGE_KINDS.get(self.prompt.kind) if self.prompt is not None else None
        sizes = self.postcard_type(paint, next(iter(spots.values())))
        for slot in view["board"]:
            self.draw_postcard(paint, spots[slot["location"]], slot, stage, sizes)

    def postcard_type(self, paint: Painter, card: pygame.Rect) -> tuple[float, float]:
        """One type size for every caption and one for every tile name, so the map reads evenly.

        Measured on a card without markers; a card whose markers take room shrinks its names alone.
        """
        caption, row, _, _ = rows(card, CARD_ROWS)
        room = inset(caption, paint.layout.mm(0.5))
        places = [self.context.narrator.name(e) for e in self.rules.locations]
        tiles = [self.context.narrator.name(e) for kind in ("SUSPECT", "CRIME") for e in self.rules.elements[kind]]
        name_width = columns(inset(row, paint.layout.mm(0.4)), NAME_COLUMNS, gap=paint.layout.mm(0.5))[1].width
        return (common_size(paint, places, room.width, room.height, 3.6, title=True),
                common_size(paint, tiles, name_width, row.height, 3.2, title=False))

    def draw_postcard(self, paint: Painter, rect: pygame.Rect, slot: dict[str, Any], stage: str | None,
                      sizes: tuple[float, float]) -> None:
        view = self.view
        assert view is not None
        layout = paint.layout
        location = slot["location"]
        action, refusal = self.postcard_action(slot, stage)
        tiles = {"SUSPECT": slot["suspect"], "CRIME": slot["crime"], "LOCATION": location}
        chosen = stage is not None and action is None
        paint.box(rect, CARD if not chosen else (34, 32, 30), radius=layout.mm(1))
        caption, suspect_row, crime_row, agents = rows(rect, CARD_ROWS)
        paint.box(caption, CAPTION, radius=layout.mm(1))
        paint.text(inset(caption, layout.mm(0.5)), self.context.narrator.name(location), sizes[0], CAPTION_INK,
                   title=True, min_mm=1.7)
        for kind, row in (("SUSPECT", suspect_row), ("CRIME", crime_row)):
            element = tiles[kind]
            icon, text_box = columns(inset(row, layout.mm(0.4)), NAME_COLUMNS, gap=layout.mm(0.5))
            kind_icon(paint, icon, kind, paint.theme.ink if element else paint.theme.muted)
            if element is None:
                paint.text(text_box, Verbatim("—"), sizes[1], paint.theme.muted, align="left")
                continue
            words_box, marks_box = self.split_marks(text_box, element)
            paint.text(words_box, self.context.narrator.name(element), sizes[1], paint.theme.ink, align="left", min_mm=1.6)
            if view["guess"].get(kind) == element:
                black_disc(paint, marks_box)
            else:
                self.draw_markers(paint, marks_box, element, dark=False)
        agents, plate = self.split_marks(agents.inflate(-layout.mm(0.8), 0), location, sign=True)
        if plate.width:
            sign, plate_marks = columns(plate, [1, plate.width / plate.height - 1])
            kind_icon(paint, sign, "LOCATION", paint.theme.ink)  # these markers are on the name plate
            if view["guess"].get("LOCATION") == location:
                black_disc(paint, plate_marks)
            else:
                self.draw_markers(paint, plate_marks, location, dark=False)
        self.draw_investigators(paint, agents, location)
        border = paint.theme.accent if action is not None else ROAD
        paint.box(rect, border=border, radius=layout.mm(1), width=max(2, layout.mm(0.6 if action else 0.3)))
        if action is not None and self.prompt is not None:
            paint.target(rect, (self.prompt.seat, action))
        elif refusal is not None:
            paint.target(rect, refusal)

    def postcard_action(self, slot: dict[str, Any], stage: str | None) -> tuple[Action | None, Text | None]:
        """What a tap on this postcard does now: an action of the public prompt, or why it cannot."""
        if self.prompt is None:
            return None, None
        if stage is None:
            investigate = Action("investigate", (slot["location"],))
            if investigate in self.prompt.actions:
                return investigate, None
            return None, Text(NO_INVESTIGATOR)
        element = {"SUSPECT": slot["suspect"], "CRIME": slot["crime"], "LOCATION": slot["location"]}[stage]
        accuse = Action("accuse", (element,))
        return (accuse, None) if element is not None and accuse in self.prompt.actions else (None, None)

    def split_marks(self, rect: pygame.Rect, element: str, sign: bool = False) -> tuple[pygame.Rect, pygame.Rect]:
        """Room for a tile's name and, beside it, its markers (a black disc counts as one) after an
        optional sign of the tile's kind."""
        view = self.view
        assert view is not None
        count = len(view["tiles"].get(element, {})) + (element in view["guess"].values())
        count += sign and count > 0
        if not count:
            return rect, pygame.Rect(rect.right, rect.top, 0, rect.height)
        size = min(rect.height, rect.width // 6)
        words, marks = pygame.Rect(rect), pygame.Rect(rect)
        marks.width = min(count * size, rect.width // 2)
        marks.right = rect.right
        words.width = rect.width - marks.width
        return words, marks

    def draw_markers(self, paint: Painter, rect: pygame.Rect, element: str | None, dark: bool) -> None:
        """The discs and cubes on a tile, one per seat, each with the seat's number."""
        view = self.view
        assert view is not None
        owners = view["tiles"].get(element or "", {})
        if not owners:
            return
        size = min(rect.height, rect.width // max(1, len(owners)))
        x = rect.centerx - size * len(owners) // 2
        for seat, kind in owners.items():
            token = pygame.Rect(x, rect.centery - size // 2, size, size)
            seat_chip(paint, inset(token, 1), view, int(seat), kind, outline=CAPTION_INK if dark else CAPTION)
            x += size

    def draw_investigators(self, paint: Painter, rect: pygame.Rect, location: str) -> None:
        """Each investigator sent here: a pawn in its seat's colour and number, its markers beside it."""
        view = self.view
        assert view is not None
        here = [inv for inv in view["investigators"] if inv["location"] == location]
        if not here:
            return
        for box, inv in zip(columns(rect, [1] * len(here), gap=paint.layout.mm(0.6)), here):
            colour = seat_colour(view, inv["seat"])
            markers = inv["markers"]
            size = min(box.height, box.width if not markers else box.width * 3 // 5)
            pawn = pygame.Rect(box.left, box.bottom - size, size, size)
            draw_pawn(paint, pawn, colour)
            paint.text(pygame.Rect(pawn.left, pawn.top + size // 4, size, size - size // 4),
                       Verbatim(str(inv["seat"] + 1)), 2.2, CAPTION_INK, title=True, min_mm=1.1)
            if not markers:
                continue
            # Its discs and cubes in two rows beside it, in the shuffled order the game keeps.
            per_row = (len(markers) + 1) // 2
            small = max(3, min(box.height // 2, (box.right - pawn.right) // per_row) - 1)
            for i, marker in enumerate(markers):
                row, column = divmod(i, per_row)
                mark = pygame.Rect(pawn.right + 1 + column * (small + 1), box.bottom - (2 - row) * (small + 1), small, small)
                shape(paint, mark, colour, marker["kind"], CAPTION)

    # --- the side: evidence, accusation, the end -----------------------------------------------

    def draw_display(self, paint: Painter, rect: pygame.Rect) -> None:
        """The nine evidence cards (tap one to take it) and Solve, while a person's turn is awaited."""
        view = self.view
        assert view is not None
        layout = paint.layout
        gap = layout.mm(1)
        ask, cards, solve = rows(rect, [0.8, 5.6, 1.7], gap=gap)
        prompt = self.prompt
        waiting = status_line.words(self.context, self.awaited, view)  # the turn, and any notes to take
        if waiting is not None:
            paint.text(ask, waiting, 4, seat_colour(view, view["active"]), title=True, min_mm=1.8)
        else:
            paint.text(ask, Text(N_("Evidence display")), 4, paint.theme.muted, title=True)
        per_row = 3
        for box, card in zip(grid(cards, len(view["display"]), per_row, gap=gap), view["display"]):
            take = Action("evidence", (card,))
            enabled = prompt is not None and take in prompt.actions
            paint.box(box, CARD, paint.theme.accent if enabled else ROAD, radius=layout.mm(1),
                      width=max(2, layout.mm(0.5 if enabled else 0.3)))
            icon, words = rows(inset(box, layout.mm(0.6)), [1, 2])
            kind_icon(paint, icon, kind_of(card), paint.theme.accent)
            paint.text(words, self.context.narrator.name(card), 3.4, paint.theme.ink, min_mm=1.8)
            if enabled and prompt is not None:
                paint.target(box, (prompt.seat, take))
        solve_action = Action("solve")
        if prompt is not None and solve_action in prompt.actions:
            paint.button(solve, Text(N_("Solve the case")), (prompt.seat, solve_action), size_mm=4.5)

    def draw_accusation(self, paint: Painter, rect: pygame.Rect) -> None:
        """The attempt under way: the tiles chosen so far, what to tap next, and the way back."""
        view = self.view
        prompt = self.prompt
        assert view is not None
        layout = paint.layout
        gap = layout.mm(1)
        ask, slots, back = rows(rect, [1.4, 4, 1.6], gap=gap)
        seat = view["active"]
        asked = next(kind for kind in KINDS if kind not in view["guess"])
        paint.text(ask, Text(ASK[f"solve_{asked.lower()}"], {"seat": self.context.narrator.seat(seat)}), 4.2,
                   seat_colour(view, seat), title=True)
        for box, kind in zip(rows(slots, [1, 1, 1], gap=gap), ("SUSPECT", "CRIME", "LOCATION")):
            chosen = view["guess"].get(kind)
            paint.box(box, CARD, paint.theme.accent if kind == asked else ROAD, radius=layout.mm(1))
            icon_box, disc_box, words = columns(inset(box, layout.mm(0.8)), [1, 1, 6], gap=gap)
            kind_icon(paint, icon_box, kind, paint.theme.accent)
            if chosen:
                black_disc(paint, disc_box)
                paint.text(words, self.context.narrator.name(chosen), 4, paint.theme.ink, align="left")
            else:
                paint.text(words, Verbatim("?"), 5, paint.theme.muted, title=True, align="left")
        give_up = Action("back")
        if prompt is not None and give_up in prompt.actions:
            paint.button(back, Text(N_("Take the attempt back")), (prompt.seat, give_up), size_mm=4.2)

    def draw_end(self, paint: Painter, rect: pygame.Rect) -> None:
        """Who won, and how a tie was broken."""
        view = self.view
        assert view is not None
        result = view.get("result", {})
        winners = TextList(tuple(self.context.narrator.seat(s) for s in result.get("winners", [])))
        title, names, how = rows(rect, [1.2, 2, 1], gap=paint.layout.mm(1))
        paint.text(title, Text(N_("The city sleeps. Case closed.")), 5, paint.theme.muted, title=True)
        paint.box(names, paint.theme.panel, paint.theme.accent, radius=paint.layout.mm(1.5))
        paint.text(inset(names, paint.layout.mm(1.5)), phrases.winners(winners), 8,
                   paint.theme.accent, title=True)
        decided = TIE_BREAKS.get(result.get("decided_by", ""))
        if decided is not None:
            paint.text(how, Text(decided), 3.6, paint.theme.ink)


TIE_BREAKS = {
    "investigators": N_("Tie broken by unused investigators"),
    "penalties": N_("Tie broken by fewer penalties"),
    "shared": N_("A shared victory"),
}


# --- shapes ---------------------------------------------------------------------------------------


def postcard_rects(rules: Rules, rect: pygame.Rect, gap: int) -> dict[str, pygame.Rect]:
    """Each location's postcard: rows of rules.layout top to bottom, each card two half-columns wide."""
    top = min(row for row, _ in rules.layout.values())
    lines = max(row for row, _ in rules.layout.values()) - top + 1
    halves = max(col for _, col in rules.layout.values()) + 2
    width, height = rect.width / halves, rect.height / lines
    spots = {}
    for location, (row, col) in rules.layout.items():
        box = pygame.Rect(round(rect.left + col * width), round(rect.top + (row - top) * height),
                          round(2 * width), round(height))
        spots[location] = inset(box, gap // 2 + 1)
    return spots


def common_size(paint: Painter, words: list[Text], width: int, height: int, start_mm: float, title: bool) -> float:
    """The largest type size (mm, from `start_mm` down) at which every one of `words` fits on one line."""
    face = paint.theme.title_font if title else paint.theme.body_font
    texts = [w.render(paint.lang) for w in words]
    pixels = paint.layout.mm(start_mm)
    while pixels > 6:
        typeface = font(face, pixels)
        if typeface.get_linesize() <= height and all(typeface.size(t)[0] <= width for t in texts):
            break
        pixels = math.floor(pixels * 0.93)
    return pixels / paint.layout.px_per_mm


def corner_rects(rules: Rules, rect: pygame.Rect, gap: int) -> list[pygame.Rect]:
    """The four empty corners of the map, a postcard wide: top left, top right, bottom left, bottom right."""
    spots = postcard_rects(rules, rect, gap)
    top = min(spot.top for spot in spots.values())
    bottom = max(spot.bottom for spot in spots.values())
    first_row = [s for s in spots.values() if s.top == top]
    last_row = [s for s in spots.values() if s.bottom == bottom]
    height = first_row[0].height
    left_top = pygame.Rect(rect.left, top, min(s.left for s in first_row) - rect.left - gap, height)
    right_top = pygame.Rect(max(s.right for s in first_row) + gap, top, 0, height)
    right_top.width = rect.right - right_top.left
    left_bottom = pygame.Rect(rect.left, bottom - height, min(s.left for s in last_row) - rect.left - gap, height)
    right_bottom = pygame.Rect(max(s.right for s in last_row) + gap, bottom - height, 0, height)
    right_bottom.width = rect.right - right_bottom.left
    return [left_top, right_top, left_bottom, right_bottom]


def blinds(paint: Painter) -> None:
    """Shadows of venetian blinds falling across the room, the film-noir backdrop."""
    surface = paint.surface
    w, h = surface.get_size()
    step = max(12, paint.layout.mm(6))
    thick = max(4, step // 2)
    for x in range(-h, w, step):
        pygame.draw.line(surface, BLINDS, (x, h), (x + h // 2, 0), thick)


def seat_chip(paint: Painter, rect: pygame.Rect, view: dict[str, Any], seat: int, kind: str,
              outline: Colour = CAPTION_INK) -> None:
    """A disc (round) or a cube (square) in the seat's colour, with the seat's number on it."""
    side = min(rect.width, rect.height)
    if side < 6:
        return
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    shape(paint, box, seat_colour(view, seat), kind, outline)
    paint.text(inset(box, max(1, side // 8)), Verbatim(str(seat + 1)), 3, CAPTION_INK, title=True, min_mm=1.0)


def shape(paint: Painter, rect: pygame.Rect, colour: Colour, kind: str, outline: Colour) -> None:
    if kind == "disc":
        pygame.draw.circle(paint.surface, colour, rect.center, rect.width // 2)
        pygame.draw.circle(paint.surface, outline, rect.center, rect.width // 2, 1)
    else:
        pygame.draw.rect(paint.surface, colour, rect)
        pygame.draw.rect(paint.surface, outline, rect, 1)


def black_disc(paint: Painter, rect: pygame.Rect) -> None:
    """One of the three black discs of a solution attempt, ringed so it shows on the dark card."""
    radius = max(3, min(rect.width, rect.height) // 2 - 1)
    pygame.draw.circle(paint.surface, (0, 0, 0), rect.center, radius)
    pygame.draw.circle(paint.surface, FILM_NOIR.accent, rect.center, radius, 2)


def draw_pawn(paint: Painter, rect: pygame.Rect, colour: Colour) -> None:
    """An investigator counter: a head over shoulders."""
    head = max(2, rect.width // 4)
    pygame.draw.circle(paint.surface, colour, (rect.centerx, rect.top + head), head)
    body = [(rect.left + rect.width // 8, rect.bottom), (rect.centerx - head, rect.top + head * 2),
            (rect.centerx + head, rect.top + head * 2), (rect.right - rect.width // 8, rect.bottom)]
    pygame.draw.polygon(paint.surface, colour, body)


def draw_pawns(paint: Painter, rect: pygame.Rect, colour: Colour, count: int) -> None:
    """`count` small pawns (investigators left); their number is the count, colour is not needed."""
    size = min(rect.height, rect.width // max(1, count)) if count else 0
    for i in range(count):
        draw_pawn(paint, pygame.Rect(rect.left + i * size, rect.centery - size // 2, size, size), colour)


def kind_icon(paint: Painter, rect: pygame.Rect, kind: str, colour: Colour) -> None:
    """A small sign for a tile's or a card's kind: a head (suspect), a dagger (crime), a house (place)."""
    side = min(rect.width, rect.height)
    if side < 6:
        return
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    surface = paint.surface
    if kind == "SUSPECT":
        draw_pawn(paint, box, colour)
    elif kind == "CRIME":
        tip, hilt = (box.right - side // 6, box.top + side // 6), (box.left + side // 3, box.bottom - side // 3)
        pygame.draw.line(surface, colour, tip, hilt, max(2, side // 6))
        guard = side // 4
        angle = math.atan2(hilt[1] - tip[1], hilt[0] - tip[0]) + math.pi / 2
        dx, dy = round(math.cos(angle) * guard), round(math.sin(angle) * guard)
        pygame.draw.line(surface, colour, (hilt[0] - dx, hilt[1] - dy), (hilt[0] + dx, hilt[1] + dy), max(2, side // 8))
        pygame.draw.line(surface, colour, hilt, (box.left + side // 8, box.bottom - side // 8), max(2, side // 6))
    else:
        roof = [(box.left, box.centery), (box.centerx, box.top), (box.right, box.centery)]
        pygame.draw.polygon(surface, colour, roof)
        pygame.draw.rect(surface, colour, (box.left + side // 6, box.centery, side * 2 // 3, side // 2))


def make_board(context: BoardContext) -> Board:
    """The P.I. board; its body text uses DejaVu Sans Condensed so the map's names fit on postcards."""
    theme = replace(FILM_NOIR, body_font="DejaVuSansCondensed-Bold.ttf")
    return PIBoard(context, theme, load_rules())
