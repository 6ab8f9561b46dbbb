"""Arriving in a city (rules 3.2-3.3 and 8): discards return, Time reveals, passengers, the tunnel,
the telegram, the sudden revelation, the Conductor token, the whistle, and the end in Istanbul.

Arrival runs as a queue of steps. Most happen at once; the tunnel, telegram, sudden revelation and
final answers wait for every seat's private choice, then the queue goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kiosk.games.base import Action, Event, Outcome, Prompt
from kiosk.games.mystery_express.rules import CATEGORIES, Rules, category_of, element_of
from kiosk.games.mystery_express.state import MEState
from kiosk.games.mystery_express.turn import card_actions, powers_on, stage
from kiosk.games.mystery_express.zones import (
    category_counts,
    hand_elements,
    left,
    note,
    right,
    take_from_hand,
)

CITY_STEPS: dict[int, tuple[str, ...]] = {
    1: ("time_single_pile", "board_1", "token", "whistle"),  # Strasbourg
    2: ("tunnel", "token", "whistle"),  # München
    3: ("time_packets", "board_2", "token", "whistle"),  # Wien
    4: ("time_three_piles", "telegram", "sudden", "token", "whistle"),  # Budapest
    5: ("final", "score"),  # Istanbul
}

Step = Callable[[Rules, MEState], list[Event]]
STEPS: dict[str, Step] = {}


def step(fn: Step) -> Step:
    STEPS[fn.__name__.lstrip("_")] = fn
    return fn


def begin(rules: Rules, state: MEState) -> list[Event]:
    """The leg is over: every discard pile goes back to its owner's hand, the train moves on."""
    for seat in state.seats:
        seat.hand.extend(seat.discard)
        seat.discard = []
    state.window += 1  # what is seen from now on belongs to the next leg's window (rules 7.2)
    counts = [{"seat": i, "counts": category_counts(s.hand)} for i, s in enumerate(state.seats)]
    city = rules.cities[state.leg]
    state.queue = list(CITY_STEPS[state.leg])
    state.stage = "arrive"
    return [Event("discards_returned", {"hands": counts}), Event("arrive", {"leg": state.leg, "city": city})]


def run(rules: Rules, state: MEState) -> list[Event]:
    """Run arrival steps until one waits for the players or the queue is empty."""
    events: list[Event] = []
    while state.queue and state.stage == "arrive":
        events += STEPS[state.queue.pop(0)](rules, state)
    if state.stage == "arrive":
        state.stage = "over" if state.over else "leg_start"
    return events


# --- Time reveals -------------------------------------------------------------------------------


def _time_faces(state: MEState) -> list[str]:
    """Reshuffling between reveals is harmless (rules 3.3) and keeps each reveal fresh."""
    state.rng.shuffle(state.time_deck)
    return [element_of(c) for c in state.time_deck]


SECOND_LOOK_PART = 6  # clocks per screen of a second look at a sequence: one row on a seat screen


def _second_looks(rules: Rules, state: MEState, city: str, parts: list[list[str]]) -> list[Event]:
    """The kiosk's power for the Time specialist (rules 6, on with all powers): a private second
    viewing of the reveal, part by part (a packet, or a few cards of the sequence in their order)."""
    if not powers_on(state, "time_second_look"):
        return []
    return [
        Event("time_second_look", {"city": city, "part": i + 1, "of": len(parts), "cards": part}, frozenset({seat}))
        for seat, s in enumerate(state.seats)
        if s.character and rules.character(s.character).power == "time_second_look"
        for i, part in enumerate(parts)
    ]


def _sequence_reveal(rules: Rules, state: MEState, data: dict[str, Any]) -> list[Event]:
    faces = _time_faces(state)
    data = {"city": rules.cities[state.leg], **data, "sequence": faces}
    parts = [faces[i:i + SECOND_LOOK_PART] for i in range(0, len(faces), SECOND_LOOK_PART)]
    return [Event("time_reveal", data)] + _second_looks(rules, state, data["city"], parts)


@step
def _time_single_pile(rules: Rules, state: MEState) -> list[Event]:
    return _sequence_reveal(rules, state, {"method": "single_pile"})


@step
def _time_three_piles(rules: Rules, state: MEState) -> list[Event]:
    return _sequence_reveal(rules, state, {"method": "three_piles", "piles": 3})


@step
def _time_packets(rules: Rules, state: MEState) -> list[Event]:
    """Wien: deal round-robin from the whistle holder's left; pass left once per seat (rules 9 #18)."""
    n = len(state.seats)
    faces = _time_faces(state)
    packets: list[list[str]] = [[] for _ in range(n)]
    for i, face in enumerate(faces):
        packets[(state.whistle + 1 + i) % n].append(face)
    city = rules.cities[state.leg]
    events = [Event("time_reveal", {"city": city, "method": "packets", "rounds": n, "cards": len(faces)})]
    for round_ in range(n):
        events.append(Event("time_round", {"city": city, "round": round_ + 1, "of": n}))
        for seat in range(n):
            data = {"city": city, "round": round_ + 1, "of": n, "cards": packets[(seat - round_) % n]}
            events.append(Event("time_packet", data, frozenset({seat})))
    return events + _second_looks(rules, state, city, packets)


# --- Passengers, Conductor token, whistle --------------------------------------------------------


def _board(state: MEState, stack: int) -> list[Event]:
    state.boarded = stack
    data = {"stack": stack, "counts": category_counts(state.stacks[stack - 1])}
    return [Event("passengers_board", data)]


@step
def _board_1(rules: Rules, state: MEState) -> list[Event]:
    return _board(state, 1)


@step
def _board_2(rules: Rules, state: MEState) -> list[Event]:
    return _board(state, 2)


@step
def _token(rules: Rules, state: MEState) -> list[Event]:
    state.conductor_car = state.tokens[state.leg]
    state.tokens_revealed = state.leg + 1
    return [Event("conductor_token", {"city": rules.cities[state.leg], "car": state.conductor_car})]


@step
def _whistle(rules: Rules, state: MEState) -> list[Event]:
    """The player who acted last (right of the holder) takes the whistle (rules 3.4)."""
    state.whistle = right(state, state.whistle)
    return [Event("whistle", {"seat": state.whistle})]


# --- München: the long tunnel -------------------------------------------------------------------


def tunnel_neighbours(state: MEState, seat: int) -> list[int]:
    return sorted({left(state, seat), right(state, seat)})


@step
def _tunnel(rules: Rules, state: MEState) -> list[Event]:
    rows = {}
    for seat, s in enumerate(state.seats):
        row = list(s.hand)
        state.rng.shuffle(row)
        rows[seat] = row
    state.pending = {"rows": rows, "picks": {seat: {} for seat in rows}}
    state.stage = "tunnel"
    public_rows = [{"seat": seat, "categories": [category_of(c) for c in row]} for seat, row in rows.items()]
    return [Event("tunnel", {"rows": public_rows})]


def tunnel_owners_left(state: MEState, seat: int) -> list[int]:
    picks = state.pending["picks"][seat]
    return [o for o in tunnel_neighbours(state, seat) if o not in picks and state.pending["rows"][o]]


def _tunnel_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    prompts = []
    for seat in range(len(state.seats)):
        owners = tunnel_owners_left(state, seat)
        actions = tuple(
            Action("peek", (owner, position))
            for owner in owners
            for position in range(len(state.pending["rows"][owner]))
        )
        if actions:
            prompts.append(Prompt(seat, "tunnel", actions, private=True, data={"owners": owners}))
    return prompts


@stage("tunnel", _tunnel_prompts)
def _tunnel_pick(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    owner, position = action.args
    state.pending["picks"][seat][owner] = position
    events = [Event("tunnel_picked", {"seat": seat, "owner": owner, "position": position})]
    if any(tunnel_owners_left(state, s) for s in range(len(state.seats))):
        return events
    # Everyone has chosen: the looks happen together, so no one's timing tells anything.
    rows = state.pending["rows"]
    for picker, picks in state.pending["picks"].items():
        for owner, position in sorted(picks.items()):
            card = rows[owner][position]
            note(state, picker, card, owner, "tunnel")
            data = {"picker": picker, "owner": owner, "position": position, "face": element_of(card)}
            events.append(Event("tunnel_peek", data, frozenset({picker, owner})))
    state.pending = {}
    state.stage = "arrive"
    return events


# --- Forms: the Budapest telegram and the Istanbul final answers ----------------------------------


def answer_faces(rules: Rules, state: MEState, category: str) -> list[str]:
    """Removed elements (3-4 players) are public and cannot be the answer, so they are not offered."""
    removed = {element_of(c) for c in state.removed}
    return [e for e in rules.elements[category] if e not in removed]


def _start_form(state: MEState, kind: str, seats: list[int]) -> None:
    state.pending = {"forms": {seat: {} for seat in seats}, "sent": []}
    state.stage = kind


def _form_prompts(kind: str, blank: bool) -> Callable[[Rules, MEState], list[Prompt]]:
    def prompts(rules: Rules, state: MEState) -> list[Prompt]:
        result = []
        for seat, entries in state.pending["forms"].items():
            if seat in state.pending["sent"]:
                continue
            if len(entries) == len(CATEGORIES):
                confirm = (Action("submit"), Action("restart"))
                result.append(Prompt(seat, f"{kind}_confirm", confirm, private=True, data={"entries": dict(entries)}))
                continue
            category = CATEGORIES[len(entries)]
            actions = [Action("entry", (category, face)) for face in answer_faces(rules, state, category)]
            if blank:
                actions.append(Action("entry", (category, None)))
            result.append(Prompt(seat, kind, tuple(actions), private=True, data={"category": category}))
        return result

    return prompts


def _form_apply(kind: str, store: Callable[[MEState, int, dict], None]) -> Callable:
    def apply(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
        entries = state.pending["forms"][seat]
        if action.kind == "entry":
            category, face = action.args
            entries[category] = face
            return []
        if action.kind == "restart":
            entries.clear()
            return []
        store(state, seat, dict(entries))
        state.pending["sent"].append(seat)
        events = [Event(f"{kind}_sent", {"seat": seat})]
        if len(state.pending["sent"]) == len(state.pending["forms"]):
            state.pending = {}
            state.stage = "arrive"
        return events

    return apply


def _store_telegram(state: MEState, seat: int, entries: dict) -> None:
    state.seats[seat].telegram = entries


def _store_answers(state: MEState, seat: int, entries: dict) -> None:
    state.seats[seat].answers = entries


stage("telegram", _form_prompts("telegram", blank=True))(_form_apply("telegram", _store_telegram))
stage("final", _form_prompts("final", blank=False))(_form_apply("final", _store_answers))


@step
def _telegram(rules: Rules, state: MEState) -> list[Event]:
    _start_form(state, "telegram", list(range(len(state.seats))))
    return [Event("telegram_begins", {})]


@step
def _final(rules: Rules, state: MEState) -> list[Event]:
    _start_form(state, "final", list(range(len(state.seats))))
    return [Event("final_begins", {})]


# --- Budapest: sudden revelation ----------------------------------------------------------------


@step
def _sudden(rules: Rules, state: MEState) -> list[Event]:
    seats = [seat for seat, s in enumerate(state.seats) if s.hand]
    if not seats:
        return []
    state.pending = {"seats": seats, "answers": {}}
    state.stage = "sudden"
    return [Event("sudden_begins", {"seats": seats})]


def _sudden_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    return [
        Prompt(seat, "sudden", tuple(card_actions(hand_elements(state, seat))), private=True)
        for seat in state.pending["seats"]
        if seat not in state.pending["answers"]
    ]


@stage("sudden", _sudden_prompts)
def _sudden_reveal(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    answers = state.pending["answers"]
    answers[seat] = action.args[0]
    events = [Event("answered", {"seat": seat})]
    if len(answers) < len(state.pending["seats"]):
        return events
    reveals = []
    for owner in state.pending["seats"]:
        card = take_from_hand(state, owner, answers[owner])
        state.revealed.append((owner, card))
        for viewer in range(len(state.seats)):
            note(state, viewer, card, owner, "revealed")
        reveals.append({"seat": owner, "face": element_of(card)})
    state.pending = {}
    state.stage = "arrive"
    return events + [Event("sudden_revelation", {"reveals": reveals})]


# --- Istanbul: scoring (rules 8) ----------------------------------------------------------------


def solution_faces(state: MEState) -> dict[str, str]:
    return {category: element_of(card) for category, card in state.solution.items()}


def score(state: MEState) -> Outcome:
    """Correct answers, then telegram (+1 right, -1 wrong), then fewest wrong entries; else shared."""
    truth = solution_faces(state)
    scores, telegram, wrong = {}, {}, {}
    for seat, s in enumerate(state.seats):
        scores[seat] = sum(s.answers.get(c) == truth[c] for c in CATEGORIES)
        entries = [(c, f) for c, f in s.telegram.items() if f is not None]
        right_ = sum(f == truth[c] for c, f in entries)
        wrong[seat] = len(entries) - right_
        telegram[seat] = right_ - wrong[seat]
    keys = {seat: (scores[seat], telegram[seat], -wrong[seat]) for seat in scores}
    best = max(keys.values())
    winners = sorted(seat for seat, key in keys.items() if key == best)
    top = [seat for seat in scores if scores[seat] == best[0]]
    telegram_top = [seat for seat in top if telegram[seat] == best[1]]
    if len(top) == 1:
        decided_by = "score"
    elif len(telegram_top) == 1:
        decided_by = "telegram"
    elif len(winners) == 1:
        decided_by = "telegram_wrong"
    else:
        decided_by = "shared"
    detail = {
        "solution": truth,
        "answers": {seat: dict(s.answers) for seat, s in enumerate(state.seats)},
        "telegrams": {seat: dict(s.telegram) for seat, s in enumerate(state.seats)},
        "telegram_scores": telegram,
        "telegram_wrong": wrong,
        "decided_by": decided_by,
    }
    return Outcome(scores={k: float(v) for k, v in scores.items()}, winners=winners, detail=detail)


@step
def _score(rules: Rules, state: MEState) -> list[Event]:
    state.over = True
    return [Event("game_over", result_data(score(state)))]


def result_data(outcome: Outcome) -> dict[str, Any]:
    """The end of the game, all public: solution, each seat's answers and telegram, scores (rules 8)."""
    detail = outcome.detail
    per_seat = ("answers", "telegrams", "telegram_scores", "telegram_wrong")
    data: dict[str, Any] = {key: {str(k): v for k, v in detail[key].items()} for key in per_seat}
    data.update(
        solution=detail["solution"],
        scores={str(k): v for k, v in outcome.scores.items()},
        winners=outcome.winners,
        decided_by=detail["decided_by"],
    )
    return data

