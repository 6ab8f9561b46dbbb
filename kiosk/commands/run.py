"""`kiosk run`: until the table exists, bots play a whole game in the terminal, narrated in public."""

from __future__ import annotations

import argparse
import random
from typing import Any

from kiosk.errors import UserError
from kiosk.games import registry
from kiosk.headless import play, random_bots
from kiosk.i18n import _, N_, Text
from kiosk.narration import narrator_for


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("run", help=_("play a game"))
    parser.add_argument("--game", default="mystery-express", choices=registry.ids(), help=_("which game"))
    parser.add_argument("--seats", type=int, default=4, help=_("number of seats"))
    parser.add_argument("--seed", type=int, default=None, help=_("seed of the deal (random if absent)"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    if not game.info.min_seats <= args.seats <= game.info.max_seats:
        raise UserError(
            Text(
                N_("--seats must be {low}-{high} for this game, got {seats}"),
                {"low": game.info.min_seats, "high": game.info.max_seats, "seats": args.seats},
            ).render()
        )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    state = game.start(args.seats, seed)
    narrator = narrator_for(args.game)
    print(Text(N_("{game}: {seats} seats played by bots, seed {seed}"), {"game": game.info.names["en"], "seats": args.seats, "seed": seed}).render())
    for step in play(game, state, random_bots(args.seats, seed)):
        for event in step.events:
            if event.audience is None and (line := narrator.describe(event)) is not None:
                prefix = "\n" if event.kind == "leg_start" else ""
                print(prefix + line.render())
    outcome = game.outcome(state)
    assert outcome is not None
    print()
    # A narrator may say what its game's score counts; otherwise it is the number of correct answers.
    score = getattr(narrator, "score", None)
    for seat, points in outcome.scores.items():
        if score is not None:
            print(score(seat, points).render())
        else:
            print(Text(N_("{seat}: {points} correct"), {"seat": narrator.seat(seat), "points": int(points)}).render())
    return 0
