"""Phone-only seats in the simulator (issue 37): a table of three stations and four phone-only seats
offers Watson & Holmes for 2 to 7; a phone-only seat's link is on the claim screen, and during the
game the touchscreen shows its QR code whenever no phone plays it (after it was given back too)."""

from __future__ import annotations

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
from tests.web.phone_support import Phone, phone_server

STATIONS, PHONES = 3, 4


@pytest.fixture
def table_of_seven(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from kiosk.ui.simulator import Simulator

    config = replace(default_config(STATIONS), phone_seats=PHONES)
    mock = build_mock_table(config)
    store = GameStore.open(tmp_path)
    with phone_server(mock.table.events) as (hub, server):
        sim = Simulator(mock, "Mystery Table", (800, 480))
        sim.links = hub.url
        plan = Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0, seed=11)
        app = App(mock.table, store, Touchscreen(sim.touch, "en"), config, plan, phones=hub)
        kiosk = Kiosk(app, None, sim, mock)  # type: ignore[arg-type]
        app.clock = kiosk.clock
        kiosk.loop = Loop(app, sim, clock=kiosk.clock)
        try:
            yield kiosk, hub, server
        finally:
            kiosk.loop.stop()
            sim.close()
    store.close()
    mock.close()


def code_pixels(kiosk: Kiosk) -> int:
    """White pixels in the top right corner of the touchscreen, where the codes of phone-only seats go."""
    surface = kiosk.app.screen.painter.surface  # type: ignore[union-attr]
    width = surface.get_width()
    return sum(1 for x in range(width - 110, width, 2) for y in range(0, 120, 2) if surface.get_at((x, y))[:3] == (255, 255, 255))


def test_three_stations_and_four_phone_seats_seat_seven_and_show_a_free_phone_seat_its_code(table_of_seven):
    kiosk, hub, server = table_of_seven
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
    try:
        kiosk.until(lambda: 6 in claim.claimed, "the phone takes seat 7")
        kiosk.mock.press(0, "select")
        kiosk.until(lambda: claim.claimed == {0, 6}, "seat 1 claimed at its station")
        kiosk.tap("start")
        assert isinstance(kiosk.app.scene, Options)
        kiosk.tap("done")
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
