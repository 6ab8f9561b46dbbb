"""Plays a game between bots without any screen: for the terminal, the tests and the benchmarks."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kiosk.bots import Bot
from kiosk.bots.random_bot import RandomBot
from kiosk.games.base import Action, Event, Game


@dataclass(frozen=True)
class Step:
    seat: int
    action: Action
    events: list[Event]


def random_bots(seats: int, seed: int) -> list[Bot]:
    return [RandomBot(seat, seed) for seat in range(seats)]


def play(
    game: Game[Any],
    state: Any,
    bots: list[Bot],
) -> Iterator[Step]:
    """Yield every step until the game is over. Simultaneous prompts are answered in seat order."""
    while prompts := game.prompts(state):
        prompt = min(prompts, key=lambda p: p.seat)
        bot = bots[prompt.seat]
        action = bot.choose(game.view(state, prompt.seat), prompt)
        yield Step(prompt.seat, action, game.apply(state, prompt.seat, action))
