"""A phone seat going to 221B before every question is open (issue #29): its page says which
questions are not open and that they must be answered too, and offers to go all the same or back;
backing out leaves the table as it was."""

from __future__ import annotations

from typing import Any

from kiosk.referee.awaited import awaited, status_line
from kiosk.referee.narration import narrator_for
from kiosk.web.seat_feed import PhoneSeats
from tests.table_support import table_referee
from tests.web.phone_support import Phone, phone_server, pump_until


def leaves(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every entry of a prompt, groups opened (choices and pages to read)."""
    return [found for e in entries for found in ([e] if "below" not in e else leaves(e["below"]))]


def asked(phone: Phone, kind: str) -> dict[str, Any] | None:
    doc = phone.last("seat")
    return doc if doc is not None and doc["prompt"] is not None and doc["prompt"]["kind"] == kind else None


def choose(phone: Phone, doc: dict[str, Any], label: str, ident: str) -> None:
    (entry,) = [e for e in leaves(doc["prompt"]["entries"]) if "choice" in e and e["item"]["label"] == label]
    phone.send({"type": "choose", "id": ident, "version": doc["prompt"]["version"], "choice": entry["choice"]})


def test_the_phone_page_warns_of_unopened_questions_and_backing_out_changes_nothing(mock_table, tmp_path):
    with phone_server(mock_table.table.events) as (hub, server):
        hub.new_game(2)
        hub.drop(1)
        store, session, referee = table_referee(mock_table, tmp_path, "watson-holmes", 4, seats=2, bots=(1,),
                                                options={"case": "thornbury-clock"}, phones=PhoneSeats(hub))
        phone = Phone(server, hub.links.token(0))
        try:
            assert pump_until(referee, lambda: asked(phone, "visit"))
            doc = asked(phone, "visit")
            assert doc is not None
            (baker,) = [e for e in leaves(doc["prompt"]["entries"]) if e["item"]["label"] == "221B Baker Street"]
            assert baker["item"]["detail"] == "1 question not open"
            public = session.game.view(session.state, None)
            narrator = narrator_for("watson-holmes", public)

            def line() -> str:  # the touchscreen's status line
                said = status_line("watson-holmes", awaited(session.game.prompts(session.state)), public, narrator)
                return said.render("es") if said is not None else ""

            status = line()
            choose(phone, doc, "221B Baker Street", "to-221b")
            assert pump_until(referee, lambda: asked(phone, "confirm_221b"))
            confirm = asked(phone, "confirm_221b")
            assert confirm is not None and confirm["prompt"]["title"] == "Go to 221B now?"
            entries = leaves(confirm["prompt"]["entries"])
            warning = " ".join(line for e in entries if "choice" not in e for line in e["item"]["lines"])
            assert warning == "Question 5 is not open yet. At 221B you must answer it too."
            assert [e["item"]["label"] for e in entries if "choice" in e] == ["Back", "Go to 221B all the same"]
            assert session.game.view(session.state, None) == public  # the table is told nothing
            assert [(a.seat, a.kind) for a in awaited(session.game.prompts(session.state))] == [(0, "confirm_221b")]
            assert line() == status  # the same words as while choosing a card
            choose(phone, confirm, "Back", "back")
            assert pump_until(referee, lambda: asked(phone, "visit"))
            assert session.game.view(session.state, None) == public
            assert session.state.players[0].at is None
        finally:
            phone.close()
