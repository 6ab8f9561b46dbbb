"""Phone seats for tests: the real server on 127.0.0.1 (a free port), a referee whose seats phones
may play, and a phone: a WebSocket client that keeps every message it was sent."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from websockets.sync.client import ClientConnection, connect

from kiosk.config import WebConfig
from kiosk.web.hub import PhoneHub
from kiosk.web.seat_feed import PhoneSeats
from kiosk.web.server import WebServer
from tests.table_support import table_referee
from tests.waiting import PATIENCE, eventually

LOOPBACK = WebConfig(enabled=True, port=0, bind=("127.0.0.1",))


@contextmanager
def phone_server(inputs: Any) -> Iterator[tuple[PhoneHub, WebServer]]:
    """A hub and its server on a free loopback port, stopped after the test."""
    hub = PhoneHub("")
    server = WebServer(LOOPBACK, hub, inputs).start()
    hub.base_url = f"http://127.0.0.1:{server.port}"
    try:
        assert eventually(lambda: server.started)
        yield hub, server
    finally:
        hub.end()
        server.stop()


class Phone:
    """One phone on one seat's link: every message it receives is kept, in order, on a thread of its own."""

    def __init__(self, server: WebServer, token: str | None, since: int = 0) -> None:
        self.messages: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.closed = threading.Event()
        self.socket: ClientConnection = connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=PATIENCE)
        self.socket.send(json.dumps({"type": "hello", "token": token, "since": since}))
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for text in self.socket:
                assert isinstance(text, str)
                with self._lock:
                    self.texts.append(text)
                    self.messages.append(json.loads(text))
        except Exception:  # the connection dropped: the test looks at `closed`
            pass
        finally:
            self.closed.set()

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def received(self) -> list[dict[str, Any]]:
        with self._lock:
            return list(self.messages)

    def last(self, kind: str) -> dict[str, Any] | None:
        found = [m for m in self.received() if m.get("type") == kind]
        return found[-1] if found else None

    def close(self) -> None:
        self.socket.close()
        self._thread.join(PATIENCE)


def page_is_current(phone: Phone, referee: Any, seat: int) -> bool:
    """The phone shows the seat as it is now: its last document is the one the seat has now (the
    last one posted has arrived)."""
    doc = phone.last("seat")
    now = referee.phones.document(seat, referee.controllers[seat])
    return doc is not None and {k: v for k, v in doc.items() if k != "seq"} == json.loads(json.dumps(now))


def pump_until(referee: Any, condition: Callable[[], object]) -> bool:
    """Turn the referee's loop (inputs from the phones, bots, deadlines) until `condition()` holds;
    False only if it still does not after PATIENCE seconds."""
    give_up = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > give_up:
            return False
        referee.pump(timeout=0.02)
    return True


def phones_only_at(hub: PhoneHub, players: int, *phones: int) -> None:
    """A new game of `players` seats whose links are open only at `phones` (the others dropped)."""
    hub.new_game(players)
    for seat in range(players):
        if seat not in phones:
            hub.drop(seat)


@contextmanager
def lone_phone_game(mock_table: Any, tmp_path: Any) -> Iterator[tuple[PhoneHub, WebServer, Any, Any, Any]]:
    """Mystery Express, seat 0 on a phone, bots at the other three: (hub, server, session, referee, store)."""
    with phone_server(mock_table.table.events) as (hub, server):
        phones_only_at(hub, 4, 0)
        store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 5, bots=(1, 2, 3),
                                                phones=PhoneSeats(hub))
        yield hub, server, session, referee, store
