"""A choice that costs points or cannot be taken back ends on a summary, with Confirm and Back (issue 38):
nothing reaches the table before select on the summary, and Back returns with nothing sent."""

from __future__ import annotations

from kiosk.games.base import Action
from kiosk.seats.screen import title_position, writing
from kiosk.seats.canvas import WIDTH, text_width
from tests.menu_support import presses_to
from tests.table_support import ButtonsOnly, deciding, table_referee


def test_a_p_i_accusation_is_sent_only_from_its_summary_and_back_sends_nothing(mock_table, tmp_path):
    store, session, referee = table_referee(mock_table, tmp_path, "pi", 3, seats=3, bots=())
    people = ButtonsOnly(referee, "pi", 3)
    seat = session.game.prompts(session.state)[0].seat
    controller = referee.controllers[seat]
    people.choose(seat, Action("solve"))
    for _ in range(2):  # the suspect, then the crime: steps on the seat alone
        _, prompt = deciding(controller)
        people.choose(seat, next(a for a in prompt.actions if a.kind == "accuse"))
    _, prompt = deciding(controller)
    place = next(a for a in prompt.actions if a.kind == "accuse")
    before = people.stored()
    presses = presses_to(controller, place)[:-1]  # up to the place, and select on it: its summary
    for button, long in presses:  # the select on the place opens the summary: it sends nothing
        people.press(seat, button, long)
    summary = controller.screen()
    assert people.stored() == before and summary.title == "Accuse? If wrong: -2"  # what a wrong one costs
    # alone in the title bar: "Accuse? Wrong: -2 1/2" read as minus two and a half (playPI14)
    assert title_position(summary, f"1/{len(summary.items)}") == ""
    named = summary.items[0].lines
    assert len(named) == 3 and named == tuple(sorted(named, key=named.index))  # who, what, where
    assert [i.label for i in summary.items][1:] == ["Back"] and summary.footer == "● send · hold ● back"
    assert all(text_width(line, 12) <= WIDTH for _, lines in writing(summary) for line in lines)
    people.press(seat, "select", True)  # hold: back to the places, the picks kept, nothing sent
    assert people.stored() == before and not controller.screen().title.startswith("Accuse?")
    for button, long in presses:
        people.press(seat, button, long)
    people.press(seat, "next")
    people.press(seat, "select")  # "Back": the same
    assert people.stored() == before and len(controller.steps) == 3  # "solve" and two tiles, kept
    assert not controller.screen().title.startswith("Accuse?")
    for button, long in presses_to(controller, place):  # the place, then select on its summary
        people.press(seat, button, long)
    assert people.stored() == before + 4  # "solve", the suspect, the crime and the place, sent at once
    assert session.state.history[-1]["action"] == "solve"
    store.close()


def test_a_mystery_express_telegram_shows_what_it_sends_before_send(tmp_path):
    from kiosk.bots.table_bots import table_bot
    from kiosk.games.mystery_express.narrate import CATEGORY_NAMES
    from kiosk.referee.narration import narrator_for
    from kiosk.referee.session import GameSession
    from kiosk.seats.pages import seat_pages
    from kiosk.store import GameStore

    store = GameStore.open(tmp_path)
    session = GameSession.start(store, "mystery-express", 4, 3, {}, bots=[0, 1, 2, 3])
    bots = {seat: table_bot("mystery-express", seat, 3) for seat in range(4)}
    narrator = narrator_for("mystery-express", session.game.view(session.state, None))
    while not session.over:
        prompt = session.game.prompts(session.state)[0]
        if prompt.kind == "telegram_confirm":
            break
        events = session.apply(prompt.seat, bots[prompt.seat].choose(session.game.view(session.state, prompt.seat), prompt))
        for seat, bot in bots.items():
            bot.observe([e for e in events if e.visible_to(seat)])
    assert prompt.kind == "telegram_confirm"
    entries = prompt.data["entries"]
    screen = seat_pages("mystery-express", narrator, "en").menu(prompt, session.game.view(session.state, prompt.seat)).screen()
    send = screen.items[screen.index]
    assert send.label == "Send" and screen.footer == "● send · ▶ redo"
    said = " ".join(send.lines)
    assert said.count("—") == sum(face is None for face in entries.values())
    for face in (entries[c] for c in CATEGORY_NAMES if entries.get(c) is not None):
        assert narrator.face(face).render("en") in said
    store.close()


def test_a_p_i_investigator_is_sent_only_from_its_summary_and_back_sends_nothing(mock_table, tmp_path):
    """fixPI30: select on a place spent one of the five investigators of the whole game at once."""
    store, session, referee = table_referee(mock_table, tmp_path, "pi", 3, seats=3, bots=())
    people = ButtonsOnly(referee, "pi", 3)
    seat = session.game.prompts(session.state)[0].seat
    controller = referee.controllers[seat]
    _, prompt = deciding(controller)
    place = next(a for a in prompt.actions if a.kind == "investigate")
    before = people.stored()
    presses = presses_to(controller, place)[:-1]  # up to the place, and select on it: its summary
    for button, long in presses:
        people.press(seat, button, long)
    summary = controller.screen()
    assert people.stored() == before and summary.title == "Investigators: 5"
    named = summary.items[0].lines
    assert named[0] == "Send an investigator?" and named[2] == "Left after this: 4" and len(named) == 3
    assert [i.label for i in summary.items][1:] == ["Back"] and summary.footer == "● send · hold ● back"
    assert all(text_width(line, 12) <= WIDTH for _, lines in writing(summary) for line in lines)
    people.press(seat, "next")
    people.press(seat, "select")  # "Back": the places again, nothing sent
    assert people.stored() == before and controller.screen().title == "Where to?"
    people.press(seat, "select")  # the same place's summary again, then select sends it
    people.press(seat, "select")
    assert people.stored() == before + 1 and session.state.history[-1]["action"] == "investigate"
    assert session.state.history[-1]["location"] == place.args[0]
    store.close()
