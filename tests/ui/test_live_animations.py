"""Animations play on their own clock: with only people at the table and nobody touching anything,
the loop draws every Time card of a reveal at its time, the end one category at a time, and Mystery
City's dice until they settle, then nothing more. The kiosk runs as in the simulator (SDL's dummy
driver, the mock table), with one injected clock for the app, its referee and the loop: the tests
move that clock to the next moment the loop asks for and record every frame drawn."""

from __future__ import annotations

import copy

import random
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pygame
import pytest

from kiosk.config import default_config
from kiosk.games.mystery_express.rules import CATEGORIES
from kiosk.i18n import Text
from kiosk.store import GameStore
from kiosk.ui.app import REVEAL_SECONDS, App, Plan
from kiosk.ui.boards.me_reveals import CARD_SHARE, DECIDED_BY, FRAME, CardsShown, EndReveal, TimeReveal, telegram_tally
from kiosk.ui.boards.mystery_city import ROLL_SECONDS, MysteryCityBoard
from kiosk.ui.boards.mystery_express import MysteryExpressBoard
from kiosk.ui.loop import Loop
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.results import Results

START = 1000.0
SOON = 1e-6  # seconds: the rounding allowed when a frame is said to be drawn "at" a moment


@dataclass
class Frame:
    now: float
    texts: list[str]
    faces: list[str]  # Time and other faces the Mystery Express board drew as pictures
    dice: list[list[int]]  # Mystery City's dice faces
    updated: list[pygame.Rect] | None = None  # the touchscreen's changed area (None: all of it)


@dataclass
class LiveTable:
    """The kiosk with a clock that moves only when the test moves it, and every frame it draws."""

    app: App
    loop: Loop
    sim: Any
    mock: Any
    now: float = START
    frames: list[Frame] = field(default_factory=list)

    def clock(self) -> float:
        return self.now

    def step(self) -> None:
        """One turn of the loop without sleeping; a frame it draws is recorded."""
        drawn = self.app.screen.frames
        self.loop.step(0.0)
        if self.app.screen.frames != drawn:
            painter = self.app.screen.painter
            assert painter is not None
            board = self.app.board
            self.frames.append(Frame(
                self.now, [d.text for d in painter.drawn],
                list(board.shown_faces) if isinstance(board, MysteryExpressBoard) else [],
                [list(f) for f in board.shown_dice] if isinstance(board, MysteryCityBoard) else [],
                self.app.screen.updated,
            ))

    def idle_until(self, until: float) -> None:
        """Nobody touches anything: the clock jumps to each moment the loop asks to be woken at."""
        self.step()
        for _ in range(100_000):
            due = self.app.due()
            if due is None or self.now + due > until:
                break
            self.now += due
            self.step()
        self.now = until
        self.step()

    def play(self, seed: int, done: Any, limit: int = 3000) -> None:
        """People answer every prompt at once (a legal choice at random) until `done()`."""
        chooser = random.Random(seed)
        session = self.app.referee.session
        for turn in range(limit):
            if done() or session.over:
                self.step()
                return
            prompt = session.game.prompts(session.state)[0]
            self.app.referee.submit(prompt.seat, chooser.choice(prompt.actions))
            if turn % 25 == 0:
                self.step()
        raise AssertionError("the game did not get there")

    def touch_centre(self) -> None:
        area = self.sim.touch_area
        width, height = pygame.display.get_surface().get_size()
        x, y = area.centerx / width, area.centery / height
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, x=x, y=y, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1))
            self.step()


@pytest.fixture
def live(mock_table, tmp_path):
    from kiosk.ui.simulator import Simulator

    sim = Simulator(mock_table, "Mystery Table", (800, 480))
    store = GameStore.open(tmp_path)
    table = LiveTable(None, None, sim, mock_table)  # type: ignore[arg-type]
    plan = Plan(bot_pause=0.5, seed=11)  # the reveal speed is the table's ("normal")
    table.app = App(mock_table.table, store, Touchscreen(sim.touch, "en"), default_config(4), plan, clock=table.clock)
    sim.current_game = lambda: table.app.game_id
    table.loop = Loop(table.app, sim, clock=table.clock)
    table.loop.start()
    yield table
    table.loop.stop()
    sim.close()
    store.close()


B = TypeVar("B")


def started_board(live: LiveTable, game_id: str, seats: int, board_type: type[B]) -> B:
    """A new game of `game_id` with people at every seat, its board on screen."""
    live.app.start_game(game_id, seats, [], {})
    live.step()
    board = live.app.board
    assert isinstance(board, board_type) and live.app.scene is board
    return board


def mystery_express(live: LiveTable, seats: int = 4) -> MysteryExpressBoard:
    return started_board(live, "mystery-express", seats, MysteryExpressBoard)


def thrown_dice(live: LiveTable) -> tuple[MysteryCityBoard, float]:
    """A Mystery City game with people at every seat, played until its first dice are thrown."""
    live.app.start_game("mystery-city", 4, [], {})
    live.step()
    board = live.app.board
    assert isinstance(board, MysteryCityBoard)
    live.play(5, lambda: board.rolled_at is not None, limit=5000)
    assert board.rolled_at is not None
    return board, board.rolled_at


def time_reveals(board: MysteryExpressBoard) -> list[TimeReveal]:
    return [r for r in board.stage.reveals if isinstance(r, TimeReveal)]


def first_drawn(frames: list[Frame], counter_total: int) -> list[tuple[float, str, str]]:
    """(when, face, counter) of each Time card the first frame it was drawn face up."""
    seen: list[tuple[float, str, str]] = []
    for frame in frames:
        counters = [t for t in frame.texts if t.endswith(f"/{counter_total}")]
        if frame.faces and counters and (not seen or seen[-1][2] != counters[0]):
            seen.append((frame.now, frame.faces[-1], counters[0]))
    return seen


@pytest.mark.parametrize("interrupted", [False, True], ids=["untouched", "tapped-and-pressed"])
def test_strasbourg_shows_all_23_time_cards_at_their_time_with_nobody_touching(live, interrupted):
    board = mystery_express(live)
    live.play(1, lambda: time_reveals(board))
    reveal = time_reveals(board)[0]
    assert (reveal.city, reveal.method, len(reveal.sequence)) == ("Strasbourg", "single_pile", 23)
    assert reveal.per == pytest.approx(REVEAL_SECONDS["normal"] * CARD_SHARE)  # the table's reveal speed
    shown_before = [r.end for r in board.stage.reveals if isinstance(r, CardsShown)]  # a lounge reveal's cards
    assert reveal.start == max([live.now, *shown_before])  # it began with the event, or once those were put away
    if interrupted:  # half-way, a finger on the touchscreen and a seat's button: the cards go on
        live.idle_until(reveal.start + 10.5 * reveal.per)
        live.touch_centre()
        live.mock.press(live.app.referee.session.game.prompts(live.app.referee.session.state)[0].seat, "select")
        live.step()
    live.idle_until(reveal.end + 5.0)
    cards = first_drawn(live.frames, 23)
    assert [face for _, face, _ in cards] == list(reveal.sequence)  # all 23, in order
    assert [counter for _, _, counter in cards] == [f"{i}/23" for i in range(1, 24)]
    for index, (when, _, _) in enumerate(cards):
        due = reveal.start + index * reveal.per
        assert due - SOON <= when <= due + SOON, f"card {index + 1} drawn at {when - reveal.start:.3f} s"
    turning = [f for f in live.frames if reveal.start <= f.now < reveal.start + reveal.per]
    assert len(turning) >= 3  # the first card turns over in several frames
    after = [f for f in live.frames if f.now >= reveal.end - SOON]
    assert after and not after[0].faces  # the train again, the moment the reveal ends
    assert len(after) == 1  # and then nothing more is drawn: the table is idle


def test_a_still_table_draws_nothing_between_the_cards_flips(live):
    board = mystery_express(live)
    live.play(2, lambda: time_reveals(board))
    reveal = time_reveals(board)[0]
    live.frames.clear()
    live.idle_until(reveal.end)
    # A card turns over in frames of FRAME, then lies flat until the next one: about 3 frames a card.
    assert len(live.frames) <= 23 * (int(0.18 * reveal.per / FRAME) + 3)


def test_the_end_turns_one_category_at_a_time_and_waits_for_a_tap(live):
    board = mystery_express(live, seats=3)
    live.play(3, lambda: board.end is not None, limit=20000)
    end = board.end
    assert isinstance(end, EndReveal)
    live.frames.clear()
    live.idle_until(end.end + 30.0)  # nobody touches anything
    answered = sum(1 for seat in range(3) for c in CATEGORIES if end.result["answers"][str(seat)].get(c))
    per_row = {c: sum(1 for s in range(3) if end.result["answers"][str(s)].get(c)) for c in CATEGORIES}
    expected = 0
    for row, category in enumerate(CATEGORIES):
        turned_at = end.start + (row + 0.5) * end.per
        before = [f for f in live.frames if f.now < turned_at - SOON]
        at = [f for f in live.frames if abs(f.now - turned_at) <= SOON]
        assert at, f"no frame when {category} turned over"
        assert marks(before[-1]) == expected
        expected += per_row[category]
        assert marks(at[0]) == expected  # this category's answers are marked right or wrong, no more
    assert expected == answered
    scores = [f for f in live.frames if "Correct answers" in f.texts]
    assert scores and scores[0].now == pytest.approx(end.start + len(CATEGORIES) * end.per)
    assert isinstance(live.app.scene, MysteryExpressBoard)  # the end waits for people
    last = live.frames[-1]
    assert "Tap for the results" in last.texts and last.now == pytest.approx(end.end)
    assert live.app.screen.due(live.now) is None  # nothing more to draw
    live.touch_centre()
    assert isinstance(live.app.scene, Results)
    texts = live.frames[-1].texts
    solution = end.result["solution"]
    narrator = live.app.scene.narrator
    for category in CATEGORIES:  # the per-category breakdown: the solution beside each seat's answers
        assert narrator.face(solution[category]).render("en") in texts
    assert "Correct answers" in texts and "Telegram: +right −wrong" in texts
    verdict = Text(DECIDED_BY[end.result["decided_by"]]).render("en")  # how the tie (if any) was broken
    assert verdict in " ".join(texts)


def marks(frame: Frame) -> int:
    return sum(1 for t in frame.texts if t in ("✓", "✗"))


def test_a_tap_during_the_end_reveal_does_not_skip_it(live):
    board = mystery_express(live, seats=3)
    live.play(4, lambda: board.end is not None, limit=20000)
    end = board.end
    live.idle_until(end.start + 1.2 * end.per)
    live.touch_centre()
    assert live.app.scene is board
    live.frames.clear()
    live.idle_until(end.end + 1.0)
    assert marks(live.frames[0]) < marks(live.frames[-1])  # it went on turning, one category at a time
    assert live.app.scene is board


def test_mystery_city_dice_settle_on_the_roll_with_nobody_touching(live):
    board, thrown = thrown_dice(live)
    # what the duel shows when the dice are thrown: the combat's current exchange (a "?" is rolled when
    # its card is shown), or the exchange just resolved
    combat = board.view.get("combat")
    sides = copy.deepcopy(combat["exchanges"][-1]["sides"] if combat is not None else board.exchange["sides"])
    live.frames.clear()
    live.idle_until(thrown + 10.0)
    tumbling = [f for f in live.frames if f.now < thrown + ROLL_SECONDS - SOON]
    assert len(tumbling) >= 5 and len({str(f.dice) for f in tumbling}) > 1  # they tumble by themselves
    rest = [f for f in live.frames if f.now >= thrown + ROLL_SECONDS - SOON]
    assert len(rest) == 1 and rest[0].now == pytest.approx(thrown + ROLL_SECONDS)  # one frame as they settle
    values = sorted(
        side[value] for side in sides for value, rolls in
        (("value", "rolls"), ("partner_value", "partner_rolls"), ("companion_value", "companion_rolls"))
        if side.get(rolls)
    )
    pairs = [dice[i:i + 2] for dice in rest[0].dice for i in range(0, len(dice), 2)]
    assert sorted(sum(pair) for pair in pairs) == values  # the faces at rest add up to the rolls


def test_an_idle_board_after_a_reveal_asks_for_no_frame(live):
    board = mystery_express(live)
    live.play(6, lambda: time_reveals(board))
    reveal = time_reveals(board)[0]
    live.idle_until(reveal.end + 1.0)
    drawn = live.app.screen.frames
    live.idle_until(reveal.end + 60.0)
    assert live.app.screen.frames == drawn


def test_wien_packets_and_the_budapest_piles_play_by_themselves(live):
    board = mystery_express(live, seats=4)
    live.play(7, lambda: any(r.method == "three_piles" for r in time_reveals(board)), limit=20000)
    reveals = {reveal.method: reveal for reveal in time_reveals(board)}  # all queued: nobody waited
    assert set(reveals) == {"single_pile", "packets", "three_piles"}  # the earlier two hurried
    live.idle_until(reveals["three_piles"].end)
    wien = reveals["packets"]
    for number in range(1, wien.rounds + 1):  # each packet's progress, at its time
        line = f"Packet {number} of {wien.rounds}"
        first = next(f for f in live.frames if line in " ".join(f.texts))  # as drawn, perhaps on two lines
        assert first.now == pytest.approx(wien.start + (number - 1) * wien.per)
    filling = [f for f in live.frames if wien.start <= f.now < wien.end]
    assert len(filling) >= wien.rounds * wien.per / FRAME - 1  # the bar fills frame by frame
    budapest = reveals["three_piles"]
    total = len(budapest.sequence)
    cards = first_drawn([f for f in live.frames if budapest.start - SOON <= f.now < budapest.end], total)
    assert [counter for _, _, counter in cards] == [f"{i}/{total}" for i in range(1, total + 1)]
    for index, (when, _, _) in enumerate(cards):
        assert when == pytest.approx(budapest.start + index * budapest.per)
        frame = next(f for f in live.frames if f.now == when)
        assert budapest.sequence[index] in frame.faces  # the new card lies face up on its pile


def test_the_end_tables_telegram_row_counts_right_and_wrong_entries() -> None:
    """"Telegram (wrong) -1 (3)" read as a puzzle (issue 38): the row now shows the right and the
    wrong entries, from which the net score (rules 8's first tie-break) follows."""
    assert telegram_tally(-1, 3) == "+2 −3"
    assert telegram_tally(2, 0) == "+2 −0"
    assert telegram_tally(0, 0) == "0"  # a blank telegram
