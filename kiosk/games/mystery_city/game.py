"""Mystery City behind the game contract of `kiosk.games.base`."""

from __future__ import annotations

from typing import Any

from kiosk.games import base
from kiosk.games.base import Action, Event, GameInfo, IllegalAction, OptionSpec, Outcome, Prompt, seat_numbers
from kiosk.games.mystery_city import flow
from kiosk.games.mystery_city.cards import ABILITY_NAMES, ATTRIBUTES, Cards, load_cards
from kiosk.games.mystery_city.setup import new_state
from kiosk.games.mystery_city.state import MCState
from kiosk.games.mystery_city.views import public_view, seat_view
from kiosk.i18n import N_, Text

INFO = GameInfo(
    id="mystery-city",
    names={"en": "Mystery City", "es": "Mystery City"},
    min_seats=2,
    max_seats=4,
    options=(
        OptionSpec("deck", "virtual", ("virtual", "nfc"), "the kiosk deals, or players tap their tagged cards"),
        OptionSpec(
            "direction", "clockwise", ("clockwise", "counterclockwise"),
            "where the turn marker goes: clockwise as the Spanish seed, or counterclockwise as the author's "
            "English original (rules A2)",
            former_default="counterclockwise",  # the default until 2026-12
        ),
        OptionSpec("first_seat", 0, None, "the seat of the oldest player, who attacks first", seat_numbers),
        OptionSpec(
            "ability_windows", "always", ("always", "usable"),
            "ask both duellists about abilities at every window, or only when one could use one",
        ),
        OptionSpec(
            "stalemate", "most_cards", ("most_cards", "play_on"),
            "when the same hands come back a third time with the same attacker, the player with the most "
            "cards wins (the kiosk's resolution: the rules never end such a game), or play on",
            former_default="play_on",  # games stored before 2026-12 had no such end
        ),
    ),
    # A seat's next decision of another kind, right after its own choice: the window when both cards
    # are shown (after it played the second card), the window after the combat or a counterattack
    # (after its last "Go on"), its own new turn. Each opens on "Your move" with what is asked: a trial's
    # newcomer saw the menu come back by itself, an ability first, and spent a special by one press too many.
    fresh_turns=frozenset({"card_played", "exchange", "combat_won", "turn"}),
)


class MysteryCity:
    info = INFO

    def __init__(self, cards: Cards | None = None) -> None:
        self.cards = cards or load_cards()

    def start(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> MCState:
        if not INFO.min_seats <= seats <= INFO.max_seats:
            raise ValueError(f"Mystery City is for {INFO.min_seats}-{INFO.max_seats} seats, got {seats}")
        state, events = new_state(self.cards, seats, seed, INFO.resolve_options(options, seats))
        state.opening = events
        return state

    def opening(self, state: MCState) -> list[Event]:
        """The events of the setup (the deal), which `start` cannot return: each with its audience."""
        return list(state.opening)

    def prompts(self, state: MCState) -> list[Prompt]:
        if state.over:
            return []
        return flow.PROMPTS[state.stage](self.cards, state)

    def apply(self, state: MCState, seat: int, action: Action) -> list[Event]:
        if state.over:
            raise IllegalAction(N_("The game is over."))
        mine = [p for p in self.prompts(state) if p.seat == seat]
        if not mine:
            raise IllegalAction(N_("Nothing is asked of seat {seat} now."), seat=seat + 1)
        if not isinstance(action, Action) or not any(action in p.actions for p in mine):
            msgid, params = refusal(self.cards, state, seat, action)
            raise IllegalAction(msgid, **params)
        if action.kind == "use":
            events = flow.apply_use(self.cards, state, seat, action)
        else:
            events = flow.APPLY[state.stage](self.cards, state, seat, action)
        return events + flow.settle(self.cards, state)

    def view(self, state: MCState, seat: int | None, public: dict[str, Any] | None = None) -> dict[str, Any]:
        if seat is None:
            return public_view(self.cards, state)
        if not 0 <= seat < len(state.hands):
            raise ValueError(f"no seat {seat} in a game of {len(state.hands)}")
        return seat_view(self.cards, state, seat, public)

    def outcome(self, state: MCState) -> Outcome | None:
        if not state.over:
            return None
        assert state.winner is not None
        return Outcome(
            scores={seat: float(len(hand)) for seat, hand in enumerate(state.hands)},
            winners=[state.winner],
            detail={"out_order": list(state.out_order), "combats": state.combats, "removed": list(state.removed),
                    "ended_by": state.ended_by},
        )

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return base.action_to_json(action)

    def action_from_json(self, data: dict[str, Any]) -> Action:
        return base.action_from_json(data)


Reason = tuple[str, dict[str, Any]]


def refusal(cards: Cards, state: MCState, seat: int, action: Any) -> Reason:
    """Why an action outside the seat's prompt is refused, as specifically as the seat may be told.

    Only the seat's own hand and public facts go into the reason: never where another seat's card is.
    """
    generic: Reason = (N_("That choice is not available now."), {})
    if not isinstance(action, Action):
        return generic
    kind, args = action.kind, action.args
    if kind in ("play", "hold", "release", "use"):
        if len(args) != 1 or not isinstance(args[0], str) or args[0] not in cards.cards:
            return (N_("That is not a Mystery City card."), {})
        card = args[0]
        name = Text(cards.card(card).name)
        if kind == "hold":
            if state.stage != "register":
                return (N_("Hands are already recorded."), {})
            if card in state.hands[seat]:
                return (N_("{card} is already recorded in your hand."), {"card": name})
            if card in state.removed:
                return (N_("{card} is not used in this game."), {"card": name})
            if cards.is_special(card):
                return (N_("Your hand already has all its special cards."), {})
            return (N_("Your hand already has all its regular cards."), {})
        if kind == "release":
            return (N_("{card} is not recorded in your hand."), {"card": name})
        if card in state.removed:
            return (N_("{card} has left the game."), {"card": name})
        if kind == "play":
            if state.stage not in ("lead", "follow"):
                return (N_("This is not the moment to play a card."), {})
            return (N_("{card} is not in your hand."), {"card": name})
        ability = cards.card(card).ability
        if ability is None:
            return (N_("{card} has no special ability."), {"card": name})
        combat = state.combat
        on_table = combat is not None and any(o == seat and c == card for o, c in combat.table)
        if card not in state.hands[seat] and not on_table:
            return (N_("{card} is not yours to use."), {"card": name})
        if combat is None or seat not in (combat.attacker, combat.defender):
            return (N_("Abilities are used during your own combats."), {})
        if ability == "COMPANIONSHIP" and state.stage != "reveal":
            return (
                N_("{ability} is used once both cards of an exchange are shown."),
                {"ability": Text(ABILITY_NAMES[ability])},
            )
        if combat.current.result is None and combat.current.cards.get(seat) == card:
            return (N_("{card} is fighting in this exchange: use it once the exchange is resolved."), {"card": name})
        if not state.hands[combat.opponent(seat)]:
            return (N_("Your opponent has no card in hand."), {})
        return generic
    if kind == "attack":
        if len(args) == 2 and args[0] in ATTRIBUTES and args[1] == seat:
            return (N_("You cannot attack yourself."), {})
        return (N_("Name one of the five attributes and an opponent still in the game."), {})
    if kind == "attribute" and state.combat is not None and args == (state.combat.current.attribute,):
        return (N_("Counterattack with a new attribute."), {})
    return generic
