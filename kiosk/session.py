"""One game in progress, kept in the store: every accepted action is on disk before anyone sees it.

Resuming replays the stored actions from the seed to the identical state. Bots are driven through
the replay as if live (each chooses again and must choose what was stored), so they go on exactly as
they would have without the interruption.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from kiosk.bots import Bot
from kiosk.games import registry
from kiosk.games.base import Action, Event, Game, Outcome
from kiosk.store import GameRecord, GameStore


log = logging.getLogger("kiosk")


class ReplayMismatch(Exception):
    """A bot chose differently while replaying: the stored game and the bot code no longer agree."""


@dataclass
class GameSession:
    store: GameStore
    record: GameRecord
    game: Game[Any]
    state: Any
    actions_done: int = 0
    replayed: list[Event] = field(default_factory=list)  # the events of a resumed game, for seat notes

    @classmethod
    def start(
        cls, store: GameStore, game_id: str, seats: int, seed: int, options: dict[str, Any], bots: list[int]
    ) -> GameSession:
        game = registry.get(game_id)
        state = game.start(seats, seed, options)  # refuses bad seats or options before anything is stored
        # The effective options, defaults included: a default changed later never changes this game.
        game_row = store.begin(game_id, game.info.resolve_options(options), seed, seats, bots)
        record = store.game(game_row)
        assert record is not None
        log.info("game %d started: %s, %d seats, %d played by bots, seed %d", record.id, game_id, seats, len(bots), seed)
        return cls(store, record, game, state)

    @classmethod
    def resume(cls, store: GameStore, record: GameRecord, bots: dict[int, Bot] | None = None) -> GameSession:
        game = registry.get(record.game)
        options = game.info.stored_options(record.options)
        session = cls(store, record, game, game.start(record.seats, record.seed, options))
        for seat, data in store.actions(record.id):
            action = game.action_from_json(data)
            if bots and seat in bots:
                prompt = next(p for p in game.prompts(session.state) if p.seat == seat)
                again = bots[seat].choose(game.view(session.state, seat), prompt)
                if again != action:
                    raise ReplayMismatch(f"game {record.id}: bot of seat {seat + 1} chose {again}, stored {action}")
            events = game.apply(session.state, seat, action)
            session.replayed.extend(events)
            session.actions_done += 1
            for bot_seat, bot in (bots or {}).items():  # bots hear again what their seats heard
                bot.observe([e for e in events if e.visible_to(bot_seat)])
        log.info("game %d resumed after %d actions", record.id, session.actions_done)
        return session

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply, then commit, then return the events to show. An illegal action raises and stores nothing."""
        events = self.game.apply(self.state, seat, action)
        self.store.append(self.record.id, seat, self.game.action_to_json(action))
        self.actions_done += 1
        outcome = self.game.outcome(self.state)
        if outcome is not None:
            self.store.finish(self.record.id, outcome_json(outcome))
            winners = ", ".join(str(seat + 1) for seat in outcome.winners)
            log.info("game %d finished after %d actions: won by seat %s", self.record.id, self.actions_done, winners)
        return events

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {
        "scores": {str(seat): score for seat, score in outcome.scores.items()},
        "winners": outcome.winners,
        "detail": outcome.detail,
    }
