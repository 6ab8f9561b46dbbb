"""Phone links that cannot work are never shown (issue #31 item 6): when the table's web server is off
or cannot listen, the claim screen draws no QR code, and one line says phones cannot join and why."""

from __future__ import annotations

import socket

import pygame

from kiosk.config import config_from_dict
from kiosk.i18n import N_, Text
from kiosk.ui.scenes import claim
from kiosk.ui.scenes.claim import SeatClaim
from kiosk.web.start import start_phones
from tests.ui.scene_checks import render_everywhere
from tests.ui.test_app import kiosk  # noqa: F401  (the fixture: the whole app under SDL's dummy driver)
from tests.ui.test_claim_qr import LINKS
from tests.ui.test_menus import texts

CANNOT_LISTEN = {"en": "Phones cannot join: the table cannot listen on port {port}.",
                 "es": "No se puede jugar con el móvil: la mesa no puede escuchar en el puerto {port}."}


def test_a_table_that_cannot_listen_shows_one_line_and_no_code(monkeypatch) -> None:
    drawn: list[str] = []
    original = claim.draw_qr

    def recording(surface: pygame.Surface, area: pygame.Rect, text: str) -> pygame.Rect | None:
        drawn.append(text)
        return original(surface, area, text)

    monkeypatch.setattr(claim, "draw_qr", recording)
    with socket.socket() as other:  # another program has the port
        other.bind(("127.0.0.1", 0))
        other.listen(1)
        port = other.getsockname()[1]
        config = config_from_dict({"seats": [{}] * 5, "web": {"port": port}})
        phones, why = start_phones(config, None)
    assert phones is None and why is not None

    def scene() -> SeatClaim:
        made = SeatClaim("watson-holmes", 5, print, print, print, links=LINKS.get, no_phones=why.brief)
        made.claimed = {1}
        return made

    painters = render_everywhere("menu-claim-no-phones", scene)
    assert painters and drawn == []  # links were offered, and still no code: they cannot work
    for painter in painters:
        lines = texts(painter)
        assert CANNOT_LISTEN[painter.lang].format(port=port) in lines
        assert not any("scan" in line or "escanea" in line for line in lines)


def test_phone_seats_turned_off_say_so_in_both_languages() -> None:
    why = start_phones(config_from_dict({"seats": [{}] * 3, "web": {"enabled": False}}), None)[1]
    assert why is not None
    for painter in render_everywhere("menu-claim-phones-off", lambda: SeatClaim("pi", 3, print, print, print,
                                                                                 no_phones=why.brief)):
        assert {"en": "Phones cannot join: phone seats are off in table.toml.",
                "es": "No se puede jugar con el móvil: está desactivado en table.toml."
                }[painter.lang] in texts(painter)


def test_the_app_hands_its_reason_to_the_claim_screen(kiosk) -> None:  # noqa: F811
    kiosk.app.no_phones = Text(N_("Phones cannot join: the table cannot listen on port {port}."), {"port": 8080})
    kiosk.loop.start()
    kiosk.settle()
    kiosk.tap("start")
    kiosk.tap(("game", "mystery-express"))
    kiosk.tap(("players", 4))
    scene = kiosk.app.scene
    assert isinstance(scene, SeatClaim) and scene.no_phones == kiosk.app.no_phones
