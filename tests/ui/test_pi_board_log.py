"""The P.I. board keeps what happened: every public event in the log, in the words players use (seats
by colour and number, feedback as "2 discs, 1 cube"), a result still readable after the next move,
and the end of a case shown big for a few seconds at the table's reveal speed, then settled."""

from __future__ import annotations

from kiosk.games.base import Event
from kiosk.ui.boards.pi import regions
from kiosk.ui.boards.pi_log import CASE_OVER, INVESTIGATED, ColourNarrator, feedback, log_lines
from kiosk.ui.boards.row_by_row import HOLD_LOOKS, ROW_SHARE
from kiosk.ui.layout import LAYOUTS
from tests.ui.scene_checks import render, render_everywhere
from tests.ui.test_pi_board import NAME_TO_ELEMENT, RULES, board_at, first, game_moments

NAMES = ColourNarrator(RULES)


def test_feedback_is_said_as_players_say_it_in_both_languages():
    said = {lang: [feedback(d, c).render(lang) for d, c in ((2, 1), (1, 0), (0, 1), (0, 3), (0, 0))]
            for lang in ("en", "es")}
    assert said["en"] == ["2 discs, 1 cube", "1 disc", "1 cube", "3 cubes", "nothing"]
    assert said["es"] == ["2 discos, 1 cubo", "1 disco", "1 cubo", "3 cubos", "nada"]


def test_an_investigation_names_the_seat_by_colour_and_number_and_its_feedback():
    downtown = NAME_TO_ELEMENT["Downtown"]
    event = Event("investigated", {"seat": 0, "location": downtown, "investigator": 3, "discs": 2, "cubes": 1,
                                   "markers": ["disc", "cube", "disc"]})
    (line,) = log_lines(NAMES, event)
    assert line.render("en") == "Red (seat 1) investigates Downtown: 2 discs, 1 cube."
    assert line.render("es") == "Rojo (puesto 1) investiga en Centro: 2 discos, 1 cubo."
    evidence = Event("evidence", {"seat": 4, "card": downtown, "result": "cube"})
    assert log_lines(NAMES, evidence)[0].render("en") == "Purple (seat 5) takes the evidence card Downtown: 1 cube."


def investigation_then_a_move(seats: int, seed: int):
    """The first moment right after an investigation, and the moment after the next move."""
    moments = game_moments(seats, seed)
    index = next(i for i, m in enumerate(moments) if any(e.kind == "investigated" for e in m.steps[-1]))
    return moments[index], next(m for m in moments[index + 1:] if m.view["active"] != moments[index].view["active"])


def test_an_investigation_result_is_still_read_after_the_next_players_move():
    investigated, later = investigation_then_a_move(4, 5)
    event = next(e for e in investigated.steps[-1] if e.kind == "investigated")
    (result,) = log_lines(NAMES, event)
    assert result.msgid == INVESTIGATED
    assert len(later.steps) > len(investigated.steps)  # someone else has played since
    for layout in ("800x480", "720x1280", "1280x720"):
        for lang in ("en", "es"):
            painter = render(board_at(later), LAYOUTS[layout], lang)
            log = regions(painter, later.view["seats"]).log
            drawn = [d for d in painter.drawn if d.source == result]
            assert drawn and log.contains(drawn[0].box), f"{layout} {lang}: the result is not in the log"
            assert result.render(lang) in {d.text for d in painter.drawn}


def test_the_log_keeps_every_result_of_a_case_a_scroll_away():
    moments = game_moments(3, 11)
    ended = first(moments, lambda m: any(e.kind == "minigame_end" for e in m.steps[-1]))
    results = [e for step in ended.steps for e in step if e.kind == "investigated"]
    kept = [line for line in board_at(ended).log.lines if line.msgid == INVESTIGATED]
    assert len(kept) == len(results) > 0


def solution_board(seats: int, seed: int):
    moments = game_moments(seats, seed)
    ended = first(moments, lambda m: any(e.kind == "minigame_end" for e in m.steps[-1]))
    board = board_at(ended)
    assert board.showing_solution(0.0) is not None and board.showing_solution(0.0).start == 0.0
    return board


def test_the_end_of_a_case_is_a_large_panel_readable_at_every_layout():
    for seats, seed in ((5, 8), (2, 3), (4, 5)):
        board = solution_board(seats, seed)
        everything = board.showing_solution(0.0).start + ROW_SHARE * board.showing_solution(0.0).per * seats  # every row turned over
        painters = render_everywhere(f"pi-board-case-solution-{seats}-seats", lambda: solution_board(seats, seed),
                                     now=everything)
        cases = board.showing_solution(0.0).data["cases"]
        for painter in painters:
            texts = {d.text for d in painter.drawn}
            for case in cases.values():  # every seat's suspect, crime and location
                assert all(NAMES.name(element).render(painter.lang) in texts for element in case.values())


def test_the_panel_turns_one_seat_at_a_time_then_settles_into_the_board():
    board = solution_board(4, 5)
    solution = board.showing_solution(0.0)
    per = solution.per
    assert per == board.context.reveal_seconds
    assert solution.end == solution.start + (4 * ROW_SHARE + HOLD_LOOKS) * per
    layout = LAYOUTS["800x480"]
    moments = [solution.start + i * ROW_SHARE * per for i in range(4)]
    for shown, now in enumerate(moments, start=1):
        assert solution.shown_rows(now) == shown
        texts = [d.text for d in render(board, layout, "en", now).drawn]
        suspects = [NAMES.name(solution.data["cases"][str(s)]["SUSPECT"]).render("en") for s in range(4)]
        assert [name in texts for name in suspects] == [i < shown for i in range(4)]
    # the board asks for a frame at each row's moment and when the panel goes, then none: no input needed
    waits, now = [], solution.start
    while (wait := board.next_frame(now)) is not None:
        waits.append(wait)
        now += wait
    assert [round(w, 9) for w in waits] == [round(ROW_SHARE * per, 9)] * 3 + [round(solution.end - moments[-1], 9)]
    after = render(board, layout, "en", now)
    assert solution.data["cases"] and any(d.text.startswith("Case 2/3") for d in after.drawn)  # the map again
    assert CASE_OVER in {line.msgid for line in board.log.lines}  # the cases stay in the log


def test_tap_for_the_results_covers_neither_the_map_nor_the_words_at_the_end():
    from kiosk.ui.app import results_hint

    over = game_moments(4, 5)[-1]

    class Finished:
        def __init__(self) -> None:
            self.board = board_at(over)
            self.theme = self.board.theme

        def draw(self, paint, now: float) -> None:
            self.board.draw(paint, now)
            results_hint(paint, self.board)

    for painter in render_everywhere("pi-board-results-hint", Finished, now=1000.0):
        hint = next(d for d in painter.drawn if d.text in ("Tap for the results", "Toca para ver los resultados"))
        area = regions(painter, 4)
        assert not hint.box.colliderect(area.map) and not hint.box.colliderect(area.log)
        assert not any(d.box.colliderect(hint.box) for d in painter.drawn if d is not hint)
