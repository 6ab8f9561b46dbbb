"""Which choices a seat may walk through on its own screen before the table hears of them.

A choice is a local step when, taken on a copy of the game, it shows nobody anything (no private
event), leaves every other seat's prompt as it was, and the seat's next decision can still take it
back ("back" among its actions): a car and its
category in Mystery Express, a solution attempt in P.I. before its last tile, a card to visit in
Watson & Holmes before the bid. Browsing such steps and backing out then writes nothing public and
nothing to the store; the walk goes to the table whole, with the first choice that cannot be taken back.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from kiosk.games.base import Action, Game, IllegalAction, Prompt, Walk, copy_state


def walk(game: Game[Any], state: Any, seat: int, walked: tuple[Action, ...],
         begun: tuple[tuple[Action, ...], Walk] | None = None) -> Walk | None:
    """A copy of the game with `walked` taken by the seat, and their events; None if the game refuses
    one of them (the table will say why). `begun`: the first actions of `walked`, already walked on
    the same state: the copy starts from that walk's (which is left as it is) and takes the rest, as a
    seat's next local step takes one action more where the walk from the state took them all again."""
    done, source, events = (len(begun[0]), begun[1].state, list(begun[1].events)) if begun else (0, state, [])
    ahead = copy_state(source)
    try:
        for action in walked[done:]:
            events += game.apply(ahead, seat, action)
    except IllegalAction:
        return None
    return Walk(ahead, events)


def foresee(game: Game[Any], state: Any, seat: int, walked: tuple[Action, ...]) -> tuple[dict[str, Any], Prompt] | None:
    """The seat's view and next prompt after `walked` (its actions from now on), if the last of them
    is a local step; None if it must go to the table (or the game refuses it: the table will say why)."""
    taken = walk(game, state, seat, walked)
    prompted = {prompt.seat for prompt in game.prompts(state)}
    return None if taken is None else step_after(game, taken, seat, prompted)


def step_after(game: Game[Any], taken: Walk, seat: int, prompted: Collection[int]) -> tuple[dict[str, Any], Prompt] | None:
    """`foresee` on a walk already taken (the steps before its last were local steps: none of them
    showed anybody anything), with the seats `prompted` before it. A step that prompts another seat,
    or ends another seat's prompt, goes to the table too: the table keeps who waits since when after a
    walk's last action only (`GameSession.commit`)."""
    if any(event.audience is not None for event in taken.events):
        return None
    prompts = taken.prompts = game.prompts(taken.state)
    if {prompt.seat for prompt in prompts} - {seat} != set(prompted) - {seat}:
        return None
    following = [prompt for prompt in prompts if prompt.seat == seat]
    if not following or not any(action.kind == "back" for action in following[0].actions):
        return None
    return game.view(taken.state, seat), following[0]
