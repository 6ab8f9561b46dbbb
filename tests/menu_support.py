"""Walking a seat's menu as a person does: the presses that lead from where the seat is to a choice."""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action
from kiosk.seats.controller import SeatController
from kiosk.seats.menu import Entry, Menu


def where(menu: Menu, action: Action) -> tuple[int, ...] | None:
    """The indices from the top level down to `action` (the last one is the action's own)."""

    def find(entries: tuple[Entry, ...]) -> tuple[int, ...] | None:
        for i, entry in enumerate(entries):
            if entry.action == action:
                return (i,)
            below = find(entry.below) if entry.is_group else None
            if below is not None:
                return (i, *below)
        return None

    return find(menu.entries)


def presses_to(controller: SeatController, action: Action) -> list[tuple[str, bool]]:
    """(button, long) presses that choose `action`: from "Your move" one press to the choices, or
    back up to the top, then down level by level, next or previous the short way round at each
    level, select to open or to choose."""
    assert controller.prompt is not None and controller.mode in ("prompt", "idle") and not controller.reveals
    menu = controller.menu()
    steps = where(menu, action)
    assert steps is not None, f"{action!r} is not offered on the seat's menu"
    if controller.mode == "idle":  # "Your move": a press opens the choices at the top
        presses: list[tuple[str, bool]] = [("select", False)]
        if controller.holding():  # after the answer to its last move, which a press first clears (P.I.)
            presses.append(("select", False))
        index = 0
    else:
        presses = [("select", True)] * len(controller.path)
        index = controller.path[0] if controller.path else controller.index
    path: tuple[int, ...] = ()
    for target in steps:
        level = menu.level(path)
        assert level is not None
        count = len(level[1])  # with the "Back" that ends a level below the top
        forward = (target - index) % count
        presses += [("next", False)] * forward if forward <= count // 2 else [("prev", False)] * (count - forward)
        presses.append(("select", False))
        path, index = path + (target,), 0
    return presses
