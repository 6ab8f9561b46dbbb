"""P.I. behind the game contract of `kiosk.games.base`."""

from __future__ import annotations

from typing import Any

from kiosk.games import base
from kiosk.games.base import Action, Event, GameInfo, OptionSpec, Outcome, Prompt, require_legal
from kiosk.games.pi import play, setup
from kiosk.games.pi.rules import Rules, load_rules
from kiosk.games.pi.scoring import score
from kiosk.games.pi.state import PIState
from kiosk.games.pi.views import public_view, seat_view

INFO = GameInfo(
    id="pi",
    names={"en": "P.I.", "es": "P.I."},
    min_seats=2,
    max_seats=5,
    fresh_turns=frozenset({"minigame_end"}),  # the next case begins
    options=(
        OptionSpec(
            "round_limit",
            30,
            (0, 20, 30, 40, 60),
            "the kiosk's house rule: a mini-game also ends after this many rounds (0: the seed's rule, no limit)",
        ),
        OptionSpec("hint", False, None, "seat screens show what is still possible for the seat's own case (rules 15)"),
    ),
)


class PI:
    info = INFO

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or load_rules()

    def start(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> PIState:
        return self.start_with_events(seats, seed, options)[0]

    def start_with_events(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> tuple[PIState, list[Event]]:
        """The new state and the setup events (the board, and each seat's private case cards)."""
        if not INFO.min_seats <= seats <= INFO.max_seats:
            raise ValueError(f"P.I. is for {INFO.min_seats}-{INFO.max_seats} seats, got {seats}")
        return setup.new_state(self.rules, seats, seed, INFO.resolve_options(options, seats))

    def prompts(self, state: PIState) -> list[Prompt]:
        if state.over:
            return []
        return play.prompts(self.rules, state)

    def apply(self, state: PIState, seat: int, action: Action) -> list[Event]:
        require_legal(
            state.over, self.prompts(state), seat, action, lambda a: play.unavailable_reason(self.rules, state, seat, a)
        )
        return play.apply(self.rules, state, seat, action)

    def view(self, state: PIState, seat: int | None, public: dict[str, Any] | None = None) -> dict[str, Any]:
        if seat is None:
            return public_view(self.rules, state)
        if not 0 <= seat < state.seats:
            raise ValueError(f"no seat {seat} in a game of {state.seats}")
        return seat_view(self.rules, state, seat, public)

    def outcome(self, state: PIState) -> Outcome | None:
        return score(self.rules, state) if state.over else None

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return base.action_to_json(action)

    def action_from_json(self, data: dict[str, Any]) -> Action:
        return base.action_from_json(data)
