"""The kiosk with its touchscreen: from the attract screen through a game to its results.

The app is what the touchscreen shows and what the table does between games. It owns the flow
(resume offer, attract, game choice, seat claim, options, the game's board, results, admin) and,
while a game runs, the referee. It is driven from outside by one loop (`kiosk/ui/loop.py`): inputs
from the hardware queue (`input`), taps (`tap`, `hold`), and time (`pump`). It never sleeps and never
draws by itself, so the same app runs in the desktop simulator, full screen on the Pi and in tests.

The board only ever sees the public side of a game: the public view, public events and the public
prompts of seats people play (`_update_board`).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
from PIL import Image

from hardware.backlight import Backlight
from hardware.events import DeviceStatus
from hardware.table import Table
from kiosk import i18n
from kiosk.appliance.admin_pin import PIN_FILE, AdminPin, PinFile
from kiosk.referee.awaited import awaited
from kiosk.bots import Bot
from kiosk.bots.table_bots import table_bot
from kiosk.config import TableConfig
from kiosk.games import registry
from kiosk.games.base import Action, Event, OptionRefused, Prompt
from kiosk.games.watson_holmes.game import CaseUnavailable
from kiosk.i18n import N_, Text
from kiosk.referee.learning import keep_learning, learning_of
from kiosk.referee.lobby import Lobby
from kiosk.referee.phone_links import links_for_game
from kiosk.web.hub import EXPIRED, PhoneHub
from kiosk.web.inputs import PhoneAway, PhoneJoined, PhoneLeft
from kiosk.ui.scenes.phone_codes import PhoneCodes
from kiosk.web.seat_feed import PhoneSeats
from kiosk.referee.narration import narrator_for
from kiosk.seats.pages import seat_pages
from kiosk.seats.screen import Item, Screen, panel_picture, render
from kiosk.referee.session import GameSession, ReplayMismatch, resumable, set_aside
from kiosk.appliance.storage import StorageKeeper
from kiosk.store import GameRecord, GameStore, StoreWriteError
from kiosk.referee.table import Referee
from kiosk.ui.boards import Board, BoardContext, make_board
from kiosk.ui.learn_banner import LearnBanner
from kiosk.ui.boards.event_log import EventLog
from kiosk.ui.pace import Stage
from kiosk.ui.layout import inset
from kiosk.ui.scenes.notice import bottom_strip, notice_bar, notice_place
from kiosk.ui.paint import Painter
from kiosk.ui.scene import Moving, PartlyStill, Scene, SeatHint, Touchscreen, seat_hint
from kiosk.ui.scenes.admin import Admin
from kiosk.ui.scenes.attract import Attract
from kiosk.ui.scenes.choose_game import ChooseGame
from kiosk.ui.scenes.claim import SeatClaim
from kiosk.ui.scenes.options import Options, refusal
from kiosk.ui.scenes.results import Results
from kiosk.ui.seat_results import seat_result
from kiosk.ui.scenes.resume import ResumeOffer
from kiosk.ui.scenes.how_to_play import CLOSE, HowToPlay
from kiosk.ui.scenes.rules_pages import RulesPages
from kiosk.ui.theme import Theme

log = logging.getLogger("kiosk")

REVEAL_SECONDS = {"slow": 5.0, "normal": 3.0, "fast": 1.5}
NOTICE_SECONDS = 4.0
HOLD_FOR_ADMIN = 3.0  # a finger held this long anywhere opens the admin PIN pad
RESULTS = "results"  # a tap on a finished board, once it has shown the end: on to the results
IDLE_HINT = SeatHint(Text(N_("Choose a game on the touchscreen")))  # between games, the attract screen


@dataclass
class Plan:
    """What the command line fixed in advance; the touchscreen asks for the rest."""

    game: str | None = None
    seats: int | None = None
    bots: int | None = None  # how many seats bots play; None: people claim seats
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    bot_pause: float = 0.8
    reveal_seconds: float | None = None  # None: from the reveal speed chosen in the options
    assist: bool = False
    results_after: float = 8.0  # bots only (a demo): seconds the finished board stays once still; people tap


@dataclass
class App:
    table: Table
    store: GameStore
    screen: Touchscreen
    config: TableConfig
    plan: Plan
    clock: Callable[[], float] = time.monotonic
    on_game_event: Callable[[GameSession, list[Event]], None] | None = None  # the terminal and the log
    on_quit: Callable[[], None] | None = None  # shutdown from the admin menu
    backlight: Backlight = field(default_factory=Backlight)
    keeper: StorageKeeper | None = None  # the card: reserve, pruning, faults (made from the config if None)
    phones: PhoneHub | None = None  # phone seats (kiosk/web), when the table serves them
    no_phones: Text | None = None  # why phones cannot join (the web server is off or cannot listen), if so
    staff_report: Callable[[], list[Text]] | None = None  # the staff menu's lines on the table's parts
    scene: Scene | None = None
    lobby: Lobby | None = None
    referee: Referee | None = None
    board: Board | None = None
    quit: bool = False
    settings: dict[str, Any] = field(default_factory=dict)
    featured: str | None = None  # the game the attract screen features (`feature`)
    _notice: tuple[Text, float] | None = None
    _notice_alert: bool = True  # False: good news, drawn as information, not as an alert
    _results_at: float | None = None
    _back_to: Scene | None = None  # where the admin menu or the rules pages return to
    _banner: LearnBanner | None = None  # learn as you play: the board's large-type moments (None: off)
    _pin: AdminPin = field(init=False)  # one for the app's life: closing the pad keeps the wrong-PIN count
    _codes: PhoneCodes = field(init=False)  # the codes of phone-only seats no phone plays, over the board

    def __post_init__(self) -> None:
        self._pin = AdminPin(self.config.admin_pin, PinFile(self.store.path.parent / PIN_FILE))
        self._codes = PhoneCodes(self.config.web.reconnect_grace,
                                 lambda seat: self.phones is not None and self.phones.listening(seat) > 0)
        self.settings.setdefault("language", self.screen.lang)
        i18n.set_language(self.settings["language"])
        self.settings.setdefault("reveal_speed", "normal")
        if self.keeper is None:
            self.keeper = StorageKeeper(self.store, self.config.store, self.store.path.parent,
                                        clock=lambda: self.clock())
        self.keeper.on_change = self._storage_changed
        self.screen.show(self)

    # --- the scene the touchscreen shows: the current one, with a notice on top -------------------

    @property
    def theme(self) -> Theme:
        assert self.scene is not None
        return self.scene.theme

    def draw(self, paint: Painter, now: float) -> None:
        assert self.scene is not None
        self.scene.draw(paint, now)
        if self._shown_the_end(now) and not self._bots_only():
            results_hint(paint, self.board)
        banner = self._board_banner()
        if banner is not None:
            banner.draw(paint, now)
        self._codes.draw(paint, self._phone_codes(now))
        if self._notice is not None and now < self._notice[1]:
            notice_bar(paint, notice_place(self.scene, paint), self._notice[0], alert=self._notice_alert)
        elif self.store.fault is not None and not isinstance(self.scene, Admin):  # the admin menu says it itself
            notice_bar(paint, bottom_strip(paint.surface.get_rect(), paint), self.store.fault.text)

    def still(self, now: float) -> object | None:
        """The scene's still part, while no notice or hint is drawn over the screen (those lie over
        whatever moves, so the whole picture is drawn then)."""
        overlaid = (self._shown_the_end(now) or (self._notice is not None and now < self._notice[1])
                    or ((banner := self._board_banner()) is not None and banner.on_screen(now) is not None)
                    or self.store.fault is not None or bool(self._phone_codes(now)))
        if overlaid or not isinstance(self.scene, Moving):
            return None
        key = self.scene.still(now)
        return None if key is None else (id(self.scene), key)  # a new scene is drawn whole anyway (show)

    def draw_moving(self, paint: Painter, now: float) -> list[pygame.Rect]:
        assert isinstance(self.scene, Moving)
        return self.scene.draw_moving(paint, now)

    def redraw_still(self, paint: Painter, before: object, now: float) -> list[pygame.Rect] | None:
        """The scene's still picture brought up to `now` in part, if it is still the scene of `before`
        (`still`'s key) and can."""
        if not isinstance(self.scene, PartlyStill) or not isinstance(before, tuple) or before[0] != id(self.scene):
            return None
        return self.scene.redraw_still(paint, before[1], now)

    def tap(self, value: object, now: float) -> None:
        if self._codes.tap(value):
            self.screen.changed()
        elif value == RESULTS:
            if self._shown_the_end(now):
                self.results()
        elif self.scene is not None:
            self.scene.tap(value, now)
            self._seats_follow()

    def next_frame(self, now: float) -> float | None:
        waits = [self.scene.next_frame(now) if self.scene is not None else None]
        if self._notice is not None and self._notice[1] > now:
            waits.append(self._notice[1] - now)
        if self._results_at is not None and self._results_at > now:
            waits.append(self._results_at - now)
        if self._banner is not None:
            waits.append(self._banner.next_change(now))
        if self.referee is not None:
            waits.append(self._codes.next_change(now))  # a seat's code comes back when its grace runs out
        found = [w for w in waits if w is not None]
        return min(found) if found else None

    @property
    def game_id(self) -> str | None:
        """The game being set up or played, if any."""
        if self.referee is not None:
            return self.referee.session.record.game
        return self.lobby.game_id if self.lobby is not None else None

    @property
    def case_id(self) -> str | None:
        """The Watson & Holmes case being played, if one is (the simulator's reader offers its cards)."""
        if self.referee is None or self.referee.session.record.game != "watson-holmes":
            return None
        return self.referee.session.record.options.get("case")

    def show(self, scene: Scene) -> None:
        self.scene = scene
        self.screen.changed()
        self._seats_follow()

    def notice(self, text: Text, *, alert: bool = True) -> None:
        """A short message over whatever the touchscreen shows, for a few seconds (an alert unless told)."""
        self._notice = (text, self.clock() + NOTICE_SECONDS)
        self._notice_alert = alert
        self.screen.changed()

    # --- the loop's entry points ------------------------------------------------------------------

    def begin(self) -> None:
        """The first scene: an unfinished game to resume, the game asked for, or the attract screen."""
        assert self.keeper is not None
        self.keeper.tidy()
        aside: list[ReplayMismatch] = []
        try:
            unfinished = resumable(self.store, aside)  # a game that cannot be replayed is set aside, never fatal
        except StoreWriteError as error:  # setting it aside needs a write: tried again at the next start
            unfinished = None
            self.notice(error.text)
        if aside:
            self._set_aside_notice(aside[-1])
        if unfinished is not None:
            self.show(ResumeOffer(
                unfinished.game, unfinished.seats, self.store.action_count(unfinished.id),
                time.strftime("%Y-%m-%d %H:%M", time.localtime(unfinished.started)),
                on_resume=lambda: self.resume(unfinished), on_discard=lambda: self.set_aside(unfinished),
                instead=self.plan.game if self.plan.seats is not None else None,
            ))
        else:
            self._start_asked()
        self._idle_seats()

    def _start_asked(self) -> None:
        """The game asked for at launch (`kiosk run --game`), else the attract screen."""
        if self.plan.game is not None and self.plan.seats is not None:
            if self.plan.bots is not None:
                seats = self.plan.seats
                self.start_game(self.plan.game, seats, list(range(seats - self.plan.bots, seats)), {})
                if self.referee is None:  # not started (the card said no): people start one by hand
                    self.attract()
            else:
                self.claim(self.plan.game, self.plan.seats)
        else:
            self.attract()

    def input(self, event: object) -> None:
        """One input from the hardware queue: to the lobby or the referee, or ignored between games."""
        if isinstance(event, DeviceStatus) and self.referee is None:
            self._device(event)
        elif isinstance(event, PhoneAway):
            self._phone_away(event)
        elif self.referee is not None:
            self.referee.handle(event)
            if isinstance(event, PhoneJoined):
                self._codes.back(event.seat)
            if isinstance(event, (PhoneJoined, PhoneLeft)):  # a phone-only seat's code goes, or comes back
                self.screen.changed()
        elif self.lobby is not None:
            self.lobby.handle(event)
            self._claims_changed()

    def pump(self) -> None:
        """Deadlines: the referee's timers and bots, the notice expiring, the results falling due."""
        now = self.clock()
        if self.referee is not None:
            self.referee.pump(timeout=0.0)  # its deadlines include the table's poll
            self._maybe_results(now)
        else:
            self.table.poll()  # between games too: failed seat screens retried, the others kept alive
        assert self.keeper is not None
        self.keeper.check()
        if self._notice is not None and now >= self._notice[1]:
            self._notice = None
            self.screen.changed()

    def due(self) -> float | None:
        """Seconds until something needs doing without any input (None: nothing will)."""
        now = self.clock()
        assert self.keeper is not None
        waits = [self.screen.due(now), self.keeper.due()]
        if self.referee is not None:
            waits.append(self.referee.due())
        found = [w for w in waits if w is not None]
        return min(found) if found else None

    def hold(self, seconds: float) -> None:
        """A finger was held on the touchscreen: a long enough hold opens the admin PIN pad."""
        if seconds >= HOLD_FOR_ADMIN and not isinstance(self.scene, Admin):
            self.admin()

    # --- the flow -----------------------------------------------------------------------------------

    def attract(self) -> None:
        self._leave_lobby()
        self.show(Attract(on_start=self.choose, featured=self.featured))

    def feature(self, game_id: str) -> None:
        """Feature a game on the attract screen (now, if it is showing)."""
        self.featured = game_id
        if isinstance(self.scene, Attract):
            self.attract()

    def choose(self) -> None:
        self._leave_lobby()
        registry.refresh()  # a case dropped into the cases folder is offered from now on
        self.show(ChooseGame(
            on_choose=self.claim, on_rules=self.rules, on_admin=self.admin, on_language=self.set_language,
            max_seats=self.table.config.seat_count,
        ))

    def rules(self, game_id: str) -> None:
        back = self.scene
        scene = RulesPages(game_id, on_close=lambda: self.show(back) if back is not None else self.choose())
        info = registry.get(game_id).info
        seats = min(info.max_seats, max(info.min_seats, 3))
        scene.on_how_to_play = lambda: self.show(HowToPlay(game_id, seats, lambda: self.show(scene), done_label=CLOSE))
        self.show(scene)

    def claim(self, game_id: str, seats: int) -> None:
        self._leave_lobby()
        self.lobby = Lobby(self.table, game_id, seats)
        self._idle_seats(first=seats)
        if self.phones is not None:
            self.phones.new_game(seats)  # a new game: new links
        scene = SeatClaim(game_id, seats, on_bot=self._toggle_bot, on_start=lambda: self.options(game_id, seats),
                          on_back=self.choose, links=self.phones.url if self.phones is not None else lambda seat: None,
                          no_phones=self.no_phones)
        self.show(scene)
        log.info("seat claim: %s with %d seats", game_id, seats)

    def options(self, game_id: str, seats: int) -> None:
        claim = self.scene
        bots = self._bot_seats(seats)
        values = {**self.settings, **self.plan.options}
        if game_id == "mystery-express":
            values.setdefault("assist", self.plan.assist or self.config.assist)
        self.show(Options(
            game_id, values, seats=seats,
            on_done=lambda chosen: self.start_game(game_id, seats, bots, chosen),
            on_back=lambda: self.show(claim) if claim is not None else self.choose(),
        ))

    def start_game(self, game_id: str, seats: int, bots: list[int], chosen: dict[str, Any]) -> None:
        game = registry.get(game_id)
        table_keys = {"language", "reveal_speed", "assist"}
        # Learn as you play is the table's, kept with the game (kiosk/referee/learning.py): never an engine option.
        learn = bool(chosen.get("learn", self.plan.options.get("learn", False)))
        options = {k: v for k, v in {**self.plan.options, **chosen}.items() if k not in table_keys | {"learn"}}
        for key in table_keys & chosen.keys():
            self.settings[key] = chosen[key]
        if chosen.get("language"):
            self.set_language(chosen["language"])
        seed = self.plan.seed if self.plan.seed is not None else random.SystemRandom().randrange(2**31)
        assert self.keeper is not None
        self.keeper.tidy()  # old games pruned before a new one is stored
        try:
            game.info.resolve_options(options, seats)
            session = GameSession.start(self.store, game_id, seats, seed, options, bots=bots)
        except OptionRefused as refused:
            log.warning("game not started: %s", refused)
            return self._not_started(refusal(game_id, refused))
        except ValueError as error:
            log.warning("game not started: %s", error)
            return self._not_started(Text(N_("This game cannot start with these options.")))
        except StoreWriteError as error:
            self.notice(error.text)  # the setup stays: the same tap works once the card does
            return
        if learn:
            try:
                keep_learning(self.store, session.record.id)
            except StoreWriteError as error:  # the game is stored and goes on, without explanations
                self.notice(error.text)
        self._leave_lobby()
        self._play(session, {seat: table_bot(game_id, seat, seed) for seat in bots}, new=True)

    def _not_started(self, why: Text) -> None:
        """A game refused at the start says why over the screen it was started from (the game list
        when it was asked for at launch, before any screen)."""
        if self.scene is None:
            self.choose()
        self.notice(why)

    def resume(self, record: GameRecord) -> None:
        bots = {seat: table_bot(record.game, seat, record.seed) for seat in record.bots}
        try:
            session = GameSession.resume(self.store, record, bots)
        except ReplayMismatch as error:
            self.attract()
            try:
                set_aside(self.store, error)
            except StoreWriteError as trouble:  # offered again at the next start
                self.notice(trouble.text)
                return
            self._set_aside_notice(error)
            return
        self._play(session, bots)

    def _set_aside_notice(self, error: ReplayMismatch) -> None:
        """Why the unfinished game is not offered: in words for the café where it can act on them."""
        if isinstance(error.__cause__, CaseUnavailable):  # the café changed or removed the case file
            self.notice(Text(N_("{reason} The unfinished game was set aside."), {"reason": error.reason}))
        else:
            self.notice(Text(N_("The unfinished game could not be resumed; it was set aside.")))

    def set_aside(self, record: GameRecord) -> None:
        """Set the unfinished game aside, then start what the launch asked for (or the attract screen)."""
        try:
            self.store.abandon(record.id)
        except StoreWriteError as error:
            self.notice(error.text)  # the offer stays: resuming needs no write
            return
        log.info("game %d set aside", record.id)
        if self.phones is not None:
            self.phones.end(Text(EXPIRED))  # its phones waited for it to resume
        self._start_asked()
        self._idle_seats()

    def results(self) -> None:
        assert self.referee is not None
        session = self.referee.session
        outcome = session.game.outcome(session.state)
        assert outcome is not None
        narrator = narrator_for(session.record.game, session.game.view(session.state, None))
        record = session.record
        self._end_game()
        results = Results(
            record.game, outcome, narrator,
            on_again=lambda: self.claim(record.game, record.seats), on_menu=self.attract,
        )
        self.show(results)
        for part in self.table.seats[:record.seats]:  # each player's own result, until the next choice
            part.display.show(*panel_picture(seat_result(results, part.index, self.settings["language"])))

    def admin(self) -> None:
        self._back_to = self.scene
        in_game = self.referee is not None
        self.show(Admin(
            self._pin,
            on_end_game=self.end_game if in_game else self._close_admin,
            on_restart_game=self.restart_game if in_game else self._close_admin,
            on_language=self.set_language, on_brightness=self.set_brightness,
            on_shutdown=self.shutdown, on_selftest=self.selftest, on_close=self._close_admin,
            settings={"language": self.settings["language"], "brightness": self.backlight.level,
                      "in_game": in_game},
            storage=lambda: self.store.fault.text if self.store.fault is not None else None,
            parts=self.staff_report,
        ))

    def end_game(self) -> None:
        self._end_in_play()

    def _end_in_play(self) -> bool:
        """End the game in play (it is set aside in the store); False if the card refused that."""
        if self.referee is not None:
            record = self.referee.session.record
            if not self.referee.session.over:
                try:
                    self.store.abandon(record.id)
                except StoreWriteError as error:
                    self.notice(error.text)  # the game stays as it is, in play
                    return False
            log.info("game %d ended from the admin menu", record.id)
        self._end_game()
        self.attract()
        return True

    def restart_game(self) -> None:
        if self.referee is None:
            return self._close_admin()
        record = self.referee.session.record
        if self._end_in_play():
            legacy = self.referee.session.game.info.legacy  # a retired option does not start a new game
            options = {k: v for k, v in record.options.items() if k not in legacy}
            self.start_game(record.game, record.seats, list(record.bots), options)

    def set_language(self, lang: str) -> None:
        """Switch the whole table's language now: touchscreen, seat screens, messages."""
        if lang not in i18n.LANGUAGES:
            return
        i18n.set_language(lang)
        self.settings["language"] = lang
        self.screen.set_language(lang)
        if self.referee is not None:
            self.referee.set_language(lang)
            self._idle_seats(first=self.referee.session.record.seats)
        elif self.lobby is not None:
            self.lobby.draw()
            self._idle_seats(first=self.lobby.seats)
        else:
            self._idle_seats()

    def set_brightness(self, level: int) -> None:
        self.backlight.set(level)

    def selftest(self) -> None:
        """A quick look at the parts (the full walk-through is `kiosk selftest`)."""
        self.table.poll()
        failed = [part.index + 1 for part in self.table.seats if part.display.failed]
        reader = self.table.reader
        if reader is not None and reader.failed:
            self.notice(Text(N_("The card reader does not answer. Run kiosk selftest.")))
        elif failed:
            self.notice(Text(N_("Seat screens not answering: {seats}. Run kiosk selftest."),
                             {"seats": ", ".join(str(n) for n in failed)}))
        else:
            self.notice(Text(N_("Every seat screen and the reader answer.")), alert=False)
        if self.table.whistle is not None:
            self.table.whistle.play("beep")

    def shutdown(self) -> None:
        log.info("shutdown from the admin menu")
        self.quit = True
        if self.on_quit is not None:
            self.on_quit()

    # --- while a game runs ------------------------------------------------------------------------

    def _play(self, session: GameSession, bots: dict[int, Bot], new: bool = False) -> None:
        """The game on the board and the seats; a new learning game opens on its "How to play" pages."""
        record = session.record
        phones = self.phones
        if phones is not None:
            links_for_game(phones, self.store, record)
        self._codes.reset()
        narrator = narrator_for(record.game, session.game.view(session.state, None))
        lang = self.settings["language"]
        assist = bool(self.settings.get("assist", self.plan.assist or self.config.assist))
        reveal = self.plan.reveal_seconds
        if reveal is None:
            reveal = REVEAL_SECONDS.get(self.settings["reveal_speed"], 3.0)
        self.referee = Referee(
            session, self.table, lambda seat: seat_pages(record.game, narrator, lang, assist), bots,
            bot_delay=max(0.0, self.plan.bot_pause), reveal_seconds=reveal,
            on_events=self._on_events, on_refused=self._refused, on_device=self._device, touchscreen=True,
            clock=self.clock, phones=PhoneSeats(phones) if phones is not None else None,
            learning=learning_of(self.store, record.id, record.game), board_busy=self._board_busy,
        )
        self._banner = LearnBanner(self.referee.learning) if self.referee.learning is not None else None
        info = session.game.info
        self.board = make_board(BoardContext(
            record.game, record.seats, narrator, self._submit, frozenset(record.bots), reveal,
            info.resolve_options(info.stored_options(dict(record.options))),
        ))
        now = self.clock()
        public = [e for e in session.replayed if e.audience is None]
        if public:
            self.board.observe(public, now)
            stage, told = getattr(self.board, "stage", None), getattr(self.board, "log", None)
            if isinstance(stage, Stage) and isinstance(told, EventLog):
                stage.history(told)  # shown before the cut: its reveals do not play again
        self._update_board(now)
        self._results_at = None
        self.show(self.board)
        if new and self.referee.learning is not None:
            self._how_to_play_first()
        else:
            self._first_banner()
        self._idle_seats(first=record.seats)  # seats beyond the game's say they are not in it
        if session.over:
            self._maybe_results(now)

    def _how_to_play_first(self) -> None:
        """A new learning game opens on "How to play"; the bots wait for its last tap, the people's
        seats already show their first step."""
        referee, board = self.referee, self.board
        assert referee is not None and board is not None
        referee.bots_held = True

        def play() -> None:
            referee.bots_held = False
            self.show(board)
            self._first_banner()

        record = referee.session.record
        self.show(HowToPlay(record.game, record.seats, play, options=dict(record.options)))

    def _first_banner(self) -> None:
        """The board explains the public decision it opens on (the moments replayed after a cut were
        explained before it)."""
        if self._banner is not None:
            self._banner.observe([], self._public_prompts(), self.clock(), self.board)

    def _phone_codes(self, now: float) -> list[tuple[int, str]]:
        """The links of the game's phone-only seats that no phone plays now (a bot's seat has none)."""
        phones, referee = self.phones, self.referee
        if phones is None or referee is None or referee.session.over:
            return []
        found = [(seat, phones.url(seat)) for seat in range(len(self.table.seats), referee.session.record.seats)
                 if seat not in referee.bots and self._codes.waiting(seat, phones.links.joined(seat), now)]
        return [(seat, url) for seat, url in found if url is not None]

    def _phone_away(self, event: PhoneAway) -> None:
        """A seat's last phone closed its page: after the grace, a phone-only seat shows its code again."""
        if (self.referee is None or self.phones is None or event.seat < len(self.table.seats)
                or self.phones.links.seat_of(event.token) != event.seat):
            return  # a station's seat (it has its own screen), a link of another game, or one that died
        self._codes.away(event.seat, self.clock())
        self.screen.changed()

    def _submit(self, seat: int, action: Action) -> None:
        if self.referee is not None:
            self.referee.submit(seat, action)

    def _on_events(self, events: list[Event]) -> None:
        assert self.referee is not None and self.board is not None
        now = self.clock()
        public = [e for e in events if e.audience is None]
        if public:
            self.board.observe(public, now)
        self._update_board(now)
        if self._banner is not None:
            self._banner.observe(public, self._public_prompts(), now, self.board)
        if self.on_game_event is not None:
            self.on_game_event(self.referee.session, events)
        self.screen.changed()

    def _board_busy(self) -> float:
        """Seconds until the board has shown the reveals it has (0: none): the seats' results wait as long."""
        stage = getattr(self.board, "stage", None)
        if not isinstance(stage, Stage):
            return 0.0
        now = self.clock()
        return max(0.0, stage.free_from(now) - now)

    def _update_board(self, now: float) -> None:
        assert self.referee is not None and self.board is not None
        session = self.referee.session
        waiting = awaited(session.prompts())  # seat and kind only: nothing private
        self.board.update(session.game.view(session.state, None), self._public_prompts(), now, waiting)

    def _public_prompts(self) -> list[Prompt]:
        assert self.referee is not None
        session = self.referee.session
        return [
            prompt for prompt in session.prompts()
            if not prompt.private and prompt.seat not in self.referee.bots
        ]

    def _refused(self, seat: int | None, reason: Text) -> None:
        self.notice(reason)

    def _storage_changed(self, fault: StoreWriteError | None) -> None:
        """The card stopped or started taking writes: every screen hears it (the keeper has logged it)."""
        if fault is None:
            self.notice(Text(N_("Saving works again: the game goes on.")))
        elif self.referee is not None:
            self.referee.refuse_everywhere(fault.short, public=fault.text)  # the seats too, and the error sound
        self.screen.changed()

    def _device(self, status: DeviceStatus) -> None:
        """A part failed or came back (the driver has logged it): the touchscreen says so."""
        kind, _, which = status.device.partition(":")
        if kind == "display" and which.isdigit():
            msgid = N_("Seat {n}'s screen is back.") if status.ok else N_("Seat {n}'s screen stopped answering; the game goes on.")
            self.notice(Text(msgid, {"n": int(which) + 1}))
        elif kind == "reader":
            self.notice(Text(N_("The card reader is back.") if status.ok else N_("The card reader stopped answering; retrying.")))

    def _board_banner(self) -> LearnBanner | None:
        """Learn as you play's banner, drawn over the board while the game goes on, never over its end
        (None): the end's explanation, queued behind the reveals, lay six seconds over the Mystery
        Express end table (which says itself what it is: right answers, telegrams, the tie-break)."""
        over = self.referee is not None and self.referee.session.over
        return self._banner if self.scene is self.board and not over else None

    def _shown_the_end(self, now: float) -> bool:
        """The game is over and its board has played its end to the last frame (nothing moves)."""
        return (self.referee is not None and self.referee.session.over and self.board is not None
                and self.scene is self.board and self.board.next_frame(now) is None)

    def _bots_only(self) -> bool:
        return self.referee is not None and len(self.referee.bots) >= self.referee.session.record.seats

    def _maybe_results(self, now: float) -> None:
        """People go on to the results with a tap when they have seen the end; a demo goes by itself."""
        if not self._bots_only() or not self._shown_the_end(now):
            return
        if self._results_at is None:
            self._results_at = now + self.plan.results_after
        elif now >= self._results_at:
            self._results_at = None
            self.results()

    def _end_game(self) -> None:
        if self.phones is not None:
            self.phones.end()  # every link of the game dies
        self.referee = None
        self.board = None
        self._results_at = None
        self._idle_seats()

    # --- seats between games --------------------------------------------------------------------

    def _toggle_bot(self, seat: int) -> None:
        scene = self.scene
        if isinstance(scene, SeatClaim) and self.lobby is not None and seat not in self.lobby.claimed:
            scene.bots ^= {seat}
            self.lobby.give_to_bot(seat, seat in scene.bots)
            self.screen.changed()

    def _claims_changed(self) -> None:
        scene = self.scene
        if self.phones is not None and self.lobby is not None:
            for seat in range(self.lobby.seats):  # a seat taken back at the table: its phone's link dies
                if self.phones.links.joined(seat) and seat not in self.lobby.phones:
                    self.phones.give_back(seat)
                elif seat in self.lobby.phones:
                    self.phones.post_state(seat, {"type": "lobby", "seat": seat, "text": Text(
                        N_("Seat {n} is yours. The game starts on the touchscreen."), {"n": seat + 1}).render()})
        if isinstance(scene, SeatClaim) and self.lobby is not None:
            scene.claimed = set(self.lobby.claimed)
            scene.bots = set(self.lobby.bots)  # a person sitting down takes the seat from its bot
            self.screen.changed()
            if self.lobby.started:  # a long press on a claimed seat: start with the default options
                self.lobby.started = False
                self.start_game(self.lobby.game_id, self.lobby.seats, self._bot_seats(self.lobby.seats), {})

    def _bot_seats(self, seats: int) -> list[int]:
        claimed = self.lobby.claimed if self.lobby is not None else set()
        return [seat for seat in range(seats) if seat not in claimed]

    def _leave_lobby(self) -> None:
        self.lobby = None
        if self.referee is None:
            self._idle_seats()

    def _close_admin(self) -> None:
        back, self._back_to = self._back_to, None
        if back is not None and back is not self.board:
            self.show(back)
        elif self.board is not None:
            self.show(self.board)
        else:
            self.attract()

    def _seats_follow(self) -> None:
        """Before a game, the seat screens say what the touchscreen asks now (`seat_hint`): a tap that
        chose the game, a new scene (the options, the resume offer) moves them on (identical frames
        cost nothing on the bus)."""
        if self.referee is not None:
            return
        if self.lobby is not None:
            hint = seat_hint(self.scene)
            detail = hint.detail if hint is not None else None
            if detail != self.lobby.hint:
                self.lobby.hint = detail
                self.lobby.draw()
        else:
            self._idle_seats()

    def _idle_seats(self, first: int = 0) -> None:
        """Seats outside a game (every seat between games) say where to look: what the touchscreen asks
        now, or to choose a game there."""
        if first == 0 and (self.lobby is not None or self.referee is not None):
            return
        hint = seat_hint(self.scene) or IDLE_HINT
        last = first or (hint.seats if hint.seats is not None else len(self.table.seats))  # the resume offer: its game's
        images = {inside: hint_image(hint if inside else SeatHint(Text(N_("Not in this game"))))
                  for inside in {part.index < last for part in self.table.seats if part.index >= first}}
        for part in self.table.seats:
            if part.index >= first:
                part.display.show(images[part.index < last])


def hint_image(hint: SeatHint) -> Image.Image:
    """A seat screen saying what the touchscreen asks (or that the seat is not in this game)."""
    detail = hint.detail.render() if hint.detail is not None else ""
    return render(Screen(hint.title.render(), (Item(hint.label.render(), detail=detail),)))


def results_hint(paint: Painter, board: object) -> None:
    """On a finished board: the whole screen answers a tap with the results, except the board's own
    targets (its log scrolls, so the last events can be read again). The pill goes where the
    board keeps room for it (`results_place(paint)`: under the Mystery Express end table), else over
    the top centre."""
    screen = paint.surface.get_rect()
    layout = paint.layout
    placing = getattr(board, "results_place", None)
    place = placing(paint) if placing is not None else None
    if place is None:
        place = pygame.Rect(layout.mm(3), layout.mm(1), screen.width - 2 * layout.mm(3), layout.mm(9))
    hint = pygame.Rect(0, 0, min(place.width, layout.mm(70)), min(place.height, layout.mm(9)))
    hint.center = place.center
    paint.box(hint, paint.theme.accent, paint.theme.ink, radius=hint.height // 2, width=max(1, layout.mm(0.4)))
    paint.text(inset(hint, layout.mm(1)), Text(N_("Tap for the results")), 4.5, paint.theme.background, title=True)
    paint.target(screen, RESULTS, below=True)  # the log's scrolling and swipes still answer
