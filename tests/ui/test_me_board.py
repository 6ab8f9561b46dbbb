"""The Mystery Express public board: finished at every layout and moment, public information only,
taps that submit exactly the choice shown, and motion only while a clock runs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from kiosk.games.base import Action, Event, IllegalAction, Prompt
from kiosk.games.mystery_express.choices import worth_offering
from kiosk.games.mystery_express.rules import load_rules
from kiosk.i18n import Text, TextList
from kiosk.ui.boards import BOARD_MODULES, BoardContext, make_board
from kiosk.ui.boards.event_log import Step
from kiosk.ui.boards.mystery_express import MysteryExpressBoard
from kiosk.ui.boards.me_reveals import CARD_SHARE, FRAME
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter
from tests.ui.me_table import PlayedGame, played_game, submitted
from tests.ui.layout_checks import one_size
from tests.ui.scene_checks import check_frame, render, render_everywhere

LANDSCAPE, PORTRAIT = LAYOUTS["800x480"], LAYOUTS["720x1280"]




def stage_index(played: PlayedGame, stage: str) -> int:
    return played.first(lambda m: m.view["stage"] == stage)


# --- every moment looks finished everywhere ---------------------------------------------------------

MOMENTS: dict[str, tuple[int, int, Any, float]] = {
    # name: (seats, seed, index of the moment in the played game, seconds after it)
    "start": (5, 3, lambda g: 0, 0.0),
    "first-turn": (5, 3, lambda g: g.first(lambda m: any(p.kind == "turn" for p in m.prompts)), 0.0),
    "mid-leg-category": (5, 3, lambda g: g.first(lambda m: any(p.kind.endswith("_category") for p in m.prompts)), 0.0),
    "many-turn-buttons": (4, 7, lambda g: g.first(lambda m: any(len(p.actions) > 6 for p in m.prompts)), 0.0),  # a squat Conductor box
    "mid-leg-targets": (4, 7, lambda g: g.first(lambda m: any(p.kind.endswith("_target") for p in m.prompts)), 0.0),
    "strasbourg-single-pile": (5, 3, lambda g: g.event_index("time_reveal", method="single_pile"), 4.5),
    "wien-packets": (4, 7, lambda g: g.event_index("time_reveal", method="packets"), 3.5),  # after a lounge reveal
    "budapest-three-piles": (3, 5, lambda g: g.event_index("time_reveal", method="three_piles"), 7.3),
    "munchen-tunnel": (5, 3, lambda g: g.first(lambda m: m.view["stage"] == "tunnel"
                                                and any(m.view["step"]["picks"].values())), 40.0),
    "telegram": (4, 7, lambda g: stage_index(g, "telegram") + 2, 40.0),
    "sudden-revelation": (3, 5, lambda g: stage_index(g, "sudden") + 1, 40.0),
    "after-sudden": (3, 5, lambda g: g.event_index("sudden_revelation") + 3, 40.0),
    "final-answers": (5, 3, lambda g: stage_index(g, "final") + 1, 0.0),
    "end-answers-first": (5, 3, lambda g: len(g.log) - 1, 0.2),
    "end-category-3": (4, 7, lambda g: len(g.log) - 1, 2.7),
    "end-results": (5, 3, lambda g: len(g.log) - 1, 60.0),
    "end-results-3": (3, 5, lambda g: len(g.log) - 1, 60.0),
}


@pytest.mark.parametrize("name", MOMENTS)
def test_the_board_is_finished_at_every_layout_in_both_languages(name):
    seats, seed, where, after = MOMENTS[name]
    played = played_game(seats, seed)
    index = where(played)
    painters = render_everywhere(f"me-board-{name}", lambda: played.board(index), now=played.log[index].now + after)
    assert all(p.drawn for p in painters)


def test_the_board_is_registered_for_mystery_express():
    assert BOARD_MODULES["mystery-express"] == "kiosk.ui.boards.mystery_express"
    played = played_game(3, 5)
    board = make_board(played.board(0).context)
    assert isinstance(board, MysteryExpressBoard)


# --- the public side only ---------------------------------------------------------------------------


def public_keys(value: Any, into: set[str]) -> set[str]:
    """Every string in a public view or public event, keys included (ids of faces, characters...)."""
    if isinstance(value, dict):
        for key, item in value.items():
            into.add(str(key))
            public_keys(item, into)
    elif isinstance(value, (list, tuple)):
        for item in value:
            public_keys(item, into)
    elif isinstance(value, str):
        into.add(value)
    return into


def names_in(words: Any, into: set[str]) -> set[str]:
    if isinstance(words, TextList):
        for item in words.items:
            names_in(item, into)
    elif isinstance(words, Text):
        into.add(words.msgid)
        for value in words.params.values():
            names_in(value, into)
    return into


def allowed_names(keys: set[str]) -> set[str]:
    rules = load_rules()
    names = {rules.element_names[k] for k in keys if k in rules.element_names}
    names |= {c.name for c in rules.characters if c.id in keys}
    names |= {name for car, name in rules.cars.items() if car in keys} | {k for k in keys if k in rules.cities}
    return names


def secret_names() -> set[str]:
    rules = load_rules()
    return set(rules.element_names.values()) | {c.name for c in rules.characters}


@pytest.mark.parametrize("seats, seed", [(3, 11), (4, 12), (5, 13)])
def test_the_board_draws_only_what_the_public_view_and_events_hold(seats, seed):
    played = PlayedGame(seats, seed).play()
    assert played.private_events > 0  # there was something to hide
    board = played.board(0)
    received: list[Event] = []
    keys: set[str] = set()
    secrets = secret_names()
    layouts = (LANDSCAPE, PORTRAIT, LAYOUTS["1024x600"], LAYOUTS["1280x720"])
    for i, moment in enumerate(played.log):
        received += moment.events
        board.observe(moment.events, moment.now)
        board.update(moment.view, moment.prompts, moment.now, moment.awaited)
        offered = [a.args for p in moment.prompts for a in p.actions]
        keys = public_keys([moment.view, [e.data for e in moment.events], offered], keys)
        painter = render(board, layouts[i % len(layouts)], "es" if i % 2 else "en", moment.now + (i % 7) * 0.4)
        drawn: set[str] = set()
        for item in painter.drawn:
            names_in(item.source, drawn)
        leaked = (drawn & secrets) - allowed_names(keys)
        assert not leaked, f"step {i}: drew {leaked}, which nothing public showed"
        assert set(board.shown_faces) <= keys, f"step {i}: a clock or face not shown in public"
    assert all(e.audience is None for e in received)
    assert board.view == played.log[-1].view


def test_a_private_event_given_by_mistake_is_neither_told_nor_drawn():
    played = played_game(5, 3)
    index = played.first(lambda m: any(p.kind == "turn" for p in m.prompts))
    board = played.board(index)
    before = list(board.log.lines)
    secret = Event("card_shown", {"from": 1, "to": 0, "face": "MOTIVE:3"}, frozenset({0, 1}))
    board.observe([secret], played.log[index].now)
    assert list(board.log.lines) == before
    painter = render(board, LANDSCAPE, "en", played.log[index].now)
    assert not any("Blackmail" in d.text for d in painter.drawn)


# --- taps -------------------------------------------------------------------------------------------


def frame_of(board: MysteryExpressBoard, now: float, layout=LANDSCAPE) -> Painter:
    painter = render(board, layout, "en", now)
    check_frame(painter, "tap test")
    return painter


def target_for(painter: Painter, action: Action) -> tuple[int, int]:
    target = next(t for t in painter.targets if isinstance(t.value, tuple) and t.value[1] == action)
    return target.rect.center


@pytest.mark.parametrize("layout", [LANDSCAPE, PORTRAIT])
def test_a_tap_on_a_choice_submits_exactly_that_action(layout):
    played = played_game(5, 3)
    index = played.first(lambda m: any(p.kind.endswith("_category") for p in m.prompts))
    taps, submit = submitted()
    board = played.board(index, submit)
    prompt = played.log[index].prompts[0]
    now = played.log[index].now
    painter = frame_of(board, now, layout)
    buttons = [t.value for t in painter.targets if not isinstance(t.value, Step)]  # the log's own aside
    assert buttons == [(prompt.seat, a) for a in prompt.actions]  # every public choice, nothing more
    chosen = prompt.actions[1]
    board.tap(painter.hit(target_for(painter, chosen)), now)
    assert taps == [(prompt.seat, chosen)]


def test_a_tap_on_a_car_walks_there_and_a_stale_or_refused_tap_says_why():
    played = played_game(5, 3)
    index = played.first(lambda m: any(p.kind == "turn" for p in m.prompts))
    taps, submit = submitted()
    board = played.board(index, submit)
    prompt = played.log[index].prompts[0]
    now = played.log[index].now
    painter = frame_of(board, now)
    move = next(a for a in worth_offering(prompt, board.view) if a.kind == "move")  # a walk where something can be done
    board.tap(painter.hit(target_for(painter, move)), now)
    assert taps == [(prompt.seat, move)]

    board.tap((prompt.seat, Action("move", ("nowhere",))), now)  # a choice no longer offered
    assert taps == [(prompt.seat, move)] and board.notice is not None
    assert board.notice.msgid == "That choice is no longer open."

    def refuse(seat: int, action: Action) -> None:
        raise IllegalAction("Not enough hours left for that.")

    refusing = played.board(index, refuse)
    refusing.tap((prompt.seat, move), now)
    assert refusing.notice is not None and refusing.notice.msgid == "Not enough hours left for that."
    check_frame(render(refusing, LANDSCAPE, "es", now), "refused tap")


def test_bots_choices_are_not_buttons():
    played = played_game(5, 3)
    index = played.first(lambda m: any(p.kind == "turn" for p in m.prompts))
    board = played.board(index)
    seat = played.log[index].prompts[0].seat
    context = BoardContext(board.context.game_id, 5, board.context.narrator, board.context.submit,
                           bots=frozenset({seat}))
    robot = MysteryExpressBoard(context)
    robot.update(played.log[index].view, played.log[index].prompts, played.log[index].now)
    targets = render(robot, LANDSCAPE, "en", played.log[index].now).targets
    assert [t.value for t in targets if not isinstance(t.value, Step)] == []  # the log's scrolling, nothing else


# --- motion only while a clock runs -----------------------------------------------------------------


@pytest.mark.parametrize("method, seats, seed", [("single_pile", 5, 3), ("packets", 4, 7), ("three_piles", 3, 5)])
def test_a_time_reveal_animates_then_the_board_is_still(method, seats, seed):
    played = played_game(seats, seed)
    index = played.event_index("time_reveal", method=method)
    board = played.board(index)
    reveal = board.stage.reveals[-1]  # queued after any reveal still running (bots play fast)
    assert reveal.start >= played.log[index].now
    assert played.board(index - 1).next_frame(reveal.start) is None  # nothing moved before it
    assert board.next_frame(reveal.start) == FRAME
    per = played.reveal_seconds if method == "packets" else played.reveal_seconds * CARD_SHARE  # a card: briefly
    looks = seats if method == "packets" else 23
    assert reveal.end == pytest.approx(reveal.start + looks * per)
    start = reveal.start
    first, middle = render(board, LANDSCAPE, "en", start + 0.01), render(board, LANDSCAPE, "en", reveal.end - 0.5)
    assert 0 < board.next_frame(reveal.end - 0.5) <= per  # a frame as the clocks move, or at the next card
    assert first.surface.get_view("2").raw != middle.surface.get_view("2").raw  # the clocks moved on
    assert board.next_frame(reveal.end + 0.01) is None
    if method != "packets":
        render(board, LANDSCAPE, "en", reveal.end - 0.5)
        assert len(board.shown_faces) == (1 if method == "single_pile" else 3)


def test_the_end_turns_the_solution_over_one_category_at_a_time_then_stops():
    played = played_game(5, 3)
    last = len(played.log) - 1
    board = played.board(last)
    start = played.log[last].now
    assert board.end is not None
    turned = []
    for step in range(7):
        render(board, LANDSCAPE, "en", start + step * played.reveal_seconds + 0.75)
        turned.append(len(set(board.shown_faces) & set(played.log[last].view["result"]["solution"].values())))
        wait = board.next_frame(start + step * played.reveal_seconds + 0.75)  # at the next category, then none
        assert wait == (pytest.approx(0.25 * played.reveal_seconds) if step < 6 else None)
    assert turned[0] <= 1 and turned[-1] == len(set(played.log[last].view["result"]["solution"].values()))
    assert turned == sorted(turned)


def first_prompt_everywhere(seats: int, kind: str) -> Iterator[tuple[str, Prompt, MysteryExpressBoard, Painter]]:
    """The board at the first public prompt of `kind` in a seeded game, drawn (and checked) at both
    sizes in both languages: (language, prompt, board, painter)."""
    played = played_game(seats, 3)
    index = played.first(lambda m: any(p.kind == kind for p in m.prompts))
    board = played.board(index)
    for layout in (LANDSCAPE, PORTRAIT):
        for lang in ("en", "es"):
            painter = render(board, layout, lang, played.log[index].now)
            check_frame(painter, f"{kind} at {layout.name} in {lang}")
            yield lang, played.log[index].prompts[0], board, painter


@pytest.mark.parametrize("seats", [3, 5])
def test_the_character_buttons_set_every_name_at_one_size(seats):
    """"Miss Pemberton" fits its button on one line where "Colonel MacDouglas" needs two: set on its
    own, it came out larger and crowded its box; a row of names reads as one list at one size."""
    for lang, prompt, board, painter in first_prompt_everywhere(seats, "character"):
        names = [board.context.narrator.label(a).render(lang) for a in prompt.actions]
        labels = [label for _, label in painter.buttons if label.text in names]
        assert len(labels) == len(names)
        assert len({label.pixels for label in labels}) == 1, f"{lang}: names at sizes {[(l.text, l.pixels) for l in labels]}"


def test_a_turns_action_buttons_set_every_name_at_one_size():
    """"Get a grip!" beside "Lounge reveal": each shrunk on its own, the short names came out larger."""
    for lang, prompt, board, painter in first_prompt_everywhere(5, "turn"):
        narrator = board.context.narrator
        names = [narrator.label(a).render(lang) for a in worth_offering(prompt, board.view) if narrator.where(a) is not None]
        assert len(names) >= 3
        sizes = one_size(painter, names)
        assert len(sizes) == 1, f"{lang}: action names at sizes {sizes}"


@pytest.mark.parametrize("seats, seed", [(3, 3), (3, 4), (4, 5), (5, 3), (5, 8)])
def test_the_end_table_keeps_every_answer_whole_once_the_scores_come(seats, seed):
    """The table's one size was measured on its first frame, rows still tall; the scores then took
    their room and "Pocket pistol" was cut to "Pocket…". Drawn as the table sees it, row after row to
    the scores, every answer fits at every frame. Five seats in portrait (seed 8) leave a column too
    narrow for «envenenado» at the type floor: it breaks with a hyphen («Té envene-» over «nado»)
    rather than read «Té envena…»."""
    played = played_game(seats, seed)
    last = len(played.log) - 1
    start = played.log[last].now
    for layout in (LANDSCAPE, PORTRAIT):
        for lang in ("en", "es"):
            board = played.board(last)
            assert board.end is not None
            for step in range(8):
                check_frame(render(board, layout, lang, start + step * played.reveal_seconds + 0.75),
                            f"the end, step {step}, at {layout.name} in {lang}")
