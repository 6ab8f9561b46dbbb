"""A Watson & Holmes phone seat choosing where to go (fixWH30): 221B is now sent from its summary, a group of one
choice, and such a group standing among the places would split their grid (the places before it in one grid,
then the "Go to 221B?" summary, then the Carriage Stop alone on a full-width button). A summary among tiles is
drawn after them instead: the places and the Carriage Stop stay one grid, two a line, 221B under its title below."""

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


def test_221b_summary_stands_after_the_grid_of_places(mock_table, tmp_path, phone):
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
        shot(phone, "wh-where-to-221b-summary-en")
        grid = phone.find_elements(By.CSS_SELECTOR, "section.prompt .tiles")
        assert all(t.rect["width"] < PHONE_WIDTH / 2 for g in grid for t in g.find_elements(By.CSS_SELECTOR, "button"))
        last = grid[-1].find_elements(By.CSS_SELECTOR, "button")[-1]
        assert "The Carriage Stop" in last.text  # the Carriage Stop in the grid, last of the places
        assert not any("221B" in t for t in tiles(phone))
        heads = [h.text for h in phone.find_elements(By.CSS_SELECTOR, "section.prompt section.group h2")]
        assert any(h.startswith("Go to 221B?") for h in heads[heads.index("Where to?"):])
        (summary,) = [b for g in phone.find_elements(By.CSS_SELECTOR, "section.prompt section.group")
                      if g.find_element(By.CSS_SELECTOR, "h2").text.startswith("Go to 221B?")
                      for b in g.find_elements(By.CSS_SELECTOR, "button")]
        assert summary.text.startswith("221B Baker Street") and "answer every question" in summary.text
        assert summary.rect["y"] > last.rect["y"]  # below the places
