"""The timed moments of Mystery Express on the public screen: the three Time reveals, the cards
shown to everyone (a lounge reveal, the sudden revelation), and the end.

Each reveal is plain data with a start time; `now` says what it shows. One look (a card on a pile,
a packet in front of each seat, one category of the solution) lasts the table's `reveal_seconds`,
except a single Time card on a pile, which the rules show "briefly": a third of that (23 s for the
23 cards at the normal speed). Clock faces are drawn as analog clocks, never as digits (rules 1.3).

`next_change` says when the picture next changes, so the board draws a frame then and no more: every
frame while a card turns over or a packet's bar fills, once per look while a card lies flat or a
category turns, once more when the reveal is over, then nothing. Cards shown to everyone stand
big in the middle of the board for two looks, then settle into the ledger and the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pygame

from kiosk.games.mystery_express.narrate import CATEGORY_NAMES, TEMPLATES
from kiosk.games.mystery_express.rules import CATEGORIES, category_of
from kiosk.games.phrases import winners
from kiosk.i18n import N_, Text
from kiosk.ui.boards.me_marks import BACKS, BRASS, card_back, common_size, fits, hyphenated, ink_on, say
from kiosk.ui.clocks import FLIP_SHARE, draw_clock, flip
from kiosk.ui.layout import Layout, columns, grid, inset, rows
from kiosk.ui.paint import Painter, Verbatim, Words
from kiosk.ui.scene import ON_TIME
from kiosk.ui.type_scale import BODY, FINE, LABEL, TITLE, TypeSize


CARD_SHARE = 1 / 3  # a Time card on a pile shows for this share of one look
FRAME = 1 / 30  # seconds between frames while something moves


@dataclass
class TimeReveal:
    """One Time reveal: the single pile (Strasbourg), three piles (Budapest) or the packets passed
    around (Wien, whose faces only the seat screens show: here, the rounds as progress)."""

    city: str
    method: str  # "single_pile", "three_piles" or "packets"
    start: float
    per: float
    sequence: tuple[str, ...] = ()
    rounds: int = 0
    piles: int = 1
    # Where the last still picture left its moving part out (`Painter.still`): the packets' bar, or
    # the card turning over as (centre, radius, hours, minutes); and where the packets' line lies
    _bar: pygame.Rect | None = field(default=None, init=False, repr=False, compare=False)
    _turning: tuple[tuple[int, int], int, int, int] | None = field(default=None, init=False, repr=False, compare=False)
    _line: pygame.Rect | None = field(default=None, init=False, repr=False, compare=False)  # the packets' line

    @classmethod
    def from_event(cls, data: dict[str, Any], start: float, per: float) -> TimeReveal:
        method = data["method"]
        return cls(
            city=data["city"], method=method, start=start, per=per if method == "packets" else per * CARD_SHARE,
            sequence=tuple(data.get("sequence", ())), rounds=int(data.get("rounds", 0)),
            piles=int(data.get("piles", 1)),
        )

    @property
    def looks(self) -> int:
        return self.rounds if self.method == "packets" else len(self.sequence)

    @property
    def end(self) -> float:
        return self.start + self.looks * self.per

    def running(self, now: float) -> bool:
        return now + ON_TIME < self.end

    def moment(self, now: float) -> tuple[int, float]:
        """The look under way (0-based, clamped to the last) and how far through it (0..1)."""
        if self.per <= 0 or self.looks == 0:
            return max(0, self.looks - 1), 1.0
        elapsed = max(0.0, now + ON_TIME - self.start)
        index = min(self.looks - 1, int(elapsed // self.per))
        return index, min(1.0, (elapsed - index * self.per) / self.per)

    def next_change(self, now: float) -> float | None:
        """Seconds from `now` until the picture changes (None: it is over and has been drawn at rest
        if `now` is the time of a frame)."""
        if not self.running(now):
            return None
        if now < self.start:
            return self.start - now
        if self.method == "packets":  # the bar fills all the time
            return min(FRAME, self.end - now)
        index, _ = self.moment(now)
        look = self.start + index * self.per
        turned = look + FLIP_SHARE * self.per
        if now + ON_TIME < turned:  # the card turns over
            return min(FRAME, turned - now)
        return look + self.per - now  # it lies flat until the next card (or the end)

    def still(self, now: float) -> int | None:
        """While it is shown, only the look under way changes the still picture (its counter, the
        cards lying flat): the card turning over, or the packets' bar, is its moving part."""
        if not self.running(now) or now < self.start:
            return None
        return self.moment(now)[0]

    def draw_moving(self, paint: Painter, now: float) -> list[pygame.Rect]:
        """The moving part left out of the still picture last drawn: the bar, or the top card turning."""
        index, progress = self.moment(now)
        if self.method == "packets":
            assert self._bar is not None
            self._draw_bar(paint, self._bar, index, progress)
            return [self._bar]
        assert self._turning is not None
        centre, radius, hours, minutes = self._turning
        draw_clock(paint.surface, centre, radius, hours, minutes, flip(progress))
        return [card_area(centre, radius)]

    def draw(self, paint: Painter, rect: pygame.Rect, narrator: Any, now: float, shown: list[str]) -> None:
        """Draw the reveal in `rect`; every Time face drawn is appended to `shown`. With `paint.still`,
        the moving part is left for `draw_moving`."""
        theme, layout = paint.theme, paint.layout
        paint.box(rect, theme.panel, theme.accent, radius=layout.mm(2))
        title, counter, body = self._places(paint, rect)
        index, progress = self.moment(now)
        if counter is not None:
            self._draw_counter(paint, counter, index)
        say(paint, title, Text(TEMPLATES["time_reveal"], {"city": Text(self.city)}), theme.accent, (TITLE, BODY, LABEL))
        if self.method == "packets":
            words, cells, bar = self._rounds_places(paint, body)
            self._draw_packets_line(paint, words, index)
            for i, cell in enumerate(cells):
                self._draw_packet(paint, cell, empty=i > index)
            self._bar = bar
            if not paint.still:
                self._draw_bar(paint, bar, index, progress)
            return
        for pile, (box, radius) in enumerate(self._piles(paint, body)):
            self._draw_pile(paint, box, radius, self._top(pile, index), index, progress, narrator)
        shown.extend(self._faces(index))

    def redraw_still(self, paint: Painter, rect: pygame.Rect, narrator: Any, before: int, now: float,
                     shown: list[str]) -> list[pygame.Rect]:
        """Over the still picture drawn for look `before` (`paint.still` set), redraw only what the look
        under way at `now` changed in it, each part on the panel's plain fill: the counter and the piles
        whose card changed (or the packets' line and the packets passed since). A card laid on a single
        pile changes only the counter: the pile's top card is the moving part. The rectangles redrawn;
        every Time face shown is appended to `shown`."""
        theme = paint.theme
        index, progress = self.moment(now)
        _, counter, body = self._places(paint, rect)
        changed: list[pygame.Rect] = []
        if self.method == "packets":
            words, cells, _ = self._rounds_places(paint, body)
            line = self._line or words  # the glyphs of the line before: around them, the panel's fill
            paint.box(line, theme.panel)
            changed.append(line.union(self._draw_packets_line(paint, words, index)))
            for i in range(min(before, index) + 1, min(max(before, index) + 1, len(cells))):  # the packets passed
                paint.box(cells[i], theme.panel)
                self._draw_packet(paint, cells[i], empty=i > index)
                changed.append(cells[i])
            return changed
        assert counter is not None
        if before != index:
            paint.box(counter, theme.panel)
            self._draw_counter(paint, counter, index)
            changed.append(counter)
        for pile, (box, radius) in enumerate(self._piles(paint, body)):
            then, top = self._top(pile, before), self._top(pile, index)
            if self._look(then, before) == self._look(top, index):
                continue
            area = card_area(box.center, radius)
            paint.box(area, theme.panel)
            self._draw_pile(paint, box, radius, top, index, progress, narrator)
            changed.append(area)
        shown.extend(self._faces(index))
        return changed

    def _places(self, paint: Painter, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect | None, pygame.Rect]:
        """The reveal's title, its counter (none for the packets) and its body, inside its panel."""
        layout = paint.layout
        title, body = rows(inset(rect, layout.mm(2)), [1, 5], gap=layout.mm(1))
        if self.method == "packets":
            return title, None, body
        title, counter = columns(title, [5, 1], gap=layout.mm(1))
        return title, counter, body

    def _draw_counter(self, paint: Painter, counter: pygame.Rect, index: int) -> None:
        paint.text(counter, Verbatim(f"{index + 1}/{len(self.sequence)}"), TITLE, paint.theme.ink, title=True)

    def _piles(self, paint: Painter, body: pygame.Rect) -> list[tuple[pygame.Rect, int]]:
        """Each pile's box and the radius of a card's face on it."""
        boxes = columns(body, [1] * max(1, self.piles), gap=paint.layout.mm(3))
        return [(box, max(8, min(box.width, box.height) // 2 - paint.layout.mm(1))) for box in boxes]

    def _top(self, pile: int, index: int) -> int | None:
        """The card on top of `pile` during look `index` (None: the pile has had no card yet)."""
        piles = max(1, self.piles)
        return index - (index - pile) % piles if index >= pile else None

    @staticmethod
    def _look(top: int | None, index: int) -> object:
        """What a pile shows in the still picture of look `index`: a back, nothing (its top card is the
        one turning over, drawn by `draw_moving`) or its top card lying flat."""
        return "back" if top is None else "turning" if top == index else top

    def _faces(self, index: int) -> list[str]:
        """The Time faces on top of the piles during look `index`."""
        tops = (self._top(pile, index) for pile in range(max(1, self.piles)))
        return [self.sequence[top] for top in tops if top is not None]

    def _draw_pile(self, paint: Painter, box: pygame.Rect, radius: int, top: int | None, index: int, progress: float,
                   narrator: Any) -> None:
        if top is None:
            back = pygame.Rect(0, 0, radius * 3 // 2, radius * 2)
            back.center = box.center
            card_back(paint, back, "TIME")
            return
        hours, minutes = clock_of(narrator, self.sequence[top])
        if top == index:  # turning over (or lying flat after its turn)
            self._turning = (box.center, radius, hours, minutes)
            if paint.still:
                return
        draw_clock(paint.surface, box.center, radius, hours, minutes, flip(progress) if top == index else 1.0)

    def _rounds_places(self, paint: Painter, body: pygame.Rect) -> tuple[pygame.Rect, list[pygame.Rect], pygame.Rect]:
        """The packets' line, a cell per packet and the bar."""
        layout = paint.layout
        words, packets, bar = rows(body, [1.4, 3, 0.6], gap=layout.mm(2))
        return words, grid(packets, self.rounds, self.rounds, gap=layout.mm(3)), bar

    def _draw_packets_line(self, paint: Painter, words: pygame.Rect, index: int) -> pygame.Rect:
        """The line over the packets; the rectangle its glyphs cover (kept: the next packet's line is
        redrawn only there)."""
        line = Text(N_("Packet {round} of {of}: look at your seat screen"), {"round": index + 1, "of": self.rounds})
        self._line = paint.text(words, line, BODY, paint.theme.ink, title=True)
        return self._line

    @staticmethod
    def _draw_packet(paint: Painter, cell: pygame.Rect, empty: bool) -> None:
        side = min(cell.width, cell.height)
        back = pygame.Rect(0, 0, side * 3 // 4, side)
        back.center = cell.center
        card_back(paint, back, "TIME", empty=empty)

    def _draw_bar(self, paint: Painter, bar: pygame.Rect, index: int, progress: float) -> None:
        theme = paint.theme
        done = (index + progress) / max(1, self.rounds)
        paint.box(bar, theme.background, theme.accent, radius=bar.height // 2)
        filled = pygame.Rect(bar.left, bar.top, max(bar.height, round(bar.width * done)), bar.height)
        paint.box(filled, theme.accent, None, radius=bar.height // 2)


def card_area(centre: tuple[int, int], radius: int) -> pygame.Rect:
    """All a Time card on a pile covers, turning or lying flat (or its back): the face at its widest,
    and the thick hands' ends."""
    area = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    area.center = centre
    return area.inflate(4, 4)


SHOWN_LOOKS = 2  # cards shown to everyone stand big for this many looks


@dataclass
class CardsShown:
    """Cards turned face up for everyone: a lounge reveal (each other player holding the asked
    category shows one) or the sudden revelation (everyone with cards shows one). Drawn big, each
    card with its owner's name, for `SHOWN_LOOKS` looks; then the ledger and the log keep them."""

    KINDS: ClassVar[tuple[str, ...]] = ("lounge", "sudden_revelation")
    kind: str
    shown: tuple[tuple[int, str], ...]  # (seat, face) in seat order
    start: float
    per: float
    asker: int | None = None  # a lounge reveal: who asked, and for which category
    category: str | None = None

    @classmethod
    def from_event(cls, kind: str, data: dict[str, Any], start: float, per: float) -> CardsShown:
        shown = tuple((int(r["seat"]), str(r["face"])) for r in data["reveals"])
        return cls(kind, shown, start, per, data.get("seat"), data.get("category"))

    @property
    def end(self) -> float:
        return self.start + SHOWN_LOOKS * self.per

    def running(self, now: float) -> bool:
        return now + ON_TIME < self.end

    def next_change(self, now: float) -> float | None:
        """It appears at its start, stays still, and is gone at its end: two frames, no more."""
        if not self.running(now):
            return None
        return self.start - now if now < self.start else self.end - now

    def title(self, narrator: Any) -> Text:
        if self.kind == "lounge" and self.asker is not None and self.category is not None:
            return Text(N_("{seat} asked the lounge for a {category} card"),
                        {"seat": narrator.seat(self.asker), "category": Text(CATEGORY_NAMES[self.category])})
        return Text(N_("Sudden revelation"))

    def draw(self, paint: Painter, rect: pygame.Rect, narrator: Any, now: float, shown: list[str]) -> None:
        """The title, then a big card per face: its category's back around it, the owner's name on
        top, the face's name (and a Time face's clock) in the middle."""
        theme, layout = paint.theme, paint.layout
        paint.box(rect, theme.panel, theme.accent, radius=layout.mm(2))
        title, body = rows(inset(rect, layout.mm(2)), [1, 5], gap=layout.mm(1.5))
        heading = self.title(narrator)
        say(paint, title, heading, theme.accent, (TITLE, BODY, LABEL))
        count = len(self.shown)
        per_row = count if not layout.portrait else min(count, 3)
        lines = -(-count // per_row)
        tallest = body.height // lines
        cards = []
        for cell in grid(body, count, per_row, gap=layout.mm(2)):
            card = pygame.Rect(0, 0, min(cell.width, tallest), min(cell.height, tallest))
            card.center = cell.center
            cards.append(card)
        parts = [self._parts(paint, card, face) for card, (_, face) in zip(cards, self.shown)]
        owners = common_size(paint, [(owner, narrator.seat(seat)) for (owner, _, _), (seat, _) in zip(parts, self.shown)])
        faces = common_size(paint, [(words, narrator.face(face)) for (_, words, _), (_, face) in zip(parts, self.shown)],
                            (TITLE, BODY, LABEL, FINE))
        for card, (owner, words, clock), (seat, face) in zip(cards, parts, self.shown):
            category = category_of(face)
            paint.box(card, BACKS[category], BRASS, radius=layout.mm(2), width=max(2, layout.mm(0.6)))
            say(paint, owner, narrator.seat(seat), ink_on(category), (owners,))
            middle = words.union(clock) if clock is not None else words
            paint.box(inset(middle, -layout.mm(1)), (250, 246, 236) if category == "TIME" else theme.background, None,
                      radius=layout.mm(1.5))
            if clock is not None:
                radius = max(4, min(clock.width, clock.height) // 2 - 1)
                draw_clock(paint.surface, clock.center, radius, *clock_of(narrator, face))
            say(paint, words, narrator.face(face), ink_on("TIME") if category == "TIME" else theme.ink, (faces,))
            shown.append(face)

    @staticmethod
    def _parts(paint: Painter, card: pygame.Rect, face: str) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect | None]:
        """A shown card's owner line, the face's name and (a Time face) its clock."""
        layout = paint.layout
        owner, middle = rows(inset(card, layout.mm(1.5)), [1, 2.4], gap=layout.mm(1))
        words = inset(middle, layout.mm(1))
        if category_of(face) != "TIME":
            return owner, words, None
        clock, words = rows(words, [1.6, 1], gap=layout.mm(0.5))
        return owner, words, clock


Reveal = TimeReveal | CardsShown  # what the board's stage shows, one at a time, in order


def clock_of(narrator: Any, face: str) -> tuple[int, int]:
    """A Time face as hours and minutes, from its name in rules.toml ("7:05")."""
    hours, _, minutes = narrator.rules.element_names[face].partition(":")
    return int(hours), int(minutes)


DECIDED_BY = {
    "score": N_("The most correct answers wins."),
    "telegram": N_("Tie broken by the telegrams."),
    "telegram_wrong": N_("Tie broken by the fewest wrong telegram entries."),
    "shared": N_("Still tied: a shared victory."),
}


@dataclass
class EndReveal:
    """Istanbul: the solution turned over one category at a time beside each seat's answer, then
    the scores and how any tie was broken (rules 8). Built from the public game_over data."""

    result: dict[str, Any]
    seats: int
    start: float
    per: float
    steps: int = field(init=False)
    _sizes: dict[tuple[str, str], TypeSize] = field(init=False, default_factory=dict)  # by layout and language

    def __post_init__(self) -> None:
        self.steps = len(CATEGORIES) + 1  # one per category, then the scores

    @property
    def end(self) -> float:
        return self.start + self.steps * self.per

    def running(self, now: float) -> bool:
        return now + ON_TIME < self.end

    def stage(self, now: float) -> tuple[int, float]:
        """How many categories are turned (0..5, 6 = scores shown) and progress in the current one."""
        if self.per <= 0:
            return self.steps, 1.0
        elapsed = max(0.0, now + ON_TIME - self.start)
        step = int(elapsed // self.per)
        if step >= self.steps:
            return self.steps, 1.0
        return step, (elapsed - step * self.per) / self.per

    def next_change(self, now: float) -> float | None:
        """Seconds from `now` until the picture changes: a category's answers appear, then its card
        turns half a look later; the scores stay for a look. None once it is over."""
        if not self.running(now):
            return None
        if now < self.start:
            return self.start - now
        step, progress = self.stage(now)
        half = self.start + (step + (0.5 if progress >= 0.5 else 0.0)) * self.per
        if step < len(CATEGORIES):
            return half + self.per / 2 - now
        return self.end - now

    def still(self, now: float) -> tuple[int, bool] | None:
        """While the categories turn, the table changes a row at a time (its answers, then its card):
        the category and the half of its look under way. None once the scores stand (the table grows)."""
        if not self.running(now) or now < self.start:
            return None
        step, progress = self.stage(now)
        return (step, progress >= 0.5) if step < len(CATEGORIES) else None

    def draw(self, paint: Painter, rect: pygame.Rect, narrator: Any, now: float, shown: list[str]) -> None:
        theme, layout = paint.theme, paint.layout
        step, progress = self.stage(now)
        paint.box(rect, theme.panel, theme.accent, radius=layout.mm(2))
        scored = step >= len(CATEGORIES)
        lines, widths, table = self._table(paint, rect, scored)
        header = columns(lines[0], widths, gap=column_gap(layout))
        say(paint, header[1], Text(N_("Solution")), theme.accent, (LABEL, FINE))
        winners = set(self.result.get("winners", [])) if scored else set()
        seat_names = [hyphenated(paint, box, narrator.seat(seat), FINE) for seat, box in enumerate(header[2:])]
        names = common_size(paint, list(zip(header[2:], seat_names)))
        for seat, (box, seat_name) in enumerate(zip(header[2:], seat_names)):
            if seat in winners:
                paint.box(box, theme.accent, None, radius=layout.mm(1))
            say(paint, box, seat_name, theme.background if seat in winners else theme.ink, (names,))
        heads = [_category_boxes(paint, cells[0]) for cells in table]
        category_size = common_size(paint, [(name, Text(CATEGORY_NAMES[c])) for (_, name), c in zip(heads, CATEGORIES)])
        size = self._cell_size(paint, rect, narrator)
        for row, category in enumerate(CATEGORIES):
            cells = table[row]
            mark, name = heads[row]
            category_name = Text(CATEGORY_NAMES[category])
            if mark.width >= layout.mm(3.5) and fits(paint, name, category_name, FINE):  # the back beside the name
                card_back(paint, mark, category)
                say(paint, name, category_name, theme.ink, (category_size,), align="left")
            else:  # no room for both: the name says it alone
                say(paint, cells[0], category_name, theme.ink, align="left")
            if row <= step:
                self._draw_row(paint, row, cells, row < step or progress >= 0.5, narrator, size)
        shown.extend(self._faces(step, progress))
        if scored:
            self._draw_scores(paint, lines[-3:], widths, narrator)

    def redraw_still(self, paint: Painter, rect: pygame.Rect, narrator: Any, before: tuple[int, bool], now: float,
                     shown: list[str]) -> list[pygame.Rect] | None:
        """Over the table drawn at the moment `before` (`still`'s key), redraw the rows that changed
        since: their answers and their card (the category's name stays), each on the panel as a whole
        frame draws it. The rectangles redrawn; None once the scores stand (the table is drawn anew)."""
        step, progress = self.stage(now)
        if step >= len(CATEGORIES):
            return None
        _, _, table = self._table(paint, rect, False)
        surface = paint.surface
        clip = surface.get_clip()
        changed = []
        try:
            for row in range(before[0] + before[1], step + 1):  # a row whose card had turned is done
                cells = table[row]
                redrawn = cells[1].union(cells[-1]).clip(clip)
                surface.set_clip(redrawn)  # the last row may reach into the panel's rounded corner
                paint.fill()
                paint.box(rect, paint.theme.panel, paint.theme.accent, radius=paint.layout.mm(2))
                self._draw_row(paint, row, cells, row < step or progress >= 0.5, narrator,
                               self._cell_size(paint, rect, narrator))
                changed.append(redrawn)
        finally:
            surface.set_clip(clip)
        shown.extend(self._faces(step, progress))
        return changed

    def _table(self, paint: Painter, rect: pygame.Rect,
               scored: bool) -> tuple[list[pygame.Rect], list[float], list[list[pygame.Rect]]]:
        """The table's lines (the names, a category each, and with the scores three more), its columns'
        widths and each category's cells."""
        layout = paint.layout
        inner = inset(rect, layout.mm(0.8))
        weights = [1.0] + [1.05] * len(CATEGORIES) + ([0.6, 0.6, 0.6] if scored else [])  # names, answers: two lines
        tallest = layout.mm(22) * sum(weights)  # in portrait the table keeps a card's proportions
        if inner.height > tallest:
            inner = pygame.Rect(inner.left, inner.top + (inner.height - tallest) // 2, inner.width, tallest)
        lines = rows(inner, weights, gap=max(1, layout.mm(0.25)))
        widths = ([1.2, 1.2] if layout.portrait else [1.5, 1.6]) + [1.2] * self.seats  # portrait: room for the seats
        gap = column_gap(layout)
        return lines, widths, [columns(lines[row + 1], widths, gap=gap) for row in range(len(CATEGORIES))]

    def _draw_row(self, paint: Painter, row: int, cells: list[pygame.Rect], turned: bool, narrator: Any,
                  size: TypeSize) -> None:
        """A category's solution card (its back until `turned`) and each seat's answer, marked once
        turned, at the table's one `size` (`_cell_size`)."""
        theme, layout = paint.theme, paint.layout
        category = CATEGORIES[row]
        truth = self.result["solution"][category]
        answers = self.result["answers"]
        if turned:
            paint.box(cells[1], theme.accent, None, radius=layout.mm(1))
            words = inset(cells[1], 1)
            if category == "TIME":  # the crime's hour as the clock face players watched for
                face, words = columns(words, [1, 1.6])
                radius = max(4, min(face.width, face.height) // 2 - 1)
                draw_clock(paint.surface, face.center, radius, *clock_of(narrator, truth))
            say(paint, words, hyphenated(paint, words, narrator.face(truth), FINE), theme.background, (size,))
        else:
            back = pygame.Rect(0, 0, cells[1].height * 3 // 4, cells[1].height)
            back.center = cells[1].center
            card_back(paint, back, category)
        for seat, cell in enumerate(cells[2:]):
            answer = answers.get(str(seat), {}).get(category)
            if answer is None:
                continue
            right = turned and answer == truth
            if right:
                paint.box(cell, (52, 110, 70), theme.accent, radius=layout.mm(1), width=1)
            mark_box, text_box = _answer_boxes(cell)
            if turned:
                paint.text(mark_box, Verbatim("✓" if right else "✗"), FINE, theme.ink if right else theme.alert,
                           title=True)
            say(paint, text_box, hyphenated(paint, text_box, narrator.face(answer), FINE), theme.ink, (size,))

    def _cell_size(self, paint: Painter, rect: pygame.Rect, narrator: Any) -> TypeSize:
        """One size for every card and answer of the table, the one its tightest cell fits at ("Candy"
        beside "Stabbed" at one size), whatever row is turned yet: the size never changes mid-reveal.
        Measured in the table as it ends, with the scores under it (its rows at their lowest): measured
        while the rows still stood taller, "Pocket pistol" was cut to "Pocket…" once the scores came."""
        key = (paint.layout.name, paint.lang)
        if key not in self._sizes:
            _, _, table = self._table(paint, rect, True)
            cells: list[tuple[pygame.Rect, Words]] = []
            for row, category in enumerate(CATEGORIES):
                truth = inset(table[row][1], 1)
                if category == "TIME":
                    truth = columns(truth, [1, 1.6])[1]
                cells.append((truth, hyphenated(paint, truth, narrator.face(self.result["solution"][category]), FINE)))
                cells += [(box, hyphenated(paint, box, narrator.face(answer), FINE))
                          for seat, cell in enumerate(table[row][2:])
                          if (answer := self.result["answers"].get(str(seat), {}).get(category)) is not None
                          for box in [_answer_boxes(cell)[1]]]
            self._sizes[key] = common_size(paint, cells)
        return self._sizes[key]

    def _faces(self, step: int, progress: float) -> list[str]:
        """The faces the table shows at `stage` (step, progress): each category's card once turned, and
        the answers given, row by row."""
        faces: list[str] = []
        for row, category in enumerate(CATEGORIES[:step + 1]):
            if row < step or progress >= 0.5:
                faces.append(self.result["solution"][category])
            faces.extend(given[category] for seat in range(self.seats)
                         if (given := self.result["answers"].get(str(seat), {})).get(category) is not None)
        return faces

    def _draw_scores(self, paint: Painter, lines: list[pygame.Rect], widths: list[float], narrator: Any) -> None:
        theme, layout = paint.theme, paint.layout
        scores, telegrams = self.result["scores"], self.result["telegram_scores"]
        wrong = self.result["telegram_wrong"]
        for line, label, values in (
            (lines[0], Text(N_("Correct answers")), [Verbatim(str(round(scores[str(s)]))) for s in range(self.seats)]),
            (lines[1], Text(N_("Telegram: +right −wrong")),  # its net score is the right ones less the wrong
             [Verbatim(telegram_tally(telegrams[str(s)], wrong[str(s)])) for s in range(self.seats)]),
        ):
            cells = columns(line, widths, gap=column_gap(layout))
            head = pygame.Rect(cells[0].left, cells[0].top, cells[1].right - cells[0].left, cells[0].height)
            say(paint, head, label, theme.accent, align="left")
            for cell, value in zip(cells[2:], values):
                say(paint, cell, value, theme.ink, (BODY, LABEL, FINE))
        verdict = Text(N_("{verdict} {winners}."), {
            "verdict": Text(DECIDED_BY[self.result["decided_by"]]),
            "winners": winners(narrator.seats(list(self.result["winners"]))),
        })
        say(paint, lines[2], verdict, theme.accent, (BODY, LABEL, FINE))


def telegram_tally(net: int, wrong: int) -> str:
    """A telegram's entries as the end table shows them, "+2 −3": right and wrong (its score, the net
    −1, is what breaks a tie, rules 8); "0" for a blank telegram."""
    right = net + wrong
    return f"+{right} −{wrong}" if right or wrong else "0"


def column_gap(layout: Layout) -> int:
    """The gap between the end table's columns: a hair in portrait, where a name needs every pixel."""
    return layout.mm(0.5 if layout.portrait else 1)


def _answer_boxes(cell: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """A seat's answer cell: the right/wrong mark beside the answer, or over it in a tall cell. Beside
    it, the mark takes an eighth, as wide as its glyph needs (a sixth left the results screen's
    «Vagón restaurante» a pixel short of its room at 800x480 with five seats)."""
    if cell.height > cell.width * 3 // 4:
        mark, text = rows(inset(cell, 1), [1, 2.5])
    else:
        mark, text = columns(inset(cell, 1), [1, 7])
    return mark, text


def _category_boxes(paint: Painter, cell: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """A category's back and its name: side by side, or in a tall cell (portrait) the back over the name."""
    gap = paint.layout.mm(1)
    if cell.height > cell.width:
        top, name = rows(cell, [1.2, 1], gap=gap)
        mark = pygame.Rect(0, 0, min(top.height * 2 // 3, top.width), top.height)
        mark.center = top.center
        return mark, name
    width = min(cell.height * 3 // 4, cell.width // 3)
    mark = pygame.Rect(cell.left, cell.top, width, min(cell.height, width * 3 // 2))
    mark.centery = cell.centery
    return mark, pygame.Rect(mark.right + gap, cell.top, cell.right - mark.right - gap, cell.height)
