"""`kiosk run`: until the table exists, bots play a whole game in the terminal, narrated in public.

The game is kept in the store under `--data`: run the same command again after a crash or a power cut
(try `--crash-after N`) and the unfinished game resumes where it stopped and ends the same way.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
from pathlib import Path
from typing import Any

from kiosk.errors import UserError
from kiosk.games import registry
from kiosk.headless import play, random_bots
from kiosk.i18n import N_, Text, _
from kiosk.narration import narrator_for
from kiosk.session import GameSession
from kiosk.store import GameRecord, GameStore


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("run", help=_("play a game"))
    parser.add_argument("--game", default="mystery-express", choices=registry.ids(), help=_("which game"))
    parser.add_argument("--seats", type=int, default=4, help=_("number of seats"))
    parser.add_argument("--seed", type=int, default=None, help=_("seed of the deal (random if absent)"))
    parser.add_argument("--data", type=Path, default=Path("var"), help=_("folder of the game store"))
    parser.add_argument(
        "--crash-after", type=int, default=None, metavar="N",
        help=_("kill the process right after the Nth stored action (to test power cuts)"),
    )
    parser.set_defaults(handler=run)


def say(msgid: str, **params: Any) -> None:
    print(Text(msgid, params).render())


def run(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    if not game.info.min_seats <= args.seats <= game.info.max_seats:
        raise UserError(
            Text(
                N_("--seats must be {low}-{high} for this game, got {seats}"),
                {"low": game.info.min_seats, "high": game.info.max_seats, "seats": args.seats},
            ).render()
        )
    store = GameStore.open(args.data)
    if store.notice:
        print(f"kiosk: {store.notice}", file=sys.stderr)
    record = unfinished_to_resume(store, args)
    if record is not None:
        bots = random_bots(record.seats, record.seed)
        session = GameSession.resume(store, record, dict(enumerate(bots)))
        say(N_("Resuming game {id} after {actions} actions."), id=record.id, actions=session.actions_done)
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        session = GameSession.start(store, args.game, args.seats, seed, {}, bots=list(range(args.seats)))
        bots = random_bots(args.seats, seed)
        say(N_("{game}: {seats} seats played by bots, seed {seed}"), game=game.info.names["en"], seats=args.seats, seed=seed)
    narrator = narrator_for(session.record.game, session.game.view(session.state, None))
    for step in play(session.game, session.state, bots, apply=session.apply):
        for event in step.events:
            if event.audience is None and (line := narrator.describe(event)) is not None:
                prefix = "\n" if event.kind == "leg_start" else ""
                print(prefix + line.render(), flush=args.crash_after is not None)
        if args.crash_after is not None and session.actions_done == args.crash_after:
            os.kill(os.getpid(), signal.SIGKILL)
    outcome = session.game.outcome(session.state)
    assert outcome is not None
    print()
    for seat, points in outcome.scores.items():
        say(N_("{seat}: {points} correct"), seat=narrator.seat(seat), points=int(points))
    return 0


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
