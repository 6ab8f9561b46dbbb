"""Learn as you play in seeded games of every game played with the seats' buttons alone: every kind of
decision is explained once at each seat that meets it, before its first choice, and never again; the
games still reach their end. Every kind has a test explanation here (whatever the games' tables hold)."""

from __future__ import annotations

from collections import Counter

import pytest

from kiosk.games.base import Action
from kiosk.games.explanations import Explanation
from kiosk.seats import learn
from kiosk.seats.learn import Learning
from tests.menu_support import presses_to
from tests.table_support import ButtonsOnly, table_referee

GAMES = {"pi": (3, 1, 200), "mystery-express": (4, 3, 400), "watson-holmes": (3, 1, 200), "mystery-city": (3, 1, 400)}


class LearningPeople(ButtonsOnly):
    """People who read each explanation the table opens on (every page), then choose."""

    read: Counter[tuple[int, str]]

    def choose(self, seat: int, action: Action) -> None:
        controller = self.referee.controllers[seat]
        if controller.mode == "idle" and controller.prompt is not None:
            self.press(seat, "select")  # "Your move": the press that opens the choices
        for _ in range(5):
            self.read_on(seat, controller)
            presses = presses_to(controller, action)
            for n, (button, long) in enumerate(presses, 1):
                self.press(seat, button, long)
                if controller.mode == "learn" and n < len(presses):  # a group opened on its explanation (P.I.'s notes)
                    break
            else:
                return
        raise AssertionError(f"seat {seat + 1} never reached {action!r}")

    def read_on(self, seat: int, controller) -> None:
        """Read the explanation the seat shows, every page, on to the choices."""
        while controller.mode == "learn" and not controller.reveals:
            assert controller.explaining in {controller.deciding().kind} | {p.kind for p in controller.also}
            if controller.screen().index == 0:
                self.read[(seat, controller.explaining)] += 1
            self.press(seat, "next")  # ▶ to the last page, and on to the choices


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_kind_is_explained_once_per_seat_and_the_game_ends(mock_table, tmp_path, monkeypatch, game_id):
    monkeypatch.setattr(learn, "prompt_explanation", lambda game, kind: Explanation(f"What {kind} is.", "Choices.", "Tip."))
    seats, seed, most = GAMES[game_id]
    learning = Learning(game_id)
    store, session, referee = table_referee(mock_table, tmp_path, game_id, seed, seats=seats, bots=(),
                                            touchscreen=True, learning=learning)
    people = LearningPeople(referee, game_id, seed)
    people.read = Counter()
    for _ in range(most):
        if session.over:
            break
        people.answer_next()
    assert session.over
    assert people.read and max(people.read.values()) == 1  # never the same kind twice at a seat
    if game_id == "pi":  # the notes beside the turn are explained too, when first opened
        assert any(kind == "notes" for _, kind in people.read)
    assert set(people.read) <= learning.explained
    store.close()
