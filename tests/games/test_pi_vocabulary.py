"""fixPI30: P.I.'s player-facing texts call the 14 places of the map by one word, the rules' own:
"location" («lugar»), not "place", "hideout", «ubicación» or «escondite» beside it. "Place an
investigator" (the rules' action, a verb) stays."""

from __future__ import annotations

import re

import pytest

from kiosk.games.pi.explain import MOMENTS, PROMPTS
from kiosk.i18n import Text
from kiosk.seats import pi as seat
from kiosk.ui.boards.pi import ASK
from kiosk.ui.boards.pi_solution import HEADINGS
from kiosk.ui.how_to_play import LESSONS
from kiosk.ui.rules_text import RULES

OTHER_WORDS = {"en": re.compile(r"\b(places?|hideouts?)\b", re.I),
               "es": re.compile(r"\b(ubicaci[oó]n|ubicaciones|escondites?)\b", re.I)}


def texts() -> list[str]:
    found = [part for explanation in PROMPTS.values() for part in explanation.parts()]
    found += list(MOMENTS.values()) + list(ASK.values()) + list(HEADINGS.values())
    found += [text for lesson in LESSONS["pi"] for text in (lesson.title, lesson.body)]
    found += [text for page in RULES["pi"] for text in (page.title, page.body)]
    found += list(seat.PROMPT_TITLES.values()) + [words for words, _ in seat.GROUPS.values()]
    return found


@pytest.mark.parametrize("lang", ["en", "es"])
def test_one_word_for_a_location_of_the_map(lang):
    said = [Text(msgid, {"seat": "1"}).render(lang) for msgid in texts()]
    strays = [text for text in said if OTHER_WORDS[lang].search(re.sub(r"place an investigator", "", text, flags=re.I))]
    assert not strays, strays
    assert any("location" in text for text in said) if lang == "en" else any("lugar" in text for text in said)
