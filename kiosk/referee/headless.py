"""Plays a game between bots without any screen: for the terminal, the tests and the benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Iterator
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
    apply: Callable[[int, Action], list[Event]] | None = None,
) -> Iterator[Step]:
    """Yield every step until the game is over. Simultaneous prompts are answered in seat order.

    `apply` defaults to the game's own; a stored session passes its `apply`, which commits each action.
    After each step every bot observes the events its seat may see.
    """
    commit = apply or (lambda seat, action: game.apply(state, seat, action))
    while prompts := game.prompts(state):
        prompt = min(prompts, key=lambda p: p.seat)
        bot = bots[prompt.seat]
        action = bot.choose(game.view(state, prompt.seat), prompt)
        events = commit(prompt.seat, action)
        for each in bots:  # every bot hears what its seat may see, and nothing else
            each.observe([e for e in events if e.visible_to(each.seat)])
        yield Step(prompt.seat, action, events)
