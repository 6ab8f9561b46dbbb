"""Which narrator turns a game's events into sentences."""

from __future__ import annotations

from kiosk.games.mystery_express.narrate import Narrator as MysteryExpressNarrator
from kiosk.games.mystery_express.rules import load_rules

NARRATORS = {"mystery-express": lambda: MysteryExpressNarrator(load_rules())}


def narrator_for(game_id: str) -> MysteryExpressNarrator:
    return NARRATORS[game_id]()
