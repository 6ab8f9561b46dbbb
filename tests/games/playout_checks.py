"""Checks every game's playout tests share."""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Event, Game


def assert_replays_identically(
    game: Game[Any], state: Any, events: list[Event], record: list[tuple[int, Action]], log: list[Event],
    finished: Any, seats: int,
) -> None:
    """Replaying the recorded actions on a fresh `state` (whose opening `events` are given) gives the
    same events and, for every seat and the public, the same views as the game that was played."""
    for seat, action in record:
        events.extend(game.apply(state, seat, action))
    assert events == log
    for viewer in [None, *range(seats)]:
        assert game.view(state, viewer) == game.view(finished, viewer)
