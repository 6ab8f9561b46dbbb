"""The referee loop end to end on the mock table: mock button presses in,
frames on the emulated seat panels and whistle patterns out."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from dataclasses import replace

import pytest

from hardware.sim.mock_table import MockTable, build_mock_table
from kiosk.bots.random_bot import AIMLESS
from kiosk.config import default_config
from kiosk.games.base import Event
from kiosk.seats.screen import render
from kiosk.referee.session import GameSession
from tests.menu_support import presses_to
from tests.seats.leak_checks import faces_of, me_unseen_faces
from tests.table_support import settle, table_referee

HUMANS = (0, 1)
BOTS = (2, 3)


@pytest.fixture
def mock_table() -> Iterator[MockTable]:
    """The four-seat mock table, whose buttons take no press as long: the presses here are all short,
    and a machine stalled past the long-press time (0.7 s) between a finger's down and up must not
    turn one into "back"."""
    config = default_config(4)
    table = build_mock_table(replace(config, buttons=replace(config.buttons, long_press_s=3600.0)))
    try:
        yield table
    finally:
        table.close()


def make_referee(mock_table, tmp_path, seed=5, **kwargs):
    """Seats 0 and 1 are people, 2 and 3 bots; the first decision is a character choice."""
    return table_referee(mock_table, tmp_path, "mystery-express", seed, bots=BOTS, **kwargs)


class Recorder:
    """Everything each seat's display was asked to show, as screens (text) and frames (pixels)."""

    def __init__(self, referee):
        self.screens = {seat: [] for seat in range(4)}
        self.sounds = []
        original = referee.draw
        play = referee._sound

        def sound(pattern):
            self.sounds.append(pattern)
            play(pattern)

        referee._sound = sound

        def draw(seat):
            controller = referee.controllers.get(seat)
            guessing = bool(
                controller and not controller.reveals and controller.mode == "prompt" and controller.prompt
                and controller.prompt.kind in ("telegram", "final")
            )
            if not guessing:  # a telegram or final-answer form lists every element as a guess
                self.screens[seat].append(referee.screen_of(seat))
            original(seat)

        referee.draw = draw


def press(mock_table, referee, seat, button, long=False):
    """One press as a finger makes it: down, up, and a pause before the next (debounce)."""
    mock_table.press(seat, button, long=long)
    threading.Event().wait(mock_table.table.config.buttons.bounce_s * 1.5)
    settle(referee)


def human_turn(mock_table, referee, rng):
    """A person at a seat with a decision: presses next or previous to a choice, then select."""
    for seat in HUMANS:
        controller = referee.controllers[seat]
        while controller.reveals:  # read the card shown, then press on
            press(mock_table, referee, seat, "select")
        if controller.prompt is None:
            continue
        if controller.mode != "prompt":
            press(mock_table, referee, seat, "select")
        offered = controller.menu().leaves()
        wanted = [a for a in offered if a.kind not in AIMLESS] or offered
        target = rng.choice(wanted)
        *walk, (last, _) = presses_to(controller, target)
        for button, long in walk:
            press(mock_table, referee, seat, button, long)
        level = controller.menu().level(controller.path)
        assert level is not None and level[1][controller.index].action == target
        press(mock_table, referee, seat, last)
        return True
    return False


def test_two_humans_and_two_bots_play_a_whole_game(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    recorder = Recorder(referee)
    rng = random.Random(1)
    settle(referee)
    for _ in range(5000):
        if session.over:
            break
        if not human_turn(mock_table, referee, rng):
            settle(referee)
    assert session.over and store.unfinished() is None
    assert store.game(session.record.id).outcome["winners"]
    # Every stored action replays to the same end: nothing shown was left out of the store.
    replayed = GameSession.resume(store, store.game(session.record.id))
    assert session.game.view(replayed.state, None) == session.game.view(session.state, None)
    # What the seats' panels show now is exactly the last screen drawn for them, read off the bus.
    for seat in range(4):
        assert mock_table.screen(seat).tobytes() == render(referee.screen_of(seat)).tobytes()
    sounds = recorder.sounds
    assert sounds.count("whistle") == 5 and sounds[-1] == "fanfare"
    assert sounds.count("pass") == 3  # Wien: four packet rounds, three "pass" signals
    assert "fanfare" in mock_table.table.whistle.played or mock_table.table.whistle.is_playing
    check_no_seat_saw_an_unseen_face(recorder, session)


def check_no_seat_saw_an_unseen_face(recorder, session):
    """Every card face a seat's screen ever showed was shown to that seat by the rules."""
    log = replay_events(session)
    for seat in range(4):
        seen = set()
        for event in log:
            if event.visible_to(seat):
                seen |= faces_of(event.data)
        if seat in BOTS:
            assert all(s.title.startswith("Seat") for s in recorder.screens[seat]), "a bot seat showed its view"
            continue
        assert not me_unseen_faces(recorder.screens[seat], seen), f"seat {seat} was shown a face it never saw"


def replay_events(session) -> list[Event]:
    state = session.game.start(session.record.seats, session.record.seed, session.record.options)
    events = []
    for seat, data in session.store.actions(session.record.id):
        events += session.game.apply(state, seat, session.game.action_from_json(data))
    return events
