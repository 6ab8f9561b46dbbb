"""`kiosk cases`: Watson & Holmes case files.

`kiosk cases check FILE...` validates case files and names every problem (case, card, field);
`kiosk cases list` shows the bundled cases; `kiosk cases play CASE` lets bots play a case (a bundled
id or a file) in the terminal, narrated in public, in the language chosen with `--lang`.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

from kiosk import i18n
from kiosk.errors import UserError
from kiosk.games.watson_holmes.case import (
    Case,
    CaseError,
    bundled_case_ids,
    bundled_case_problems,
    bundled_cases,
    load_case_file,
)
from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.games.watson_holmes.narrate import CaseText, Narrator
from kiosk.headless import play, random_bots
from kiosk.i18n import N_, Text, _, counted


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("cases", help=_("Watson & Holmes case files"))
    actions = parser.add_subparsers(dest="cases_command", required=True)
    check = actions.add_parser("check", help=_("validate case files"))
    check.add_argument("files", nargs="+", type=Path, metavar="FILE", help=_("case file (YAML)"))
    check.set_defaults(handler=run_check)
    listing = actions.add_parser("list", help=_("list the bundled cases"))
    listing.set_defaults(handler=run_list)
    playing = actions.add_parser("play", help=_("bots play a case in the terminal"))
    playing.add_argument("case", help=_("a bundled case id or a case file"))
    playing.add_argument("--seats", type=int, default=4, help=_("number of seats"))
    playing.add_argument("--seed", type=int, default=None, help=_("seed of the deal (random if absent)"))
    playing.set_defaults(handler=run_play)
    for sub in (check, listing, playing):  # `--lang` after the action too (`kiosk cases play X --lang es`)
        sub.add_argument("--lang", choices=i18n.LANGUAGES, default=argparse.SUPPRESS, help=_("language (default: table.toml's)"))


def run_check(args: argparse.Namespace) -> int:
    problems: list[str] = []
    for path in args.files:
        try:
            case = load_case_file(path)
        except CaseError as error:
            problems.append(str(error))
            continue
        print(
            Text(
                N_("{file}: case '{case}' is valid: {cards} location cards, {questions} questions."),
                {"file": path.name, "case": case.id, "cards": len(case.cards), "questions": len(case.questions)},
            ).render()
        )
    if problems:
        raise UserError("\n".join(problems))
    return 0


def run_list(args: argparse.Namespace) -> int:
    list_cases()
    if bundled_case_problems():
        raise UserError("\n".join(str(error) for error in bundled_case_problems()))
    return 0


def list_cases() -> None:
    for case_id in bundled_case_ids():
        case = bundled_cases()[case_id]
        print(
            Text(
                N_("{case}: {title} ({players} players, {cards} cards, {questions} questions)"),
                {
                    "case": case.id,
                    "title": CaseText("", case.title),
                    "players": f"{case.min_players}-{case.max_players}",
                    "cards": len(case.cards),
                    "questions": len(case.questions),
                },
            ).render()
        )


def resolve_case(name: str) -> Case:
    if name in bundled_cases():
        return bundled_cases()[name]
    path = Path(name)
    if not path.is_file():
        raise UserError(
            Text(N_("no bundled case or file named '{name}' (bundled: {ids})"), {"name": name, "ids": ", ".join(bundled_case_ids())}).render()
        )
    try:
        return load_case_file(path)
    except CaseError as error:
        raise UserError(str(error)) from error


def run_play(args: argparse.Namespace) -> int:
    case = resolve_case(args.case)
    if not case.min_players <= args.seats <= case.max_players:
        raise UserError(
            Text(
                N_("--seats must be {low}-{high} for this game, got {seats}"),
                {"low": case.min_players, "high": case.max_players, "seats": args.seats},
            ).render()
        )
    game = WatsonHolmes({case.id: case})
    physical = case.edition == "physical"
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    state = game.start(args.seats, seed, {"case": case.id, "physical": physical})
    narrator = Narrator(case)
    print(Text(N_("{game}: {seats} seats, {bots} played by bots, seed {seed}"), {"game": CaseText("", case.title), "seats": args.seats, "bots": args.seats, "seed": seed}).render())
    if case.intro:
        print(CaseText("", case.intro).render())
    for step in play(game, state, random_bots(args.seats, seed)):
        for event in step.events:
            if event.audience is None and (line := narrator.describe(event)) is not None:
                prefix = "\n" if event.kind == "round_start" else ""
                print(prefix + line.render())
    outcome = game.outcome(state)
    assert outcome is not None
    print()
    for seat, points in outcome.scores.items():
        print(counted("{seat}: {count} point", "{seat}: {count} points", int(points), seat=narrator.seat(seat)).render())
    return 0
