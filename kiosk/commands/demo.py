"""`kiosk demo`: bots play a whole game on the mock table, headless, and every seat screen is saved
as a PNG at the key moments (each leg, the Time packets, the tunnel, the telegram, the sudden
revelation, the final answers, the end). In a demo the bots' own screens are shown."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from hardware.mock import build_mock_table
from kiosk.bots import Bot
from kiosk.bots.table_bots import table_bot
from kiosk.commands.run import checked_game, save_snapshots
from kiosk.games import registry
from kiosk.games.base import Event
from kiosk import i18n
from kiosk.i18n import N_, Text, _
from kiosk.narration import narrator_for
from kiosk.seats.pages import seat_pages
from kiosk.session import GameSession
from kiosk.store import GameStore
from kiosk.table import Referee

KEY_MOMENTS = (
    "leg_start", "card_shown", "time_packet", "tunnel", "telegram_begins", "sudden_begins", "final_begins",
    "game_over",
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("demo", help=_("bots play a game and every seat screen is saved"))
    parser.add_argument("--game", default="mystery-express", choices=registry.ids(), help=_("which game"))
    parser.add_argument("--seats", type=int, default=4, help=_("number of seats"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the deal (random if absent)"))
    parser.add_argument("--out", type=Path, default=Path("var/demo"), help=_("folder for the snapshots"))
    parser.set_defaults(handler=demo)


def demo(args: argparse.Namespace) -> int:
    game = checked_game(args.game, args.seats)
    mock = build_mock_table(seats=args.seats, start_reader=False)
    saved: list[str] = []
    with tempfile.TemporaryDirectory() as data:
        store = GameStore.open(Path(data))
        session = GameSession.start(store, args.game, args.seats, args.seed, {}, bots=list(range(args.seats)))
        narrator = narrator_for(args.game, game.view(session.state, None))
        bots: dict[int, Bot] = {seat: table_bot(args.game, seat, args.seed) for seat in range(args.seats)}
        taken: set[str] = set()

        def on_events(events: list[Event]) -> None:
            for event in events:
                if event.audience is None:
                    narrator.describe(event)  # learns the characters' names
                moment = f"{event.kind}-{event.data.get('leg', session.state.leg)}"
                if event.kind in KEY_MOMENTS and moment not in taken:
                    taken.add(moment)
                    name = f"{len(taken):02d}-{moment}"
                    save_snapshots(referee, args.out, name)
                    saved.append(name)

        try:
            referee = Referee(
                session, mock.table, lambda seat: seat_pages(args.game, narrator, args.lang or i18n.language()), bots,
                bot_delay=0.0, reveal_seconds=0.0, on_events=on_events, show_bot_seats=True,
            )
            referee.run()
        finally:
            store.close()
            mock.close()
    print(Text(N_("{count} moments saved in {folder}"), {"count": len(saved), "folder": str(args.out)}).render())
    return 0
