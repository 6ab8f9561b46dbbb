"""Every turn takeable from a seat's three buttons (issue 31): seeded games of each game where people
answer ONLY by pressing their seat's buttons (no direct submit, no touchscreen tap, no card on the
reader), at a table with a touchscreen as in the café. A bot decides what each person wants; the test
presses until the seat's menu has sent that choice. Every prompt kind that came up must be answered
that way and the game must reach its end (or a fixed number of choices); now and then a person walks
into a choice and backs out, which must write nothing: no stored action, no public event.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from hardware.events import ButtonPress
from kiosk.bots.table_bots import table_bot
from kiosk.games.base import Action, Event, Prompt
from kiosk.referee.table import Referee
from kiosk.seats.controller import SeatController
from tests.menu_support import presses_to
from tests.table_support import table_referee

# game -> seats, seeds, the most choices its games may take, the prompt kinds its seeds must bring, and
# those of them walked on the seat alone (after a local step, which the test also backs out of)
GAMES: dict[str, tuple[int, tuple[int, ...], int, set[str], set[str]]] = {
    "pi": (3, (1, 2), 200, {"turn", "notes", "solve_suspect", "solve_crime", "solve_location"},
           {"solve_suspect", "solve_crime", "solve_location"}),
    "mystery-express": (4, (3, 5), 400, {"turn", "dining_category", "dining_guests", "dining_show", "telegram", "final"},
                        {"dining_category", "dining_guests", "lounge_category"}),
    "watson-holmes": (3, (1, 2), 200, {"visit", "bid", "reading", "answer"}, {"bid"}),
    "mystery-city": (3, (1, 2), 400, {"attack", "play_card", "reveal", "aftermath"}, set()),
}

MULTI_SELECTS = {"dining_guests"}  # prompts that come back after each pick (P.I.'s notes: `maybe_note`)


class ButtonsOnly:
    """People at every seat of a referee with a touchscreen, who answer only by pressing buttons."""

    def __init__(self, referee: Referee, game_id: str, seed: int) -> None:
        self.referee = referee
        self.session = referee.session
        self.rng = random.Random(f"buttons:{game_id}:{seed}")
        seats = self.session.record.seats
        self.deciders = {seat: table_bot(game_id, seat, seed) for seat in range(seats)}
        self.kinds: Counter[str] = Counter()  # every prompt kind a seat answered, engine's or foreseen
        self.local: Counter[str] = Counter()  # the foreseen ones: prompts after a local step
        self.backed = 0  # how often someone backed out of a local step
        self.events: list[Event] = []
        referee.on_events = self.heard

    def heard(self, events: list[Event]) -> None:
        self.events.extend(events)
        for seat, bot in self.deciders.items():
            bot.observe([e for e in events if e.visible_to(seat)])

    def stored(self) -> int:
        return len(self.session.store.actions(self.session.record.id))

    def press(self, seat: int, button: str, long: bool = False) -> None:
        self.referee.handle(ButtonPress(seat, button, long))

    def choose(self, seat: int, action: Action) -> None:
        """Press the seat's buttons until its menu takes `action` (sent, or a local step)."""
        for button, long in presses_to(self.referee.controllers[seat], action):
            self.press(seat, button, long)

    def answer(self, seat: int) -> None:
        """One decision of the seat, taken with its buttons: local steps, then the choice that is sent."""
        controller = self.referee.controllers[seat]
        while controller.reveals:  # a card shown: read it, press on
            self.press(seat, "select")
        self.maybe_note(seat, controller)
        before = self.stored()
        for _ in range(20):
            view, prompt = deciding(controller)
            self.kinds[prompt.kind] += 1
            if controller.steps:
                self.local[prompt.kind] += 1
            offered = controller.menu().leaves()
            wanted = self.deciders[seat].choose(view, prompt)
            if wanted not in offered:  # the bot's choice is one the seat leaves out as pointless
                wanted = self.rng.choice([a for a in offered if a.kind != "back"] or offered)
            steps = len(controller.steps)
            self.choose(seat, wanted)
            if len(controller.steps) > steps:  # a local step: the table heard nothing
                assert self.stored() == before, f"{prompt.kind}: a local step was stored"
                self.check_on_done(controller, prompt)
                self.maybe_back_out(seat, controller)
                continue
            assert self.stored() > before, f"{prompt.kind}: {wanted!r} was pressed and nothing was sent"
            self.check_on_done(controller, prompt)
            return
        raise AssertionError(f"seat {seat + 1} walked 20 steps without sending a choice")

    def check_on_done(self, controller: SeatController, before: Prompt) -> None:
        """After a pick of a multi-select that goes on (a guest invited), the cursor is on its "Done",
        which says how to finish."""
        if controller.mode != "prompt" or controller.reveals or controller.prompt is None:
            return
        view, prompt = deciding(controller)
        if prompt.kind != before.kind or prompt.seat != before.seat:
            return
        level = controller.menu().level(controller.path)
        assert level is not None
        if prompt.kind in MULTI_SELECTS or any(entry.finish for entry in level[1]):
            screen = controller.screen()
            assert level[1][controller.index].finish, f"{prompt.kind}: after a pick the cursor is not on Done"
            assert screen.footer == "● to finish"

    def maybe_note(self, seat: int, controller: SeatController) -> None:
        """Sometimes a private note first (P.I.), from the group beside the turn; "Done" closes it."""
        if not controller.also or controller.steps or self.rng.random() > 0.3:
            return
        other = controller.also[0]
        self.kinds[other.kind] += 1
        before = self.stored()
        self.choose(seat, self.rng.choice(other.actions))
        assert self.stored() == before + 1, f"{other.kind}: the note was not taken"
        screen = controller.screen()
        assert screen.items[screen.index].label == "Done", "after a note the cursor is not on Done"
        self.press(seat, "select")  # Done: back to the turn
        assert controller.path == () and controller.mode == "prompt"

    def maybe_back_out(self, seat: int, controller: SeatController) -> None:
        """Sometimes change one's mind: a long press, or "Back", then walk the same way again."""
        if self.rng.random() > 0.35:
            return
        stored, heard = self.stored(), len(self.events)
        walked = [step.action for step in controller.steps]
        view, prompt = deciding(controller)
        back = next((a for a in controller.menu().leaves() if a.kind == "back"), None)
        if back is not None and self.rng.random() < 0.5:
            self.choose(seat, back)
            assert not controller.steps
        else:
            self.press(seat, "select", long=True)
            assert len(controller.steps) == len(walked) - 1
        assert self.stored() == stored and len(self.events) == heard, f"backing out of {prompt.kind} was told"
        self.backed += 1
        for action in walked[len(controller.steps):]:  # and on again, as before
            self.choose(seat, action)
        assert [step.action for step in controller.steps] == walked


def deciding(controller: SeatController) -> tuple[dict[str, Any], Prompt]:
    """What the seat decides on now: its last local step's prompt, or the table's."""
    if controller.steps:
        return controller.steps[-1].view, controller.steps[-1].prompt
    assert controller.prompt is not None
    return controller.view, controller.prompt


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_people_play_with_their_buttons_alone(mock_table, tmp_path, game_id):
    seats, seeds, most, expected, walked = GAMES[game_id]
    kinds: Counter[str] = Counter()
    local: Counter[str] = Counter()
    backed = 0
    for seed in seeds:
        store, session, referee = table_referee(mock_table, tmp_path / str(seed), game_id, seed, seats=seats,
                                                bots=(), touchscreen=True)
        people = ButtonsOnly(referee, game_id, seed)
        for _ in range(most):
            if session.over:
                break
            prompts = session.game.prompts(session.state)
            people.answer(min(prompts, key=lambda p: session.turn_order(p.seat)).seat)
        assert session.over, f"seed {seed}: the game did not end in {most} choices"
        kinds += people.kinds
        local += people.local
        backed += people.backed
        store.close()
    assert expected <= set(kinds), f"these prompt kinds never came up: {expected - set(kinds)}"
    assert walked <= set(local), f"these prompt kinds were never walked on the seat alone: {walked - set(local)}"
    assert backed or not walked, "nobody ever backed out of a choice"
