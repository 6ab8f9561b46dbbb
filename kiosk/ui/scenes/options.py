"""The options of the chosen game and of the table, on as many pages as the screen needs.

One row per option: its label and a line on what it does, then its control: a toggle for a yes/no
option, segmented buttons for a choice (the Watson & Holmes cases by title, seats by number), or a
stepper through the choices one at a time when they do not fit side by side (a table's many
cases). "Learn as you play" comes first, for a table new to the game; the table's other settings
(reveal speed, language, and the assist for Mystery Express) come after the game's and go back in
the same dict: `on_done(values)` gets every option of the game and every setting that applies to
it, and no other key (other entries of `values` are not passed on).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from kiosk.games import registry
from kiosk.games.watson_holmes.case import Case
from kiosk.games.watson_holmes.narrate import CaseText
from kiosk.games.base import OptionRefused
from kiosk.i18n import N_, Text, TextList
from kiosk.referee.narration import table_case
from kiosk.ui.layout import columns, inset, rows
from kiosk.ui.option_labels import LABELS, LEARN, OFF, ON, TABLE_SETTINGS, VALUE_NAMES
from kiosk.ui.scene import SeatHint
from kiosk.ui.paint import Painter, Verbatim, Words
from kiosk.ui.scenes.chrome import backdrop, button_height, margin, pager, segmented, title_band, turn_page
from kiosk.ui.scenes.notice import Notice
from kiosk.ui.theme import Theme, theme_for
from kiosk.ui.type_scale import FINE

DONE = "done"
BACK = "back"


@dataclass(frozen=True)
class Row:
    """One option on screen: where its label lives, its choices (None: a yes/no toggle)."""

    owner: str  # the game's id, or "table"
    name: str
    choices: tuple[Any, ...] | None


def option_rows(game_id: str, seats: int | None) -> list[Row]:
    """"Learn as you play", the game's labelled options that matter with this many seats, each
    offering only the values such a game can use, then the other table settings that apply to this game."""
    info = registry.get(game_id).info
    found: list[Row] = [Row("table", LEARN.name, LEARN.choices)]  # a table new to the game finds it first
    for spec in info.options:  # with the seats not yet known, every value a game could use
        if (game_id, spec.name) not in LABELS or not spec.matters(seats):
            continue  # an option the screen cannot name, or that changes nothing here, keeps its value
        found.append(Row(game_id, spec.name, spec.allowed(seats)))
    for setting in TABLE_SETTINGS:
        if (setting.games is None or game_id in setting.games) and setting is not LEARN:
            found.append(Row("table", setting.name, setting.choices))
    return found


def starting_values(game_id: str, values: dict[str, Any]) -> dict[str, Any]:
    result = registry.get(game_id).info.defaults()
    for setting in TABLE_SETTINGS:
        if setting.games is None or game_id in setting.games:
            result[setting.name] = setting.default
    result.update(values)
    return result


@dataclass
class Options:
    game_id: str
    values: dict[str, Any]
    on_done: Callable[[dict[str, Any]], None]
    on_back: Callable[[], None]
    seats: int | None = None  # players in this game: a seat option offers only those seats
    page: int = 0
    notice: Notice = field(default_factory=Notice)
    theme: Theme = field(init=False)
    rows: list[Row] = field(init=False)
    pages: int = field(init=False, default=1)

    def __post_init__(self) -> None:
        self.theme = theme_for(self.game_id)
        self.rows = option_rows(self.game_id, self.seats)
        self.values = starting_values(self.game_id, self.values)
        for row in self.rows:  # a value this screen cannot offer (a seat beyond this game's) falls back
            if row.choices is not None and self.values.get(row.name) not in row.choices:
                self.values[row.name] = row.choices[0]

    @property
    def seat_hint(self) -> SeatHint:
        name = Text(registry.get(self.game_id).info.names["en"])
        return SeatHint(name, Text(N_("Options on the touchscreen")))

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, paint: Painter, now: float) -> None:
        room = backdrop(paint)
        layout = paint.layout
        title_height = room.height // (10 if layout.portrait else 7)
        actions_height = button_height(paint)
        title, body, actions = rows(
            room, [title_height, room.height - title_height - actions_height, actions_height], gap=margin(paint))
        name = Text(registry.get(self.game_id).info.names["en"])
        title_band(paint, title, Text(N_("Options")), name)
        per_page = self._per_page(paint, body)
        self.pages = max(1, -(-len(self.rows) // per_page))
        self.page = min(self.page, self.pages - 1)
        shown = self.rows[self.page * per_page:(self.page + 1) * per_page]
        row_height = self._row_height(paint)
        spare = body.height - per_page * row_height
        boxes = rows(body, [1] * per_page, gap=min(layout.mm(4), spare // max(1, per_page - 1)))
        for box, row in zip(boxes, shown):
            self._row(paint, box, row)
        if self.pages > 1:
            back, middle, done = columns(actions, [1, 2.4, 1], gap=margin(paint))
            pager(paint, middle, self.page, self.pages)
        else:
            back, done = columns(actions, [1, 1], gap=margin(paint))
        paint.button(back, Text(N_("Back")), BACK)
        paint.button(done, Text(N_("Done")), DONE, selected=True)
        self.notice.draw(paint, now)

    @staticmethod
    def _control_height(paint: Painter) -> int:
        return max(paint.layout.min_touch, paint.layout.mm(10.5))

    def _row_height(self, paint: Painter) -> int:
        """Landscape: label and control side by side; portrait: the control under its label."""
        extra = paint.layout.mm(16) if paint.layout.portrait else paint.layout.mm(4)
        return self._control_height(paint) + extra

    def _per_page(self, paint: Painter, body: pygame.Rect) -> int:
        gap = paint.layout.mm(2)
        return max(1, (body.height + gap) // (self._row_height(paint) + gap))

    def _row(self, paint: Painter, box: pygame.Rect, row: Row) -> None:
        layout = paint.layout
        paint.box(box, paint.theme.panel, None, radius=layout.mm(2))
        inner = inset(box, layout.mm(1.5))
        height = self._control_height(paint)
        if layout.portrait:
            words, control = rows(inner, [inner.height - height, height], gap=layout.mm(1))
        else:
            words, control = columns(inner, [1, 1.25], gap=layout.mm(3))
            control = pygame.Rect(control.left, control.centery - height // 2, control.width, height)
        label_box, help_box = rows(words, [1, 1.2])
        label = LABELS[(row.owner, row.name)]
        value = self.values.get(row.name)
        paint.text(label_box, Text(label.name), 5.5, paint.theme.accent, title=True, align="left")
        paint.text(help_box, row_help(row, value), 3.6, paint.theme.muted, align="left", valign="top", min_mm=FINE.min_mm)
        if row.choices is None:
            on = bool(value)
            paint.button(control, Text(ON if on else OFF), ("toggle", row.name), selected=on, size_mm=4.5)
        else:
            segmented(paint, control, [(value_name(row.name, choice), ("set", row.name, choice))
                                       for choice in row.choices], ("set", row.name, value))

    def chosen(self) -> dict[str, Any]:
        """Every option of the game and every table setting that applies, and nothing else."""
        keys = [*registry.get(self.game_id).info.defaults(), *(row.name for row in self.rows if row.owner == "table")]
        return {key: self.values[key] for key in keys}

    # --- taps -----------------------------------------------------------------------------------

    def tap(self, value: object, now: float) -> None:
        if value == BACK:
            self.on_back()
        elif value == DONE:
            self.on_done(self.chosen())
        elif isinstance(value, tuple) and len(value) == 2 and value[0] == "toggle":
            self.values[value[1]] = not self.values.get(value[1])
        elif isinstance(value, tuple) and len(value) == 3 and value[0] == "set":
            self.values[value[1]] = value[2]
        else:
            self.page = turn_page(self.page, self.pages, value)

    def next_frame(self, now: float) -> float | None:
        return self.notice.next_frame(now)


def value_name(name: str, value: Any) -> Words:
    """What the options screen calls one value of an option (or of a table setting)."""
    if (name, value) in VALUE_NAMES:
        return Text(VALUE_NAMES[(name, value)])
    if name == "case":
        return case_title(value)
    if name == "first_seat" and isinstance(value, int):
        return Text(N_("Seat {n}"), {"n": value + 1})
    if isinstance(value, bool):
        return Text(ON if value else OFF)
    return Verbatim(str(value))  # numbers and fractions ("3/2"): no words to translate


def row_help(row: Row, value: Any) -> Words:
    """The line under an option's label: what it does, or, for a Watson & Holmes case, what the chosen
    case asks of the table (how hard, for how many, how long), so a café picks one that fits."""
    if (row.owner, row.name) == ("watson-holmes", "case"):
        case = table_case(value)
        if case is not None:
            return case_facts(case)
    return Text(LABELS[(row.owner, row.name)].help)


def case_facts(case: Case) -> Text:
    """A case's difficulty, players and expected length, as its file declares them."""
    params = {"difficulty": case.difficulty, "players": case.players,
              "minutes": case.expected_minutes}
    if case.difficulty == 0:
        return Text(N_("Tutorial, {players} players, about {minutes} minutes"), params)
    return Text(N_("Difficulty {difficulty} of 5, {players} players, about {minutes} minutes"), params)


def refusal(game_id: str, refused: OptionRefused) -> Text:
    """The notice for options a game refused: which option, and the values it allows, in words."""
    label = LABELS.get((game_id, refused.name))
    if label is None or not refused.allowed:
        return Text(N_("This game cannot start with these options."))
    params = {"option": Text(label.name), "value": value_name(refused.name, refused.value),
              "allowed": TextList(tuple(value_name(refused.name, choice) for choice in refused.allowed))}
    if refused.seats is not None:
        return Text(N_("{option}: {value} is not possible with {seats} players. Choose {allowed}."),
                    {**params, "seats": refused.seats})
    return Text(N_("{option}: {value} is not possible here. Choose {allowed}."), params)


def case_title(case_id: str) -> Words:
    """A Watson & Holmes case by its title, as written in its case file in each language; an id no case
    has, as it was given (`--option case=tutorial-lamplighter` read "Case: ? is not possible", playWH21)."""
    case = table_case(case_id)
    return CaseText("", dict(case.title)) if case is not None else Verbatim(str(case_id))

