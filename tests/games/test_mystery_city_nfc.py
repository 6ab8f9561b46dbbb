"""The nfc deck on the engine side: hands recorded by taps, and taps of cards a seat does not hold refused.

The table turns a tag tap into `hold(card)` while a seat records its hand, and into `play(card)` (or
`use(card)`) while it is prompted in a combat; these tests drive the engine with those actions.
"""

from __future__ import annotations

import pickle
import random

import pytest

from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.games.base import Action, IllegalAction
from kiosk.referee.headless import play
from mystery_city_support import CARDS, GAME, act, all_cards, kinds, one, prompt_for


def physical_deal(seats: int, seed: int) -> list[list[str]]:
    """The players shuffle and deal the tagged cards themselves, by the rules' split."""
    deal = CARDS.deals[seats]
    rng = random.Random(seed)
    specials = [c for c in CARDS.in_play(seats) if CARDS.is_special(c)]
    regulars = [c for c in CARDS.in_play(seats) if not CARDS.is_special(c)]
    rng.shuffle(specials)
    rng.shuffle(regulars)
    return [
        specials[s * deal.specials : (s + 1) * deal.specials] + regulars[s * deal.regulars : (s + 1) * deal.regulars]
        for s in range(seats)
    ]


def record(state, hands: list[list[str]]) -> list:
    """Each seat taps its cards, in turn, as the prompts ask."""
    events = []
    while state.stage == "register":
        seat = GAME.prompts(state)[0].seat
        card = next((c for c in hands[seat] if c not in state.hands[seat]), None)
        if card is None:
            break
        events += act(state, seat, "hold", card)
    return events


def test_the_nfc_deck_deals_nothing_and_asks_the_first_seat_for_its_cards():
    state = GAME.start(3, 1, {"deck": "nfc"})
    assert state.stage == "register" and state.hands == [[], [], []] and state.removed == ["norma"]
    prompt = prompt_for(state, 0)
    assert prompt.kind == "record_hand" and prompt.data == {"specials": 1, "regulars": 4}
    assert {a.args[0] for a in prompt.actions if a.kind == "hold"} == set(CARDS.ids()) - {"norma"}
    assert Action("deal_rest") in prompt.actions
    assert kinds(GAME.opening(state)) == ["card_removed", "record_begins"]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_seat_records_its_hand_then_the_first_turn_begins(seats):
    state = GAME.start(seats, 2, {"deck": "nfc", "first_seat": seats - 1})
    hands = physical_deal(seats, 2)
    events = record(state, hands)
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in hands]
    assert kinds(events)[-2:] == ["hands_recorded", "turn"] and state.active == seats - 1
    recorded = [e for e in events if e.kind == "card_recorded"]
    assert all(e.audience == frozenset({e.data["seat"]}) for e in recorded)
    assert all_cards(state) == sorted(CARDS.ids())


def test_a_tap_that_cannot_be_recorded_is_refused_with_its_reason_and_changes_nothing():
    state = GAME.start(3, 1, {"deck": "nfc"})
    act(state, 0, "hold", "falken")
    act(state, 0, "hold", "paul")
    before = pickle.dumps(state)
    for card, reason in [
        ("04:A2:19:5B", "That is not a Mystery City card."),
        ("norma", "Norma is not used in this game."),
        ("paul", "Paul Shelton is already recorded in your hand."),
        ("chomp", "Your hand already has all its special cards."),
    ]:
        with pytest.raises(IllegalAction) as refused:
            act(state, 0, "hold", card)
        assert refused.value.text.render("en") == reason
    with pytest.raises(IllegalAction, match="Nothing is asked of seat 2"):
        act(state, 1, "hold", "chomp")
    assert pickle.dumps(state) == before
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "hold", "norma")
    assert refused.value.text.render("es") == "Norma no se usa en esta partida."


def test_a_mistaken_tap_can_be_released_and_a_card_tapped_at_another_seat_moves_there():
    state = GAME.start(2, 1, {"deck": "nfc"})
    act(state, 0, "hold", "bess")
    events = act(state, 0, "release", "bess")
    assert one(events, "card_released").audience == frozenset({0}) and state.hands[0] == []
    hands = physical_deal(2, 5)
    hands[0].append(hands[1].pop())  # seat 1's last regular card is by mistake tapped for seat 0...
    wrong = hands[0][-1]
    hands[0].remove(next(c for c in hands[0] if not CARDS.is_special(c)))
    for card in hands[0]:
        act(state, 0, "hold", card)
    for card in hands[1]:
        act(state, 1, "hold", card)
    assert state.stage == "register" and len(state.hands[1]) == 7
    events = act(state, 1, "hold", wrong)  # ...and seat 1 taps it: it is hers, seat 0 must tap again
    moved = one(events, "card_moved")
    assert moved.audience == frozenset({0}) and moved.data == {"seat": 0, "card": wrong}  # not who tapped it
    assert prompt_for(state, 0).data == {"specials": 0, "regulars": 1}


def test_what_a_seat_may_record_never_depends_on_what_others_recorded():
    first, second = GAME.start(4, 1, {"deck": "nfc"}), GAME.start(4, 1, {"deck": "nfc"})
    record(first, [["falken", "paul", "bess", "kendall"], [], [], []])
    record(second, [["alexei", "clive", "luigi", "eddie"], [], [], []])
    assert prompt_for(first, 1) == prompt_for(second, 1)


def test_a_card_tapped_in_play_must_be_in_that_seats_hand():
    state = GAME.start(2, 3, {"deck": "nfc"})
    hands = physical_deal(2, 3)
    record(state, hands)
    act(state, 0, "attack", "ST", 1)
    before = pickle.dumps(state)
    other = hands[1][-1]
    for card, reason in [
        (other, f"{CARDS.card(other).name} is not in your hand."),
        ("04:A2:19:5B", "That is not a Mystery City card."),
    ]:
        with pytest.raises(IllegalAction) as refused:
            act(state, 0, "play", card)
        assert refused.value.text.render("en") == reason
    assert pickle.dumps(state) == before
    act(state, 0, "play", hands[0][-1])
    with pytest.raises(IllegalAction, match="has left the game|is not in your hand"):
        act(state, 1, "play", hands[0][-1])


def test_a_card_that_left_the_game_is_refused_as_such():
    state = GAME.start(3, 3, {"deck": "nfc"})
    record(state, physical_deal(3, 3))
    act(state, 0, "attack", "ST", 2)
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "play", "norma")
    assert refused.value.text.render("en") == "Norma has left the game."


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_whole_game_plays_with_the_nfc_deck(seats):
    for seed in range(20):
        state = GAME.start(seats, seed, {"deck": "nfc"})
        record(state, physical_deal(seats, seed))
        bots = [MysteryCityBot(seat, seed) for seat in range(seats)]
        steps = list(play(GAME, state, bots))
        assert steps and state.over and GAME.outcome(state).winners == [state.winner]
        assert all_cards(state) == sorted(CARDS.ids())


def test_a_seat_without_physical_cards_is_dealt_the_cards_nobody_tapped_once_the_others_are_done():
    state = GAME.start(3, 8, {"deck": "nfc"})
    hands = physical_deal(3, 8)
    record(state, [hands[0], [], []])
    events = act(state, 1, "deal_rest")  # seat 2 is a bot, or a player without cards
    assert one(events, "kiosk_deals").data == {"seat": 1} and state.hands[1] == []
    assert prompt_for(state, 2).kind == "record_hand"
    events = record(state, [[], [], hands[2]])
    dealt = one(events, "hand_dealt")
    assert dealt.audience == frozenset({1}) and sorted(dealt.data["hand"]) == sorted(hands[1])
    assert kinds(events)[-2:] == ["hands_recorded", "turn"] and state.stage == "attack"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bots_record_their_hands_by_asking_the_kiosk_to_deal(seats):
    state = GAME.start(seats, 8, {"deck": "nfc"})
    bots = [MysteryCityBot(seat, 8) for seat in range(seats)]
    steps = []
    for step in play(GAME, state, bots):
        steps.append(step)
        if state.stage != "register":
            break
    assert [s.action for s in steps] == [Action("deal_rest")] * seats and state.stage == "attack"
    assert sorted(c for h in state.hands for c in h) == sorted(CARDS.in_play(seats))
