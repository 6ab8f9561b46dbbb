"""Benchmark: phone seats over the loopback.

1. A press on the phone page to the updated page: a phone (a WebSocket client on its own thread)
   chooses one of its seat's choices and waits for the seat's next document; median and p99 of that
   round trip, and apart the time the kiosk spent on it (from the referee taking the choice off its
   queue to the new document handed to the server). Mystery Express, seat 1 on the phone, bots at
   the other seats (who answer at once), over whole games.
2. Idle CPU: the kiosk's process time per second of wall time while N phones stay connected to a
   table that waits for a decision (the phones run in another process), for growing N; the largest
   N still under 1% of one core.

    .venv/bin/python bench/phone.py [--presses N] [--seconds S]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from hardware.sim.mock_table import build_mock_table  # noqa: E402
from kiosk.bots.random_bot import RandomBot  # noqa: E402
from kiosk.config import WebConfig  # noqa: E402
from kiosk.referee.narration import narrator_for  # noqa: E402
from kiosk.seats.pages import seat_pages  # noqa: E402
from kiosk.referee.session import GameSession  # noqa: E402
from kiosk.store import GameStore  # noqa: E402
from kiosk.referee.table import Referee  # noqa: E402
from kiosk.web.hub import PhoneHub  # noqa: E402
from kiosk.web.inputs import PhoneChoice  # noqa: E402
from kiosk.web.seat_feed import PhoneSeats  # noqa: E402
from kiosk.web.server import WebServer  # noqa: E402

LOOPBACK = WebConfig(enabled=True, port=0, bind=("127.0.0.1",))
SEATS = 4


def choices(entries: list[dict[str, Any]]) -> list[int]:
    return [n for e in entries for n in ([e["choice"]] if "choice" in e else choices(e.get("below", [])))]


def table(mock: Any, data: str, hub: PhoneHub, seed: int) -> tuple[GameSession, Referee]:
    hub.new_game(SEATS)
    for seat in range(1, SEATS):
        hub.drop(seat)
    session = GameSession.start(GameStore.open(Path(data)), "mystery-express", SEATS, seed, {}, bots=[1, 2, 3])
    narrator = narrator_for("mystery-express", session.game.view(session.state, None))
    referee = Referee(session, mock.table, lambda seat: seat_pages("mystery-express", narrator, "en"),
                      {s: RandomBot(s, seed) for s in (1, 2, 3)}, bot_delay=0.0, reveal_seconds=0.0, phones=PhoneSeats(hub))
    return session, referee


def phone(port: int, token: str, presses: int, seed: int, times: list[float], done: threading.Event) -> None:
    """Choose, wait for the next document, again: each round trip timed."""
    rng = random.Random(seed)
    try:
        with connect(f"ws://127.0.0.1:{port}/ws") as socket:
            socket.send(json.dumps({"type": "hello", "token": token, "since": 0}))
            doc: dict[str, Any] | None = None
            while len(times) < presses:
                message = json.loads(socket.recv())
                if message["type"] == "expired":
                    break
                if message["type"] != "seat" or message["prompt"] is None:
                    continue
                doc = message
                start = time.perf_counter()
                socket.send(json.dumps({"type": "choose", "id": str(message["seq"]), "version": doc["prompt"]["version"],
                                        "choice": rng.choice(choices(doc["prompt"]["entries"]))}))
                while True:  # the page is updated with the seat's next document
                    reply = json.loads(socket.recv())
                    if reply["type"] == "seat":
                        times.append(time.perf_counter() - start)
                        if reply["prompt"] is not None:  # choose again from this one
                            start = time.perf_counter()
                            socket.send(json.dumps({"type": "choose", "id": str(reply["seq"]),
                                                    "version": reply["prompt"]["version"],
                                                    "choice": rng.choice(choices(reply["prompt"]["entries"]))}))
                            continue
                        break
                    if reply["type"] == "expired":
                        return
    except ConnectionClosed:  # the table closed (the bench is over, or the game ended): no more presses
        pass
    finally:
        done.set()


def round_trips(presses: int) -> tuple[list[float], list[float]]:
    mock = build_mock_table(seats=SEATS, start_reader=False)
    hub = PhoneHub("")
    server = WebServer(LOOPBACK, hub, mock.table.events).start()
    trips: list[float] = []
    kiosk: list[float] = []
    seed = 1
    try:
        while len(trips) < presses:
            with tempfile.TemporaryDirectory() as data:
                session, referee = table(mock, data, hub, seed)
                handle = referee.handle

                def timed(event: object, handle: Any = handle) -> None:
                    start = time.perf_counter()
                    handle(event)
                    if isinstance(event, PhoneChoice):
                        kiosk.append(time.perf_counter() - start)

                referee.handle = timed  # type: ignore[method-assign]
                done = threading.Event()
                token = hub.links.token(0)
                assert token is not None
                client = threading.Thread(target=phone, args=(server.port, token, presses, seed, trips, done))
                client.start()
                while not done.is_set() and not session.over and len(trips) < presses:
                    referee.pump(timeout=0.05)
                hub.end()
                client.join()
            seed += 1
    finally:
        server.stop()
        mock.close()
    return trips, kiosk


def idle_phones(port: int, tokens: list[str], ready: Any, stop: Any) -> None:
    sockets = []
    for token in tokens:
        socket = connect(f"ws://127.0.0.1:{port}/ws")
        socket.send(json.dumps({"type": "hello", "token": token, "since": 0}))
        sockets.append(socket)
    ready.set()
    stop.wait()
    for socket in sockets:
        socket.close()


def idle_cpu(phones: int, seconds: float) -> float:
    """The kiosk's CPU share (of one core) with `phones` phones connected to a table that waits."""
    mock = build_mock_table(seats=SEATS, start_reader=False)
    hub = PhoneHub("")
    server = WebServer(LOOPBACK, hub, mock.table.events).start()
    try:
        with tempfile.TemporaryDirectory() as data:
            session, referee = table(mock, data, hub, 7)
            # Every phone on seat 1's link: each gets that seat's messages, as each would get its own.
            token = hub.links.token(0)
            assert token is not None
            context = multiprocessing.get_context("spawn")
            ready, stop = context.Event(), context.Event()
            child = context.Process(target=idle_phones, args=(server.port, [token] * phones, ready, stop))
            child.start()
            while not ready.is_set():
                referee.pump(timeout=0.05)
            settle = time.monotonic() + 2.0
            while time.monotonic() < settle:  # the first documents go out
                referee.pump(timeout=0.2)
            cpu, wall = time.process_time(), time.monotonic()
            end = wall + seconds
            while time.monotonic() < end:
                referee.pump(timeout=1.0)  # as the kiosk's loop does: asleep until an input or a deadline
            share = (time.process_time() - cpu) / (time.monotonic() - wall)
            stop.set()
            child.join()
    finally:
        server.stop()
        mock.close()
    return share


def ms(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    print(f"load average (1 min) {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: other work on the machine shows in the tail")
    trips, kiosk = round_trips(args.presses)
    print(f"press on the phone page -> updated page, over the loopback ({len(trips)} presses):")
    print(f"  round trip: median {statistics.median(trips) * 1000:.1f} ms, p99 {ms(trips, 0.99)}")
    print(f"  in the kiosk: median {statistics.median(kiosk) * 1000:.1f} ms, p99 {ms(kiosk, 0.99)}")
    print(f"idle CPU of the kiosk with phones connected ({args.seconds:.0f} s each):")
    best = 0
    for phones in (1, 7, 25, 100, 250):
        share = idle_cpu(phones, args.seconds)
        print(f"  {phones:4d} phones: {share * 100:.2f}% of a core")
        if share < 0.01:
            best = phones
    print(f"  most phones measured under 1% of a core: {best}")


if __name__ == "__main__":
    main()
