"""After a move, the seats now awaited and the seat that made it are drawn before the bystanders:
one I2C bus carries every seat's bytes in turn, so the people waiting are served first. The seat that
acted comes after the other awaited seats, even when its turn goes on: it often turns a whole page,
which would hold up everyone awaited with it (issue 22: the person who must act next is served first).
Seats awaited together are written least first: one whose "Your move" costs a few hundred bytes does
not wait behind another's new page."""

from __future__ import annotations

import pytest

from hardware.sim.mock_table import build_mock_table
from kiosk.bots.random_bot import AIMLESS
from kiosk.games.base import Prompt
from tests.table_support import table_referee


@pytest.mark.parametrize("game_id,seats", [("mystery-express", 5), ("watson-holmes", 5), ("pi", 4), ("mystery-city", 4)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_awaited_and_acting_seats_are_drawn_first(tmp_path, game_id, seats, seed):
    mock_table = build_mock_table(seats=seats, start_reader=False)
    store, session, referee = table_referee(mock_table, tmp_path, game_id, seed, seats=seats, bots=())
    order: list[int] = []
    for part in mock_table.table.seats:
        show = part.display.show
        part.display.show = lambda image, inverted=False, seat=part.index, show=show: order.append(seat) or show(image, inverted)
    try:
        checked = 0
        for _ in range(60):
            if session.over:
                break
            prompt: Prompt = min(session.game.prompts(session.state), key=lambda p: session.turn_order(p.seat))
            action = next((a for a in prompt.actions if a.kind not in AIMLESS), prompt.actions[0])
            order.clear()
            referee.submit(prompt.seat, action)
            awaited = sorted({p.seat for p in session.game.prompts(session.state)} - {prompt.seat},
                             key=session.turn_order)
            # Among themselves the awaited seats are written least first (`Table.show`), then the seat that acted.
            assert sorted(order[:len(awaited)]) == sorted(awaited) and order[len(awaited)] == prompt.seat, \
                f"acted {prompt.seat}, awaited {awaited}, drawn {order}"
            groups = referee.drawing_order(prompt.seat, {p.seat: p for p in session.game.prompts(session.state)})
            assert sorted(sum(groups[:1], [])) == sorted(order[:len(groups[0])]) and sum(groups[1:], []) == order[len(groups[0]):], \
                "the groups, one after the other, are the order drawn"
            if awaited:
                assert groups[0] == awaited, "the awaited seats are drawn and written as a group of their own"
            assert sorted(order) == list(range(seats)), "every seat is drawn once"
            checked += 1
        assert checked >= 10
    finally:
        store.close()
        mock_table.close()
