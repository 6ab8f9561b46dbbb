"""A referee on the mock table for tests: people at some seats, bots at the others; people who
answer with their seat's buttons alone (`ButtonsOnly`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from dataclasses import replace

from hardware.events import ButtonPress, TagSeen
from hardware.sim.mock_table import MockTable, build_mock_table
from hardware.sim.pn532 import SimTag
from kiosk.bots import Bot
from kiosk.bots.random_bot import RandomBot
from kiosk.bots.table_bots import table_bot
from kiosk.config import default_config
from kiosk.games.base import Action, Event, Prompt
from kiosk.referee.narration import narrator_for
from kiosk.seats.pages import seat_pages
from kiosk.seats.screen import panel_picture
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from kiosk.referee.table import Referee
from kiosk.seats.controller import SeatController
from tests.menu_support import presses_to
from tests.waiting import PATIENCE


def mux_table(mux: str, seats: int = 5) -> MockTable:
    """A mock table of `seats` seat screens on one bus, its multiplexer switched by the kernel or
    from user space (where pages several panels take alike are written once for all)."""
    config = default_config(seats)
    return build_mock_table(replace(config, i2c=replace(config.i2c, mux=mux)), start_reader=False)


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
        prompt = min(session.prompts(), key=lambda p: session.turn_order(p.seat))
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

    def answer_next(self) -> None:
        """The next decision of the table, taken by the seat that has waited longest."""
        session = self.session
        self.answer(min(session.prompts(), key=lambda p: session.turn_order(p.seat)).seat)

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
