"""`kiosk run`: the table referees a game, on real hardware or on the mock table.

Headless with every seat a bot, it plays the whole game and prints one line per leg and the result,
saving snapshots of every seat screen under `<data>/snapshots/`. The game is kept in the store under
`--data`: run the same command again after a crash or a power cut (try `--crash-after N`) and the
unfinished game resumes where it stopped and ends the same way.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from hardware.mock import build_mock_table
from hardware.table import Table, build_table
from kiosk.bots import Bot
from kiosk.bots.table_bots import table_bot
from kiosk.config import ConfigError, TableConfig, default_config, load_config
from kiosk.errors import UserError
from kiosk.games import registry
from kiosk.games.base import Event, Game
from kiosk import i18n
from kiosk.i18n import N_, Text, _
from kiosk.lobby import Lobby
from kiosk.narration import HEADLINES, narrator_for
from kiosk.seats.pages import seat_pages
from kiosk.service import ServiceNotifier, stop_on_sigterm, stop_requested
from kiosk.session import GameSession
from kiosk.store import GameRecord, GameStore
from kiosk.table import Referee


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("run", help=_("play a game"))
    parser.add_argument("--game", default="mystery-express", choices=registry.ids(), help=_("which game"))
    parser.add_argument("--seats", type=int, default=4, help=_("number of seats"))
    parser.add_argument("--bots", type=int, default=None, help=_("how many seats bots play (default: all)"))
    parser.add_argument("--seed", type=int, default=None, help=_("seed of the deal (random if absent)"))
    parser.add_argument("--data", type=Path, default=None, help=_("folder of the game store"))
    parser.add_argument("--config", default=None, help=_("table configuration file (default: table.toml)"))
    parser.add_argument("--mock", action="store_true", help=_("use the mock table instead of the hardware"))
    parser.add_argument("--headless", action="store_true", help=_("no window: print progress instead"))
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


def table_config(args: argparse.Namespace) -> TableConfig:
    try:
        config = default_config(args.seats) if args.mock and not args.config else load_config(args.config)
    except ConfigError as error:
        raise UserError("; ".join(error.problems)) from None
    if args.mock:
        config = replace(config, backend="mock")
    if len(config.seats) < args.seats:
        raise UserError(
            Text(N_("{file}: seats: {have} seats configured, the game needs {need}"),
                 {"file": config.path or "table.toml", "have": len(config.seats), "need": args.seats}).render()
        )
    return config


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
    game = checked_game(args.game, args.seats)
    if args.bots is not None and not 0 <= args.bots <= args.seats:
        raise UserError(
            Text(N_("--bots must be 0-{seats}, got {bots}"), {"seats": args.seats, "bots": args.bots}).render()
        )
    config = table_config(args)
    lang = args.lang or config.language
    i18n.set_language(lang)
    window = config.backend == "mock" and not args.headless and display_available()
    if config.backend == "mock" and not window and (args.bots or args.seats) < args.seats:
        raise UserError(_("people at a mock table need the simulator window; in headless mode every seat is a bot"))
    data = args.data or config.data_dir
    store = GameStore.open(data)
    if store.notice:
        print(f"kiosk: {store.notice}", file=sys.stderr)
    mock = build_mock_table(config) if config.backend == "mock" else None
    table = mock.table if mock is not None else build_table(config).start()
    simulator = None
    if window and mock is not None:
        from kiosk.ui.simulator import Simulator

        simulator = Simulator(mock, args.seats, game.info.names.get(lang, game.info.names["en"]))
    notifier = ServiceNotifier()
    stop_requested.clear()
    stop_on_sigterm()
    try:
        return play_at_the_table(args, store, table, simulator, data, lang, notifier)
    finally:
        notifier.stopping()
        darken(table)
        if simulator is not None:
            simulator.close()
        (mock or table).close()


def darken(table: Table) -> None:
    """On the way out: every seat screen black, the buzzer silent."""
    from PIL import Image

    for part in table.seats:
        part.display.show(Image.new("1", (128, 64), 0))
    if table.whistle is not None:
        table.whistle.stop()


def play_at_the_table(args: argparse.Namespace, store: GameStore, table: Table, simulator: Any, data: Path,
                      lang: str, notifier: ServiceNotifier) -> int:
    record = unfinished_to_resume(store, args)
    if record is None:
        bot_seats = choose_bots(args, table, simulator, notifier)
        if bot_seats is None:
            return 0  # the window was closed before the game began
        session = new_session(store, args, bot_seats)
        record = session.record
        bot_players: dict[int, Bot] = {seat: table_bot(record.game, seat, record.seed) for seat in record.bots}
    else:
        bot_players = {seat: table_bot(record.game, seat, record.seed) for seat in record.bots}
        session = GameSession.resume(store, record, bot_players)
        say(N_("Resuming game {id} after {actions} actions."), id=record.id, actions=session.actions_done)
    snapshots = data / "snapshots"
    narrator = narrator_for(record.game, session.game.view(session.state, None))

    def on_events(events: list[Event]) -> None:
        for event in events:
            if event.audience is not None:
                continue
            line = narrator.describe(event)  # every public event: the narrator learns the characters
            if line is not None and (args.narrate or event.kind in HEADLINES.get(record.game, ())):
                print(line.render(), flush=True)
            if event.kind in ("leg_start", "game_over"):
                save_snapshots(referee, snapshots, f"{record.id}-{event.kind}-{event.data.get('leg', 'end')}")
        if args.crash_after is not None and session.actions_done >= args.crash_after:
            os.kill(os.getpid(), signal.SIGKILL)  # a power cut: nothing after the stored action runs

    people = len(record.bots) < record.seats
    referee = Referee(
        session, table, lambda seat: seat_pages(record.game, narrator, lang, args.assist or table.config.assist), bot_players,
        bot_delay=max(0.0, args.bot_pause) if people else 0.0, reveal_seconds=3.0 if people else 0.0,
        on_events=on_events, show_bot_seats=table.config.backend == "mock" and not people,
    )
    referee.heartbeat = notifier.tick
    notifier.ready(f"playing game {record.id} ({record.game}, {record.seats} seats)")
    if simulator is not None:
        simulator.bots = set(record.bots)
        if not simulator.run(referee, lambda: session.over or stop_requested.is_set()):
            return 0  # the window was closed: the game stays in the store, to resume
    else:
        referee.run(stop=stop_requested.is_set, timeout=min(1.0, notifier.interval or 1.0))
    if not session.over:
        say(N_("Stopped; game {id} is kept and resumes at the next start."), id=record.id)
        return 0
    save_snapshots(referee, snapshots, f"{record.id}-final")
    outcome = session.game.outcome(session.state)
    assert outcome is not None
    print()
    score = getattr(narrator, "score", None)  # a narrator may say what its game's score counts
    for seat, points in outcome.scores.items():
        if score is not None:
            print(score(seat, points).render())
        else:
            say(N_("{seat}: {points} points"), seat=narrator.seat(seat), points=int(points))
    return 0


def choose_bots(args: argparse.Namespace, table: Table, simulator: Any, notifier: ServiceNotifier) -> list[int] | None:
    """The seats bots play: as asked, or all of them headless on the mock table, or every seat nobody
    claimed in the lobby. None if the window was closed during the lobby."""
    if args.bots is not None:
        return list(range(args.seats - args.bots, args.seats))
    if table.config.backend == "mock" and simulator is None:
        return list(range(args.seats))
    lobby = Lobby(table, args.game, args.seats, heartbeat=notifier.tick)
    notifier.ready("waiting for players")
    say(N_("Waiting for players: press select on your seat, then hold it to start."))
    if simulator is not None:
        if not simulator.run(lobby, lambda: lobby.started or stop_requested.is_set()):
            return None
    else:
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

    folder.mkdir(parents=True, exist_ok=True)
    for seat in range(referee.session.record.seats):
        image = render(referee.screen_of(seat)).convert("L").resize((512, 256))
        image.save(folder / f"{name}-seat{seat + 1}.png")


def game_options(pairs: list[str]) -> dict[str, Any]:
    """`NAME=VALUE` pairs; true/false and whole numbers are read as such, anything else as text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sign, text = pair.partition("=")
        if not sign or not name:
            raise UserError(Text(N_("--option takes NAME=VALUE, got {pair!r}"), {"pair": pair}).render())
        value: Any = {"true": True, "false": False}.get(text.lower(), text)
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        options[name.strip()] = value
    return options


def new_session(store: GameStore, args: argparse.Namespace, bot_seats: list[int]) -> GameSession:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = registry.get(args.game)
    options = game_options(args.option)
    try:
        game.info.resolve_options(options)  # refused before anything is stored
    except ValueError as error:
        raise UserError(str(error)) from None
    say(N_("{game}: {seats} seats, {bots} played by bots, seed {seed}"),
        game=game.info.names["en"], seats=args.seats, bots=len(bot_seats), seed=seed)
    return GameSession.start(store, args.game, args.seats, seed, options, bots=bot_seats)


def unfinished_to_resume(store: GameStore, args: argparse.Namespace) -> GameRecord | None:
    """An unfinished game of the kind asked for is resumed; one of another kind is set aside, saying so."""
    unfinished = store.unfinished()
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
