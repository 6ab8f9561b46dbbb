"""The one `kiosk` command. Each subcommand lives in its own module under `kiosk/commands/`.

A subcommand module has `register(subparsers)`, which adds its parser and sets `handler`, a function
taking the parsed arguments and returning the exit code. Errors a user can fix (`UserError`) are
printed as one clear line, never as a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from kiosk import i18n
from kiosk.errors import UserError
from kiosk.i18n import _
from kiosk.appliance.logs import setup_logging

__all__ = ["UserError", "build_parser", "main"]

COMMAND_MODULES: tuple[str, ...] = (
    "kiosk.commands.run",
    "kiosk.commands.history",
    "kiosk.commands.demo",
    "kiosk.commands.selftest",
    "kiosk.commands.tags",
    "kiosk.commands.cases",
    "kiosk.commands.config",
    "kiosk.commands.fleet",
    "kiosk.commands.explain",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kiosk", description=_("Mystery Table kiosk"))
    parser.add_argument("--lang", choices=i18n.LANGUAGES, default=None, help=_("language (default: table.toml's)"))
    subparsers = parser.add_subparsers(dest="command", required=True)
    for module in COMMAND_MODULES:
        importlib.import_module(module).register(subparsers)
    # `--lang` is accepted after the subcommand too (`kiosk run --lang es`).
    for subparser in subparsers.choices.values():
        subparser.add_argument(
            "--lang", choices=i18n.LANGUAGES, default=argparse.SUPPRESS, help=_("language (default: table.toml's)")
        )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    setup_logging()
    i18n.set_language(args.lang or i18n.DEFAULT_LANGUAGE)
    try:
        return int(args.handler(args))
    except UserError as error:
        print(f"kiosk: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`kiosk run | head`): nothing left to say
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
