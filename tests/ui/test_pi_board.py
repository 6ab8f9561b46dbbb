"""The P.I. board: finished at every layout through seeded bot games, public-only, and its taps.

The board is fed exactly what the table gives it: the public view, the public events and the public
prompts. Every name it draws must be in the public view or the public events so far, and private
events must change nothing it draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any


import pygame
import pytest

from kiosk.bots.pi_bot import DeducingBot
from kiosk.referee.awaited import awaited
from kiosk.games.base import Action, Event, IllegalAction, Prompt
from kiosk.games.pi.game import PI
from kiosk.games.pi.rules import load_rules
from kiosk.i18n import N_, Text, TextList
from kiosk.referee.narration import narrator_for
from kiosk.ui.boards import BoardContext, make_board
from kiosk.ui.boards.event_log import Step
from kiosk.ui.boards.pi import PIBoard
from kiosk.ui.boards.pi_log import CASE_OVER, CASE_STARTS
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.scenes.chrome import NO, YES
from tests.ui.scene_checks import render, render_everywhere

GAME = PI()
RULES = load_rules()
NAME_TO_ELEMENT = {name: element for element, name in RULES.names.items()}


@dataclass(frozen=True)
class Moment:
    view: dict[str, Any]  # the public view
    prompts: list[Prompt]  # every prompt of the moment (the board must ignore private ones)
    steps: tuple[tuple[Event, ...], ...]  # the events of each step so far, private ones included

    @property
    def events(self) -> list[Event]:
        return [event for step in self.steps for event in step]


@cache
def game_moments(seats: int, seed: int) -> tuple[Moment, ...]:
    """Every step of a whole game between deducing bots."""
    state, events = GAME.start_with_events(seats, seed)
    bots = [DeducingBot(s, seed) for s in range(seats)]
    steps: tuple[tuple[Event, ...], ...] = (tuple(events),)
    moments = [Moment(GAME.view(state, None), GAME.prompts(state), steps)]
    while prompts := GAME.prompts(state):
        prompt = min(prompts, key=lambda p: (p.private, p.seat))
        steps += (tuple(GAME.apply(state, prompt.seat, bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt))),)
        moments.append(Moment(GAME.view(state, None), GAME.prompts(state), steps))
    return tuple(moments)


def first(moments: tuple[Moment, ...], test) -> Moment:
    return next(m for m in moments if test(m))


def board_at(moment: Moment, submitted: list | None = None, private_too: bool = False, submit=None) -> PIBoard:
    """A board as the table keeps it: public events (all of them with `private_too`), the public view."""
    sink = submitted if submitted is not None else []
    context = BoardContext("pi", moment.view["seats"], narrator_for("pi", moment.view),
                           submit or (lambda seat, action: sink.append((seat, action))))
    board = make_board(context)
    assert isinstance(board, PIBoard)
    for step in moment.steps:  # one step at a time, as the table tells it
        board.observe([e for e in step if private_too or e.audience is None], 0.0)
    board.update(moment.view, [p for p in moment.prompts if not p.private], 0.0, awaited(moment.prompts))
    return board


MOMENTS = {
    "start": lambda m: True,
    "investigated": lambda m: m.events[-1].kind == "investigated" or any(i["markers"] for i in m.view["investigators"]),
    "accusing": lambda m: m.view["stage"] == "solve" and bool(m.view["guess"]),
    "solved": lambda m: any(p["solved_round"] for p in m.view["players"]),
    "case-over": lambda m: m.view["minigame"] == 2,
    "second-case": lambda m: m.view["minigame"] == 2 and m.view["round"] > 2,
    "over": lambda m: m.view["over"],
}


@pytest.mark.parametrize("name", list(MOMENTS))
def test_the_board_looks_finished_at_every_layout(name):
    moment = first(game_moments(4, 5), MOMENTS[name])
    painters = render_everywhere(f"pi-board-{name}", lambda: board_at(moment))
    assert all(p.drawn for p in painters)


def test_five_seats_and_two_seats_fit_too():
    for seats, seed in ((5, 8), (2, 3)):
        moments = game_moments(seats, seed)
        case_over = first(moments, lambda m: m.view["minigame"] == 2)
        for moment in (moments[len(moments) // 2], case_over, moments[-1]):
            render_everywhere(f"pi-board-{seats}-seats", lambda: board_at(moment))


# --- what the board may know ------------------------------------------------------------------------


def names_in(words: object) -> set[str]:
    """Every element (suspect, crime, location) a drawn text names, through its parameters."""
    if isinstance(words, TextList):
        return set().union(*(names_in(item) for item in words.items)) if words.items else set()
    if not isinstance(words, Text):
        return set()
    found = {NAME_TO_ELEMENT[words.msgid]} if words.msgid in NAME_TO_ELEMENT else set()
    for value in words.params.values():
        found |= names_in(value)
    return found


def public_elements(view: dict[str, Any], events: list[Event]) -> set[str]:
    """Every element id the public view and the public events so far mention."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str) and value in RULES.names:
            found.add(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(view)
    for event in events:
        assert event.audience is None
        walk(event.data)
    return found


@pytest.mark.parametrize("seats,seed", [(4, 5), (3, 11)])
def test_the_board_draws_only_public_names_and_ignores_private_events(seats, seed):
    layout = LAYOUTS["800x480"]
    moments = game_moments(seats, seed)
    for moment in moments[:: max(1, len(moments) // 40)] + (moments[-1],):
        public = [e for e in moment.events if e.audience is None]
        painter = render(board_at(moment), layout, "en")
        drawn = set().union(*(names_in(d.source) for d in painter.drawn))
        assert drawn <= public_elements(moment.view, public)
        told_everything = render(board_at(moment, private_too=True), layout, "en")
        assert pygame.image.tobytes(told_everything.surface, "RGB") == pygame.image.tobytes(painter.surface, "RGB")


def test_a_case_card_dealt_in_private_never_reaches_the_log():
    moment = game_moments(4, 5)[0]
    board = board_at(moment, private_too=True)
    assert any(e.kind == "case_dealt" for e in moment.events)
    assert [line.msgid for line in board.log.lines] == [CASE_STARTS]


def test_private_prompts_are_not_drawn():
    moment = first(game_moments(4, 5), lambda m: any(p.private for p in m.prompts))
    board = board_at(moment)
    assert board.prompt is not None and not board.prompt.private


# --- taps ----------------------------------------------------------------------------------------


def game_targets(painter) -> list:
    """The touch targets that play (the log's "older"/"newer" buttons only scroll it)."""
    return [t for t in painter.targets if not isinstance(t.value, Step)]


def tap_everything(board: PIBoard, layout_name: str = "800x480") -> list[tuple[int, Action]]:
    submitted: list[tuple[int, Action]] = []
    board.context = BoardContext("pi", board.context.seats, board.context.narrator,
                                 lambda seat, action: submitted.append((seat, action)))
    painter = render(board, LAYOUTS[layout_name], "en")
    for target in painter.targets:
        assert painter.hit(target.rect.center) == target.value
        board.tap(target.value, 0.0)
        if board.confirming is not None:  # an investigator, an accusation's last tile: asked again, then sent
            board.tap(YES, 0.0)
    return submitted


@pytest.mark.parametrize("layout_name", list(LAYOUTS))
def test_every_choice_of_a_turn_is_a_tap_away(layout_name):
    moment = first(game_moments(4, 5), lambda m: m.prompts and m.prompts[0].kind == "turn")
    (turn,) = [p for p in moment.prompts if not p.private]
    submitted = tap_everything(board_at(moment), layout_name)
    assert all(seat == turn.seat for seat, _ in submitted)
    assert sorted(a for _, a in submitted) == sorted(turn.actions)


@pytest.mark.parametrize("kind", ["solve_suspect", "solve_crime", "solve_location"])
def test_an_accusation_is_made_by_tapping_postcards(kind):
    moment = first(game_moments(4, 5), lambda m: any(p.kind == kind for p in m.prompts))
    (prompt,) = [p for p in moment.prompts if not p.private]
    submitted = tap_everything(board_at(moment))
    assert sorted(a for _, a in submitted) == sorted(prompt.actions)  # every tile of the kind, and back


@pytest.mark.parametrize("lang, words", [("en", ("Send an investigator?", "Left after this: 4", "Send", "Back")),
                                         ("es", ("¿Enviar investigador?", "Te quedarán: 4", "Enviar", "Atrás"))])
def test_an_investigator_tapped_on_the_board_is_sent_only_from_its_question(lang, words):
    """A postcard's tap spent one of the five investigators of the whole game at once (playPI33, on the board's
    «o toca el tablero»), where the seat's buttons ask first: the board asks the same, and only "Send" sends."""
    moment = first(game_moments(4, 5), lambda m: m.prompts and m.prompts[0].kind == "turn"
                   and m.view["players"][m.prompts[0].seat]["investigators_left"] == 5)
    submitted: list = []
    board = board_at(moment, submitted)
    painter = render(board, LAYOUTS["800x480"], lang)
    postcard = next(t for t in game_targets(painter) if t.value[1].kind == "investigate")
    board.tap(postcard.value, 0.0)
    asked = render(board, LAYOUTS["800x480"], lang)
    said = " ".join(d.text for d in asked.drawn)
    assert submitted == [] and all(word in said for word in words), said
    assert {t.value for t in asked.targets} >= {YES, NO}
    board.tap(NO, 0.0)
    assert submitted == [] and board.confirming is None  # Back: nothing sent
    board.tap(postcard.value, 0.0)
    board.tap(YES, 0.0)
    assert submitted == [postcard.value]


def test_the_last_tile_of_an_accusation_on_the_board_is_asked_again_and_a_change_of_turn_drops_the_question():
    moment = first(game_moments(4, 5), lambda m: any(p.kind == "solve_location" for p in m.prompts))
    submitted: list = []
    board = board_at(moment, submitted)
    painter = render(board, LAYOUTS["800x480"], "en")
    tile = next(t for t in game_targets(painter) if t.value[1].kind == "accuse")
    board.tap(tile.value, 0.0)
    said = " ".join(d.text for d in render(board, LAYOUTS["800x480"], "en").drawn)
    assert submitted == [] and "Accuse? If wrong: -2" in said and "Accuse" in said
    board.update(moment.view, [], 1.0)  # the seat's own buttons answered meanwhile: the question goes
    assert board.confirming is None


def test_a_postcard_without_an_investigator_to_send_says_why():
    moment = first(game_moments(4, 5), lambda m: m.prompts and m.prompts[0].kind == "turn")
    turn = moment.prompts[0]
    spent = Prompt(turn.seat, "turn", tuple(a for a in turn.actions if a.kind != "investigate"), private=False)
    submitted: list = []
    board = board_at(moment, submitted)
    board.update(moment.view, [spent], 0.0)
    painter = render(board, LAYOUTS["800x480"], "en")
    postcard = next(t for t in painter.targets if isinstance(t.value, Text))
    board.tap(postcard.value, 0.0)
    assert submitted == [] and board.notice == Text(N_("You have no investigator left: they are single use for the whole game."))
    again = render(board, LAYOUTS["800x480"], "es")
    assert any(d.text.startswith("No te queda") for d in again.drawn)


def test_a_refused_tap_shows_the_reason_and_raises_nothing():
    moment = first(game_moments(4, 5), lambda m: m.prompts and m.prompts[0].kind == "turn")

    def refuse(seat: int, action: Action) -> None:
        raise IllegalAction(N_("That card is not in the evidence display."))

    board = board_at(moment, submit=refuse)
    painter = render(board, LAYOUTS["800x480"], "en")
    board.tap(game_targets(painter)[-1].value, 0.0)
    assert board.notice == Text(N_("That card is not in the evidence display."))
    board.update(moment.view, moment.prompts, 1.0)
    assert board.notice is None  # the next change of the game clears it


def test_bot_turns_show_the_display_without_buttons_and_the_idle_board_asks_for_no_frames():
    moment = first(game_moments(4, 5), lambda m: m.prompts and m.prompts[0].kind == "turn")
    board = board_at(moment)
    board.update(moment.view, [], 0.0)  # the seat to play is a bot: the table passes no prompt
    painter = render(board, LAYOUTS["1024x600"], "en")
    assert game_targets(painter) == [] and board.next_frame(0.0) is None


def test_the_log_reads_every_public_sentence_of_a_step_newest_on_top():
    from kiosk.games.pi.narrate import TEMPLATES

    moment = first(game_moments(4, 5), lambda m: any(e.kind == "penalty" for e in m.steps[-1]))
    assert [line.msgid for line in list(board_at(moment).log.lines)[:2]] == [TEMPLATES["penalty"], TEMPLATES["solve_attempt"]]
    ended = first(game_moments(4, 5), lambda m: any(e.kind == "minigame_end" for e in m.steps[-1]))
    board = board_at(ended)
    assert CASE_OVER not in [line.msgid for line in board.log.lines]  # held while its rows turn over
    solution = board.showing_solution(0.0)
    assert solution is not None
    board.stage.settle(board.log, solution.end)  # the reveal has shown every case: the log tells them
    lines = list(board.log.lines)
    starts = next(i for i, line in enumerate(lines) if line.msgid == CASE_OVER)
    headline, cases = lines[starts], lines[starts + 1:starts + 5]
    end = next(e for e in ended.steps[-1] if e.kind == "minigame_end")
    assert headline.params["minigame"] == 1 and headline.params["rounds"].params["count"] == end.data["rounds"]  # not the next case's deal
    assert [line.params["seat"].params["n"] for line in cases] == [1, 2, 3, 4]  # then each seat's case, in seat order
    assert lines[starts - 1].msgid == CASE_STARTS  # the next case's deal above them


def test_a_bots_accusation_shows_its_progress_without_buttons():
    moment = first(game_moments(4, 5), MOMENTS["accusing"])
    board = board_at(moment)
    board.update(moment.view, [], 0.0)  # a bot accuses: no prompt reaches the board
    painter = render(board, LAYOUTS["800x480"], "en")
    chosen = next(iter(moment.view["guess"].values()))
    assert game_targets(painter) == []
    assert any(d.source == Text(RULES.names[chosen]) and d.box.left > 400 for d in painter.drawn)  # in the side panel


def test_who_won_waits_for_the_last_case_to_be_shown():
    """The trial of issue 38: "Winner: Red (seat 1)" stood beside the last case's rows as they turned."""
    over = first(game_moments(3, 5), MOMENTS["over"])
    board = board_at(over)
    last = board.stage.reveals[-1]
    during = {d.text for d in render(board, LAYOUTS["800x480"], "en", last.start).drawn}
    assert "Location" in during, "the last case's end is on screen"
    assert "The city sleeps. Case closed." not in during and not any(t.startswith("Winner") for t in during)
    after = {d.text for d in render(board, LAYOUTS["800x480"], "en", last.end).drawn}
    assert "The city sleeps. Case closed." in after


def test_a_cases_points_wait_for_its_reveal():
    """The trial of issue 38: the score table (Cases / Total) showed a case's points while its rows still
    turned; they come in once the case's end has been shown, as the log's lines do."""
    ended = first(game_moments(3, 5), MOMENTS["case-over"])
    board = board_at(ended)
    reveal = board.stage.reveals[-1]
    scored = {s: p for s, p in reveal.data["scores"].items() if p}
    assert scored, "somebody scored in the first case of this seeded game"
    seat, points = next(iter(scored.items()))
    player = ended.view["players"][int(seat)]
    late = " ".join("–" if p is None else str(p) for p in player["scores"])

    def drawn(now: float) -> set[str]:
        return {d.text for d in render(board, LAYOUTS["800x480"], "en", now).drawn}

    early = " ".join("–" for _ in player["scores"])
    during = drawn(reveal.start)
    assert late not in during and early in during, "no points of the case before its rows have turned"
    assert str(player["total"] - points) in during
    after = drawn(reveal.end)
    assert late in after and str(player["total"]) in after
