"""What the touchscreen and each seat may know (rules 12): the duel in public, hands in private."""

from __future__ import annotations

import orjson

from mystery_city_support import GAME, act, card_ids_in, pass_window, rigged

A, B, C = 0, 1, 2


def test_the_public_view_holds_the_whole_duel_for_the_touchscreen():
    state = rigged({A: ["paul", "norma", "kendall"], B: ["falken", "michael", "bess"], C: ["clive"]}, seats=3)
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    act(state, B, "play", "falken")
    pass_window(state)
    act(state, B, "attribute", "HT")
    act(state, B, "play", "michael")
    act(state, A, "play", "norma")
    pass_window(state)
    public = GAME.view(state, None)
    combat = public["combat"]
    assert (combat["attacker"], combat["defender"], combat["winner"], combat["reason"]) == (A, B, A, "exchange")
    assert combat["table"] == [
        {"seat": A, "card": "paul"},
        {"seat": B, "card": "falken"},
        {"seat": B, "card": "michael"},
        {"seat": A, "card": "norma"},
    ]
    first, second = combat["exchanges"]
    assert (first["attribute"], first["result"]["reason"]) == ("DX", "tie")
    assert (second["attribute"], second["leader"], second["follower"]) == ("HT", B, A)
    norma = second["result"]["sides"][1]
    assert (norma["card"], norma["value"], norma["partner"], norma["partner_value"], norma["total"]) == (
        "norma",
        12,
        "falken",
        11,
        23,
    )
    assert public["players"] == [
        {"seat": A, "hand_size": 1, "eliminated": False},
        {"seat": B, "hand_size": 1, "eliminated": False},
        {"seat": C, "hand_size": 1, "eliminated": False},
    ]
    assert "you" not in public and card_ids_in(public) == {"paul", "falken", "michael", "norma"} | set(public["removed"])
    orjson.dumps(public)


def test_a_seat_sees_its_own_hand_and_nobody_elses():
    state = rigged({A: ["paul", "norma"], B: ["falken", "michael"], C: ["clive", "bess"]}, seats=3)
    for seat, hand in ((A, ["norma", "paul"]), (B, ["falken", "michael"]), (C, ["bess", "clive"])):
        view = GAME.view(state, seat)
        assert view["you"]["hand"] == hand
        others = {card for other, h in enumerate(state.hands) if other != seat for card in h}
        assert not card_ids_in(view) & others
