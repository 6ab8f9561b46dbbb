"""Writes several seat screens take alike, sent once through the multiplexer (issue 22): with the mux
switched from user space, the pages that turn the same on several panels ("Your move" and what is
asked, a status line) cross the bus once for all of them, every panel still ends up showing exactly
its own picture, a panel that stops answering is still found, and the kernel's mux never opens two
channels at once."""

from __future__ import annotations

import pytest

from hardware.display import Window
from hardware.shared_writes import Pending, SharedWrite, plan
from kiosk.seats.screen import Item, Screen, panel_picture
from tests.table_support import mux_table, play_showing_each_seat, table_referee


def idle(seat: int, status: str = "Seat 2 is visiting") -> Screen:
    return Screen(f"Seat {seat + 1} · round 2", counts=(("CARRIAGE", seat), ("POLICE", 1)), footer=status)


def your_move(seat: int) -> Screen:
    return Screen("Your move", counts=(("CARRIAGE", seat), ("POLICE", 1)), notice="Read a card", inverted=True)


def shown(table, seat: int) -> bytes:
    return table.screen(seat).tobytes()


def seen(screen: Screen) -> bytes:
    image, inverted = panel_picture(screen)
    return (image.point(lambda v: 255 - v).convert("1") if inverted else image).tobytes()


def frames(screens: dict[int, Screen]):
    return [(seat, *panel_picture(screen)) for seat, screen in screens.items()]


def redraw_bytes(mux: str, before: dict[int, Screen], after: dict[int, Screen]) -> tuple[int, int]:
    table = mux_table(mux, len(before))
    try:
        table.table.show(frames(before))
        bus, mux = table.backend.buses["i2c"], table.backend.muxes["i2c"]
        sent, shared = bus.bytes_sent, mux.shared_writes
        table.table.show(frames(after))
        for seat, screen in after.items():
            assert shown(table, seat) == seen(screen), f"seat {seat + 1} shows its own picture ({mux} mux)"
        return bus.bytes_sent - sent, mux.shared_writes - shared  # bytes, and transfers that reached several
    finally:
        table.close()


def test_five_seats_turning_to_your_move_share_their_title_and_bottom_lines():
    before = {seat: idle(seat) for seat in range(5)}
    after = {seat: your_move(seat) for seat in range(5)}
    alone, shared_alone = redraw_bytes("kernel", before, after)
    together, shared = redraw_bytes("user", before, after)
    assert shared_alone == 0, "the kernel's mux opens one channel per transfer"
    assert shared > 0
    assert together < alone / 2, f"{together} bytes shared against {alone} one by one"


def test_seats_whose_pictures_differ_or_do_not_change_share_nothing():
    before = {seat: idle(seat) for seat in range(3)}
    after = {0: your_move(0), 1: idle(1, "Seat 1 is visiting"), 2: Screen("You read", (Item("Lestrade"),), inverted=True)}
    assert redraw_bytes("user", before, after)[1] == 0
    after = {0: your_move(0), 1: idle(1), 2: idle(2)}
    assert redraw_bytes("user", before, after)[1] == 0, "one seat changing shares no write"


def test_bystanders_share_a_new_status_line():
    before = {seat: idle(seat) for seat in range(4)}
    after = {seat: idle(seat, "Seat 4 is visiting") for seat in range(4)}
    assert redraw_bytes("user", before, after)[1] == 2  # one window: its address, then its bytes


def test_the_plan_shares_only_identical_pages_and_puts_each_write_before_its_first_member():
    blank = bytes(1024)
    title = bytes([0xFF] * 128) + bytes(896)
    other = bytes(128) + bytes([0x0F] * 128) + bytes(768)
    pending = [
        Pending((0x3C, "ssd1306"), blank, title, True, False),
        Pending((0x3C, "ssd1306"), blank, other, False, False),
        Pending((0x3C, "ssd1306"), blank, title, True, False),
        None,  # a failed panel writes everything itself
        Pending((0x3D, "ssd1306"), blank, title, True, False),  # another address: never together
    ]
    writes = plan(pending)
    assert writes == [SharedWrite((0, 2), (Window(0, 0, 0, 127),)), SharedWrite((0, 2), inversion=True)]


def test_a_game_on_a_user_space_mux_shows_every_seat_its_own_page(tmp_path):
    table = mux_table("user", 7)
    store, session, referee = table_referee(table, tmp_path, "watson-holmes", 3, seats=7, bots=())
    try:
        play_showing_each_seat(table, session, referee, 120)
        assert table.backend.muxes["i2c"].shared_writes > 0, "a reading round shares its 'Your move'"
    finally:
        store.close()
        table.close()


def test_a_panel_that_stops_answering_inside_a_shared_write_is_still_found():
    table = mux_table("user", 4)
    try:
        table.table.show(frames({seat: idle(seat) for seat in range(4)}))
        table.panel(2).answering = False  # the others acknowledge the shared write for it
        table.table.show(frames({seat: your_move(seat) for seat in range(4)}))
        assert table.backend.muxes["i2c"].shared_writes > 0
        for seat in (0, 1, 3):
            assert shown(table, seat) == seen(your_move(seat))
        display = table.table.seats[2].display
        assert not display.failed, "the others acknowledged for it"
        later = display.clock() + display.due() + 1
        display.clock = lambda: later  # its next keepalive: a write of its own
        table.table.poll()
        assert display.failed
        table.panel(2).answering = True
        later += display.due() + 1
        table.table.poll()
        assert not display.failed and shown(table, 2) == seen(your_move(2)), "back, with its whole picture"
    finally:
        table.close()


@pytest.mark.parametrize("seats", [2, 5])
def test_every_seat_failing_makes_each_write_its_own(seats):
    table = mux_table("user", seats)
    try:
        table.table.show(frames({seat: idle(seat) for seat in range(seats)}))
        for seat in range(seats):
            table.panel(seat).answering = False
        table.table.show(frames({seat: your_move(seat) for seat in range(seats)}))
        assert all(part.display.failed for part in table.table.seats), "each found failed by its own write"
    finally:
        table.close()


def first_writes(table, transactions) -> list[int]:
    """The seats in the order their panels first took picture data."""
    seat_of = {seat.config.display.channel: seat.index for seat in table.table.seats}
    order: list[int] = []
    for t in transactions:
        seat = seat_of.get(t.channel)
        if t.address == 0x3C and t.payload[:1] == b"\x40" and seat is not None and seat not in order:
            order.append(seat)
    return order


@pytest.mark.parametrize("mux", ["kernel", "user"])
def test_seats_awaited_together_are_written_least_first(mux):
    """Seat 1 turns a whole page of its own, seats 2 and 3 only their "Your move": with `least_first`
    (seats awaited together) those two are written before it, else in the order given."""
    before = {seat: idle(seat) for seat in range(3)}
    after = {0: Screen("You see", (Item("Pushed off the train", "MOTIVE", "Passed by Seat 5"),), inverted=True),
             1: your_move(1), 2: your_move(2)}
    for least_first, expected_first in ((False, 0), (True, 1)):
        table = mux_table(mux, 3)
        try:
            table.table.show(frames(before))
            bus = table.backend.buses["i2c"]
            start = len(bus.transactions)
            table.table.show(frames(after), least_first=least_first)
            order = first_writes(table, bus.transactions[start:])
            assert order[0] == expected_first, f"{mux} mux, least_first={least_first}: written {order}"
            assert order.index(0) == (len(order) - 1 if least_first else 0)
            for seat, screen in after.items():
                assert shown(table, seat) == seen(screen)
        finally:
            table.close()
