"""Each car, the Conductor and the powers, taken from rules/mystery-express.md section 4 and 6."""

from __future__ import annotations

import pytest

from kiosk.games.base import Action, IllegalAction
from kiosk.games.mystery_express.rules import category_of, element_of
from me_support import GAME, act, all_cards, faces_in, free_faces, kinds, one, prompt_for, rig, started


def hands_of(state, seat):
    return sorted(element_of(c) for c in state.seats[seat].hand)


def discard_of(state, seat):
    return sorted(element_of(c) for c in state.seats[seat].discard)


@pytest.fixture
def five():
    """5 seats, seat 0 active with 5 hours in leg 2, the Conductor out of the way in the Smoking Car."""
    state = started(5, seed=7)
    end_leg(state)
    assert state.leg == 2 and state.hours == 5
    state.active = 0
    state.conductor_car = "smoking"
    return state


def end_leg(state):
    leg = state.leg
    while state.leg == leg:
        act(state, state.active, "end_turn")


# --- 4.1 general turn rules -------------------------------------------------------------------


def test_turn_order_is_clockwise_from_the_whistle_and_the_whistle_passes_right():
    state = started(5, seed=3)
    first = state.whistle
    order = []
    while state.leg == 1:
        order.append(state.active)
        act(state, state.active, "end_turn")
    assert order == [(first + i) % 5 for i in range(5)]
    assert state.whistle == (first - 1) % 5 == order[-1]  # the player who acted last


def test_moving_is_free_and_does_not_count_as_an_action(five):
    events = act(five, 0, "move", "dining")
    assert kinds(events) == ["move"] and five.hours == 5 and five.seats[0].car == "dining"
    events = act(five, 0, "move", "smoking")  # passing through the Conductor's car: no chat
    assert five.stage == "turn" and five.hours == 5


def test_each_action_at_most_once_per_leg(five):
    act(five, 0, "grip")
    act(five, 0, "target", 0)
    act(five, 0, "category", "SUSPECT")
    assert Action("grip") not in prompt_for(five, 0).actions
    with pytest.raises(IllegalAction, match="already done that this leg"):
        act(five, 0, "grip")


def test_hours_must_cover_the_action(five):
    five.hours = 2
    actions = prompt_for(five, 0).actions
    assert Action("smoking") not in actions and Action("madam") not in actions
    assert Action("lounge") in actions
    with pytest.raises(IllegalAction, match="Not enough hours"):
        act(five, 0, "smoking")


def test_ending_the_turn_early_loses_the_hours(five):
    act(five, 0, "end_turn")
    assert five.active == 1 and five.hours == 5


def test_a_choice_can_be_taken_back_until_something_is_revealed(five):
    act(five, 0, "dining")
    category = prompt_for(five, 0).actions[0].args[0]
    act(five, 0, "category", category)
    events = act(five, 0, "back")
    assert kinds(events) == ["action_cancelled"] and five.stage == "turn" and five.hours == 5
    assert Action("dining") in prompt_for(five, 0).actions


def test_an_illegal_action_changes_nothing(five):
    before = GAME.view(five, None), [GAME.view(five, s) for s in range(5)]
    with pytest.raises(IllegalAction):
        act(five, 1, "end_turn")  # not seat 1's turn
    with pytest.raises(IllegalAction):
        act(five, 0, "category", "SUSPECT")  # not asked now
    assert (GAME.view(five, None), [GAME.view(five, s) for s in range(5)]) == before


# --- 4.4 Club Car -----------------------------------------------------------------------------


def test_get_a_grip_returns_every_card_of_a_category_from_a_discard_pile(five):
    s = free_faces(five, "SUSPECT", 3)
    rig(five, {0: [s[0]], 1: [s[1], s[2]]}, active=0, car="club")
    five.seats[1].discard = [five.seats[1].hand.pop(), five.seats[1].hand.pop()]
    act(five, 0, "grip")
    act(five, 0, "target", 1)
    events = act(five, 0, "category", "SUSPECT")
    grip = one(events, "grip")
    assert grip.audience is None and grip.data == {"seat": 0, "target": 1, "category": "SUSPECT", "moved": 2}
    assert hands_of(five, 1) == sorted([s[1], s[2]]) and not five.seats[1].discard
    assert five.hours == 4 and not faces_in(grip.data)


def test_get_a_grip_is_legal_with_nothing_to_return(five):
    act(five, 0, "grip")
    act(five, 0, "target", 0)
    events = act(five, 0, "category", "MOTIVE")
    assert one(events, "grip").data["moved"] == 0 and five.hours == 4


def test_madam_is_unavailable_before_the_first_passengers_board():
    state = started(5, seed=7)
    assert Action("madam") not in prompt_for(state, state.active).actions
    with pytest.raises(IllegalAction, match="No passenger"):
        act(state, state.active, "madam")


def test_madam_takes_one_card_of_the_chosen_category_privately(five):
    assert prompt_for(five, 0).actions.count(Action("madam")) == 1
    act(five, 0, "madam")
    assert [a.args for a in prompt_for(five, 0).actions if a.kind == "stack"] == [(1,)]  # 2nd not boarded
    act(five, 0, "stack", 1)
    stack_before = list(five.stacks[0])
    category = prompt_for(five, 0).actions[0].args[0]
    events = act(five, 0, "category", category)
    taken = one(events, "card_taken")
    assert taken.audience == frozenset({0}) and category_of(taken.data["face"]) == category
    assert one(events, "madam").audience is None and not faces_in(one(events, "madam").data)
    assert len(five.stacks[0]) == len(stack_before) - 1
    assert [element_of(c) for c in five.seats[0].discard] == [taken.data["face"]]
    assert five.hours == 2


def test_madam_can_use_either_stack_from_wien_on(five):
    five.boarded = 2
    act(five, 0, "madam")
    assert [a.args for a in prompt_for(five, 0).actions if a.kind == "stack"] == [(1,), (2,)]


# --- 4.5 Dining Car ---------------------------------------------------------------------------


def test_dining_each_guest_shows_a_card_privately_one_hour_each(five):
    m = free_faces(five, "MOTIVE", 4)
    rig(five, {0: [m[0]], 1: [m[1]], 2: [m[2], m[3]], 3: [], 4: []}, active=0, car="club")
    act(five, 0, "dining")
    act(five, 0, "category", "MOTIVE")
    guests = [a.args[0] for a in prompt_for(five, 0).actions if a.kind == "guest"]
    assert guests == [1, 2]  # only players holding a Motive can be invited usefully
    act(five, 0, "guest", 1)
    act(five, 0, "guest", 2)
    events = act(five, 0, "confirm")
    assert one(events, "dining").data == {"seat": 0, "category": "MOTIVE", "guests": [1, 2]}
    assert {p.seat for p in GAME.prompts(five)} == {1, 2}
    assert all(p.private for p in GAME.prompts(five))
    act(five, 2, "card", m[3])
    events = act(five, 1, "card", m[1])
    shown = [e for e in events if e.kind == "card_shown"]
    assert {(e.data["from"], e.data["face"], e.audience) for e in shown} == {
        (1, m[1], frozenset({0, 1})),
        (2, m[3], frozenset({0, 2})),
    }
    assert discard_of(five, 1) == [m[1]] and discard_of(five, 2) == [m[3]]  # the guest's own pile
    assert five.hours == 3 and five.seats[0].car == "dining"
    assert {e["face"] for e in five.seats[0].journal if e["how"] == "shown"} == {m[1], m[3]}


def test_dining_guests_are_limited_by_hours(five):
    five.hours = 1
    act(five, 0, "dining")
    act(five, 0, "category", prompt_for(five, 0).actions[0].args[0])
    guest = next(a for a in prompt_for(five, 0).actions if a.kind == "guest")
    act(five, 0, *[guest.kind, *guest.args])
    assert not [a for a in prompt_for(five, 0).actions if a.kind == "guest" and a != guest]


# --- 4.6 Lounge Car ---------------------------------------------------------------------------


def test_lounge_every_other_holder_reveals_to_everyone(five):
    l = free_faces(five, "LOCATION", 3)
    rig(five, {0: [l[0]], 1: [l[1]], 2: [], 3: [l[2]], 4: []}, active=0)
    act(five, 0, "lounge")
    act(five, 0, "category", "LOCATION")
    assert {p.seat for p in GAME.prompts(five)} == {1, 3}
    act(five, 1, "card", l[1])
    events = act(five, 3, "card", l[2])
    lounge = one(events, "lounge")
    assert lounge.audience is None
    assert lounge.data["reveals"] == [{"seat": 1, "face": l[1]}, {"seat": 3, "face": l[2]}]
    assert discard_of(five, 1) == [l[1]] and discard_of(five, 3) == [l[2]]
    assert five.hours == 3
    for seat in range(5):  # everybody saw both faces
        assert {l[1], l[2]} <= {e["face"] for e in five.seats[seat].journal}


# --- 4.7 Passenger Car ------------------------------------------------------------------------


def test_passenger_everyone_passes_one_card_left_simultaneously(five):
    before = [len(s.hand) for s in five.seats]
    act(five, 0, "passenger")
    prompts = GAME.prompts(five)
    assert sorted(p.seat for p in prompts) == [0, 1, 2, 3, 4] and all(p.private for p in prompts)
    chosen = {}
    events = []
    for p in prompts:
        chosen[p.seat] = p.actions[0].args[0]
        events += act(five, p.seat, "card", chosen[p.seat])
    passed = [e for e in events if e.kind == "card_passed"]
    assert {(e.data["from"], e.data["to"]) for e in passed} == {(s, (s + 1) % 5) for s in range(5)}
    for e in passed:
        assert e.audience == frozenset({e.data["from"], e.data["to"]}) and e.data["face"] == chosen[e.data["from"]]
        assert element_of(five.seats[e.data["to"]].discard[0]) == e.data["face"]
    public = one(events, "passenger")
    assert not faces_in(public.data) and len(public.data["passes"]) == 5
    assert [len(s.hand) + len(s.discard) for s in five.seats] == before
    assert five.hours == 4


def test_passenger_direction_and_imposed_category_are_options():
    state = started(5, seed=7, passenger_direction="right", passenger_category_imposed=True)
    state.conductor_car = "smoking"
    seat = state.active
    act(state, seat, "passenger")
    act(state, seat, "category", "SUSPECT")
    events = []
    for p in GAME.prompts(state):
        holds = [element_of(c) for c in state.seats[p.seat].hand if category_of(c) == "SUSPECT"]
        if holds:
            assert {a.args[0] for a in p.actions} == set(holds)
        events += act(state, p.seat, *[p.actions[0].kind, *p.actions[0].args])
    assert all(e.data["to"] == (e.data["from"] - 1) % 5 for e in events if e.kind == "card_passed")


def test_passenger_needs_a_card_in_hand(five):
    rig(five, {0: []}, active=0)
    assert Action("passenger") not in prompt_for(five, 0).actions


# --- 4.8 Sleeping Car -------------------------------------------------------------------------


def test_sleeping_car_correct_guess_steals_a_random_card_of_the_named_category(five):
    act(five, 0, "sleeping")
    act(five, 0, "target", 2)
    hide = prompt_for(five, 2)
    assert hide.private and hide.kind == "sleeping_hide"
    act(five, 2, "hand", "left")
    events = act(five, 0, "hand", "left")
    assert one(events, "sleeping_guess").data["correct"] is True
    category = prompt_for(five, 0).actions[0].args[0]
    hand_before = len(five.seats[2].hand)
    events = act(five, 0, "category", category)
    stolen = one(events, "card_stolen")
    assert stolen.audience == frozenset({0, 2}) and category_of(stolen.data["face"]) == category
    assert not faces_in(one(events, "sleeping_steal").data)
    assert len(five.seats[2].hand) == hand_before - 1 and discard_of(five, 0) == [stolen.data["face"]]
    assert five.hours == 3


def test_sleeping_car_wrong_guess_costs_one_hour_and_nothing_else(five):
    act(five, 0, "sleeping")
    act(five, 0, "target", 2)
    act(five, 2, "hand", "right")
    events = act(five, 0, "hand", "left")
    assert one(events, "sleeping_guess").data["correct"] is False
    assert five.hours == 4 and not five.seats[0].discard and five.stage == "turn"


def test_sleeping_car_needs_two_hours_unless_the_option_allows_one(five):
    five.hours = 1
    assert Action("sleeping") not in prompt_for(five, 0).actions
    five.options = {**five.options, "sleeping_needs_full_cost": False}
    act(five, 0, "sleeping")
    act(five, 0, "target", 1)
    act(five, 1, "hand", "left")
    act(five, 0, "hand", "left")
    act(five, 0, "category", prompt_for(five, 0).actions[0].args[0])
    assert five.hours == 0  # never negative


# --- 4.9 Smoking Car --------------------------------------------------------------------------


def test_smoking_two_players_give_a_card_and_get_one_back(five):
    s = free_faces(five, "SUSPECT", 2)
    v = free_faces(five, "MOTIVE", 3)
    rig(five, {0: [v[0], v[1], v[2]], 1: [s[0]], 3: [s[1]]}, active=0)
    five.conductor_car = "dining"
    act(five, 0, "smoking")
    act(five, 0, "category", "SUSPECT")
    events = act(five, 0, "targets", 1, 3)
    assert one(events, "smoking").data["givers"] == [1, 3]
    act(five, 1, "card", s[0])
    events = act(five, 3, "card", s[1])
    given = [e for e in events if e.kind == "card_given"]
    assert {(e.data["from"], e.data["face"], e.audience) for e in given} == {
        (1, s[0], frozenset({0, 1})),
        (3, s[1], frozenset({0, 3})),
    }
    returning = prompt_for(five, 0)
    assert returning.private and {a.args[0] for a in returning.actions} == {v[0], v[1], v[2]}  # not s[0], s[1]
    act(five, 0, "card", v[0])
    events = act(five, 0, "card", v[1])
    assert one(events, "smoking_return").data["returns"] == [{"to": 1, "category": "MOTIVE"}, {"to": 3, "category": "MOTIVE"}]
    assert discard_of(five, 0) == sorted(s) and discard_of(five, 1) == [v[0]] and discard_of(five, 3) == [v[1]]
    assert five.hours == 2


def test_smoking_a_target_without_the_category_gives_and_gets_nothing(five):
    s = free_faces(five, "SUSPECT", 1)
    v = free_faces(five, "MOTIVE", 3)
    rig(five, {0: v[:2], 1: [s[0]], 2: [v[2]]}, active=0)
    five.conductor_car = "dining"
    act(five, 0, "smoking")
    act(five, 0, "category", "SUSPECT")
    events = act(five, 0, "targets", 1, 2)
    assert one(events, "smoking").data["givers"] == [1]
    act(five, 1, "card", s[0])
    events = act(five, 0, "card", v[0])
    assert one(events, "smoking_return").data["returns"] == [{"to": 1, "category": "MOTIVE"}]
    assert hands_of(five, 2) == [v[2]]


def test_smoking_needs_two_cards_in_hand(five):
    rig(five, {0: free_faces(five, "MOTIVE", 1)}, active=0)
    five.conductor_car = "dining"
    assert Action("smoking") not in prompt_for(five, 0).actions
    with pytest.raises(IllegalAction, match="not hold enough cards"):
        act(five, 0, "smoking")


# --- 4.10 The Conductor -----------------------------------------------------------------------


def test_stopping_in_the_conductors_car_forces_the_chat(five):
    five.conductor_car = "lounge"
    act(five, 0, "lounge")
    act(five, 0, "category", prompt_for(five, 0).actions[0].args[0])
    for p in GAME.prompts(five):
        act(five, p.seat, "card", p.actions[0].args[0])
    assert five.stage == "conductor_space" and [a.kind for a in prompt_for(five, 0).actions] == ["space"] * 3
    spaces_before = [category_of(c) for c in five.conductor_spaces]
    events = act(five, 0, "space", 1)
    taken = one(events, "card_taken")
    assert taken.audience == frozenset({0}) and taken.data["from"] == "conductor"
    leave = prompt_for(five, 0)
    assert leave.private and leave.kind == "conductor_leave"
    face = leave.actions[0].args[0]
    events = act(five, 0, "card", face)
    chat = one(events, "conductor_chat")
    assert chat.audience is None and chat.data == {"seat": 0, "space": 1, "left_category": category_of(face)}
    left = one(events, "card_left")  # only the seat that left it knows which face it was
    assert left.audience == frozenset({0}) and left.data == {"seat": 0, "space": 1, "face": face}
    assert element_of(five.conductor_spaces[1]) == face and category_of(five.conductor_spaces[0]) == spaces_before[0]
    assert five.hours == 3  # the chat costs no hours
    assert element_of(five.seats[0].discard[-1]) == taken.data["face"]


def test_the_chat_happens_at_most_once_per_turn(five):
    five.conductor_car = "club"
    act(five, 0, "grip")
    act(five, 0, "target", 0)
    act(five, 0, "category", "SUSPECT")
    act(five, 0, "space", 0)
    act(five, 0, "card", prompt_for(five, 0).actions[0].args[0])
    act(five, 0, "madam")
    act(five, 0, "stack", 1)
    act(five, 0, "category", prompt_for(five, 0).actions[0].args[0])
    assert five.stage != "conductor_space"


def test_no_stop_in_the_conductors_car_without_a_card_to_leave(five):
    five.conductor_car = "passenger"
    rig(five, {0: free_faces(five, "MOTIVE", 1)}, active=0)
    assert Action("passenger") not in prompt_for(five, 0).actions
    with pytest.raises(IllegalAction, match="no card left to give the Conductor"):
        act(five, 0, "passenger")


def test_a_failed_travel_bag_guess_still_meets_the_conductor_unless_the_option_says_no(five):
    five.conductor_car = "sleeping"
    act(five, 0, "sleeping")
    act(five, 0, "target", 1)
    act(five, 1, "hand", "left")
    act(five, 0, "hand", "right")
    assert five.stage == "conductor_space"
    other = started(5, seed=7, chat_after_failed_sleeping=False)
    other.conductor_car = "sleeping"
    seat = other.active
    act(other, seat, "sleeping")
    target = prompt_for(other, seat).actions[0].args[0]
    act(other, seat, "target", target)
    act(other, target, "hand", "left")
    act(other, seat, "hand", "right")
    assert other.stage == "turn" and not other.chatted


def test_the_chat_may_be_optional(five):
    five.options = {**five.options, "conductor_chat": "may"}
    five.conductor_car = "club"
    act(five, 0, "grip")
    act(five, 0, "target", 0)
    act(five, 0, "category", "SUSPECT")
    assert Action("skip") in prompt_for(five, 0).actions
    events = act(five, 0, "skip")
    assert kinds(events)[0] == "conductor_skipped" and five.stage == "turn"


# --- 6 Character powers (provisional) ---------------------------------------------------------


def test_specialty_peek_once_per_leg_free_and_private(five):
    five.seats[0].character = "strauss"  # Motive
    for s in five.seats[1:]:
        s.character = None
    v = free_faces(five, "MOTIVE", 2)
    rig(five, {0: [], 1: [], 2: [v[0], v[1]], 3: [], 4: []}, active=0)
    act(five, 0, "power")
    assert [a.args for a in prompt_for(five, 0).actions if a.kind == "target"] == [(2,)]
    events = act(five, 0, "target", 2)
    assert one(events, "power").data == {"seat": 0, "target": 2, "category": "MOTIVE"}
    events = act(five, 2, "card", v[1])
    shown = one(events, "card_shown")
    assert shown.audience == frozenset({0, 2}) and shown.data["face"] == v[1]
    assert five.hours == 5 and Action("power") not in prompt_for(five, 0).actions
    assert discard_of(five, 2) == [v[1]]


def test_the_time_specialist_has_no_turn_power(five):
    five.seats[0].character = "ilic"
    assert Action("power") not in prompt_for(five, 0).actions


# --- 4.2 discard piles ------------------------------------------------------------------------


def test_discards_are_out_of_hand_until_the_end_of_the_leg(five):
    m = free_faces(five, "MOTIVE", 2)
    rig(five, {0: [m[0]], 1: [m[1]], 2: [], 3: [], 4: []}, active=0)
    act(five, 0, "lounge")
    act(five, 0, "category", "MOTIVE")
    act(five, 1, "card", m[1])
    assert hands_of(five, 1) == [] and discard_of(five, 1) == [m[1]]
    end_leg_from(five)
    assert hands_of(five, 1) == [m[1]] and not five.seats[1].discard


def end_leg_from(state):
    leg = state.leg
    while state.leg == leg and state.stage == "turn":
        act(state, state.active, "end_turn")
    while state.stage == "tunnel":
        p = GAME.prompts(state)[0]
        act(state, p.seat, *[p.actions[0].kind, *p.actions[0].args])


def test_all_cards_stay_accounted_for_in_these_scenarios(five):
    assert sorted(all_cards(five)) == sorted(GAME.rules.all_cards())
