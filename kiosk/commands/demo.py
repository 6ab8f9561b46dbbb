"""`kiosk demo`: bots play a whole game on the mock table, headless, and every seat screen is saved
as a PNG at the game's key moments (Mystery Express: each leg, the Time packets, the tunnel, the
telegram, the sudden revelation, the final answers; P.I.: investigations, solutions, each case's end;
Watson & Holmes: rounds, readings, attempts; Mystery City: attacks and combats won; every game: the
end). In a demo the bots' own screens are shown. The public board is drawn off-screen too, at 800x480
and 720x1280, at its key moments. One `Moments` picks the moments for both, so every game's seats and
board are saved alike. The folder keeps only the last demo's pictures."""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Collection
from pathlib import Path
from typing import Any

from hardware.sim.mock_table import build_mock_table
from kiosk.bots import Bot
from kiosk.bots.table_bots import table_bot
from kiosk.commands.folders import folder_to_write
from kiosk.commands.run import checked_game, clear_snapshots, save_snapshots
from kiosk.games import registry
from kiosk.games.base import Event
from kiosk import i18n
from kiosk.i18n import _, counted
from kiosk.referee.narration import narrator_for
from kiosk.seats.pages import seat_pages
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from kiosk.referee.table import Referee

BOARD_LAYOUTS = ("800x480", "720x1280")
SETTLED, BIG = 1e6, 0.4  # seconds after the event to draw: at rest, or while its big panel shows
# Each game's board moments, and how long after them to draw (the Time cards mid-reveal).
BOARD_MOMENTS: dict[str, dict[str, float]] = {
    "mystery-express": {"leg_start": SETTLED, "time_reveal": 2.5, "lounge": BIG, "sudden_revelation": BIG,
                        "game_over": SETTLED},
    "pi": {"investigated": SETTLED, "solved": BIG, "minigame_end": BIG, "game_over": SETTLED},
    "watson-holmes": {"round_start": SETTLED, "watson_reading": BIG, "attempt": BIG, "game_over": SETTLED},
    "mystery-city": {"attack": SETTLED, "combat_won": BIG, "game_over": SETTLED},
}
PER_KIND = 3  # a moment that recurs (an investigation, a duel) is drawn its first few times
# The moment the README shows of each game, landscape and portrait (the end if a seed never reaches it).
README_MOMENTS = {"mystery-express": "time_reveal-Strasbourg", "pi": "investigated-3",
                  "watson-holmes": "round_start-2", "mystery-city": "combat_won-2"}
# The seats' moments: the board's, and in Mystery Express the private ones only the seats show.
SEAT_MOMENTS: dict[str, tuple[str, ...]] = {
    "mystery-express": ("leg_start", "card_shown", "time_packet", "tunnel", "telegram_begins", "sudden_begins",
                        "final_begins", "game_over"),
}


def seat_moments(game_id: str) -> tuple[str, ...]:
    return SEAT_MOMENTS.get(game_id, tuple(BOARD_MOMENTS.get(game_id, {"game_over": SETTLED})))


class Moments:
    """Which events are moments worth a picture, and each one's name: a kind's first event at each
    place (a leg, a city, the end), or of a kind that recurs without one, its first `PER_KIND`."""

    def __init__(self, kinds: Collection[str], session: GameSession) -> None:
        self.kinds, self.session = kinds, session
        self.seen: dict[str, int] = {}
        self.taken: set[str] = set()

    def pick(self, event: Event) -> str | None:
        if event.kind not in self.kinds:
            return None
        self.seen[event.kind] = count = self.seen.get(event.kind, 0) + 1
        data = event.data if isinstance(event.data, dict) else {}
        where = (data.get("leg") or data.get("city") or ("end" if event.kind == "game_over" else None)
                 or getattr(self.session.state, "leg", None))  # legs: Mystery Express
        if where is None:
            if count > PER_KIND:
                return None
            where = count
        name = f"{event.kind}-{where}"
        if name in self.taken:
            return None
        self.taken.add(name)
        return name


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo", help=_("bots play a game; every seat screen and the board are saved at its key moments"))
    parser.add_argument("--game", default="mystery-express", choices=registry.ids(), help=_("which game"))
    parser.add_argument("--seats", type=int, default=4, help=_("number of seats"))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the deal (random if absent)"))
    parser.add_argument("--out", type=Path, default=Path("var/demo"), help=_("folder for the snapshots"))
    parser.add_argument("--readme", type=Path, help=_("also write the board pictures the README shows in this folder"))
    parser.set_defaults(handler=demo)


def demo(args: argparse.Namespace) -> int:
    game = checked_game(args.game, args.seats)
    folder_to_write(args.out)
    mock = build_mock_table(seats=args.seats, start_reader=False)
    saved: list[str] = []
    clear_snapshots(args.out)  # only this run's pictures in the folder
    with tempfile.TemporaryDirectory() as data:
        store = GameStore.open(Path(data))
        session = GameSession.start(store, args.game, args.seats, args.seed, {}, bots=list(range(args.seats)))
        narrator = narrator_for(args.game, game.view(session.state, None))
        bots: dict[int, Bot] = {seat: table_bot(args.game, seat, args.seed) for seat in range(args.seats)}
        moments = Moments(seat_moments(args.game), session)
        camera = BoardCamera(game, session, args.out)

        def on_events(events: list[Event]) -> None:
            camera.observe(events, saved)
            for event in events:
                if event.audience is None:
                    narrator.describe(event)  # learns the characters' names
                moment = moments.pick(event)
                if moment is not None:
                    name = f"{len(moments.taken):02d}-{moment}"
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
    print(counted("{count} moment saved in {folder}", "{count} moments saved in {folder}", len(saved), folder=str(args.out)).render())
    if args.readme is not None:
        readme_pictures(args.game, args.out, args.readme)
    return 0


def readme_pictures(game_id: str, demo: Path, folder: Path) -> None:
    """The README's pictures of a game's board: its showcase moment at each layout, full size but
    in 64 colours, so the repository stays small."""
    from PIL import Image

    moment = README_MOMENTS[game_id]
    if not (demo / f"board-{moment}-{BOARD_LAYOUTS[0]}.png").exists():
        moment = "game_over-end"
    folder_to_write(folder)
    for size in BOARD_LAYOUTS:
        with Image.open(demo / f"board-{moment}-{size}.png") as shot:
            small = shot.convert("RGB").quantize(64)
            small.save(folder / f"{game_id}-{size}.png", optimize=True)


class BoardCamera:
    """The public board fed as the touchscreen is (public view and events), drawn on off-screen
    surfaces: no window and no video driver is needed (nor set, which would tell `run` a screen exists)."""

    def __init__(self, game: Any, session: GameSession, folder: Path) -> None:
        from kiosk.ui.boards import BoardContext, make_board

        self.game, self.session, self.folder = game, session, folder
        seats = session.record.seats
        narrator = narrator_for(session.record.game, game.view(session.state, None))
        context = BoardContext(session.record.game, seats, narrator, lambda seat, action: None,
                               bots=frozenset(range(seats)), reveal_seconds=1.0)
        self.board = make_board(context)
        self.moments = BOARD_MOMENTS.get(session.record.game, {"game_over": SETTLED})
        self.picked = Moments(self.moments, session)
        self.clock = 0.0

    def observe(self, events: list[Event], saved: list[str]) -> None:
        import pygame

        from kiosk.ui.layout import LAYOUTS
        from kiosk.ui.paint import Painter

        self.clock += 1.0
        public = [e for e in events if e.audience is None]
        self.board.observe(public, self.clock)
        self.board.update(self.game.view(self.session.state, None), [], self.clock)
        for event in public:
            moment = self.picked.pick(event)
            if moment is None:
                continue
            name = f"board-{moment}"
            for size in BOARD_LAYOUTS:
                layout = LAYOUTS[size]
                painter = Painter(pygame.Surface(layout.size), layout, self.board.theme, i18n.language())
                self.board.draw(painter, self.clock + self.moments[event.kind])
                self.folder.mkdir(parents=True, exist_ok=True)
                pygame.image.save(painter.surface, str(self.folder / f"{name}-{size}.png"))
            saved.append(name)
