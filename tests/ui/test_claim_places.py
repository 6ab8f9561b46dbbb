"""The claim screen's seats never cover one another, however many seats and however flat the room."""
from __future__ import annotations

import pygame
import pytest

from kiosk.ui.scenes.claim import seat_places, seat_size

MIN_TOUCH = 40


def overlapping(boxes: list[pygame.Rect]) -> list[tuple[int, int]]:
    return [(i + 1, j + 1) for i, box in enumerate(boxes) for j, other in enumerate(boxes) if i < j and box.colliderect(other)]


@pytest.mark.parametrize("seats", range(2, 8))
@pytest.mark.parametrize("height", [110, 160, 300])  # 110: seven phone codes under the table at 800x480
def test_no_seat_box_covers_another(seats: int, height: int) -> None:
    area = pygame.Rect(20, 60, 660, height)
    boxes = seat_places(area, seats, seat_size(area, seats, MIN_TOUCH))
    assert overlapping(boxes) == []
    assert all(box.width >= MIN_TOUCH * 2 and box.height >= MIN_TOUCH * 0.9 for box in boxes)


def test_a_flat_table_seats_its_players_along_two_sides_in_the_rings_order() -> None:
    area = pygame.Rect(20, 60, 660, 110)
    boxes = seat_places(area, 7, seat_size(area, 7, MIN_TOUCH))
    bottom, top = boxes[:4], boxes[4:]
    assert all(box.centery > area.centery for box in bottom) and all(box.centery < area.centery for box in top)
    # Clockwise seen from above, as round the ring: along the bottom leftwards, then the top rightwards.
    assert [box.centerx for box in bottom] == sorted((box.centerx for box in bottom), reverse=True)
    assert [box.centerx for box in top] == sorted(box.centerx for box in top)
