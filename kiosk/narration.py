"""Which narrator turns a game's events into sentences, picked up at any point of a game."""

from __future__ import annotations

from typing import Any

from kiosk.games.mystery_express.narrate import Narrator as MysteryExpressNarrator
from kiosk.games.mystery_express.rules import load_rules


def _mystery_express(public_view: dict[str, Any]) -> MysteryExpressNarrator:
    characters = {p["seat"]: p["character"] for p in public_view.get("players", [])}
    return MysteryExpressNarrator(load_rules(), characters)


NARRATORS = {"mystery-express": _mystery_express}


def narrator_for(game_id: str, public_view: dict[str, Any]) -> MysteryExpressNarrator:
    """A narrator for the game as it stands (a resumed game already has its characters)."""
    return NARRATORS[game_id](public_view)
