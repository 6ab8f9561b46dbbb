"""Mystery City rules defects of issue 17, each played from the rule's own words (shared/rules/mystery-city.md).

4. "?" is rolled when its card is shown (rules 6; seed example 1: "juega con Amanda (?) y lanza dos
   dados"): the defender sees the attacker's total before answering, an ability window sees both.
5. The defender wins a tie by *showing* a last card (rules 5.1, clarified): a hand emptied by an
   ability shows none.
6. A couple bonus is fixed when the second card of the couple is shown (rules 6, clarified): a later
   ability cannot undo it (seed example 3).
7. The turn goes clockwise by default (rules A2, decided 2026-12); a game stored before that replays as
   it was played.
"""

from __future__ import annotations

import pytest

from kiosk.bots.mystery_city_bot import MysteryCityBot
from kiosk.games.base import Action
from kiosk.games.mystery_city.narrate import Narrator
from kiosk.referee.narration import narrator_for
from kiosk.seats.mystery_city import make_pages
from kiosk.referee.session import GameSession
from kiosk.store import GameStore
from kiosk.ui.boards import BoardContext, make_board
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.option_labels import LABELS
from tests.ui.scene_checks import render
from mystery_city_support import CARDS, GAME, act, duel, one, pass_window, prompt_for, rigged

A, B = 0, 1


# --- 4. "?" rolled when its card is shown ---------------------------------------------------------


def test_the_attackers_question_mark_is_rolled_when_shown_so_the_defender_answers_a_known_total():
    # Amanda's IQ is "?": the attacker lays her and rolls 3 + 5 at once, in public.
    state = rigged({A: ["amanda", "paul"], B: ["kendall", "bess"]}, dice=[3, 5])
    act(state, A, "attack", "IQ", B)
    played = one(act(state, A, "play", "amanda"), "card_played")
    assert played.audience is None
    assert (played.data["side"]["value"], played.data["side"]["rolls"], played.data["side"]["total"]) == (8, [[3, 5]], 8)
    answer = prompt_for(state, B)
    assert answer.kind == "play_card" and answer.data["to_beat"] == 8
    (shown,) = GAME.view(state, None)["combat"]["exchanges"][-1]["sides"]
    assert (shown["seat"], shown["total"]) == (A, 8)
    # The seat screen of the defender says what to beat.
    view = GAME.view(state, B)
    assert make_pages(Narrator(CARDS), "en").menu(answer, view).title == "Intelligence vs 8"
    assert make_pages(Narrator(CARDS), "es").menu(answer, view).title == "Inteligencia vs. 8"  # named in full


def test_seed_example_1_amanda_is_rolled_as_she_is_played_before_the_ability_window():
    # "El jugador B juega con Amanda (?) y lanza dos dados, sacando un 3 y un 5."
    state = rigged({A: ["paul", "clive"], B: ["amanda", "chomp", "bess"]}, dice=[3, 5])
    act(state, A, "attack", "IQ", B)
    act(state, A, "play", "paul")
    events = act(state, B, "play", "amanda")
    assert one(events, "card_played").data["side"]["rolls"] == [[3, 5]]
    assert state.stage == "reveal"
    # Companionship is weighed against the totals as they stand, not blind.
    window = prompt_for(state, B)
    assert Action("use", ("chomp",)) in window.actions and window.data["totals"] == [8, 7]
    assert prompt_for(state, A).data["totals"] == [7, 8]
    assert make_pages(Narrator(CARDS), "en").menu(window, GAME.view(state, B)).title == "You 8 · rival 7"
    line = Narrator(CARDS).describe(one(events, "card_played"))
    assert line.render("en") == "Seat 2 plays Amanda: 8 (dice 3+5) = 8."
    assert line.render("es") == "El puesto 2 juega Amanda: 8 (dados 3+5) = 8."
    exchange = one(pass_window(state), "exchange").data
    assert [s["total"] for s in exchange["sides"]] == [7, 8] and exchange["winner"] == B


def test_equal_rolls_are_rolled_again_as_soon_as_the_second_card_is_shown():
    # Bess and Clive both have MO "?": 7 = 7, so both roll again at once: 4 against 9.
    state = rigged({A: ["bess", "paul"], B: ["clive", "kendall"]}, dice=[3, 4, 5, 2, 2, 2, 6, 3])
    act(state, A, "attack", "MO", B)
    act(state, A, "play", "bess")
    events = act(state, B, "play", "clive")
    again = one(events, "reroll")
    assert again.audience is None and [s["value"] for s in again.data["sides"]] == [4, 9]
    assert [s["total"] for s in GAME.view(state, None)["combat"]["exchanges"][-1]["sides"]] == [4, 9]


def test_companionship_is_rolled_and_added_when_used():
    state = rigged({A: ["kendall", "paul"], B: ["clive", "chomp", "bess"]}, dice=[3, 3])
    act(state, A, "attack", "MO", B)
    act(state, A, "play", "kendall")  # MO 9
    act(state, B, "play", "clive")  # MO "?": 3 + 3 = 6
    events = act(state, B, "use", "chomp")  # Chomp's MO 10
    assert one(events, "companion").data == {"seat": B, "card": "chomp", "value": 10, "rolls": [], "total": 16}
    assert prompt_for(state, A).data["totals"] == [9, 16]


def board_after(state, events):
    context = BoardContext("mystery-city", len(state.hands), narrator_for("mystery-city", {}), lambda s, a: None)
    board = make_board(context)
    board.observe([e for e in events if e.audience is None], 5.0)
    board.update(GAME.view(state, None), [], 5.0)
    return board


def test_the_board_shows_a_roll_when_the_card_is_shown():
    state = rigged({A: ["amanda", "paul"], B: ["kendall", "bess"]}, dice=[3, 5])
    events = act(state, A, "attack", "IQ", B) + act(state, A, "play", "amanda")
    board = board_after(state, events)
    assert board.rolled_at == 5.0 and board.next_frame(5.0) is not None  # the dice are thrown now
    painter = render(board, LAYOUTS["800x480"], "en", now=10.0)
    assert "= 8" in [drawn.text for drawn in painter.drawn]


# --- 5. the defender wins a tie by showing a last card --------------------------------------------


def tie_on_iq(state):
    """Kendall (IQ 8) against Meryl (IQ 8): a tie."""
    act(state, A, "attack", "IQ", B)
    act(state, A, "play", "kendall")
    return act(state, B, "play", "meryl")


@pytest.mark.parametrize("special", ["falken", "alexei"])
def test_a_tied_defender_who_empties_the_hand_on_an_ability_has_no_card_to_show_and_loses(special):
    state = rigged({A: ["kendall", "paul", "michael"], B: ["meryl", special]})
    tie_on_iq(state)
    assert one(pass_window(state), "exchange").data["reason"] == "tie"
    act(state, B, "use", special)  # B's only card, used at the counterattack: the hand is empty
    assert state.hands[B] == []
    assert state.combat.winner == A and state.combat.reason == "no_cards"
    events = pass_window(state)
    assert one(events, "collect").data["cards"] == ["kendall", "meryl"]
    assert state.eliminated[B] and state.over and state.winner == A


def test_a_card_spent_on_an_ability_during_a_tied_exchange_is_not_a_last_card_shown():
    # Meryl is shown with Falken still in hand; Falken is then used: the tie is no last-card win.
    state = rigged({A: ["kendall", "paul"], B: ["meryl", "falken"]})
    tie_on_iq(state)
    act(state, B, "use", "falken")
    events = pass_window(state)
    assert one(events, "exchange").data["reason"] == "tie"
    assert one(events, "combat_won").data == {"seat": A, "loser": B, "reason": "no_cards"}


def test_a_defender_who_shows_the_last_card_in_a_tie_still_wins():
    # An ability used first, then the last card shown: that card is shown, and wins the tie.
    state = rigged({A: ["kendall", "paul"], B: ["meryl", "falken"]})
    act(state, A, "attack", "IQ", B)
    act(state, A, "play", "kendall")
    act(state, B, "use", "falken")
    act(state, B, "play", "meryl")
    events = pass_window(state)
    assert one(events, "combat_won").data == {"seat": B, "loser": A, "reason": "last_card"}


# --- 6. a couple is fixed when it is made ----------------------------------------------------------


def test_seed_example_3_falken_used_after_norma_is_shown_cannot_undo_the_couple():
    state = rigged({A: ["paul", "norma", "kendall", "clive"], B: ["falken", "michael", "bess", "charles"]})
    act(state, A, "attack", "DX", B)
    act(state, A, "play", "paul")
    act(state, B, "play", "falken")
    assert one(pass_window(state), "exchange").data["reason"] == "tie"
    act(state, B, "attribute", "HT")
    act(state, B, "play", "michael")
    norma = one(act(state, A, "play", "norma"), "card_played").data["side"]
    assert (norma["partner"], norma["total"]) == ("falken", 23)  # fixed as Norma is shown
    act(state, B, "use", "falken")  # Falken leaves the table before the exchange is resolved
    exchange = one(pass_window(state), "exchange").data
    assert exchange["sides"][1]["total"] == 23 and exchange["winner"] == A and exchange["reason"] == "higher"


# --- 7. clockwise by default; old games replay as played ------------------------------------------


def test_the_turn_goes_clockwise_by_default_and_counterclockwise_is_the_authors_original():
    cards = sorted(CARDS.ids())
    state = rigged({seat: cards[4 * seat : 4 * seat + 4] for seat in range(4)}, seats=4)
    assert state.options["direction"] == "clockwise"
    duel(state, 0, 1, "ST", state.hands[0][0], state.hands[1][0])
    assert state.active == 1
    direction = next(o for o in GAME.info.options if o.name == "direction")
    assert direction.choices == ("clockwise", "counterclockwise")
    assert "author's English original" in LABELS[("mystery-city", "direction")].help


def play_with_bots(state, seed: int, actions: int):
    bots = {s: MysteryCityBot(s, seed) for s in range(len(state.hands))}
    played = []
    while len(played) < actions and not state.over:
        prompt = min(GAME.prompts(state), key=lambda p: p.seat)
        action = bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt)
        GAME.apply(state, prompt.seat, action)
        played.append((prompt.seat, action))
    return played


def test_a_game_stored_under_the_former_default_resumes_as_it_was_played(tmp_path):
    # Before 2026-12 a game was stored with the options chosen only: {} meant counterclockwise.
    seed = 5
    original = GAME.start(4, seed, {"direction": "counterclockwise"})
    played = play_with_bots(original, seed, 60)
    turns = [s for s, a in played if a.kind == "attack"]
    assert len(set(turns)) > 2  # the turn went round
    store = GameStore.open(tmp_path)
    game_id = store.begin("mystery-city", {}, seed, 4, [0, 1, 2, 3])
    for seat, action in played:
        store.append(game_id, seat, GAME.action_to_json(action))
    bots = {s: MysteryCityBot(s, seed) for s in range(4)}
    resumed = GameSession.resume(store, store.game(game_id), bots)  # each bot chooses again, as stored
    assert GAME.view(resumed.state, None) == GAME.view(original, None)
    assert resumed.state.options["direction"] == "counterclockwise"


def test_a_new_game_is_stored_with_its_options_whole(tmp_path):
    store = GameStore.open(tmp_path)
    session = GameSession.start(store, "mystery-city", 3, 2, {}, bots=[0, 1, 2])
    assert store.game(session.record.id).options == GAME.info.defaults()
    assert store.game(session.record.id).options["direction"] == "clockwise"
    # What a record holds wins over any former default.
    assert GAME.info.stored_options({"direction": "clockwise"})["direction"] == "clockwise"
    assert GAME.info.stored_options({})["direction"] == "counterclockwise"
