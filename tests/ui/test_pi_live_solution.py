"""The end of a P.I. case plays on its own clock: with only people at the table and nobody touching
anything, the kiosk draws each seat's case at its moment and the map again when the panel goes, then
nothing more (the live table of test_live_animations: an injected clock, SDL's dummy driver)."""

from __future__ import annotations

import pytest

from kiosk.ui.boards.pi import PIBoard
from kiosk.ui.boards.row_by_row import ROW_SHARE
from tests.ui.test_live_animations import SOON, Frame, LiveTable, live  # noqa: F401  (the fixture)


def test_the_end_of_a_case_turns_each_seat_at_its_time_with_nobody_touching(live: LiveTable):
    live.app.start_game("pi", 3, [], {"round_limit": 20})  # people at every seat; a short case
    live.step()
    board = live.app.board
    assert isinstance(board, PIBoard)
    live.play(8, lambda: board.showing_solution(live.now) is not None, limit=20000)
    solution = board.showing_solution(live.now)
    assert solution is not None and solution.start == live.now and solution.per == live.app.board.context.reveal_seconds
    names = live.app.board.names
    suspects = [names.name(solution.data["cases"][str(seat)]["SUSPECT"]).render("en") for seat in range(3)]
    colours = [names.colour(seat).render("en") for seat in range(3)]

    def turned(frame: Frame, seat: int) -> bool:
        """The panel draws each seat's colour, then (once turned over) its suspect, crime and location."""
        texts = frame.texts
        return colours[seat] in texts and texts[texts.index(colours[seat]) + 1] == suspects[seat]

    live.idle_until(solution.end + 30.0)  # its first frame was drawn with the event
    for seat in range(3):
        due = solution.start + seat * ROW_SHARE * solution.per
        frame = next(f for f in live.frames if f.now >= solution.start - SOON and turned(f, seat))
        assert frame.now == pytest.approx(due), f"seat {seat + 1}'s case drawn at {frame.now - solution.start:.3f} s"
    after = [f for f in live.frames if f.now >= solution.end - SOON]
    assert len(after) == 1 and after[0].now == pytest.approx(solution.end)  # the map again, then nothing
    assert "Location" not in after[0].texts and "Location" in live.frames[-2].texts  # the panel has gone
    assert live.app.screen.due(live.now) is None

