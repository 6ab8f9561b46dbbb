"""Phone seats end to end over real sockets: a phone joins its seat with its token, sees the seat's
document (the same pages the OLED draws), chooses, is counted once for a choice sent twice, comes
back after a drop to what it missed; other tokens see nothing."""

from __future__ import annotations

import pytest

from kiosk.web.seat_feed import PhoneSeats
from tests.table_support import table_referee
from tests.web.phone_support import Phone, phone_server, pump_until


@pytest.fixture
def phone_table(mock_table, tmp_path):
    """Mystery Express, seats 0 and 1 people, 2 and 3 bots; the test turns the referee's loop."""
    with phone_server(mock_table.table.events) as (hub, server):
        hub.new_game(4)
        for seat in (2, 3):
            hub.drop(seat)
        store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 5, bots=(2, 3),
                                                phones=PhoneSeats(hub))
        yield hub, server, session, referee


def prompted(phone: Phone) -> dict | None:
    doc = phone.last("seat")
    return doc if doc is not None and doc["prompt"] is not None else None


def first_choice(doc: dict) -> int:
    def walk(entries):
        for entry in entries:
            if "choice" in entry:
                return entry["choice"]
            found = walk(entry.get("below", []))
            if found is not None:
                return found
        return None

    return walk(doc["prompt"]["entries"])


def test_a_phone_plays_its_seat_and_a_choice_sent_twice_counts_once(phone_table, mock_table):
    hub, server, session, referee = phone_table
    phone = Phone(server, hub.links.token(0))
    try:
        assert pump_until(referee, lambda: prompted(phone))
        doc = prompted(phone)
        assert doc["seat"] == 0 and doc["lang"] == "en"
        assert [p["name"] for p in doc["pages"]] == ["hand", "journal"]
        done = session.actions_done
        request = {"type": "choose", "id": "first", "version": doc["prompt"]["version"], "choice": first_choice(doc)}
        phone.send(request)
        assert pump_until(referee, lambda: any(m.get("id") == "first" for m in phone.received()))
        ack = next(m for m in phone.received() if m.get("id") == "first")
        assert ack["ok"] is True
        assert pump_until(referee, lambda: session.actions_done >= done + 1)
        after = session.actions_done
        phone.send(request)  # the same request again: answered again, not carried out again
        assert pump_until(referee, lambda: sum(1 for m in phone.received() if m.get("id") == "first") == 2)
        assert session.actions_done == after or all(p.seat != 0 for p in session.game.prompts(session.state))
        # On a phone, the seat's OLED shows nothing private.
        assert referee._phone_screen(0).items[0].label == "On a phone"
    finally:
        phone.close()


def test_a_phone_that_comes_back_gets_the_current_document_and_what_it_missed(phone_table):
    hub, server, session, referee = phone_table
    phone = Phone(server, hub.links.token(1))
    assert pump_until(referee, lambda: phone.last("seat"))
    seen = max(m["seq"] for m in phone.received() if "seq" in m)
    phone.close()
    back = Phone(server, hub.links.token(1), since=seen)
    try:
        assert pump_until(referee, lambda: back.last("seat"))
        assert all(m["seq"] > seen for m in back.received() if m.get("type") == "news")
    finally:
        back.close()


@pytest.mark.parametrize("which", ["none", "garbage", "other seat's bot", "given back"])
def test_a_socket_without_a_live_token_of_the_seat_sees_nothing(phone_table, which):
    hub, server, session, referee = phone_table
    token = {"none": None, "garbage": "x" * 22, "other seat's bot": "nothing", "given back": hub.links.token(1)}[which]
    if which == "given back":
        hub.give_back(1)
    phone = Phone(server, token)
    try:
        assert pump_until(referee, phone.closed.is_set)
        assert [m["type"] for m in phone.received()] == ["expired"]
        assert "expired" in phone.received()[0]["text"]
    finally:
        phone.close()
