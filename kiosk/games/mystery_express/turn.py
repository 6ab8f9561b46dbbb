"""A player's turn within a leg (rules section 4): free movement, the cars, the Conductor, powers.

Each stage is a decision awaited from one or more seats; `PROMPTS[stage]` lists the legal actions and
`APPLY[stage]` carries one out. A car action is built step by step (car, then category, targets...);
until it reveals anything it can be taken back with `back` (DESIGN: undo only until new information).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_express.rules import HAND_CATEGORIES, Rules, category_of, element_of
from kiosk.games.mystery_express.state import MEState
from kiosk.games.mystery_express.zones import (
    hand_elements,
    has_category,
    left,
    note,
    others,
    right,
    show,
    take_from_hand,
    transfer,
)
from kiosk.i18n import N_

CAR_OF = {
    "grip": "club",
    "madam": "club",
    "dining": "dining",
    "lounge": "lounge",
    "passenger": "passenger",
    "sleeping": "sleeping",
    "smoking": "smoking",
}
CAR_ACTIONS = tuple(CAR_OF)
BACK = Action("back")

PromptFn = Callable[[Rules, MEState], list[Prompt]]
ApplyFn = Callable[[Rules, MEState, int, Action], list[Event]]
PROMPTS: dict[str, PromptFn] = {}
APPLY: dict[str, ApplyFn] = {}


def stage(name: str, prompts: PromptFn) -> Callable[[ApplyFn], ApplyFn]:
    def register(apply: ApplyFn) -> ApplyFn:
        PROMPTS[name] = prompts
        APPLY[name] = apply
        return apply

    return register


def public_prompt(state: MEState, kind: str, actions: list[Action], **data: Any) -> list[Prompt]:
    return [Prompt(state.active, kind, tuple(actions), private=False, data=data)]


def card_actions(faces: list[str]) -> list[Action]:
    return [Action("card", (face,)) for face in faces]


# --- legs and turns -------------------------------------------------------------------------------


def start_leg(rules: Rules, state: MEState) -> list[Event]:
    state.leg += 1
    state.active = state.whistle
    state.turns_taken = 0
    event = Event(
        "leg_start",
        {
            "leg": state.leg,
            "from": rules.cities[state.leg - 1],
            "to": rules.cities[state.leg],
            "hours": rules.leg_hours[state.leg - 1],
            "first": state.whistle,
            "conductor_car": state.conductor_car,
        },
    )
    return [event] + start_turn(rules, state)


def start_turn(rules: Rules, state: MEState) -> list[Event]:
    state.stage = "turn"
    state.hours = rules.leg_hours[state.leg - 1]
    state.used = []
    state.chatted = False
    state.pending = {}
    return [Event("turn_start", {"seat": state.active, "hours": state.hours})]


def end_turn(rules: Rules, state: MEState) -> list[Event]:
    events = [Event("turn_end", {"seat": state.active})]
    state.turns_taken += 1
    state.pending = {}
    state.hours = 0
    if state.turns_taken == len(state.seats):
        state.stage = "leg_end"
        return events
    state.active = left(state, state.active)
    return events + start_turn(rules, state)


def chat_due(state: MEState, car: str) -> bool:
    return car == state.conductor_car and not state.chatted


def boarded_stacks(state: MEState) -> list[int]:
    """Stacks usable by "Madam": the 1st boards in Strasbourg, the 2nd in Wien; empty ones are not."""
    return [stack for stack in (1, 2) if stack <= state.boarded and state.stacks[stack - 1]]


def power_of(rules: Rules, state: MEState, seat: int) -> tuple[str, str] | None:
    character = state.seats[seat].character
    if character is None:
        return None
    c = rules.character(character)
    return c.power, c.specialty


def powers_on(state: MEState, power: str) -> bool:
    """Every power is on unless the table plays without powers (rules 6: all off together, never one).
    A game stored before 2026-12 keeps its `time_power` option for the Time specialist's power."""
    if not state.options["powers"]:
        return False
    return power != "time_second_look" or state.options.get("time_power", True)


def unavailable_reason(rules: Rules, state: MEState, kind: str) -> str | None:
    """Why the active seat cannot start `kind` now, or None when it can."""
    seat = state.active
    hand = len(state.seats[seat].hand)
    if kind == "power":
        character = state.seats[seat].character
        power = rules.character(character) if character else None
        if not state.options["powers"]:
            return N_("This game is played without character powers.")
        if power is None or power.power != "specialty_peek":
            return N_("Your character has no power to use in your turn.")
        if state.used.count("power") >= power.uses_per_leg:
            return N_("You have already done that this leg.")
        if not holders(state, others(state, seat), power.specialty):
            return N_("Nobody else holds a card of your specialty.")
        return None
    if kind in state.used:
        return N_("You have already done that this leg.")
    cost = {
        "grip": rules.costs["grip"],
        "madam": rules.costs["madam"],
        "dining": rules.costs["dining_per_guest"],
        "lounge": rules.costs["lounge"],
        "passenger": rules.costs["passenger"],
        "sleeping": rules.costs["sleeping_success"]
        if state.options["sleeping_needs_full_cost"]
        else rules.costs["sleeping_failure"],
        "smoking": rules.costs["smoking"],
    }[kind]
    if state.hours < cost:
        return N_("Not enough hours left for that.")
    someone_holds = any(state.seats[t].hand for t in others(state, seat))
    if kind == "madam" and not boarded_stacks(state):
        return N_("No passenger with cards has boarded yet.")
    if kind in ("dining", "lounge", "sleeping", "smoking") and not someone_holds:
        return N_("No other player holds a card.")
    needs = {"passenger": 1, "smoking": 2}.get(kind, 0)
    if hand < needs:
        return N_("You do not hold enough cards for that.")
    if chat_due(state, CAR_OF[kind]):
        # Rules 9 #14: the Conductor chat needs a card left in hand to give him.
        gives = {"passenger": 1, "smoking": 2}.get(kind, 0)
        regained = len(state.seats[seat].discard) if kind == "grip" else 0
        if hand - gives + regained < 1:
            return N_("You would have no card left to give the Conductor.")
    return None


def _turn_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    """The turn's choices; with them, why each car action left out cannot be started now (public
    facts: hours, what was done, backs), so a seat can say why a car offers nothing."""
    reasons = {kind: unavailable_reason(rules, state, kind) for kind in CAR_ACTIONS + ("power",)}
    actions = [Action(kind) for kind, reason in reasons.items() if reason is None]
    here = state.seats[state.active].car
    actions += [Action("move", (car,)) for car in rules.cars if car != here]
    actions.append(Action("end_turn"))
    unavailable = {kind: reason for kind, reason in reasons.items() if reason is not None and kind != "power"}
    return public_prompt(state, "turn", actions, hours=state.hours, used=list(state.used), unavailable=unavailable)


@stage("turn", _turn_prompts)
def _turn(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action.kind == "end_turn":
        return end_turn(rules, state)
    if action.kind == "move":
        state.seats[seat].car = action.args[0]
        return [Event("move", {"seat": seat, "car": action.args[0]})]
    state.pending = {"action": action.kind}
    if action.kind == "power":
        state.stage = "power_target"
        return []
    events = move_to(state, seat, CAR_OF[action.kind])
    state.stage = {
        "grip": "grip_target",
        "madam": "madam_stack",
        "dining": "dining_category",
        "lounge": "lounge_category",
        "passenger": "passenger_category" if state.options["passenger_category_imposed"] else "passenger_pass",
        "sleeping": "sleeping_target",
        "smoking": "smoking_category",
    }[action.kind]
    if state.stage == "passenger_pass":
        state.pending["answers"] = {}
    return events


def move_to(state: MEState, seat: int, car: str) -> list[Event]:
    if state.seats[seat].car == car:
        return []
    state.seats[seat].car = car
    return [Event("move", {"seat": seat, "car": car})]


def cancel(state: MEState) -> list[Event]:
    state.stage = "turn"
    state.pending = {}
    return [Event("action_cancelled", {"seat": state.active})]


def finish_action(rules: Rules, state: MEState, kind: str, hours: int, chat: bool = True) -> list[Event]:
    """Charge the hours, then the Conductor chat if the player stopped in his car, then go on."""
    state.hours -= hours
    state.used.append(kind)
    state.pending = {}
    if chat and kind != "power" and chat_due(state, CAR_OF[kind]):
        state.stage = "conductor_space"
        return []
    return resume_turn(rules, state)


def resume_turn(rules: Rules, state: MEState) -> list[Event]:
    """Back to the turn; it ends by itself when nothing but moving and ending is left to do."""
    state.stage = "turn"
    state.pending = {}
    if all(unavailable_reason(rules, state, kind) for kind in CAR_ACTIONS + ("power",)):
        return end_turn(rules, state)
    return []


# --- Club Car: "Get a grip, young man!" -------------------------------------------------------------


def _grip_restricted(state: MEState) -> bool:
    """With an empty hand in the Conductor's car, only a grip on oneself can give a card to leave."""
    return chat_due(state, "club") and not state.seats[state.active].hand


def _grip_target_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    targets = [state.active] if _grip_restricted(state) else range(len(state.seats))
    return public_prompt(state, "grip_target", [Action("target", (t,)) for t in targets] + [BACK])


@stage("grip_target", _grip_target_prompts)
def _grip_target(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action == BACK:
        return cancel(state)
    state.pending["target"] = action.args[0]
    state.stage = "grip_category"
    return []


def _grip_category_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    categories: list[str] = list(HAND_CATEGORIES)
    if _grip_restricted(state):
        own = {category_of(c) for c in state.seats[state.active].discard}
        categories = [c for c in categories if c in own]
    actions = [Action("category", (c,)) for c in categories] + [BACK]
    return public_prompt(state, "grip_category", actions, target=state.pending["target"])


@stage("grip_category", _grip_category_prompts)
def _grip_category(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action == BACK:
        return cancel(state)
    target, category = state.pending["target"], action.args[0]
    pile = state.seats[target].discard
    moved = [c for c in pile if category_of(c) == category]
    state.seats[target].discard = [c for c in pile if category_of(c) != category]
    state.seats[target].hand.extend(moved)
    event = Event("grip", {"seat": seat, "target": target, "category": category, "moved": len(moved)})
    return [event] + finish_action(rules, state, "grip", rules.costs["grip"])


# --- Club Car: "Madam, please let me help you!" ---------------------------------------------------


def _madam_stack_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    actions = [Action("stack", (s,)) for s in boarded_stacks(state)] + [BACK]
    return public_prompt(state, "madam_stack", actions)


@stage("madam_stack", _madam_stack_prompts)
def _madam_stack(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action == BACK:
        return cancel(state)
    state.pending["stack"] = action.args[0]
    state.stage = "madam_category"
    return []


def _madam_category_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    stack = state.pending["stack"]
    present = {category_of(c) for c in state.stacks[stack - 1]}
    actions = [Action("category", (c,)) for c in HAND_CATEGORIES if c in present] + [BACK]
    return public_prompt(state, "madam_category", actions, stack=stack)


@stage("madam_category", _madam_category_prompts)
def _madam_category(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action == BACK:
        return cancel(state)
    stack, category = state.pending["stack"], action.args[0]
    pile = state.stacks[stack - 1]
    card = state.rng.choice([c for c in pile if category_of(c) == category])
    pile.remove(card)
    state.seats[seat].discard.append(card)
    source = f"passenger{stack}"
    note(state, seat, card, source, "taken")
    events = [
        Event("madam", {"seat": seat, "stack": stack, "category": category}),
        Event("card_taken", {"seat": seat, "from": source, "face": element_of(card)}, frozenset({seat})),
    ]
    return events + finish_action(rules, state, "madam", rules.costs["madam"])


# --- Category choices shared by the Dining, Lounge and Smoking Cars --------------------------------


def held_by_others(state: MEState) -> list[str]:
    """Categories some other player holds: backs are public, so useless choices are not offered."""
    return [c for c in HAND_CATEGORIES if any(has_category(state, t, c) for t in others(state, state.active))]


def _category_prompts(kind: str) -> PromptFn:
    def prompts(rules: Rules, state: MEState) -> list[Prompt]:
        actions = [Action("category", (c,)) for c in held_by_others(state)] + [BACK]
        return public_prompt(state, kind, actions)

    return prompts


def _choose_category(next_stage: str) -> ApplyFn:
    def apply(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
        if action == BACK:
            return cancel(state)
        state.pending.update(category=action.args[0], guests=[], answers={})
        state.stage = next_stage
        return []

    return apply


def holders(state: MEState, seats: list[int], category: str) -> list[int]:
    return [t for t in seats if has_category(state, t, category)]


def show_prompts(state: MEState, kind: str, seats: list[int], of: str, **data: Any) -> list[Prompt]:
    """Simultaneous private choices: each seat not yet answered picks a card of category `of`."""
    answers = state.pending["answers"]
    return [
        Prompt(t, kind, tuple(card_actions(hand_elements(state, t, of))), private=True, data=data)
        for t in seats
        if t not in answers
    ]


def answer(state: MEState, seat: int, action: Action, expected: list[int]) -> bool:
    """Record a simultaneous answer; True once every expected seat has answered."""
    state.pending["answers"][seat] = action.args[0]
    return len(state.pending["answers"]) == len(expected)


# --- Dining Car ---------------------------------------------------------------------------------

stage("dining_category", _category_prompts("dining_category"))(_choose_category("dining_guests"))


def _dining_guests_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    guests = state.pending["guests"]
    room = state.hours // rules.costs["dining_per_guest"] > len(guests)
    candidates = holders(state, others(state, state.active), state.pending["category"])
    actions = [Action("guest", (t,)) for t in candidates if t in guests or room]
    if guests:
        actions.append(Action("confirm"))
    actions.append(BACK)
    return public_prompt(state, "dining_guests", actions, category=state.pending["category"], guests=list(guests))


@stage("dining_guests", _dining_guests_prompts)
def _dining_guests(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action == BACK:
        return cancel(state)
    guests = state.pending["guests"]
    if action.kind == "guest":
        guest = action.args[0]
        if guest in guests:
            guests.remove(guest)
        else:
            guests.append(guest)
            guests.sort()
        return []
    state.stage = "dining_show"
    return [Event("dining", {"seat": seat, "category": state.pending["category"], "guests": list(guests)})]


def _dining_show_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    p = state.pending
    return show_prompts(state, "dining_show", p["guests"], p["category"], to=state.active, category=p["category"])


@stage("dining_show", _dining_show_prompts)
def _dining_show(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    guests = state.pending["guests"]
    if not answer(state, seat, action, guests):
        return [Event("answered", {"seat": seat})]
    events = [Event("answered", {"seat": seat})]
    for guest in guests:
        face = state.pending["answers"][guest]
        show(state, guest, face, state.active)
        data = {"from": guest, "to": state.active, "face": face}
        events.append(Event("card_shown", data, frozenset({guest, state.active})))
    cost = rules.costs["dining_per_guest"] * len(guests)
    return events + finish_action(rules, state, "dining", cost)


# --- Lounge Car ---------------------------------------------------------------------------------

stage("lounge_category", _category_prompts("lounge_category"))(_choose_category("lounge_show"))


def _lounge_revealers(state: MEState) -> list[int]:
    return holders(state, others(state, state.active), state.pending["category"])


def _lounge_show_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    category = state.pending["category"]
    return show_prompts(state, "lounge_show", _lounge_revealers(state), category, category=category)


@stage("lounge_show", _lounge_show_prompts)
def _lounge_show(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    revealers = _lounge_revealers(state)
    if not answer(state, seat, action, revealers):
        return [Event("answered", {"seat": seat})]
    reveals = []
    for owner in revealers:
        face = state.pending["answers"][owner]
        card = take_from_hand(state, owner, face)
        state.seats[owner].discard.append(card)
        for viewer in range(len(state.seats)):
            note(state, viewer, card, owner, "revealed")
        reveals.append({"seat": owner, "face": face})
    category = state.pending["category"]
    event = Event("lounge", {"seat": state.active, "category": category, "reveals": reveals})
    return [Event("answered", {"seat": seat}), event] + finish_action(rules, state, "lounge", rules.costs["lounge"])


# --- Passenger Car ------------------------------------------------------------------------------


def _passenger_category_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    actions = [Action("category", (c,)) for c in HAND_CATEGORIES] + [BACK]
    return public_prompt(state, "passenger_category", actions)


@stage("passenger_category", _passenger_category_prompts)
def _passenger_category(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action == BACK:
        return cancel(state)
    state.pending["category"] = action.args[0]
    state.pending["answers"] = {}
    state.stage = "passenger_pass"
    return []


def _passers(state: MEState) -> list[int]:
    return [s for s in range(len(state.seats)) if state.seats[s].hand]


def passable(state: MEState, seat: int) -> list[str]:
    category = state.pending.get("category")
    if category is not None and has_category(state, seat, category):
        return hand_elements(state, seat, category)
    return hand_elements(state, seat)


def _passenger_pass_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    answers = state.pending["answers"]
    to = state.options["passenger_direction"]
    neighbour = left if to == "left" else right
    return [
        Prompt(s, "passenger_pass", tuple(card_actions(passable(state, s))), private=True,
               data={"direction": to, "to": neighbour(state, s)})  # the neighbour the card goes to
        for s in _passers(state)
        if s not in answers
    ]


@stage("passenger_pass", _passenger_pass_prompts)
def _passenger_pass(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    passers = _passers(state)
    if not answer(state, seat, action, passers):
        return [Event("answered", {"seat": seat})]
    neighbour = left if state.options["passenger_direction"] == "left" else right
    events = [Event("answered", {"seat": seat})]
    # Everyone chooses before anyone receives: take all cards out of hands first, then hand them on.
    given = {giver: take_from_hand(state, giver, state.pending["answers"][giver]) for giver in passers}
    passes = []
    for giver, card in given.items():
        receiver = neighbour(state, giver)
        state.seats[receiver].discard.append(card)
        note(state, receiver, card, giver, "received")
        face = element_of(card)
        data = {"from": giver, "to": receiver, "face": face}
        events.append(Event("card_passed", data, frozenset({giver, receiver})))
        passes.append({"from": giver, "to": receiver, "category": category_of(card)})
    events.append(Event("passenger", {"seat": state.active, "passes": passes}))
    return events + finish_action(rules, state, "passenger", rules.costs["passenger"])


# --- Sleeping Car: the travel bag ---------------------------------------------------------------


def _sleeping_target_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    targets = [t for t in others(state, state.active) if state.seats[t].hand]
    return public_prompt(state, "sleeping_target", [Action("target", (t,)) for t in targets] + [BACK])


@stage("sleeping_target", _sleeping_target_prompts)
def _sleeping_target(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action == BACK:
        return cancel(state)
    state.pending["target"] = action.args[0]
    state.stage = "sleeping_hide"
    return [Event("sleeping", {"seat": seat, "target": action.args[0]})]


HANDS = (Action("hand", ("left",)), Action("hand", ("right",)))


def _sleeping_hide_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    target = state.pending["target"]
    return [Prompt(target, "sleeping_hide", HANDS, private=True, data={"seeker": state.active})]


@stage("sleeping_hide", _sleeping_hide_prompts)
def _sleeping_hide(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    state.pending["bag"] = action.args[0]
    state.stage = "sleeping_guess"
    return [Event("bag_hidden", {"seat": seat})]


def _sleeping_guess_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    return public_prompt(state, "sleeping_guess", list(HANDS), target=state.pending["target"])


@stage("sleeping_guess", _sleeping_guess_prompts)
def _sleeping_guess(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    target, guess = state.pending["target"], action.args[0]
    correct = guess == state.pending.pop("bag")
    event = Event("sleeping_guess", {"seat": seat, "target": target, "guess": guess, "correct": correct})
    if not correct:
        chat = state.options["chat_after_failed_sleeping"]
        return [event] + finish_action(rules, state, "sleeping", rules.costs["sleeping_failure"], chat)
    state.stage = "sleeping_category"
    return [event]


def _sleeping_category_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    target = state.pending["target"]
    held = {category_of(c) for c in state.seats[target].hand}
    actions = [Action("category", (c,)) for c in HAND_CATEGORIES if c in held]
    return public_prompt(state, "sleeping_category", actions, target=target)


@stage("sleeping_category", _sleeping_category_prompts)
def _sleeping_category(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    target, category = state.pending["target"], action.args[0]
    card = state.rng.choice([c for c in state.seats[target].hand if category_of(c) == category])
    transfer(state, target, element_of(card), seat, "stolen")
    face = element_of(card)
    events = [
        Event("sleeping_steal", {"seat": seat, "target": target, "category": category}),
        Event("card_stolen", {"from": target, "to": seat, "face": face}, frozenset({seat, target})),
    ]
    cost = min(rules.costs["sleeping_success"], state.hours)
    return events + finish_action(rules, state, "sleeping", cost)


# --- Smoking Car --------------------------------------------------------------------------------

stage("smoking_category", _category_prompts("smoking_category"))(_choose_category("smoking_targets"))


def _smoking_targets_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    category = state.pending["category"]
    candidates = sorted(others(state, state.active))
    pairs = [
        (a, b)
        for i, a in enumerate(candidates)
        for b in candidates[i + 1 :]
        if has_category(state, a, category) or has_category(state, b, category)
    ]
    actions = [Action("targets", pair) for pair in pairs] + [BACK]
    return public_prompt(state, "smoking_targets", actions, category=category)


@stage("smoking_targets", _smoking_targets_prompts)
def _smoking_targets(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action == BACK:
        return cancel(state)
    category = state.pending["category"]
    targets = list(action.args)
    givers = holders(state, targets, category)
    state.pending.update(targets=targets, givers=givers, answers={})
    state.stage = "smoking_give"
    return [Event("smoking", {"seat": seat, "category": category, "targets": targets, "givers": givers})]


def _smoking_give_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    p = state.pending
    return show_prompts(state, "smoking_give", p["givers"], p["category"], to=state.active, category=p["category"])


@stage("smoking_give", _smoking_give_prompts)
def _smoking_give(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    givers = state.pending["givers"]
    if not answer(state, seat, action, givers):
        return [Event("answered", {"seat": seat})]
    events = [Event("answered", {"seat": seat})]
    for giver in givers:
        face = state.pending["answers"][giver]
        transfer(state, giver, face, state.active, "received")
        data = {"from": giver, "to": state.active, "face": face}
        events.append(Event("card_given", data, frozenset({giver, state.active})))
    state.pending["returns"] = []
    state.stage = "smoking_return"
    return events


def _smoking_return_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    receiver = state.pending["givers"][len(state.pending["returns"])]
    actions = tuple(card_actions(hand_elements(state, state.active)))
    return [Prompt(state.active, "smoking_return", actions, private=True, data={"to": receiver})]


@stage("smoking_return", _smoking_return_prompts)
def _smoking_return(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    p = state.pending
    receiver = p["givers"][len(p["returns"])]
    face = action.args[0]
    transfer(state, seat, face, receiver, "received")
    p["returns"].append({"to": receiver, "category": category_of(face)})
    events = [Event("card_given", {"from": seat, "to": receiver, "face": face}, frozenset({seat, receiver}))]
    if len(p["returns"]) < len(p["givers"]):
        return events
    events.append(Event("smoking_return", {"seat": seat, "returns": list(p["returns"])}))
    return events + finish_action(rules, state, "smoking", rules.costs["smoking"])


# --- Character power (provisional, rules 6) -------------------------------------------------------


def _specialty(rules: Rules, state: MEState) -> str:
    power = power_of(rules, state, state.active)
    assert power is not None
    return power[1]


def _power_target_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    targets = holders(state, others(state, state.active), _specialty(rules, state))
    actions = [Action("target", (t,)) for t in targets] + [BACK]
    return public_prompt(state, "power_target", actions, category=_specialty(rules, state))  # said aloud (rules 10)


@stage("power_target", _power_target_prompts)
def _power_target(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    if action == BACK:
        return cancel(state)
    target = action.args[0]
    state.pending.update(target=target, answers={})
    state.stage = "power_show"
    return [Event("power", {"seat": seat, "target": target, "category": _specialty(rules, state)})]


def _power_show_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    category = _specialty(rules, state)
    return show_prompts(state, "power_show", [state.pending["target"]], category, to=state.active, category=category)


@stage("power_show", _power_show_prompts)
def _power_show(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    face = action.args[0]
    show(state, seat, face, state.active)
    event = Event("card_shown", {"from": seat, "to": state.active, "face": face}, frozenset({seat, state.active}))
    return [event] + finish_action(rules, state, "power", 0)


# --- The Conductor ------------------------------------------------------------------------------


def _conductor_space_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    actions = [Action("space", (i,)) for i in range(len(state.conductor_spaces))]
    if state.options["conductor_chat"] == "may":
        actions.append(Action("skip"))
    return public_prompt(state, "conductor_space", actions)


@stage("conductor_space", _conductor_space_prompts)
def _conductor_space(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    state.chatted = True
    if action.kind == "skip":
        return [Event("conductor_skipped", {"seat": seat})] + resume_turn(rules, state)
    space = action.args[0]
    card = state.conductor_spaces[space]
    assert card is not None  # a chat starts with a card on every space
    state.conductor_spaces[space] = None  # the space stays in its place, empty until a card is left on it
    state.seats[seat].discard.append(card)
    note(state, seat, card, "conductor", "taken")
    state.pending = {"space": space}
    state.stage = "conductor_leave"
    face = element_of(card)
    return [Event("card_taken", {"seat": seat, "from": "conductor", "face": face}, frozenset({seat}))]


def _conductor_leave_prompts(rules: Rules, state: MEState) -> list[Prompt]:
    actions = tuple(card_actions(hand_elements(state, state.active)))
    return [Prompt(state.active, "conductor_leave", actions, private=True, data={"space": state.pending["space"]})]


@stage("conductor_leave", _conductor_leave_prompts)
def _conductor_leave(rules: Rules, state: MEState, seat: int, action: Action) -> list[Event]:
    space = state.pending["space"]
    card = take_from_hand(state, seat, action.args[0])
    state.conductor_spaces[space] = card
    event = Event("conductor_chat", {"seat": seat, "space": space, "left_category": category_of(card)})
    # Rules 10: the card he leaves is known to him only; his own event says which face it was.
    left_face = Event("card_left", {"seat": seat, "space": space, "face": element_of(card)}, frozenset({seat}))
    return [left_face, event] + resume_turn(rules, state)
