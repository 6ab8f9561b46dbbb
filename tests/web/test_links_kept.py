"""What keeps a seat link alive through a power cut, piece by piece: its digest in the store (never
the token), the links brought back after a restart beside a fresh one to show, and a phone's `since`
read only in the run it was counted in."""

from __future__ import annotations

import hashlib
import json

from kiosk.store import GameStore
from kiosk.web.hub import PhoneHub
from kiosk.web.links import SeatLinks, digest


def test_the_store_keeps_the_digests_of_the_game_in_play_only(tmp_path):
    store = GameStore.open(tmp_path)
    try:
        first = store.begin("watson-holmes", {}, 1, 3, [])
        second = store.begin("watson-holmes", {}, 2, 3, [])
        assert store.seat_links(first) == {}  # no table yet: nothing kept
        store.keep_seat_links(first, {0: ["a"], 1: ["b"]})
        store.keep_seat_links(second, {0: ["c", "d"], 2: ["e"]})
        assert store.seat_links(first) == {}  # one game in play at a time
        store.keep_seat_links(second, {2: []})  # seat 3 given to a bot
        assert store.seat_links(second) == {"c": 0, "d": 0}
        store.forget_seat_links()
        assert store.seat_links(second) == {}
    finally:
        store.close()


def test_links_write_their_digests_as_they_change_and_outlive_a_restart():
    kept: list[dict[int, list[str]] | None] = []
    links = SeatLinks()
    links.issue(3)
    tokens = [links.token(seat) for seat in range(3)]
    assert all(tokens)
    links.kept_in(kept.append)
    assert kept[-1] == {seat: [hashlib.sha256(token.encode()).hexdigest()] for seat, token in enumerate(tokens)}  # type: ignore[union-attr]
    assert not any(token in json.dumps(kept) for token in tokens)  # type: ignore[operator]
    links.revoke(2)
    assert kept[-1] == {2: []}
    stored = {d: seat for seat, ds in kept[0].items() for d in ds if seat != 2}  # type: ignore[union-attr]

    after = SeatLinks()  # the kiosk started again
    after.restore(7, stored)
    assert after.restored_game == 7 and after.token(0) is None  # the old token cannot be shown: only its digest is known
    assert after.seat_of(tokens[0]) == 0 and after.seat_of(tokens[2]) is None
    after.resume(3)
    fresh = after.token(0)
    assert fresh is not None and fresh != tokens[0]
    assert after.seat_of(fresh) == 0 and after.seat_of(tokens[0]) == 0  # both open the seat
    after.renew(0)  # given back: every link of the seat dies
    assert after.seat_of(fresh) is None and after.seat_of(tokens[0]) is None
    after.end()
    assert after.seat_of(tokens[1]) is None and not after.live
    assert digest("x") == hashlib.sha256(b"x").hexdigest()


def test_a_phone_from_another_run_gets_every_news_whatever_its_since():
    hub = PhoneHub("http://table")
    hub.new_game(1)
    for n in range(3):
        hub.post_news(0, {"type": "news", "n": n})
    heard: list[dict] = []
    hub.listen(0, lambda text: heard.append(json.loads(text)), since=2, run=hub.run)
    assert [m.get("n") for m in heard] == [None, 2] and heard[0] == {"type": "run", "run": hub.run}
    heard.clear()
    hub.listen(0, lambda text: heard.append(json.loads(text)), since=2, run="an earlier run")
    assert [m.get("n") for m in heard] == [None, 0, 1, 2]  # its numbers meant nothing here
