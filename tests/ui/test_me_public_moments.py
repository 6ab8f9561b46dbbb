"""Mystery Express's public moments, big: the cards shown to everyone in the lounge and at the sudden
revelation stand as large cards for two looks at the table's reveal speed, on the board's own clock
(nobody touches anything), then settle into the ledger and the log; and the log that stays keeps
every public sentence a bot's next move would otherwise replace, scrollable, at every layout."""

from __future__ import annotations

import pytest

from kiosk.games.mystery_express.narrate import TEMPLATES
from kiosk.referee.narration import narrator_for
from kiosk.ui.app import REVEAL_SECONDS
from kiosk.ui.boards.event_log import Step
from kiosk.ui.boards.me_reveals import SHOWN_LOOKS, CardsShown, TimeReveal
from kiosk.ui.boards.mystery_express import MysteryExpressBoard, regions
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.pace import HURRIED_SECONDS, WAITING
from kiosk.ui.scene import Swipe
from tests.ui.scene_checks import render, render_everywhere
from tests.ui.test_live_animations import SOON, live, mystery_express  # noqa: F401 (live: the fixture)
from tests.ui.me_table import GAME, played_game

LANDSCAPE, PORTRAIT = LAYOUTS["800x480"], LAYOUTS["720x1280"]


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


def shown(board: MysteryExpressBoard, kind: str) -> list[CardsShown]:
    return [r for r in board.stage.reveals if isinstance(r, CardsShown) and r.kind == kind]


# --- on the board's own clock -----------------------------------------------------------------------

@pytest.mark.parametrize("kind, seats, seed", [("lounge", 4, 8), ("sudden_revelation", 3, 9)])
def test_cards_shown_to_everyone_stand_big_then_settle_with_nobody_touching(live, kind, seats, seed):
    board = mystery_express(live, seats)
    live.play(seed, lambda: shown(board, kind), limit=20000)
    moment = shown(board, kind)[-1]
    assert moment.end - moment.start == pytest.approx(SHOWN_LOOKS * REVEAL_SECONDS["normal"])  # the table's speed
    drawn_as_it_came = live.frames[-1:] if moment.start <= live.now + SOON else []  # else queued behind another
    mark = len(live.frames)
    live.idle_until(moment.end + 30.0)
    frames = drawn_as_it_came + live.frames[mark:]
    faces = [face for _, face in moment.shown]
    during = [f for f in frames if moment.start - SOON <= f.now < moment.end - SOON]
    assert during and during[0].now == pytest.approx(moment.start)  # on the screen from its first moment
    assert all(f.faces == faces for f in during)  # the cards shown, each once, and nothing else
    narrator = live.app.board.context.narrator
    for seat, _ in moment.shown:  # each card under its owner's name
        assert narrator.seat(seat).render("en") in during[0].texts
    assert moment.title(narrator).render("en") in " ".join(during[0].texts)
    after = [f for f in frames if f.now >= moment.end - SOON]
    assert len(after) == 1 and after[0].now == pytest.approx(moment.end)  # one frame as they settle, then none
    assert not set(faces) & set(after[0].faces)
    assert live.app.screen.due(live.now) is None
    assert any(line.msgid == TEMPLATES[kind] for line in board.log.lines)  # the log keeps them


def test_cards_shown_ask_for_a_frame_as_they_appear_and_as_they_go():
    moment = CardsShown("lounge", ((1, "MOTIVE:3"),), start=10.0, per=3.0, asker=0, category="MOTIVE")
    assert moment.next_change(8.0) == pytest.approx(2.0)  # queued behind another moment
    assert moment.next_change(10.0) == pytest.approx(6.0)  # it stands still for its two looks
    assert moment.running(15.9) and not moment.running(16.0)
    assert moment.next_change(16.0) is None


# --- drawn big, at every layout -------------------------------------------------------------------

@pytest.mark.parametrize("kind, seats, seed", [("lounge", 5, 3), ("sudden_revelation", 3, 5)])
def test_cards_shown_are_finished_at_every_layout_in_both_languages(kind, seats, seed):
    played = played_game(seats, seed)
    index = played.first(lambda m: any(e.kind == kind and e.data.get("reveals") for e in m.events))
    event = next(e for e in played.log[index].events if e.kind == kind)
    now = shown(played.board(index), kind)[-1].start + 0.5  # after any Time reveal before it
    painters = render_everywhere(f"me-board-shown-{kind}", lambda: played.board(index), now=now)
    narrator = played.board(index).context.narrator
    for painter in painters:
        texts = [d.text for d in painter.drawn]
        for reveal in event.data["reveals"]:
            assert narrator.face(reveal["face"]).render(painter.lang) in " ".join(texts)
            assert narrator.seat(reveal["seat"]).render(painter.lang) in " ".join(texts)
        card = min((d for d in painter.drawn if d.text == narrator.face(event.data["reveals"][0]["face"])
                    .render(painter.lang)), key=lambda d: d.pixels)
        assert card.pixels >= painter.layout.mm(4.0)  # big: at least the label size, across the table


# --- the log that stays ---------------------------------------------------------------------------

def test_every_public_sentence_stays_in_the_log_newest_first():
    played = played_game(5, 3)
    index = played.first(lambda m: any(p.kind == "turn" for p in m.prompts)) + 40
    board = played.board(index)
    narrator = narrator_for(GAME, played.log[0].view)  # told afresh, as the table tells it
    told = [narrator.describe(e) for m in played.log[: index + 1] for e in m.events]
    told = [line for line in told if line is not None]
    assert list(board.log.lines) == told[::-1][: len(board.log.lines)]
    assert len(told) > 3  # more than the three lines the board kept before


@pytest.mark.parametrize("layout", list(LAYOUTS.values()), ids=list(LAYOUTS))
def test_the_log_shows_at_least_three_lines_while_bots_move(layout):
    played = played_game(5, 3)
    index = played.first(lambda m: any(p.kind == "turn" for p in m.prompts)) + 40
    board = played.board(index)
    board.prompts = []  # nobody at the touchscreen is asked: a bot's turn
    painter = render(board, layout, "en", played.log[index].now + 30)
    newest = [line.render("en") for line in list(board.log.lines)[:3]]
    drawn = [d.text for d in painter.drawn]
    assert all(line in drawn for line in newest), f"{layout.name}: {newest} not all in {drawn}"


def test_older_lines_are_a_tap_or_a_swipe_away():
    played = played_game(5, 3)
    index = played.first(lambda m: any(p.kind == "turn" for p in m.prompts)) + 40
    board = played.board(index)
    board.prompts = []
    now = played.log[index].now + 30
    painter = render(board, LANDSCAPE, "en", now)
    older = next(t.value for t in painter.targets if isinstance(t.value, Step) and t.value.pages > 0)
    newest = board.log.lines[0].render("en")
    board.tap(older, now)
    assert newest not in [d.text for d in render(board, LANDSCAPE, "en", now).drawn]
    region = next(s.value for s in render(board, LANDSCAPE, "en", now).swipes)
    board.tap(Swipe(region, 400), now)  # a finger drawn down: back to the newest
    assert newest in [d.text for d in render(board, LANDSCAPE, "en", now).drawn]


def test_the_log_has_a_region_of_its_own_on_the_tall_and_the_wide_screens():
    for name, own in (("720x1280", True), ("1280x720", True), ("800x480", False), ("1024x600", False)):
        painter = render(played_game(3, 5).board(0), LAYOUTS[name], "en", 0.0)
        assert regions(painter).log_in_turn is not own, name


def test_newer_reveals_hurry_the_ones_before_them_and_few_wait():
    played = played_game(4, 7)
    index = played.event_index("time_reveal", method="packets")
    board = played.board(index)
    now = played.log[index].now
    reveals = board.stage.reveals
    assert isinstance(reveals[-1], TimeReveal) and reveals[-1].method == "packets"  # Wien, at its own pace
    assert reveals[-1].per == board.context.reveal_seconds
    for earlier in reveals[:-1]:  # the game has moved past these: what is left of them plays quickly
        assert earlier.end - max(now, earlier.start) <= HURRIED_SECONDS + 1e-9
    assert sum(1 for r in reveals if r.start > now) <= WAITING
    ends = [r.end for r in reveals]
    assert [r.start for r in reveals[1:]] == pytest.approx(ends[:-1])  # one at a time, in order, no gap


@pytest.mark.parametrize("layout", list(LAYOUTS.values()), ids=list(LAYOUTS))
def test_while_a_reveal_covers_the_board_the_log_stays_in_the_turn_panel(layout):
    played = played_game(5, 3)
    index = played.event_index("time_reveal", method="single_pile")
    board = played.board(index)
    board.prompts = []  # bots' turns: nobody at the touchscreen is asked
    painter = render(board, layout, "en", played.log[index].now + 2.0)
    assert board.shown_faces  # the Time cards are showing
    assert board.log.lines[0].render("en") in [d.text for d in painter.drawn]
