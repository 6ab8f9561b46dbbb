"""Two people play Mystery Express in the simulator, one on a phone (it joined by the QR link of its
free seat on the claim screen) and one at a seat station, with bots at the other seats."""

from __future__ import annotations

import random

import pytest

from kiosk.config import default_config
from kiosk.games.base import Action
from kiosk.store import GameStore
from kiosk.ui.app import RESULTS, App, Plan
from kiosk.ui.loop import Loop
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.claim import SeatClaim
from kiosk.ui.scenes.options import Options
from kiosk.ui.scenes.results import Results
from tests.ui.test_app import Kiosk
from tests.web.phone_support import Phone, phone_server


@pytest.fixture
def phone_kiosk(mock_table, tmp_path):
    from kiosk.ui.simulator import Simulator

    with phone_server(mock_table.table.events) as (hub, server):
        sim = Simulator(mock_table, "Mystery Table", (800, 480))
        sim.links = hub.url
        store = GameStore.open(tmp_path)
        plan = Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0, seed=11)
        app = App(mock_table.table, store, Touchscreen(sim.touch, "en"), default_config(4), plan, phones=hub)
        sim.current_game = lambda: app.game_id
        kiosk = Kiosk(app, None, sim, mock_table)  # type: ignore[arg-type]
        app.clock = kiosk.clock
        kiosk.loop = Loop(app, sim, clock=kiosk.clock)
        yield kiosk, hub, server
        kiosk.loop.stop()
        sim.close()
        store.close()


def choices(entries: list[dict]) -> list[int]:
    return [n for e in entries for n in ([e["choice"]] if "choice" in e else choices(e.get("below", [])))]


def test_one_on_a_phone_one_at_a_seat_station_and_bots_play_a_whole_game(phone_kiosk):
    kiosk, hub, server = phone_kiosk
    kiosk.loop.start()
    kiosk.settle()
    kiosk.tap("start")
    kiosk.tap(("game", "mystery-express"))
    kiosk.tap(("players", 4))
    claim = kiosk.app.scene
    assert isinstance(claim, SeatClaim)
    link = claim.links(0)
    assert link is not None and link == hub.url(0)
    phone = Phone(server, link.rsplit("/", 1)[1])  # the phone opened the QR code's link
    try:
        kiosk.until(lambda: 0 in claim.claimed, "the phone takes seat 1")
        kiosk.until(lambda: phone.last("lobby"), "the phone hears the seat is its")
        assert phone.last("lobby")["text"] == "Seat 1 is yours. The game starts on the touchscreen."
        assert kiosk.mock.screen(0).tobytes() != kiosk.mock.screen(2).tobytes()  # its station says "On a phone"
        kiosk.mock.press(1, "select")
        kiosk.until(lambda: claim.claimed == {0, 1}, "seat 2 claimed at its station")
        for seat in (2, 3):
            kiosk.tap(("seat", seat))
        kiosk.tap("start")
        assert isinstance(kiosk.app.scene, Options)
        kiosk.tap("done")
        session = kiosk.app.referee.session
        assert session.record.bots == [2, 3]
        chooser = random.Random(5)
        by_phone = by_button = by_touch = 0
        acted = 0
        for _ in range(20000):
            if session.over:
                break
            doc = phone.last("seat")
            public = [t for t in kiosk.targets() if isinstance(t.value, tuple) and len(t.value) == 2
                      and isinstance(t.value[1], Action)]
            station = [p for p in session.game.prompts(session.state) if p.seat == 1]
            if doc is not None and doc["prompt"] is not None and doc["seq"] != acted:
                acted = doc["seq"]
                phone.send({"type": "choose", "id": str(acted), "version": doc["prompt"]["version"],
                            "choice": chooser.choice(choices(doc["prompt"]["entries"]))})
                by_phone += 1
                kiosk.settle(2)
            elif public:
                kiosk.touch(chooser.choice(public))
                by_touch += 1
            elif station:
                for _ in range(chooser.randrange(3)):
                    kiosk.mock.press(1, "next")
                kiosk.mock.press(1, "select")
                by_button += 1
                kiosk.settle(2)
            else:
                kiosk.settle(1)
        assert session.over, "the game did not end"
        assert by_phone > 10 and by_button > 0
        kiosk.settle(5)
        kiosk.tap(RESULTS)
        assert isinstance(kiosk.app.scene, Results)
        kiosk.until(phone.closed.is_set, "the phone hears the game is over")
        assert phone.received()[-1]["type"] == "expired" and "over" in phone.received()[-1]["text"]
        assert hub.links.seat_of(link.rsplit("/", 1)[1]) is None
    finally:
        phone.close()
