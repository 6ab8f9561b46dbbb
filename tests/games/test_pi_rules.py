"""P.I. rule by rule (rules sections 5-11), each example of the seed included."""

from __future__ import annotations

import pickle

import pytest

from kiosk.bots.pi_bot import DeducingBot
from kiosk.games.base import Action, IllegalAction
from kiosk.games.pi.scoring import score
from pi_support import GAME, RULES, act, case_of, el, give_case, kinds, one, place, show, solve, stall, started

# --- setup (rules 5) ------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_setup_deals_tiles_cards_and_cases_held_by_the_right_neighbour(seats):
    state = GAME.start(seats, 11)
    public = GAME.view(state, None)
    suspects = [slot["suspect"] for slot in public["board"]]
    crimes = [slot["crime"] for slot in public["board"]]
    assert sorted(filter(None, suspects)) == sorted(RULES.elements["SUSPECT"]) and suspects.count(None) == 2
    assert sorted(filter(None, crimes)) == sorted(RULES.elements["CRIME"]) and crimes.count(None) == 4
    assert len(public["display"]) == 9 and public["deck"] == 27 and public["discard"] == []
    assert all(p["investigators_left"] == 5 and p["penalties"] == 0 for p in public["players"])
    for seat in range(seats):
        holding = GAME.view(state, seat)["you"]["holding"]
        owner = (seat + 1) % seats  # the player on the left
        assert holding == {"owner": owner, "case": state.cases[owner]}
        assert owner != seat
    elements = [e for case in state.cases for e in case.values()]
    assert len(elements) == len(set(elements)), "two cases share an element"


def test_the_first_player_is_chosen_at_random():
    assert {GAME.start(4, seed).first for seed in range(40)} == {0, 1, 2, 3}


def test_two_players_hold_each_others_case():
    state = GAME.start(2, 5)
    assert GAME.view(state, 0)["you"]["holding"]["case"] == state.cases[1]
    assert GAME.view(state, 1)["you"]["holding"]["case"] == state.cases[0]


def test_setup_events_show_each_seat_only_the_case_it_holds():
    state, events = GAME.start_with_events(4, 3)
    dealt = [e for e in events if e.kind == "case_dealt"]
    assert [sorted(e.audience) for e in dealt] == [[0], [1], [2], [3]]
    for e in dealt:
        assert e.data["case"] == state.cases[(e.data["seat"] + 1) % 4]
    assert one(events, "minigame_start").audience is None


# --- the seed's worked example (rules 6.1, 6.2) ---------------------------------------------------


def red_example():
    """Red (seat 0) must solve Bubbles / Murder / Downtown; Bubbles sits in Little Italy, Murder next door."""
    state = started(3, seed=2, first=0)
    give_case(state, 0, case_of("Bubbles", "Murder", "Downtown"))
    place(state, el("Bubbles"), el("Little Italy"))
    place(state, el("Murder"), el("Lakeside"))
    return state


def test_seed_example_investigator_in_little_italy_earns_a_disc_and_a_cube():
    state = red_example()
    event = one(act(state, 0, "investigate", el("Little Italy")), "investigated")
    assert (event.data["discs"], event.data["cubes"]) == (1, 1)
    assert sorted(event.data["markers"]) == ["cube", "disc"]
    investigator = GAME.view(state, None)["investigators"][0]
    assert investigator["location"] == el("Little Italy") and sorted(m["kind"] for m in investigator["markers"]) == ["cube", "disc"]
    assert "cause" not in str(GAME.view(state, 0)) and el("Murder") not in str(investigator)


def test_seed_example_evidence_cards_and_the_deduction_they_allow():
    state = red_example()
    act(state, 0, "investigate", el("Little Italy"))
    stall(state, 1), stall(state, 2)
    show(state, el("Waterfront"))
    assert one(act(state, 0, "evidence", el("Waterfront")), "evidence").data["result"] == "cube"
    assert GAME.view(state, None)["tiles"][el("Waterfront")] == {"0": "cube"}
    stall(state, 1), stall(state, 2)
    show(state, el("Murder"))
    events = act(state, 0, "evidence", el("Murder"))
    assert one(events, "evidence").data["result"] == "disc"
    # The cube the investigator got for Murder moves onto the Murder tile (transfer rule).
    moved = one(events, "transfer").data["moved"]
    assert [m["kinds"] for m in moved] == [["cube"]]
    public = GAME.view(state, None)
    assert public["tiles"][el("Murder")] == {"0": "disc"}
    assert [m["kind"] for m in public["investigators"][0]["markers"]] == ["disc"]
    assert public["investigators"][0]["links"] == [el("Murder")]
    stall(state, 1), stall(state, 2)
    show(state, el("Main Street"))
    assert one(act(state, 0, "evidence", el("Main Street")), "evidence").data["result"] == "cube"
    # Bubbles, since the disc in Little Italy cannot be the location; Downtown, the only place
    # next to both Waterfront and Main Street.
    assert DeducingBot(0, 0).candidates(GAME.view(state, 0)) == [tuple(case_of("Bubbles", "Murder", "Downtown").values())]


def test_seed_example_red_solves_in_the_same_round_as_blue_and_scores_the_same():
    state = red_example()
    state.first = 1  # Blue (seat 1) plays first, then seat 2, then Red
    give_case(state, 1, case_of("Doc", "Forgery", "Skid Row"))
    assert one(solve(state, 1, case_of("Doc", "Forgery", "Skid Row")), "solved").data["points"] == 7
    stall(state, 2)
    assert one(solve(state, 0, case_of("Bubbles", "Murder", "Downtown")), "solved").data["points"] == 7
    assert state.past[0]["scores"] == {"0": 7, "1": 7, "2": 0}


# --- investigators (rules 6.1) --------------------------------------------------------------------


def test_blank_tiles_do_not_stop_a_cube_from_a_neighbour():
    state = started(3, seed=4, first=0)
    give_case(state, 0, case_of("Doc", "Murder", "Skid Row"))
    place(state, el("Doc"), el("Trocadero"))
    place(state, el("Murder"), el("Road House"))
    # Lakeside holds no suspect and no crime: blanks from the other slots are moved there.
    for kind in ("SUSPECT", "CRIME"):
        tile = next((e for e, loc in state.where.items() if loc == el("Lakeside") and e.startswith(kind)), None)
        if tile is None:
            continue
        blank_home = next(
            loc for loc in RULES.locations
            if loc not in (el("Trocadero"), el("Road House"), el("Lakeside"))
            and not any(e.startswith(kind) and l == loc for e, l in state.where.items())
        )
        state.where[tile] = blank_home
    assert GAME.view(state, None)["board"][0] == {"location": el("Lakeside"), "suspect": None, "crime": None}
    event = one(act(state, 0, "investigate", el("Lakeside")), "investigated")
    assert (event.data["discs"], event.data["cubes"]) == (0, 1)


def test_an_identified_element_is_never_counted_again():
    state = started(2, seed=5, first=0)
    give_case(state, 0, case_of("Pop", "Forgery", "Main Street"))
    place(state, el("Pop"), el("Main Street"))
    place(state, el("Forgery"), el("Downtown"))
    show(state, el("Pop"))
    act(state, 0, "evidence", el("Pop"))  # a disc on Pop's tile
    stall(state, 1)
    event = one(act(state, 0, "investigate", el("Main Street")), "investigated")
    # Pop is skipped; the location Main Street itself is a disc; Forgery next door is a cube.
    assert (event.data["discs"], event.data["cubes"]) == (1, 1)


def test_a_second_investigator_in_the_same_place_reports_nothing_twice():
    state = started(2, seed=6, first=0)
    give_case(state, 0, case_of("Pop", "Forgery", "Main Street"))
    place(state, el("Pop"), el("Central Station"))
    place(state, el("Forgery"), el("Waterfront"))
    first = one(act(state, 0, "investigate", el("Downtown")), "investigated")
    assert (first.data["discs"], first.data["cubes"]) == (0, 3)
    stall(state, 1)
    again = one(act(state, 0, "investigate", el("Downtown")), "investigated")
    assert (again.data["discs"], again.data["cubes"]) == (0, 0)


def test_the_order_of_new_markers_does_not_betray_which_aspect_matched():
    orders = {"suspect": set(), "location": set()}
    for seed in range(40):
        for disc_from in orders:
            state = started(2, seed=seed, first=0)
            give_case(state, 0, case_of("Pop", "Forgery", "Main Street"))
            place(state, el("Forgery"), el("Skid Row"))  # far from both places below
            if disc_from == "suspect":
                place(state, el("Pop"), el("Trocadero"))  # Main Street is next door: a cube
                where = el("Trocadero")
            else:
                place(state, el("Pop"), el("Ocean Drive"))  # next to Main Street: a cube
                where = el("Main Street")
            orders[disc_from].add(tuple(one(act(state, 0, "investigate", where), "investigated").data["markers"]))
    assert orders["suspect"] == orders["location"] == {("disc", "cube"), ("cube", "disc")}


def test_investigators_are_single_use_for_the_whole_game():
    state = started(2, seed=7, first=0)
    for _ in range(5):  # two investigators in one place are allowed (A10)
        act(state, 0, "investigate", el("Downtown"))
        stall(state, 1)
    assert state.players[0].investigators_left == 0
    assert not any(a.kind == "investigate" for p in GAME.prompts(state) for a in p.actions)
    with pytest.raises(IllegalAction, match="single use"):
        act(state, 0, "investigate", el("Downtown"))
    solve(state, 0, state.cases[0])
    stall(state, 1)  # the mini-game ends with one player unsolved
    assert state.minigame == 2 and state.investigators == [] and state.players[0].investigators_left == 0


# --- evidence (rules 6.2, 7) ----------------------------------------------------------------------


def test_a_card_without_result_is_kept_and_one_with_a_result_discarded_and_the_display_refilled():
    state = started(2, seed=8, first=0)
    give_case(state, 0, case_of("Pop", "Forgery", "Lakeside"))
    show(state, el("Skid Row"), el("Forest Park"))
    assert one(act(state, 0, "evidence", el("Skid Row")), "evidence").data["result"] is None
    public = GAME.view(state, None)
    assert public["players"][0]["kept"] == [el("Skid Row")] and public["discard"] == []
    assert len(public["display"]) == 9 and public["deck"] == 26
    stall(state, 1)
    assert one(act(state, 0, "evidence", el("Forest Park")), "evidence").data["result"] == "cube"
    assert el("Forest Park") in GAME.view(state, None)["discard"]


def test_only_the_element_of_the_same_kind_is_checked():
    state = started(2, seed=9, first=0)
    give_case(state, 0, case_of("Pop", "Forgery", "Lakeside"))
    place(state, el("Pop"), el("Forest Park"))  # next to Lakeside, but a location card asks about the location
    show(state, el("Forest Park"), el("Doc"))
    place(state, el("Doc"), el("Ocean Drive"))  # Doc is next to Pop's tile: a cube for the suspect card
    assert one(act(state, 0, "evidence", el("Forest Park")), "evidence").data["result"] == "cube"
    stall(state, 1)
    assert one(act(state, 0, "evidence", el("Doc")), "evidence").data["result"] == "cube"


def test_an_empty_deck_is_rebuilt_from_the_discard_pile():
    state = started(2, seed=10, first=0)
    state.discard, state.deck = state.deck, []
    events = stall(state, 0)
    assert "reshuffle" in kinds(events)
    public = GAME.view(state, None)
    kept = [c for p in public["players"] for c in p["kept"]]
    assert len(public["display"]) == 9 and public["deck"] + len(public["discard"]) + len(kept) == 27


# --- solving (rules 6.3, 8) -----------------------------------------------------------------------


def test_a_solution_attempt_can_be_taken_back_until_the_last_tile():
    state = started(2, seed=12, first=0)
    before = pickle.dumps(state)
    act(state, 0, "solve")
    act(state, 0, "accuse", state.cases[0]["SUSPECT"])
    assert GAME.view(state, None)["guess"] == {"SUSPECT": state.cases[0]["SUSPECT"]}
    with pytest.raises(IllegalAction, match="kind asked for"):
        act(state, 0, "accuse", state.cases[0]["LOCATION"])
    assert kinds(act(state, 0, "back")) == ["solve_cancelled"]
    assert pickle.dumps(state) == before


def test_a_wrong_attempt_costs_two_points_says_only_wrong_and_play_goes_on():
    state = started(3, seed=13, first=0)
    wrong = dict(state.cases[0], LOCATION=next(l for l in RULES.locations if l != state.cases[0]["LOCATION"]))
    events = solve(state, 0, wrong)
    assert one(events, "solve_attempt").data == {"seat": 0, "guess": wrong, "correct": False}
    assert one(events, "penalty").data["points"] == -2
    assert state.active == 1 and GAME.view(state, None)["players"][0]["total"] == -2
    stall(state, 1), stall(state, 2)
    assert any(a.kind == "solve" for a in GAME.prompts(state)[0].actions)


def test_a_right_attempt_shows_the_case_replaces_cubes_by_discs_and_ends_the_players_turns():
    state = started(3, seed=14, first=0)
    show(state, *[c for c in RULES.evidence_cards() if GAME.rules.adjacent(state.where[c], state.where[state.cases[0][c.partition(':')[0]]])][:1])
    target = dict(state.cases[0])
    events = solve(state, 0, target)
    assert one(events, "solved").data == {"seat": 0, "case": target, "points": 7, "round": 1}
    public = GAME.view(state, None)
    assert public["players"][0]["solution"] == target
    assert {e for e, owners in public["tiles"].items() if "0" in owners} == set(target.values())
    assert all(owners.get("0") in (None, "disc") for owners in public["tiles"].values())
    stall(state, 1), stall(state, 2)
    assert state.active == 1, "a solved player's turns are skipped"


def test_boxes_7_5_3_1_are_shared_within_a_round_and_do_not_use_up_the_next_box():
    state = started(5, seed=15, first=0)
    cases = [dict(c) for c in state.cases]
    points = {}
    # Round 1: seats 0 and 2 solve; round 2: seat 1; round 3: seat 3 solves and seat 4 is left.
    plan = {1: {0, 2}, 2: {1}, 3: {3}}
    while not state.minigame > 1:
        seat = state.active
        if seat in plan.get(state.round, ()):
            points[seat] = one(solve(state, seat, cases[seat]), "solved").data["points"]
        else:
            stall(state, seat)
    assert points == {0: 7, 2: 7, 1: 5, 3: 3}
    assert state.past[0]["scores"] == {"0": 7, "1": 5, "2": 7, "3": 3, "4": 0}


def test_a_minigame_ends_only_at_the_end_of_the_round_when_one_player_is_left():
    state = started(2, seed=16, first=0)
    solve(state, 0, state.cases[0])
    assert state.minigame == 1 and state.active == 1, "the second player still gets their turn"
    solve(state, 1, state.cases[1])
    assert state.past[0]["scores"] == {"0": 7, "1": 7}
    assert state.minigame == 2 and state.first == 1, "the first player marker moved clockwise"
    assert state.players[0].solved_round is None and GAME.view(state, None)["tiles"] == {}


def test_the_end_of_a_minigame_reveals_every_case_and_deals_anew():
    state = started(3, seed=17, first=0)
    old = [dict(c) for c in state.cases]
    events = solve(state, 0, old[0]) + solve(state, 1, old[1]) + stall(state, 2)
    end = one(events, "minigame_end")
    assert end.audience is None and end.data["cases"] == {str(s): c for s, c in enumerate(old)}
    assert [e.audience for e in events if e.kind == "case_dealt"] == [frozenset({0}), frozenset({1}), frozenset({2})]
    assert len(state.display) == 9 and not any(p.kept for p in state.players)


def test_the_round_limit_option_ends_a_minigame_with_zero_for_the_unsolved():
    state = started(2, seed=18, first=0, round_limit=20)
    while state.minigame == 1:
        stall(state, state.active)
    assert state.past[0]["rounds"] == 20 and state.past[0]["scores"] == {"0": 0, "1": 0}


def test_the_game_ends_after_three_minigames_with_the_totals():
    state = started(2, seed=19, first=0)
    for _ in range(3):
        solve(state, state.active, state.cases[state.active])
        stall(state, state.active)
    outcome = GAME.outcome(state)
    assert state.over and GAME.prompts(state) == []
    # The first player marker moves clockwise: seat 0, seat 1, then seat 0 solve first.
    assert outcome.scores == {0: 14.0, 1: 7.0} and outcome.winners == [0]
    assert GAME.view(state, None)["result"]["scores"] == {"0": 14, "1": 7}


@pytest.mark.parametrize(
    "players, winners, decided_by",
    [
        ([(7, 5, 0), (7, 5, 1)], [0], "total"),  # (points, investigators left, penalties)
        ([(5, 2, 0), (5, 1, 0)], [0], "investigators"),
        ([(5, 1, 0), (9, 1, 2)], [0], "penalties"),
        ([(5, 1, 1), (5, 1, 1)], [0, 1], "shared"),
    ],
)
def test_final_score_and_tie_breaks(players, winners, decided_by):
    state = started(2, seed=20)
    for p, (points, left, penalties) in zip(state.players, players, strict=True):
        p.scores, p.investigators_left, p.penalties = [points, 0, 0], left, penalties
    outcome = score(RULES, state)
    assert outcome.winners == winners and outcome.detail["decided_by"] == decided_by
    assert outcome.scores[0] == players[0][0] - 2 * players[0][2]


# --- notes and refusals ---------------------------------------------------------------------------


def test_notes_are_private_to_their_seat_and_follow_their_marker():
    state = red_example()
    act(state, 0, "investigate", el("Little Italy"))
    stall(state, 1), stall(state, 2)
    notes = next(p for p in GAME.prompts(state) if p.kind == "notes")
    assert notes.private and notes.seat == 0
    marker = next(m for m in state.investigators[0].markers if m.kind == "cube")
    events = act(state, 0, "note", marker.id, el("Murder"))
    assert events[0].audience == frozenset({0})
    assert GAME.view(state, 0)["you"]["notes"] == {marker.id: el("Murder")}
    assert "notes" not in str(GAME.view(state, 1)["you"]["notes"]) and GAME.view(state, 1)["you"]["notes"] == {}
    assert state.active == 0, "a note does not end the turn"
    show(state, el("Murder"))
    act(state, 0, "evidence", el("Murder"))  # the noted cube moves to the Murder tile
    assert GAME.view(state, 0)["you"]["notes"] == {}


def test_refused_actions_explain_themselves_and_change_nothing():
    state = started(3, seed=21, first=0)
    before = pickle.dumps(state)
    card = next(c for c in RULES.evidence_cards() if c not in state.display)
    for seat, action, reason in [
        (1, Action("solve"), "Nothing is asked of seat 2 now."),
        (0, Action("evidence", (card,)), "That card is not in the evidence display."),
        (0, Action("investigate", ("LOCATION:99",)), "Choose a location of the map."),
        (0, Action("accuse", (el("Doc"),)), "Start a solution attempt first."),
        (0, Action("fly"), "That choice is not available now."),
    ]:
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, seat, action)
        assert str(refused.value.text) == reason
        assert refused.value.text.render("es") != reason
        assert pickle.dumps(state) == before


def test_with_no_investigator_and_no_card_left_the_only_action_is_a_solution_attempt():
    state = started(2, seed=22, first=0)
    state.players[0].kept, state.display, state.deck = state.display + state.deck, [], []
    state.players[0].investigators_left = 0
    (turn,) = GAME.prompts(state)
    assert turn.actions == (Action("solve"),)


def test_a_card_taken_again_gives_the_same_answer_and_no_second_marker():
    state = started(2, seed=23, first=0)
    give_case(state, 0, case_of("Pop", "Forgery", "Lakeside"))
    show(state, el("Forest Park"))
    act(state, 0, "evidence", el("Forest Park"))
    stall(state, 1)
    show(state, el("Forest Park"))  # back from the discard pile
    assert one(act(state, 0, "evidence", el("Forest Park")), "evidence").data["result"] == "cube"
    assert GAME.view(state, None)["tiles"][el("Forest Park")] == {"0": "cube"}


def test_without_a_round_limit_a_minigame_goes_on_until_the_players_solve():
    state = started(2, seed=24, first=0, round_limit=0)
    while state.round <= 70:
        stall(state, state.active)
    assert state.minigame == 1
    with pytest.raises(ValueError, match="option 'round_limit' must be one of 0, 20, 30, 40, 60, got 7"):
        GAME.start(2, 1, {"round_limit": 7})
    with pytest.raises(ValueError, match="P.I. is for 2-5 seats, got 6"):
        GAME.start(6, 1)
