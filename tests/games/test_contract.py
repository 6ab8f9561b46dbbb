"""The game contract (DESIGN.md): the registry and the behaviour every game shares."""

from __future__ import annotations

import copy
import json
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.games import registry
from kiosk.games.base import Action, GameInfo, IllegalAction, action_from_json, action_to_json
from kiosk.referee.headless import play, random_bots


def test_the_registry_lists_only_games_that_exist():
    assert "mystery-express" in registry.ids()
    assert set(registry.ids()) <= {"mystery-express", "pi", "watson-holmes", "mystery-city"}
    for game_id in registry.ids():
        game = registry.get(game_id)
        assert isinstance(game.info, GameInfo) and game.info.id == game_id
        assert set(game.info.names) == {"en", "es"}


def test_an_unknown_game_is_named_in_the_error():
    with pytest.raises(KeyError, match="unknown game 'chess', expected one of mystery-express"):
        registry.get("chess")


scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=12))
args = st.recursive(scalars, lambda inner: st.tuples(inner, inner) | st.tuples(inner), max_leaves=8)


@given(kind=st.text(min_size=1, max_size=12), arguments=st.lists(args, max_size=4).map(tuple))
def test_every_action_survives_the_json_round_trip(kind, arguments):
    action = Action(kind, arguments)
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@pytest.mark.parametrize("bad", [[], {"args": []}, {"kind": 3}, {"kind": "x", "args": "no"}])
def test_malformed_action_json_is_refused(bad):
    with pytest.raises(ValueError):
        action_from_json(bad)


@pytest.mark.parametrize("game_id", registry.ids())
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_a_copied_state_is_independent(game_id, seed, data):
    game = registry.get(game_id)
    seats = data.draw(st.integers(game.info.min_seats, game.info.max_seats))
    state = game.start(seats, seed)
    steps = data.draw(st.integers(0, 60))
    for _step in islice(play(game, state, random_bots(seats, seed)), steps):
        pass
    views = [game.view(state, s) for s in [None, *range(seats)]]
    twin = copy.deepcopy(state)
    for _ in play(game, twin, random_bots(seats, seed + 1)):
        pass
    assert [game.view(state, s) for s in [None, *range(seats)]] == views
    assert game.outcome(twin) is not None


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_whole_bot_game_ends_with_an_outcome(game_id):
    game = registry.get(game_id)
    for seats in range(game.info.min_seats, game.info.max_seats + 1):
        state = game.start(seats, 99)
        steps = list(play(game, state, random_bots(seats, 99)))
        outcome = game.outcome(state)
        assert steps and game.prompts(state) == [] and outcome is not None
        assert set(outcome.scores) == set(range(seats))
        # Some games can end with everyone losing (Watson & Holmes: every attempt at 221B failed).
        assert outcome.winners or outcome.detail.get("everyone_loses") is True
        with pytest.raises(IllegalAction, match="over"):
            game.apply(state, 0, Action("end_turn"))


def test_an_illegal_action_explains_itself_in_both_languages():
    game = registry.get("mystery-express")
    state = game.start(3, 1, {"characters": "random"})
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, (state.active + 1) % 3, Action("car", ("club",)))
    assert refused.value.text.render("en") == "Nothing is asked of seat {} now.".format((state.active + 1) % 3 + 1)
    assert refused.value.text.render("es").startswith("Ahora no se espera nada del puesto")


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_seats_views_built_on_one_public_view_are_their_own_and_leave_it_untouched(game_id):
    """The referee builds the public view once a refresh and every seat's view on it (`Game.view`'s
    `public`). Each seat must get exactly the view it would get alone, and none may write its own part
    into the public one the others share: that would reach every other seat and the board."""
    game = registry.get(game_id)
    for seats in (game.info.min_seats, game.info.max_seats):
        state = game.start(seats, 7)
        for step, _ in enumerate(play(game, state, random_bots(seats, 7))):
            if step % 3:
                continue
            public = game.view(state, None)
            untouched = copy.deepcopy(public)
            shared = [game.view(state, seat, public) for seat in range(seats)]
            assert shared == [game.view(state, seat) for seat in range(seats)], f"{seats} seats, step {step}"
            assert public == untouched and "you" not in public, f"{seats} seats, step {step}"
