"""Mystery Express calls the early guess a telegram (rules 9 #23, «telegrama»): the seat's title over
each line of it says so in the table's own words, or, where those do not fit the title bar, names the
category alone, as the final answers do; never another word ("Wire", «Cable») for the same thing."""

from __future__ import annotations

import pytest

from kiosk.games.mystery_express.narrate import CATEGORY_NAMES, Narrator
from kiosk.games.mystery_express.rules import CATEGORIES
from kiosk.i18n import Text
from kiosk.seats.mystery_express import menu
from kiosk.seats.screen import title_fits
from tests.games.me_support import GAME
from tests.seats.test_me_forms_mark_seen import form

WORD = {"en": "Telegram", "es": "Telegrama"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_line_of_a_telegram_is_titled_telegram_or_by_its_category_alone(lang):
    state, prompts, _, _ = form("telegram")
    prompt = prompts[0]
    titles = {}
    for category in CATEGORIES:
        prompt.data["category"] = category
        titles[category] = menu(prompt, GAME.view(state, 0), Narrator(GAME.rules), lang).screen().title
    for category, title in titles.items():
        name = Text(CATEGORY_NAMES[category]).render(lang)
        assert title in (f"{WORD[lang]}: {name}", name), f"{category}: {title!r}"
        assert title_fits(title)
    assert any(title.startswith(WORD[lang]) for title in titles.values())  # the word itself where it fits
