"""An animation redraws only what moves (dirty rectangles): while a Time card turns over or the
packets' bar fills, each frame puts the still picture back over where the moving part was and draws
the moving part, and the picture is the same, pixel for pixel, as the whole board drawn afresh. The
guards count the area redrawn and the whole frames, never the time (the Pi's budget: DESIGN.md)."""

from __future__ import annotations

import pygame
import pytest

from kiosk.games.mystery_express.rules import CATEGORIES
from kiosk.ui.boards.mystery_city import ROLL_SECONDS
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter
from kiosk.ui.scene import Touchscreen
from tests.ui.test_wh_board_reading import START, just_before_watson_reads
from tests.ui.test_live_animations import SOON, LiveTable, live, mystery_express, thrown_dice, time_reveals  # noqa: F401

SCREEN = 800 * 480


def whole(live: LiveTable) -> pygame.Surface:
    """The frame at the live table's time, drawn whole on a surface of its own."""
    screen = live.app.screen
    surface = pygame.Surface(screen.surface.get_size())
    live.app.draw(Painter(surface, screen.layout, live.app.theme, screen.lang), live.now)
    return surface


def area(rects: list[pygame.Rect]) -> int:
    return sum(r.width * r.height for r in rects)


def watch(live: LiveTable, start: float, until: float, most: int = SCREEN // 8) -> tuple[int, int]:
    """Every frame the loop draws until `until`, each checked against the whole picture, and those
    drawn in part to redraw under `most` pixels; (frames drawn in part, whole frames)."""
    parts = wholes = 0
    live.step()
    for _ in range(10_000):
        due = live.app.due()
        if due is None or live.now + due > until:
            break
        live.now += due
        drawn = live.app.screen.frames
        live.step()
        if live.app.screen.frames == drawn:
            continue
        frame = live.frames[-1]
        if frame.updated is None:
            wholes += 1
        else:
            parts += 1
            assert area(frame.updated) < most, f"{area(frame.updated)} pixels redrawn at {live.now - start:.3f} s"
        shown = live.app.screen.surface
        expected = whole(live)
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected, "RGB"), \
            f"the frame at {live.now - start:.3f} s differs from the whole board"
    return parts, wholes


@pytest.mark.parametrize("seed", [1, 7])
def test_a_turning_time_card_redraws_only_itself_and_looks_like_the_whole_board(live, seed):
    board = mystery_express(live)
    live.play(seed, lambda: time_reveals(board))
    reveal = time_reveals(board)[0]
    live.frames.clear()
    parts, wholes = watch(live, reveal.start, reveal.start + 6 * reveal.per)
    looks = 6 + 1
    assert parts >= 2 * looks  # each card turns over in frames drawn in part, the frame it is laid in too:
    assert wholes <= 1  # only the reveal's first frame (the train gives way to it) is drawn whole


def test_a_card_laid_on_one_of_three_piles_redraws_only_the_piles_it_changes(live):
    """Budapest's cards go onto three piles in turn: when one is laid, the card before it lies flat on
    its own pile in the still picture, and the counter moves on; nothing else is redrawn."""
    board = mystery_express(live)
    live.play(3, lambda: any(r.method == "three_piles" for r in time_reveals(board)), limit=20000)
    reveal = next(r for r in time_reveals(board) if r.method == "three_piles")
    live.idle_until(reveal.start - SOON)
    live.frames.clear()
    # A card laid redraws two piles' cards (the one laid, the one before it now lying still) and the
    # counter: at 800x480 in the telegrams' stage a card's square is 226 pixels.
    parts, wholes = watch(live, reveal.start, reveal.start + 7 * reveal.per, most=SCREEN // 3)
    assert parts >= 2 * 7 and wholes <= 1
    assert len({tuple(f.faces) for f in live.frames}) >= 7  # the piles' record follows the cards laid


def test_the_packets_bar_redraws_only_the_bar(live):
    board = mystery_express(live)
    live.play(3, lambda: any(r.method == "packets" for r in time_reveals(board)), limit=20000)
    reveal = next(r for r in time_reveals(board) if r.method == "packets")
    live.idle_until(reveal.start - SOON)
    parts, wholes = watch(live, reveal.start, reveal.start + 1.5 * reveal.per)
    assert parts >= 20 and wholes <= 1  # a bar filling at 30 frames a second; a packet passed redraws its line


def test_the_end_redraws_only_the_row_that_turns(live):
    """Istanbul: each category's answers appear, then its card turns over: only its row is redrawn,
    until the scores stand under the table (a taller table, drawn whole)."""
    board = mystery_express(live, seats=3)
    live.play(3, lambda: board.end is not None, limit=20000)
    end = board.end
    assert end is not None
    live.idle_until(end.start - SOON)
    live.frames.clear()
    parts, wholes = watch(live, end.start, end.end + 1.0)
    assert parts >= 2 * len(CATEGORIES) - 1  # a row's answers, then its card, each in part
    assert wholes <= 3  # the end's first frame, the scores, and "Tap for the results" under them


def test_a_notice_over_a_turning_card_is_drawn_with_the_whole_board(live):
    """A notice lies over the board: while it is up, frames are whole (nothing drawn in part under it)."""
    board = mystery_express(live)
    live.play(2, lambda: time_reveals(board))
    reveal = time_reveals(board)[0]
    live.idle_until(reveal.start + 0.01)
    live.app.notice(board.context.narrator.seat(0))
    parts, wholes = watch(live, reveal.start, reveal.start + 0.1 * reveal.per)
    assert parts == 0 and wholes >= 2


def test_tumbling_dice_redraw_only_the_dice_and_look_like_the_whole_board(live):
    """The dice lift and fall back as they tumble: each frame must put the felt back under them."""
    board, thrown = thrown_dice(live)
    live.frames.clear()
    parts, wholes = watch(live, thrown, thrown + ROLL_SECONDS + 1.0)
    assert parts >= 5 and wholes == 0  # the throw came with the table's update; the tumbling and the settling in part
    assert len({str(f.dice) for f in live.frames}) > 1  # the faces drawn in part are the board's record too


@pytest.mark.parametrize("size", ["800x480", "720x1280"])
def test_dr_watsons_reading_settles_redrawing_only_its_frame(size):
    """The reading shrinks onto its card: each frame puts the card grid back under where it was."""
    game, events = just_before_watson_reads()
    board = game.board
    screen = Touchscreen(pygame.Surface(LAYOUTS[size].size), "en")
    screen.show(board)
    now = START
    board.observe(events, now)
    game.refresh()
    screen.changed()
    parts = wholes = 0
    for _ in range(10_000):
        if screen.draw(now):
            if screen.updated is None:
                wholes += 1
            else:
                parts += 1
            expected = pygame.Surface(screen.surface.get_size())
            board.draw(Painter(expected, screen.layout, board.theme, "en"), now)
            assert pygame.image.tobytes(screen.surface, "RGB") == pygame.image.tobytes(expected, "RGB"), \
                f"the frame at {now - START:.3f} s differs from the whole board"
        due = screen.due(now)
        if due is None:
            break
        now += due
    assert parts >= 5 and wholes <= 4  # drawn big, the settling's first frame, the last at rest
