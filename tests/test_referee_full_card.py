"""The referee on a card that cannot take a move: a bot's move is refused, nothing changes, and the
bot tries the SAME choice again later (a resume replays one choice per decision, so a second,
different choice would no longer replay); people's seats are told in a few words."""

from __future__ import annotations

import random
from typing import Any

from kiosk.bots.random_bot import RandomBot
from kiosk.games.base import Prompt
from kiosk.referee.table import STORE_RETRY_SECONDS
from tests.card_support import cap, uncap
from tests.table_support import table_referee


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


class FickleBot(RandomBot):
    """Chooses differently each time it is asked (its generator moves on): asking twice would show."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.fickle = random.Random(seed)
        self.asked = 0

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Any:
        self.asked += 1
        return self.fickle.choice(prompt.actions)


def test_a_bots_unsaved_move_is_tried_again_unchanged_and_people_are_told(mock_table, tmp_path) -> None:
    clock = Clock()
    store, session, referee = table_referee(mock_table, tmp_path, "pi", 4, seats=3, bots=(0, 1, 2), bot=FickleBot,
                                            clock=clock, reveal_seconds=3.0, show_bot_seats=True)
    cap(store)
    prompt = session.game.prompts(session.state)[0]
    bot = referee.bots[prompt.seat]
    referee.pump(timeout=0.0)  # the bot's turn: the card refuses it
    assert session.actions_done == 0 and store.actions(session.record.id) == []
    assert bot.asked == 1
    chosen = referee._bot_unsaved[prompt.seat]
    assert [item.label for item in referee.screen_of(prompt.seat).items] == ["Not saved: card full"]
    uncap(store)
    clock.now += STORE_RETRY_SECONDS
    referee.pump(timeout=0.0)
    assert bot.asked == 1  # not asked again: the stored move is the one it chose
    assert session.actions_done == 1
    assert store.actions(session.record.id) == [(prompt.seat, session.game.action_to_json(chosen))]
