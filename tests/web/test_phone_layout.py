"""The phone page at a phone's size (390x844), as a person holds it: the top of the page says whose
turn it is, in the page's language; a P.I. turn's 24 choices fit in a few screens, "Solve the case"
first and the tiles two a line; the places, each sent from its summary as on the seat (fixPI30), stay tiles of
one grid, and a tap opens the summary, whose Back sends nothing. Screenshots in English and Spanish go to build/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from kiosk.web.seat_feed import PhoneSeats
from tests.table_support import table_referee
from tests.web.browser_support import PHONE_HEIGHT, PHONE_WIDTH, buttons, phone_browser, shot, text_of
from tests.web.phone_support import phone_server, phones_only_at, pump_until

WIDTH, HEIGHT = PHONE_WIDTH, PHONE_HEIGHT


@pytest.fixture
def phone() -> Iterator[webdriver.Chrome]:
    with phone_browser() as driver:
        yield driver


def banner(driver: webdriver.Chrome) -> str:
    """The words at the top of the page, where it is on the screen: "" until it is drawn there."""
    try:
        found = driver.find_elements(By.CSS_SELECTOR, "main .turn")
        return found[0].text if found and 0 <= top(driver, found[0]) < 10 else ""
    except WebDriverException:  # redrawn meanwhile
        return ""


def top(driver: webdriver.Chrome, element) -> float:
    """Where `element` is from the top of the window (the page scrolled as it is)."""
    return float(driver.execute_script("return arguments[0].getBoundingClientRect().top;", element))


def test_a_pi_turn_on_a_phone_says_whose_turn_it_is_and_fits_its_choices(mock_table, tmp_path, phone):
    with phone_server(mock_table.table.events) as (hub, server):
        phones_only_at(hub, 4, 0, 1)
        # Seat 1 on the phone, seat 2 at the table (its player waits on the test), bots at 3 and 4.
        store, session, referee = table_referee(mock_table, tmp_path, "pi", 4, bots=(2, 3), phones=PhoneSeats(hub))
        phone.get(hub.url(0))
        assert pump_until(referee, lambda: banner(phone) == "It is seat 2's turn")  # seat 2 begins
        assert not buttons(phone)
        shot(phone, "pi-seat-2s-turn-en")
        play_at_the_table(session, referee)
        assert pump_until(referee, lambda: len(buttons(phone)) == 24)
        shot(phone, "pi-your-turn-en")
        assert banner(phone) == "It is your turn"
        solve = buttons(phone)[0]
        assert solve.text.startswith("Solve the case")
        # first of all but the cards held, which a case's first turn reads before its choices (playPI14), no scrolling
        held = phone.find_elements(By.CSS_SELECTOR, "section.prompt .card.reading")
        assert len(held) == 1 and "Case of Seat 2: " in held[0].text
        assert top(phone, solve) + solve.rect["height"] < HEIGHT / 3 + held[0].rect["height"] + 16
        tiles = phone.find_elements(By.CSS_SELECTOR, "section.prompt .tiles button")
        assert len(tiles) == 23  # 14 locations to investigate, 9 evidence cards
        rows = {round(t.rect["y"]) for t in tiles}
        assert len(rows) <= 12 and all(t.rect["width"] < WIDTH / 2 for t in tiles)  # two a line
        # The 14 places, each behind its summary, are tiles of one grid (not 14 sections of one button each).
        places = phone.find_elements(By.CSS_SELECTOR, "section.prompt .tiles button[data-confirms]")
        assert len(places) == 14 and len({p.find_element(By.XPATH, "..").id for p in places}) == 1
        assert not phone.find_elements(By.CSS_SELECTOR, "section.prompt section.group section.group")
        stored = store_size(session)
        places[0].click()  # the summary, as the seat shows it: nothing is sent yet
        assert pump_until(referee, lambda: "Send an investigator?" in text_of(phone, "section.prompt .summary"))
        assert text_of(phone, "section.prompt h2") == "Investigators: 5"
        assert "Lakeside" in text_of(phone, "section.prompt .summary") and "Left after this: 4" in text_of(phone, "section.prompt .summary")
        assert [b.text for b in buttons(phone)] == ["Send", "Back"]
        shot(phone, "pi-send-an-investigator-en")
        buttons(phone)[1].click()  # Back: the choices again, nothing sent
        assert pump_until(referee, lambda: len(buttons(phone)) == 24) and store_size(session) == stored
        referee.set_language("es")
        assert pump_until(referee, lambda: banner(phone) == "Es tu turno"
                          and text_of(phone, "section.prompt button").startswith("Resolver"))
        shot(phone, "pi-your-turn-es")
        assert pump_until(referee, lambda: tap_a_tile(phone) and "¿Enviar investigador?" in text_of(phone, "section.prompt .summary"))
        assert [b.text for b in buttons(phone)] == ["Enviar", "Atrás"]
        shot(phone, "pi-send-an-investigator-es")
        # Seat 1 plays its turn on the phone: then the page says it is seat 2's, at the top however far one reads.
        assert pump_until(referee, lambda: banner(phone) == "Es el turno del puesto 2" or (tap_a_tile(phone) and False))
        assert not buttons(phone)
        shot(phone, "pi-seat-2s-turn-es")
        phone.execute_script("window.scrollTo(0, document.body.scrollHeight);")
        assert banner(phone) == "Es el turno del puesto 2"


def store_size(session) -> int:
    """How many moves the table has taken (a summary opened on the phone sends none)."""
    return len(session.state.history)


def tap_a_tile(driver: webdriver.Chrome) -> bool:
    """Tap the first tile of the page (a place to investigate, a tile to note), if it shows one now; on a
    place's summary, send it."""
    try:
        tiles = driver.find_elements(By.CSS_SELECTOR, "section.prompt .send:enabled")
        tiles = tiles or driver.find_elements(By.CSS_SELECTOR, "section.prompt .tiles button:enabled")
        if tiles:
            tiles[0].click()
        return bool(tiles)
    except WebDriverException:  # redrawn under the finger: again next time
        return False


def play_at_the_table(session, referee) -> None:
    """Seat 2's player takes its first choices at the table until seat 1 is asked to play."""
    def played() -> bool:
        prompts = session.game.prompts(session.state)
        if any(p.seat == 0 for p in prompts):
            return True
        for prompt in (p for p in prompts if p.seat == 1):
            referee.submit(1, prompt.actions[0])
        return False

    assert pump_until(referee, played)
