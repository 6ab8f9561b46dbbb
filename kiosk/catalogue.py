"""Which messages the kiosk shows: extracted from the source (`_` and `N_`) and from the rules data.

Used by the tests that keep the Spanish catalogue complete, and by anyone updating a `.po` file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from babel.messages.extract import extract_from_dir

from kiosk.games.mystery_city import cards as mystery_city_cards
from kiosk.games.mystery_express import rules as mystery_express_rules
from kiosk.games.watson_holmes import characters as watson_holmes_characters
from kiosk.games.pi import rules as pi_rules

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ("kiosk", "hardware")


def source_messages() -> set[str]:
    messages: set[str] = set()
    for folder in SOURCE_DIRS:
        path = ROOT / folder
        if not path.is_dir():
            continue
        for _filename, _lineno, message, _comments, _context in extract_from_dir(
            str(path), method_map=[("**.py", "python")], keywords={"_": None, "N_": None, "counted": (1, 2), "Nn_": (1, 2)}
        ):
            if isinstance(message, str):
                messages.add(message)
            elif isinstance(message, tuple) and all(isinstance(part, str) for part in message[:2]):
                messages.add(message[0])  # a plural message: the catalogue keys it by its singular
    return messages


def game_names() -> set[str]:
    """The games' display names, as the menus show them (each game's `info.names` holds both)."""
    from kiosk.games import registry

    return {registry.get(game_id).info.names["en"] for game_id in registry.ids()}


# Each game's data files hold names players see (cards, places, characters): one function per game.
DATA_NAME_SOURCES: tuple[Callable[[], set[str]], ...] = (
    game_names,
    mystery_express_rules.data_names,
    watson_holmes_characters.data_names,
    pi_rules.data_names,
    mystery_city_cards.data_names,
)


def data_messages() -> set[str]:
    names: set[str] = set()
    for source in DATA_NAME_SOURCES:
        names |= source()
    return names


def all_messages() -> set[str]:
    return source_messages() | data_messages()


if __name__ == "__main__":
    for message in sorted(all_messages()):
        print(message)
