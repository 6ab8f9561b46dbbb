"""The status line names exactly the seats the table waits for, for every prompt kind of every game.

The kinds are not listed here: they come from seeded random playouts of every game, at every seat
count and with every option value, so a new kind without wording fails. Each line is built only from
seat and kind (`Awaited`) and the public view, so it cannot carry what a private prompt holds; the
boards' own public-only checks (test_*_board.py) draw it at every step too.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from kiosk.referee.awaited import DOING, SEAT, Awaited, awaited, doing, status_line
from kiosk.games import registry
from kiosk.games.base import Prompt
from kiosk.i18n import Text, TextList
from kiosk.referee.narration import narrator_for
from kiosk.ui.boards import BoardContext, make_board
from tests.ui.scene_checks import LANGUAGES, check_words, render_everywhere

STEPS = 600


def option_variants(game_id: str) -> list[dict[str, Any]]:
    """The defaults, then each option at each other value it can take (booleans both ways)."""
    variants: list[dict[str, Any]] = [{}]
    for option in registry.get(game_id).info.options:
        values = option.choices or ((not option.default,) if isinstance(option.default, bool) else ())
        variants += [{option.name: value} for value in values if value != option.default]
    return variants


def playout(game_id: str, seats: int, seed: int, options: dict[str, Any]) -> Iterator[tuple[list[Prompt], dict[str, Any]]]:
    """Every moment of a random game: its prompts and its public view."""
    game = registry.get(game_id)
    try:
        state = game.start(seats, seed, options)
    except ValueError:
        return  # an option this seat count cannot use
    rng = random.Random(seed)
    for _ in range(STEPS):
        prompts = game.prompts(state)
        if not prompts:
            return
        yield prompts, copy.deepcopy(game.view(state, None))  # a view may share lists with the state
        prompt = rng.choice(prompts)
        game.apply(state, prompt.seat, rng.choice(prompt.actions))


@cache
def moments(game_id: str) -> tuple[tuple[tuple[Prompt, ...], dict[str, Any]], ...]:
    info = registry.get(game_id).info
    found = []
    for options in option_variants(game_id):
        for seats in range(info.min_seats, info.max_seats + 1):
            for prompts, view in playout(game_id, seats, seats * 7 + len(found), options):
                found.append((tuple(prompts), view))
    return tuple(found)


def seats_named(line: Text, narrator: Any, total: int) -> set[int]:
    """The seats the line names as awaited: the `{seats}` part of each "{seats}: {doing}"."""
    if line.msgid == "{first} · {then}":
        return seats_named(line.params["first"], narrator, total) | seats_named(line.params["then"], narrator, total)
    assert line.msgid == "{seats}: {doing}", line.msgid
    return names(line.params["seats"], narrator, total)


def names(words: Text, narrator: Any, total: int) -> set[int]:
    if words.msgid == "Everyone":
        return set(range(total))
    if words.msgid == "Seats {first} and {last}":
        numbers = [int(n) for n in words.params["first"].split(", ")] + [int(words.params["last"])]
        return {n - 1 for n in numbers}
    if words.msgid in ("{first} and {last}", "{first}, {then}"):
        return set().union(*(names(value, narrator, total) for value in words.params.values()))
    seats = {seat for seat in range(total) if narrator.seat(seat) == words}
    assert len(seats) == 1, f"{words!r} names no single seat"
    return seats


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_prompt_kind_has_words_and_the_line_names_exactly_the_prompted_seats(game_id):
    kinds: set[str] = set()
    for prompts, view in moments(game_id):
        narrator = narrator_for(game_id, view)
        total = int(view.get("seats") or len(view["players"]))
        waiting = awaited(prompts)
        kinds |= {entry.kind for entry in waiting}
        line = status_line(game_id, waiting, view, narrator)
        assert line is not None
        assert seats_named(line, narrator, total) == {p.seat for p in prompts}, (prompts, line)
        check_words(line, f"{game_id} status line")
        for lang in LANGUAGES:
            rendered = line.render(lang)
            assert "{" not in rendered and rendered.strip(), rendered
    assert kinds <= set(DOING[game_id])
    assert len(kinds) >= 4, f"{game_id}: the playouts met only {sorted(kinds)}"


def test_the_line_reads_as_the_issue_asks_in_both_languages():
    narrator = narrator_for("mystery-express", {"players": [
        {"seat": 0, "character": "macdouglas"}, {"seat": 1, "character": "pemberton"}, {"seat": 2, "character": "strauss"},
    ]})
    view = {"seats": 3, "active": 0}
    show = [Awaited(1, "dining_show")]
    assert status_line("mystery-express", show, view, narrator).render("en") == (
        "Miss Pemberton: show a card to Colonel MacDouglas")
    pass_cards = [Awaited(0, "passenger_pass"), Awaited(2, "passenger_pass")]
    unnamed = narrator_for("mystery-express", {})
    assert status_line("mystery-express", pass_cards, view, unnamed).render("en") == "Seats 1 and 3: choose a card to pass"
    assert status_line("mystery-express", pass_cards, view, unnamed).render("es") == "Puestos 1 y 3: pasa una carta"
    everyone = [Awaited(seat, "telegram") for seat in range(3)]
    assert status_line("mystery-express", everyone, view, narrator).render("es") == "Todos: escribe un telegrama"
    assert doing("mystery-express", "dining_show", view, narrator).render("es") == "enseña una carta a Coronel MacDouglas"
    both = [Awaited(1, "turn"), Awaited(1, "notes")]
    assert status_line("pi", both, {"seats": 3, "active": 1}, narrator_for("pi", {})).render("en") == (
        "Seat 2: choose an action; note a marker")
    assert status_line("pi", [], {"seats": 3}, narrator_for("pi", {})) is None
    assert doing("pi", "a-kind-with-no-words", {"seats": 3}, narrator_for("pi", {})).render("es") == "elige"


def test_a_p_i_turn_after_which_the_case_ends_says_so():
    """Rules 10, A5: the case ends with the round once one seat at most is unsolved (or at the round cap);
    the seat left alone had two newcomers' turns go by unwarned."""
    narrator = narrator_for("pi", {})

    def view(solved: list[int | None], round_: int = 3, limit: int = 30) -> dict[str, Any]:
        return {"seats": 3, "active": 2, "round": round_, "round_limit": limit,
                "players": [{"seat": s, "solved_round": r} for s, r in enumerate(solved)]}

    turn = [Awaited(2, "turn"), Awaited(2, "notes")]
    assert status_line("pi", turn, view([2, None, None]), narrator).render("en") == "Seat 3: choose an action; note a marker"
    assert status_line("pi", turn, view([2, 3, None]), narrator).render("en") == "Seat 3: last turn of the case; note a marker"
    assert doing("pi", "turn", view([2, 3, None]), narrator).render("es") == "último turno del caso"
    assert doing("pi", "turn", view([None, None, None], 30, 30), narrator).render("en") == "last turn of the case"
    assert doing("pi", "turn", view([None, None, None], 30, 0), narrator).render("en") == "choose an action"  # no cap
    assert doing("pi", "solve_suspect", view([2, 3, None]), narrator).render("en") == "name the suspect"


def test_the_line_is_built_from_seat_and_kind_only():
    """An `Awaited` holds a seat and a kind: a prompt's choices and data never reach the line."""
    prompt = Prompt(1, "dining_show", (), data={"category": "MOTIVE", "to": 0})
    assert awaited([prompt, prompt]) == (Awaited(1, "dining_show"),)
    assert set(vars(Awaited(1, "x"))) == {"seat", "kind"}
    assert SEAT in {narrator_for(game_id, {}).seat(0).msgid for game_id in registry.ids()}


def board_moment(game_id: str, kinds: set[str]) -> tuple[tuple[Prompt, ...], dict[str, Any]]:
    """The moment with one of `kinds` that awaits the most seats and asks the most things: the longest line."""
    return max((m for m in moments(game_id) if any(p.kind in kinds for p in m[0])),
               key=lambda m: (len({p.seat for p in m[0]}), len(awaited(m[0]))))


@pytest.mark.parametrize("game_id, kinds", [
    ("mystery-express", {"dining_show"}),
    ("mystery-express", {"telegram"}),
    ("pi", {"notes"}),
    ("watson-holmes", {"bid", "answer", "wait_221b"}),
    ("mystery-city", {"reveal", "aftermath"}),
])
def test_every_board_draws_the_line_at_every_layout_in_both_languages(game_id, kinds):
    prompts, view = board_moment(game_id, kinds)
    narrator = narrator_for(game_id, view)
    seats = int(view.get("seats") or len(view["players"]))
    waiting = awaited(prompts)
    line = status_line(game_id, waiting, view, narrator)

    def board():
        made = make_board(BoardContext(game_id, seats, narrator, lambda seat, action: None))
        made.update(view, [p for p in prompts if not p.private], 0.0, waiting)
        return made

    for painter in render_everywhere(f"status-line-{game_id}-{min(kinds)}", board):
        drawn = [d for d in painter.drawn if contains(d.source, line)]
        assert drawn, f"{game_id}: the status line {line} is not on the board"


def contains(words: object, line: Text | None) -> bool:
    if words == line:
        return True
    if isinstance(words, Text):
        return any(contains(value, line) for value in words.params.values())
    if isinstance(words, TextList):
        return any(contains(item, line) for item in words.items)
    return False
