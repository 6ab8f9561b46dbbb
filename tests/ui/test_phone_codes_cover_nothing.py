"""The codes of phone-only seats over a board (kiosk/ui/scenes/phone_codes.py) cover nothing it offers:
at every layout, on every game's board at many moments of seeded bot games, no touch target or swipe
area the board registered meets a code or a chip, and the codes fit the screen and their words their
boxes. A chip opens its code full size; a tap anywhere closes it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.games import registry
from kiosk.referee.awaited import awaited
from kiosk.referee.narration import narrator_for
from kiosk.ui.boards import Board, BoardContext, make_board
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter
from kiosk.ui.scenes.phone_codes import CLOSE, OPEN, PhoneCodes
from tests.ui.scene_checks import check_frame, render, save

LINK = "http://192.168.100.200:8080/s/" + "x" * 22  # as long as a real link: host, port and a 128-bit token
MOMENTS = 6  # frames per game, spread over its whole length


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def moments(game_id: str, seed: int = 4) -> Iterator[Board]:
    """A board with every seat played by people, at `MOMENTS` moments of a seeded bot game."""
    game = registry.get(game_id)
    seats = game.info.max_seats
    state = game.start(seats, seed, None)
    board = make_board(BoardContext(game_id, seats, narrator_for(game_id, game.view(state, None)), lambda s, a: None))
    bots = [RandomBot(seat, seed) for seat in range(seats)]
    steps = 0
    trial = game.start(seats, seed, None)
    trial_bots = [RandomBot(seat, seed) for seat in range(seats)]
    while (prompts := game.prompts(trial)) and steps < 600:
        prompt = min(prompts, key=lambda p: p.seat)
        game.apply(trial, prompt.seat, trial_bots[prompt.seat].choose(game.view(trial, prompt.seat), prompt))
        steps += 1
    played = [round(i * steps / (MOMENTS - 1)) for i in range(MOMENTS)]
    step = 0
    while True:
        prompts = game.prompts(state)
        board.update(game.view(state, None), [p for p in prompts if not p.private], 0.0, awaited(prompts))
        if step in played:
            yield board
        if not prompts or step >= steps:
            return
        prompt = min(prompts, key=lambda p: p.seat)
        board.observe(game.apply(state, prompt.seat, bots[prompt.seat].choose(game.view(state, prompt.seat), prompt)), 0.0)
        step += 1


def overlaid(board: Board, layout_name: str, lang: str, codes: PhoneCodes, seats: list[int]) -> tuple[Painter, Painter]:
    """The board drawn, then the codes of `seats` over it; and what the codes alone drew (the board's
    own frame has its own tests), with the board's hit regions as its swipe areas."""
    painter = render(board, LAYOUTS[layout_name], lang, 100.0)
    texts, targets = len(painter.drawn), len(painter.targets)
    regions = [t for t in painter.targets + painter.swipes]
    codes.draw(painter, [(seat, LINK) for seat in seats])
    return painter, replace(painter, drawn=painter.drawn[texts:], targets=painter.targets[targets:], swipes=regions)


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_control_of_any_board_lies_under_a_code_at_any_layout(game_id):
    for moment, board in enumerate(moments(game_id)):
        for layout_name in LAYOUTS:
            for lang, seats in (("en", [6]), ("es", [3, 4, 5, 6])):
                codes = PhoneCodes(grace=10.0, attached=lambda seat: False)
                painter, drawn = overlaid(board, layout_name, lang, codes, seats)
                where = f"{game_id} at {layout_name} in {lang} with {len(seats)} codes"
                assert set(codes.shown) == set(seats), where
                screen = painter.surface.get_rect()
                for seat, spot in codes.shown.items():
                    assert screen.contains(spot), f"{where}: seat {seat + 1}'s code leaves the screen: {spot}"
                    covered = [r.value for r in drawn.swipes if r.rect.colliderect(spot)]
                    assert not covered, f"{where}: seat {seat + 1}'s code {spot} covers the board's controls {covered}"
                spots = list({tuple(spot) for spot in codes.shown.values()})  # seats whose code found no room share the chip
                assert all(pygame.Rect(a).collidelist([b for b in spots if b != a]) < 0 for a in spots), f"{where}: codes overlap"
                check_frame(replace(drawn, swipes=[]), where)
                if moment == MOMENTS // 2:
                    save(painter, f"phone-codes-{game_id}-{layout_name}-{lang}")


def test_the_chip_opens_the_codes_full_size_and_a_tap_anywhere_closes_them():
    board = next(moments("mystery-express"))
    codes = PhoneCodes(grace=10.0, attached=lambda seat: False)
    painter, _ = overlaid(board, "800x480", "en", codes, [3, 4, 5, 6])
    assert [t.value for t in painter.targets].count(OPEN) == 1, "four codes do not fit at 800x480: one chip stands for some"
    assert codes.tap(OPEN) and codes.opened
    painter, drawn = overlaid(board, "800x480", "en", codes, [3, 4, 5, 6])
    save(painter, "phone-codes-open")
    assert painter.hit(painter.surface.get_rect().center) == CLOSE  # the open codes lie over everything
    assert painter.hit((1, 1)) == CLOSE
    assert [d.text for d in drawn.drawn if d.text.startswith("Seat")][-4:] == [f"Seat {n}: scan to play" for n in (4, 5, 6, 7)]
    check_frame(replace(drawn, swipes=[]), "the open codes")
    assert codes.tap(CLOSE) and not codes.opened
    assert not codes.tap(("something", "else"))  # the board's taps are the board's
    codes.tap(OPEN)
    overlaid(board, "800x480", "en", codes, [])
    assert not codes.opened  # their phones came: nothing is left open


def test_a_board_drawn_again_alike_costs_no_new_search_for_room(monkeypatch):
    """The whole frame is looked at once; a redraw alike only checks the few pixels under each code."""
    from kiosk.ui.scenes import phone_codes

    looked: list[tuple[int, int]] = []
    real = phone_codes.painted

    def counted(surface, paint):
        looked.append(surface.get_size())
        return real(surface, paint)

    monkeypatch.setattr(phone_codes, "painted", counted)
    board = list(moments("pi"))[MOMENTS // 2]
    codes = PhoneCodes(grace=10.0, attached=lambda seat: False)
    overlaid(board, "800x480", "en", codes, [3, 4, 5, 6])
    assert (800, 480) in looked
    looked.clear()
    for _ in range(3):
        overlaid(board, "800x480", "en", codes, [3, 4, 5, 6])
    assert (800, 480) not in looked and len(looked) <= 3 * 4  # each spot's own pixels, no more
