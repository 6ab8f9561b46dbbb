"""The phone page at a phone's size (390x844) says what it asks: a card asked of the seat by another
player reads "Doctor Strauss asks for a Motive" above the cards, the journal says how each card was
seen in words ("dealt at the start"), and the category marks are the page's vector icons. In English,
then in Spanish; screenshots go to build/screenshots/ (phone-asked-*.png)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from kiosk.i18n import Text
from kiosk.seats.mystery_express import A_CATEGORY, ASKED
from kiosk.web.seat_feed import PhoneSeats
from tests.table_support import table_referee
from tests.web.browser_support import PHONE_HEIGHT, PHONE_WIDTH, phone_browser, shot, tap_a_choice
from tests.web.phone_support import phone_server, phones_only_at, pump_until

WIDTH, HEIGHT = PHONE_WIDTH, PHONE_HEIGHT


@pytest.fixture
def phone() -> Iterator[webdriver.Chrome]:
    with phone_browser() as driver:
        yield driver


def asking(driver: webdriver.Chrome) -> str:
    """The asked-for line under the prompt's title, "" while there is none."""
    try:
        found = driver.find_elements(By.CSS_SELECTOR, "section.prompt > p.asking")
        return found[0].text if found else ""
    except WebDriverException:  # redrawn meanwhile
        return ""


def page_text(driver: webdriver.Chrome) -> str:
    try:
        return str(driver.find_element(By.ID, "seat").text)
    except WebDriverException:
        return ""


def test_a_card_asked_by_another_player_says_who_asks_for_what_and_the_journal_says_how(mock_table, tmp_path, phone):
    rng = random.Random(7)
    with phone_server(mock_table.table.events) as (hub, server):
        phones_only_at(hub, 4, 0)
        store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 5, bots=(1, 2, 3),
                                                options={"characters": "random"}, phones=PhoneSeats(hub))
        phone.get(hub.url(0))
        # The phone plays its own turns and answers (any choice); the bots play theirs, until one of
        # them asks it for a card of a category (the Dining Car, a character's power).
        assert pump_until(referee, lambda: " asks for " in asking(phone) or (tap_a_choice(phone, rng) and False))
        prompt = referee.controllers[0].prompt
        assert prompt is not None and prompt.kind in ASKED
        narrator = referee.controllers[0].ui.narrator
        asker = session.game.view(session.state, None)["active"]
        category = session.game.view(session.state, 0)["step"]["category"]
        line = asking(phone)
        assert line.startswith(narrator.seat(asker).render("en") + " asks ")
        assert line.endswith(Text(A_CATEGORY[category]).render("en"))
        text = page_text(phone)
        assert "dealt at the start" in text and "leg 0" not in text
        # The cards to choose from carry the category's icon, a vector symbol of the page.
        icons = phone.find_elements(By.CSS_SELECTOR, "section.prompt button svg.glyph use")
        assert icons and {i.get_attribute("href") for i in icons} == {f"#icon-{category}"}
        assert phone.execute_script("return document.getElementById(arguments[0]) !== null;", f"icon-{category}")
        phone.execute_script("window.scrollTo(0, 0);")
        shot(phone, "asked-en")
        scroll_to_journal(phone, "dealt at the start")
        shot(phone, "asked-journal-en")
        referee.set_language("es")
        spanish = narrator.seat(asker).render("es") + " "
        assert pump_until(referee, lambda: asking(phone).startswith(spanish) and " pide " in asking(phone))
        assert asking(phone).endswith(Text(A_CATEGORY[category]).render("es"))
        assert "repartida al principio" in page_text(phone)
        phone.execute_script("window.scrollTo(0, 0);")
        shot(phone, "asked-es")
        scroll_to_journal(phone, "repartida al principio")
        shot(phone, "asked-journal-es")


def scroll_to_journal(driver: webdriver.Chrome, words: str) -> None:
    """The journal's cards of the seat's own deal, in the middle of the screen."""
    dealt = driver.find_elements(By.XPATH, f"//section//span[@class='detail' and text()='{words}']")
    assert dealt
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", dealt[0])
