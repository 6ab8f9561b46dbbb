"""One public board per game: what the touchscreen shows while a game is played.

A board is a `Scene` that the table keeps up to date. It is given only what the public may know:
the public view (`game.view(state, None)`), the public events (audience None), the prompts that
are answered on the touchscreen (`private` False) for seats people play, and every awaited seat as a
seat and a prompt kind (`kiosk.referee.awaited.Awaited`, never a private prompt's contents) for its status
line. Whatever it draws must come from those; the tests check it. A tap on a public choice calls `context.submit(seat, action)`, which
goes through the referee exactly like a seat's button.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from kiosk.referee.awaited import Awaited
from kiosk.games.base import Action, Event, Prompt
from kiosk.ui.scene import Scene


@dataclass(frozen=True)
class BoardContext:
    game_id: str
    seats: int
    narrator: Any  # kiosk.referee.narration.Narrator of this game: names of seats, cards, places
    submit: Callable[[int, Action], None]  # a public choice tapped on the touchscreen
    bots: frozenset[int] = frozenset()
    reveal_seconds: float = 3.0  # the table's reveal speed: how long a Time reveal takes to show
    options: dict[str, Any] = field(default_factory=dict)  # the game's resolved options


class Board(Scene, Protocol):
    def update(self, view: dict[str, Any], prompts: list[Prompt], now: float, awaited: tuple[Awaited, ...] = ()) -> None:
        """The public view as it stands, the public prompts of the seats people play, and every seat
        awaited now (people and bots, public and private prompts) for the status line."""

    def observe(self, events: list[Event], now: float) -> None:
        """Public events as they happen, in order (banners, reveals, the end)."""


# game id -> module holding `make_board(context) -> Board`
BOARD_MODULES = {
    "mystery-express": "kiosk.ui.boards.mystery_express",
    "pi": "kiosk.ui.boards.pi",
    "watson-holmes": "kiosk.ui.boards.watson_holmes",
    "mystery-city": "kiosk.ui.boards.mystery_city",
}


def make_board(context: BoardContext) -> Board:
    module = importlib.import_module(BOARD_MODULES[context.game_id])
    board: Board = module.make_board(context)
    return board
