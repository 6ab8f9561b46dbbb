"""The Watson & Holmes board: finished at every layout and in both languages at many moments of seeded
bot games, and drawn only from what the public may know (the public view and public events so far)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from kiosk.bots.random_bot import RandomBot
from kiosk.referee.awaited import awaited
from kiosk.games.base import Action, Event, Prompt
from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.games.watson_holmes.narrate import CaseText
from kiosk.i18n import Text, TextList
from kiosk.referee.narration import narrator_for
from kiosk.ui.boards import BoardContext, make_board
from kiosk.ui.boards.watson_holmes import CASE_FILE, WatsonHolmesBoard
from kiosk.ui.layout import LAYOUTS
from tests.ui.scene_checks import render, render_everywhere

GAME = WatsonHolmes()


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


class Game:
    """A seeded bot game and a board fed as the table feeds it: every event of each step (the board
    keeps the public ones), then the public view and the public prompts of seats people play."""

    def __init__(self, case="thornbury-clock", seats=5, seed=5, submitted=None, **options):
        self.state = GAME.start(seats, seed, {"case": case, **options})
        self.narrator = narrator_for("watson-holmes", GAME.view(self.state, None))
        self.submitted: list[tuple[int, Action]] = [] if submitted is None else submitted
        context = BoardContext("watson-holmes", seats, self.narrator, lambda seat, action: self.submitted.append((seat, action)))
        self.board = make_board(context)
        self.bots = [RandomBot(s, seed) for s in range(seats)]
        self.public: list[Event] = []
        self.refresh()

    def refresh(self) -> None:
        prompts = [p for p in GAME.prompts(self.state) if not p.private]
        self.board.update(GAME.view(self.state, None), prompts, 0.0, awaited(GAME.prompts(self.state)))

    def step(self) -> list[Event]:
        prompt = min(GAME.prompts(self.state), key=lambda p: p.seat)
        events = GAME.apply(self.state, prompt.seat, self.bots[prompt.seat].choose(GAME.view(self.state, prompt.seat), prompt))
        self.public += [e for e in events if e.audience is None]
        self.board.observe(events, 0.0)
        self.refresh()
        return events

    def steps(self) -> Iterator[list[Event]]:
        while GAME.prompts(self.state):
            yield self.step()

    def until(self, wanted) -> Game:
        for events in self.steps():
            if wanted(self, events):
                return self
        if wanted(self, []):
            return self
        raise AssertionError("the moment never came")

    def frozen(self):
        return lambda: copy.deepcopy(self.board)


def kinds(events: list[Event]) -> set[str]:
    return {e.kind for e in events}


# --- finished at every layout --------------------------------------------------------------------


MOMENTS = {
    "case-file": lambda g, ev: True,
    "first-visit": lambda g, ev: "placed" in kinds(ev),
    "outbid": lambda g, ev: "outbid" in kinds(ev),
    "watson-reads": lambda g, ev: "watson_reading" in kinds(ev),
    "police": lambda g, ev: bool(g.state.police_on) and g.state.stage == "visit" and g.state.round >= 2,
    "at-221b": lambda g, ev: "at_221b" in kinds(ev),
    "failed": lambda g, ev: any(e.kind == "attempt" and not e.data["success"] for e in ev),
    "last-player": lambda g, ev: g.state.last_player is not None,
    "end": lambda g, ev: g.state.over,
}


LATER = 1000.0  # seconds: any reading drawn big has settled onto its card


def when(moment: str) -> float:
    """Dr Watson's reading is drawn big at the moment it happens; other moments are drawn later."""
    return 0.0 if moment == "watson-reads" else LATER


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_seven_players_on_the_two_zone_case(moment):
    game = Game(seats=7, seed=5).until(MOMENTS[moment])
    render_everywhere(f"wh-board-7-{moment}", game.frozen(), when(moment))


@pytest.mark.parametrize("moment", ["case-file", "first-visit", "watson-reads", "end"])
def test_three_players_on_the_tutorial(moment):
    game = Game(case="lamplighter", seats=3, seed=2).until(MOMENTS[moment])
    render_everywhere(f"wh-board-3-{moment}", game.frozen(), when(moment))


@pytest.mark.parametrize("moment", ["watson-reads", "end"])
def test_the_published_box_shows_no_card_text(moment):
    game = Game(seats=4, seed=3, physical=True).until(MOMENTS[moment])
    for painter in render_everywhere(f"wh-board-physical-{moment}", game.frozen(), when(moment), layouts=(LAYOUTS["800x480"],)):
        assert not [d for d in painter.drawn if isinstance(d.source, CaseText) and len(d.text) > 120], "a card or solution text"


# --- only what the public knows ------------------------------------------------------------------


def language_maps(data: Any) -> list[dict[str, str]]:
    """Every text in several languages (a mapping of language codes to text) inside `data`."""
    found = []
    if isinstance(data, dict):
        if data and set(data) <= {"en", "es"} and all(isinstance(v, str) for v in data.values()):
            found.append(dict(data))
        for value in data.values():
            found += language_maps(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            found += language_maps(value)
    return found


def public_texts(game: Game) -> list[dict[str, str]]:
    view = GAME.view(game.state, None)
    texts = language_maps(view) + language_maps([e.data for e in game.public])
    if view["over"]:  # the answer key is public at the end: the labels of the right answers
        case = game.narrator.case
        for q in case.questions:
            texts += [dict(c.label) for c in q.choices if c.id in view["result"]["answers"][q.id]]
    return texts


def words_of(source: Any) -> Iterator[Any]:
    yield source
    if isinstance(source, TextList):
        for item in source.items:
            yield from words_of(item)
    elif isinstance(source, Text):
        for value in source.params.values():
            if isinstance(value, (Text, TextList)):
                yield from words_of(value)


def check_public(game: Game, painter) -> None:
    texts = public_texts(game)
    view = GAME.view(game.state, None)
    face_up = {p["character"] for p in view["players"] if p["character"]}
    names = {c.name: c.id for c in game.narrator.characters.cards}
    for drawn in painter.drawn:
        for words in words_of(drawn.source):
            if isinstance(words, CaseText):
                assert words.params in texts, f"the board drew {words.render('en')!r}, which the public was never shown"
            elif isinstance(words, Text) and words.msgid in names:
                assert names[words.msgid] in face_up, f"the board named the hidden character {words.msgid}"


@pytest.mark.parametrize("case,seats,seed,options", [
    ("thornbury-clock", 5, 11, {}),
    ("thornbury-clock", 7, 3, {}),
    ("lamplighter", 4, 8, {"physical": True}),
])
def test_the_board_draws_only_what_the_public_knows(case, seats, seed, options):
    game = Game(case=case, seats=seats, seed=seed, **options)
    layouts = (LAYOUTS["800x480"], LAYOUTS["720x1280"])
    steps = 0
    for _ in game.steps():
        steps += 1
        layout = layouts[steps % 2]
        check_public(game, render(copy.deepcopy(game.board), layout, "en"))
        if game.board.case_file:  # the board behind the case file too
            board = copy.deepcopy(game.board)
            board.tap(CASE_FILE, 0.0)
            check_public(game, render(board, layout, "es"))
    assert game.state.over and steps > 10


def test_private_events_never_reach_the_banner():
    game = Game(seats=4, seed=3).until(lambda g, ev: "card_read" in kinds(ev))
    board = game.board
    before = list(board.log.lines)
    secret = Event("card_read", {"seat": 1, "card": "C03", "text": {"en": "secret", "es": "secreto"}, "notes": True}, frozenset({1}))
    board.observe([secret], 0.0)
    assert list(board.log.lines) == before
    after = board.stage.free_from(0.0)  # once a reading on the board's stage is over, the line is told at once
    board.observe([Event("police_placed", {"seat": 1, "card": "C03"})], after)
    assert board.log.lines[0].render("en") == "Seat 2 puts a police token on The Portland Club."


# --- taps -----------------------------------------------------------------------------------------


def test_the_case_file_opens_before_the_first_visit_and_on_a_tap():
    game = Game(seats=3, seed=1)
    board = game.board
    assert isinstance(board, WatsonHolmesBoard) and board.case_file
    painter = render(board, LAYOUTS["1024x600"], "en")
    assert any(d.text == "Questions" for d in painter.drawn)
    button = next(t for t in painter.targets if t.value == CASE_FILE)
    assert painter.hit(button.rect.center) == CASE_FILE
    board.tap(CASE_FILE, 0.0)
    painter = render(board, LAYOUTS["1024x600"], "en")
    assert not any(d.text == "Questions" for d in painter.drawn) and any(d.text == "Case file" for d in painter.drawn)
    board.tap(CASE_FILE, 0.0)
    assert board.case_file
    fresh = Game(seats=3, seed=1).until(lambda g, ev: "placed" in kinds(ev))
    assert not fresh.board.case_file  # the first visit closes it by itself
    resumed = make_board(BoardContext("watson-holmes", 3, fresh.narrator, lambda s, a: None))
    resumed.update(GAME.view(fresh.state, None), [], 0.0)
    assert not resumed.case_file  # a game resumed after the first visit opens on the board


def test_public_choices_are_buttons_that_submit():
    """Watson & Holmes asks everything on the seats; a public prompt (none today) would still be a
    row of big buttons that submit through the table."""
    game = Game(seats=3, seed=1)
    prompt = Prompt(1, "watson_target", (Action("watson_target", ("C02",)), Action("watson_target", ("C05",))), private=False)
    game.board.update(GAME.view(game.state, None), [prompt], 0.0)
    painters = render_everywhere("wh-board-public-choice", lambda: copy.deepcopy(game.board))
    painter = painters[0]
    target = next(t for t in painter.targets if t.value == (1, Action("watson_target", ("C05",))))
    game.board.tap(painter.hit(target.rect.center), 0.0)
    assert game.submitted == [(1, Action("watson_target", ("C05",)))]
    assert any(d.text == "St Anne's Church" for d in painter.drawn) or any(d.text == "The Lyceum Theatre" for d in painter.drawn)
    bot_board = make_board(BoardContext("watson-holmes", 3, game.narrator, lambda s, a: None, bots=frozenset({1})))
    bot_board.update(GAME.view(game.state, None), [prompt], 0.0)
    assert not any(isinstance(t.value, tuple) for t in render(bot_board, LAYOUTS["800x480"], "en").targets)


def test_an_idle_board_asks_for_no_frames():
    game = Game(seats=3, seed=1).until(MOMENTS["first-visit"])
    assert game.board.next_frame(0.0) is None


def test_it_is_the_board_registered_for_the_game():
    board = Game(seats=2, seed=1).board
    assert isinstance(board, WatsonHolmesBoard)
    assert board.theme.title_font.startswith("DejaVuSerif")
