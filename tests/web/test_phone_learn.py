"""Learn as you play on the phone page, in a real browser (headless Chromium): the first time a kind
of decision comes up, the page explains it before the choices; "On to the choices" shows them, and a
"?" button opens the explanation again. The explanations are a test-only table."""

from __future__ import annotations

import pytest

from kiosk.games import explanations
from kiosk.games.explanations import Explanation
from kiosk.games.mystery_city import explain
from kiosk.seats.learn import Learning
from kiosk.web.seat_feed import PhoneSeats
from tests.table_support import table_referee
from tests.web.browser_support import buttons, phone_browser, shot, text_of
from tests.web.phone_support import phone_server, phones_only_at, pump_until

WHAT = "Your turn to attack: pick whom to duel."


@pytest.fixture
def explained(monkeypatch):
    monkeypatch.setattr(explain, "PROMPTS", {"attack": Explanation(WHAT, "Each choice is a rival.", "Pick well.")})
    explanations._tables.cache_clear()
    yield
    explanations._tables.cache_clear()


def prompt_text(browser) -> str:
    return text_of(browser, "section.prompt")


def test_the_phone_explains_first_then_behind_a_question_mark(mock_table, tmp_path, explained):
    with phone_server(mock_table.table.events) as (hub, server), phone_browser() as browser:
        phones_only_at(hub, 2, 0)
        learning = Learning("mystery-city")
        store, session, referee = table_referee(mock_table, tmp_path, "mystery-city", 3, seats=2, bots=(1,),
                                                phones=PhoneSeats(hub), learning=learning)
        assert next(p for p in session.game.prompts(session.state)).seat == 0
        browser.get(hub.url(0))
        assert pump_until(referee, lambda: WHAT in prompt_text(browser))
        shot(browser, "learn-first")
        (go,) = buttons(browser)  # the explanation, and only the way on: no choice yet
        assert learning.explained == {(0, "attack")}
        go.click()
        assert pump_until(referee, lambda: WHAT not in prompt_text(browser) and len(buttons(browser)) > 1)
        again = buttons(browser)[-1]
        assert again.text.startswith("?")
        again.click()
        assert pump_until(referee, lambda: WHAT in prompt_text(browser))
        shot(browser, "learn-again")
        store.close()
