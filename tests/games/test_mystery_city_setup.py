"""The card data file, the deal of each player count (rules 4.1) and the options."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kiosk.games.mystery_city.cards import CARDS_FILE, CardsError, load_cards
from mystery_city_support import CARDS, GAME, card_ids_in


@pytest.mark.parametrize(("seats", "specials", "regulars"), [(2, 2, 6), (3, 1, 4), (4, 1, 3)])
def test_the_virtual_deck_deals_the_rules_split_to_every_seat(seats, specials, regulars):
    for seed in range(30):
        state = GAME.start(seats, seed)
        for hand in state.hands:
            kinds = Counter(CARDS.is_special(c) for c in hand)
            assert (kinds[True], kinds[False]) == (specials, regulars)
        held = [c for hand in state.hands for c in hand]
        assert sorted(held + state.removed) == sorted(CARDS.ids()) and len(set(held)) == len(held)


def test_three_players_play_without_norma_and_everybody_sees_it_leave():
    state = GAME.start(3, 4)
    assert state.removed == ["norma"] and GAME.view(state, None)["removed"] == ["norma"]
    assert [e.data for e in GAME.opening(state) if e.kind == "card_removed"] == [{"card": "norma", "reason": "setup"}]


def test_the_deal_is_told_to_each_seat_alone_and_the_first_seat_takes_the_revolver():
    state = GAME.start(4, 9, {"first_seat": 1})
    opening = GAME.opening(state)
    dealt = [e for e in opening if e.kind == "dealt"]
    assert [e.audience for e in dealt] == [frozenset({s}) for s in range(4)]
    assert [e.data["hand"] for e in dealt] == [GAME.view(state, s)["you"]["hand"] for s in range(4)]
    assert opening[-1].kind == "turn" and opening[-1].data == {"seat": 1} and state.active == 1
    public = GAME.view(state, None)
    assert card_ids_in(public) == set() and [p["hand_size"] for p in public["players"]] == [4, 4, 4, 4]


def test_the_same_seed_deals_the_same_hands_and_another_seed_usually_not():
    assert GAME.start(2, 5).hands == GAME.start(2, 5).hands
    assert len({str(GAME.start(2, seed).hands) for seed in range(10)}) > 5


def test_options_and_seat_counts_are_checked():
    assert GAME.start(2, 1).options == {
        "deck": "virtual",
        "direction": "clockwise",
        "first_seat": 0,
        "ability_windows": "always",
        "stalemate": "most_cards",
    }
    with pytest.raises(ValueError, match="2-4 seats, got 5"):
        GAME.start(5, 1)
    with pytest.raises(ValueError, match="option 'deck' must be one of 'virtual', 'nfc', got 'paper'"):
        GAME.start(2, 1, {"deck": "paper"})


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = CARDS_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("DX = 9, IQ = 10", "DX = 13, IQ = 10", r"cards\[0\] \(falken\): DX must be 2-12 or \"\?\", got 13"),
        ("DX = 9, IQ = 10", "DX = \"x\", IQ = 10", r"falken\): DX must be 2-12"),
        ("ST = 8, DX = 9, ", "", r"falken\): values needs exactly ST, DX, IQ, MO, HT"),
        ('ability = "INVESTIGATION"', 'ability = "MAGIC"', r"falken\): ability must be one of"),
        ('id = "norma"', 'id = "falken"', r"cards\[1\]: the id falken is used twice"),
        ('ability = "INVESTIGATION"', 'abilty = "INVESTIGATION"', r"falken\): unknown key 'abilty', expected"),
        ('["luigi", "meryl"]', '["luigi", "marco"]', r"couples: no card marco"),
        ("specials = 1\nregulars = 4", "specials = 1\nregulars = 3", r"deal.3: 3 x \(1 special \+ 3 regular\)"),
        ('removed = ["norma"]', 'removed = ["nobody"]', r"deal.3: no card nobody to remove"),
    ],
)
def test_a_mistake_in_the_card_file_is_named_with_the_file_and_the_card(tmp_path, old, new, message):
    path = broken(tmp_path, old, new)
    with pytest.raises(CardsError, match=message) as error:
        load_cards(path)
    assert str(path) in str(error.value)


def test_a_cafe_can_play_with_its_own_printed_values(tmp_path):
    from kiosk.games.base import Action
    from kiosk.games.mystery_city.game import MysteryCity

    path = broken(tmp_path, "ST = 7, DX = 6, IQ = 8", "ST = 7, DX = 6, IQ = 12")  # Kendall Price
    game = MysteryCity(load_cards(path))
    state = game.start(2, 1)
    state.hands = [["alexei", "paul"], ["kendall", "bess"]]
    game.apply(state, 0, Action("attack", ("IQ", 1)))
    game.apply(state, 0, Action("play", ("alexei",)))
    events = game.apply(state, 1, Action("play", ("kendall",)))
    while state.stage == "reveal":
        events += game.apply(state, game.prompts(state)[0].seat, Action("pass"))
    result = next(e for e in events if e.kind == "exchange").data
    assert [s["total"] for s in result["sides"]] == [10, 12] and result["winner"] == 1
