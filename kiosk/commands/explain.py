"""`kiosk explain GAME [--json] [--check]`: the "Learn as you play" texts of a game, as a writer or a
maker needs them: every kind of decision with its three parts, then the public moments; `--json` for
tools; `--check` lists what breaks the rules of those texts (see `kiosk.commands.explain_check`)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from kiosk.errors import UserError
from kiosk.commands.explain_check import problems
from kiosk.games.explanations import GAME_IDS, moment_kinds, prompt_kinds
from kiosk.i18n import _, gettext_in, language


def register(subparsers: Any) -> None:
    explain = subparsers.add_parser("explain", help=_("print a game's Learn-as-you-play explanations"))
    explain.add_argument("game", help=_("game: {games}").format(games=", ".join(GAME_IDS)))
    explain.add_argument("--json", action="store_true", help=_("print JSON for tools"))
    explain.add_argument("--check", action="store_true", help=_("list the texts that are too long, untranslated or name the game's data"))
    explain.set_defaults(handler=show)


def tables(game_id: str, lang: str) -> dict[str, Any]:
    """The explanations of a game in `lang`: prompt kind -> {what, choices, tip}; moment kind -> sentence."""
    prompts = {kind: {"what": gettext_in(lang, e.what), "choices": gettext_in(lang, e.choices), "tip": gettext_in(lang, e.tip)}
               for kind, e in prompt_kinds(game_id).items()}
    moments = {kind: gettext_in(lang, sentence) for kind, sentence in moment_kinds(game_id).items()}
    return {"prompts": prompts, "moments": moments}


def show(args: argparse.Namespace) -> int:
    if args.game not in GAME_IDS:
        raise UserError(_("unknown game {game!r}; the games are: {games}").format(game=args.game, games=", ".join(GAME_IDS)))
    if args.check:
        found = problems(args.game)
        for problem in found:
            print(problem)
        if not found:
            print(_("{game}: every explanation fits, is translated and names nothing.").format(game=args.game))
        return 1 if found else 0
    shown = tables(args.game, language())
    if args.json:
        print(json.dumps(shown, ensure_ascii=False, indent=2))
        return 0
    labels = {"what": _("What"), "choices": _("Choices"), "tip": _("Tip")}
    for kind, parts in shown["prompts"].items():
        print(kind)
        for part, text in parts.items():
            print(f"  {labels[part]}: {text}")
    print(_("Moments:"))
    for kind, sentence in shown["moments"].items():
        print(f"  {kind}: {sentence}")
    return 0
