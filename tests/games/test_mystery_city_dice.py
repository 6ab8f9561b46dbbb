"""Unknown attributes ("?") rolled with 2D6 and their special results (rules 6, A11)."""

from __future__ import annotations

from mystery_city_support import act, duel, one, pass_window, rigged

A, B = 0, 1


def test_a_roll_counts_only_for_that_exchange_clive_5_and_3_is_morale_8():
    state = rigged({A: ["clive", "paul"], B: ["kendall", "bess"]}, dice=[5, 3])
    events = duel(state, A, B, "MO", "clive", "kendall")
    clive, kendall = one(events, "exchange").data["sides"]
    assert (clive["value"], clive["rolls"], clive["natural"]) == (8, [[5, 3]], None)
    assert kendall["total"] == 9 and one(events, "combat_won").data["seat"] == B


def test_a_natural_2_loses_even_where_it_would_tie():
    # Amanda's IQ is "?": double ones make 2, the same as Eddie Malone's printed IQ 2.
    state = rigged({A: ["amanda", "paul"], B: ["eddie", "bess"]}, dice=[1, 1])
    events = duel(state, A, B, "IQ", "amanda", "eddie")
    exchange = one(events, "exchange").data
    assert exchange["sides"][0]["natural"] == 2 and exchange["sides"][0]["total"] == exchange["sides"][1]["total"]
    assert (exchange["winner"], exchange["reason"]) == (B, "natural_2")


def test_a_natural_2_loses_even_with_a_couple_bonus_that_would_win():
    state = rigged({A: ["luigi", "paul"], B: ["meryl", "bess"]}, dice=[1, 1])
    events = duel(state, A, B, "HT", "luigi", "meryl")
    luigi, meryl = one(events, "exchange").data["sides"]
    assert meryl["partner"] == "luigi" and meryl["total"] == 2 + 9 > luigi["total"]
    assert one(events, "exchange").data["winner"] == A


def test_a_natural_12_wins_against_a_couple_bonus():
    # Meryl's HT is "?" (double six); Luigi counts Meryl on the table, whose HT is rolled too (5+5).
    state = rigged({A: ["meryl", "paul"], B: ["luigi", "bess"]}, dice=[6, 6, 5, 5])
    events = duel(state, A, B, "HT", "meryl", "luigi")
    meryl, luigi = one(events, "exchange").data["sides"]
    assert meryl["natural"] == 12 and (luigi["partner_rolls"], luigi["total"]) == ([[5, 5]], 19)
    assert one(events, "exchange").data["reason"] == "natural_12"
    assert one(events, "combat_won").data["seat"] == A


def test_a_natural_12_wins_against_companionship():
    state = rigged({A: ["clive", "paul"], B: ["victor", "chomp", "bess"]}, dice=[6, 6])
    act(state, A, "attack", "MO", B)
    act(state, A, "play", "clive")
    act(state, B, "play", "victor")
    act(state, B, "use", "chomp")
    events = pass_window(state)
    clive, victor = one(events, "exchange").data["sides"]
    assert victor["companion"] == "chomp" and victor["total"] == 12 + 10
    assert clive["natural"] == 12 and one(events, "exchange").data["winner"] == A


def test_equal_rolls_on_both_sides_are_rolled_again_including_double_ones_and_double_sixes():
    # Bess and Clive both have MO "?": 7 = 7, then 2 = 2, then 12 = 12, then 4 against 9.
    state = rigged({A: ["bess", "paul"], B: ["clive", "kendall"]}, dice=[3, 4, 5, 2, 1, 1, 1, 1, 6, 6, 6, 6, 2, 2, 6, 3])
    events = duel(state, A, B, "MO", "bess", "clive")
    bess, clive = one(events, "exchange").data["sides"]
    assert bess["rolls"] == [[3, 4], [1, 1], [6, 6], [2, 2]] and clive["rolls"] == [[5, 2], [1, 1], [6, 6], [6, 3]]
    assert (bess["natural"], clive["natural"], bess["total"], clive["total"]) == (None, None, 4, 9)
    assert one(events, "exchange").data["winner"] == B


def test_one_roll_equal_to_a_printed_value_is_an_ordinary_tie():
    state = rigged({A: ["amanda", "paul"], B: ["kendall", "bess"]}, dice=[4, 4])
    act(state, A, "attack", "IQ", B)
    act(state, A, "play", "amanda")
    act(state, B, "play", "kendall")
    exchange = one(pass_window(state), "exchange").data
    assert exchange["reason"] == "tie" and state.stage == "attribute"


def test_bonus_rolls_never_trigger_the_naturals():
    # Luigi counts Meryl's HT, rolled as double six (12) then, in another game, double ones (2).
    for dice, total in (([3, 4, 6, 6], 9 + 12), ([3, 4, 1, 1], 9 + 2)):
        state = rigged({A: ["meryl", "paul"], B: ["luigi", "bess"]}, dice=dice)
        events = duel(state, A, B, "HT", "meryl", "luigi")
        exchange = one(events, "exchange").data
        luigi = exchange["sides"][1]
        assert luigi["natural"] is None and luigi["total"] == total and exchange["reason"] == "higher"
        assert exchange["winner"] == B
