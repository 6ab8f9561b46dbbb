"""Phone seats end to end over real sockets: a phone joins its seat with its token, sees the seat's
document (the same pages the OLED draws), chooses, is counted once for a choice sent twice, comes
back after a drop to what it missed; other tokens see nothing."""

from __future__ import annotations

import json
import random

import pytest

from kiosk.seats.screen import render
from kiosk.web.seat_feed import PhoneSeats, on_a_phone
from tests.table_support import table_referee
from tests.waiting import eventually
from tests.web.phone_support import Phone, lone_phone_game, page_is_current, phone_server, phones_only_at, pump_until


@pytest.fixture
def phone_table(mock_table, tmp_path):
    """Mystery Express, seats 0 and 1 people, 2 and 3 bots; the test turns the referee's loop."""
    with phone_server(mock_table.table.events) as (hub, server):
        phones_only_at(hub, 4, 0, 1)
        store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 5, bots=(2, 3),
                                                phones=PhoneSeats(hub))
        yield hub, server, session, referee, store


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
    hub, server, session, referee, store = phone_table
    phone = Phone(server, hub.links.token(0))
    try:
        assert pump_until(referee, lambda: prompted(phone))
        doc = prompted(phone)
        assert doc["seat"] == 0 and doc["lang"] == "en"
        assert [p["name"] for p in doc["pages"]] == ["hand", "journal"]
        def mine() -> int:  # the actions of seat 0 in the store
            return sum(1 for seat, _ in store.actions(session.record.id) if seat == 0)

        done = mine()
        request = {"type": "choose", "id": "first", "version": doc["prompt"]["version"], "choice": first_choice(doc)}
        phone.send(request)
        assert pump_until(referee, lambda: any(m.get("id") == "first" for m in phone.received()))
        ack = next(m for m in phone.received() if m.get("id") == "first")
        assert ack["ok"] is True and mine() == done + 1
        phone.send(request)  # the same request again (a phone that lost the answer): answered again, not done again
        assert pump_until(referee, lambda: sum(1 for m in phone.received() if m.get("id") == "first") == 2)
        assert mine() == done + 1
        # On a phone, the seat's OLED shows nothing private.
        assert mock_table.screen(0).tobytes() == render(on_a_phone(0)).tobytes()
    finally:
        phone.close()



def answers(phone: Phone, ident: str) -> list[dict]:
    return [m for m in phone.received() if m.get("type") == "ack" and m.get("id") == ident]


@pytest.fixture
def lone_phone_table(mock_table, tmp_path):
    """Mystery Express, seat 0 on a phone, bots at the other three."""
    with lone_phone_game(mock_table, tmp_path) as table:
        yield table


def test_a_choice_sent_again_after_a_hundred_others_is_answered_as_before_and_not_carried_out_again(lone_phone_table):
    hub, server, session, referee, store = lone_phone_table
    phone = Phone(server, hub.links.token(0))

    def mine() -> int:
        return sum(1 for seat, _ in store.actions(session.record.id) if seat == 0)

    try:
        assert pump_until(referee, lambda: prompted(phone))
        doc = prompted(phone)
        first = {"type": "choose", "id": "first", "version": doc["prompt"]["version"], "choice": first_choice(doc)}
        phone.send(first)
        assert pump_until(referee, lambda: answers(phone, "first"))
        (answer,) = answers(phone, "first")
        assert answer["ok"] is True
        # A hundred other choices, each one of the seat's choices now (once the game is over, nothing is asked).
        for n in range(100):
            assert pump_until(referee, lambda: session.over or (prompted(phone) and page_is_current(phone, referee, 0)))
            doc = prompted(phone)
            phone.send({"type": "choose", "id": f"other {n}", "version": doc["prompt"]["version"] if doc else 0,
                        "choice": first_choice(doc) if doc else 0})
            assert pump_until(referee, lambda: answers(phone, f"other {n}"))
        assert sum(answers(phone, f"other {n}")[0]["ok"] for n in range(100)) > 64  # carried out, most of them
        done = mine()
        phone.send(first)  # the page sends its first choice again (it had lost the answer)
        assert pump_until(referee, lambda: len(answers(phone, "first")) == 2)
        assert answers(phone, "first")[1] == answer and mine() == done
    finally:
        phone.close()



def test_a_phones_choice_waits_behind_one_bots_move_at_most(mock_table, tmp_path):
    """Bots asked at once answer at the same deadline: a phone's choice that waits meanwhile goes
    after the first of them, not after all (each move is committed, then drawn: some ms each)."""
    now = [0.0]
    with phone_server(mock_table.table.events) as (hub, server):
        phones_only_at(hub, 4, 0)
        store, session, referee = table_referee(mock_table, tmp_path, "watson-holmes", 3, bots=(1, 2, 3),
                                                options={"case": "thornbury-clock"}, phones=PhoneSeats(hub),
                                                clock=lambda: now[0], bot_delay=5.0)
        rng = random.Random(1)
        while {p.seat for p in session.game.prompts(session.state)} != {0, 1, 2, 3}:  # to a round everyone reads
            prompt = min(session.game.prompts(session.state), key=lambda p: session.turn_order(p.seat))
            session.apply(prompt.seat, rng.choice(prompt.actions))
        referee.refresh()  # the three bots are due at 5 s
        phone = Phone(server, hub.links.token(0))
        try:
            assert pump_until(referee, lambda: prompted(phone))
            doc = prompted(phone)
            for ident in ("read", "again"):
                phone.send({"type": "choose", "id": ident, "version": doc["prompt"]["version"], "choice": first_choice(doc)})
            assert eventually(lambda: mock_table.table.events.qsize() == 2)
            done = len(store.actions(session.record.id))
            now[0] = 10.0
            referee.pump(timeout=0.0)  # the phone's choice, then one bot; "again" waits: the other bots after it
            assert [seat for seat, _ in store.actions(session.record.id)][done:] in ([0, 1], [0, 2], [0, 3])
            referee.pump(timeout=0.0)
            assert sorted(seat for seat, _ in store.actions(session.record.id)[done:]) == [0, 1, 2, 3]
        finally:
            phone.close()


def test_a_phone_that_comes_back_gets_the_current_document_and_what_it_missed(phone_table):
    hub, server, session, referee, _ = phone_table
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
    hub, server, session, referee, _ = phone_table
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


def test_a_seat_moves_from_its_oled_to_a_phone_and_back_without_losing_anything(phone_table, mock_table):
    hub, server, session, referee, store = phone_table
    controller = referee.controllers[1]
    assert controller.link == hub.url(1)  # what the OLED's last page shows as a QR code
    token = hub.links.token(1)
    phone = Phone(server, token)
    try:
        # On the phone: exactly the seat's pages (once the last one posted has arrived); on the OLED:
        # only that it is on a phone.
        assert pump_until(referee, lambda: page_is_current(phone, referee, 1))
        doc = phone.last("seat")
        assert mock_table.screen(1).tobytes() == render(on_a_phone(1)).tobytes()
        if doc["prompt"] is not None:
            phone.send({"type": "choose", "id": "a", "version": doc["prompt"]["version"], "choice": first_choice(doc)})
            assert pump_until(referee, lambda: phone.last("ack"))
        (journal,) = [p["screen"]["items"] for p in phone.last("seat")["pages"] if p["name"] == "journal"]
        # Back at the table: a press on the seat takes it back; the phone's link dies, nothing else changes.
        referee.press(1, "select")
        assert pump_until(referee, phone.closed.is_set)
        assert phone.received()[-1]["type"] == "expired" and "given back" in phone.received()[-1]["text"]
        assert not referee.phones.on_phone(1) and hub.links.seat_of(token) is None
        assert mock_table.screen(1).tobytes() == render(referee.screen_of(1)).tobytes()
        (now,) = [p["screen"]["items"] for p in referee.phones.document(1, controller)["pages"] if p["name"] == "journal"]
        assert json.loads(json.dumps(now))[-len(journal):] == journal  # newest first: what it had is all there
        assert controller.link == hub.url(1) and hub.links.token(1) not in (None, token)  # a new link for next time
    finally:
        phone.close()



def test_the_phone_page_follows_the_tables_language(phone_table):
    hub, server, session, referee, _ = phone_table
    phone = Phone(server, hub.links.token(0))
    try:
        assert pump_until(referee, lambda: phone.last("seat"))
        assert phone.last("seat")["words"]["leave"] == "Give the seat back"
        referee.set_language("es")
        assert pump_until(referee, lambda: phone.last("seat")["lang"] == "es")
        doc = phone.last("seat")
        assert doc["words"]["leave"] == "Dejar el puesto"
        assert [p["screen"]["title"] for p in doc["pages"]] == ["Tu mano", "Visto"]
    finally:
        phone.close()
