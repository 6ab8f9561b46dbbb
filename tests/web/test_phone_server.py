"""The phone seats' server over HTTP: the page for a live token, the translated expired page for any
other, no admin page, no token in any log; and `[web]` in table.toml checked with clear messages."""

from __future__ import annotations

import json
import logging
import os
import queue
import socket
from collections.abc import Iterator
from contextlib import contextmanager, suppress

import httpx
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kiosk import i18n
from kiosk.config import config_from_dict
from kiosk.web.inputs import PhoneChoice, PhoneLeft
from tests.waiting import PATIENCE, eventually
from tests.web.phone_support import Phone, phone_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

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
        for path in ("/admin", "/static/../server.py", "/ws"):
            assert httpx.get(base + path).status_code == 404
        root = httpx.get(base + "/")  # Home Assistant's "visit" link: what the server is for, no seat's link
        assert root.status_code == 200 and "código QR" in root.text and "/s/" not in root.text
        assert token not in root.text and hub.links.token(1) not in root.text
        phone = Phone(server, token)
        assert eventually(lambda: not inputs.empty())
        assert inputs.get().seat == 0
        hub.end()
        assert phone.closed.wait(120)
        assert [m["type"] for m in phone.received()] == ["run", "expired"]  # the run id of a socket that joined, then why it ends
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
    ({"reconnect_grace": -1}, "table.toml: web.reconnect_grace: out of range, expected 0-600"),
    ({"reconnect_grace": "soon"}, "table.toml: web.reconnect_grace: wrong type"),
])
def test_a_broken_web_section_says_which_key_and_what_is_expected(web, problem):
    config = config_from_dict({"seats": SEATS, "web": web})  # the table loads, its phone seats off (issue #30)
    off = config.off_because("web")
    assert off is not None and not config.web.enabled
    assert any(p.startswith(problem) for p in off.problems), off.problems


def test_phone_seats_are_on_for_the_mock_table_and_off_on_the_pi_unless_turned_on():
    assert config_from_dict({"seats": SEATS}).web.enabled
    pi = config_from_dict({"seats": SEATS, "hardware": {"backend": "pi"}})
    assert not pi.web.enabled and pi.web.bind == ("0.0.0.0",)
    on = config_from_dict({"seats": SEATS, "hardware": {"backend": "pi"}, "web": {"enabled": True, "port": 8000}})
    assert on.web.enabled and on.web.port == 8000
    assert on.web.reconnect_grace == 10.0
    assert config_from_dict({"seats": SEATS, "web": {"reconnect_grace": 2.5}}).web.reconnect_grace == 2.5


# --- frames a stranger (or a broken page) may send ------------------------------------------------

def server_logs(caplog) -> list[logging.LogRecord]:
    """What the kiosk and uvicorn logged (the test's own clients log what they send)."""
    return [r for r in caplog.records if not r.name.startswith(("httpx", "httpcore", "websockets.client"))]


def idle(server) -> bool:
    """No connection open and no socket handler still running on the server."""
    state = server._server.server_state
    return not state.connections and not state.tasks


@contextmanager
def watched_server(caplog, level: int = logging.DEBUG) -> Iterator[tuple]:
    """A phone server with a two-seat game and its input queue; once it has stopped, nothing it
    logged may be a warning or an error."""
    caplog.set_level(level)
    inputs: queue.Queue = queue.Queue()
    with phone_server(inputs) as (hub, server):
        hub.new_game(2)
        yield hub, server, inputs
    assert [(r.levelname, r.getMessage()) for r in server_logs(caplog) if r.levelno >= logging.WARNING] == []


def raw_socket(server):
    return connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=PATIENCE, max_size=None)


def choices(inputs: queue.Queue) -> list:
    """The phones' choices on the table's input queue (the joins are left out)."""
    found = []
    while not inputs.empty():
        event = inputs.get()
        if isinstance(event, (PhoneChoice, PhoneLeft)):
            found.append(event)
    return found


HELLO_LATER = {  # frames sent after a valid hello: each is ignored, the page goes on
    "binary": b'{"type": "choose", "id": "bin", "version": 1, "choice": 0}',
    "binary, not UTF-8": b"\xff\xfe\x00",
    "nested arrays": "[" * 3000,
    "nested objects": '{"a":' * 1300,
    "lone surrogate id": '{"type": "choose", "id": "\\ud800", "version": 1, "choice": 0}',
    "lone surrogate leave": '{"type": "leave", "id": "a\\udfffb"}',
    "control character id": '{"type": "choose", "id": "a\\u0000", "version": 1, "choice": 0}',
    "over 4 KiB": json.dumps({"type": "choose", "id": "big", "version": 1, "choice": 0, "pad": "x" * 5000}),
    "over 4 KiB of UTF-8": json.dumps({"type": "choose", "id": "wide", "version": 1, "choice": 0,
                                       "pad": "é" * 2040}, ensure_ascii=False),
    "not an object": "[1, 2]",
    "not JSON": "{nope",
}


@pytest.mark.parametrize("frame", list(HELLO_LATER.values()), ids=list(HELLO_LATER))
def test_a_bad_frame_after_the_hello_is_ignored_and_every_page_of_the_seat_keeps_receiving(caplog, frame):
    with watched_server(caplog) as (hub, server, inputs):
        token = hub.links.token(0)
        other, sender = Phone(server, token), Phone(server, token)
        assert eventually(lambda: hub.listening(0) == 2)
        sender.socket.send(frame)
        sender.send({"type": "choose", "id": "after", "version": 1, "choice": 0})  # read after `frame`
        found: list = []
        assert eventually(lambda: found.extend(choices(inputs)) or any(c.id == "after" for c in found))
        assert [c.id for c in found] == ["after"]
        hub.post_reply(0, {"type": "ack", "id": "after", "ok": True})
        hub.post_state(0, {"type": "seat", "seat": 0})
        for page in (other, sender):
            assert eventually(lambda: page.last("seat") is not None and page.last("ack") is not None)
            assert not page.closed.is_set()
        other.close()
        sender.close()
        assert eventually(lambda: idle(server))


BEFORE_HELLO = {  # first frames that are no hello: the answer is "expired", then a clean close
    "binary with a token": lambda token: json.dumps({"type": "hello", "token": token, "since": 0}).encode(),
    "binary": lambda token: b"\x00\x01",
    "nested arrays": lambda token: "[" * 3000,
    "lone surrogate token": lambda token: '{"type": "hello", "token": "\\ud800", "since": 0}',
    "token of the wrong type": lambda token: '{"type": "hello", "token": ["x"], "since": 0}',
}


@pytest.mark.parametrize("frame", list(BEFORE_HELLO.values()), ids=list(BEFORE_HELLO))
def test_a_bad_first_frame_gets_expired_and_a_clean_close(caplog, frame):
    with watched_server(caplog) as (hub, server, inputs):
        page = Phone(server, hub.links.token(0))
        assert eventually(lambda: hub.listening(0) == 1)
        with raw_socket(server) as stranger:
            stranger.send(frame(hub.links.token(0)))
            assert [json.loads(m)["type"] for m in stranger] == ["expired"]  # then the server closed it
        hub.post_state(0, {"type": "seat", "seat": 0})
        assert eventually(lambda: page.last("seat") is not None)
        page.close()
        assert eventually(lambda: idle(server))


def hello_too_big(token: str):
    return json.dumps({"type": "hello", "token": token, "pad": "x" * 20000})


@pytest.mark.parametrize("way", ["close before the hello", "hello over 16 KiB", "text frame not UTF-8"])
def test_a_socket_that_goes_early_or_too_big_logs_at_most_one_info_line(caplog, way):
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.INFO, logger="websockets.client")  # its debug lines would decode the bad frame
    inputs: queue.Queue = queue.Queue()
    with phone_server(inputs) as (hub, server):
        hub.new_game(2)
        token = hub.links.token(0)
        page = Phone(server, token)
        assert eventually(lambda: hub.listening(0) == 1)
        before = len(server_logs(caplog))
        with raw_socket(server) as stranger:
            if way == "hello over 16 KiB":
                stranger.send(hello_too_big(token))
            elif way == "text frame not UTF-8":
                stranger.send(b'{"type": "hello", "token": "\xff"}', text=True)
            if way != "close before the hello":
                with pytest.raises(ConnectionClosed):
                    stranger.recv(timeout=PATIENCE)
        assert eventually(lambda: server._server is not None and len(server._server.server_state.connections) == 1)
        hub.post_state(0, {"type": "seat", "seat": 0})
        assert eventually(lambda: page.last("seat") is not None)
        page.close()
        assert eventually(lambda: idle(server))
        logged = server_logs(caplog)[before:]
    assert [r for r in logged if r.levelno >= logging.WARNING] == []
    assert len([r for r in logged if r.levelno == logging.INFO]) <= 1


def test_a_message_that_cannot_be_sent_closes_the_seat_pages_and_logs_no_error(caplog):
    with watched_server(caplog) as (hub, server, inputs):
        pages = [Phone(server, hub.links.token(0)) for _ in range(2)]
        assert eventually(lambda: hub.listening(0) == 2)
        hub.post_reply(0, {"type": "ack", "id": "\ud800", "ok": True})  # no UTF-8: the pages reload, not go quiet
        for page in pages:
            assert page.closed.wait(PATIENCE)
        assert eventually(lambda: hub.listening(0) == 0)
        back = Phone(server, hub.links.token(0))
        hub.post_state(0, {"type": "seat", "seat": 0})
        assert eventually(lambda: back.last("seat") is not None)
        back.close()
        assert eventually(lambda: idle(server))


ODD_IDS = st.one_of(st.text(max_size=70), st.sampled_from(["\ud800", "a\udfffb", "\x00", "x" * 65]))
REQUESTS = st.fixed_dictionaries({
    "type": st.sampled_from(["hello", "choose", "leave", "other"]),
    "id": st.one_of(ODD_IDS, st.integers(), st.none()),
    "version": st.one_of(st.integers(), st.text(max_size=5), st.booleans()),
    "choice": st.one_of(st.integers(min_value=-2, max_value=5), st.floats(allow_nan=True)),
})
FRAMES = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=300),
    REQUESTS.map(json.dumps),
    st.integers(min_value=1, max_value=4000).map(lambda n: "[" * n),
    st.integers(min_value=4000, max_value=20000).map(lambda n: "x" * n),
)


def test_random_frames_never_make_the_server_log_an_error_or_stop_a_page(caplog):
    with watched_server(caplog, logging.INFO) as (hub, server, inputs):
        token = hub.links.token(0)
        page = Phone(server, token)
        assert eventually(lambda: hub.listening(0) == 1)
        posted = [0]

        @settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
        @given(hello=st.booleans(), frames=st.lists(FRAMES, max_size=4))
        def stranger(hello, frames):
            with raw_socket(server) as socket:
                with suppress(ConnectionClosed):  # the server may close it (a first frame that is no hello, over 16 KiB)
                    if hello:
                        socket.send(json.dumps({"type": "hello", "token": token, "since": 0}))
                    for frame in frames:
                        socket.send(frame)
            posted[0] += 1
            hub.post_state(0, {"type": "seat", "seat": 0, "n": posted[0]})
            assert eventually(lambda: (page.last("seat") or {}).get("n") == posted[0])
            assert not page.closed.is_set()

        stranger()
        page.close()
        assert eventually(lambda: idle(server))


def nagle_off(port: int) -> list[bool]:
    """For each of this process's sockets that is the server's end of a connection to `port`
    (found through Linux's /proc), whether Nagle's algorithm is off on it."""
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            sock = socket.socket(fileno=int(fd))
        except OSError:  # not a socket
            continue
        try:
            if sock.family == socket.AF_INET and sock.getsockname()[1] == port and sock.getpeername():
                found.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0)
        except OSError:  # a listening or unconnected socket
            pass
        finally:
            sock.detach()  # the fd stays whoever's it is
    return found


def test_the_server_sends_a_phones_messages_without_waiting_for_its_acks():
    """Nagle's algorithm off on every connection the server accepts: otherwise the seat document sent
    just after the answer to a choice waits for the phone's delayed ACK (40 ms each press)."""
    inputs: queue.Queue = queue.Queue()
    with phone_server(inputs) as (hub, server):
        hub.new_game(2)
        pages = [Phone(server, hub.links.token(0)) for _ in range(2)]
        assert eventually(lambda: hub.listening(0) == 2)
        try:
            assert nagle_off(server.port) == [True, True]
        finally:
            for page in pages:
                page.close()


def test_an_idle_server_has_no_timer_to_wake_it_and_stops_when_told():
    """Nothing wakes the server's thread while no phone talks (uvicorn's own loop wakes ten times a
    second: on an idle table that was the kiosk's busiest thread). Its event loop has no timer
    pending, before and after a page was served; stop() still ends it at once."""
    import asyncio

    async def timers() -> int:  # CPython's event loop keeps its timers in `_scheduled`
        return sum(1 for handle in asyncio.get_running_loop()._scheduled if not handle.cancelled())  # type: ignore[attr-defined]

    with phone_server(queue.Queue()) as (hub, server):
        loop = server._server._loop  # type: ignore[union-attr]
        assert loop is not None
        assert asyncio.run_coroutine_threadsafe(timers(), loop).result(PATIENCE) == 0
        assert httpx.get(f"{hub.base_url}/", timeout=PATIENCE).status_code == 200
        assert eventually(lambda: asyncio.run_coroutine_threadsafe(timers(), loop).result(PATIENCE) == 0)
    assert server._thread is None  # stop() joined it
