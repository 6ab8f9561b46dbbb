"""A person who plays through the phone alone: for each game, a seeded three-seat playout in which seat 1
answers every prompt only with the phone's messages (over a WebSocket to the running server),
choosing what the game's table bot would choose, to the game's end or CHOICES choices. Every prompt
kind that comes up is answered through the phone; the top of every page says whose turn it is."""

from __future__ import annotations

from typing import Any

import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.bots.table_bots import table_bot
from kiosk.games import registry
from kiosk.web.seat_feed import PhoneSeats
from tests.table_support import table_referee
from tests.web.phone_support import Phone, page_is_current, phone_server, pump_until

CHOICES = 120  # per game: enough for every kind of prompt the seeds below bring up, quick on 2 cores
OPTIONS: dict[str, dict[str, Any]] = {"watson-holmes": {"case": "thornbury-clock"}}


def offered(entries: list[dict[str, Any]]) -> set[int]:
    """The choice numbers a page shows, at any depth."""
    return {n for e in entries for n in ([e["choice"]] if "choice" in e else offered(e.get("below", [])))}


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_whole_game_played_through_the_phone_alone(mock_table, tmp_path, game_id):
    with phone_server(mock_table.table.events) as (hub, server):
        hub.new_game(3)
        for seat in (1, 2):
            hub.drop(seat)
        me = table_bot(game_id, 0, 11)  # what a bot at seat 1 would choose: the person chooses it on the phone
        store, session, referee = table_referee(
            mock_table, tmp_path, game_id, 11, seats=3, options=OPTIONS.get(game_id), bots=(1, 2),
            bot=lambda seat, seed: RandomBot(seat, seed), phones=PhoneSeats(hub),
            on_events=lambda events: me.observe([e for e in events if e.visible_to(0)]))
        controller = referee.controllers[0]
        assert referee.phones is not None
        phone = Phone(server, hub.links.token(0))
        asked: set[str] = set()
        answered: set[str] = set()
        try:
            for n in range(CHOICES):
                assert pump_until(referee, lambda: session.over or (controller.prompt is not None
                                                                    and page_is_current(phone, referee, 0)))
                if session.over:
                    break
                prompt, doc = controller.prompt, phone.last("seat")
                asked.add(prompt.kind)
                assert doc["prompt"] is not None and doc["prompt"]["kind"] == prompt.kind
                action = me.choose(session.game.view(session.state, 0), prompt)
                choice = controller.ui.menu(prompt, controller.view).leaves().index(action)
                assert choice in offered(doc["prompt"]["entries"]), f"{prompt.kind}: the bot's choice is not on the page"
                phone.send({"type": "choose", "id": f"choice {n}", "version": doc["prompt"]["version"], "choice": choice})
                assert pump_until(referee, lambda: phone.last("ack") is not None and phone.last("ack")["id"] == f"choice {n}")
                assert phone.last("ack")["ok"] is True, phone.last("ack")
                answered.add(prompt.kind)
            docs = [m for m in phone.received() if m["type"] == "seat"]
            assert all(d["turn"]["text"] and d["turn"]["yours"] == (d["prompt"] is not None) for d in docs)
        finally:
            phone.close()
        assert asked and answered == asked
        assert session.over or n == CHOICES - 1
