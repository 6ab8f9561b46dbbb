"""The end of a game: who won, every seat's score, and what decided a tie.

Each game puts its own tie-break detail in `Outcome.detail` (read from the games' scoring code):
Mystery Express the solution, the telegram scores and `decided_by`; P.I. the three cases' points,
penalties, investigators left and `decided_by`; Watson & Holmes correct answers, places and
`everyone_loses`; Mystery City the order players went out and the number of combats. A stored outcome
may have come through JSON, so seat keys are read as numbers or as strings alike. Mystery Express
shows its end table as the board turned it over (each seat's answers beside the solution, right
answers, telegram scores and wrong entries, the verdict) in place of the plain score table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.games import registry
from kiosk.games.base import Outcome
from kiosk.games.mystery_express.arrival import result_data
from kiosk.games.mystery_express.narrate import CATEGORY_NAMES
from kiosk.i18n import N_, Text, TextList, counted
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.paint import Painter, Verbatim, Words
from kiosk.ui.boards.me_reveals import EndReveal
from kiosk.ui.scenes.chrome import backdrop, button_height, margin, title_band
from kiosk.ui.theme import Theme, theme_for
from kiosk.ui.type_scale import BODY, FINE, LABEL

AGAIN = "again"
MENU = "menu"

DECIDED_BY = {
    ("mystery-express", "telegram"): N_("Tied on correct answers: the telegrams decided (+1 right, -1 wrong)."),
    ("mystery-express", "telegram_wrong"): N_("Tied on answers and telegrams: the fewest wrong telegram entries won."),
    ("pi", "investigators"): N_("Tied on points: the most investigators left won."),
    ("pi", "penalties"): N_("Tied on points and investigators: the fewest penalties won."),
}
SHARED = N_("A perfect tie: the victory is shared.")


def seat_value(data: Any, seat: int, default: Any = None) -> Any:
    """A seat's entry in a dict keyed by seat (int or, after JSON, str) or in a list by seat."""
    if isinstance(data, dict):
        return data.get(seat, data.get(str(seat), default))
    if isinstance(data, list) and 0 <= seat < len(data):
        return data[seat]
    return default


def number(value: Any) -> Verbatim:
    if value is None:
        return Verbatim("-")
    return Verbatim(str(int(value)) if float(value).is_integer() else f"{value:.1f}")


def signed(value: Any) -> Verbatim:
    return Verbatim("-" if value is None else f"{int(value):+d}")


def lost(count: Any, each: Any) -> Verbatim:
    """P.I.'s penalties as the points they cost ("-2", as the board showed them during the game; a
    newcomer read "Penalties 1" beside totals 2 lower), or their count where an older stored outcome
    does not say what one costs."""
    if count is None or each is None:
        return number(count)
    return Verbatim(f"-{int(count) * int(each)}" if count else "0")


@dataclass(frozen=True)
class Table:
    """What the score table shows: its column headings and one row of cells per seat."""

    headings: tuple[str, ...]  # msgids, after the seat column
    cells: Callable[[Outcome, int], tuple[Words, ...]]
    weights: tuple[float, ...]
    on_seat: tuple[int, ...] | None = None  # the columns a seat's own screen lists (None: all), most telling first


def _places(outcome: Outcome, seats: int) -> dict[int, int]:
    """Mystery City: the winner is 1st, the last player out 2nd, ... the first out last. A game that
    went round in circles (the same hands a third time) leaves players in: they come after the winner
    by the cards they hold, before those already out."""
    out = [int(s) for s in outcome.detail.get("out_order", [])]
    places = {seat: 1 for seat in outcome.winners}
    for index, seat in enumerate(out):
        places[seat] = seats - index
    still_in = [seat for seat in outcome.scores if seat not in places]
    for seat in still_in:
        places[seat] = 2 + sum(1 for other in still_in if outcome.scores[other] > outcome.scores[seat])
    return places


TABLES: dict[str, Table] = {
    "mystery-express": Table(
        (N_("Right answers"), N_("Telegram")),
        lambda o, s: (number(o.scores.get(s)), signed(seat_value(o.detail.get("telegram_scores"), s))),
        (1.2, 1),
    ),
    "pi": Table(
        (N_("Case 1"), N_("Case 2"), N_("Case 3"), N_("Penalties"), N_("Points")),
        lambda o, s: (
            *(number(seat_value(case, s)) for case in (o.detail.get("minigames") or [[], [], []])[:3]),
            lost(seat_value(o.detail.get("penalties"), s), o.detail.get("penalty_points")),
            number(o.scores.get(s)),
        ),
        (0.9, 0.9, 0.9, 1.6, 1.0),  # "Penalizaciones" is the widest heading
        on_seat=(4, 3),
    ),
    "watson-holmes": Table(
        (N_("Right answers"), N_("Place")),
        lambda o, s: (number(seat_value(o.detail.get("correct"), s, o.scores.get(s))),
                      number(seat_value(o.detail.get("places"), s))),
        (1.2, 1),
        on_seat=(0,),
    ),
    "mystery-city": Table(
        (N_("Cards"), N_("Place")),
        lambda o, s: (number(o.scores.get(s)), number(_places(o, len(o.scores)).get(s))),
        (1, 1),
        on_seat=(0,),
    ),
}
POINTS_ONLY = Table((N_("Points"),), lambda o, s: (number(o.scores.get(s)),), (1,))


@dataclass
class Results:
    game_id: str
    outcome: Outcome
    narrator: Any
    on_again: Callable[[], None]
    on_menu: Callable[[], None]
    theme: Theme = field(init=False)

    def __post_init__(self) -> None:
        self.theme = theme_for(self.game_id)

    def places(self) -> dict[int, int]:
        """The finishing places a game records (Watson & Holmes) or implies (Mystery City)."""
        if self.game_id == "mystery-city":
            return _places(self.outcome, len(self.outcome.scores))
        recorded = self.outcome.detail.get("places")
        return {int(seat): int(place) for seat, place in recorded.items()} if isinstance(recorded, dict) else {}

    def ranking(self) -> list[int]:
        """Winners first, then by place where the game has places, then by score, then by seat."""
        winners, places = set(self.outcome.winners), self.places()
        return sorted(self.outcome.scores, key=lambda s: (
            s not in winners, places.get(s, len(self.outcome.scores) + 1), -self.outcome.scores[s], s))

    def table(self) -> Table:
        return TABLES.get(self.game_id, POINTS_ONLY)

    def place(self, seat: int) -> int:
        """A seat's finishing place: recorded or implied by the game, else 1 + the seats that scored more."""
        if seat in self.outcome.winners:
            return 1
        recorded = self.places().get(seat)
        if recorded is not None:
            return recorded
        score = self.outcome.scores.get(seat, 0.0)
        better = {s for s, points in self.outcome.scores.items() if points > score} | set(self.outcome.winners)
        return 1 + len(better)

    def headline(self) -> Text:
        winners = list(self.outcome.winners)
        if not winners:
            return Text(N_("Nobody wins"))
        if len(winners) == 1:
            return Text(N_("{seat} wins!"), {"seat": self.narrator.seat(winners[0])})
        return Text(N_("Shared victory: {seats}"), {"seats": TextList(tuple(self.narrator.seat(s) for s in winners))})

    def solution(self) -> list[tuple[Text, Text]]:
        """Mystery Express: each category and its element in the solution (empty for other games)."""
        found = self.outcome.detail.get("solution")
        face = getattr(self.narrator, "face", None)
        if self.game_id != "mystery-express" or not isinstance(found, dict) or face is None:
            return []
        return [(Text(name), face(found[category])) for category, name in CATEGORY_NAMES.items() if category in found]

    def breakdown(self) -> EndReveal | None:
        """Mystery Express: the end as the board turned it over, at rest (each seat's answers beside
        the solution, right answers, telegram scores and wrong entries, the verdict)."""
        if self.game_id != "mystery-express" or "answers" not in self.outcome.detail:
            return None
        return EndReveal(result_data(self.outcome), len(self.outcome.scores), start=0.0, per=0.0)

    def notes(self, with_solution: bool = True) -> list[Text]:
        """The lines under the table: the tie-break that decided, and what each game adds."""
        detail, lines = self.outcome.detail, []
        decided = str(detail.get("decided_by", ""))
        if decided == "shared" and len(self.outcome.winners) > 1:
            lines.append(Text(SHARED))
        elif (self.game_id, decided) in DECIDED_BY:
            lines.append(Text(DECIDED_BY[(self.game_id, decided)]))
        if with_solution and self.solution():
            faces = TextList(tuple(face for _, face in self.solution()))
            lines.append(Text(N_("The solution: {solution}"), {"solution": faces}))
        if self.game_id == "watson-holmes":
            if detail.get("everyone_loses"):
                lines.append(Text(N_("Nobody solved the case: everyone loses.")))
            elif detail.get("rounds"):
                lines.append(Text(N_("Case solved in round {round}."), {"round": detail["rounds"]}))
        if self.game_id == "mystery-city" and detail.get("combats"):
            lines.append(counted("{count} combat was fought.", "{count} combats were fought.", detail["combats"]))
        return lines

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        room = backdrop(paint)
        layout = paint.layout
        gap = margin(paint)
        breakdown = self.breakdown()
        panel = self.solution() if layout.portrait and breakdown is None else []  # the tall screen lists it
        notes = self.notes(with_solution=not panel) if breakdown is None else []  # its last line has the verdict
        title_height = room.height // (7 if layout.portrait or breakdown is not None else 5)  # the end table needs the room
        actions_height = button_height(paint)
        notes_height = len(notes) * max(layout.mm(9), room.height // (20 if layout.portrait else 12))
        panel_height = (len(panel) + 1) * layout.mm(10) if panel else 0
        free = room.height - title_height - notes_height - panel_height - actions_height - 4 * gap
        if layout.portrait and breakdown is None:  # the table as tall as its rows need, the room left over
            table_height = min(free, (len(self.outcome.scores) + 1) * layout.mm(16))
        else:
            table_height = free
        if breakdown is not None:  # the end table takes every line the other rows leave (no empty rows' gaps)
            title, table, actions = rows(room, [title_height, free + 2 * gap, actions_height], gap=gap)
            lines = listed = pygame.Rect(room.left, table.bottom, room.width, 0)
        else:
            title, table, lines, listed, _, actions = rows(room, [
                title_height, table_height, notes_height, panel_height, free - table_height, actions_height], gap=gap)
        name = Text(registry.get(self.game_id).info.names["en"])
        title_band(paint, title, self.headline(), name)
        if breakdown is not None:
            breakdown.draw(paint, table, self.narrator, now, [])
        else:
            self._table(paint, table)
        for box, line in zip(rows(lines, [1] * len(notes)), notes):
            paint.text(box, line, BODY, paint.theme.ink)
        if panel:
            self._solution_panel(paint, listed, panel)
        menu, again = columns(actions, [1, 1], gap=gap)
        paint.button(menu, Text(N_("Menu")), MENU)
        paint.button(again, Text(N_("Play again")), AGAIN, selected=True)

    def _solution_panel(self, paint: Painter, area: pygame.Rect, solution: list[tuple[Text, Text]]) -> None:
        layout, theme = paint.layout, paint.theme
        paint.box(area, theme.panel, theme.accent, radius=layout.mm(2), width=max(1, layout.mm(0.4)))
        inner = inset(area, layout.mm(2))
        heading, *lines = rows(inner, [1] * (len(solution) + 1))
        paint.text(heading, Text(N_("The solution")), BODY, theme.accent, title=True)
        halves = [columns(box, [1, 1.6], gap=layout.mm(2)) for box in lines]
        size = min(paint.fit_mm(left, category, LABEL) for (left, _), (category, _) in zip(halves, solution))
        for (left, right), (category, face) in zip(halves, solution):
            paint.text(left, category, size, theme.muted, align="right", min_mm=LABEL.min_mm)
            paint.text(right, face, BODY, theme.ink, title=True, align="left")

    def _table(self, paint: Painter, area: pygame.Rect) -> None:
        """The score table; a landscape screen with many seats shows it in two halves side by side."""
        order = self.ranking()  # two halves only for a table of few columns: P.I.'s five read "Ca…", "Poi…"
        halves = 2 if not paint.layout.portrait and len(order) > 4 and len(self.table().headings) <= 2 else 1
        if halves == 1:
            self._table_part(paint, area, order)
            return
        split = (len(order) + 1) // 2
        for part, seats in zip(columns(area, [1, 1], gap=margin(paint)), (order[:split], order[split:])):
            self._table_part(paint, part, seats, lines=split)

    def _table_part(self, paint: Painter, area: pygame.Rect, order: list[int], lines: int = 0) -> None:
        layout, theme = paint.layout, paint.theme
        spec = self.table()
        count = max(lines, len(order)) + 1
        line = min(area.height // count, layout.mm(16))
        block = pygame.Rect(area.left, area.top, area.width, line * count)
        block.centery = area.centery
        weights = [1.8 if layout.portrait else 2.8, *spec.weights]
        header, *boxes = rows(block, [1.5] + [1] * (count - 1))  # room for a heading on two lines
        for box, heading in zip(columns(header, weights)[1:], spec.headings):
            paint.text(inset(box, layout.mm(0.5)), Text(heading), 4, theme.muted, title=True, min_mm=FINE.min_mm)
        winners = set(self.outcome.winners)
        for box, seat in zip(boxes, order):
            won = seat in winners
            row = inset(box, max(1, layout.mm(0.4)))
            paint.box(row, theme.accent if won else theme.panel, None, radius=layout.mm(1.5))
            ink = theme.background if won else theme.ink
            cells = columns(row, weights)
            name_box = cells[0].inflate(-layout.mm(2), 0)
            side = min(name_box.height, layout.mm(7))  # a row 14 mm tall (portrait) left the name "Puest…"
            mark = pygame.Rect(name_box.left, name_box.centery - side // 2, side, side)
            if won:
                _star(paint.surface, mark.center, mark.height * 0.4, ink)
            words = pygame.Rect(mark.right + layout.mm(1), name_box.top, name_box.right - mark.right - layout.mm(1),
                                name_box.height)
            paint.text(words, self.narrator.seat(seat), LABEL.mm, ink, title=won, align="left",
                       min_mm=FINE.min_mm)  # "Puesto 2" is kept whole: it shrinks a step rather than wrap
            for cell, value in zip(cells[1:], spec.cells(self.outcome, seat)):
                paint.text(inset(cell, layout.mm(0.5)), value, 5, ink, title=True, min_mm=FINE.min_mm)

    def tap(self, value: object, now: float) -> None:
        if value == AGAIN:
            self.on_again()
        elif value == MENU:
            self.on_menu()

    def next_frame(self, now: float) -> float | None:
        return None


def _star(surface: pygame.Surface, centre: tuple[int, int], radius: float, colour: tuple[int, int, int]) -> None:
    """A five-pointed star: the winner's mark, a shape beside the colour (never the colour alone)."""
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        v = pygame.math.Vector2(0, -r).rotate(36 * i)
        points.append((centre[0] + v.x, centre[1] + v.y))
    pygame.draw.polygon(surface, colour, points)
