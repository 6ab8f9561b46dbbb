"""The phone page in a real browser (Debian's headless Chromium, driven by Selenium through Debian's
chromedriver: nothing is downloaded at test time): join by the seat's QR link, play a Watson &
Holmes round and a Mystery Express turn by tapping the page's buttons, lose the connection and come
back to what was missed. Screenshots of the page go to build/screenshots/ (the review artefacts)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from kiosk.games.pi.state import left
from kiosk.referee.narration import narrator_for
from kiosk.web.seat_feed import PhoneSeats
from kiosk.web.server import WebServer
from tests.table_support import table_referee
from tests.web.browser_support import buttons, chromium, shot, tap_a_choice, text_of
from tests.web.phone_support import LOOPBACK, lone_phone_game, phone_server, phones_only_at, pump_until


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    """A phone-sized headless Chromium."""
    with chromium(412, 915) as driver:
        yield driver


def test_a_watson_holmes_round_from_the_phone_page_and_back_after_a_drop(mock_table, tmp_path, browser):
    with phone_server(mock_table.table.events) as (hub, server):
        phones_only_at(hub, 4, 0)
        store, session, referee = table_referee(mock_table, tmp_path, "watson-holmes", 3, bots=(1, 2, 3),
                                                options={"case": "thornbury-clock"}, phones=PhoneSeats(hub))
        browser.get(hub.url(0))  # what the seat's QR code holds
        assert pump_until(referee, lambda: buttons(browser))
        shot(browser, "watson-holmes-first-choice")
        assert "Round 1" in text_of(browser, "section.prompt h1")
        narrator = narrator_for("watson-holmes", session.game.view(session.state, None))
        texts = {card.id: card.text["en"] for card in narrator.case.cards}
        read: list[tuple[str, str]] = []

        def round_played() -> bool:
            """Tap through the round; when seat 1 reads a card, its whole text is one block of the page."""
            prompt = next((p for p in session.game.prompts(session.state) if p.seat == 0), None)
            if prompt is not None and prompt.kind == "reading" and not read:
                block = text_of(browser, "section.prompt .reading")
                if not block:
                    return False  # the page has not drawn it yet
                read.append((prompt.data["cards"][0], " ".join(block.split())))
                shot(browser, "watson-holmes-reading")
            tap_a_choice(browser)
            return session.state.round > 1

        assert pump_until(referee, round_played)
        shot(browser, "watson-holmes-round-2")
        assert read, "seat 1 read no card in round 1"
        card, shown = read[0]
        assert " ".join(texts[card].split()) in shown
        # The table's network drops: the page says so, and the game goes on without the phone.
        port = server.port
        server.stop()
        assert pump_until(referee, lambda: "reconnecting" in browser.find_element(By.ID, "bar").text)
        shot(browser, "connection-lost")
        done = session.actions_done
        assert pump_until(referee, lambda: session.actions_done > done or (play_at_the_table(referee, 0) and False))
        back = WebServer(replace(LOOPBACK, port=port), hub, mock_table.table.events).start()
        try:
            # Back: the page catches up by itself with the seat as it is now.
            assert referee.phones is not None
            now = referee.phones.document(0, referee.controllers[0])["status"]["title"]
            assert pump_until(referee, lambda: not browser.find_element(By.ID, "bar").is_displayed()
                              and now in browser.find_element(By.ID, "seat").text)
            shot(browser, "back-after-the-drop")
            # The seat goes back to the table: the link dies, the page says so; the seat's new link works.
            hub.give_back(0)
            assert pump_until(referee, lambda: "given back" in browser.find_element(By.ID, "seat").text)
            shot(browser, "link-expired")
            browser.get(hub.url(0))
            assert pump_until(referee, lambda: browser.find_elements(By.CSS_SELECTOR, "main h1"))
            assert "expired" not in browser.find_element(By.ID, "seat").text
        finally:
            back.stop()


def play_at_the_table(referee, seat: int) -> bool:
    """The seat's player chooses at the table meanwhile (its first choice)."""
    controller = referee.controllers[seat]
    if controller.prompt is not None:
        referee.submit(seat, controller.ui.menu(controller.prompt, controller.view).leaves()[0])
    return True


def test_a_mystery_express_turn_from_the_phone_page(mock_table, tmp_path, browser):
    with lone_phone_game(mock_table, tmp_path) as (hub, server, session, referee, store):
        browser.get(hub.url(0))
        assert pump_until(referee, lambda: buttons(browser))
        shot(browser, "mystery-express-first-choice")
        asked = referee.controllers[0].your_move().notice  # "Your move": what is asked, said on the page too
        assert asked and pump_until(referee, lambda: asked in browser.find_element(By.TAG_NAME, "body").text)
        state = session.state
        # Seat 0 taps choices until it has had the turn and handed it on.
        had_turn = []
        rng = random.Random(1)

        def turn_done() -> bool:
            if any(p.seat == 0 and p.kind == "turn" for p in session.game.prompts(state)):
                had_turn.append(True)
            tap_a_choice(browser, rng)
            return bool(had_turn) and state.active != 0

        assert pump_until(referee, turn_done)
        shot(browser, "mystery-express-after-the-turn")
        hand = browser.find_element(By.ID, "seat").text
        assert "Your hand" in hand and "Seen" in hand


def test_a_p_i_phone_reads_whose_case_it_holds_above_the_cards_before_its_first_choices(mock_table, tmp_path, browser):
    """playPI14: a case's first turn opens on the cards the seat holds, a page of reading titled by whose
    case they are ("Case of Seat 2"); the phone shows that title before the three names, not the names alone."""
    with phone_server(mock_table.table.events) as (hub, server):
        phones_only_at(hub, 3, 0)
        store, session, referee = table_referee(mock_table, tmp_path, "pi", 3, seats=3, bots=(1, 2), phones=PhoneSeats(hub))
        browser.get(hub.url(0))
        owner = left(0, 3)  # seat 1 holds its left neighbour's case
        heading = f"Case of Seat {owner + 1}"
        assert pump_until(referee, lambda: heading in text_of(browser, "section.prompt .reading-title"))
        shot(browser, "pi-cards-held-first")
        held = session.state.cases[owner]
        names = narrator_for("pi", session.game.view(session.state, None)).rules.names
        shown = text_of(browser, "section.prompt")
        assert all(names[held[kind]] in shown for kind in ("SUSPECT", "CRIME", "LOCATION"))
        store.close()
