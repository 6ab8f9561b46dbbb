"""The one thing the referee's thread and the web server's thread share: the seat links, each seat's
latest document and the news it was shown, and the phones listening to each seat.

The referee's side posts JSON-able messages; each one gets the seat's next sequence number and is
handed, as JSON text, to every phone listening to that seat, and to no other. A phone that comes back
after a drop says the last number it saw and is sent the news it missed, then the current document.
`deliver` callbacks are called under the hub's lock, from whichever thread posted: they must only
hand the text over (the server's puts it on its event loop's queue).
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable
from typing import Any

from kiosk.i18n import N_, Text
from kiosk.web.links import SeatLinks

Deliver = Callable[[str], None]
NEWS_KEPT = 200  # per seat: a phone away for longer catches up on the journal and the document

EXPIRED = N_("This seat link has expired. Scan the seat's code on the table again.")
GAME_OVER = N_("The game is over: see the results on the table. Thank you for playing!")
GIVEN_BACK = N_("This seat was given back: it is played at the table now.")
WAITING = N_("The table restarted. Your game carries on as soon as it is resumed on the table.")


class PhoneHub:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.links = SeatLinks()
        # This start of the kiosk: a phone that comes back after a restart saw the numbers of another
        # run (they start again at 1), so its `since` means nothing here.
        self.run = secrets.token_hex(8)
        # Where the seats' choice versions start in this run: a choice a phone sends again after a
        # restart names a version of the last run, which no prompt of this one has.
        self.first_version = secrets.randbelow(1 << 40)
        self._lock = threading.Lock()
        self._seq: dict[int, int] = {}
        self._news: dict[int, list[tuple[int, str]]] = {}
        self._state: dict[int, tuple[int, str]] = {}
        self._listeners: dict[int, list[Deliver]] = {}

    # --- the referee's side ------------------------------------------------------------------

    def url(self, seat: int) -> str | None:
        """The seat's join link (what its QR code holds), while it has a live token."""
        token = self.links.token(seat)
        return f"{self.base_url}/s/{token}" if token is not None else None

    def new_game(self, seats: int) -> None:
        """Fresh tokens for every seat; phones still on the last game's links hear it has ended."""
        self.close_all(Text(EXPIRED))
        self.links.issue(seats)

    def restore(self, game_id: int, digests: dict[str, int]) -> None:
        """After a restart, before any phone can connect: the links of the unfinished game `game_id`
        (their digests, each with its seat) open their seats again; until the game resumes (`resume`)
        their phones hear that it waits."""
        self.links.restore(game_id, digests)
        for seat in sorted(set(digests.values())):
            self.post_state(seat, {"type": "lobby", "seat": seat, "text": Text(WAITING).render()})

    def resume(self, seats: int) -> None:
        """The restored game resumes: its phones stay, and every seat has a fresh link to show as well.
        "It waits" is no seat's document any more: the referee posts each phone's page as it draws."""
        self.links.resume(seats)
        with self._lock:
            self._state.clear()

    def end(self, why: Text = Text(GAME_OVER)) -> None:
        """The game ended (or was set aside): every token dies and every phone hears why."""
        self.links.end()
        self.close_all(why)

    def give_back(self, seat: int, why: Text = Text(GIVEN_BACK)) -> None:
        """The seat leaves its phone: the token dies, a new one is ready for the next phone."""
        self.links.renew(seat)
        self._close(seat, why)

    def drop(self, seat: int) -> None:
        """No phone may play this seat (a bot took it)."""
        self.links.revoke(seat)
        self._close(seat, Text(EXPIRED))

    def post_state(self, seat: int, message: dict[str, Any]) -> bool:
        """The seat's document now (kept: a phone that comes back gets it); False if it was already
        the last one posted (nothing is sent)."""
        body = json.dumps(message, sort_keys=True, ensure_ascii=False)
        with self._lock:
            last = self._state.get(seat)
            if last is not None and last[1] == body:
                return False
            seq = self._next(seat)
            self._state[seat] = (seq, body)
            self._send(seat, seq, body)
            return True

    def post_news(self, seat: int, message: dict[str, Any]) -> None:
        """Something the seat was shown once (a card, a notice): kept, so a phone that was away sees it."""
        body = json.dumps(message, sort_keys=True, ensure_ascii=False)
        with self._lock:
            seq = self._next(seat)
            news = self._news.setdefault(seat, [])
            news.append((seq, body))
            del news[:-NEWS_KEPT]
            self._send(seat, seq, body)

    def post_reply(self, seat: int, message: dict[str, Any]) -> None:
        """An answer to one request (not kept: a request sent again is answered again)."""
        body = json.dumps(message, sort_keys=True, ensure_ascii=False)
        with self._lock:
            self._send(seat, None, body)

    # --- the server's side ---------------------------------------------------------------------

    def listen(self, seat: int, deliver: Deliver, since: int = 0, run: object = None) -> None:
        """From now on `deliver` gets every message of `seat`; first this run's id, then the news after
        `since` (a number the phone saw in `run`: in another one, every news kept) and the current document."""
        if run != self.run:
            since = 0
        with self._lock:
            deliver(json.dumps({"type": "run", "run": self.run}))
            for seq, body in self._news.get(seat, []):
                if seq > since:
                    deliver(_numbered(seq, body))
            state = self._state.get(seat)
            if state is not None:
                deliver(_numbered(*state))
            self._listeners.setdefault(seat, []).append(deliver)

    def unlisten(self, seat: int, deliver: Deliver) -> int:
        """`deliver` gets nothing more; how many phones still listen to the seat."""
        with self._lock:
            listeners = self._listeners.get(seat, [])
            if deliver in listeners:
                listeners.remove(deliver)
            return len(listeners)

    def listening(self, seat: int) -> int:
        with self._lock:
            return len(self._listeners.get(seat, []))

    # --- inside --------------------------------------------------------------------------------

    def close_all(self, why: Text) -> None:
        with self._lock:
            seats = list(self._listeners)
        for seat in seats:
            self._close(seat, why)
        with self._lock:
            self._seq.clear()
            self._news.clear()
            self._state.clear()

    def _close(self, seat: int, why: Text) -> None:
        """Every phone of the seat hears why its link is dead, and nothing more."""
        body = json.dumps({"type": "expired", "text": why.render()}, ensure_ascii=False)
        with self._lock:
            listeners = self._listeners.pop(seat, [])
            self._news.pop(seat, None)
            self._state.pop(seat, None)
            for deliver in listeners:
                deliver(body)

    def _next(self, seat: int) -> int:
        self._seq[seat] = self._seq.get(seat, 0) + 1
        return self._seq[seat]

    def _send(self, seat: int, seq: int | None, body: str) -> None:
        text = body if seq is None else _numbered(seq, body)
        for deliver in self._listeners.get(seat, []):
            deliver(text)


def _numbered(seq: int, body: str) -> str:
    """The message with its sequence number (`body` is a JSON object)."""
    return '{"seq": %d, %s' % (seq, body[1:]) if body != "{}" else '{"seq": %d}' % seq
