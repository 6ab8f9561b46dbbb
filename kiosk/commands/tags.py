"""`kiosk tags write|learn --game G`: prepare a physical deck's NFC stickers, card by card.

`write` puts `mt1:<game>:<card>` on each sticker as an NDEF text record, reads it back to verify,
and also registers the sticker's UID. `learn` only records each sticker's UID (for stickers that are
locked or already carry something else). Progress is kept in the tag registry (SQLite in the data
directory), so an interrupted run picks up where it stopped: cards already done are skipped.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import queue
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from hardware.events import TagSeen
from hardware.sim.mock_table import MockTable, build_mock_table
from hardware.sim.pn532 import SimTag
from hardware.reader import TagWriteError
from hardware.table import Table, build_table
from hardware.tags import TagRegistry, parse_tag_text, tag_text
from kiosk.games.physical import physical_tags
from kiosk.config import ConfigError, load_config
from kiosk.i18n import _


@dataclass
class Summary:
    total: int
    already: int = 0
    done: int = 0
    failed: int = 0
    stopped: bool = False

    @property
    def remaining(self) -> int:
        return self.total - self.already - self.done


class DeckOperator(Protocol):
    def say(self, text: str) -> None: ...

    def present(self, card: str) -> None: ...

    def take_away(self) -> None: ...


class HumanDeckOperator:
    def say(self, text: str) -> None:
        print(text, flush=True)

    def present(self, card: str) -> None:
        pass

    def take_away(self) -> None:
        pass


class MockDeckOperator:
    """Lays a fresh blank NTAG213 on the simulated reader for each card (until `stop_after`)."""

    def __init__(self, mock: MockTable, stop_after: int | None = None, quiet: bool = False) -> None:
        self.mock = mock
        self.stop_after = stop_after
        self.quiet = quiet
        self.presented = 0
        self.tags: dict[str, SimTag] = {}

    def say(self, text: str) -> None:
        if not self.quiet:
            print(text, flush=True)

    def present(self, card: str) -> None:
        if self.stop_after is not None and self.presented >= self.stop_after:
            return  # the person has gone for coffee
        self.presented += 1
        uid = "04" + hashlib.sha256(card.encode()).hexdigest()[:12].upper()
        tag = SimTag.ntag213(uid)
        self.tags[card] = tag
        self.mock.tap(tag)

    def take_away(self) -> None:
        self.mock.lift()


def read_deck_file(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()]


def next_tag(table: Table, timeout: float) -> TagSeen | None:
    deadline = time.monotonic() + timeout
    while (remaining := deadline - time.monotonic()) > 0:
        try:
            event = table.events.get(timeout=remaining)
        except queue.Empty:
            return None
        if isinstance(event, TagSeen):
            return event
    return None


def prepare_deck(
    mode: str,
    game: str,
    deck: list[str],
    table: Table,
    operator: DeckOperator,
    *,
    timeout: float,
    attempts: int = 3,
) -> Summary:
    """Write (or learn) every card of `deck` not done yet; stop when no sticker comes in time."""
    registry = table.registry
    reader = table.reader
    if reader is None:
        raise TagWriteError(_("the reader is disabled in the configuration"))
    done = registry.cards(game, written=True if mode == "write" else None)
    summary = Summary(total=len(deck), already=sum(card in done for card in deck))
    if summary.already:
        operator.say(_("{count} of {total} cards are already done; carrying on").format(count=summary.already, total=len(deck)))
    for position, card in enumerate(deck, start=1):
        if card in done:
            continue
        text = tag_text(game, card)
        operator.say(_("Card {n} of {total}: {card}: lay its sticker on the reader").format(n=position, total=len(deck), card=card))
        for _attempt in range(attempts):
            operator.present(card)
            event = next_tag(table, timeout)
            if event is None:
                operator.say(_("No sticker came; stopping. Run the same command again to carry on."))
                summary.stopped = True
                return summary
            owner = registry.resolve(event.uid, None, game)
            if hasattr(owner, "card") and getattr(owner, "card") != card:
                operator.say(_("This sticker is already {card}: lay another one").format(card=getattr(owner, "card")))
                operator.take_away()
                continue
            if mode == "write":
                try:
                    uid = reader.write_text(text)
                except TagWriteError as error:
                    operator.say(_("Writing failed ({error}); try again").format(error=error))
                    operator.take_away()
                    continue
                registry.learn(uid, game, card, written=True)
                operator.say(_("{card}: written and verified (UID {uid})").format(card=card, uid=uid))
            else:
                parsed = parse_tag_text(event.text) if event.text else None
                if parsed is not None and parsed != (game, card):
                    operator.say(_("Note: this sticker's text says {text}; its UID is learnt as {card}").format(text=event.text, card=card))
                registry.learn(event.uid, game, card)
                operator.say(_("{card}: learnt (UID {uid})").format(card=card, uid=event.uid))
            summary.done += 1
            operator.take_away()
            break
        else:
            summary.failed += 1
    return summary


def format_summary(summary: Summary) -> str:
    return _("{done} done now, {already} already done, {failed} failed, {remaining} to go (of {total})").format(
        done=summary.done, already=summary.already, failed=summary.failed, remaining=summary.remaining, total=summary.total
    )


def handle(args: argparse.Namespace) -> int:
    from kiosk.errors import UserError

    logging.getLogger("hardware").setLevel(logging.ERROR)  # progress lines say what matters
    try:
        config = load_config(args.config)
    except ConfigError as error:
        raise UserError(str(error)) from error
    if args.cards:
        deck = [card.strip() for card in args.cards.split(",") if card.strip()]
    elif args.deck:
        try:
            deck = read_deck_file(Path(args.deck))
        except OSError as error:
            raise UserError(_("{file}: cannot read: {detail}").format(file=args.deck, detail=error.strerror)) from error
    else:
        deck = physical_tags(args.game)
    if not deck:
        raise UserError(_("no deck known for {game}: pass --deck FILE (one card id a line) or --cards a,b,c").format(game=args.game))
    try:
        for card in deck:
            tag_text(args.game, card)
    except ValueError as error:
        raise UserError(str(error)) from error
    if len(set(deck)) != len(deck):
        raise UserError(_("the deck lists a card twice"))
    if not args.mock and config.backend == "mock":
        raise UserError(_("{file} uses the mock backend: add --mock, or set backend = \"pi\"").format(file=config.path.name if config.path else "table.toml"))
    database = config.data_dir / ("mock-tags.sqlite" if args.mock else "tags.sqlite")
    registry = TagRegistry(database)
    operator: DeckOperator
    if args.mock:
        mock = build_mock_table(replace(config, backend="mock"), registry=registry)
        table: Table = mock.table
        operator = MockDeckOperator(mock, args.mock_stop_after)
        timeout = min(args.timeout, 15.0)  # the simulated sticker comes at once; a loaded machine is slow
    else:
        table = build_table(config, registry=registry).start()
        operator = HumanDeckOperator()
        timeout = args.timeout
    try:
        summary = prepare_deck(args.mode, args.game, deck, table, operator, timeout=timeout)
    except TagWriteError as error:
        raise UserError(str(error)) from error
    finally:
        table.close()
    print(format_summary(summary))
    return 0 if summary.remaining == 0 else 1


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("tags", help=_("write or learn the NFC stickers of a deck"))
    modes = parser.add_subparsers(dest="mode", required=True)
    for mode, help_text in (
        ("write", _("write each card's id on its sticker and verify it")),
        ("learn", _("record each sticker's UID as its card")),
    ):
        sub = modes.add_parser(mode, help=help_text)
        sub.add_argument("--game", required=True, help=_("the game whose deck this is"))
        sub.add_argument("--deck", help=_("file listing the card ids, one a line"))
        sub.add_argument("--cards", help=_("card ids separated by commas"))
        sub.add_argument("--config", help=_("table configuration file (default: table.toml)"))
        sub.add_argument("--timeout", type=float, default=60.0, help=_("seconds to wait for each sticker"))
        sub.add_argument("--mock", action="store_true", help=_("use the mock table (stickers are laid by themselves)"))
        sub.add_argument("--mock-stop-after", type=int, default=None, help=argparse.SUPPRESS)
        sub.set_defaults(handler=handle)
