"""A seat's walk at the table (`GameSession.apply_all`): tried on a copy, then committed and applied up
to the first action the game refuses, the lookahead's copy read instead of a new one."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import pytest

from kiosk.games import registry
from kiosk.games.base import Action, IllegalAction, copy_state
from kiosk.referee.session import GameSession
from kiosk.games.base import Walk
from kiosk.store import GameStore

NONSENSE = Action("no-such-action")


def started(tmp_path: Path) -> tuple[GameStore, GameSession, int, Action]:
    store = GameStore.open(tmp_path)
    session = GameSession.start(store, "mystery-express", 4, 1, {}, bots=[])
    prompt = session.game.prompts(session.state)[0]
    return store, session, prompt.seat, prompt.actions[0]


def test_a_walk_refused_half_way_commits_and_applies_the_actions_before_the_refusal(tmp_path: Path) -> None:
    store, session, seat, first = started(tmp_path)
    expected = copy_state(session.state)
    wanted = session.game.apply(expected, seat, first)
    events, refused = session.apply_all(seat, (first, NONSENSE))
    assert isinstance(refused, IllegalAction)
    assert events == wanted and session.actions_done == 1
    assert [seat_stored for seat_stored, _ in store.actions(session.record.id)] == [seat]
    assert session.game.view(session.state, seat) == session.game.view(expected, seat)
    store.close()


def test_a_walk_refused_at_once_raises_and_stores_and_changes_nothing(tmp_path: Path) -> None:
    store, session, seat, first = started(tmp_path)
    before = session.game.view(session.state, seat)
    with pytest.raises(IllegalAction):
        session.apply_all(seat, (NONSENSE, first))
    assert store.actions(session.record.id) == [] and session.actions_done == 0
    assert session.game.view(session.state, seat) == before
    store.close()


def test_the_lookaheads_copy_is_read_not_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy with the walk already taken: the session commits it without trying the walk again, on a
    copy of its own or on the state (the game applies nothing), and the state becomes the copy."""
    store, session, seat, first = started(tmp_path)
    tried = copy_state(session.state)
    wanted = session.game.apply(tried, seat, first)
    expected, state = plain(tried), session.state
    applied: list[object] = []
    game_apply = session.game.apply

    def counted(state: object, who: int, action: Action) -> object:
        applied.append(state)
        return game_apply(state, who, action)

    monkeypatch.setattr(session.game, "apply", counted)  # the registry's game: undone after the test
    events, refused = session.apply_all(seat, (first,), Walk(tried, wanted))
    assert refused is None and events == wanted and applied == []
    assert session.state is state and plain(session.state) == expected  # the same object, holding the walk
    assert len(store.actions(session.record.id)) == 1 and session.actions_done == 1
    store.close()


def plain(state: Any) -> dict[str, Any]:
    """A state's fields, its generator by what it will draw (generators compare by identity)."""
    return {name: value.getstate() if isinstance(value, random.Random) else value for name, value in vars(state).items()}


@pytest.mark.parametrize("game_id", ["mystery-express", "pi", "watson-holmes", "mystery-city"])
def test_a_copy_of_the_state_plays_on_as_the_state_does_and_shares_nothing_with_it(game_id: str) -> None:
    """`copy_state` copies the generator apart from the rest (getstate/setstate): the copy draws what
    the state would draw, from a generator of its own, and taking actions on it leaves the state as it was."""
    game = registry.get(game_id)
    state = game.start(4, 7)
    copy = copy_state(state)
    assert copy.rng is not state.rng and plain(copy) == plain(state)
    for _ in range(12):  # the same actions on both, chance included
        prompt = game.prompts(state)[0]
        before = pickle.dumps(state)
        game.apply(copy, prompt.seat, prompt.actions[-1])
        assert pickle.dumps(state) == before  # the state did not move with its copy
        game.apply(state, prompt.seat, prompt.actions[-1])
        assert plain(copy) == plain(state)
    assert copy.rng.random() == state.rng.random()
