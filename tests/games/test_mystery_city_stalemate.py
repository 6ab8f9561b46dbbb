"""A two-player endgame that goes round in circles (playMC14; the trial before it reached one).

The rules end a game only when one player holds every card still in play (rules 8). With two players,
the one holding a single strong card wins a card on its own attack and loses it back on the other's,
and neither can do better: Luigi (Strength 12) against Eddie Malone (Dexterity 12) and a weaker card
passes that card back and forth for ever. Strict seeded bots (no whim) fall into such circles in about
half of their two-player games. The rules are silent; the kiosk's resolution (option `stalemate`): when
the same hands come back a third time with the same attacker, the table says so, and the game ends at
the first turn from then on where one player holds the most cards. "play_on" keeps the rules as written.
"""

from __future__ import annotations

import pytest

from kiosk.bots import mystery_city_bot
from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.games.mystery_city.game import INFO
from kiosk.games.mystery_city.narrate import Narrator
from kiosk.ui.scenes.results import _places
from mystery_city_support import CARDS, GAME, duel, kinds, one, rigged

A, B = 0, 1


def round_in_circles(state, rounds: int) -> list:
    """Luigi attacks on Strength and takes the weaker card; Eddie attacks on Dexterity and takes it back."""
    events = []
    for _ in range(rounds):
        if state.over:
            break
        events += duel(state, A, B, "ST", "luigi", "kendall")
        if state.over:
            break
        events += duel(state, B, A, "DX", "eddie", "kendall")
    return events


def test_the_same_hands_a_third_time_end_the_game_with_the_most_cards():
    state = rigged({A: ["luigi"], B: ["eddie", "kendall"]})
    events = round_in_circles(state, 10)
    assert state.over and state.ended_by == "stalemate"
    # A holds Luigi and Kendall after its attacks: that position, B to attack, comes back a third time first.
    assert state.combats == 5 and state.winner == A and sorted(state.hands[A]) == ["kendall", "luigi"]
    assert kinds(events).count("stalemate") == 1 and kinds(events)[-2:] == ["stalemate", "game_over"]
    over = one(events, "game_over")
    assert over.data == {"winner": A, "cards": 2, "reason": "stalemate"}
    narrator = Narrator(CARDS)
    assert narrator.describe(over).render("en") == "Seat 1 wins the game with the most cards (2)."
    assert narrator.describe(over).render("es") == "El puesto 1 gana la partida con más cartas que nadie (2)."
    assert "round in circles" in narrator.describe(one(events, "stalemate")).render("en")
    assert GAME.outcome(state).winners == [A] and GAME.outcome(state).detail["ended_by"] == "stalemate"
    assert GAME.view(state, None)["ended_by"] == "stalemate"
    # The results rank the player still in second (the table read "-" there while the seat read "2nd").
    assert _places(GAME.outcome(state), 2) == {A: 1, B: 2}


def test_equal_hands_at_the_third_time_play_on_until_one_player_holds_the_most():
    # Two cards each, and each attack wins one: (2, 2) with A to attack comes back, then the next combat
    # leaves one player ahead and the game ends there.
    state = rigged({A: ["luigi", "bess"], B: ["eddie", "kendall"]})
    for _ in range(10):
        if state.over:
            break
        duel(state, A, B, "ST", "luigi", "kendall")  # A: luigi, bess, kendall
        if state.over:
            break
        duel(state, B, A, "DX", "eddie", "kendall")  # B takes Kendall back: (2, 2)
    assert state.over and state.ended_by == "stalemate"
    assert len(state.hands[state.winner]) > len(state.hands[1 - state.winner])


def test_the_rules_as_written_play_on_for_ever():
    state = rigged({A: ["luigi"], B: ["eddie", "kendall"]}, stalemate="play_on")
    events = round_in_circles(state, 10)
    assert not state.over and state.combats == 20 and "stalemate" not in kinds(events)


def test_the_option_is_offered_and_a_game_stored_before_it_replays_as_it_was_played():
    spec = next(o for o in INFO.options if o.name == "stalemate")
    assert spec.default == "most_cards" and spec.choices == ("most_cards", "play_on")
    assert INFO.stored_options({"deck": "virtual"})["stalemate"] == "play_on"


@pytest.mark.parametrize("seats", [2, 3])
def test_strict_seeded_bots_always_reach_the_end(monkeypatch, seats):
    """Without their whim, two strict bots pass the same cards back and forth: the game still ends."""
    monkeypatch.setattr(mystery_city_bot, "WHIM", 0.0)
    stalled = 0
    for seed in range(60):
        state = GAME.start(seats, seed, {})
        bots = [MysteryCityBot(seat, seed) for seat in range(seats)]
        for _ in range(5000):
            if state.over:
                break
            prompt = GAME.prompts(state)[0]
            GAME.apply(state, prompt.seat, bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt))
        assert state.over, f"seed {seed}: still playing after {state.combats} combats"
        stalled += state.ended_by == "stalemate"
    if seats == 2:
        assert stalled > 10  # the circles the rules leave open are common, not a corner case
