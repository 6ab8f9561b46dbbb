"""The phone links of the game in play kept in the store as digests, so that they outlive a power cut
(kiosk/web/links.py says what is kept and why): the referee's side, between the store and the phone hub."""

from __future__ import annotations

import logging

from kiosk.store import GameRecord, GameStore, StoreWriteError
from kiosk.web.hub import PhoneHub

log = logging.getLogger(__name__)


class KeptLinks:
    """Hands the digests of a game's links to the store as they change (`SeatLinks.keep`)."""

    def __init__(self, store: GameStore, game_id: int) -> None:
        self.store = store
        self.game_id = game_id

    def __call__(self, seats: dict[int, list[str]] | None) -> None:
        try:
            if seats is None:
                self.store.forget_seat_links()
            else:
                self.store.keep_seat_links(self.game_id, seats)
        except StoreWriteError as error:  # the game goes on: only its links would not outlive a power cut
            log.warning("phone links not kept in the store (%s): after a power cut phones scan their seat again",
                        error.text.render("en"))


def waiting_links(store: GameStore) -> tuple[int, dict[str, int]] | None:
    """The unfinished game a power cut interrupted and its links' digests, if it has any."""
    record = store.unfinished()
    if record is None:
        return None
    digests = store.seat_links(record.id)
    return (record.id, digests) if digests else None


def links_for_game(hub: PhoneHub, store: GameStore, record: GameRecord) -> None:
    """The links of the game that starts now: its own from before a restart when it resumes, else the
    ones issued for it (at the seat claim), else fresh ones; none for a bot's seat. From now on they
    are kept in the store."""
    if hub.links.restored_game == record.id:
        hub.resume(record.seats)
    elif hub.links.restored_game is not None or not hub.links.live:
        hub.new_game(record.seats)
    for seat in record.bots:
        hub.drop(seat)  # a bot's seat has no link
    hub.links.kept_in(KeptLinks(store, record.id))
