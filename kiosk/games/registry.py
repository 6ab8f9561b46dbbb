"""The games that exist, by id."""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Game
from kiosk.games.mystery_city.game import MysteryCity
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.games.pi.game import PI
from kiosk.games.watson_holmes.game import WatsonHolmes

_GAMES: dict[str, Game[Any]] = {
    game.info.id: game for game in (MysteryExpress(), PI(), WatsonHolmes(), MysteryCity())
}


def ids() -> list[str]:
    return list(_GAMES)


def get(game_id: str) -> Game[Any]:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}, expected one of {', '.join(_GAMES)}") from None


def refresh() -> None:
    """Games that read their content from files look again (a case added to the cases folder)."""
    for game in _GAMES.values():
        again = getattr(game, "refresh", None)
        if again is not None:
            again()
