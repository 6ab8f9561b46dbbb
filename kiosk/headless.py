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
    """Yield every step until the game is over. Simultaneous prompts are answered in seat order.

    After each step every bot observes the events its seat may see.
    """
    while prompts := game.prompts(state):
        prompt = min(prompts, key=lambda p: p.seat)
        bot = bots[prompt.seat]
        action = bot.choose(game.view(state, prompt.seat), prompt)
        events = game.apply(state, prompt.seat, action)
        for each in bots:  # every bot hears what its seat may see, and nothing else
            each.observe([e for e in events if e.visible_to(each.seat)])
        yield Step(prompt.seat, action, events)
