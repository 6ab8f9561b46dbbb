"""Pictures of a game's public board at chosen moments of a sample game, drawn off-screen: bots play
a seeded game on the engine alone, and the board is fed what the touchscreen would be fed (the
public view and public events), so the pictures are the board's own. Used by "How to play".

The sample is played with the table's options and its own seed, so nothing it shows is the real
game's. A Watson & Holmes sample plays the table's own case (another case's pictures would spoil
that case for a later evening): its lessons picture only what any game of that case shows at once
(the introduction, the location cards' titles), never a reading or the solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from kiosk.bots.table_bots import table_bot
from kiosk.games import registry
from kiosk.games.base import Event
from kiosk.referee.narration import narrator_for
from kiosk.ui.boards import Board, BoardContext, make_board
from kiosk.ui.how_to_play import START, Lesson
from kiosk.ui.layout import Layout
from kiosk.ui.paint import Painter

SAMPLE_SEED = 20261205
# Options the sample always plays with, over the table's: Mystery City's sample ends as its "Who wins"
# lesson says, one player holding every card, never by the kiosk's stalemate house rule (a trial's
# How to play showed "Seat 3 wins: the most cards" beside "The last player holding cards wins").
SAMPLE_OPTIONS: dict[str, dict[str, Any]] = {"mystery-city": {"stalemate": "play_on"}}


def sample_options(game_id: str, options: dict[str, Any] | None) -> dict[str, Any]:
    return {**(options or {}), **SAMPLE_OPTIONS.get(game_id, {})}
SETTLED, PANEL = 1e6, 0.4  # seconds after a moment to draw: at rest, or while its big panel shows
MOVE_STEP = 1.0  # the sample's clock between moves, seconds


def board_pictures(game_id: str, seats: int, lessons: Sequence[Lesson], layout: Layout, lang: str,
                   options: dict[str, Any] | None = None) -> list[pygame.Surface]:
    """One picture per lesson (at the layout's full size), in order. A moment the sample never
    reaches is drawn as the board at the end."""
    game = registry.get(game_id)
    state = game.start(seats, SAMPLE_SEED, sample_options(game_id, options))
    narrator = narrator_for(game_id, game.view(state, None))
    board = make_board(BoardContext(game_id, seats, narrator, lambda seat, action: None,
                                    bots=frozenset(range(seats)), reveal_seconds=1.0))
    bots = {seat: table_bot(game_id, seat, SAMPLE_SEED) for seat in range(seats)}
    pictures: dict[int, pygame.Surface] = {}
    seen: dict[str, int] = {}
    clock = 0.0
    board.update(game.view(state, None), [], clock)
    for index, lesson in enumerate(lessons):
        if lesson.moment == START:
            pictures[index] = _draw(board, layout, lang, clock + SETTLED)
    while len(pictures) < len(lessons):
        prompts = game.prompts(state)
        if not prompts:
            break
        prompt = prompts[0]
        events = game.apply(state, prompt.seat, bots[prompt.seat].choose(game.view(state, prompt.seat), prompt))
        for seat, bot in bots.items():
            bot.observe([event for event in events if event.visible_to(seat)])
        clock += MOVE_STEP
        public = [event for event in events if event.audience is None]
        _narrate(narrator, public)
        board.observe(public, clock)
        board.update(game.view(state, None), [], clock)
        for event in public:
            seen[event.kind] = seen.get(event.kind, 0) + 1
            for index, lesson in enumerate(lessons):
                if index not in pictures and lesson.moment == event.kind and lesson.nth == seen[event.kind]:
                    pictures[index] = _draw(board, layout, lang, clock + (SETTLED if lesson.settled else PANEL))
    end = None
    for index in range(len(lessons)):
        if index not in pictures:
            end = end or _draw(board, layout, lang, clock + SETTLED)
            pictures[index] = end
    return [pictures[index] for index in range(len(lessons))]


def _narrate(narrator: Any, events: list[Event]) -> None:
    for event in events:
        narrator.describe(event)  # learns the characters' names, as the touchscreen's does


def _draw(board: Board, layout: Layout, lang: str, now: float) -> pygame.Surface:
    painter = Painter(pygame.Surface(layout.size), layout, board.theme, lang)
    board.draw(painter, now)
    return painter.surface
