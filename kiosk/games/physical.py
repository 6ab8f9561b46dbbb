"""The NFC-tagged things each game has on the table, by id: what `kiosk tags write|learn` prepares and
what the simulator's reader panel offers.

- Mystery Express: the character tokens (a token laid on the reader claims a seat).
- Mystery City: its cards (played by tapping them with the `deck = nfc` option).
- Watson & Holmes: the location cards of every case (read by tapping them with `physical = true`).
- P.I. uses no tags.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from kiosk.games import registry
from kiosk.games.mystery_city.cards import load_cards
from kiosk.games.mystery_express.rules import load_rules
from kiosk.games.watson_holmes.narrate import CaseText
from kiosk.i18n import Text


def _cases(case: str | None) -> list[Any]:
    """The Watson & Holmes cases whose cards may be on the table: the one being played, else all."""
    cases = getattr(registry.get("watson-holmes"), "cases", {})
    return [cases[case]] if case in cases else list(cases.values())


def _watson_holmes(case: str | None) -> list[str]:
    return sorted({card.id for found in _cases(case) for card in found.cards})


TAGGED: dict[str, Callable[[str | None], list[str]]] = {
    "mystery-express": lambda case: [character.id for character in load_rules().characters],
    "mystery-city": lambda case: load_cards().ids(),
    "watson-holmes": _watson_holmes,
}


# Games whose players each have a tagged token of their own, which claims a seat when laid on the reader.
SEAT_TOKENS = frozenset({"mystery-express"})


def has_seat_tokens(game_id: str) -> bool:
    """Whether the seat claim may ask players to tap their token (P.I. has none, the others tag cards)."""
    return game_id in SEAT_TOKENS and bool(physical_tags(game_id))


def physical_tags(game_id: str, case: str | None = None) -> list[str]:
    """The ids of the game's tagged cards and tokens (empty for a game without tags); for Watson &
    Holmes, those of `case` when it is the case being played, else of every case."""
    found = TAGGED.get(game_id)
    return found(case) if found is not None else []


def _watson_holmes_names(case: str | None) -> dict[str, Text]:
    """A location card's name as printed in its case (without one, the first case with that id)."""
    names: dict[str, Text] = {}
    for found in _cases(case):
        for card in found.cards:
            names.setdefault(card.id, CaseText("", dict(card.name)))
    return names


NAMES: dict[str, Callable[[str | None], dict[str, Text]]] = {
    "mystery-express": lambda case: {c.id: Text(c.name) for c in load_rules().characters},
    "mystery-city": lambda case: {card_id: Text(load_cards().card(card_id).name) for card_id in load_cards().ids()},
    "watson-holmes": _watson_holmes_names,
}


@cache
def tag_names(game_id: str, case: str | None = None) -> dict[str, Text]:
    """What players call each tagged card or token of the game (rendered in the reader's language)."""
    found = NAMES.get(game_id)
    return found(case) if found is not None else {}
