"""At the end of a game each seat screen shows that seat's own result: won or its place, then what it
scored (answers, points, cards), the same figures as its row of the touchscreen's results table."""

from __future__ import annotations

from kiosk.i18n import N_, Text
from kiosk.seats.screen import PAGE_LINES, Item, Screen
from kiosk.ui.scenes.results import Results


def seat_result(results: Results, seat: int, lang: str) -> Screen:
    """One seat's result, in `lang`: a page of short lines under the seat's name."""
    if seat in results.outcome.winners:
        verdict = Text(N_("You win!") if len(results.outcome.winners) == 1 else N_("You share the victory!"))
    elif unplaced(results, seat):  # its row's place on the board is "-": the seat says who won instead
        verdict = results.headline() if len(results.outcome.winners) <= 1 else Text(N_("No place"))
    else:
        verdict = Text(N_("Place {n}"), {"n": results.place(seat)})
    table = results.table()
    cells = table.cells(results.outcome, seat)
    shown = table.on_seat if table.on_seat is not None else tuple(range(len(table.headings)))
    figures = [Text(N_("{what}: {value}"), {"what": Text(table.headings[i]), "value": cells[i]}) for i in shown]
    lines = tuple(line.render(lang) for line in [verdict, *figures][:PAGE_LINES])
    return Screen(results.narrator.seat(seat).render(lang), (Item(lines[0], lines=lines),))


def unplaced(results: Results, seat: int) -> bool:
    """A seat without a place where the game records places (Watson & Holmes: only a solver has one,
    rules 11; the others' row reads "-"). playWH21's newcomers read "Place 2" on a failed seat and
    "Place 3" on one that never tried, while the board gave neither a place."""
    return results.game_id != "mystery-city" and isinstance(results.outcome.detail.get("places"), dict) \
        and seat not in results.places()
