"""Seat links: one random token per seat and per game, the only key to a seat's private screen.

A token is `secrets.token_urlsafe(16)` (128 bits); it dies when its game ends or when its seat is
given back, and a new game issues new tokens. Thread-safe: the referee's thread issues and revokes,
the web server's thread looks up.
"""

from __future__ import annotations

import secrets
import threading

TOKEN_BYTES = 16  # 128 bits


class SeatLinks:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seats: dict[str, int] = {}  # live token -> seat
        self._tokens: dict[int, str] = {}  # seat -> its live token
        self._joined: set[int] = set()  # seats whose token a phone has used

    def issue(self, seats: int) -> None:
        """A new game: every old token dies, each of its seats gets a fresh one."""
        with self._lock:
            self._seats.clear()
            self._tokens.clear()
            self._joined.clear()
            for seat in range(seats):
                self._renew(seat)

    def renew(self, seat: int) -> str:
        """The seat was given back: its token dies and a new one is issued for whoever sits next."""
        with self._lock:
            return self._renew(seat)

    def revoke(self, seat: int) -> None:
        """The seat gets no phone link any more (a bot plays it)."""
        with self._lock:
            token = self._tokens.pop(seat, None)
            self._seats.pop(token or "", None)
            self._joined.discard(seat)

    def end(self) -> None:
        """The game is over (or set aside): every token dies."""
        with self._lock:
            self._seats.clear()
            self._tokens.clear()
            self._joined.clear()

    def seat_of(self, token: object) -> int | None:
        """The seat a live token opens; None for anything else (no token, a dead one, garbage)."""
        if not isinstance(token, str):
            return None
        with self._lock:
            return self._seats.get(token)

    def token(self, seat: int) -> str | None:
        with self._lock:
            return self._tokens.get(seat)

    def join(self, token: str) -> int | None:
        """A phone opened this token's seat: from now on that seat is played on a phone."""
        with self._lock:
            seat = self._seats.get(token)
            if seat is not None:
                self._joined.add(seat)
            return seat

    def joined(self, seat: int) -> bool:
        with self._lock:
            return seat in self._joined

    def _renew(self, seat: int) -> str:
        old = self._tokens.get(seat)
        if old is not None:
            del self._seats[old]
        self._joined.discard(seat)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self._tokens[seat] = token
        self._seats[token] = seat
        return token
