"""The desktop simulator: the whole mock table in one window.

Each seat's OLED is drawn from what its emulated panel decoded off the fake I2C bus (so the window
shows exactly what the real driver sent), with its three buttons under it. A mouse button held on a
button, or a key held, drives the mock GPIO pin low until released: the real gpiozero `Button` does
the debouncing and the long-press timing. Keys: seat 1 Q W E, seat 2 A S D, seat 3 Z X C, seat 4
U I O, seat 5 J K L (previous, next, select). A lamp shows when the buzzer plays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from hardware.mock import MockTable
from kiosk.i18n import N_, Text

SCALE = 3
OLED_W, OLED_H = 128 * SCALE, 64 * SCALE
MARGIN = 16
BUTTON_H = 36
COLUMNS = 2
BACKGROUND = (18, 22, 40)  # night blue
BEZEL = (40, 40, 46)
PIXEL_ON = (120, 200, 255)  # an OLED's cold blue-white
BRASS = (200, 160, 80)
KEYS = ("qwe", "asd", "zxc", "uio", "jkl", "rty", "fgh")
BUTTONS = ("prev", "next", "select")


class Phase(Protocol):
    """What runs behind the window: the lobby, then the referee."""

    def pump(self, timeout: float) -> None: ...


@dataclass(frozen=True)
class ButtonArea:
    seat: int
    button: str
    rect: pygame.Rect


class Simulator:
    def __init__(self, mock: MockTable, seats: int, title: str) -> None:
        self.mock = mock
        self.phase: Phase | None = None
        self.bots: set[int] = set()  # seats labelled as played by a bot
        self.seats = [s.index for s in mock.table.seats][:seats]
        rows = (len(self.seats) + COLUMNS - 1) // COLUMNS
        width = COLUMNS * (OLED_W + MARGIN) + MARGIN
        height = rows * (OLED_H + BUTTON_H + 3 * MARGIN) + MARGIN
        pygame.display.init()
        pygame.font.init()
        self.window = pygame.display.set_mode((width, height))
        pygame.display.set_caption(title)
        self.font = pygame.font.Font(None, 22)
        self.areas: list[ButtonArea] = []
        self.held: dict[object, tuple[int, str]] = {}
        self.keys = {ord(key): (seat, BUTTONS[i]) for seat, keys in zip(self.seats, KEYS) for i, key in enumerate(keys)}
        self.shown: object = None  # what the window last drew: redraw only when it changes

    def origin(self, position: int) -> tuple[int, int]:
        row, column = divmod(position, COLUMNS)
        return MARGIN + column * (OLED_W + MARGIN), MARGIN + row * (OLED_H + BUTTON_H + 3 * MARGIN)

    def run(self, phase: Phase, done: Callable[[], bool]) -> bool:
        """Drive `phase` until `done()`; False if the window was closed first."""
        self.phase = phase
        while not done():
            if not self.step():
                return False
        self.step(0)
        return True

    def close(self) -> None:
        pygame.quit()

    def step(self, wait_ms: int = 50) -> bool:
        """One turn of the loop; False once the window is closed."""
        running = True
        # Wakes for input, or 20 times a second for the table (pygame waits forever on 0: poll then).
        event = pygame.event.wait(wait_ms) if wait_ms > 0 else pygame.event.poll()
        while event.type != pygame.NOEVENT:
            running = self.handle(event) and running
            event = pygame.event.poll()
        if self.phase is not None:
            self.phase.pump(timeout=0.0)
        self.draw()
        return running

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            for area in self.areas:
                if area.rect.collidepoint(event.pos):
                    self.down("mouse", area.seat, area.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.up("mouse")
        elif event.type == pygame.KEYDOWN and event.key in self.keys:
            self.down(event.key, *self.keys[event.key])
        elif event.type == pygame.KEYUP:
            self.up(event.key)
        return True

    def down(self, source: object, seat: int, button: str) -> None:
        self.held[source] = (seat, button)
        self.mock.pin(seat, button).drive_low()

    def up(self, source: object) -> None:
        if source in self.held:
            seat, button = self.held.pop(source)
            self.mock.pin(seat, button).drive_high()

    def draw(self) -> None:
        whistle = self.mock.table.whistle
        playing = whistle is not None and whistle.is_playing
        state = ([self.mock.panel(seat).framebuffer() for seat in self.seats], sorted(self.held.values()), playing)
        if state == self.shown:
            return
        self.shown = state
        self.window.fill(BACKGROUND)
        self.areas = []
        for position, seat in enumerate(self.seats):
            x, y = self.origin(position)
            label = Text(N_("Seat {n}"), {"n": seat + 1}).render()
            if seat in self.bots:
                label += " · " + Text(N_("Bot")).render()
            self.window.blit(self.font.render(label, True, BRASS), (x, y))
            screen = self.mock.screen(seat).convert("L")
            surface = pygame.image.frombuffer(screen.tobytes(), screen.size, "P")
            surface.set_palette([(0, 0, 0)] * 1 + [PIXEL_ON] * 255)
            top = y + 20
            pygame.draw.rect(self.window, BEZEL, (x - 4, top - 4, OLED_W + 8, OLED_H + 8), border_radius=6)
            self.window.blit(pygame.transform.scale(surface, (OLED_W, OLED_H)), (x, top))
            if self.mock.table.seats[position].display.failed:
                self.window.blit(self.font.render("!", True, (255, 80, 80)), (x + OLED_W - 12, y))
            for i, button in enumerate(BUTTONS):
                rect = pygame.Rect(x + i * (OLED_W // 3) + 6, top + OLED_H + 10, OLED_W // 3 - 12, BUTTON_H)
                pressed = (seat, button) in self.held.values()
                pygame.draw.rect(self.window, BRASS if pressed else BEZEL, rect, border_radius=8)
                text = ("<", ">", "OK")[i] + "  " + KEYS[position][i].upper()  # pygame's default font: ASCII
                self.window.blit(self.font.render(text, True, (240, 230, 210)), rect.move(10, 10))
                self.areas.append(ButtonArea(seat, button, rect))
        lamp = BRASS if playing else BEZEL
        pygame.draw.circle(self.window, lamp, (self.window.get_width() - 20, 20), 8)
        pygame.display.flip()
