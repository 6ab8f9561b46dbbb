"""The referee loop: inputs become actions, each action is stored before it is shown, and every event
reaches the screens of its audience and no others.

One thread runs this loop; the hardware threads only put `ButtonPress`, `TagSeen` and `DeviceStatus`
on the table's queue. Bots answer after a short pause, from their seat's view and prompt only. A bot's
seat screen shows nothing private (anyone could look at it). Timed things (a private reveal, the next
Wien "pass" signal, a bot's turn) are kept as deadlines, so the loop sleeps in `queue.get` until the
next one: an idle table burns no CPU.
"""

from __future__ import annotations

import heapq
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from PIL import Image

from hardware.events import ButtonPress, DeviceStatus, TagSeen
from hardware.table import Table
from hardware.tags import UnknownTag
from kiosk.referee.awaited import doing
from kiosk.bots import Bot
from kiosk.appliance.garbage import collect_due
from kiosk.games import registry
from kiosk.games.base import Event, IllegalAction, Prompt, Walk
from kiosk.i18n import N_, Text
from kiosk.referee.narration import narrator_for
from kiosk.seats.controller import SeatController, SeatPages
from kiosk.seats.learn import Learning
from kiosk.seats.lookahead import step_after, walk
from kiosk.seats.screen import Item, Screen, panel_picture
from kiosk.referee.session import GameSession
from kiosk.store import StoreWriteError
from kiosk.web.inputs import PhoneChoice, PhoneJoined, PhoneLeft
from kiosk.web.seat_feed import PhoneSeats, on_a_phone


log = logging.getLogger(__name__)

# Whistle patterns for public events (DESIGN: the whistle, "pass", error and fanfare patterns).
EVENT_SOUNDS = {"leg_start": "whistle", "game_over": "fanfare"}
STORE_RETRY_SECONDS = 5.0  # a bot whose move could not be stored tries again after this long


@dataclass
class Referee:
    session: GameSession
    table: Table
    pages: Callable[[int], SeatPages]  # the seat pages of this game for one seat, in its language
    bots: dict[int, Bot]
    bot_delay: float = 0.8
    reveal_seconds: float = 3.0
    clock: Callable[[], float] = time.monotonic
    on_events: Callable[[list[Event]], None] | None = None  # the public side: touchscreen, terminal
    show_bot_seats: bool = False  # demo and simulator only: a café never shows a bot's hand
    touchscreen: bool = False  # public prompts can be answered there too: the seat screens say so
    heartbeat: Callable[[], None] | None = None  # called every turn of the loop (the systemd watchdog)
    on_refused: Callable[[int | None, Text], None] | None = None  # a refusal, for the touchscreen too
    on_device: Callable[[DeviceStatus], None] | None = None  # a part failed or came back
    phones: PhoneSeats | None = None  # the seats a phone may play (kiosk/web), None without the web server
    learning: Learning | None = None  # "Learn as you play": what the seats have explained (None: off)
    bots_held: bool = False  # the touchscreen teaches ("How to play"): bots wait, so its newcomers see every move
    board_busy: Callable[[], float] | None = None  # seconds until the board has shown its reveals (None: no board)
    controllers: dict[int, SeatController] = field(default_factory=dict)
    _timers: list[tuple[float, int, Callable[[], None]]] = field(default_factory=list)
    _timer_count: int = 0
    _bot_due: dict[int, float] = field(default_factory=dict)
    _bot_unsaved: dict[int, Any] = field(default_factory=dict)  # a bot's choice the card did not take
    _reveal_until: dict[int, float] = field(default_factory=dict)
    _next_poll: float = 0.0
    _walked: tuple[int, int, tuple[Any, ...], Walk] | None = None  # the last walk the lookahead took to its end
    # Each seat's local steps on the state after that many actions: each one's walk, shortest first.
    _local: dict[int, tuple[int, list[tuple[tuple[Any, ...], Walk]]]] = field(default_factory=dict)
    _catch_up: bool = False  # a refresh is due when the board's reveals have been shown (seats held till then)


    def __post_init__(self) -> None:
        for seat in range(self.session.record.seats):
            if seat not in self.bots or self.show_bot_seats:
                self.controllers[seat] = SeatController(seat, self.pages(seat), touchscreen=self.touchscreen,
                                                        preview=partial(self._foresee, seat), learn=self.learning)
                # A resumed game: the seat's notes catch up with everything it had seen.
                self.controllers[seat].observe([e for e in self.session.replayed if e.visible_to(seat)])
        self.refresh()
        self._save_learning()

    # --- the loop ---------------------------------------------------------------------------------

    def run(self, stop: Callable[[], bool] | None = None, timeout: float = 1.0) -> None:
        """Until the game is over (or `stop()` says so), handle inputs and deadlines."""
        while not self.session.over and not (stop and stop()):
            self.pump(timeout=timeout)
        self.refresh()

    def pump(self, timeout: float) -> None:
        """Handle one input, or whatever deadline falls first; wait at most `timeout` seconds."""
        if self.heartbeat is not None:
            self.heartbeat()
        wait = min(timeout, self.due())
        event = self.table.events.next(wait)
        if event is not None:
            self.handle(event)
        self._run_deadlines()
        collect_due()  # every screen is written: the next input meets no collection half-way

    def due(self) -> float:
        """Seconds until the next deadline: a timer, a bot's turn, a reveal to dismiss, the poll."""
        deadlines = [self._next_poll, *([] if self.bots_held else self._bot_due.values()), *self._reveal_until.values()]
        if self._timers:
            deadlines.append(self._timers[0][0])
        return max(0.0, min(deadlines) - self.clock())

    def set_language(self, lang: str) -> None:
        """The table switched language: every seat's pages speak it from the next screen on."""
        for controller in self.controllers.values():
            if hasattr(controller.ui, "lang"):
                controller.ui.lang = lang
        self.refresh()

    def _run_deadlines(self) -> None:
        now = self.clock()
        if now >= self._next_poll:
            self._next_poll = now + 1.0
            self.table.poll()  # failed seat screens get their retry even when nothing changes
        while self._timers and self._timers[0][0] <= now:
            _, _, action = heapq.heappop(self._timers)
            action()
        for seat in list(self._reveal_until):
            while seat in self._reveal_until and self._reveal_until[seat] <= now:
                self._dismiss(seat)  # one after another: a zero reveal time clears them all
        # Bots answer simultaneous prompts in the session's order (who waited longest), never in the
        # order of the clock: the order is then the same after a resume as it was before.
        # After one bot's move, an input waiting (a phone's choice, a press) goes before the other bots'.
        acted = False
        for seat in [] if self.bots_held else sorted(self._bot_due, key=self.session.turn_order):
            if acted and not self.table.events.empty():
                break
            if self._bot_due.get(seat, now + 1) <= now and not self.session.over:
                del self._bot_due[seat]
                self._bot_acts(seat)
                acted = True
        self._save_learning()

    def after(self, seconds: float, action: Callable[[], None]) -> None:
        self._timer_count += 1
        heapq.heappush(self._timers, (self.clock() + seconds, self._timer_count, action))

    # --- inputs ---------------------------------------------------------------------------------

    def _save_learning(self) -> None:
        """What the seats and the board explained, into the store once the screens are written."""
        if self.learning is not None:
            self.learning.save()

    def handle(self, event: object) -> None:
        self._handle(event)
        self._save_learning()

    def _handle(self, event: object) -> None:
        if isinstance(event, ButtonPress):
            self.press(event.seat, event.button, event.long)
        elif isinstance(event, TagSeen):
            self.tag(event)
        elif isinstance(event, (PhoneJoined, PhoneChoice, PhoneLeft)):
            self.phone(event)
        elif isinstance(event, DeviceStatus):  # the driver has logged it
            if self.on_device is not None:
                self.on_device(event)  # the touchscreen says so
            if not event.ok and event.device.startswith("reader:"):
                # Whatever was laid on it while it failed (corrupt frames, no answer) was not read.
                self.refuse_everywhere(Text(N_("The card reader is not answering: lay the card again in a moment.")))

    def press(self, seat: int, button: str, long: bool = False) -> None:
        controller = self.controllers.get(seat)
        if controller is None or seat in self.bots:
            return  # a bot's seat: its buttons do nothing
        if self.phones is not None and self.phones.on_phone(seat):  # a press takes the seat back from its phone
            self.phones.hub.give_back(seat)
            self.draw(seat)
            return
        had_reveal = bool(controller.reveals)
        controller.press(button, long)
        if had_reveal:
            self._reveal_until.pop(seat, None)
            self._start_reveal_timer(seat)
        if controller.chosen:  # the seat's local steps, then the choice that ends them
            self.submit_walk(seat, controller.chosen)
            return  # every seat drawn: after the walk, or the seat's notice of a refusal
        self.draw(seat)

    def _foresee(self, seat: int, walked: tuple[Any, ...]) -> tuple[dict[str, Any], Prompt] | None:
        """The lookahead of a seat's press. The seat's local steps keep their walks: its next step on the
        state unchanged since takes one action on a copy of the walk it extends (after a step taken back
        too). A walk that goes to the table keeps its copy (with the number of actions done then): the
        table's trial of that very walk, on the state unchanged since, reads it instead of copying the
        game again."""
        done = self.session.actions_done
        at, kept = self._local.get(seat, (done, []))  # none kept once the game moved on (`at`)
        steps = [step for step in kept if walked[:len(step[0])] == step[0]] if at == done else []
        taken = walk(self.session.game, self.session.state, seat, walked, steps[-1] if steps else None)
        self._walked = None
        if taken is None:
            return None
        after = step_after(self.session.game, taken, seat, {p.seat for p in self.session.prompts()})
        if after is None:
            self._walked = (seat, done, walked, taken)
        else:
            self._local[seat] = (done, [step for step in steps if len(step[0]) < len(walked)] + [(walked, taken)])
        return after

    def _tried(self, seat: int, actions: tuple[Any, ...]) -> Walk | None:
        """The lookahead's walk of `actions` by `seat` on the state as it is now, if it made one (None:
        the table tries them itself); it serves once."""
        kept, self._walked = self._walked, None
        if kept is None or kept[:3] != (seat, self.session.actions_done, actions):
            return None
        return kept[3]

    def tag(self, seen: TagSeen) -> None:
        match = self.table.registry.resolve(seen.uid, seen.text, self.session.record.game)
        if isinstance(match, UnknownTag):
            log.info("unknown tag %s: %s", match.uid, match.reason.render("en"))
            self.refuse_everywhere(unknown_card(match))
            return
        kinds = CARD_ACTIONS.get(self.session.record.game)
        choices = card_choices(self.session.prompts(), match.card, set(self.bots), kinds)
        if len({seat for seat, _ in choices}) > 1:
            self.refuse_everywhere(Text(N_("Several seats can play that card now: choose it on your seat's buttons.")))
        elif choices:
            seat, action = choices[0]
            controller = self.controllers.get(seat)
            if controller is not None:
                controller.chose_elsewhere()
            self.submit(seat, action)
            self.draw(seat)
        else:
            self.refuse_everywhere(Text(N_("That card is not asked for now.")))

    def phone(self, event: PhoneJoined | PhoneChoice | PhoneLeft) -> None:
        """A phone joined its seat, chose, or gave the seat back. Only a live token of that very seat
        counts (it may have died since the server read it)."""
        phones = self.phones
        if phones is None or phones.hub.links.seat_of(event.token) != event.seat or event.seat in self.bots:
            return
        if isinstance(event, PhoneJoined):
            self.draw(event.seat)  # its OLED says it is on a phone; the phone gets its document
            return
        if phones.answered(event):
            return
        if isinstance(event, PhoneLeft):
            phones.reply(event)
            phones.hub.give_back(event.seat)
            self.draw(event.seat)
            return
        chosen = phones.chosen(event, self.controllers.get(event.seat))
        if isinstance(chosen, Text):
            phones.reply(event, chosen)
            self.draw(event.seat)
            return
        refused = self.submit(event.seat, chosen)
        phones.reply(event, refused)
        self.draw(event.seat)

    def refuse_everywhere(self, reason: Text, public: Text | None = None) -> None:
        """Every seat screen shows `reason`; the touchscreen shows `public` if given (it has room to say more)."""
        self._sound("error")
        if self.on_refused is not None:
            self.on_refused(None, public or reason)
        for seat in self.controllers:
            self._show_notice(seat, reason)

    def submit(self, seat: int, action: Any) -> Text | None:
        """Apply a seat's action; the reason if it was refused (None: done)."""
        return self.submit_walk(seat, (action,))

    def submit_walk(self, seat: int, actions: tuple[Any, ...]) -> Text | None:
        """Apply a seat's actions in turn (its local steps, then the choice that ends them), up to the
        first refused; the reason if one was (None: all done). They are stored together, in one
        transaction, before anything is shown; the seats are brought up to date and drawn once, after
        the last: a picture of the walk half-way is never written (it would only hold up the seats
        awaited after it on the bus)."""
        try:
            events, refusal = self.session.apply_all(seat, actions, self._tried(seat, actions))  # stored before shown
        except IllegalAction as refused:
            return self._refused(seat, refused.text, refused.text)
        except StoreWriteError as unsaved:  # the card: nothing stored, nothing changed, say why
            if seat in self.bots:  # the same choice again later: a bot chooses once per decision, as a resume replays it
                self._bot_unsaved[seat] = actions[0]
                self._bot_due[seat] = self.clock() + STORE_RETRY_SECONDS
            return self._refused(seat, unsaved.short, unsaved.text)
        self.route(events)
        for bot_seat, bot in self.bots.items():  # each bot hears what its seat may see, nothing else
            bot.observe([e for e in events if e.visible_to(bot_seat)])
        for other, controller in self.controllers.items():
            controller.observe([e for e in events if e.visible_to(other)])
        fresh = bool(self.session.game.info.fresh_turns & {event.kind for event in events})
        if self.on_events is not None:  # the board first: the seats' results wait for what it will reveal
            self.on_events(events)
        self.refresh(acted=seat, fresh=fresh)
        self.session.store.checkpoint_due()  # every screen is written: no move waits for the WAL's fold
        return None if refusal is None else self._refused(seat, refusal.text, refusal.text)

    def _refused(self, seat: int, short: Text, text: Text) -> Text:
        """A seat's choice refused: the error sound, `short` on its screen, `text` on the touchscreen."""
        self._sound("error")
        self._show_notice(seat, short)
        if self.on_refused is not None:
            self.on_refused(seat, text)
        return short

    # --- outputs --------------------------------------------------------------------------------

    def route(self, events: list[Event]) -> None:
        """Each event to its audience only: private reveals to the seats that may see them."""
        rounds = 0
        for event in events:
            if event.kind == "time_round":
                rounds += 1
                if rounds > 1:  # the first packet is dealt at once; each later one follows a "pass"
                    self.after((rounds - 1) * self.reveal_seconds, lambda: self._sound("pass"))
            if event.audience is None and event.kind in EVENT_SOUNDS:
                self._sound(EVENT_SOUNDS[event.kind])
            for seat, controller in self.controllers.items():
                if event.audience is not None and seat in event.audience:
                    results = getattr(controller.ui, "results", {})
                    if event.kind in results and self.session.over and not results[event.kind]:
                        continue  # moot once the game is over ("You are the voice of Holmes")
                    screens = reveal_pages(controller.ui, event, seat)
                    if not screens:
                        continue
                    if self.reveal_seconds == 0:
                        controller.reveals.clear()  # nothing lingers: the newest reveal replaces the last
                    busy = self._busy()
                    for screen in screens:  # a reveal of several pages: one after the other
                        if event.kind in results and busy > 0:  # a result: told once the board has shown it
                            self.after(busy, partial(self._late_reveal, seat, screen))
                        else:
                            self._reveal(seat, screen)

    def _busy(self) -> float:
        return self.board_busy() if self.board_busy is not None else 0.0

    def _late_reveal(self, seat: int, screen: Screen) -> None:
        self._reveal(seat, screen)
        self.draw(seat)

    def refresh(self, acted: int | None = None, fresh: bool = False) -> None:
        """Bring every seat up to date with its view and prompt, and draw what changed, group by group
        (`drawing_order`): first the seats now awaited, so the people waiting on the bus are served
        before the others (an I2C bus carries its seats' bytes in turn; two buses write at once). The
        next group waits for the last byte of the one before: drawn meanwhile, its pictures would take
        Python's lock from the writer of the awaited seats' bytes (measured: 1-1.5 ms more for them at
        the median, and no earlier last byte on the other seats).
        `fresh`: a new leg, case or round began, so every awaited seat is awaited as after a wait."""
        prompts: dict[int, Prompt] = {}
        also: dict[int, tuple[Prompt, ...]] = {}  # a seat asked several things at once (P.I.: turn and notes)
        for prompt in self.session.prompts():
            if prompt.seat in prompts:
                also[prompt.seat] = also.get(prompt.seat, ()) + (prompt,)
            else:
                prompts[prompt.seat] = prompt
        public = self.session.game.view(self.session.state, None)  # each seat's view is built on it
        narrator = narrator_for(self.session.record.game, public)
        if self.phones is not None:
            self.phones.awaited = tuple(sorted(prompts))  # whose turn it is, at the top of each phone's page
        for group in self.drawing_order(acted, prompts):
            for seat in group:  # each group's seats brought up to date just before they are drawn
                self._update(seat, prompts.get(seat), narrator, public, also.get(seat, ()), fresh)
            self.draw_seats(group, least_first=len(group) > 1 and all(seat in prompts and seat != acted for seat in group))

    def _update(self, seat: int, mine: Prompt | None, narrator: Any, public: dict[str, Any],
                also: tuple[Prompt, ...] = (), fresh: bool = False) -> None:
        """One seat's bot pause, or its controller's view and prompt (with the chirp after a wait)."""
        if seat in self.bots and mine is not None and seat not in self._bot_due:
            self._bot_due[seat] = self.clock() + self.bot_delay
        elif mine is None:
            self._bot_due.pop(seat, None)  # its turn passed: a later prompt waits its own pause
        controller = self.controllers.get(seat)
        if controller is None:
            return
        waited = controller.prompt is None or fresh
        view = self.session.game.view(self.session.state, seat, public)
        busy = self._busy()
        if hasattr(controller.ui, "behind"):  # its screens tell no result the board has not yet shown
            controller.ui.behind = busy > 0  # (its choices are never held: a decision comes at once)
            if busy > 0 and not self._catch_up:
                self._catch_up = True
                self.after(busy, self._caught_up)
        game_id = self.session.record.game
        controller.update(view, mine, doing(game_id, mine.kind, view, narrator) if mine is not None else None, also,
                          fresh)
        if waited and mine is not None and seat not in self.bots and self.table.config.whistle.your_turn:
            self._sound("your_turn")  # after a wait only: not at every step of one's own turn

    def _caught_up(self) -> None:
        """The board has shown its reveals (or more came, and this looks again): the held seats catch up."""
        self._catch_up = False
        self.refresh()

    def drawing_order(self, acted: int | None, prompts: dict[int, Prompt]) -> list[list[int]]:
        """Two groups, each drawn and written before the next is drawn: the other awaited seats (in
        turn order), then the seat that acted followed by the others. The people who now must act wait on
        the bus for nothing but the other awaited seats' turn to "Your move" (a title and the bottom
        line, 250-480 bytes each, or one write for all of them where the panels can take it together:
        hardware/shared_writes.py), while the seat that acted often turns a whole page (the card it
        read, its next menu, its hand after a swap: 500-1,000 bytes, some 20 ms at 400 kHz) even when
        its turn goes on: written first, that page would hold up every seat awaited with it, such as
        the whole table's Watson & Holmes reading round."""
        seats = range(self.session.record.seats)
        awaited = sorted((s for s in seats if s in prompts and s != acted), key=self.session.turn_order)
        done = [acted] if acted is not None else []
        return [group for group in (awaited, done + [s for s in seats if s not in awaited and s not in done]) if group]

    def screen_of(self, seat: int) -> Screen:
        controller = self.controllers.get(seat)
        return controller.screen() if controller is not None else self._bot_screen(seat)

    def draw(self, seat: int) -> None:
        self.draw_seats([seat])

    def draw_seats(self, seats: list[int], least_first: bool = False) -> None:
        """Draw these seats' screens (their phones too), in this order on each I2C bus, every bus at
        once, each frame on its way while the next is rendered; returns when every frame is written
        (identical frames cost nothing on the bus). `least_first`: seats awaited together, where their
        writes are planned together, go in the order that leaves the fewest waiting long (`Table.show`)."""
        self.table.show(self._frames(seats), least_first)

    def _frames(self, seats: list[int]) -> Iterator[tuple[int, Image.Image, bool]]:
        """Each seat's picture as it is rendered (a phone seat's document published on the way)."""
        phones = self.phones
        on_screens = {part.index for part in self.table.seats}
        for seat in seats:
            controller = self.controllers.get(seat)
            on_phone = phones is not None and controller is not None and phones.on_phone(seat)
            if controller is not None and phones is not None:
                controller.link = phones.hub.url(seat)  # a new link once the seat was given back
            if seat in on_screens:
                image, inverted = panel_picture(on_a_phone(seat) if on_phone else self.screen_of(seat))
                yield seat, image, inverted
            if on_phone:
                assert phones is not None and controller is not None
                phones.publish(seat, controller)

    def _bot_screen(self, seat: int) -> Screen:
        thinking = seat in self._bot_due
        return Screen(
            Text(N_("Seat {n}"), {"n": seat + 1}).render(),
            (Item(Text(N_("Bot is thinking") if thinking else N_("Bot")).render()),),
        )

    def _bot_acts(self, seat: int) -> None:
        prompt = next((p for p in self.session.prompts() if p.seat == seat), None)
        if prompt is None:
            return
        action = self._bot_unsaved.pop(seat, None)
        if action is None or action not in prompt.actions:
            action = self.bots[seat].choose(self.session.game.view(self.session.state, seat), prompt)
        self.submit(seat, action)

    def _show_notice(self, seat: int, text: Text) -> None:
        controller = self.controllers.get(seat)
        if controller is None:
            return
        self._reveal(seat, Screen(Text(N_("Not now")).render(), (Item(text.render()),), inverted=True))
        self.draw(seat)

    def _reveal(self, seat: int, screen: Screen) -> None:
        """Cover the seat's screen with `screen` for a moment; its phone keeps it in its news."""
        self.controllers[seat].reveal(screen)
        if self.phones is not None:
            self.phones.news(seat, screen)
        self._start_reveal_timer(seat)

    def _start_reveal_timer(self, seat: int) -> None:
        if self.controllers[seat].reveals and seat not in self._reveal_until:
            self._reveal_until[seat] = self.clock() + self.reveal_seconds

    def _dismiss(self, seat: int) -> None:
        self._reveal_until.pop(seat, None)
        self.controllers[seat].dismiss()
        self._start_reveal_timer(seat)
        self.draw(seat)

    def _sound(self, pattern: str) -> None:
        if self.table.whistle is not None:
            self.table.whistle.play(pattern)


# The action kinds a tagged card answers, for games where other actions also name a card: in Watson &
# Holmes revealing Inspector Lestrade names the policed card he clears, and a tap must never reveal a
# hidden character; a tap chooses the card to visit, or the card Dr Watson or Mycroft has read.
CARD_ACTIONS: dict[str, frozenset[str]] = {"watson-holmes": frozenset({"tap", "watson_target", "extra_read"})}


def unknown_card(tag: UnknownTag) -> Text:
    """What the players are told: never the tag's own text (a stranger's sticker could say anything),
    only the name of the game it belongs to, if that is a game the table knows."""
    if tag.game is not None and tag.game in registry.ids():
        return Text(N_("Unknown card: this is a {game} card."), {"game": Text(registry.get(tag.game).info.names["en"])})
    return Text(N_("Unknown card."))


def card_choices(
    prompts: list[Prompt], card: str, bots: set[int], kinds: frozenset[str] | None = None
) -> list[tuple[int, Any]]:
    """What a card tapped on the reader can mean now: the actions of the prompted people's seats that
    name that card among their arguments (of one of `kinds`, if given). A game played with tagged
    cards (Mystery City's nfc deck, Watson & Holmes's published box) prompts the seat whose card it
    is, so one seat answers."""
    return [
        (prompt.seat, action)
        for prompt in prompts
        if prompt.seat not in bots
        for action in prompt.actions
        if card in action.args and (kinds is None or action.kind in kinds)
    ]


def reveal_pages(pages: SeatPages, event: Event, seat: int) -> tuple[Screen, ...]:
    """A private event's reveal on `seat`: its pages where the game's seat pages page a reveal
    (`reveal_pages`: Mystery City's hand too big for one page), else its one screen, or none."""
    paged = getattr(pages, "reveal_pages", None)
    if paged is not None:
        return tuple(paged(event, seat))
    screen = pages.reveal(event, seat)
    return (screen,) if screen is not None else ()
