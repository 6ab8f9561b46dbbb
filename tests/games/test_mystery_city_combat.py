"""Attacks, ties and counterattacks, the last-card rule, collecting, elimination, turn order, the end."""

from __future__ import annotations

import pytest

from kiosk.games.base import Action, IllegalAction
from mystery_city_support import CARDS, GAME, act, all_cards, duel, kinds, one, pass_window, prompt_for, rigged

A, B, C = 0, 1, 2


def tie_on_dx(state, attacker=A, defender=B, lead="paul", follow="bess"):
    """The attacker leads Paul Shelton on DX (9): Falken (DX 9) ties."""
    act(state, attacker, "attack", "DX", defender)
    act(state, attacker, "play", lead)
    act(state, defender, "play", follow)
    return pass_window(state)


def test_the_attacker_names_an_attribute_and_an_opponent_still_in_the_game():
    state = rigged({A: ["paul"], B: ["bess"], C: ["kendall"]}, seats=3)
    state.eliminated[C] = True
    state.hands[C], state.removed = [], state.removed + ["kendall"]
    prompt = prompt_for(state, A)
    assert prompt.kind == "attack" and {a.args[1] for a in prompt.actions} == {B}
    assert {a.args[0] for a in prompt.actions} == {"ST", "DX", "IQ", "MO", "HT"}
    with pytest.raises(IllegalAction, match="yourself"):
        act(state, A, "attack", "DX", A)
    with pytest.raises(IllegalAction, match="five attributes"):
        act(state, A, "attack", "DX", C)
    with pytest.raises(IllegalAction, match="five attributes"):
        act(state, A, "attack", "LUCK", B)


def test_the_defender_chooses_after_seeing_the_attackers_card():
    state = rigged({A: ["paul", "clive"], B: ["bess", "kendall"]})
    act(state, A, "attack", "DX", B)
    with pytest.raises(IllegalAction, match="Nothing is asked of seat 2"):
        act(state, B, "play", "bess")
    events = act(state, A, "play", "paul")
    assert one(events, "card_played").audience is None and GAME.view(state, B)["combat"]["table"] == [
        {"seat": A, "card": "paul"}
    ]
    assert prompt_for(state, B).kind == "play_card"


def test_a_tie_lets_the_defender_counterattack_with_a_new_attribute_and_lead():
    state = rigged({A: ["paul", "kendall", "charles"], B: ["falken", "clive", "luigi"]})
    tie_on_dx(state, follow="falken")  # Paul 9 = Falken 9
    assert state.stage == "attribute" and prompt_for(state, B).kind == "counterattack"
    with pytest.raises(IllegalAction, match="new attribute"):
        act(state, B, "attribute", "DX")
    events = act(state, B, "attribute", "ST")
    assert one(events, "counterattack").data == {"seat": B, "attribute": "ST", "exchange": 2}
    assert prompt_for(state, B).kind == "play_card"
    act(state, B, "play", "clive")  # ST 10
    act(state, A, "play", "charles")  # ST 11
    assert one(pass_window(state), "exchange").data["winner"] == A


def test_roles_alternate_on_every_tie():
    # DX: Paul 9 = Falken 9, B counterattacks; MO: B's Kendall 9 = A's Eddie 9, so A, who played
    # second, names the next attribute and leads.
    state = rigged({A: ["paul", "eddie", "charles"], B: ["falken", "kendall", "clive"]})
    tie_on_dx(state, follow="falken")
    act(state, B, "attribute", "MO")
    act(state, B, "play", "kendall")
    act(state, A, "play", "eddie")
    exchange = one(pass_window(state), "exchange").data
    assert exchange["reason"] == "tie" and [s["total"] for s in exchange["sides"]] == [9, 9]
    prompt = prompt_for(state, A)
    assert prompt.kind == "counterattack" and Action("attribute", ("MO",)) not in prompt.actions
    act(state, A, "attribute", "IQ")
    assert prompt_for(state, A).kind == "play_card"
    act(state, A, "play", "charles")  # IQ 7
    act(state, B, "play", "clive")  # IQ 6
    events = pass_window(state) + pass_window(state)
    assert one(events, "collect").data == {
        "seat": A,
        "cards": ["charles", "kendall", "paul", "clive", "eddie"],
        "removed": ["falken"],
    }


def test_the_winner_collects_every_regular_card_of_every_exchange():
    state = rigged({A: ["paul", "charles", "amanda"], B: ["falken", "clive", "bess"]})
    tie_on_dx(state, follow="falken")
    act(state, B, "attribute", "ST")
    act(state, B, "play", "clive")
    act(state, A, "play", "charles")
    events = pass_window(state) + pass_window(state)
    assert one(events, "collect").data == {"seat": A, "cards": ["charles", "paul", "clive"], "removed": ["falken"]}
    assert sorted(state.hands[A]) == ["amanda", "charles", "clive", "paul"] and state.hands[B] == ["bess"]
    assert all_cards(state) == sorted(all_cards(state)) and len(all_cards(state)) == 16


def test_a_couple_counts_a_partner_played_in_an_earlier_exchange_by_the_same_player():
    # A ties on IQ (Charles 7 = Paul 7), then plays Bess, Charles's partner, in the counterattack.
    state = rigged({A: ["charles", "bess", "kendall"], B: ["paul", "luigi", "clive"]})
    act(state, A, "attack", "IQ", B)
    act(state, A, "play", "charles")
    act(state, B, "play", "paul")
    assert one(pass_window(state), "exchange").data["reason"] == "tie"
    act(state, B, "attribute", "HT")
    act(state, B, "play", "luigi")  # HT 9
    act(state, A, "play", "bess")  # HT 6 + Charles 8 on the table = 14
    bess = one(pass_window(state), "exchange").data["sides"][1]
    assert (bess["partner"], bess["total"]) == ("charles", 14)


def test_last_card_rule_the_defender_who_ties_with_their_last_card_wins():
    state = rigged({A: ["paul", "kendall"], B: ["falken"]})
    events = tie_on_dx(state, follow="falken")
    assert one(events, "combat_won").data == {"seat": B, "loser": A, "reason": "last_card"}
    events = pass_window(state)
    assert one(events, "collect").data == {"seat": B, "cards": ["paul"], "removed": ["falken"]}
    assert state.hands[B] == ["paul"] and state.stage == "attack"


def test_an_attacker_out_of_cards_after_a_tie_loses_to_the_defender():
    state = rigged({A: ["paul"], B: ["falken", "bess"]})
    events = tie_on_dx(state, follow="falken")
    assert one(events, "combat_won").data == {"seat": B, "loser": A, "reason": "last_card"}
    events = pass_window(state)
    assert kinds(events)[-2:] == ["eliminated", "game_over"] and state.over
    outcome = GAME.outcome(state)
    assert outcome.winners == [B] and outcome.scores == {A: 0.0, B: 2.0}


def test_a_defender_left_without_cards_by_an_assassination_loses_the_combat():
    state = rigged({A: ["alexei", "paul"], B: ["kendall"]})
    act(state, A, "attack", "DX", B)
    events = act(state, A, "use", "alexei")
    assert one(events, "assassination").data == {"seat": A, "target": B, "card": "kendall"}
    events = act(state, A, "play", "paul")
    assert one(events, "combat_won").data == {"seat": A, "loser": B, "reason": "no_cards"}
    events = pass_window(state)
    assert one(events, "eliminated").data == {"seat": B} and state.over and state.winner == A


def test_an_eliminated_player_is_skipped_and_cannot_be_attacked():
    state = rigged({A: ["paul", "michael"], B: ["kendall"], C: ["clive", "bess"]}, seats=3)
    events = duel(state, A, B, "DX", "paul", "kendall")  # 9 > 6
    assert one(events, "eliminated").data == {"seat": B} and state.eliminated == [False, True, False]
    assert one(events, "turn").data == {"seat": C}  # clockwise: 0 -> 1 is out -> 2
    assert {a.args[1] for a in prompt_for(state, C).actions} == {A}
    duel(state, C, A, "ST", "clive", "michael")  # 10 > 9
    assert state.active == A  # 2 -> 0
    assert GAME.view(state, None)["players"][B] == {"seat": B, "hand_size": 0, "eliminated": True}


@pytest.mark.parametrize(("direction", "order"), [("counterclockwise", [0, 3, 2, 1, 0]), ("clockwise", [0, 1, 2, 3, 0])])
def test_the_turn_marker_goes_round_in_the_chosen_direction(direction, order):
    cards = sorted(CARDS.ids())
    state = rigged({seat: cards[4 * seat : 4 * seat + 4] for seat in range(4)}, seats=4, direction=direction)
    seen = [state.active]
    for _ in range(4):
        attacker = state.active
        target = max((s for s in range(4) if s != attacker), key=lambda s: len(state.hands[s]))
        act(state, attacker, "attack", "ST", target)
        while state.stage != "attack":
            prompt = GAME.prompts(state)[0]
            if prompt.kind == "counterattack":
                act(state, prompt.seat, "attribute", next(a.args[0] for a in prompt.actions if a.kind == "attribute"))
            elif prompt.kind == "play_card":
                act(state, prompt.seat, "play", state.hands[prompt.seat][0])
            else:
                act(state, prompt.seat, "pass")
        assert not any(state.eliminated)
        seen.append(state.active)
    assert seen == order


def test_the_first_seat_is_an_option_checked_against_the_seat_count():
    assert GAME.start(3, 1, {"first_seat": 2}).active == 2
    with pytest.raises(ValueError, match="option 'first_seat' must be one of 0, 1, 2, got 3"):
        GAME.start(3, 1, {"first_seat": 3})


def test_when_nobody_would_keep_a_card_the_combats_winner_wins_the_game():
    state = rigged({A: ["chomp"], B: ["falken"]})
    events = duel(state, A, B, "ST", "chomp", "falken")  # 6 < 8, only specials on the table
    assert one(events, "collect").data == {"seat": B, "cards": [], "removed": ["falken", "chomp"]}
    assert one(events, "eliminated").data == {"seat": A} and state.winner == B and state.over
    assert GAME.prompts(state) == []
    with pytest.raises(IllegalAction, match="over"):
        act(state, B, "pass")
