"""A referee on the mock table for tests: people at some seats, bots at the others."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from hardware.events import TagSeen
from hardware.sim.pn532 import SimTag
from kiosk.bots import Bot
from kiosk.bots.random_bot import RandomBot
from kiosk.referee.narration import narrator_for
from kiosk.seats.pages import seat_pages
from kiosk.seats.screen import panel_picture
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from kiosk.referee.table import Referee
from tests.waiting import PATIENCE


def table_referee(mock_table: Any, tmp_path: Any, game_id: str, seed: int, *, seats: int = 4,
                  options: dict[str, Any] | None = None, bots: Iterable[int] = (2, 3),
                  bot: Callable[[int, int], Bot] = RandomBot, **kwargs: Any) -> tuple[GameStore, GameSession, Referee]:
    """A stored game of `game_id` and its referee, with the game's own seat pages in English."""
    store = GameStore.open(tmp_path)
    bot_seats = list(bots)
    session = GameSession.start(store, game_id, seats, seed, dict(options or {}), bots=bot_seats)
    narrator = narrator_for(game_id, session.game.view(session.state, None))
    referee = Referee(
        session, mock_table.table, lambda seat: seat_pages(game_id, narrator, "en"),
        {seat: bot(seat, seed) for seat in bot_seats}, **{"bot_delay": 0.0, "reveal_seconds": 0.0, **kwargs},
    )
    return store, session, referee


def play_showing_each_seat(mock_table: Any, session: GameSession, referee: Referee, steps: int) -> None:
    """Play the first prompted seat's first choice `steps` times (or to the end); after each, every
    seat's panel shows exactly the picture its screen asks for (inverted where it is)."""
    for _ in range(steps):
        if session.over:
            return
        prompt = min(session.game.prompts(session.state), key=lambda p: session.turn_order(p.seat))
        referee.submit(prompt.seat, prompt.actions[0])
        for seat in range(session.record.seats):
            image, inverted = panel_picture(referee.screen_of(seat))
            expected = image.point(lambda v: 255 - v).convert("1") if inverted else image
            where = mock_table.config.seats[seat].display
            assert mock_table.screen(seat).tobytes() == expected.tobytes(), f"seat {seat + 1} ({where.bus} channel {where.channel})"


def settle(referee: Referee) -> None:
    """Let the loop handle every queued input and every due deadline."""
    for _ in range(10_000):
        if referee.table.events.empty() and not referee._bot_due and not referee._timers:
            referee.pump(timeout=0.0)
            if referee.table.events.empty() and not referee._bot_due:
                return
        referee.pump(timeout=0.05)
    raise AssertionError("the table never settled")


def lay(mock_table: Any, referee: Referee, tag: SimTag) -> TagSeen:
    """Lay the tag on the reader until the reader reports it, let the referee handle it, lift it."""
    mock_table.tap(tag)
    try:
        for _ in range(200):
            event = mock_table.table.events.get(timeout=PATIENCE)
            referee.handle(event)
            if isinstance(event, TagSeen):
                settle(referee)
                return event
    finally:
        mock_table.lift()
    raise AssertionError("the reader never reported the tag")
