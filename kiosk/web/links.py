"""Seat links: random tokens per seat and per game, the only key to a seat's private screen.

A token is `secrets.token_urlsafe(16)` (128 bits); it dies when its game ends or when its seat is
given back, and a new game issues new tokens. A link lives as long as its game, through a power cut:
what recognises it is its SHA-256 digest (`digest`), which `keep` hands to the store as the links
change; the token itself is kept in memory only, to show it as a QR code. After a restart the stored
digests are `restore`d: a phone that kept the page open carries on with its link, and since the
tokens behind them are unknown now, each seat gets a fresh one beside (the code the table shows).
Thread-safe: the referee's thread issues and revokes, the web server's thread looks up.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable, Iterable

TOKEN_BYTES = 16  # 128 bits: a plain hash is enough to keep it (no salt or slow hash needed)

# Gets every seat whose links changed, with the digests of the links it has now; None: none is live any more.
Keep = Callable[[dict[int, list[str]] | None], None]


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class SeatLinks:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seats: dict[str, int] = {}  # the digest of a live token -> its seat
        self._tokens: dict[int, str] = {}  # seat -> the token its code shows (issued since this start)
        self._joined: set[int] = set()  # seats whose link a phone has used
        self.keep: Keep | None = None  # where the digests go as they change (the store), once the game is stored
        self.restored_game: int | None = None  # the stored game whose links `restore` brought back

    def issue(self, seats: int) -> None:
        """A new game: every old token dies, each of its seats gets a fresh one (kept once the game is stored)."""
        self.keep = None
        with self._lock:
            self._clear()
            for seat in range(seats):
                self._renew(seat)

    def restore(self, game_id: int, digests: dict[str, int]) -> None:
        """After a restart: the stored game's links (their digests, each with its seat) are live again."""
        with self._lock:
            self._clear()
            self._seats.update(digests)
            self.restored_game = game_id

    def resume(self, seats: int) -> None:
        """The restored game resumes: its links stay, and each seat gets a fresh token to show (the
        restored ones cannot be shown: only their digests are known)."""
        with self._lock:
            for seat in range(seats):
                token = secrets.token_urlsafe(TOKEN_BYTES)
                self._tokens[seat] = token
                self._seats[digest(token)] = seat
            self.restored_game = None
        self._kept(range(seats))

    def kept_in(self, keep: Keep | None) -> None:
        """From now on the digests go to `keep` as they change; every seat's go there at once."""
        self.keep = keep
        with self._lock:
            seats = set(self._seats.values())
        self._kept(seats)

    def renew(self, seat: int) -> str:
        """The seat was given back: its links die and a new one is issued for whoever sits next."""
        with self._lock:
            token = self._renew(seat)
        self._kept([seat])
        return token

    def revoke(self, seat: int) -> None:
        """The seat gets no phone link any more (a bot plays it)."""
        with self._lock:
            self._forget(seat)
        self._kept([seat])

    def end(self) -> None:
        """The game is over (or set aside): every token dies, in the store too."""
        with self._lock:
            self._clear()
        keep, self.keep = self.keep, None
        if keep is not None:
            keep(None)

    def seat_of(self, token: object) -> int | None:
        """The seat a live token opens; None for anything else (no token, a dead one, garbage)."""
        if not isinstance(token, str):
            return None
        found = digest(token)
        with self._lock:
            return self._seats.get(found)

    def token(self, seat: int) -> str | None:
        with self._lock:
            return self._tokens.get(seat)

    @property
    def live(self) -> bool:
        """Whether any link is live (a game's, or one waiting to resume)."""
        with self._lock:
            return bool(self._seats)

    def join(self, token: str) -> int | None:
        """A phone opened this token's seat: from now on that seat is played on a phone."""
        found = digest(token)
        with self._lock:
            seat = self._seats.get(found)
            if seat is not None:
                self._joined.add(seat)
            return seat

    def joined(self, seat: int) -> bool:
        with self._lock:
            return seat in self._joined

    def _clear(self) -> None:
        self._seats.clear()
        self._tokens.clear()
        self._joined.clear()
        self.restored_game = None

    def _forget(self, seat: int) -> None:
        for found in [d for d, s in self._seats.items() if s == seat]:
            del self._seats[found]
        self._tokens.pop(seat, None)
        self._joined.discard(seat)

    def _renew(self, seat: int) -> str:
        self._forget(seat)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self._tokens[seat] = token
        self._seats[digest(token)] = seat
        return token

    def _kept(self, seats: Iterable[int]) -> None:
        """The store hears the digests these seats have now (outside the lock: it writes to the card)."""
        keep = self.keep
        if keep is None:
            return
        with self._lock:
            now = {seat: [d for d, s in self._seats.items() if s == seat] for seat in seats}
        keep(now)
