"""Which seat pages draw a game's seat screens.

Mystery Express has its own; a game whose seat screens are not written yet gets plain pages: the
prompt's choices by their kind and arguments, so it can still be played and tested at the table.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.i18n import N_, Text
from kiosk.seats.controller import SeatPages
from kiosk.seats.screen import Item, Screen


def describe_action(action: Action) -> str:
    return " ".join([action.kind, *(str(arg) for arg in action.args)])


@dataclass
class PlainPages:
    """Seat pages for a game without its own: who you are, and the choices as plain words."""

    lang: str
    pages: tuple[str, ...] = ()

    def idle(self, view: dict[str, Any]) -> Screen:
        seat = view.get("you", {}).get("seat", 0)
        return Screen(Text(N_("Seat {n}"), {"n": seat + 1}).render(self.lang), (Item(Text(N_("Waiting")).render(self.lang)),))

    def page(self, name: str, view: dict[str, Any], index: int) -> Screen:
        return self.idle(view)

    def choice(self, prompt: Prompt, index: int) -> Screen:
        items = tuple(Item(describe_action(a)) for a in prompt.actions)
        return Screen(prompt.kind.replace("_", " "), items, index % len(items))

    def reveal(self, event: Event) -> Screen | None:
        return None

    def observe(self, events: list[Event]) -> None:
        """Plain pages keep no notes."""


# game id -> module holding `make_pages(narrator, lang, assist) -> SeatPages`; others get PlainPages
PAGE_MODULES = {
    "mystery-express": "kiosk.seats.mystery_express",
    "mystery-city": "kiosk.seats.mystery_city",
}


def seat_pages(game_id: str, narrator: Any, lang: str, assist: bool = False) -> SeatPages:
    module = PAGE_MODULES.get(game_id)
    if module is None:
        return PlainPages(lang)
    pages: SeatPages = importlib.import_module(module).make_pages(narrator, lang, assist)
    return pages
