"""The staff menu tells the state of the table's optional parts (issue #30): the café's broker
(connected, trying and why, off and why) and the phone seats (listening where, or off and why), each
in the reader's language, at every layout, looked at again every second while the menu is open."""

from __future__ import annotations

import socket
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from kiosk.appliance.admin_pin import AdminPin
from kiosk.commands.run import staff_report
from kiosk.config import config_from_dict
from kiosk.fleet.link import MqttLink
from kiosk.i18n import Text
from kiosk.store import GameStore
from kiosk.ui.scenes.admin import PARTS_EVERY, Admin
from kiosk.web.start import start_phones
from tests.ui.scene_checks import render_everywhere
from tests.ui.test_app import kiosk  # noqa: F401  (the fixture: the whole app under SDL's dummy driver)
from tests.ui.test_menus import PIN, Calls, texts
from tests.web.test_headless_links import free_port
from tests.waiting import eventually

SEATS: list[dict[str, object]] = [{}] * 4


def menu(parts: Any) -> Admin:
    calls = Calls()
    scene = Admin(AdminPin(PIN), calls.on_end_game, calls.on_restart_game, calls.on_language, calls.on_brightness,
                  calls.on_shutdown, calls.on_selftest, calls.on_close, settings={"game": None}, parts=parts)
    for digit in PIN:
        scene.tap(("digit", digit), 0.0)
    assert scene.unlocked
    return scene


def test_a_broken_mqtt_section_and_a_taken_port_are_named_with_their_fix() -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen(1)
        port = other.getsockname()[1]
        config = config_from_dict({"seats": SEATS, "web": {"port": port},
                                   "mqtt": {"host": "broker.local", "table_id": "table-1", "port": 99999}})
        phones, why = start_phones(config, None)
    lines = staff_report(config, None, phones, why)
    expected = {
        "en": ["Broker: off: table.toml: mqtt.port: out of range, expected 1-65535, got 99999",
               f"Phone seats: off: the table cannot listen on port {port} (the journal says why)"],
        "es": ["Bróker: desactivado: table.toml: mqtt.port: fuera de rango, se esperaba entre 1 y 65535, se encontró 99999",
               f"Puestos en el móvil: desactivados: la mesa no puede escuchar en el puerto {port} (el registro del "
               "sistema explica por qué)"],
    }
    for painter in render_everywhere("menu-admin-parts-off", lambda: menu(lines)):
        shown = " ".join(texts(painter))
        assert all(line in shown for line in expected[painter.lang]), shown
        assert ("ask", "shutdown") in [t.value for t in painter.targets]  # the controls are all still there


def test_a_broker_being_tried_says_why_and_listening_phones_say_where(tmp_path: Path) -> None:
    config = config_from_dict({"seats": SEATS, "web": {"port": free_port()},
                               "mqtt": {"host": "mqtt.invalid", "table_id": "table-1"}})
    assert config.mqtt is not None
    store = GameStore.open(tmp_path)
    link = MqttLink(config.mqtt, store, "en", tmp_path)
    phones, why = start_phones(config, None)
    assert phones is not None and why is None
    try:
        lines = staff_report(config, SimpleNamespace(link=link), phones, None)  # type: ignore[arg-type]
        assert lines()[0].render() == "Broker: connecting to mqtt.invalid:1883…"
        link.start()
        assert eventually(lambda: "not found" in lines()[0].render())
        url = f"http://127.0.0.1:{phones.server.port}"
        expected = {"en": ["Broker: trying mqtt.invalid:1883: the name mqtt.invalid is not found",
                           f"Phone seats: listening at {url}"],
                    "es": ["Bróker: intentando conectar con mqtt.invalid:1883: no se encuentra el nombre mqtt.invalid",
                           f"Puestos en el móvil: escuchando en {url}"]}
        for painter in render_everywhere("menu-admin-parts-trying", lambda: menu(lines)):
            shown = " ".join(texts(painter))
            assert all(line in shown for line in expected[painter.lang]), shown
    finally:
        phones.close()
        link.close()
        store.close()


def test_a_table_without_mqtt_says_it_is_off_and_the_menu_looks_again_every_second() -> None:
    config = config_from_dict({"seats": SEATS, "web": {"enabled": False}})
    lines = staff_report(config, None, None, start_phones(config, None)[1])
    assert [line.render() for line in lines()] == [
        "Broker: off (table.toml has no [mqtt] section)",
        "Phone seats: off: phone seats are off ([web] enabled = false in table.toml)"]
    assert menu(lines).next_frame(5.0) == PARTS_EVERY
    assert menu(None).next_frame(5.0) is None  # nothing to look at again


def test_the_app_gives_its_report_to_the_staff_menu(kiosk) -> None:  # noqa: F811
    said = [Text("Broker: off (table.toml has no [mqtt] section)")]
    kiosk.app.staff_report = lambda: said
    kiosk.app.admin()
    scene = kiosk.app.scene
    assert isinstance(scene, Admin) and scene.parts is not None and scene.parts() == said
