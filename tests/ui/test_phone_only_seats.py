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
    """White pixels in the top right corner of the touchscreen, where the codes of phone-only seats go."""
    surface = kiosk.app.screen.painter.surface  # type: ignore[union-attr]
    width = surface.get_width()
    return sum(1 for x in range(width - 110, width, 2) for y in range(0, 120, 2) if surface.get_at((x, y))[:3] == (255, 255, 255))


def test_three_stations_and_four_phone_seats_seat_seven_and_show_a_free_phone_seat_its_code(table_of_seven):
    kiosk, hub, server = table_of_seven
    claim, phone = claim_seven(kiosk, server)
    link = hub.url(6)
    try:
        session = kiosk.app.referee.session
        assert session.record.seats == 7 and session.record.bots == [1, 2, 3, 4, 5]  # bots fill the free seats
        kiosk.settle()
        assert kiosk.app._phone_codes() == []  # a phone plays seat 7; the bots' seats have no link
        assert code_pixels(kiosk) == 0
        phone.send({"type": "leave", "id": "bye"})
        kiosk.until(lambda: kiosk.app._phone_codes(), "seat 7's code is back on the touchscreen")
        kiosk.settle()
        ((seat, fresh),) = kiosk.app._phone_codes()
        assert seat == 6 and fresh != link  # given back: its old link died, a new one is shown
        assert code_pixels(kiosk) > 100
        save(kiosk.app.screen.painter, "phone-only-seat-code")  # type: ignore[arg-type]
    finally:
        phone.close()
    again = Phone(server, fresh.rsplit("/", 1)[1])
    try:
        kiosk.until(lambda: not kiosk.app._phone_codes(), "the code goes when a phone opens it")
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
                assert kiosk.app._phone_codes() == []  # its phone is back: no code over the board
                assert hub.url(6) is not None and token not in hub.url(6)  # a fresh link to show, beside the old one
                assert hub.links.seat_of(token) == 6
                hub.give_back(6)  # the seat is given back: every link of it dies
                assert hub.links.seat_of(token) is None
                assert back.closed.wait(120) and back.last("expired") is not None
            finally:
                back.close()
