""""Shut down" in the admin menu powers the Pi off, once every seat screen is dark and the window shut.

`kiosk run` itself runs, on a table whose configuration says "pi": the parts are the mock table's (no
GPIO here), the touchscreen is the Pi's full-screen window under SDL's dummy driver, and a person
holds the screen, types the PIN and confirms, through the real loop with a clock of the test's own.
Only `systemctl poweroff` is not run: its call is recorded, with what the table showed at that moment.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from hardware.sim.mock_table import build_mock_table
from kiosk.cli import main
from kiosk.commands import run as run_command
from kiosk.ui import loop as ui_loop
from kiosk.ui.scenes.admin import Admin
from kiosk.ui.scenes.chrome import YES

PIN = "7391"


class Person:
    """Someone at the touchscreen: fingers posted as SDL events, held for as long as the test says."""

    def __init__(self, loop: ui_loop.Loop) -> None:
        self.loop = loop
        self.now = 1000.0

    def settle(self, steps: int = 4) -> None:
        for _ in range(steps):
            self.loop.step(0.01)

    def touch(self, value: object | None = None, held: float = 0.0) -> None:
        painter = self.loop.app.screen.painter
        assert painter is not None
        targets = [t for t in painter.targets if value is None or t.value == value]
        assert targets, f"no {value!r} on {type(self.loop.app.scene).__name__}"
        width, height = pygame.display.get_surface().get_size()
        x, y = targets[-1].rect.centerx / width, targets[-1].rect.centery / height
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1))
        self.loop.step(0.01)
        self.now += held
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=x, y=y, dx=0, dy=0, finger_id=1, touch_id=1, pressure=0))
        self.settle(2)


def test_shut_down_from_the_admin_menu_powers_off_after_the_table_is_dark(tmp_path, monkeypatch):
    example = (Path(__file__).parents[2] / "table.example.toml").read_text()
    config_file = tmp_path / "table.toml"
    config_file.write_text(
        example.replace('data_dir = "var"', f'data_dir = "{tmp_path / "data"}"')
        .replace('admin_pin = "2580"', f'admin_pin = "{PIN}"')
        .replace('backend = "mock"', 'backend = "pi"')
        .replace("[screen]\n", '[screen]\nsize = "800x480"\n')
    )
    built = []

    def mock_parts(config):
        built.append(build_mock_table(config, start_reader=False))
        return built[-1].table

    monkeypatch.setattr(run_command, "build_table", mock_parts)
    seen: dict[str, object] = {}

    def person_at_the_table(app, window, stop, heartbeat=None):
        person = Person(ui_loop.Loop(app, window, heartbeat, clock=lambda: person.now))
        person.loop.start()
        person.settle()
        assert any(built[0].screen(seat).getbbox() for seat in range(4))  # the seats show something
        person.touch(held=3.5)  # a long hold anywhere opens the PIN pad
        assert isinstance(app.scene, Admin)
        for digit in PIN:
            person.touch(("digit", digit))
        person.touch(("ask", "shutdown"))
        seen["before confirming"] = app.quit
        person.touch(YES)
        seen["after confirming"] = app.quit
        person.loop.stop()
        return True

    monkeypatch.setattr(ui_loop, "run", person_at_the_table)
    powered_off = []

    def systemctl(command, **kwargs):
        panels_lit = [seat for seat in range(4) if built[0].screen(seat).getbbox() is not None]
        powered_off.append((command, panels_lit, pygame.display.get_init()))

    monkeypatch.setattr(run_command.subprocess, "run", systemctl)
    assert main(["run", "--config", str(config_file)]) == 0
    assert seen == {"before confirming": False, "after confirming": True}
    # Called once, after every seat screen went black and the touchscreen window closed.
    assert powered_off == [(["systemctl", "poweroff"], [], False)]
