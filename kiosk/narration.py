"""Which narrator turns a game's events into sentences."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from kiosk.games.base import Event
from kiosk.games.mystery_city.cards import load_cards as load_mystery_city_cards
from kiosk.games.mystery_city.narrate import Narrator as MysteryCityNarrator
from kiosk.games.mystery_express.narrate import Narrator as MysteryExpressNarrator
from kiosk.games.mystery_express.rules import load_rules
from kiosk.i18n import Text


class Narrator(Protocol):
    def seat(self, seat: int) -> Text: ...

    def describe(self, event: Event) -> Text | None: ...


NARRATORS: dict[str, Callable[[], Narrator]] = {
    "mystery-express": lambda: MysteryExpressNarrator(load_rules()),
    "mystery-city": lambda: MysteryCityNarrator(load_mystery_city_cards()),
}


def narrator_for(game_id: str) -> Narrator:
    return NARRATORS[game_id]()
