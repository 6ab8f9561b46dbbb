"""The touchscreen on the Pi: the whole display, through SDL's kmsdrm driver (no desktop needed).

The systemd unit sets `SDL_VIDEODRIVER=kmsdrm` and `SDL_TOUCH_MOUSE_EVENTS=0` (each tap arrives once,
as a finger event). `screen.size` in table.toml forces a size; otherwise the panel's own is used.
"""

from __future__ import annotations

import pygame


class FullScreen:
    def __init__(self, size: tuple[int, int] | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        # No size: the panel's own resolution. A size from table.toml is taken as it is (kmsdrm has
        # only the one screen; the display scales it).
        self.surface = pygame.display.set_mode(size) if size else pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        pygame.mouse.set_visible(False)
        self.touch = self.surface
        self.touch_area = self.surface.get_rect()
        self.scale = 1.0

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        if rects is None:
            pygame.display.flip()
        else:  # an animation's frame: only what it changed goes to the display
            pygame.display.update(rects)

    def handle(self, event: pygame.event.Event) -> bool:
        return False  # nothing but the touchscreen

    def draw(self) -> bool:
        return False

    def due(self) -> float | None:
        return None

    def close(self) -> None:
        # Only the display: the fonts stay loaded (the painter caches them; pygame.quit would leave
        # that cache pointing at freed fonts).
        pygame.display.quit()
