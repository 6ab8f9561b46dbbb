"""Which narrator turns a game's events into sentences."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from kiosk.games.base import Event
from kiosk.games.mystery_express.narrate import Narrator as MysteryExpressNarrator
from kiosk.games.mystery_express.rules import load_rules
from kiosk.games.watson_holmes.narrate import Narrator as WatsonHolmesNarrator
from kiosk.i18n import Text


class Narrator(Protocol):
    def describe(self, event: Event) -> Text | None: ...

    def seat(self, seat: int) -> Text: ...


NARRATORS: dict[str, Callable[[], Narrator]] = {
    "mystery-express": lambda: MysteryExpressNarrator(load_rules()),
    "watson-holmes": lambda: WatsonHolmesNarrator(),
}


def narrator_for(game_id: str) -> Narrator:
    return NARRATORS[game_id]()
