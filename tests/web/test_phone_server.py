"""The phone seats' server over HTTP: the page for a live token, the translated expired page for any
other, no admin page, no token in any log; and `[web]` in table.toml checked with clear messages."""

from __future__ import annotations

import logging
import queue

import httpx
import pytest

from kiosk import i18n
from kiosk.config import ConfigError, config_from_dict
from tests.waiting import eventually
from tests.web.phone_support import Phone, phone_server

SEATS = [{"display": {"channel": 0}}]


def test_a_live_link_gets_the_page_any_other_the_expired_page_and_no_log_names_a_token(caplog):
    caplog.set_level(logging.DEBUG)
    inputs: queue.Queue = queue.Queue()
    with phone_server(inputs) as (hub, server):
        hub.new_game(2)
        token = hub.links.token(0)
        assert token is not None and len(token) >= 22  # 128 bits, base64url
        base = f"http://127.0.0.1:{server.port}"
        page = httpx.get(f"{base}/s/{token}")
        assert page.status_code == 200 and "/static/phone.js" in page.text and token not in page.text
        for other in ("x" * 22, hub.links.token(1) + "x", ""):
            gone = httpx.get(f"{base}/s/{other}")
            assert gone.status_code == 404 and "seat" not in gone.text.lower() or "expired" in gone.text
        assert "expired" in httpx.get(f"{base}/s/{'x' * 22}").text
        i18n.set_language("es")
        assert "caducado" in httpx.get(f"{base}/s/{'y' * 22}").text
        for path in ("/admin", "/", "/static/../server.py", "/ws"):
            assert httpx.get(base + path).status_code == 404
        phone = Phone(server, token)
        assert eventually(lambda: not inputs.empty())
        assert inputs.get().seat == 0
        hub.end()
        assert phone.closed.wait(120)
        assert [m["type"] for m in phone.received()] == ["expired"]
        assert hub.links.seat_of(token) is None
        hub.new_game(2)
        assert hub.links.token(0) != token  # a new game, new links
    kiosk_side = [r for r in caplog.records if not r.name.startswith(("httpx", "httpcore", "websockets.client"))]  # the test's clients log what they send
    assert any(r.name.startswith("uvicorn") for r in kiosk_side)
    assert [(r.name, r.getMessage()) for r in kiosk_side if token in r.getMessage()] == []


@pytest.mark.parametrize(("web", "problem"), [
    ({"bind": ["not-an-address"]}, "table.toml: web.bind: 'not-an-address' is not an IP address"),
    ({"bind": []}, "table.toml: web.bind: empty"),
    ({"port": 70000}, "table.toml: web.port: out of range, expected 1-65535"),
    ({"url": "table.local"}, "table.toml: web.url: expected the address phones open"),
    ({"enabled": "yes"}, "table.toml: web.enabled: wrong type"),
    ({"colour": 1}, "table.toml: web.colour: unknown key"),
])
def test_a_broken_web_section_says_which_key_and_what_is_expected(web, problem):
    with pytest.raises(ConfigError) as refused:
        config_from_dict({"seats": SEATS, "web": web})
    assert any(p.startswith(problem) for p in refused.value.problems), refused.value.problems


def test_phone_seats_are_on_for_the_mock_table_and_off_on_the_pi_unless_turned_on():
    assert config_from_dict({"seats": SEATS}).web.enabled
    pi = config_from_dict({"seats": SEATS, "hardware": {"backend": "pi"}})
    assert not pi.web.enabled and pi.web.bind == ("0.0.0.0",)
    on = config_from_dict({"seats": SEATS, "hardware": {"backend": "pi"}, "web": {"enabled": True, "port": 8000}})
    assert on.web.enabled and on.web.port == 8000
