"""The desktop simulator, driven like a person with a mouse, under SDL's dummy video driver."""

from __future__ import annotations

import random
import threading

import pygame
import pytest

from kiosk.bots.random_bot import AIMLESS, RandomBot
from kiosk.narration import narrator_for
from kiosk.seats.mystery_express import MysteryExpressPages
from kiosk.seats.screen import render
from kiosk.session import GameSession
from kiosk.store import GameStore
from kiosk.table import Referee


@pytest.fixture
def simulator(mock_table, tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from kiosk.ui.simulator import Simulator

    store = GameStore.open(tmp_path)
    session = GameSession.start(store, "mystery-express", 4, 3, {}, bots=[1, 2, 3])
    narrator = narrator_for("mystery-express", session.game.view(session.state, None))
    referee = Referee(
        session, mock_table.table, lambda seat: MysteryExpressPages(narrator, "en"),
        {seat: RandomBot(seat, 3) for seat in (1, 2, 3)}, bot_delay=0.0, reveal_seconds=0.0,
    )
    sim = Simulator(mock_table, 4, "Mystery Express")
    sim.phase, sim.bots, sim.referee = referee, {1, 2, 3}, referee
    yield sim
    sim.close()


def click(sim, seat, button):
    """Press and release a button on the window with the mouse, as a person would."""
    area = next(a for a in sim.areas if a.seat == seat and a.button == button)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=area.rect.center, button=1))
    sim.step(0)
    threading.Event().wait(0.03)  # held past the debounce time
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=area.rect.center, button=1))
    sim.step(0)
    threading.Event().wait(0.03)
    for _ in range(5):
        sim.step(0)


def test_a_person_plays_a_whole_game_with_the_mouse(simulator, tmp_path):
    sim = simulator
    rng = random.Random(2)
    sim.step(0)
    controller = sim.referee.controllers[0]
    for _ in range(3000):
        if sim.referee.session.over:
            break
        if controller.reveals or (controller.prompt is not None and controller.mode != "prompt"):
            click(sim, 0, "select")
        elif controller.prompt is not None:
            actions = controller.prompt.actions
            wanted = [i for i, a in enumerate(actions) if a.kind not in AIMLESS]
            target = rng.choice(wanted or list(range(len(actions))))
            while controller.index != target:
                click(sim, 0, "next")
            click(sim, 0, "select")
        else:
            sim.step(0)
    assert sim.referee.session.over
    # The window shows what the seat's panel shows, which is what the referee drew.
    assert sim.mock.screen(0).tobytes() == render(sim.referee.screen_of(0)).tobytes()
    path = tmp_path / "simulator.png"
    pygame.image.save(sim.window, str(path))
    assert path.stat().st_size > 0


def test_keys_drive_the_same_pins(simulator):
    sim = simulator
    sim.step(0)
    before = sim.referee.controllers[0].index
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord("w")))
    sim.step(0)
    threading.Event().wait(0.03)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=ord("w")))
    for _ in range(5):
        sim.step(0)
        threading.Event().wait(0.01)
    assert sim.referee.controllers[0].index == before + 1


def test_seats_are_claimed_in_the_window_before_the_game(mock_table, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from kiosk.lobby import Lobby
    from kiosk.ui.simulator import Simulator

    sim = Simulator(mock_table, 4, "Mystery Express")
    lobby = Lobby(mock_table.table, "mystery-express", 4)
    try:
        sim.phase = lobby
        sim.step(0)
        click(sim, 2, "select")
        assert lobby.claimed == {2}
        area = next(a for a in sim.areas if a.seat == 2 and a.button == "select")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=area.rect.center, button=1))
        assert sim.run(lobby, lambda: lobby.started)  # held until gpiozero reports the long press
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=area.rect.center, button=1))
        sim.step(0)
        assert lobby.claimed == {2} and lobby.started
    finally:
        sim.close()
