"""Which seat pages draw a game's seat screens: each game has its own module."""

from __future__ import annotations

import importlib
from typing import Any

from kiosk.seats.controller import SeatPages

# game id -> module holding `make_pages(narrator, lang, assist) -> SeatPages`
PAGE_MODULES = {
    "mystery-express": "kiosk.seats.mystery_express",
    "pi": "kiosk.seats.pi",
    "watson-holmes": "kiosk.seats.watson_holmes",
    "mystery-city": "kiosk.seats.mystery_city",
}


def seat_pages(game_id: str, narrator: Any, lang: str, assist: bool = False) -> SeatPages:
    pages: SeatPages = importlib.import_module(PAGE_MODULES[game_id]).make_pages(narrator, lang, assist)
    return pages
