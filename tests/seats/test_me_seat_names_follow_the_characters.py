"""A Mystery Express seat is named by its character as soon as the character is chosen (issue 38's
trial: the seat's title kept "Seat 1" until the next event, since the shared narrator learnt the
character only when the board's log told the choice, seconds later behind its reveals)."""

from __future__ import annotations

from tests.table_support import table_referee


def test_a_seat_takes_its_characters_name_at_once(mock_table, tmp_path):
    _, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 5, seats=3, bots=())
    prompt = next(p for p in session.game.prompts(session.state) if p.kind == "character")
    action = prompt.actions[0]
    referee.submit(prompt.seat, action)
    character = session.game.view(session.state, None)["players"][prompt.seat]["character"]
    assert character is not None
    name = referee.controllers[prompt.seat].ui.narrator.seat(prompt.seat).render("en")
    assert name != f"Seat {prompt.seat + 1}"
    screens = {seat: referee.screen_of(seat) for seat in range(3)}
    assert name in screens[prompt.seat].title or any(name in (i.label or "") for i in screens[prompt.seat].items), screens[prompt.seat]
