"""Which narrator turns a game's events into sentences, picked up at any point of a game.

A narrator builder takes the game's public view (a resumed game already has its characters, say) and
returns an object with `describe(event) -> Text | None` and `seat(n) -> Text`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kiosk.games import registry
from kiosk.games.base import Event
from kiosk.games.mystery_city.cards import load_cards as load_mystery_city_cards
from kiosk.games.mystery_city.narrate import Narrator as MysteryCityNarrator
from kiosk.games.mystery_express.narrate import Narrator as MysteryExpressNarrator
from kiosk.games.mystery_express.rules import load_rules
from kiosk.games.pi.narrate import Narrator as PINarrator
from kiosk.games.watson_holmes.case import Case
from kiosk.games.watson_holmes.narrate import Narrator as WatsonHolmesNarrator
from kiosk.i18n import N_, Text


class Narrator(Protocol):
    def describe(self, event: Event) -> Text | None: ...

    def seat(self, seat: int) -> Text: ...


class QuietNarrator:
    """For a game that has no narrator yet: seats by number, no sentences."""

    def describe(self, event: Event) -> Text | None:
        return None

    def seat(self, seat: int) -> Text:
        return Text(N_("Seat {n}"), {"n": seat + 1})


def _mystery_express(public_view: dict[str, Any]) -> Narrator:
    characters = {p["seat"]: p["character"] for p in public_view.get("players", [])}
    return MysteryExpressNarrator(load_rules(), characters)


def table_case(case_id: str) -> Case | None:
    """A Watson & Holmes case the table offers now (bundled or from its cases folder), by id."""
    return getattr(registry.get("watson-holmes"), "cases", {}).get(case_id)


NARRATORS: dict[str, Callable[[dict[str, Any]], Narrator]] = {
    "mystery-express": _mystery_express,
    "pi": lambda public_view: PINarrator(),
    "watson-holmes": lambda public_view: WatsonHolmesNarrator(table_case(public_view.get("case", {}).get("id", ""))),
    "mystery-city": lambda public_view: MysteryCityNarrator(load_mystery_city_cards()),
}


# The events a headless run prints by default, one line per leg or round (all of them with --narrate).
HEADLINES: dict[str, frozenset[str]] = {
    "mystery-express": frozenset({"leg_start", "arrive", "game_over"}),
    "pi": frozenset({"minigame_start", "minigame_end", "game_over"}),
    "watson-holmes": frozenset({"round_start", "game_over"}),
    "mystery-city": frozenset({"eliminated", "game_over"}),
}


def narrator_for(game_id: str, public_view: dict[str, Any]) -> Any:
    """A narrator for the game as it stands."""
    builder = NARRATORS.get(game_id)
    return builder(public_view) if builder is not None else QuietNarrator()
