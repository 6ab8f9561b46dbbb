"""The character cards, loaded from characters.toml: names, texts and which engine hook each one runs."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CHARACTERS_FILE = Path(__file__).with_name("characters.toml")
WHEN = ("visit_turn", "outbid", "at_221b", "any")
EFFECTS = ("toby", "copy", "first_at_221b", "pens_down", "extra_read", "police", "cheap_watson", "full_refund")


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    text: str
    when: str
    effect: str
    min_players: int = 2
    no_copy: bool = False
    value: int = 0
    displace_bid: int = 0
    cost: int = 0


@dataclass(frozen=True)
class Characters:
    discard_value: int
    cards: tuple[Character, ...]

    def get(self, character_id: str) -> Character:
        return next(c for c in self.cards if c.id == character_id)

    def by_effect(self, effect: str) -> Character | None:
        return next((c for c in self.cards if c.effect == effect), None)


class CharactersError(ValueError):
    pass


@cache
def load_characters(path: Path = CHARACTERS_FILE) -> Characters:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        cards = []
        for index, entry in enumerate(raw["character"]):
            character = Character(
                id=str(entry["id"]),
                name=str(entry["name"]),
                text=str(entry["text"]),
                when=str(entry["when"]),
                effect=str(entry["effect"]),
                min_players=int(entry.get("min_players", 2)),
                no_copy=bool(entry.get("no_copy", False)),
                value=int(entry.get("value", 0)),
                displace_bid=int(entry.get("displace_bid", 0)),
                cost=int(entry.get("cost", 0)),
            )
            if character.when not in WHEN:
                raise ValueError(f"character[{index}] ({character.id}): when must be one of {', '.join(WHEN)}")
            if character.effect not in EFFECTS:
                raise ValueError(f"character[{index}] ({character.id}): effect must be one of {', '.join(EFFECTS)}")
            cards.append(character)
        if len({c.effect for c in cards}) != len(cards):
            raise ValueError("two characters share an effect")
        return Characters(int(raw["discard_value"]), tuple(cards))
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        raise CharactersError(f"{path.name}: {error}") from error


def data_names() -> set[str]:
    """Names and texts players see: each needs a Spanish entry."""
    characters = load_characters()
    return {c.name for c in characters.cards} | {c.text for c in characters.cards}
