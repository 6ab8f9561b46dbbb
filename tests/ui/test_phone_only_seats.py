"""Phone-only seats in the simulator (issue 37): a table of three stations and four phone-only seats
offers Watson & Holmes for 2 to 7; a phone-only seat's link is on the claim screen, and during the
game the touchscreen shows its QR code whenever no phone plays it (after it was given back too)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest

from hardware.sim.mock_table import build_mock_table
from kiosk.config import default_config
from kiosk.store import GameStore
from kiosk.ui.app import App, Plan
from kiosk.ui.loop import Loop
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.claim import SeatClaim
from kiosk.ui.scenes.options import Options
from tests.ui.scene_checks import save
from kiosk.seats.screen import render
from tests.ui.test_app import Kiosk
from kiosk.referee.phone_links import waiting_links
from kiosk.ui.scenes.resume import RESUME, ResumeOffer
from tests.web.phone_support import Phone, phone_server

STATIONS, PHONES = 3, 4


@contextmanager
def simulator(mock, store, hub) -> Iterator[Kiosk]:
    """The simulator window on `mock` and `store`, its phone seats on `hub`."""
    from kiosk.ui.simulator import Simulator

    sim = Simulator(mock, "Mystery Table", (800, 480))
    sim.links = hub.url
    plan = Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0, seed=11)
    app = App(mock.table, store, Touchscreen(sim.touch, "en"), mock.table.config, plan, phones=hub)
    kiosk = Kiosk(app, None, sim, mock)  # type: ignore[arg-type]
    app.clock = kiosk.clock
    kiosk.loop = Loop(app, sim, clock=kiosk.clock)
    try:
        yield kiosk
    finally:
        kiosk.loop.stop()
        sim.close()


@pytest.fixture
def seven_seats(tmp_path, monkeypatch):
    """A mock table of three stations and four phone-only seats, and its store."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    mock = build_mock_table(replace(default_config(STATIONS), phone_seats=PHONES))
    store = GameStore.open(tmp_path)
    yield mock, store
    store.close()
    mock.close()


@pytest.fixture
def table_of_seven(seven_seats):
    mock, store = seven_seats
    with phone_server(mock.table.events) as (hub, server), simulator(mock, store, hub) as kiosk:
        yield kiosk, hub, server


def claim_seven(kiosk: Kiosk, server) -> tuple[SeatClaim, Phone]:
    """Watson & Holmes for seven: seat 7 (phone-only) claimed by a phone with its code, seat 1 at its station."""
    kiosk.loop.start()
    kiosk.settle()
    kiosk.tap("start")
    kiosk.tap(("game", "watson-holmes"))
    offered = {t.value[1] for t in kiosk.targets() if isinstance(t.value, tuple) and t.value[0] == "players"}
    assert offered == set(range(2, 8))  # every count the stations and phone-only seats allow
    kiosk.tap(("players", 7))
    claim = kiosk.app.scene
    assert isinstance(claim, SeatClaim)
    assert all(claim.links(seat) is not None for seat in range(STATIONS, STATIONS + PHONES))  # their codes
    link = claim.links(6)
    assert link is not None
    phone = Phone(server, link.rsplit("/", 1)[1])  # the last phone-only seat, by its code on the claim screen
    kiosk.until(lambda: 6 in claim.claimed, "the phone takes seat 7")
    kiosk.mock.press(0, "select")
    kiosk.until(lambda: claim.claimed == {0, 6}, "seat 1 claimed at its station")
    kiosk.tap("start")
    assert isinstance(kiosk.app.scene, Options)
    kiosk.tap("done")
    return claim, phone


def code_pixels(kiosk: Kiosk) -> int:
    """White pixels where the touchscreen laid the codes of phone-only seats (or their chips) last."""
    surface = kiosk.app.screen.painter.surface  # type: ignore[union-attr]
    return sum(1 for spot in kiosk.app._codes.shown.values() for x in range(spot.left, spot.right, 2)
               for y in range(spot.top, spot.bottom, 2) if surface.get_at((x, y))[:3] == (255, 255, 255))


def test_three_stations_and_four_phone_seats_seat_seven_and_show_a_free_phone_seat_its_code(table_of_seven):
    kiosk, hub, server = table_of_seven
    claim, phone = claim_seven(kiosk, server)
    link = hub.url(6)
    try:
        session = kiosk.app.referee.session
        assert session.record.seats == 7 and session.record.bots == [1, 2, 3, 4, 5]  # bots fill the free seats
        kiosk.settle()
        assert kiosk.app._phone_codes(kiosk.now) == []  # a phone plays seat 7; the bots' seats have no link
        assert code_pixels(kiosk) == 0
        phone.send({"type": "leave", "id": "bye"})
        kiosk.until(lambda: kiosk.app._phone_codes(kiosk.now), "seat 7's code is back on the touchscreen")
        kiosk.settle()
        ((seat, fresh),) = kiosk.app._phone_codes(kiosk.now)
        assert seat == 6 and fresh != link  # given back: its old link died, a new one is shown
        assert code_pixels(kiosk) > 100
        save(kiosk.app.screen.painter, "phone-only-seat-code")  # type: ignore[arg-type]
    finally:
        phone.close()
    again = Phone(server, fresh.rsplit("/", 1)[1])
    try:
        kiosk.until(lambda: not kiosk.app._phone_codes(kiosk.now), "the code goes when a phone opens it")
        kiosk.settle()
        assert code_pixels(kiosk) == 0
        kiosk.until(lambda: again.last("seat"), "the new phone gets the seat's page")
    finally:
        again.close()


def test_after_a_power_cut_the_resumed_game_carries_on_with_the_phone_on_its_old_link(seven_seats):
    mock, store = seven_seats
    with phone_server(mock.table.events) as (hub, server), simulator(mock, store, hub) as kiosk:
        claim, phone = claim_seven(kiosk, server)
        token = hub.url(6).rsplit("/", 1)[1]  # type: ignore[union-attr]
        kiosk.until(lambda: phone.last("seat"), "the phone gets seat 7's page")
        game = kiosk.app.referee.session.record.id
        hub.links.keep = None  # the power cut: nothing more reaches the store
        phone.close()
    waiting = waiting_links(store)
    assert waiting is not None and waiting[0] == game and set(waiting[1].values()) == {0, 6}  # digests, no bots
    with phone_server(mock.table.events) as (hub, server):
        hub.restore(*waiting)  # as `kiosk run` does before the server listens
        with simulator(mock, store, hub) as kiosk:
            kiosk.loop.start()
            kiosk.settle()
            assert isinstance(kiosk.app.scene, ResumeOffer)
            back = Phone(server, token)  # the page that stayed open reconnects with its old link
            try:
                kiosk.until(lambda: back.last("lobby"), "the phone hears the game waits")
                assert back.last("lobby")["text"].startswith("The table restarted.")
                kiosk.tap(RESUME)
                session = kiosk.app.referee.session
                assert session.record.id == game
                kiosk.until(lambda: back.last("seat"), "the phone gets the resumed game's page")
                kiosk.settle()
                assert kiosk.app._phone_codes(kiosk.now) == []  # its phone is back: no code over the board
                assert hub.url(6) is not None and token not in hub.url(6)  # a fresh link to show, beside the old one
                assert hub.links.seat_of(token) == 6
                hub.give_back(6)  # the seat is given back: every link of it dies
                assert hub.links.seat_of(token) is None
                assert back.closed.wait(120) and back.last("expired") is not None
            finally:
                back.close()


def away_heard(kiosk: Kiosk, seat: int) -> bool:
    """The table has heard that the seat's last phone left (its grace runs)."""
    return kiosk.app._codes.next_change(kiosk.now) is not None and kiosk.app.phones.listening(seat) == 0


def test_a_phone_that_closes_its_page_brings_the_code_back_after_the_grace_unless_it_reconnects(table_of_seven):
    kiosk, hub, server = table_of_seven
    claim, phone = claim_seven(kiosk, server)
    grace = kiosk.app.config.web.reconnect_grace
    link = hub.url(6)
    token = link.rsplit("/", 1)[1]
    kiosk.until(lambda: phone.last("seat"), "the phone gets seat 7's page")
    phone.close()  # the tab closed, the phone locked or out of Wi-Fi
    kiosk.until(lambda: away_heard(kiosk, 6), "the table hears seat 7's phone left")
    assert kiosk.app.next_frame(kiosk.now) == pytest.approx(grace)  # the touchscreen wakes when the grace runs out
    kiosk.now += grace - 1
    kiosk.settle()
    assert kiosk.app._phone_codes(kiosk.now) == [] and code_pixels(kiosk) == 0  # quiet within the grace
    back = Phone(server, token)  # it reconnects in time
    kiosk.until(lambda: kiosk.app._codes.next_change(kiosk.now) is None, "the table hears it is back")
    kiosk.now += 10 * grace
    kiosk.settle()
    assert kiosk.app._phone_codes(kiosk.now) == [] and code_pixels(kiosk) == 0
    back.close()
    kiosk.until(lambda: away_heard(kiosk, 6), "the table hears the phone left again")
    kiosk.now += grace
    kiosk.settle()  # no input: the touchscreen redraws by itself when the grace has run out
    assert kiosk.app._phone_codes(kiosk.now) == [(6, link)]  # the same link: the phone scans it again or reloads
    assert code_pixels(kiosk) > 100
    assert kiosk.app.referee.session.record.bots == [1, 2, 3, 4, 5]  # the seat is still its person's
    station = Phone(server, hub.links.token(0))  # seat 1, at its station, moves to a phone
    referee = kiosk.app.referee
    kiosk.until(lambda: station.last("seat"), "seat 1's phone gets its page")
    station.close()
    kiosk.until(lambda: kiosk.app.phones.listening(0) == 0, "seat 1's phone left")
    kiosk.settle()
    kiosk.now += 2 * grace
    kiosk.settle()
    assert kiosk.app._phone_codes(kiosk.now) == [(6, link)]  # a station's seat shows no code on the board
    station = Phone(server, hub.links.token(0))
    station.send({"type": "leave", "id": "bye"})
    kiosk.until(lambda: not referee.phones.on_phone(0), "seat 1 drops back to its station")
    assert kiosk.mock.screen(0).tobytes() == render(referee.screen_of(0)).tobytes()
    station.close()


def test_the_case_file_button_answers_while_a_code_is_shown_and_no_code_covers_a_control(table_of_seven):
    from kiosk.ui.boards.watson_holmes import CASE_FILE
    from kiosk.ui.scenes.phone_codes import CLOSE, OPEN

    kiosk, hub, server = table_of_seven
    claim, phone = claim_seven(kiosk, server)
    phone.send({"type": "leave", "id": "bye"})  # given back: the seat waits for a phone
    kiosk.until(lambda: kiosk.app._phone_codes(kiosk.now), "seat 7's code is on the touchscreen")
    phone.close()
    kiosk.settle()
    board = kiosk.app.board
    shown = list(kiosk.app._codes.shown.values())
    assert shown
    board_regions = [t for t in kiosk.targets() if t.value not in (OPEN, CLOSE)]
    assert [t.value for t in board_regions if t.rect.collidelist(shown) >= 0] == []
    before = board.case_file
    kiosk.tap(CASE_FILE)
    assert board.case_file != before  # the Case file button opens (or closes) the case file, code shown or not
    kiosk.tap(CASE_FILE)
    assert board.case_file == before
    assert kiosk.app._phone_codes(kiosk.now)  # the code is still there


def test_in_chromium_a_closed_phone_page_brings_the_code_back(table_of_seven):
    from tests.web.browser_support import phone_browser

    kiosk, hub, server = table_of_seven
    claim, phone = claim_seven(kiosk, server)
    grace = kiosk.app.config.web.reconnect_grace
    phone.send({"type": "leave", "id": "bye"})
    kiosk.until(lambda: kiosk.app._phone_codes(kiosk.now), "seat 7's code is on the touchscreen")
    phone.close()
    ((seat, link),) = kiosk.app._phone_codes(kiosk.now)
    with phone_browser() as driver:
        driver.get(link)  # the phone scans the code
        kiosk.until(lambda: not kiosk.app._phone_codes(kiosk.now), "the code goes when the page opens")
        kiosk.settle()
        assert code_pixels(kiosk) == 0 and not kiosk.app._codes.shown
        driver.get("about:blank")  # the page is closed
        kiosk.until(lambda: away_heard(kiosk, seat), "the table hears the page closed")
        kiosk.now += grace
        kiosk.until(lambda: kiosk.app._phone_codes(kiosk.now) == [(seat, link)], "the code comes back")
        kiosk.settle()
        assert code_pixels(kiosk) > 100
