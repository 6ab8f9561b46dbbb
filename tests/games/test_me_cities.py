"""The itinerary's city events (rules 3.2-3.4) and scoring with both tie-breaks (rules 8)."""

from __future__ import annotations

from collections import Counter


from kiosk.games.base import Action
from kiosk.games.mystery_express.arrival import score
from kiosk.games.mystery_express.rules import CATEGORIES, TIME, element_of
from me_support import GAME, act, advance, faces_in, kinds, one, prompt_for, started


def arrival_events(state, city_leg):
    """Play until the train has arrived at the end of leg `city_leg` (and any choice there is awaited)."""
    return advance(state, lambda s: s.leg > city_leg or (s.leg == city_leg and s.stage not in TURN_STAGES))


TURN_STAGES = {"turn"} | {
    "grip_target", "grip_category", "madam_stack", "madam_category", "dining_category", "dining_guests",
    "dining_show", "lounge_category", "lounge_show", "passenger_category", "passenger_pass",
    "sleeping_target", "sleeping_hide", "sleeping_guess", "sleeping_category", "smoking_category",
    "smoking_targets", "smoking_give", "smoking_return", "power_target", "power_show",
    "conductor_space", "conductor_leave",
}


def time_counts(state, faces):
    counts = Counter(faces)
    solution = element_of(state.solution[TIME])
    return counts, solution


def test_arrival_order_in_strasbourg():
    state = started(4, seed=5)
    events = arrival_events(state, 1)
    # The Time specialist's private second look (on by default) follows the reveal it repeats.
    tail = [k for k in kinds(events) if k not in ("turn_end", "turn_start", "move", "answered", "time_second_look")]
    start = tail.index("discards_returned")
    assert tail[start:] == [
        "discards_returned", "arrive", "time_reveal", "passengers_board", "conductor_token", "whistle",
        "leg_start",
    ]
    reveal = one(events, "time_reveal")
    assert reveal.audience is None and reveal.data["method"] == "single_pile"
    counts, solution = time_counts(state, reveal.data["sequence"])
    assert len(reveal.data["sequence"]) == 23 and counts[solution] == 2
    assert all(n == 3 for face, n in counts.items() if face != solution)
    assert one(events, "conductor_token").data["car"] == state.tokens[1] == state.conductor_car
    assert one(events, "passengers_board").data["stack"] == 1 and state.boarded == 1


def test_discard_piles_return_to_hand_at_the_end_of_every_leg():
    state = started(4, seed=5)
    arrival_events(state, 1)
    assert all(not s.discard for s in state.seats)


def test_munich_tunnel_each_seat_peeks_once_in_each_neighbours_row():
    state = started(5, seed=8)
    advance(state, lambda s: s.stage == "tunnel")
    hands_before = [sorted(s.hand) for s in state.seats]
    prompts = GAME.prompts(state)
    assert sorted(p.seat for p in prompts) == list(range(5)) and all(p.private for p in prompts)
    for p in prompts:
        assert {a.args[0] for a in p.actions} == {(p.seat + 1) % 5, (p.seat - 1) % 5}
    rows = {int(k): v for k, v in GAME.view(state, None)["step"]["rows"].items()}
    assert all(len(rows[s]) == len(hands_before[s]) for s in range(5))
    assert not faces_in(GAME.view(state, None))  # the public sees only backs (categories)
    events = []
    while state.stage == "tunnel":
        p = min(GAME.prompts(state), key=lambda p: p.seat)
        events += GAME.apply(state, p.seat, p.actions[-1])
    peeks = [e for e in events if e.kind == "tunnel_peek"]
    assert len(peeks) == 10
    for e in peeks:
        assert e.audience == frozenset({e.data["picker"], e.data["owner"]})
    assert Counter(e.data["picker"] for e in peeks) == Counter({s: 2 for s in range(5)})
    assert [sorted(s.hand) for s in state.seats] == hands_before  # nothing moves
    assert all(e.audience is None for e in events if e.kind == "tunnel_picked")


def test_munich_tunnel_with_three_players_peeks_at_both_others():
    state = started(3, seed=8)
    advance(state, lambda s: s.stage == "tunnel")
    for p in GAME.prompts(state):
        assert {a.args[0] for a in p.actions} == set(range(3)) - {p.seat}


def test_wien_packets_each_seat_sees_every_packet_once_privately():
    state = started(4, seed=12)
    events = advance(state, lambda s: s.leg == 4)
    events = events[max(i for i, e in enumerate(events) if e.kind == "arrive" and e.data["city"] == "Wien"):]
    packets = [e for e in events if e.kind == "time_packet"]
    rounds = [e for e in events if e.kind == "time_round"]
    assert [e.data["round"] for e in rounds] == [1, 2, 3, 4] and all(e.audience is None for e in rounds)
    assert len(packets) == 16 and all(e.audience is not None and len(e.audience) == 1 for e in packets)
    for seat in range(4):
        mine = [e for e in packets if e.audience == frozenset({seat})]
        seen = Counter(face for e in mine for face in e.data["cards"])
        assert sum(seen.values()) == 23
        counts, solution = time_counts(state, list(seen.elements()))
        assert counts[solution] == 2
    # Round 1: each seat holds the packet dealt to it; packets are dealt from the whistle holder's left.
    sizes = {next(iter(e.audience)): len(e.data["cards"]) for e in packets if e.data["round"] == 1}
    assert sorted(sizes.values()) == [5, 6, 6, 6]
    assert one(events, "passengers_board").data["stack"] == 2


def test_wien_packets_are_passed_to_the_left():
    state = started(3, seed=2)
    events = advance(state, lambda s: s.leg == 4)
    packets = [e for e in events if e.kind == "time_packet"]
    by = {(next(iter(e.audience)), e.data["round"]): e.data["cards"] for e in packets}
    for seat in range(3):
        assert by[((seat + 1) % 3, 2)] == by[(seat, 1)]


def test_budapest_three_piles_telegram_and_sudden_revelation():
    state = started(3, seed=21)
    events = advance(state, lambda s: s.stage == "telegram")
    reveal = [e for e in events if e.kind == "time_reveal"][-1]
    assert reveal.data["method"] == "three_piles" and len(reveal.data["sequence"]) == 23
    prompts = GAME.prompts(state)
    assert sorted(p.seat for p in prompts) == [0, 1, 2] and all(p.private for p in prompts)
    assert prompts[0].data["category"] == CATEGORIES[0]
    assert Action("entry", (CATEGORIES[0], None)) in prompts[0].actions  # a blank entry
    # Seat 0 fills the form, restarts it, and sends it: only "sent" is public.
    for category in CATEGORIES:
        act(state, 0, "entry", category, None)
    assert prompt_for(state, 0).kind == "telegram_confirm"
    act(state, 0, "restart")
    assert prompt_for(state, 0).data["category"] == CATEGORIES[0]
    chosen = {}
    for category in CATEGORIES:
        face = prompt_for(state, 0).actions[0].args[1]
        chosen[category] = face
        act(state, 0, "entry", category, face)
    events = act(state, 0, "submit")
    assert one(events, "telegram_sent").audience is None and not faces_in([e.data for e in events])
    assert state.seats[0].telegram == chosen
    assert 0 not in {p.seat for p in GAME.prompts(state)}  # locked after submit
    hands = [len(s.hand) for s in state.seats]
    events = advance(state, lambda s: s.stage == "sudden")
    events = advance(state, lambda s: s.stage != "sudden")
    revelation = one(events, "sudden_revelation")
    assert revelation.audience is None and len(revelation.data["reveals"]) == 3
    assert [len(s.hand) for s in state.seats] == [h - 1 for h in hands]
    assert [element_of(c) for _, c in state.revealed] == [r["face"] for r in revelation.data["reveals"]]
    assert GAME.view(state, None)["revealed"] == revelation.data["reveals"]


def test_istanbul_final_answers_then_the_game_ends():
    state = started(4, seed=30)
    advance(state, lambda s: s.stage == "final")
    assert "result" not in GAME.view(state, None)
    prompts = GAME.prompts(state)
    assert all(Action("entry", (CATEGORIES[0], None)) not in p.actions for p in prompts)  # no blanks
    events = advance(state, lambda s: s.over)
    over = one(events, "game_over")
    truth = {c: element_of(card) for c, card in state.solution.items()}
    assert over.data["solution"] == truth
    assert GAME.prompts(state) == [] and GAME.outcome(state) is not None
    assert GAME.view(state, None)["result"]["solution"] == truth


def test_conductor_positions_follow_the_tokens_leg_by_leg():
    state = started(5, seed=17)
    seen = []
    advance(state, lambda s: (seen.append((s.leg, s.conductor_car)) or False) if not s.over else True)
    per_leg = {leg: car for leg, car in seen if 1 <= leg <= 5}
    assert per_leg == {leg: state.tokens[leg - 1] for leg in range(1, 6)}


def test_with_five_players_each_starts_one_leg():
    state = started(5, seed=19)
    starters = {}
    advance(state, lambda s: (starters.setdefault(s.leg, s.whistle) and False) if not s.over else True)
    assert sorted(v for k, v in starters.items() if 1 <= k <= 5) == [0, 1, 2, 3, 4]


def test_time_specialist_house_rule_gives_a_private_second_look():
    state = started(5, seed=3)
    ilic = next(i for i, s in enumerate(state.seats) if s.character == "ilic")
    events = advance(state, lambda s: s.leg == 2)
    looks = [e for e in events if e.kind == "time_second_look"]
    assert looks and all(e.audience == frozenset({ilic}) for e in looks)
    plain = started(5, seed=3, powers=False)
    assert "time_second_look" not in kinds(advance(plain, lambda s: s.leg == 2))


# --- Scoring (rules 8) ------------------------------------------------------------------------


def scored(answers, telegrams):
    state = started(len(answers), seed=1)
    truth = {c: element_of(card) for c, card in state.solution.items()}
    wrong = {c: next(e for e in GAME.rules.elements[c] if e != truth[c]) for c in CATEGORIES}
    for seat, (right_answers, telegram) in enumerate(zip(answers, telegrams)):
        state.seats[seat].answers = {c: truth[c] if i < right_answers else wrong[c] for i, c in enumerate(CATEGORIES)}
        right_t, wrong_t = telegram
        entries = {}
        for i, c in enumerate(CATEGORIES):
            entries[c] = truth[c] if i < right_t else wrong[c] if i < right_t + wrong_t else None
        state.seats[seat].telegram = entries
    return score(state)


def test_most_correct_answers_wins():
    outcome = scored([3, 2, 5], [(0, 0), (5, 0), (0, 5)])
    assert outcome.scores == {0: 3.0, 1: 2.0, 2: 5.0} and outcome.winners == [2]
    assert outcome.detail["decided_by"] == "score"


def test_tie_broken_by_telegram_plus_one_right_minus_one_wrong():
    outcome = scored([4, 4, 1], [(2, 1), (1, 0), (5, 0)])  # 2-1 = 1 vs 1-0 = 1: still tied here
    assert outcome.detail["telegram_scores"] == {0: 1, 1: 1, 2: 5}
    outcome = scored([4, 4, 1], [(3, 1), (1, 0), (5, 0)])
    assert outcome.winners == [0] and outcome.detail["decided_by"] == "telegram"


def test_then_fewest_wrong_telegram_entries():
    # The rules' example: 1 right + 0 wrong beats 2 right + 1 wrong (both worth 1).
    outcome = scored([4, 4, 1], [(2, 1), (1, 0), (0, 0)])
    assert outcome.winners == [1] and outcome.detail["decided_by"] == "telegram_wrong"


def test_still_tied_means_co_winners():
    outcome = scored([4, 4, 4], [(1, 0), (1, 0), (0, 0)])
    assert outcome.winners == [0, 1] and outcome.detail["decided_by"] == "shared"


def test_blank_telegram_entries_count_zero():
    outcome = scored([0, 0, 0], [(0, 0), (1, 2), (0, 1)])
    assert outcome.detail["telegram_scores"] == {0: 0, 1: -1, 2: -1}
    assert outcome.winners == [0]
