"""Before a game: people claim their seats.

Every seat screen says "press ● to play" (or, once the touchscreen gave it to a bot, that a bot
plays it). A press of select claims that seat, from its bot too; a second press gives it back. A long
press on a claimed seat starts the game: unclaimed seats are played by bots.
A character token (or any tag of the game) tapped on the reader claims the first free seat (one given
to a bot last). Like the referee, the lobby sleeps in `queue.get` until an input arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hardware.events import ButtonPress, TagSeen
from hardware.table import Table
from hardware.tags import UnknownTag
from kiosk.i18n import N_, Text
from kiosk.seats.screen import Item, Screen, panel_picture
from kiosk.web.inputs import PhoneJoined, PhoneLeft
from kiosk.web.seat_feed import on_a_phone


@dataclass
class Lobby:
    table: Table
    game_id: str
    seats: int
    min_players: int = 1
    claimed: set[int] = field(default_factory=set)
    bots: set[int] = field(default_factory=set)  # free seats given to a bot on the touchscreen
    phones: set[int] = field(default_factory=set)  # claimed seats played on a phone (kiosk/web)
    started: bool = False
    hint: Text | None = None  # what the touchscreen asks now (the options): said instead of "hold ● to start"
    heartbeat: Callable[[], None] | None = None  # called every turn of the loop (the systemd watchdog)

    def __post_init__(self) -> None:
        self.draw()

    def pump(self, timeout: float) -> None:
        if self.heartbeat is not None:
            self.heartbeat()
        event = self.table.events.next(timeout)
        if event is not None:
            self.handle(event)
        self.table.poll()  # seat screens kept alive while people claim their seats

    def handle(self, event: object) -> None:
        if isinstance(event, ButtonPress) and event.seat < self.seats:
            self.press(event.seat, event.button, event.long)
        elif isinstance(event, TagSeen):
            self.tag(event)
        elif isinstance(event, PhoneJoined) and event.seat < self.seats:  # the server checked its token
            self.claimed.add(event.seat)
            self.phones.add(event.seat)
            self.bots.discard(event.seat)
            self._sound("beep")
        elif isinstance(event, PhoneLeft):
            self.claimed.discard(event.seat)
            self.phones.discard(event.seat)
        self.draw()

    def press(self, seat: int, button: str, long: bool) -> None:
        if button != "select":
            return
        if long and seat in self.claimed and len(self.claimed) >= self.min_players:
            self.started = True
        elif not long:
            self.claimed ^= {seat}
            self.phones.discard(seat)  # a press at the seat takes it from its phone
            self.bots.discard(seat)  # a person sitting down takes the seat from its bot
            self._sound("beep")

    def tag(self, seen: TagSeen) -> None:
        match = self.table.registry.resolve(seen.uid, seen.text, self.game_id)
        free = sorted((s for s in range(self.seats) if s not in self.claimed), key=lambda s: s in self.bots)
        if isinstance(match, UnknownTag) or not free:
            self._sound("error")
            return
        self.claimed.add(free[0])
        self.bots.discard(free[0])
        self._sound("beep")

    def give_to_bot(self, seat: int, bot: bool) -> None:
        """The touchscreen gave a free seat to a bot (or took it back): its screen says so."""
        if seat < self.seats and seat not in self.claimed:
            self.bots = self.bots | {seat} if bot else self.bots - {seat}
            self.draw()

    def screen(self, seat: int) -> Screen:
        title = Text(N_("Seat {n}"), {"n": seat + 1}).render()
        if seat in self.phones:
            return on_a_phone(seat)
        if self.hint is not None:  # the seats are settled on the touchscreen now: it says what comes next
            who = N_("You play") if seat in self.claimed else N_("A bot plays") if seat in self.bots else N_("Free seat")
            return Screen(title, (Item(Text(who).render(), detail=self.hint.render()),))
        if seat in self.claimed:
            return Screen(title, (Item(Text(N_("You play")).render()),), footer=Text(N_("hold ● to start")).render())
        if seat in self.bots:
            return Screen(title, (Item(Text(N_("A bot plays")).render()),), footer=Text(N_("press ● to play")).render())
        return Screen(title, (Item(Text(N_("Free seat")).render()),), footer=Text(N_("press ● to play")).render())

    def draw(self) -> None:
        for part in self.table.seats:
            if part.index < self.seats:
                part.display.show(*panel_picture(self.screen(part.index)))

    def _sound(self, pattern: str) -> None:
        if self.table.whistle is not None:
            self.table.whistle.play(pattern)
