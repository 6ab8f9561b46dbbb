"""A seeded Mystery Express game fed to the public board exactly as the table feeds it: the public
view, the public events and the public prompts, with a clock that moves a little at every step."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kiosk.referee.awaited import Awaited, awaited
from kiosk.games import registry
from kiosk.games.base import Action, Event, Prompt
from kiosk.referee.headless import play, random_bots
from kiosk.referee.narration import narrator_for
from kiosk.ui.boards import BoardContext
from kiosk.ui.boards.mystery_express import MysteryExpressBoard

GAME = "mystery-express"
STEP_SECONDS = 0.25


@dataclass
class Moment:
    now: float
    events: list[Event]  # public events of this step
    view: dict[str, Any]
    prompts: list[Prompt]  # public prompts
    awaited: tuple[Awaited, ...] = ()  # every prompt as seat and kind, for the status line


@dataclass
class PlayedGame:
    seats: int
    seed: int
    reveal_seconds: float = 1.0
    log: list[Moment] = field(default_factory=list)
    private_events: int = 0

    def play(self) -> PlayedGame:
        game = registry.get(GAME)
        state = game.start(self.seats, self.seed)
        now = 0.0
        self.log.append(Moment(now, [], game.view(state, None), public(game.prompts(state)), awaited(game.prompts(state))))
        for step in play(game, state, random_bots(self.seats, self.seed)):
            now += STEP_SECONDS
            events = [e for e in step.events if e.audience is None]
            self.private_events += len(step.events) - len(events)
            self.log.append(Moment(now, events, game.view(state, None), public(game.prompts(state)), awaited(game.prompts(state))))
        return self

    def board(self, upto: int, submit: Any = None) -> MysteryExpressBoard:
        """A fresh board that has been told everything up to moment `upto`, as at the table."""
        narrator = narrator_for(GAME, self.log[0].view)
        context = BoardContext(GAME, self.seats, narrator, submit or (lambda seat, action: None),
                               reveal_seconds=self.reveal_seconds)
        board = MysteryExpressBoard(context)
        for moment in self.log[: upto + 1]:
            board.observe(moment.events, moment.now)
            board.update(moment.view, moment.prompts, moment.now, moment.awaited)
        return board

    def first(self, predicate: Any) -> int:
        return next(i for i, m in enumerate(self.log) if predicate(m))

    def event_index(self, kind: str, **data: Any) -> int:
        return self.first(lambda m: any(e.kind == kind and all(e.data.get(k) == v for k, v in data.items())
                                        for e in m.events))


def public(prompts: list[Prompt]) -> list[Prompt]:
    return [p for p in prompts if not p.private]


def submitted() -> tuple[list[tuple[int, Action]], Any]:
    taps: list[tuple[int, Action]] = []
    return taps, lambda seat, action: taps.append((seat, action))


@cache
def played_game(seats: int, seed: int) -> PlayedGame:
    """A whole bot game of that table, played once per test session."""
    return PlayedGame(seats, seed).play()
