"""Players for empty seats. A bot sees what its seat may see (the view) and its prompt, nothing else.

May import the games (their views, prompts and public rules data) only: never the state's hidden
parts, the referee or any screen.
"""

from __future__ import annotations

from typing import Any, Protocol

from kiosk.games.base import Action, Event, Prompt


class Bot(Protocol):
    seat: int

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action: ...

    def observe(self, events: list[Event]) -> None:
        """Events of one step, already filtered to those its seat may see (`Event.visible_to`)."""
        ...
