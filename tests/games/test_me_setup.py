"""Setup (rules section 2): the 3-4 player removal, the hidden solution, the deal, tokens, characters."""

from __future__ import annotations

from collections import Counter

import pytest

from kiosk.games.base import Action, IllegalAction
from kiosk.games.mystery_express.rules import HAND_CATEGORIES, category_of, element_of
from me_support import GAME, act, all_cards, faces_in, kinds, started


@pytest.mark.parametrize(
    "seats, removed_per_category, stacks",
    [(5, 0, [3, 3]), (4, 1, [3, 2]), (3, 2, [2, 2])],
)
def test_card_counts_per_player_count(seats, removed_per_category, stacks):
    for seed in range(30):
        state = started(seats, seed)
        assert len(state.removed) == removed_per_category * 2 * 4
        removed = Counter(category_of(c) for c in state.removed)
        assert all(removed[c] == removed_per_category * 2 for c in HAND_CATEGORIES)
        assert [len(s.hand) for s in state.seats] == [7] * seats
        assert len(state.conductor_spaces) == 3
        assert [len(stack) for stack in state.stacks] == stacks
        assert len(state.time_deck) == 23
        assert sorted(category_of(c) for c in state.solution.values()) == sorted(state.solution)
        assert sorted(all_cards(state)) == sorted(GAME.rules.all_cards())


def test_removed_elements_go_whole_and_never_hold_the_solution():
    for seed in range(200):
        state = GAME.start(3, seed)
        removed = {element_of(c) for c in state.removed}
        assert all(Counter(element_of(c) for c in state.removed)[e] == 2 for e in removed)
        assert not removed & {element_of(c) for c in state.solution.values()}


def test_removal_of_the_highest_slots_is_an_option():
    state = GAME.start(3, 5, {"removal": "highest"})
    assert sorted({element_of(c) for c in state.removed}) == sorted(
        f"{c}:{i}" for c in HAND_CATEGORIES for i in (4, 5)
    )


def test_four_player_stack_split_is_an_option():
    state = started(4, 2, stack_split_4p="2/3")
    assert [len(stack) for stack in state.stacks] == [2, 3]


def test_removed_elements_are_public():
    state = GAME.start(4, 9)
    assert GAME.view(state, None)["removed"] == sorted({element_of(c) for c in state.removed})


def test_the_paris_token_is_revealed_and_the_others_are_hidden():
    state = GAME.start(5, 3)
    assert sorted(state.tokens) == sorted(GAME.rules.cars)  # one token per car
    public = GAME.view(state, None)
    assert public["conductor_car"] == state.tokens[0]
    assert public["conductor_tokens"] == [state.tokens[0]] + [None] * 5


def test_characters_are_chosen_in_turn_from_the_whistle_then_starting_cars_then_the_deal():
    state = GAME.start(3, 11)
    assert GAME.view(state, 0)["you"]["hand"] == []  # nothing is dealt before the choices
    order = [(state.whistle + i) % 3 for i in range(3)]
    chosen = []
    for seat in order:
        (prompt,) = GAME.prompts(state)
        assert prompt.seat == seat and not prompt.private and prompt.kind == "character"
        assert not {a.args[0] for a in prompt.actions} & set(chosen)
        chosen.append(prompt.actions[-1].args[0])
        act(state, seat, "character", chosen[-1])
    events = []
    for seat in order:
        (prompt,) = GAME.prompts(state)
        assert prompt.seat == seat and prompt.kind == "start_car"
        events += act(state, seat, "car", "lounge")
    dealt = [e for e in events if e.kind == "dealt"]
    assert sorted(e.audience for e in dealt) == sorted(frozenset({s}) for s in range(3))
    assert all(len(e.data["hand"]) == 7 for e in dealt)
    assert kinds(events)[-2:] == ["leg_start", "turn_start"]
    assert [p["car"] for p in GAME.view(state, None)["players"]] == ["lounge"] * 3


def test_a_taken_character_cannot_be_chosen_twice():
    state = GAME.start(3, 1)
    first = GAME.prompts(state)[0]
    act(state, first.seat, *[first.actions[0].kind, *first.actions[0].args])
    with pytest.raises(IllegalAction):
        GAME.apply(state, GAME.prompts(state)[0].seat, first.actions[0])


def test_the_same_seed_deals_the_same_game():
    a, b = started(5, 42), started(5, 42)
    assert [s.hand for s in a.seats] == [s.hand for s in b.seats] and a.solution == b.solution
    assert started(5, 43).solution != a.solution or [s.hand for s in started(5, 43).seats] != [s.hand for s in a.seats]


def test_two_copies_are_indistinguishable_in_views():
    state = started(5, 1)
    for seat in [None, 0, 1, 2, 3, 4]:
        view = GAME.view(state, seat)
        assert all(":" not in f[f.index(":") + 1 :] for f in faces_in(view))


@pytest.mark.parametrize("seats", [2, 6])
def test_seat_counts_outside_three_to_five_are_refused(seats):
    with pytest.raises(ValueError, match="3-5 seats"):
        GAME.start(seats, 1)


def test_unknown_or_bad_options_are_refused():
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        GAME.start(4, 1, {"colour": "red"})
    with pytest.raises(ValueError, match="must be one of"):
        GAME.start(4, 1, {"removal": "lowest"})
    with pytest.raises(ValueError, match="must be a bool"):
        GAME.start(4, 1, {"powers": "yes"})


def test_a_rules_file_whose_arithmetic_fails_is_reported(tmp_path):
    from kiosk.games.mystery_express.rules import RULES_FILE, RulesError, load_rules

    text = RULES_FILE.read_text(encoding="utf-8").replace("hand_size = 7", "hand_size = 8")
    broken = tmp_path / "rules.toml"
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError, match=r"rules.toml: players.3: 28 hand-category cards remain .* need 31"):
        load_rules(broken)


def test_start_car_choice_is_public_and_free():
    state = GAME.start(3, 2, {"characters": "random"})
    prompt = GAME.prompts(state)[0]
    assert not prompt.private and {a.args[0] for a in prompt.actions} == set(GAME.rules.cars)
    assert Action("car", ("smoking",)) in prompt.actions
