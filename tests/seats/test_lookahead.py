"""Which choices are local steps (`kiosk.seats.lookahead`): shown on the seat alone, or sent to the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from kiosk.games.base import Action, Event, Game, Prompt
from kiosk.seats.lookahead import foresee, walk

PICK, BACK, OTHER = Action("pick"), Action("back"), Action("wake")


@dataclass
class Pot:
    """Seat 0 picks (a step it can take back), and, in some games, a pick prompts seat 1 or ends its prompt."""

    picked: bool = False
    seat1_prompted: bool = False
    seat1_after_pick: bool = False
    private_pick: bool = False


class Picking:
    """The least of a game for the lookahead: prompts, apply and view."""

    def prompts(self, state: Pot) -> list[Prompt]:
        mine = Prompt(0, "choose", (BACK,) if state.picked else (PICK,))
        theirs = state.seat1_after_pick if state.picked else state.seat1_prompted
        return [mine, *([Prompt(1, "other", (OTHER,))] if theirs else [])]

    def apply(self, state: Pot, seat: int, action: Action) -> list[Event]:
        state.picked = action == PICK
        return [Event("picked", audience=frozenset({0}) if state.private_pick else None)]

    def view(self, state: Pot, seat: int | None) -> dict[str, Any]:
        return {"picked": state.picked}


GAME = cast(Game[Any], Picking())  # what the lookahead asks of a game, no more


def test_a_step_that_shows_nobody_anything_and_can_be_taken_back_is_local() -> None:
    seen = foresee(GAME, Pot(), 0, (PICK,))
    assert seen is not None and seen[0] == {"picked": True} and seen[1].actions == (BACK,)
    still = foresee(GAME, Pot(seat1_prompted=True, seat1_after_pick=True), 0, (PICK,))
    assert still is not None  # another seat prompted before and after: its wait goes on


def test_a_step_with_a_private_event_goes_to_the_table() -> None:
    assert foresee(GAME, Pot(private_pick=True), 0, (PICK,)) is None


def test_a_step_that_prompts_another_seat_or_ends_its_prompt_goes_to_the_table() -> None:
    """The table tracks who waits since when after a walk's last action only (`GameSession.commit`),
    where a replay tracks it after each action: a local step must leave every other seat's prompt as it was."""
    assert foresee(GAME, Pot(seat1_after_pick=True), 0, (PICK,)) is None
    assert foresee(GAME, Pot(seat1_prompted=True), 0, (PICK,)) is None


def test_a_walk_begun_goes_on_from_its_copy_and_leaves_it_as_it_was() -> None:
    """A seat's next local step takes its one new action on a copy of the walk it extends (the referee
    keeps its seats' walks): the same copy and events as walking from the state, the walk kept untouched."""
    state = Pot()
    first = walk(GAME, state, 0, (PICK,))
    assert first is not None
    longer = walk(GAME, state, 0, (PICK, BACK), ((PICK,), first))
    assert longer is not None and longer == walk(GAME, state, 0, (PICK, BACK))
    assert first.state.picked and longer.state is not first.state and not longer.state.picked
    assert len(longer.events) == 2 and len(first.events) == 1  # the walk's events, all of them
