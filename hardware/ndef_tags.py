"""NDEF on NTAG213 stickers: the bytes of a text record in the tag's user memory, both ways.

ndeflib encodes and decodes the NDEF message itself; the Type 2 Tag TLV wrapping around it (NDEF
TLV 0x03, terminator 0xFE) is hand-written here because ndeflib does not cover tag memory layout.
"""

from __future__ import annotations

from typing import Any, Callable

import ndef

NTAG213_USER_PAGES = range(4, 40)  # pages 0x04-0x27: 144 bytes of user memory
NTAG213_CAPABILITY = bytes([0xE1, 0x10, 0x12, 0x00])  # NDEF 1.0, 144 bytes, read/write


class NdefError(ValueError):
    """The tag memory does not hold a readable NDEF message."""


def text_to_user_memory(text: str, language: str = "en") -> bytes:
    """NDEF TLV holding one text record, padded to whole 4-byte pages."""
    message = b"".join(ndef.message_encoder([ndef.TextRecord(text, language)]))
    if len(message) > 254:
        raise NdefError(f"text too long for a short NDEF TLV: {len(message)} bytes")
    memory = bytes([0x03, len(message)]) + message + b"\xFE"
    if len(memory) > len(NTAG213_USER_PAGES) * 4:
        raise NdefError(f"{len(memory)} bytes do not fit in an NTAG213's 144")
    return memory + bytes(-len(memory) % 4)


def ndef_message_length(memory: bytes) -> tuple[int, int] | None:
    """(offset of the NDEF message, its length) from the start of user memory, None if blank.

    Raises NdefError for memory that is not a TLV sequence, and returns what it needs to know even
    if `memory` holds only the first bytes (so the reader can fetch the rest)."""
    index = 0
    while index < len(memory):
        kind = memory[index]
        if kind == 0x00:  # NULL TLV
            index += 1
            continue
        if kind == 0xFE:  # terminator
            return None
        if index + 1 >= len(memory):
            raise NdefError("truncated TLV")
        length = memory[index + 1]
        header = 2
        if length == 0xFF:
            if index + 3 >= len(memory):
                raise NdefError("truncated TLV")
            length = int.from_bytes(memory[index + 2:index + 4], "big")
            header = 4
        if kind == 0x03:
            return (index + header, length) if length else None
        if kind not in (0x01, 0x02, 0xFD):
            raise NdefError(f"unknown TLV type 0x{kind:02X}")
        index += header + length
    raise NdefError("no NDEF TLV")


def text_from_user_memory(memory: bytes) -> str | None:
    """The first text record's text, None when the tag holds no NDEF text."""
    found = ndef_message_length(memory)
    if found is None:
        return None
    offset, length = found
    if offset + length > len(memory):
        raise NdefError("NDEF message runs past the end of memory")
    try:
        records = list(ndef.message_decoder(memory[offset:offset + length]))
    except ndef.DecodeError as error:
        raise NdefError(str(error)) from error
    for record in records:
        if isinstance(record, ndef.TextRecord):
            return str(record.text)
    return None


def read_text(read_block: Callable[[int], Any]) -> str | None:
    """Read an NTAG's NDEF text with `read_block(page) -> 16 bytes (4 pages) or None`, fetching only
    the pages the message needs (one READ for a short card id).

    Raises NdefError for unreadable memory; OSError/RuntimeError from the reader pass through.
    """

    def fetch(page: int) -> bytes:
        data = read_block(page)
        if data is None or len(data) != 16:
            raise NdefError(f"pages {page}-{page + 3} could not be read")
        return bytes(data)

    memory = fetch(4)
    found = ndef_message_length(memory)
    if found is None:
        return None
    offset, length = found
    needed = min(offset + length + 1, len(NTAG213_USER_PAGES) * 4)
    page = 8
    while len(memory) < needed:
        memory += fetch(page)
        page += 4
    return text_from_user_memory(memory[: len(NTAG213_USER_PAGES) * 4])
