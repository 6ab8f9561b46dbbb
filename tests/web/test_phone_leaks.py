"""Hidden information holds over the network: seeded games of all four games played from phones,
every seat on its own socket, and every message each socket received is checked with the seat-screen
leak checks (tests/seats/leak_checks.py) against what that seat could know when it was sent."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from kiosk.referee.narration import narrator_for
from kiosk.seats.menu import Entry, Menu
from kiosk.seats.screen import Item, Screen
from kiosk.web.seat_feed import PhoneSeats
from tests.seats.leak_checks import faces_of, mc_untold_cards, me_unseen_faces, pi_unknown_cases, wh_leaks, wh_shown
from tests.table_support import table_referee
from tests.web.phone_support import Phone, phone_server, pump_until

ACTIONS = 160  # per game: enough for every kind of private moment (deals, reveals, readings, duels)
GAMES = [
    ("mystery-express", 4, 5, {}),
    ("pi", 4, 5, {}),
    ("watson-holmes", 4, 3, {"case": "thornbury-clock"}),
    ("mystery-city", 3, 2, {}),
]


def screen_of(data: dict[str, Any]) -> Screen:
    items = tuple(Item(i["label"], i["mark"], i["detail"], tuple(i["lines"])) for i in data["items"])
    return Screen(data["title"], items, data["index"], tuple(tuple(c) for c in data["counts"]),
                  tuple(tuple(c) for c in data["clocks"]), data["footer"], data["inverted"])


def entry_of(data: dict[str, Any]) -> Entry:
    below = tuple(entry_of(b) for b in data.get("below", []))
    item = screen_of({"title": "", "items": [data["item"]], "index": 0, "counts": [], "clocks": [], "footer": "",
                      "inverted": False}).items[0]
    return Entry(item, below=below, footer=data["footer"], title=data["title"])


def screens_in(message: dict[str, Any], game_id: str) -> list[Screen]:
    """Every screen a message holds: the idle screen, each page, each reveal, every level of the menu."""
    if message["type"] == "news":
        return [screen_of(message["screen"])]
    found = [screen_of(message["status"]), *(screen_of(p["screen"]) for p in message["pages"]),
             *(screen_of(s) for s in message["reveals"])]
    prompt = message["prompt"]
    # As the OLED checks have it: a Mystery Express telegram or final answer lists every element as a
    # guess, and a P.I. menu names every place and card of the public board as a choice.
    guesses = game_id == "pi" or (game_id == "mystery-express" and prompt is not None and prompt["kind"] in ("telegram", "final"))
    if prompt is not None and prompt["asking"]:  # who asked and for what: checked as the rest
        found.append(Screen(prompt["asking"]))
    if prompt is not None and not guesses:
        found += Menu(prompt["title"], tuple(entry_of(e) for e in prompt["entries"]), prompt["footer"]).screens()
    return found


def choices(entries: list[dict[str, Any]]) -> list[int]:
    return [n for e in entries for n in ([e["choice"]] if "choice" in e else choices(e.get("below", [])))]


@pytest.mark.parametrize(("game_id", "seats", "seed", "options"), GAMES)
def test_every_message_to_every_socket_holds_only_what_its_seat_may_know(mock_table, tmp_path, game_id, seats,
                                                                         seed, options):
    log: list[Any] = []
    with phone_server(mock_table.table.events) as (hub, server):
        hub.new_game(seats)
        store, session, referee = table_referee(mock_table, tmp_path, game_id, seed, seats=seats, options=options,
                                                bots=(), phones=PhoneSeats(hub))
        log.extend(session.replayed)
        apply_all = session.apply_all

        def applied(seat: int, actions: Any, *tried: Any) -> Any:  # the step's events are known before the seats are drawn
            events, refused = apply_all(seat, actions, *tried)
            log.extend(events)
            return events, refused

        session.apply_all = applied  # type: ignore[method-assign]
        game, state = session.game, session.state
        narrator = narrator_for(game_id, game.view(state, None))
        known = [""] * seats  # Mystery City: everything each seat was told, as JSON text
        sent: list[tuple[int, dict[str, Any], dict[str, Any]]] = []  # (seat, message, what it could know)

        def knowledge(seat: int) -> dict[str, Any]:
            view = game.view(state, seat)
            prompt = next((p for p in game.prompts(state) if p.seat == seat), None)
            seen = [e for e in log if e.visible_to(seat)]
            if game_id == "mystery-city":
                known[seat] += json.dumps([view, [e.data for e in seen], [a.args for a in prompt.actions] if prompt else []])
            return {"view": view, "public": game.view(state, None), "kind": prompt.kind if prompt else None,
                    "faces": faces_of([e.data for e in seen]), "cases": copy.deepcopy(getattr(state, "cases", None)),
                    "known": known[seat]}

        for post in ("post_state", "post_news"):
            original = getattr(hub, post)

            def recording(seat: int, message: dict[str, Any], original: Any = original) -> Any:
                sent.append((seat, json.loads(json.dumps(message)), knowledge(seat)))
                return original(seat, message)

            setattr(hub, post, recording)
        phones = [Phone(server, hub.links.token(seat)) for seat in range(seats)]
        rng = random.Random(seed)
        acted = [0] * seats

        def play() -> bool:
            for seat, phone in enumerate(phones):
                doc = phone.last("seat")
                if doc is not None and doc["prompt"] is not None and doc["seq"] != acted[seat]:
                    acted[seat] = doc["seq"]
                    phone.send({"type": "choose", "id": f"{seat}-{doc['seq']}", "version": doc["prompt"]["version"],
                                "choice": rng.choice(choices(doc["prompt"]["entries"]))})
            return session.over or session.actions_done >= ACTIONS

        try:
            assert pump_until(referee, play)
        finally:
            for phone in phones:
                phone.close()

    checked = 0
    for seat, phone in enumerate(phones):
        mine = [(m, k) for s, m, k in sent if s == seat]
        received = [m for m in phone.received() if m["type"] in ("seat", "news")]
        assert received, f"seat {seat}'s phone got nothing"
        for message in received:
            body = {key: value for key, value in message.items() if key != "seq"}
            match = [k for m, k in mine if m == body]
            assert match, "a message reached a phone that was never posted for its seat"
            know = match[0]
            screens = screens_in(message, game_id)
            if game_id == "mystery-express":
                assert not me_unseen_faces(screens, know["faces"]), f"seat {seat}: {message}"
            elif game_id == "pi":
                assert not pi_unknown_cases(screens, know["view"], know["cases"], seat), f"seat {seat}: {message}"
            elif game_id == "watson-holmes":
                assert not wh_leaks(wh_shown(screens), seat, know["view"], know["public"], know["kind"], narrator,
                                    False)
            else:
                assert not mc_untold_cards(screens, know["known"], "en"), f"seat {seat}: {message}"
            checked += 1
        # No socket ever got another seat's message.
        assert all(m.get("seat", seat) == seat for m in phone.received())
    assert checked > 50
