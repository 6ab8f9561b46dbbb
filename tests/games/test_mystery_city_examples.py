"""The rules' examples (rules 9), replayed with scripted dice: each must come out as the seed says."""

from __future__ import annotations

from kiosk.games.base import Action
from mystery_city_support import CARDS, GAME, act, all_cards, duel, one, pass_window, prompt_for, rigged

A, B = 0, 1


def test_the_default_table_holds_every_value_the_seed_gives():
    card = CARDS.card
    assert (card("falken").values["DX"], card("falken").values["HT"]) == (9, 11)
    assert card("norma").values["HT"] == 12
    assert card("alexei").number == 9 and card("alexei").special and card("alexei").values["IQ"] >= 9
    assert card("kendall").number == 6 and card("kendall").values["IQ"] == 8
    assert card("clive").values["MO"] == "?"
    assert (card("paul").values["IQ"], card("paul").values["DX"]) == (7, 9)
    assert card("michael").values["HT"] == 12
    assert (card("amanda").values["IQ"], card("amanda").values["HT"]) == ("?", 12)
    assert sum(c.special for c in CARDS.cards.values()) == 4 and len(CARDS.cards) == 16
    couples = {frozenset((c.id, c.partner)) for c in CARDS.cards.values() if c.partner}
    assert couples == {
        frozenset(p) for p in (("falken", "norma"), ("charles", "bess"), ("luigi", "meryl"), ("michael", "amanda"))
    }
    assert CARDS.with_ability("COMPANIONSHIP").name == "Chomp"
    assert CARDS.with_ability("INVESTIGATION").id == "falken"
    assert CARDS.with_ability("COUNTERINTELLIGENCE").id == "norma"
    assert CARDS.with_ability("ASSASSINATION").id == "alexei"


def test_base_example_alexei_beats_kendall_on_iq_and_leaves_the_game():
    state = rigged({A: ["alexei", "paul"], B: ["kendall", "michael"]})
    events = duel(state, A, B, "IQ", "alexei", "kendall")
    result = one(events, "exchange").data
    assert [s["total"] for s in result["sides"]] == [10, 8] and result["winner"] == A
    assert one(events, "collect").data == {"seat": A, "cards": ["kendall"], "removed": ["alexei"]}
    assert sorted(state.hands[A]) == ["kendall", "paul"] and state.hands[B] == ["michael"]
    assert "alexei" in state.removed and sorted(all_cards(state)) == sorted(CARDS.ids())


def test_example_1_amanda_rolls_3_and_5_for_iq_8_and_beats_paul():
    state = rigged({A: ["paul", "clive"], B: ["amanda", "bess"]}, dice=[3, 5])
    events = duel(state, A, B, "IQ", "paul", "amanda")
    paul, amanda = one(events, "exchange").data["sides"]
    assert (paul["value"], paul["rolls"]) == (7, [])
    assert (amanda["value"], amanda["rolls"], amanda["total"]) == (8, [[3, 5]], 8)
    assert one(events, "combat_won").data == {"seat": B, "loser": A, "reason": "exchange"}
    assert one(events, "collect").data["cards"] == ["amanda", "paul"]
    assert sorted(state.hands[B]) == ["amanda", "bess", "paul"]


def test_example_2_michael_counts_amanda_on_the_table_and_the_defender_wins():
    state = rigged({A: ["amanda", "paul"], B: ["michael", "bess"]})
    events = duel(state, A, B, "HT", "amanda", "michael")
    amanda, michael = one(events, "exchange").data["sides"]
    assert amanda["total"] == 12 and amanda["partner"] is None  # the first card of a couple gets nothing
    assert (michael["partner"], michael["partner_value"], michael["total"]) == ("amanda", 12, 24)
    assert one(events, "collect").data == {"seat": B, "cards": ["michael", "amanda"], "removed": []}


def test_example_3_tie_counterattack_couple_across_owners_and_both_abilities_after_the_win():
    state = rigged({A: ["paul", "norma", "kendall", "clive"], B: ["falken", "michael", "bess", "charles"]})
    state.rng.seed(7)
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    act(state, B, "play", "falken")
    tie = one(pass_window(state), "exchange").data
    assert [s["total"] for s in tie["sides"]] == [9, 9] and tie["reason"] == "tie" and tie["winner"] is None
    # B could use Falken now; she keeps it, chooses HT and counterattacks with Mike.
    counter = prompt_for(state, B)
    assert counter.kind == "counterattack" and Action("use", ("falken",)) in counter.actions
    assert Action("attribute", ("DX",)) not in counter.actions  # a new attribute
    act(state, B, "attribute", "HT")
    assert prompt_for(state, B).kind == "play_card"
    act(state, B, "play", "michael")
    act(state, A, "play", "norma")
    exchange = one(pass_window(state), "exchange").data
    michael, norma = exchange["sides"]
    assert michael["total"] == 12 and michael["partner"] is None
    assert (norma["partner"], norma["total"]) == ("falken", 23)  # Falken is B's card: couples count across owners
    assert exchange["winner"] == A and state.stage == "aftermath"
    # A uses Norma (COUNTERINTELLIGENCE): a card of B, taken blind.
    b_before = list(state.hands[B])
    events = act(state, A, "use", "norma")
    taken = one(events, "card_stolen")
    assert taken.audience == frozenset({A, B}) and taken.data["card"] in b_before
    assert "card" not in one(events, "card_taken").data  # the public learns only that a card moved
    # B uses Falken (INVESTIGATION) once A, the winner, is done: she sees A's hand, the taken card included.
    assert [p.seat for p in GAME.prompts(state)] == [A]
    act(state, A, "pass")
    events = act(state, B, "use", "falken")
    seen = one(events, "investigation")
    assert seen.audience == frozenset({B}) and taken.data["card"] in seen.data["hand"]
    assert sorted(seen.data["hand"]) == sorted(state.hands[A])
    events = pass_window(state)
    assert one(events, "collect").data == {"seat": A, "cards": ["michael", "paul"], "removed": []}
    assert {"falken", "norma"} <= set(state.removed)
    assert sorted(state.hands[A]) == sorted(["clive", "kendall", taken.data["card"], "paul", "michael"])
    assert sorted(all_cards(state)) == sorted(CARDS.ids())
