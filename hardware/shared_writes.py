"""Writes that several seat screens take alike, sent once to all of them through the multiplexer.

When several seats turn to "Your move" at once (a card to pass, Watson & Holmes's reading round),
their title bars and bottom lines become the same bytes on every panel; so does a status line that
every bystander shows. The TCA9548A can open several channels together, and a write then reaches
every panel on them (the same bytes to the same address: each panel takes them, and they acknowledge
together), so the bus carries those bytes once instead of once per seat: six seats awaited at once
are served in the time of one.

A page is shared by the panels whose new content of that page is the same, byte for byte, from the
first to the last column that changed on any of them, and only where one write costs fewer bytes
than theirs one by one; consecutive shared pages go as one window where that is cheaper. Panels that
must invert alike take the one command together. Each seat's own `show` then sends what is left (its
own body, the pages that differ), so a seat is up to date when its `show` returns, as before.

Only the user-space mux switching (`mux = "user"`) can open several channels: the kernel's driver
opens one per transfer. A panel that stopped answering does not make a shared write fail while
another acknowledges it; its next write of its own finds it (its keepalive within two seconds at the
latest), and it gets its whole picture back when it answers again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from luma.core.error import Error as LumaError
from PIL import Image

from hardware.display import INVERSE, NORMAL, PAGES, WIDTH, SeatDisplay, Window, changed_spans, cheapest, window_cost, write_windows

log = logging.getLogger(__name__)

MUX_SWITCH = 2  # bytes to open other channels: the mux's address and its control register


@dataclass(frozen=True)
class Pending:
    """What a panel holds and what it must show: the frames as its RAM keeps them."""

    kind: tuple[int, str]  # panels share a write only at one address and of one model
    old: bytes
    new: bytes
    inverted: bool
    panel_inverted: bool


@dataclass(frozen=True)
class Part:
    """One seat's picture of a redraw, and where its panel hangs on the bus."""

    display: SeatDisplay
    image: Image.Image
    inverted: bool
    channel: int
    address: int
    pending: Pending | None = None  # what its panel holds and must show (None: it cannot share)

    @classmethod
    def of(cls, display: SeatDisplay, image: Image.Image, inverted: bool, channel: int, address: int) -> Part:
        frame, old = display.frame(image), display.on_panel
        pending = None if frame is None or old is None else Pending(
            (address, display.model), old, frame, inverted, display.panel_inverted)
        return cls(display, image, inverted, channel, address, pending)

    @property
    def unchanged(self) -> bool:
        """Its panel shows this picture already (as it thinks): `show` will send nothing."""
        p = self.pending
        return p is not None and p.old == p.new and p.inverted == p.panel_inverted

    def show(self) -> None:
        """Whatever no shared write carried, from this seat alone."""
        self.display.show(self.image, self.inverted)


def alike(first: Part, second: Part) -> bool:
    """Whether two seats' redraws have a page to share: changed on both, and the same bytes now."""
    a, b = first.pending, second.pending
    if a is None or b is None or a.kind != b.kind:
        return False
    return any(page_of(a.new, p) == page_of(b.new, p)
               and page_of(a.old, p) != page_of(a.new, p) and page_of(b.old, p) != page_of(b.new, p)
               for p in range(PAGES))


def page_of(frame: bytes, page: int) -> bytes:
    """One page (eight rows) of a frame as the panel's RAM holds it."""
    return frame[page * WIDTH:(page + 1) * WIDTH]


@dataclass(frozen=True)
class SharedWrite:
    members: tuple[int, ...]  # positions in the redraw, in order
    windows: tuple[Window, ...] = ()
    inversion: bool | None = None  # the inversion they all take (None: no command)


def spans_by_page(pending: list[Pending | None]) -> list[dict[int, list[Window]]]:
    """Each panel's own windows (`changed_spans`), by page (none for a panel that cannot share)."""
    spans = []
    for p in pending:
        by_page: dict[int, list[Window]] = {}
        for window in changed_spans(p.old, p.new) if p else []:
            by_page.setdefault(window.first_page, []).append(window)
        spans.append(by_page)
    return spans


def plan(pending: list[Pending | None], spans: list[dict[int, list[Window]]] | None = None) -> list[SharedWrite]:
    """The writes worth sharing, each before the first of its members in the redraw's order (the
    pictures first, then the inversion). None: a panel that writes everything itself. `spans`:
    `spans_by_page(pending)`, where the caller has it already."""
    spans = spans_by_page(pending) if spans is None else spans
    pages_of: dict[tuple[int, ...], dict[int, Window]] = {}
    for page in range(PAGES):
        same: dict[tuple[tuple[int, str], bytes], list[int]] = {}
        for i, p in enumerate(pending):
            if p is not None and page in spans[i]:
                same.setdefault((p.kind, page_of(p.new, page)), []).append(i)
        for group in (g for g in same.values() if len(g) > 1):
            union = Window(page, page, min(w.first_column for i in group for w in spans[i][page]),
                           max(w.last_column for i in group for w in spans[i][page]))
            alone = sum(window_cost(w) for i in group for w in spans[i][page])
            if window_cost(union) + 2 * MUX_SWITCH < alone:
                pages_of.setdefault(tuple(group), {})[page] = union
    writes = []
    for members, pages in pages_of.items():
        model = pending[members[0]].kind[1]  # type: ignore[union-attr]
        runs = groupby(enumerate(sorted(pages)), key=lambda item: item[1] - item[0])  # consecutive pages
        windows = [w for _, run in runs for w in cheapest([pages[page] for _, page in run], model)]
        writes.append(SharedWrite(members, tuple(windows)))
    flips: dict[tuple[tuple[int, str], bool], list[int]] = {}
    for i, p in enumerate(pending):
        if p is not None and p.inverted != p.panel_inverted:
            flips.setdefault((p.kind, p.inverted), []).append(i)
    writes += [SharedWrite(tuple(members), inversion=inverted) for (_, inverted), members in flips.items()
               if len(members) > 1]
    return sorted(writes, key=lambda w: (w.members[0], w.inversion is not None, -len(w.members)))


def write_redraw(parts: list[Part], open_shared: Callable[[Iterable[int], int], Any] | None,
                 least_first: bool = False) -> None:
    """Every part's picture on its panel, in order (with `least_first`, `least_left_first`'s): each
    write shared by several goes just before the first of them, then each part's own `show` sends what
    is left. `open_shared(channels, address)` is luma's serial interface to the panels at `address` on
    all those channels at once (None: the mux opens one channel at a time, nothing is shared)."""
    pending = [part.pending for part in parts]
    spans = spans_by_page(pending)
    writes = plan(pending, spans) if open_shared is not None else []
    order = least_left_first(pending, spans, writes) if least_first else range(len(parts))
    sent: set[int] = set()
    for position in order:
        for n, write in enumerate(writes):
            if n not in sent and position in write.members:
                sent.add(n)
                assert open_shared is not None  # writes are planned only where they can be shared
                _send(write, parts, pending, open_shared)
        parts[position].show()


def least_left_first(pending: list[Pending | None], spans: list[dict[int, list[Window]]],
                     writes: list[SharedWrite]) -> list[int]:
    """The positions of a redraw, those with the fewest bytes of their own left after the shared writes
    first, in the given order where that is equal; a panel that cannot share (its RAM unknown) last.
    For seats awaited together: one whose "Your move" was all shared is served before one that turns
    a page of its own (a card passed to it), rather than after it, so fewer people wait long."""
    shared: dict[int, set[int]] = {}
    for write in writes:
        for member in write.members:
            shared.setdefault(member, set()).update(
                page for window in write.windows for page in range(window.first_page, window.last_page + 1))

    def left(position: int) -> int:
        if pending[position] is None:
            return PAGES * WIDTH * 2
        return sum(window_cost(w) for page, windows in spans[position].items() if page not in shared.get(position, ())
                   for w in windows)

    return sorted(range(len(pending)), key=lambda position: (left(position), position))


def _send(write: SharedWrite, parts: list[Part], pending: list[Pending | None],
          open_shared: Callable[[Iterable[int], int], Any]) -> None:
    first = parts[write.members[0]]
    try:
        serial = open_shared([parts[m].channel for m in write.members], first.address)
        inversion = () if write.inversion is None else (INVERSE if write.inversion else NORMAL,)
        write_windows(serial, first.display.model, write.windows, pending[write.members[0]].new,  # type: ignore[union-attr]
                      inversion)
        for m in write.members:
            for window in write.windows:
                parts[m].display.carried(window, pending[m].new)  # type: ignore[union-attr]
            if write.inversion is not None:
                parts[m].display.carried_inversion(write.inversion)
    except (OSError, LumaError) as error:  # nobody acknowledged: each seat's own write finds out why
        log.debug("a write shared by seats %s failed: %s", [parts[m].display.seat + 1 for m in write.members], error)
