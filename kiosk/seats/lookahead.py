"""Which choices a seat may walk through on its own screen before the table hears of them.

A choice is a local step when, taken on a copy of the game, it shows nobody anything (no private
event) and the seat's next decision can still take it back ("back" among its actions): a car and its
category in Mystery Express, a solution attempt in P.I. before its last tile, a card to visit in
Watson & Holmes before the bid. Browsing such steps and backing out then writes nothing public and
nothing to the store; the walk goes to the table whole, with the first choice that cannot be taken back.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Game, IllegalAction, Prompt, copy_state


def foresee(game: Game[Any], state: Any, seat: int, walked: tuple[Action, ...]) -> tuple[dict[str, Any], Prompt] | None:
    """The seat's view and next prompt after `walked` (its actions from now on), if the last of them
    is a local step; None if it must go to the table (or the game refuses it: the table will say why)."""
    ahead = copy_state(state)
    try:
        for action in walked:
            events = game.apply(ahead, seat, action)
    except IllegalAction:
        return None
    if any(event.audience is not None for event in events):
        return None
    following = [prompt for prompt in game.prompts(ahead) if prompt.seat == seat]
    if not following or not any(action.kind == "back" for action in following[0].actions):
        return None
    return game.view(ahead, seat), following[0]
