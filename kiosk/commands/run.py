"""`kiosk run`: the table referees a game, on real hardware or on the mock table.

Headless with every seat a bot, it plays the whole game and prints one line per leg and the result,
saving snapshots of every seat screen under `<data>/snapshots/` (only the last run's are kept). With
people at the table nothing of a seat screen is ever written: it holds a private hand. The game is
kept in the store under `--data`: run the same command again after a crash or a power cut (try
`--crash-after N`) and the unfinished game resumes where it stopped and ends the same way.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import re
import signal
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path
from collections.abc import Callable
from typing import Any, TypeVar

from hardware.sim.mock_table import build_mock_table
from hardware.table import Table, build_table
from kiosk.bots import Bot
from kiosk.bots.table_bots import table_bot
from kiosk.config import ConfigError, TableConfig, config_path, default_config, load_config, parse_size
from kiosk.commands.case_folder import use_cases_folder
from kiosk.commands.folders import folder_to_write
from kiosk.errors import UserError
from kiosk.games import registry
from kiosk.games.base import Event, Game
from kiosk import i18n
from kiosk.i18n import N_, AsIs, Text, _, counted
from kiosk.referee.lobby import Lobby
from kiosk.fleet.beacon import Beacon, start_beacon
from kiosk.fleet.control import Controls
from kiosk.referee.narration import HEADLINES, narrator_for
from kiosk.seats.pages import seat_pages
from kiosk.appliance.service import ServiceNotifier, stop_on_sigterm, stop_requested
from kiosk.referee.session import GameSession, ReplayMismatch, resumable, set_aside
from kiosk.appliance.storage import PROBE_EVERY, StorageKeeper
from kiosk.store import GameRecord, GameStore, StoreWriteError
from kiosk.referee.phone_links import links_for_game, waiting_links
from kiosk.referee.table import Referee
from kiosk.web.seat_feed import PhoneSeats
from kiosk.web.start import NoPhones, PhoneSeatsService, phones_off, start_phones


log = logging.getLogger("kiosk")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("run", help=_("play a game"))
    parser.add_argument(
        "--game", default=None, choices=registry.ids(),
        help=_("which game (default: chosen on the touchscreen; headless: mystery-express)"),
    )
    parser.add_argument("--seats", type=int, default=None, help=_("number of players (default 4)"))
    parser.add_argument("--bots", type=int, default=None, help=_("how many seats bots play (default: all)"))
    parser.add_argument("--seed", type=int, default=None, help=_("seed of the deal (random if absent)"))
    parser.add_argument("--data", type=Path, default=None, help=_("folder of the game store"))
    parser.add_argument("--config", default=None, help=_("table configuration file (default: table.toml)"))
    parser.add_argument("--mock", action="store_true", help=_("use the mock table instead of the hardware"))
    parser.add_argument("--headless", action="store_true", help=_("no window: print progress instead"))
    parser.add_argument(
        "--screen", default=None, metavar="WIDTHxHEIGHT",
        help=_("touchscreen size, e.g. 800x480, 1024x600, 1280x720, 720x1280 (default: table.toml, else 800x480)"),
    )
    parser.add_argument(
        "--phone-seats", type=int, default=None, metavar="N",
        help=_("add N seats with no station, played on a phone only (their links: on the touchscreen, or printed "
               "headless); people take them before the stations"),
    )
    parser.add_argument(
        "--port", type=int, default=None, metavar="N",
        help=_("the port of the phone seats' web server (default: table.toml's [web] port, else 8080)"),
    )
    parser.add_argument("--narrate", action="store_true", help=_("print every public event, not only legs"))
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help=_("a game option (repeatable), e.g. --option case=thornbury-clock"),
    )
    parser.add_argument(
        "--assist", action="store_true", help=_("Mystery Express: journals mark what each seat can rule out")
    )
    parser.add_argument(
        "--bot-pause", type=float, default=0.8, metavar="SECONDS",
        help=_("how long a bot waits before it answers when people play"),
    )
    parser.add_argument(
        "--crash-after", type=int, default=None, metavar="N",
        help=_("kill the process right after the Nth stored action (to test power cuts)"),
    )
    parser.set_defaults(handler=run)


def say(msgid: str, **params: Any) -> None:
    print(Text(msgid, params).render(), flush=True)


MOCK_TABLE_SEATS = 5  # the simulator's stations when the game is chosen on its touchscreen
MAX_SEATS = 7  # seats at one table, stations and phone-only seats together (DESIGN: up to 7)


def table_config(args: argparse.Namespace, seats: int | None) -> TableConfig:
    """The table to run on; `seats`: how many seats the game needs (None: chosen on the touchscreen,
    among the seats the table has)."""
    path = config_path(args.config)  # --config, else $MYSTERY_TABLE_CONFIG, else ./table.toml if there is one
    phone_seats = args.phone_seats or 0
    if not 0 <= phone_seats <= MAX_SEATS - 1:
        raise UserError(Text(N_("--phone-seats must be 0-{high}, got {n}"), {"high": MAX_SEATS - 1, "n": phone_seats}).render())
    if args.port is not None and not 1 <= args.port <= 65535:
        raise UserError(Text(N_("--port must be 1-65535, got {port}"), {"port": args.port}).render())
    try:
        if args.mock and path is None:  # the simulator's stations: what the phone-only seats leave of the table
            stations = (seats or min(MOCK_TABLE_SEATS + phone_seats, MAX_SEATS)) - phone_seats
            config = default_config(max(1, stations))
        else:
            config = load_config(path)
    except ConfigError as error:
        raise UserError("; ".join(error.problems)) from None
    if args.mock:
        config = replace(config, backend="mock")
    if args.port is not None:
        config = replace(config, web=replace(config.web, port=args.port))
    if phone_seats:
        config = with_phone_seats(config, phone_seats)
    if seats is not None and config.seat_count < seats:
        raise UserError(
            Text(N_("{file}: seats: {have} seats configured, the game needs {need}"),
                 {"file": config.path or "table.toml", "have": config.seat_count, "need": seats}).render()
        )
    return config


def with_phone_seats(config: TableConfig, count: int) -> TableConfig:
    """The table with `count` more phone-only seats (--phone-seats), if it has room for them and phones."""
    if config.seat_count + count > MAX_SEATS:
        raise UserError(Text(N_("--phone-seats {n}: the table has {have} seats already, expected at most {max} in all"),
                             {"n": count, "have": config.seat_count, "max": MAX_SEATS}).render())
    if not config.web.enabled and config.off_because("web") is None:
        raise UserError(Text(N_("--phone-seats needs the phone server: set [web] enabled = true in {file}"),
                             {"file": config.path or "table.toml"}).render())
    return replace(config, phone_seats=config.phone_seats + count)


def checked_game(game_id: str, seats: int) -> Game[Any]:
    """The game asked for, if it can be played with that many seats."""
    game = registry.get(game_id)
    if not game.info.min_seats <= seats <= game.info.max_seats:
        raise UserError(
            Text(
                N_("--seats must be {low}-{high} for this game, got {seats}"),
                {"low": game.info.min_seats, "high": game.info.max_seats, "seats": seats},
            ).render()
        )
    return game


def run(args: argparse.Namespace) -> int:
    if args.game is not None or args.headless or not args.mock:  # a seat count that means players
        checked_game(args.game or "mystery-express", args.seats or 4)
    config = table_config(args, args.seats or (4 if args.headless else None))
    use_cases_folder(config)
    touch = touchscreen_wanted(args, config)
    if not touch or args.game is not None:
        args.game = args.game or "mystery-express"
        args.seats = args.seats or 4
        checked_game(args.game, args.seats)
    if args.bots is not None and not 0 <= args.bots <= (args.seats or 0):
        raise UserError(
            Text(N_("--bots must be 0-{seats}, got {bots}"), {"seats": args.seats, "bots": args.bots}).render()
        )
    lang = args.lang or config.language
    i18n.set_language(lang)
    # People at a headless mock table play on phones only: without them nobody could, so it stops.
    phones_needed = not touch and config.backend == "mock" and args.bots is not None and args.bots < args.seats
    no_phones = phones_off(config)
    if phones_needed and no_phones is not None:
        raise no_way_to_play(no_phones, args)
    for section in config.off:  # the terminal, or the journal under systemd
        log.warning("[%s] is off, the table plays without it: %s", section.section, "; ".join(section.problems))
    # SIGTERM is ours before anything is started that says the table is up (the broker's "online"):
    # one that comes early only asks the loop to stop at its first turn.
    stop_requested.clear()
    power_off_requested.clear()
    restart_requested.clear()
    stop_on_sigterm()
    data = args.data or config.data_dir
    store = GameStore.open(folder_to_write(data))
    clear_snapshots(data / "snapshots")  # the last run's pictures go (an older kiosk left people's hands there)
    if store.notice:
        print(f"kiosk: {store.notice}", file=sys.stderr)
    keeper = StorageKeeper(store, config.store, data, on_change=storage_changed)
    log.info("kiosk started: %s table, %s, data in %s", config.backend, "touchscreen" if touch else "headless", data)
    mock = build_mock_table(config) if config.backend == "mock" else None
    table = mock.table if mock is not None else build_table(config).start()
    people_may_play = touch or (args.bots is not None and args.bots < (args.seats or 0)) or config.backend != "mock"
    phones = None
    if people_may_play and no_phones is None:
        phones, no_phones = start_phones(config, table.events, waiting_links(store))
        if no_phones is not None and not phones_needed:  # it cannot listen
            log.warning("%s; the table plays without phone seats", no_phones.said())
    # The café's broker, if any: never waited on. A section with a mistake is off, not gone: the
    # table's Home Assistant entities stay (a table without [mqtt] takes them away). Started after
    # the phone seats, whose server is the device's page in Home Assistant.
    beacon = (start_beacon(config, table, store, lang, data, phones.hub.base_url if phones is not None else None, touch)
              if config.off_because("mqtt") is None else None)
    notifier = ServiceNotifier()
    window: Any = None
    try:
        if phones_needed and no_phones is not None:  # it cannot listen
            raise no_way_to_play(no_phones, args)
        if touch:
            window = open_window(args, config, mock)
            status = play_on_the_touchscreen(args, store, table, window, data, lang, notifier, keeper, beacon, phones,
                                             no_phones)
        else:
            status = play_at_the_table(args, store, table, data, lang, notifier, keeper, beacon, phones)
    finally:
        if restart_requested.is_set():
            notifier.status("restarting")  # the same process comes back: not a stop for systemd
        else:
            notifier.stopping()
        if phones is not None:
            phones.close()
        darken(table)
        if window is not None:
            window.close()
        (mock or table).close()
        if beacon is not None:
            beacon.close()  # last: the table is dark before the broker gets its few seconds
    if power_off_requested.is_set() and config.backend != "mock":  # the simulator never powers its machine off
        power_off()
    elif restart_requested.is_set():
        restart()
    return status


def no_way_to_play(why: NoPhones, args: argparse.Namespace) -> UserError:
    """A headless mock table whose people have no phone seats: nobody could play their seats (it
    would wait for ever), so it stops at once and says what to change."""
    people = args.seats - (args.bots or 0)
    return UserError(counted(
        "{why}; {count} seat is left to a person, who can only play it on a phone at a headless mock table: "
        "{fix}, play in the simulator window (without --headless), or let bots play every seat (--bots {seats})",
        "{why}; {count} seats are left to people, who can only play them on phones at a headless mock table: "
        "{fix}, play in the simulator window (without --headless), or let bots play every seat (--bots {seats})",
        people, why=why.said(), fix=why.fix, seats=args.seats).render())


def staff_report(config: TableConfig, beacon: Beacon | None, phones: PhoneSeatsService | None,
                 no_phones: NoPhones | None) -> Callable[[], list[Text]]:
    """The table's optional parts as the staff menu shows them, a line each: the café's broker
    (connected, trying and why, or off and why) and the phone seats (listening where, or off and why)."""

    def lines() -> list[Text]:
        off = config.off_because("mqtt")
        if off is not None:
            broker = Text(N_("Broker: off: {mistake}"), {"mistake": off.summary()})
        elif beacon is None:
            broker = Text(N_("Broker: off (table.toml has no [mqtt] section)"))
        else:
            broker = Text(N_("Broker: {state}"), {"state": beacon.link.status()})
        if phones is not None:
            web = Text(N_("Phone seats: listening at {url}"), {"url": AsIs(phones.hub.base_url)})
        else:
            web = Text(N_("Phone seats: off: {detail}"), {"detail": no_phones.detail if no_phones is not None else ""})
        return [broker, web]

    return lines


power_off_requested = threading.Event()  # the admin menu's "shut down": after the table is dark
restart_requested = threading.Event()  # the café's "restart the kiosk" (MQTT): after the table is dark


def request_restart() -> None:
    """Stop as SIGTERM does (the write in progress finishes, the seats go dark), then start again."""
    restart_requested.set()
    stop_requested.set()


def restart() -> None:
    """The kiosk starts again in this process, with the same command line: under systemd it stays the
    service's main process (READY again, the watchdog's pings resume), in the simulator the window comes back."""
    log.info("restarting the kiosk")
    logging.shutdown()
    os.execv(sys.executable, [sys.executable, "-m", "kiosk.cli", *sys.argv[1:]])


def touchscreen_controls(app: Any) -> Controls:
    """What the café may ask over MQTT of a table with its touchscreen: the admin menu's own actions.
    (And what it shows: the featured game, the game waiting on the resume offer.)"""
    from kiosk.ui.scenes.resume import ResumeOffer

    return Controls(
        in_play=lambda: app.referee is not None and not app.referee.session.over,
        end_game=app.end_game, restart=request_restart, feature=app.feature, featured=lambda: app.featured,
        resumable=lambda: app.scene.game_id if isinstance(app.scene, ResumeOffer) else None,
    )


def power_off() -> None:
    """Shut the Pi down (install.sh's polkit rule lets the kiosk user); a failure is logged, not raised."""
    try:
        subprocess.run(["systemctl", "poweroff"], check=True, capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as error:
        log.error("could not power off: %s", error)


def touchscreen_wanted(args: argparse.Namespace, config: TableConfig) -> bool:
    """The touchscreen runs unless asked to be headless: the simulator window on the mock table where
    a display exists, full screen on the real table."""
    if args.headless:
        return False
    return config.backend != "mock" or display_available()


def open_window(args: argparse.Namespace, config: TableConfig, mock: Any) -> Any:
    os.environ.setdefault("SDL_TOUCH_MOUSE_EVENTS", "0")  # a tap is one finger event, not also a click
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # SIGTERM stays ours: finish the write, darken the seats
    size = screen_size(args.screen) if args.screen else config.screen_size
    if mock is None:
        from kiosk.ui.fullscreen import FullScreen

        return FullScreen(size)
    from kiosk.ui.simulator import Simulator

    return Simulator(mock, _("Mystery Table"), size or (800, 480))


def screen_size(text: str) -> tuple[int, int]:
    size = parse_size(text)
    if size is None:
        raise UserError(Text(N_("--screen takes WIDTHxHEIGHT such as 800x480, got {text!r}"), {"text": text}).render())
    return size


def play_on_the_touchscreen(args: argparse.Namespace, store: GameStore, table: Table, window: Any, data: Path,
                            lang: str, notifier: ServiceNotifier, keeper: StorageKeeper,
                            beacon: Beacon | None = None, phones: PhoneSeatsService | None = None,
                            no_phones: NoPhones | None = None) -> int:
    from kiosk.ui import loop
    from kiosk.ui.app import App, Plan
    from kiosk.ui.scene import Touchscreen

    plan = Plan(
        game=args.game, seats=args.seats, bots=args.bots, seed=args.seed, options=game_options(args.option, args.game),
        bot_pause=args.bot_pause, assist=args.assist,
    )
    reporter = EventReporter(args, None)  # people play here: their seat screens stay off the disk
    app = App(table, store, Touchscreen(window.touch, lang), table.config, plan, on_game_event=reporter.report,
              on_quit=power_off_requested.set, keeper=keeper, phones=phones.hub if phones is not None else None,
              no_phones=no_phones.brief if no_phones is not None else None,
              staff_report=staff_report(table.config, beacon, phones, no_phones))
    if phones is not None and hasattr(window, "links"):
        window.links = phones.hub.url
    reporter.referee = lambda: app.referee
    if beacon is not None:
        beacon.controls = touchscreen_controls(app)
    if hasattr(window, "current_game"):
        window.current_game = lambda: app.game_id
        window.current_case = lambda: app.case_id
    first = True

    def heartbeat() -> None:
        nonlocal first
        if first:  # the hardware is up and the first frame is on the screen
            notifier.ready("touchscreen up")
            first = False
        notifier.tick()
        if beacon is not None:
            beacon.watch(app.referee.session if app.referee is not None else None)
        if hasattr(window, "bots"):
            window.bots = set(app.referee.bots) if app.referee is not None else set()

    closed = not loop.run(app, window, stop=stop_requested.is_set, heartbeat=heartbeat)
    if closed or app.referee is not None and not app.referee.session.over:
        if app.referee is not None:
            say(N_("Stopped; game {id} is kept and resumes at the next start."), id=app.referee.session.record.id)
    return 0


class EventReporter:
    """The terminal and the journal's side of a game: one line per headline event (every public event
    with --narrate), snapshots of the seat screens at each leg and at the end (into `snapshots`, for a
    game of bots only: None where people play), and the power-cut test."""

    def __init__(self, args: argparse.Namespace, snapshots: Path | None) -> None:
        self.args = args
        self.snapshots = snapshots
        self.narrators: dict[int, Any] = {}
        self.referee: Callable[[], Referee | None] = lambda: None

    def narrator(self, session: GameSession) -> Any:
        """The game's narrator, which learns names (the characters, say) from the events it hears."""
        record = session.record
        if record.id not in self.narrators:
            self.narrators[record.id] = narrator_for(record.game, session.game.view(session.state, None))
        return self.narrators[record.id]

    def report(self, session: GameSession, events: list[Event]) -> None:
        record = session.record
        narrator = self.narrator(session)
        referee = self.referee()
        for event in events:
            if event.audience is not None:
                continue
            line = narrator.describe(event)  # every public event: the narrator learns the characters
            if line is not None and (self.args.narrate or event.kind in HEADLINES.get(record.game, ())):
                print(line.render(), flush=True)
            if event.kind in ("leg_start", "game_over") and referee is not None and self.snapshots is not None:
                save_snapshots(referee, self.snapshots, f"{record.id}-{event.kind}-{event.data.get('leg', 'end')}")
        if self.args.crash_after is not None and session.actions_done >= self.args.crash_after:
            os.kill(os.getpid(), signal.SIGKILL)  # a power cut: nothing after the stored action runs


def darken(table: Table) -> None:
    """On the way out: every seat screen black, the buzzer silent."""
    from PIL import Image

    for part in table.seats:
        part.display.show(Image.new("1", (128, 64), 0))
    if table.whistle is not None:
        table.whistle.stop()


def storage_changed(fault: StoreWriteError | None) -> None:
    """Headless: the terminal hears once when the card stops taking writes, and once when it takes them again."""
    print((fault.text if fault is not None else Text(N_("Saving works again: the game goes on."))).render(), flush=True)


class Stopped(Exception):
    """The kiosk was asked to stop while it waited for the card to take a write."""


T = TypeVar("T")


def stored(work: Callable[[], T], keeper: StorageKeeper, notifier: ServiceNotifier) -> T:
    """Headless: a write the card does not take is tried again every few seconds until it works (the
    table keeps running and says why), or until the kiosk is stopped (`Stopped`)."""
    while True:
        try:
            return work()
        except StoreWriteError:
            keeper.check()
            notifier.tick()
            if stop_requested.wait(min(PROBE_EVERY, notifier.interval or PROBE_EVERY)):
                raise Stopped from None


def play_at_the_table(args: argparse.Namespace, store: GameStore, table: Table, data: Path,
                      lang: str, notifier: ServiceNotifier, keeper: StorageKeeper, beacon: Beacon | None = None,
                      phones: PhoneSeatsService | None = None) -> int:
    """Headless: bots play every seat on the mock table (or people at a real table without a screen),
    with progress on the terminal."""
    try:
        return referee_at_the_table(args, store, table, data, lang, notifier, keeper, beacon, phones)
    except Stopped:
        return 0


def referee_at_the_table(args: argparse.Namespace, store: GameStore, table: Table, data: Path,
                         lang: str, notifier: ServiceNotifier, keeper: StorageKeeper, beacon: Beacon | None = None,
                         phones: PhoneSeatsService | None = None) -> int:
    keeper.tidy()
    record = stored(lambda: unfinished_to_resume(store, args), keeper, notifier)
    if record is None:
        bot_seats = choose_bots(args, table, notifier)
        if bot_seats is None:
            return 0  # stopped before the game began
        session = stored(lambda: new_session(store, args, bot_seats), keeper, notifier)
        record = session.record
        bot_players: dict[int, Bot] = {seat: table_bot(record.game, seat, record.seed) for seat in record.bots}
    else:
        bot_players = {seat: table_bot(record.game, seat, record.seed) for seat in record.bots}
        try:
            session = GameSession.resume(store, record, bot_players)
        except ReplayMismatch as error:  # its bots no longer choose what was stored
            stored(lambda: set_aside(store, error), keeper, notifier)
            say(N_("The unfinished game {id} cannot be resumed and is set aside: {reason}"),
                id=record.id, reason=error.reason)
            return referee_at_the_table(args, store, table, data, lang, notifier, keeper, phones=phones)
        print(counted("Resuming game {id} after {count} action.", "Resuming game {id} after {count} actions.",
                      session.actions_done, id=record.id).render(), flush=True)
    people = len(record.bots) < record.seats
    if phones is not None:
        links_for_game(phones.hub, store, record)
        for seat in range(record.seats):
            if seat not in record.bots:  # one line each, for scripts that join
                print(Text(N_("seat {n}: {url}"), {"n": seat + 1, "url": phones.hub.url(seat)}).render(), flush=True)
    reporter = EventReporter(args, None if people else data / "snapshots")
    narrator = reporter.narrator(session)
    referee = Referee(
        session, table, lambda seat: seat_pages(record.game, narrator, lang, args.assist or table.config.assist), bot_players,
        bot_delay=max(0.0, args.bot_pause) if people else 0.0, reveal_seconds=3.0 if people else 0.0,
        on_events=lambda events: reporter.report(session, events),
        show_bot_seats=table.config.backend == "mock" and not people,
        phones=PhoneSeats(phones.hub) if phones is not None else None,
    )
    reporter.referee = lambda: referee

    def heartbeat() -> None:
        notifier.tick()
        keeper.check()  # a card at fault is probed; a bot's unsaved move is tried again by the referee
        if beacon is not None:
            beacon.watch(session)

    referee.heartbeat = heartbeat
    if beacon is not None:  # no admin menu without a touchscreen: only a restart
        beacon.controls = Controls(in_play=lambda: not session.over, restart=request_restart)

    def seats_hear(fault: StoreWriteError | None) -> None:
        storage_changed(fault)
        if fault is not None:
            referee.refuse_everywhere(fault.short)  # people at a table without a touchscreen see it too

    keeper.on_change = seats_hear
    notifier.ready(f"playing game {record.id} ({record.game}, {record.seats} seats)")
    referee.run(stop=stop_requested.is_set, timeout=min(1.0, notifier.interval or 1.0))
    if beacon is not None:
        beacon.watch(session)  # the end, or where it stopped
    if phones is not None and session.over:
        phones.hub.end()  # every link of the game dies, in the store too
    if not session.over:
        say(N_("Stopped; game {id} is kept and resumes at the next start."), id=record.id)
        return 0
    if reporter.snapshots is not None:
        save_snapshots(referee, reporter.snapshots, f"{record.id}-final")
    outcome = session.game.outcome(session.state)
    assert outcome is not None
    print()
    score = getattr(narrator, "score", None)  # a narrator may say what its game's score counts
    for seat, points in outcome.scores.items():
        if score is not None:
            print(score(seat, points).render())
        else:
            print(counted("{seat}: {count} point", "{seat}: {count} points", int(points), seat=narrator.seat(seat)).render())
    return 0


def choose_bots(args: argparse.Namespace, table: Table, notifier: ServiceNotifier) -> list[int] | None:
    """The seats bots play: as asked, or all of them on the mock table, or every seat nobody claimed
    with the seat buttons (a real table run headless). None if stopped during the lobby."""
    if args.bots is not None:
        if table.config.phone_seats:  # people take the phone-only seats (numbered last) before the stations
            return list(range(args.bots))
        return list(range(args.seats - args.bots, args.seats))
    if table.config.backend == "mock":
        return list(range(args.seats))
    lobby = Lobby(table, args.game, args.seats, heartbeat=notifier.tick)
    notifier.ready("waiting for players")
    say(N_("Waiting for players: press ● on your seat, then hold it to start."))
    while not lobby.started and not stop_requested.is_set():
        lobby.pump(timeout=min(1.0, notifier.interval or 1.0))
    if stop_requested.is_set():
        return None
    return [seat for seat in range(args.seats) if seat not in lobby.claimed]


def display_available() -> bool:
    """A window can open: an X or Wayland display, or a video driver chosen for SDL by hand."""
    return any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def save_snapshots(referee: Referee, folder: Path, name: str) -> None:
    from kiosk.seats.screen import render

    try:
        folder.mkdir(parents=True, exist_ok=True)
        for seat in range(referee.session.record.seats):
            image = render(referee.screen_of(seat)).convert("L").resize((512, 256))
            image.save(folder / f"{name}-seat{seat + 1}.png")
    except OSError as error:  # a full or read-only card costs the snapshots, never the game
        log.warning("snapshots %s not saved: %s", name, error.strerror or error)


# What `save_snapshots` and the demo's board camera write, and nothing else: a folder is cleaned of these.
SNAPSHOT_NAME = re.compile(r"(\d+-.+-seat\d+|board-.+-\d+x\d+)\.png")


def clear_snapshots(folder: Path) -> None:
    """Delete the seat and board snapshots a previous run left in `folder` (other files stay). A card
    that cannot delete (read-only) is logged: the kiosk starts anyway."""
    try:
        if folder.is_dir():
            for path in folder.iterdir():
                if SNAPSHOT_NAME.fullmatch(path.name) and path.is_file():
                    path.unlink()
    except OSError as error:
        log.warning("could not clear the old snapshots in %s: %s", folder, error)


def game_options(pairs: list[str], game: str | None = None) -> dict[str, Any]:
    """`NAME=VALUE` pairs; true/false and whole numbers are read as such, anything else as text. A Watson
    & Holmes case may be named by its file as well as its id (`case=tutorial-lamplighter`, the file of
    `lamplighter`: refused to playWH21's newcomer, who had it from the folder's listing)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sign, text = pair.partition("=")
        if not sign or not name:
            raise UserError(Text(N_("--option takes NAME=VALUE, got {pair!r}"), {"pair": pair}).render())
        value: Any = {"true": True, "false": False}.get(text.lower(), text)
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        options[name.strip()] = value
    if game == "watson-holmes" and isinstance(options.get("case"), str):
        from kiosk.games.watson_holmes.library import case_id_of

        options["case"] = case_id_of(options["case"])
    return options


def new_session(store: GameStore, args: argparse.Namespace, bot_seats: list[int]) -> GameSession:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = registry.get(args.game)
    options = game_options(args.option, args.game)
    try:
        game.info.resolve_options(options)  # refused before anything is stored
    except ValueError as error:
        raise UserError(str(error)) from None
    session = GameSession.start(store, args.game, args.seats, seed, options, bots=bot_seats)
    say(N_("{game}: {seats} seats, {bots} played by bots, seed {seed}"),
        game=game.info.names["en"], seats=args.seats, bots=len(bot_seats), seed=seed)
    return session


def unfinished_to_resume(store: GameStore, args: argparse.Namespace) -> GameRecord | None:
    """An unfinished game of the kind asked for is resumed; one of another kind is set aside, saying so."""
    unfinished = resumable(store)  # a game that cannot be replayed is set aside, never fatal
    if unfinished is None:
        return None
    if unfinished.game == args.game and unfinished.seats == args.seats and args.seed in (None, unfinished.seed):
        return unfinished
    store.abandon(unfinished.id)
    say(
        N_("The unfinished game {id} ({game}, {seats} seats) is set aside."),
        id=unfinished.id, game=unfinished.game, seats=unfinished.seats,
    )
    return None
