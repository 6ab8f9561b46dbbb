"""`kiosk history` lists the games in the store; `kiosk replay ID` prints a finished game's public log."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from kiosk.commands.case_folder import use_configured_cases_folder
from kiosk.errors import UserError
from kiosk.games import registry
from kiosk.i18n import N_, Text, _, counted
from kiosk.referee.narration import narrator_for
from kiosk.referee.session import GameSession, ReplayMismatch
from kiosk.store import GameRecord, GameStore


def register(subparsers: Any) -> None:
    history = subparsers.add_parser("history", help=_("list the games played at this table"))
    history.add_argument("--data", type=Path, default=Path("var"), help=_("folder of the game store"))
    history.add_argument("--json", action="store_true", help=_("print JSON, oldest game first"))
    history.set_defaults(handler=show_history)
    replay = subparsers.add_parser("replay", help=_("print the public log of a finished game"))
    replay.add_argument("id", type=int, help=_("game number, as `kiosk history` shows it"))
    replay.add_argument("--data", type=Path, default=Path("var"), help=_("folder of the game store"))
    replay.set_defaults(handler=show_replay)


def open_store(data: Path) -> GameStore:
    if not (data / GameStore.FILENAME).exists():
        raise UserError(Text(N_("no game store in {folder}"), {"folder": str(data)}).render())
    return GameStore.open(data)


def show_history(args: argparse.Namespace) -> int:
    store = open_store(args.data)
    games = store.games()
    pruned = store.pruned()
    if args.json:
        print(json.dumps([{**g.to_json(), "pruned": g.id in pruned} for g in games], indent=2))
        return 0
    if not games:
        print(_("No games yet."))
    for record in games:
        print(summary(record, record.id in pruned))
    return 0


def summary(record: GameRecord, pruned: bool = False) -> str:
    started = time.strftime("%Y-%m-%d %H:%M", time.localtime(record.started))
    name = registry.get(record.game).info.names["en"] if record.game in registry.ids() else record.game
    if record.problem is not None:
        result = Text(N_("cannot be read"))
    elif record.finished is None:
        result = Text(N_("unfinished"))
    elif record.outcome is not None and record.outcome.get("reason"):
        result = Text(N_("set aside: it could not be replayed"))
    elif record.outcome is None or record.outcome.get("abandoned"):
        result = Text(N_("set aside"))
    else:
        seats = ", ".join(str(int(w) + 1) for w in record.outcome["winners"])
        result = counted("won by seat {seats}", "won by seats {seats}", len(record.outcome["winners"]), seats=seats)
    line = N_("#{id} {started} {game}, {players} seats, seed {seed}: {result}")
    params = {"id": record.id, "started": started, "game": name, "players": record.seats, "seed": record.seed}
    if pruned:  # an old game: its result is kept, its moves were pruned to keep the card from filling
        result = Text(N_("{result} (moves pruned)"), {"result": result})
    return Text(line, {**params, "result": result}).render()


def show_replay(args: argparse.Namespace) -> int:
    store = open_store(args.data)
    record = store.game(args.id)
    if record is None:
        raise UserError(Text(N_("no game {id} in the store"), {"id": args.id}).render())
    if record.id in store.pruned():
        raise UserError(Text(N_("game {id} is old: its moves were pruned (store.keep_games, store.keep_days in "
                                "table.toml); only its result is kept"), {"id": args.id}).render())
    if record.game not in registry.ids():
        raise UserError(Text(N_("game {id} is a {game!r} game, which this kiosk does not know; expected one of {known}"),
                             {"id": args.id, "game": record.game, "known": ", ".join(registry.ids())}).render())
    use_configured_cases_folder()
    try:
        session = GameSession.replay(store, record)
    except ReplayMismatch as error:
        message = Text(N_("game {id} cannot be replayed: {reason}"), {"id": args.id, "reason": error.reason})
        raise UserError(message.render()) from None
    if record.finished is None or not record.outcome or record.outcome.get("abandoned"):
        raise UserError(Text(N_("game {id} did not finish: only finished games are replayed"), {"id": args.id}).render())
    game = session.game
    start = game.start(record.seats, record.seed, game.info.stored_options(record.options))
    narrator = narrator_for(record.game, game.view(start, None))
    print(summary(record))
    for event in session.replayed:
        if event.audience is None and (line := narrator.describe(event)) is not None:
            print(line.render())
    return 0
