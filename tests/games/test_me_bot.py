"""The deducing Mystery Express bot: it sees views, prompts and its seat's events only, its choices do
not depend on hidden cards, it plays every prompt legally, and it plays far better than chance."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

from kiosk.bots.me_bot import LEVELS, DeducingBot, bots_for
from kiosk.bots.random_bot import RandomBot
from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_express.deduction import CONDUCTOR
from kiosk.games.mystery_express.game import INFO
from kiosk.games.mystery_express.rules import HAND_CATEGORIES, TIME, category_of, element_of
from kiosk.games.mystery_express.state import MEState
from kiosk.referee.headless import play
from me_support import GAME


def game_with(levels: list[str | None], seed: int) -> tuple[MEState, list[Any]]:
    state = GAME.start(len(levels), seed)
    bots = bots_for(levels, seed)
    for _ in play(GAME, state, bots):
        pass
    return state, bots


# --- the interface ---------------------------------------------------------------------------------


def test_levels_and_a_clear_error_for_an_unknown_one():
    assert set(LEVELS) == {"easy", "normal", "hard"}
    with pytest.raises(ValueError, match="difficulty must be one of easy, normal, hard"):
        DeducingBot(0, 1, "expert")


def holds_a(obj: Any, kinds: tuple[type, ...], seen: set[int] | None = None) -> bool:
    """Whether anything reachable from `obj` is an instance of `kinds`."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return False
    seen.add(id(obj))
    if isinstance(obj, kinds):
        return True
    if isinstance(obj, dict):
        return any(holds_a(k, kinds, seen) or holds_a(v, kinds, seen) for k, v in obj.items())
    if isinstance(obj, (list, tuple, set, frozenset)):
        return any(holds_a(item, kinds, seen) for item in obj)
    if dataclasses.is_dataclass(obj) or hasattr(obj, "__dict__"):
        return any(holds_a(v, kinds, seen) for v in vars(obj).values())
    return False


def test_the_bot_never_holds_the_game_or_its_state():
    state, bots = game_with(["hard", "normal", "easy", None], seed=5)
    for bot in bots:
        assert not holds_a(bot, (MEState, type(GAME)))


class Recorder:
    """A random bot that keeps every event it is handed."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.inner = RandomBot(seat, seed)
        self.heard: list[Event] = []

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        return self.inner.choose(view, prompt)

    def observe(self, events: list[Event]) -> None:
        self.heard += events


def test_play_hands_every_bot_exactly_the_events_its_seat_may_see():
    state = GAME.start(4, 3)
    bots = [Recorder(seat, 3) for seat in range(4)]
    everything = [e for step in play(GAME, state, bots) for e in step.events]
    for bot in bots:
        assert bot.heard == [e for e in everything if e.visible_to(bot.seat)]
        assert any(e.audience is not None for e in bot.heard)  # its own private events do arrive
    assert bots[0].heard != bots[1].heard


def test_a_bot_answers_only_its_own_prompts_from_its_own_view():
    state = GAME.start(3, 2)
    prompt = GAME.prompts(state)[0]
    bot = DeducingBot(prompt.seat, 2)
    with pytest.raises(ValueError, match="its own seat's view only"):
        bot.choose(GAME.view(state, None), prompt)  # the public view
    with pytest.raises(ValueError, match="its own seat's view only"):
        bot.choose(GAME.view(state, (prompt.seat + 1) % 3), prompt)
    with pytest.raises(ValueError, match="its own seat's view only"):
        DeducingBot((prompt.seat + 1) % 3, 2).choose(GAME.view(state, prompt.seat), prompt)
    assert bot.choose(GAME.view(state, prompt.seat), prompt) in prompt.actions


def test_a_bot_drops_an_event_its_seat_may_not_see():
    bot = DeducingBot(0, 1)
    bot.observe([Event("card_shown", {"from": 1, "to": 2, "face": "SUSPECT:1"}, frozenset({1, 2}))])
    assert bot.pending == []


# --- no leaks: the same view, prompt and events give the same choice, whatever is hidden -----------


def shuffle_hidden(state: MEState, seat: int, rng: random.Random) -> MEState:
    """A copy of the state where every card the seat does not hold changes place with another of its
    category: the seat's view (backs are public, faces of other hands are not) stays the same."""
    other = copy.deepcopy(state)
    for category in HAND_CATEGORIES:
        slots: list[tuple[Any, Any]] = [(other.solution, category)]
        places = [s.hand for i, s in enumerate(other.seats) if i != seat]
        places += [s.discard for i, s in enumerate(other.seats) if i != seat]
        places += [other.conductor_spaces, *other.stacks]
        for place in places:
            slots += [(place, i) for i, card in enumerate(place) if card is not None and category_of(card) == category]
        cards = [container[key] for container, key in slots]
        rng.shuffle(cards)
        for (container, key), card in zip(slots, cards):
            container[key] = card
    return other


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_hidden_cards_do_not_change_the_bots_choices(level):
    rng = random.Random(level)
    seats = 4
    state = GAME.start(seats, 11)
    bots = bots_for([level, "hard", None, "normal"], 11)
    checked = 0
    while prompts := GAME.prompts(state):
        prompt = min(prompts, key=lambda p: p.seat)
        if prompt.seat == 0 and state.leg >= 1 and rng.random() < 0.3:
            other = shuffle_hidden(state, 0, rng)
            assert other.solution != state.solution or other.seats[1].hand != state.seats[1].hand
            view, twin_view = GAME.view(state, 0), GAME.view(other, 0)
            assert view == twin_view
            twin_prompt = min(GAME.prompts(other), key=lambda p: p.seat)
            assert twin_prompt == prompt
            assert copy.deepcopy(bots[0]).choose(view, prompt) == copy.deepcopy(bots[0]).choose(twin_view, twin_prompt)
            checked += 1
        action = bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt)
        events = GAME.apply(state, prompt.seat, action)
        for bot in bots:
            bot.observe([e for e in events if e.visible_to(bot.seat)])
    assert checked > 20


def test_the_same_seed_plays_the_same_game():
    first, _ = game_with(["hard", "easy", "normal"], seed=21)
    second, _ = game_with(["hard", "easy", "normal"], seed=21)
    assert GAME.view(first, None) == GAME.view(second, None)
    assert GAME.outcome(first) == GAME.outcome(second)


# --- what it chooses ---------------------------------------------------------------------------------


def fed_bot(level: str, events: list[Event], seats: int = 4, removed: tuple[str, ...] = ()) -> DeducingBot:
    bot = DeducingBot(0, 1, level)
    state = GAME.start(seats, 1, {"characters": "random"})
    view = GAME.view(state, 0)
    view["removed"] = list(removed)
    bot.observe(events)
    bot.choose(view, Prompt(0, "start_car", (Action("car", ("club",)),), private=False))
    return bot


def dealt(*faces: str) -> Event:
    return Event("dealt", {"seat": 0, "hand": list(faces)}, frozenset({0}))


def shown(owner: int, face: str) -> Event:
    return Event("card_shown", {"from": owner, "to": 0, "face": face}, frozenset({0, owner}))


SUSPECTS = [f"SUSPECT:{i}" for i in range(6)]
MINE: dict[str, Any] = {"you": {"seat": 0}}  # all these prompts read nothing else from the view


def test_a_sighting_that_can_rule_out_is_worth_more_and_a_solved_category_nothing():
    returned = Event("discards_returned", {"hands": []})
    bot = fed_bot("hard", [dealt("SUSPECT:0", "MOTIVE:0"), Event("leg_start", {"leg": 1}), shown(1, "SUSPECT:1"), returned])
    # next leg, a Suspect from seat 2 may be the second copy of SUSPECT:1; from seat 1, the same one
    assert bot.worth("SUSPECT", ("hand", 2)) > bot.worth("SUSPECT", ("hand", 1)) > 0
    solved = fed_bot("hard", [dealt(*SUSPECTS[:2], *SUSPECTS[:2])], removed=tuple(SUSPECTS[2:5]))
    assert solved.book is not None and solved.book.solved("SUSPECT") == "SUSPECT:5"
    assert solved.worth("SUSPECT", ("hand", 1)) == 0 == solved.worth("SUSPECT", CONDUCTOR)


def form_prompt(kind: str, category: str, blank: bool) -> Prompt:
    faces = [f"{category}:{i}" for i in range(8 if category == TIME else 6)]
    actions = [Action("entry", (category, f)) for f in faces] + ([Action("entry", (category, None))] if blank else [])
    return Prompt(0, kind, tuple(actions), data={"category": category})


def test_telegram_entries_only_where_confident_and_final_answers_always():
    bot = fed_bot("hard", [dealt(*SUSPECTS[:2], *SUSPECTS[:2])], removed=tuple(SUSPECTS[2:5]))
    assert bot.choose(MINE, form_prompt("telegram", "SUSPECT", True)) == Action("entry", ("SUSPECT", "SUSPECT:5"))
    assert bot.choose(MINE, form_prompt("telegram", "MOTIVE", True)) == Action("entry", ("MOTIVE", None))
    final = bot.choose(MINE, form_prompt("final", "MOTIVE", False))
    assert final.args[0] == "MOTIVE" and final.args[1] is not None
    # an easy bot writes its guess everywhere, confident or not
    easy = fed_bot("easy", [dealt("SUSPECT:0")])
    assert easy.choose(MINE, form_prompt("telegram", "MOTIVE", True)).args[1] is not None


def test_final_answer_prefers_an_element_it_never_saw():
    """Five Motives open, four of them seen once: the unseen one is likelier the single copy in play."""
    events = [dealt("MOTIVE:0", "MOTIVE:1"), Event("leg_start", {"leg": 1}), shown(1, "MOTIVE:2"), shown(2, "MOTIVE:3")]
    bot = fed_bot("hard", events, removed=("MOTIVE:5",))
    assert bot.choose(MINE, form_prompt("final", "MOTIVE", False)) == Action("entry", ("MOTIVE", "MOTIVE:4"))


def test_it_shows_a_card_the_other_seat_already_knows():
    events = [dealt("MOTIVE:0", "MOTIVE:1", "MOTIVE:2"), Event("leg_start", {"leg": 1})]
    events.append(Event("card_shown", {"from": 0, "to": 2, "face": "MOTIVE:1"}, frozenset({0, 2})))
    bot = fed_bot("hard", events)
    cards = tuple(Action("card", (f,)) for f in ("MOTIVE:0", "MOTIVE:2"))
    prompt = Prompt(0, "dining_show", cards + (Action("card", ("MOTIVE:1",)),), data={"to": 2, "category": "MOTIVE"})
    assert bot.choose(MINE, prompt) == Action("card", ("MOTIVE:1",))


def test_the_hard_bot_counts_the_time_cards_perfectly():
    reveal = Event("time_reveal", {"city": "Strasbourg", "sequence": [f"TIME:{i}" for i in range(8) for _ in range(2 if i == 6 else 3)]})
    bot = fed_bot("hard", [dealt("SUSPECT:0"), reveal])
    assert bot.beliefs(TIME) == {"TIME:6": 1.0}
    assert bot.choose(MINE, form_prompt("telegram", TIME, True)) == Action("entry", (TIME, "TIME:6"))


# --- strength, on a few seeded games (the benchmark measures it on thousands) -----------------------


def test_hard_bots_score_far_above_random_bots_and_usually_win():
    scores: dict[str, list[float]] = {"hard": [], "random": []}
    wins = 0
    games = 16
    for seed in range(games):
        seats = 3 + seed % 3
        levels: list[str | None] = [None] * seats
        levels[seed % seats] = "hard"
        state, _ = game_with(levels, seed)
        outcome = GAME.outcome(state)
        assert outcome is not None
        hard = seed % seats
        scores["hard"].append(outcome.scores[hard])
        scores["random"] += [outcome.scores[s] for s in range(seats) if s != hard]
        wins += outcome.winners == [hard]
        # a perfect count: the hard bot always names the time of the crime
        assert outcome.detail["answers"][hard][TIME] == element_of(state.solution[TIME])
    average = {k: sum(v) / len(v) for k, v in scores.items()}
    assert average["hard"] > average["random"] + 1.5
    assert wins > games * 0.75


def test_deducing_bots_finish_games_under_every_option():
    """Every prompt of every option gets a legal answer (apply would raise otherwise)."""
    rng = random.Random(4)
    for seed in range(24):
        seats = 3 + seed % 3
        options = {o.name: rng.choice(o.choices if o.choices else (True, False)) for o in INFO.options}
        state = GAME.start(seats, seed, options)
        levels: list[str | None] = [rng.choice(["easy", "normal", "hard", None]) for _ in range(seats)]
        steps = sum(1 for _ in play(GAME, state, bots_for(levels, seed)))
        assert state.over and steps > 50
