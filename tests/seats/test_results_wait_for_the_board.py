"""A seat tells no result before the board's reveal of it has shown it (issue 38's trial): while the
board's Stage still shows a verdict or a case's end, the seats' idle screens and private results wait
for it, as the board's log does; a seat's own decisions never wait."""

from __future__ import annotations

from typing import Any

from kiosk.bots.random_bot import RandomBot
from kiosk.seats.screen import Screen
from tests.table_support import table_referee


def words(screen: Screen) -> str:
    return " ".join([screen.title, screen.footer, *(i.label for i in screen.items), *(i.detail or "" for i in screen.items)])


def play_until(session: Any, referee: Any, done: Any, seed: int) -> None:
    bots = [RandomBot(s, seed) for s in range(session.record.seats)]
    for _ in range(5000):
        if done():
            return
        prompt = min(session.game.prompts(session.state), key=lambda p: session.turn_order(p.seat))
        referee.submit(prompt.seat, bots[prompt.seat].choose(session.game.view(session.state, prompt.seat), prompt))
    raise AssertionError("never reached")


def test_watson_holmes_seats_wait_for_the_verdicts(mock_table, tmp_path):
    now, busy = [0.0], [0.0]
    _, session, referee = table_referee(mock_table, tmp_path, "watson-holmes", 3, seats=3, bots=(),
                                        clock=lambda: now[0], board_busy=lambda: busy[0], reveal_seconds=3.0)
    busy[0] = 6.0  # the board shows every step's reveal for six seconds

    def failed() -> list[int]:
        return [s for s, p in enumerate(session.state.players) if p.eliminated]

    play_until(session, referee, lambda: failed() or session.over, 3)
    held = {seat: words(referee.screen_of(seat)) for seat in range(3)}
    for seat, text in held.items():
        assert "voice of Holmes" not in text and "speak for Holmes" not in text and "case is closed" not in text, (seat, text)
    awaited = {p.seat for p in session.game.prompts(session.state)}
    for seat in awaited:
        assert referee.controllers[seat].prompt is not None, "a seat's own decision is not held"
    now[0], busy[0] = 6.0, 0.0
    referee.pump(timeout=0.0)
    told = " ".join(words(referee.screen_of(seat)) for seat in failed())
    if session.over:
        assert "case is closed" in told and "voice of Holmes" not in told, told
    else:
        assert "voice of Holmes" in told or "speak for Holmes" in told, told


def test_pi_seats_tell_the_final_scores_after_the_last_case(mock_table, tmp_path):
    now, busy = [0.0], [0.0]
    _, session, referee = table_referee(mock_table, tmp_path, "pi", 5, seats=2, bots=(), options={"round_limit": 20},
                                        clock=lambda: now[0], board_busy=lambda: busy[0])
    busy[0] = 6.0
    play_until(session, referee, lambda: session.over, 5)
    assert not any("Final scores" in words(referee.screen_of(seat)) for seat in range(2))
    now[0], busy[0] = 6.0, 0.0
    referee.pump(timeout=0.0)
    assert all("Final scores" in words(referee.screen_of(seat)) for seat in range(2))
