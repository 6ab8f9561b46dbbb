"""The seat claim screen with phone seats: each seat nobody claimed shows a QR code of its join link,
drawn module for module; a seat a person took shows none."""

from __future__ import annotations

import pygame

from kiosk.seats.qr import modules
from kiosk.ui.qr import QUIET
from kiosk.ui.scenes import claim
from kiosk.ui.scenes.claim import SeatClaim
from tests.ui.scene_checks import render_everywhere

# The longest link of an IPv4 table: its longest address, a 22-character token (128 bits).
LINKS = {seat: f"http://192.168.100.200:8080/s/{'AbC-_9' * 3}{seat:04d}" for seat in range(7)}


def read_code(surface: pygame.Surface, box: pygame.Rect, count: int) -> tuple[tuple[bool, ...], ...]:
    """The dark modules drawn in `box`, read back off the pixels (the centre of each module)."""
    scale = box.width // (count + 2 * QUIET)
    return tuple(
        tuple(surface.get_at((box.left + (x + QUIET) * scale + scale // 2,
                              box.top + (y + QUIET) * scale + scale // 2))[:3] == (0, 0, 0) for x in range(count))
        for y in range(count)
    )


def test_each_free_seat_shows_its_link_as_a_qr_code_at_every_layout(monkeypatch):
    drawn: list[tuple[pygame.Surface, pygame.Rect | None, str]] = []
    original = claim.draw_qr

    def recording(surface: pygame.Surface, area: pygame.Rect, text: str) -> pygame.Rect | None:
        box = original(surface, area, text)
        drawn.append((surface, box, text))
        return box

    monkeypatch.setattr(claim, "draw_qr", recording)

    def scene() -> SeatClaim:
        made = SeatClaim("watson-holmes", 5, print, print, print, links=LINKS.get)
        made.claimed, made.bots = {1}, {3}
        return made

    painters = render_everywhere("menu-claim-phones", scene)
    assert painters
    for painter in painters:
        texts = [t for s, _, t in drawn if s is painter.surface]
        assert sorted(texts) == sorted(LINKS[s] for s in (0, 2, 3, 4)), "one code per seat nobody claimed"
        for surface, box, text in drawn:
            if surface is painter.surface:
                assert box is not None, "every layout has room for a readable code"
                assert read_code(surface, box, len(modules(text))) == modules(text)
