"""The simulator at the byte level: the HSU frame protocol as the PN532 User Manual describes it."""

import os
import select
import threading

import pytest
from hypothesis import given, settings, strategies as st

from hardware.ndef_tags import NdefError, text_from_user_memory, text_to_user_memory
from hardware.sim.pn532 import ACK, PN532Simulator, SimTag, frame
from tests.waiting import PATIENCE, eventually


@pytest.fixture
def sim(tmp_path):
    with PN532Simulator(tmp_path) as sim:
        fd = os.open(sim.port, os.O_RDWR | os.O_NOCTTY)
        try:
            yield sim, fd
        finally:
            os.close(fd)


def exchange(fd, data: bytes, expect: int, timeout: float = PATIENCE) -> bytes:
    os.write(fd, data)
    got = b""
    while len(got) < expect:
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            break
        got += os.read(fd, 256)
    return got


def quiet(fd, timeout: float = 0.2) -> bool:
    ready, _, _ = select.select([fd], [], [], timeout)
    return not ready


def test_frame_layout():
    assert frame(b"\xD4\x02") == bytes([0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2A, 0x00])


def test_firmware_version_after_the_wake_up_preamble(sim):
    _, fd = sim
    reply = exchange(fd, b"\x55\x55\x00\x00\x00" + frame(b"\xD4\x02"), 6 + 13)
    assert reply == ACK + frame(b"\xD5\x03\x32\x01\x06\x07")


@pytest.mark.parametrize(
    "corrupt",
    [
        bytes([0x00, 0x00, 0xFF, 0x02, 0xFD, 0xD4, 0x02, 0x2A, 0x00]),  # LEN + LCS != 0
        bytes([0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2B, 0x00]),  # bad DCS
        bytes([0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD5, 0x02, 0x29, 0x00]),  # wrong TFI direction
    ],
)
def test_corrupt_host_frames_are_dropped_silently(sim, corrupt):
    chip, fd = sim
    os.write(fd, corrupt)
    assert quiet(fd)
    assert eventually(lambda: chip.bad_frames == 1)
    assert exchange(fd, frame(b"\xD4\x02"), 19)[:6] == ACK  # and the next good frame is answered


def test_nack_asks_for_the_last_answer_again(sim):
    _, fd = sim
    first = exchange(fd, frame(b"\xD4\x02"), 19)[6:]
    assert exchange(fd, b"\x00\x00\xFF\xFF\x00\x00", 13) == first


def test_in_list_passive_target_waits_for_a_tag_and_an_ack_aborts_it(sim):
    chip, fd = sim
    assert exchange(fd, frame(b"\xD4\x4A\x01\x00"), 6) == ACK
    assert quiet(fd)  # no tag: the chip keeps waiting
    chip.place(SimTag.ntag213("04010203040506"))
    reply = exchange(fd, b"", 22)
    assert reply == frame(b"\xD5\x4B\x01\x01\x00\x44\x00\x07\x04\x01\x02\x03\x04\x05\x06")
    chip.remove()
    assert exchange(fd, frame(b"\xD4\x4A\x01\x00"), 6) == ACK
    assert eventually(lambda: chip.waiting_for_tag)
    os.write(fd, ACK)  # the host aborts the wait
    assert eventually(lambda: not chip.waiting_for_tag)
    chip.place(SimTag.ntag213("04010203040506"))
    assert quiet(fd)


def test_ntag_read_and_write_through_in_data_exchange(sim):
    chip, fd = sim
    tag = SimTag.ntag213("04010203040506", "hola")
    chip.place(tag)
    exchange(fd, frame(b"\xD4\x4A\x01\x00"), 28)
    assert exchange(fd, frame(b"\xD4\x40\x01\xA2\x05abcd"), 6 + 10)[6:] == frame(b"\xD5\x41\x00")
    reply = exchange(fd, frame(b"\xD4\x40\x01\x30\x04"), 6 + 26)[6:]
    assert reply[5:8] == b"\xD5\x41\x00" and reply[8 + 4:8 + 8] == b"abcd"
    assert exchange(fd, frame(b"\xD4\x40\x01\xA2\x02abcd"), 16)[6:] == frame(b"\xD5\x41\x14")  # UID page
    chip.remove()
    assert exchange(fd, frame(b"\xD4\x40\x01\x30\x04"), 16)[6:] == frame(b"\xD5\x41\x01")  # tag gone


def test_unknown_command_gets_the_error_frame(sim):
    _, fd = sim
    assert exchange(fd, frame(b"\xD4\x60"), 14) == ACK + b"\x00\x00\xFF\x01\xFF\x7F\x81\x00"


def test_hung_chip_answers_only_after_a_reset_pulse(sim):
    chip, fd = sim
    chip.inject("hung")
    os.write(fd, frame(b"\xD4\x02"))
    assert quiet(fd)
    chip.set_reset_line(0)
    chip.set_reset_line(1)
    assert exchange(fd, frame(b"\xD4\x02"), 19)[:6] == ACK and chip.resets == 1


def test_uid_pages_hold_the_uid_and_check_bytes():
    tag = SimTag.ntag213("04A1B2C3D4E5F6")
    assert tag.read(0)[:3] == bytes.fromhex("04A1B2") and tag.read(0)[3] == 0x88 ^ 0x04 ^ 0xA1 ^ 0xB2
    assert tag.read(43)[8:12] == tag.read(0)[:4]  # READ rolls over past the last page
    with pytest.raises(ValueError):
        SimTag.ntag213("0102")


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=0, max_size=140))
def test_ndef_text_round_trips_through_tag_memory(text):
    # An NTAG213 holds 144 bytes: TLV header (2) + record header (4) + status and "en" (3) + text
    # + terminator (1), so at most 134 bytes of UTF-8 text.
    if len(text.encode("utf-8")) > 134:
        with pytest.raises(NdefError):
            text_to_user_memory(text)
        return
    memory = text_to_user_memory(text)
    assert len(memory) % 4 == 0 and len(memory) <= 144
    assert text_from_user_memory(memory) == text


def test_ndef_limits_and_garbage():
    with pytest.raises(NdefError):
        text_to_user_memory("x" * 200)
    with pytest.raises(NdefError):
        text_from_user_memory(b"\x03\x30\xD1\x01" + bytes(12))
    assert text_from_user_memory(b"\x00\x00\xFE" + bytes(13)) is None


def test_the_idle_chip_sleeps_until_the_reader_writes_or_a_tag_comes(tmp_path, monkeypatch):
    """No timer wakes the simulated chip (an idle kiosk's thread): it waits on the serial line and on
    its wake-up pipe alone, so a wait for a tag costs no wake-up until the tag is placed."""
    waits: list[tuple[object, ...]] = []
    real_select = select.select

    def counted(*args: object) -> object:
        if threading.current_thread().name == "pn532-sim":
            waits.append(args[3:])  # the timeout, if any
        return real_select(*args)

    monkeypatch.setattr(select, "select", counted)
    with PN532Simulator(tmp_path) as chip:
        fd = os.open(chip.port, os.O_RDWR | os.O_NOCTTY)
        try:
            assert exchange(fd, frame(b"\xD4\x4A\x01\x00"), 6) == ACK
            assert eventually(lambda: chip.waiting_for_tag)
            asleep = len(waits)
            assert quiet(fd)  # no tag: the chip keeps waiting, and sleeps
            assert len(waits) == asleep
            chip.place(SimTag.ntag213("04010203040506"))
            assert len(exchange(fd, b"", 22)) == 22
        finally:
            os.close(fd)
    assert waits and all(timeout == () for timeout in waits)
