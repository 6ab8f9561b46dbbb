"""A Watson & Holmes phone seat choosing where to go (fixWH30): 221B is sent from its summary, a group of one
choice. Standing among the places as its own section it would split their grid (the places before it in one grid,
then the "Go to 221B?" summary, then the Carriage Stop alone on a full-width button). It is a tile of the one grid
instead, as every choice behind a summary is (fixPI30), and its tap opens the summary: Send, or Back with nothing
sent."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from kiosk.web.seat_feed import PhoneSeats
from tests.table_support import table_referee
from tests.web.browser_support import PHONE_WIDTH, phone_browser, shot
from tests.web.phone_support import phone_server, phones_only_at, pump_until


@pytest.fixture
def phone() -> Iterator[webdriver.Chrome]:
    with phone_browser() as driver:
        yield driver


def tiles(driver: webdriver.Chrome) -> list[str]:
    return [t.text for t in driver.find_elements(By.CSS_SELECTOR, "section.prompt .tiles button")]


def test_221b_is_a_tile_of_the_places_whose_tap_opens_its_summary(mock_table, tmp_path, phone):
    with phone_server(mock_table.table.events) as (hub, server):
        phones_only_at(hub, 3, 0)
        store, session, referee = table_referee(mock_table, tmp_path, "watson-holmes", 7, seats=3, bots=(1, 2),
                                                options={"case": "brighton-pomeranian"}, phones=PhoneSeats(hub))
        phone.get(hub.url(0))

        def the_places() -> bool:
            if any(p.seat == 0 and p.kind == "visit" for p in session.game.prompts(session.state)):
                skip = [b for b in phone.find_elements(By.CSS_SELECTOR, "section.prompt > button") if not b.text.startswith("?")]
                if skip and not tiles(phone):  # "Learn as you play" is off here; any first page is passed
                    skip[0].click()
                return any("The Carriage Stop" in t for t in tiles(phone))
            return False

        assert pump_until(referee, the_places)
        shot(phone, "wh-where-to-221b-tile-en")
        grids = phone.find_elements(By.CSS_SELECTOR, "section.prompt .tiles")
        places = [t for g in grids for t in g.find_elements(By.CSS_SELECTOR, "button")]
        assert all(t.rect["width"] < PHONE_WIDTH / 2 for t in places)
        (baker,) = [t for t in places if "221B" in t.text]
        assert baker.get_attribute("data-confirms") == "true"
        # 221B does not split the grid it stands in (a locked card's page may: it is read in its place)
        neighbours = baker.find_element(By.XPATH, "..").find_elements(By.CSS_SELECTOR, "button")
        assert any("The Carriage Stop" in t.text for t in neighbours), [t.text for t in neighbours]
        visits = len([p for p in session.game.prompts(session.state) if p.seat == 0])
        baker.click()  # the summary, as the seat shows it: nothing is sent yet
        assert pump_until(referee, lambda: "answer every question" in summary_text(phone))
        assert phone.find_element(By.CSS_SELECTOR, "section.prompt h2").text.startswith("Go to 221B?")
        assert "221B Baker Street" in summary_text(phone)
        buttons = phone.find_elements(By.CSS_SELECTOR, "section.prompt > button")
        assert [b.text for b in buttons] == ["Send", "Back"]
        shot(phone, "wh-221b-summary-en")
        buttons[1].click()  # Back: the places again, nothing sent
        assert pump_until(referee, lambda: any("221B" in t for t in tiles(phone)))
        assert len([p for p in session.game.prompts(session.state) if p.seat == 0 and p.kind == "visit"]) == visits
        store.close()


def summary_text(driver: webdriver.Chrome) -> str:
    found = driver.find_elements(By.CSS_SELECTOR, "section.prompt .summary")
    return found[0].text if found else ""
