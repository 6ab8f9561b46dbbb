"""Mystery Express behind the game contract of `kiosk.games.base`."""

from __future__ import annotations

from typing import Any

from kiosk.games import base
from kiosk.games.base import Action, Event, GameInfo, OptionSpec, Outcome, Prompt, require_legal
from kiosk.games.mystery_express import arrival, setup, turn
from kiosk.games.mystery_express.arrival import score
from kiosk.games.mystery_express.rules import Rules, load_rules
from kiosk.games.mystery_express.state import MEState
from kiosk.games.mystery_express.views import public_view, seat_view

INFO = GameInfo(
    id="mystery-express",
    names={"en": "Mystery Express", "es": "Mystery Express"},
    min_seats=3,
    max_seats=5,
    fresh_turns=frozenset({"time_reveal"}),  # a new leg begins at each city
    options=(
        OptionSpec("characters", "choose", ("choose", "random"), "players pick characters, or deal them"),
        OptionSpec("removal", "random", ("random", "highest"), "3-4 players: which elements leave the game",
                   lambda seats: ("random", "highest") if seats in (3, 4) else ()),
        OptionSpec("stack_split_4p", "3/2", ("3/2", "2/3"), "4 players: sizes of the 1st/2nd passenger stacks",
                   lambda seats: ("3/2", "2/3") if seats == 4 else ()),
        OptionSpec("passenger_direction", "left", ("left", "right"), "Passenger Car: where cards go"),
        OptionSpec("passenger_category_imposed", False, None, "Passenger Car: the active player names a category"),
        OptionSpec("sleeping_needs_full_cost", True, None, "Sleeping Car: needs 2 hours left to try"),
        OptionSpec("conductor_chat", "must", ("must", "may"), "the Conductor chat is mandatory, or optional"),
        OptionSpec("chat_after_failed_sleeping", True, None, "a failed travel-bag guess still meets the Conductor"),
        OptionSpec("powers", True, None, "every character's power (rules 6); off: the no-powers variant, for all"),
    ),
    # Before 2026-12 only the Time specialist's power was an option, off by default (stored games keep it).
    legacy={"time_power": ("powers", False)},
)

# Stages the engine runs by itself, without waiting for anyone.
_AUTOMATIC = {
    "leg_end": arrival.begin,
    "arrive": arrival.run,
    "leg_start": turn.start_leg,
}


class MysteryExpress:
    info = INFO

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or load_rules()

    def start(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> MEState:
        if not INFO.min_seats <= seats <= INFO.max_seats:
            raise ValueError(f"Mystery Express is for {INFO.min_seats}-{INFO.max_seats} seats, got {seats}")
        return setup.new_state(self.rules, seats, seed, INFO.resolve_options(options, seats))

    def prompts(self, state: MEState) -> list[Prompt]:
        if state.over:
            return []
        return turn.PROMPTS[state.stage](self.rules, state)

    def apply(self, state: MEState, seat: int, action: Action) -> list[Event]:
        require_legal(state.over, self.prompts(state), seat, action, lambda a: self._refusal(state, a))
        events = turn.APPLY[state.stage](self.rules, state, seat, action)
        while state.stage in _AUTOMATIC:
            events += _AUTOMATIC[state.stage](self.rules, state)
        return events

    def _refusal(self, state: MEState, action: Action) -> str | None:
        if state.stage == "turn" and action.kind in turn.CAR_ACTIONS + ("power",):
            return turn.unavailable_reason(self.rules, state, action.kind)
        return None

    def view(self, state: MEState, seat: int | None, public: dict[str, Any] | None = None) -> dict[str, Any]:
        if seat is None:
            return public_view(self.rules, state)
        if not 0 <= seat < len(state.seats):
            raise ValueError(f"no seat {seat} in a game of {len(state.seats)}")
        return seat_view(self.rules, state, seat, public)

    def outcome(self, state: MEState) -> Outcome | None:
        return score(state) if state.over else None

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return base.action_to_json(action)

    def action_from_json(self, data: dict[str, Any]) -> Action:
        return base.action_from_json(data)
