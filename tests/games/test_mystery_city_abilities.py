"""The four specials and when their one-time abilities may be used (rules 3.2, 7, A4, A8-A10)."""

from __future__ import annotations

import pickle

import pytest

from kiosk.games.base import Action, IllegalAction
from mystery_city_support import GAME, act, all_cards, duel, one, pass_window, prompt_for, rigged

A, B, C = 0, 1, 2


def test_investigation_shows_the_opponents_hand_to_its_user_only():
    state = rigged({A: ["paul", "clive"], B: ["falken", "kendall"], C: ["bess"]}, seats=3)
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    events = act(state, B, "use", "falken")  # from her hand, before she plays
    assert one(events, "ability").data == {"seat": B, "card": "falken", "ability": "INVESTIGATION", "target": A}
    seen = one(events, "investigation")
    assert seen.audience == frozenset({B}) and seen.data["hand"] == ["clive"]
    assert GAME.view(state, B)["you"]["notes"] == [{"kind": "investigation", "seat": A, "hand": ["clive"]}]
    assert GAME.view(state, A)["you"]["notes"] == [] and GAME.view(state, C)["you"]["notes"] == []
    assert "falken" in state.removed and state.hands[B] == ["kendall"]
    assert prompt_for(state, B).kind == "play_card"  # still her turn to answer


def test_assassination_removes_a_random_card_of_the_opponent_in_public():
    state = rigged({A: ["alexei", "paul"], B: ["kendall", "bess", "clive"]})
    act(state, A, "attack", "IQ", B)
    events = act(state, A, "use", "alexei")
    killed = one(events, "assassination")
    assert killed.audience is None and killed.data["card"] in ("kendall", "bess", "clive")
    assert killed.data["card"] in state.removed and "alexei" in state.removed and len(state.hands[B]) == 2
    assert killed.data["card"] in GAME.view(state, None)["removed"]


def test_counterintelligence_takes_a_blind_card_and_only_the_two_players_see_which():
    state = rigged({A: ["norma", "paul"], B: ["kendall", "bess"], C: ["clive"]}, seats=3)
    act(state, A, "attack", "IQ", B)
    events = act(state, A, "use", "norma")
    stolen = one(events, "card_stolen")
    card = stolen.data["card"]
    assert stolen.audience == frozenset({A, B}) and one(events, "card_taken").data == {"seat": A, "target": B}
    assert card in state.hands[A] and card not in state.hands[B]
    assert {"kind": "took", "seat": B, "card": card} in GAME.view(state, A)["you"]["notes"]
    assert {"kind": "lost", "seat": A, "card": card} in GAME.view(state, B)["you"]["notes"]
    assert card not in str(GAME.view(state, None)) and card not in str(GAME.view(state, C))


def test_a_special_taken_from_a_hand_changes_owner_and_its_new_owner_may_use_it():
    state = rigged({A: ["norma", "paul"], B: ["alexei"], C: ["clive", "bess"]}, seats=3)
    act(state, A, "attack", "IQ", B)
    act(state, A, "use", "norma")  # B's only card, Alexei, comes to A
    assert state.hands[A] == ["paul", "alexei"] and state.hands[B] == []
    events = act(state, A, "play", "paul")
    assert one(events, "combat_won").data["reason"] == "no_cards"
    pass_window(state)
    assert state.eliminated[B]
    # C plays (after A, B being out) and loses a card to A; then A attacks C and may use Alexei.
    while state.active != A:
        attacker = state.active
        duel(state, attacker, A, "ST", state.hands[attacker][0], "paul")
    act(state, A, "attack", "ST", C)
    assert Action("use", ("alexei",)) in prompt_for(state, A).actions


def test_companionship_adds_chomps_value_only_once_both_cards_are_shown():
    state = rigged({A: ["kendall", "chomp", "paul"], B: ["clive", "bess"]})
    act(state, A, "attack", "MO", B)
    assert Action("use", ("chomp",)) not in prompt_for(state, A).actions
    with pytest.raises(IllegalAction, match="once both cards of an exchange are shown"):
        act(state, A, "use", "chomp")
    act(state, A, "play", "kendall")  # MO 9
    act(state, B, "play", "bess")  # MO "?"
    assert Action("use", ("chomp",)) in prompt_for(state, A).actions
    act(state, A, "use", "chomp")
    state.rng.seed(3)
    events = pass_window(state)
    kendall = one(events, "exchange").data["sides"][0]
    assert (kendall["companion"], kendall["companion_value"], kendall["total"]) == ("chomp", 10, 19)
    assert "chomp" in state.removed


def test_chomp_cannot_boost_itself_but_boosts_a_later_card_of_the_same_combat():
    # ST: Chomp 6 = Paul 6, a tie; then Kendall, on IQ, may count Chomp still on the table.
    state = rigged({A: ["chomp", "kendall"], B: ["paul", "clive"]})
    act(state, A, "attack", "ST", B)
    act(state, A, "play", "chomp")
    act(state, B, "play", "paul")
    assert prompt_for(state, A).actions == (Action("pass"),)
    with pytest.raises(IllegalAction, match="Chomp is fighting in this exchange"):
        act(state, A, "use", "chomp")
    assert one(pass_window(state), "exchange").data["reason"] == "tie"
    act(state, B, "attribute", "IQ")
    act(state, B, "play", "clive")  # IQ 6
    act(state, A, "play", "kendall")  # IQ 8
    act(state, A, "use", "chomp")  # from the table: + Chomp's IQ 3
    exchange = one(pass_window(state), "exchange").data
    assert exchange["sides"][1]["total"] == 11 and exchange["winner"] == A
    events = pass_window(state)
    assert one(events, "collect").data == {"seat": A, "cards": ["kendall", "paul", "clive"], "removed": []}


def test_a_special_played_as_a_card_is_removed_even_when_its_side_wins():
    state = rigged({A: ["norma", "paul"], B: ["kendall", "bess"]})
    events = duel(state, A, B, "HT", "norma", "kendall")  # 12 > 5
    assert one(events, "collect").data == {"seat": A, "cards": ["kendall"], "removed": ["norma"]}
    assert "norma" not in state.hands[A] and "norma" in state.removed


def test_using_a_special_from_the_table_takes_it_off_the_table():
    # B's Falken ties Paul on DX; B counterattacks on HT with Michael (12); A answers Norma and B uses
    # Falken from the table before the exchange is resolved: Falken leaves the table and the game (the
    # couple it made with Norma stays: test_mystery_city_rules_defects).
    state = rigged({A: ["paul", "norma", "kendall"], B: ["falken", "michael", "bess"]})
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    act(state, B, "play", "falken")
    pass_window(state)
    act(state, B, "attribute", "HT")
    act(state, B, "play", "michael")
    act(state, A, "play", "norma")
    act(state, B, "use", "falken")
    assert [card for _, card in state.combat.table] == ["paul", "michael", "norma"] and "falken" in state.removed


def test_abilities_belong_to_the_two_duellists_and_need_an_opponent_with_cards():
    state = rigged({A: ["paul", "clive"], B: ["kendall"], C: ["falken", "bess"]}, seats=3)
    act(state, A, "attack", "DX", B)
    with pytest.raises(IllegalAction, match="Nothing is asked of seat 3"):
        act(state, C, "use", "falken")
    act(state, A, "play", "paul")
    act(state, B, "play", "kendall")
    before = pickle.dumps(state)
    with pytest.raises(IllegalAction, match="Falken is not yours to use"):
        act(state, A, "use", "falken")
    with pytest.raises(IllegalAction, match="Paul Shelton has no special ability"):
        act(state, A, "use", "paul")
    assert pickle.dumps(state) == before
    # B has no card left in hand: Alexei, Norma or Falken could do nothing to B.
    state = rigged({A: ["alexei", "paul"], B: ["kendall"]})
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    act(state, B, "play", "kendall")
    assert prompt_for(state, A).actions == (Action("pass"),)
    with pytest.raises(IllegalAction, match="no card in hand"):
        act(state, A, "use", "alexei")


def test_the_winner_then_the_loser_may_act_after_the_combat_is_decided():
    state = rigged({A: ["paul", "alexei", "clive"], B: ["kendall", "falken", "bess", "luigi"]})
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    act(state, B, "play", "kendall")
    pass_window(state)
    assert state.stage == "aftermath" and [p.seat for p in GAME.prompts(state)] == [A]  # the winner first
    assert Action("use", ("alexei",)) in prompt_for(state, A).actions
    act(state, A, "use", "alexei")
    act(state, A, "pass")
    assert Action("use", ("falken",)) in prompt_for(state, B).actions
    act(state, B, "use", "falken")
    pass_window(state)
    assert state.stage == "attack" and len(all_cards(state)) == 16


def test_windows_prompt_both_duellists_even_without_specials_unless_the_table_chooses_fewer_taps():
    state = rigged({A: ["paul", "clive"], B: ["kendall", "bess"]})
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    act(state, B, "play", "kendall")
    assert state.stage == "reveal" and [p.actions for p in GAME.prompts(state)] == [(Action("pass"),)] * 2
    state = rigged({A: ["paul", "clive"], B: ["kendall", "bess"]}, ability_windows="usable")
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    events = act(state, B, "play", "kendall")
    assert one(events, "collect").data["seat"] == A and state.stage == "attack"
    state = rigged({A: ["paul", "clive", "chomp"], B: ["kendall", "bess"]}, ability_windows="usable")
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    act(state, B, "play", "kendall")
    assert state.stage == "reveal" and {p.seat for p in GAME.prompts(state)} == {A, B}
