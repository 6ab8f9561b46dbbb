"""The P.I. board's words for public events, as players at the table say them.

Players call each other by the colour of their pieces, so the board names a seat by its colour and
its number ("Red (seat 1)"), and says feedback the way it is read off the board: "2 discs, 1 cube",
"1 cube", "nothing". Every line goes into the board's event log, so an investigation's result can
still be read after the next moves. Only public events are ever told here (the board checks).
"""

from __future__ import annotations

import string
from typing import Any

from kiosk.games.base import Event
from kiosk.games.pi.narrate import COUNTED, Narrator
from kiosk.games.phrases import winners
from kiosk.i18n import N_, Text, TextList, counted

COLOUR_NAMES = {
    "red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "yellow": N_("Yellow"), "purple": N_("Purple"),
}
SEAT = N_("{colour} (seat {n})")
INVESTIGATED = N_("{seat} investigates {location}: {feedback}.")
EVIDENCE = N_("{seat} takes the evidence card {card}: {feedback}.")
BOTH = N_("{discs}, {cubes}")
NOTHING = N_("nothing")
CASE_OF = N_("{seat}: {case}")  # one seat's case in the table at the end of a case
CASE_STARTS = N_("Case {minigame} begins: {first} plays first.")
SCORE_OF = N_("{seat} {points}")
FINAL_SCORES = N_("Final scores")
CASE_OVER = N_("Case {minigame} is over after {rounds}.")


class ColourNarrator(Narrator):
    """The P.I. narrator naming each seat by its colour and number, for the public log."""

    def seat(self, seat: int) -> Text:
        return Text(SEAT, {"colour": self.colour(seat), "n": seat + 1})

    def colour(self, seat: int) -> Text:
        """The colour of a seat's pieces, by name ("Red")."""
        return Text(COLOUR_NAMES[self.rules.colours[seat]])


def feedback(discs: int, cubes: int) -> Text:
    """Markers as players read them aloud: "2 discs, 1 cube", "1 cube", "nothing"."""
    said = [counted(*COUNTED[kind], count) for kind, count in (("discs", discs), ("cubes", cubes)) if count]
    if len(said) == 2:
        return Text(BOTH, {"discs": said[0], "cubes": said[1]})
    return said[0] if said else Text(NOTHING)


def log_lines(narrator: ColourNarrator, event: Event) -> list[Text]:
    """The lines a public event adds to the log: none for bookkeeping, nor for a turn (the status
    line says whose turn it is, and a line a turn would push a result out of sight)."""
    d: dict[str, Any] = event.data
    if event.kind == "investigated":
        return [Text(INVESTIGATED, {"seat": narrator.seat(d["seat"]), "location": narrator.name(d["location"]),
                                    "feedback": feedback(d["discs"], d["cubes"])})]
    if event.kind == "evidence":
        said = feedback(int(d["result"] == "disc"), int(d["result"] == "cube"))
        return [Text(EVIDENCE, {"seat": narrator.seat(d["seat"]), "card": narrator.name(d["card"]), "feedback": said})]
    if event.kind == "minigame_end":  # the headline, then one line per seat: a long case table pages
        cases = [Text(CASE_OF, {"seat": narrator.seat(int(seat)), "case": narrator.case(case)})
                 for seat, case in d["cases"].items()]
        return [*reversed(cases), Text(CASE_OVER, {"minigame": d["minigame"], "rounds": counted(*COUNTED["rounds"], d["rounds"])})]
    if event.kind == "minigame_start":
        return [Text(CASE_STARTS, {"minigame": d["minigame"], "first": narrator.seat(d["first"])})]
    if event.kind == "game_over":  # who won on top, then the headline and one line per seat
        totals = [Text(SCORE_OF, {"seat": narrator.seat(int(seat)), "points": points}) for seat, points in d["scores"].items()]
        won = winners(TextList(tuple(narrator.seat(seat) for seat in d["winners"])))
        return [*reversed(totals), Text(FINAL_SCORES), won]
    line = narrator.describe(event) if event.kind != "turn" else None
    return [] if line is None else [spoken(line)]


def spoken(line: Text) -> Text:
    """The sentence with only the parameters its message uses (a narrator may pass raw data along)."""
    used = {name for _, name, _, _ in string.Formatter().parse(line.msgid) if name}
    return Text(line.msgid, {key: value for key, value in line.params.items() if key in used})
