"""The checks every game's "Learn as you play" texts must pass, in one place for the tests and for
`kiosk explain GAME --check` (so a writer sees the problems without pytest).

- fits: each part of an explanation wraps to at most `READING_LINES` lines on a seat screen (one page
  above its footer, so an explanation takes three pages), and each
  moment is one sentence of at most `MOMENT_MAX_CHARS` characters, in every language;
- untranslated: each msgid has a translation that differs from the English (a name may be equal);
- leaks: no text holds a "{" placeholder or a name from the game's data (written per kind, never
  from state, so it cannot name anything private).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kiosk.games.explanations import moment_kinds, prompt_kinds
from kiosk.i18n import gettext_in
from kiosk.seats.canvas import LINE_WIDTH, paragraph
from kiosk.seats.learn import READING_LINES

LANGUAGES = ("en", "es")
# The board's banner fits its text by shrinking the type down to a floor; a sentence of this length
# still reads at that floor in the banner's five rows (issue 39: "one sentence, ~110 characters").
MOMENT_MAX_CHARS = 110
# Words the same in both languages on purpose (names of the games' own cards and places).
SAME_IN_SPANISH = re.compile(r"^[\d\sA-Z]*$")

_GAMES = Path(__file__).parent.parent / "games"
# Names every player sees on the board, which an explanation may use as rule terms (the train's cars,
# also the location cards, its cities, the characters chosen in the open): a fixed text naming a car
# tells nobody whose card it is. Every other card name is checked.
_PUBLIC_KEYS = {"mystery-express": {"cities", "cars", "characters"}}
_DATA = {
    "mystery-express": ["mystery_express/rules.toml"],
    "pi": ["pi/rules.toml"],
    "watson-holmes": ["watson_holmes/characters.toml"],
    "mystery-city": ["mystery_city/cards.toml"],
}


def _toml_names(data: Any, key: str = "") -> Iterator[str]:
    """Every `name` value and every string of a list of strings (the lists of suspects, places...)."""
    if isinstance(data, dict):
        for k, value in data.items():
            yield from _toml_names(value, k)
    elif isinstance(data, list):
        for value in data:
            if isinstance(value, str):
                yield value
            else:
                yield from _toml_names(value, key)
    elif isinstance(data, str) and key == "name":
        yield data


def _strings(data: Any) -> Iterator[str]:
    """Every string anywhere in `data`."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict | list):
        for value in data.values() if isinstance(data, dict) else data:
            yield from _strings(value)


def _case_names() -> Iterator[str]:
    """The titles, zones, cards and person answers of every bundled W&H case, in every language; not
    the two cards every case has (221B and the Carriage Stop are rule terms)."""
    from kiosk.games.watson_holmes.library import bundled_cases

    for case in bundled_cases().values():
        texts = [case.title, *(z.name for z in case.zones)]
        texts += [c.name for c in case.cards if c.id not in (case.baker_street_id, case.stop_id)]
        texts += [ch.label for q in case.questions if q.answer_kind == "PERSON_FULL_NAME" for ch in q.choices]
        for localized in texts:
            yield from localized.values()


def data_names(game_id: str) -> set[str]:
    """The names in a game's data, in English and Spanish, that an explanation must never hold."""
    found: set[str] = set()
    for relative in _DATA[game_id]:
        with open(_GAMES / relative, "rb") as f:
            data = tomllib.load(f)
        keys = _PUBLIC_KEYS.get(game_id, set())
        public = set(_strings([v for k, v in data.items() if k in keys]))
        found.update(set(_toml_names({k: v for k, v in data.items() if k not in keys})) - public)
    if game_id == "watson-holmes":
        found.update(_case_names())
    names = {n for n in found if n[:1].isupper() and len(n) >= 3}
    return names | {gettext_in("es", n) for n in names}


def texts(game_id: str) -> Iterator[tuple[str, str, str]]:
    """(where, msgid, kind of text) for every text of a game: "part" or "moment"."""
    for kind, explanation in prompt_kinds(game_id).items():
        for part, msgid in zip(("what", "choices", "tip"), explanation.parts()):
            yield f"{kind}.{part}", msgid, "part"
    for kind, sentence in moment_kinds(game_id).items():
        yield f"moment {kind}", sentence, "moment"


def problems(game_id: str) -> list[str]:
    """Every problem of a game's explanations, one line each (empty when all is well)."""
    found: list[str] = []
    names = data_names(game_id)
    for where, msgid, kind in texts(game_id):
        for lang in LANGUAGES:
            shown = gettext_in(lang, msgid)  # as Text(msgid).render(lang) shows it, without formatting a stray {placeholder}
            if kind == "part" and len(lines := paragraph(shown, LINE_WIDTH)) > READING_LINES:
                found.append(f"{where} [{lang}]: {len(lines)} lines on a seat, at most {READING_LINES}: {shown}")
            if kind == "moment" and len(shown) > MOMENT_MAX_CHARS:
                found.append(f"{where} [{lang}]: {len(shown)} characters, at most {MOMENT_MAX_CHARS}: {shown}")
            if "{" in shown:
                found.append(f"{where} [{lang}]: a placeholder: {shown}")
            for name in sorted(names):
                if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", shown):
                    found.append(f"{where} [{lang}]: names {name!r} from the game's data: {shown}")
        if gettext_in("es", msgid) == msgid and not SAME_IN_SPANISH.match(msgid):
            found.append(f"{where}: no Spanish translation: {msgid}")
    return found
