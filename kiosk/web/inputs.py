"""What the web server puts on the table's input queue, beside the seat buttons' presses: the referee
loop (or the lobby, before a game) handles them, and is the one place where anything happens."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PhoneJoined:
    """A phone opened a seat's link: before the game it claims the seat; during it the seat is
    played on the phone (its OLED, if it has one, says so)."""

    seat: int
    token: str


@dataclass(frozen=True)
class PhoneAway:
    """The last phone on a seat's link closed its page or lost its connection (it may come back):
    a phone-only seat shows its code again once it stays away (`[web] reconnect_grace`)."""

    seat: int
    token: str


@dataclass(frozen=True)
class PhoneChoice:
    """A choice made on a seat's phone page: the `choice`-th of the choices offered in the seat
    document whose prompt had `version`. `id` is the phone's own: the same id twice counts once."""

    seat: int
    token: str
    id: str
    version: int
    choice: int


@dataclass(frozen=True)
class PhoneLeft:
    """The phone gave its seat back: the token dies, the seat goes back to its OLED (or is free again
    before the game)."""

    seat: int
    token: str
    id: str
