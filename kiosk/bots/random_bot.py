"""A bot that picks a legal action at random, seeded per seat so a game replays exactly."""

from __future__ import annotations

import random
from typing import Any

from kiosk.games.base import Action, Event, Prompt

# Taking a choice back or walking the train without acting never helps a random player; leaving
# them out keeps its games short without changing what it may do.
AIMLESS = frozenset({"back", "move", "restart"})


class RandomBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(f"random-bot:{seed}:{seat}")

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        purposeful = [a for a in prompt.actions if a.kind not in AIMLESS]
        return self.rng.choice(purposeful or list(prompt.actions))

    def observe(self, events: list[Event]) -> None:
        """A random player remembers nothing."""
