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
from tests.web.browser_support import PHONE_HEIGHT, PHONE_WIDTH, phone_browser, shot, tap_a_choice, text_of
from tests.web.phone_support import phone_server, phones_only_at, pump_until

WIDTH, HEIGHT = PHONE_WIDTH, PHONE_HEIGHT


@pytest.fixture
def phone() -> Iterator[webdriver.Chrome]:
    with phone_browser() as driver:
        yield driver


def asking(driver: webdriver.Chrome) -> str:
    """The asked-for line under the prompt's title, "" while there is none."""
    return text_of(driver, "section.prompt > p.asking")


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
        assert split_numbers(phone) == []
        referee.set_language("es")
        spanish = narrator.seat(asker).render("es") + " "
        assert pump_until(referee, lambda: asking(phone).startswith(spanish) and " pide " in asking(phone))
        assert asking(phone).endswith(Text(A_CATEGORY[category]).render("es"))
        assert "repartida al principio" in page_text(phone)
        phone.execute_script("window.scrollTo(0, 0);")
        shot(phone, "asked-es")
        scroll_to_journal(phone, "repartida al principio")
        shot(phone, "asked-journal-es")
        assert split_numbers(phone) == []  # "tramo" over "1" was the flaw


def scroll_to_journal(driver: webdriver.Chrome, words: str) -> None:
    """The journal's cards of the seat's own deal, in the middle of the screen."""
    dealt = driver.find_elements(By.XPATH, f"//section//span[@class='detail' and text()='{words}']")
    assert dealt
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", dealt[0])


SPLIT_NUMBERS = """
const split = [];
for (const node of document.querySelectorAll('#seat section')) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    for (const found of text.data.matchAll(/[^\\s\\u00a0]+[\\s\\u00a0]+\\d+|\\d+[\\s\\u00a0]+[^\\s\\u00a0]+/g)) {
      const range = document.createRange();
      range.setStart(text, found.index);
      range.setEnd(text, found.index + found[0].length);
      const boxes = Array.from(range.getClientRects()).filter(function (r) { return r.width > 0; });
      const tops = new Set(boxes.map(function (r) { return Math.round(r.bottom); }));
      if (tops.size > 1) split.push(found[0]);
    }
  }
}
return split;
"""


def split_numbers(driver: webdriver.Chrome) -> list[str]:
    """Every number on the page laid out on another line than the word before or after it ("tramo"
    at the end of a line, "1" alone on the next), as the browser laid them out."""
    return list(driver.execute_script(SPLIT_NUMBERS))
