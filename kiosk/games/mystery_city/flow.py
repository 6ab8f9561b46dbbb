"""The stages of a game: for each, the prompts it raises and how it applies an answer.

Stages: `register` (nfc deck: who holds which card), `attack` (the turn-marker holder names an
attribute and an opponent), `lead` and `follow` (the two cards of an exchange), `reveal` (both cards
shown: an ability window, the only moment for Companionship), `attribute` (after a tie, the player who
played second names a new attribute and leads), `aftermath` (the winner is known, the cards are not yet
collected: an ability window), `over`.

Abilities (rules 7): a combatant may use a special from their hand, or one they played in this combat
(but not the card fighting in the unresolved exchange), at each of their prompts in the combat and in
the two windows (both duellists at once when the cards are shown; the winner, then the loser, after
the combat). The windows prompt both combatants whenever they open, so whether a seat holds a
special never shows in the rhythm of the prompts (option `ability_windows`: "usable" opens them only
when one of the two could use something, fewer taps for a table that accepts that hint).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_city import duel
from kiosk.games.mystery_city.cards import ATTRIBUTES, Cards
from kiosk.games.mystery_city.state import Combat, Exchange, MCState

def public(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def private(seats: set[int] | frozenset[int], kind: str, **data: Any) -> Event:
    return Event(kind, data, frozenset(seats))


def by_number(cards: Cards, card_ids: list[str]) -> list[str]:
    """Hands are shown in card-number order, never in the order cards arrived (that would tell how)."""
    return sorted(card_ids, key=lambda c: cards.card(c).number)


def alive(state: MCState) -> list[int]:
    return [seat for seat, out in enumerate(state.eliminated) if not out]


def combat_of(state: MCState) -> Combat:
    assert state.combat is not None, f"no combat in stage {state.stage}"
    return state.combat


# --- nfc deck: recording who holds which card ------------------------------------------------------


def missing(cards: Cards, state: MCState, seat: int) -> tuple[int, int]:
    """How many special and regular cards the seat still has to record."""
    deal = cards.deals[len(state.hands)]
    specials = sum(1 for c in state.hands[seat] if cards.is_special(c))
    return deal.specials - specials, deal.regulars - (len(state.hands[seat]) - specials)


def recording_seat(cards: Cards, state: MCState) -> int | None:
    """The first seat still tapping its cards; seats the kiosk deals to wait for the leftovers."""
    return next(
        (s for s in range(len(state.hands)) if s not in state.kiosk_dealt and missing(cards, state, s) != (0, 0)),
        None,
    )


def register_prompts(cards: Cards, state: MCState) -> list[Prompt]:
    seat = recording_seat(cards, state)
    assert seat is not None
    specials, regulars = missing(cards, state, seat)
    # Built from the seat's own hand and public facts only: never from what other seats recorded.
    holdable = [
        c
        for c in cards.in_play(len(state.hands))
        if c not in state.hands[seat] and (specials if cards.is_special(c) else regulars) > 0
    ]
    actions = [Action("hold", (c,)) for c in holdable]
    actions += [Action("release", (c,)) for c in by_number(cards, state.hands[seat])]
    actions.append(Action("deal_rest"))
    return [Prompt(seat, "record_hand", tuple(actions), data={"specials": specials, "regulars": regulars})]


def unrecorded(cards: Cards, state: MCState, seat: int) -> list[str]:
    """Cards nobody recorded that the seat's hand still lacks, in card-number order."""
    specials, regulars = missing(cards, state, seat)
    recorded = {c for hand in state.hands for c in hand}
    return [
        c
        for c in cards.in_play(len(state.hands))
        if c not in recorded and (specials if cards.is_special(c) else regulars) > 0
    ]


def apply_register(cards: Cards, state: MCState, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    if action.kind == "deal_rest":
        # A seat without physical cards (a bot, or a player who prefers the seat screen): once every
        # other hand is tapped, the kiosk deals it the rest of its hand from the cards nobody holds.
        state.kiosk_dealt.append(seat)
        events.append(public("kiosk_deals", seat=seat))
        return events + _recorded(cards, state)
    (card,) = action.args
    if action.kind == "release":
        state.hands[seat].remove(card)
        events.append(private({seat}, "card_released", seat=seat, card=card))
    else:
        holder = next((s for s, hand in enumerate(state.hands) if card in hand), None)
        if holder is not None:  # tapped here, so the earlier tap at the other seat was a mistake
            # The other seat is told its record changed, not who tapped the card.
            state.hands[holder].remove(card)
            events.append(private({holder}, "card_moved", seat=holder, card=card))
        state.hands[seat].append(card)
        events.append(private({seat}, "card_recorded", seat=seat, card=card))
    return events + _recorded(cards, state)


def _recorded(cards: Cards, state: MCState) -> list[Event]:
    events = [public("hand_count", sizes=[len(h) for h in state.hands])]
    if recording_seat(cards, state) is None:
        for seat in sorted(state.kiosk_dealt):
            while free := unrecorded(cards, state, seat):
                state.hands[seat].append(state.rng.choice(free))
            events.append(private({seat}, "hand_dealt", seat=seat, hand=by_number(cards, state.hands[seat])))
        events.append(public("hands_recorded", sizes=[len(h) for h in state.hands]))
        events += begin_turn(state, state.active)
    return events


# --- the turn: attack ------------------------------------------------------------------------------


REPEATS = 3  # the same position for the third time: the play is going round in circles


def begin_turn(state: MCState, seat: int) -> list[Event]:
    state.active = seat
    state.stage = "attack"
    return [public("turn", seat=seat)] + stalemate(state)


def position(state: MCState) -> str:
    """Where the game stands between combats: every hand (as a set) and who holds the revolver."""
    return "|".join(",".join(sorted(hand)) for hand in state.hands) + f"|{state.active}"


def stalemate(state: MCState) -> list[Event]:
    """The rules end a game only when one player holds every card (8), yet two players can pass the
    same cards back and forth for ever: the one holding a single strong card wins a card on its own
    attack and loses it on the other's, and neither can do better (a two-player endgame of a trial).
    The rules are silent; the kiosk's resolution (option `stalemate`, "play_on" is the rules as
    written): when the same hands come back a third time with the same player to attack, the table
    says so, and the game ends at the first turn from then on where one player holds the most cards."""
    if state.options["stalemate"] == "play_on":
        return []
    events: list[Event] = []
    key = position(state)
    state.positions[key] = state.positions.get(key, 0) + 1
    if state.positions[key] >= REPEATS and not state.stalled:
        state.stalled = True
        events.append(public("stalemate", seat=state.active, repeats=REPEATS))
    if not state.stalled:
        return events
    sizes = {seat: len(state.hands[seat]) for seat in alive(state)}
    most = max(sizes.values())
    leaders = [seat for seat, size in sizes.items() if size == most]
    if len(leaders) == 1:
        events += finish(state, leaders[0], "stalemate")
    return events


def finish(state: MCState, winner: int, reason: str) -> list[Event]:
    state.winner = winner
    state.ended_by = reason
    state.over = True
    state.stage = "over"
    return [public("game_over", winner=winner, cards=len(state.hands[winner]), reason=reason)]


def attack_prompts(cards: Cards, state: MCState) -> list[Prompt]:
    seat = state.active
    targets = [s for s in alive(state) if s != seat]
    actions = tuple(Action("attack", (attribute, target)) for attribute in ATTRIBUTES for target in targets)
    return [Prompt(seat, "attack", actions, data={"targets": targets})]


def apply_attack(cards: Cards, state: MCState, seat: int, action: Action) -> list[Event]:
    attribute, target = action.args
    state.combat = Combat(attacker=seat, defender=target, exchanges=[Exchange(attribute, seat, target)])
    state.stage = "lead"
    return [public("attack", seat=seat, target=target, attribute=attribute)]


# --- the exchange ----------------------------------------------------------------------------------


def usable(cards: Cards, state: MCState, seat: int) -> list[str]:
    """The specials whose ability the seat may use now (rules 7.2, 7.4)."""
    combat = state.combat
    if combat is None or seat not in (combat.attacker, combat.defender):
        return []
    opponent = combat.opponent(seat)
    exchange = combat.current
    fighting = exchange.cards.get(seat) if exchange.result is None else None
    own = [c for c in state.hands[seat] if cards.is_special(c)]
    own += [c for owner, c in combat.table if owner == seat and cards.is_special(c) and c != fighting]
    found = []
    for card in own:
        if cards.card(card).ability == "COMPANIONSHIP":
            if state.stage == "reveal":
                found.append(card)
        elif state.hands[opponent]:
            found.append(card)
    return by_number(cards, found)


def use_actions(cards: Cards, state: MCState, seat: int) -> list[Action]:
    return [Action("use", (card,)) for card in usable(cards, state, seat)]


def attribute_prompts(cards: Cards, state: MCState) -> list[Prompt]:
    tied = combat_of(state).current
    seat = tied.follower
    actions = [Action("attribute", (a,)) for a in ATTRIBUTES if a != tied.attribute]
    return [Prompt(seat, "counterattack", tuple(actions + use_actions(cards, state, seat)))]


def apply_attribute(cards: Cards, state: MCState, seat: int, action: Action) -> list[Event]:
    combat = combat_of(state)
    (attribute,) = action.args
    combat.exchanges.append(Exchange(attribute, seat, combat.opponent(seat)))
    state.stage = "lead"
    return [public("counterattack", seat=seat, attribute=attribute, exchange=len(combat.exchanges))]


def card_prompts(cards: Cards, state: MCState) -> list[Prompt]:
    exchange = combat_of(state).current
    seat = exchange.leader if state.stage == "lead" else exchange.follower
    plays = [Action("play", (c,)) for c in by_number(cards, state.hands[seat])]
    data: dict[str, Any] = {"attribute": exchange.attribute, "exchange": len(combat_of(state).exchanges)}
    if state.stage == "follow":  # the total to beat, rolled when the leader's card was shown (rules 6)
        data["to_beat"] = exchange.sides[exchange.leader]["total"]
    return [Prompt(seat, "play_card", tuple(plays + use_actions(cards, state, seat)), data=data)]


def apply_card(cards: Cards, state: MCState, seat: int, action: Action) -> list[Event]:
    combat = combat_of(state)
    exchange = combat.current
    (card,) = action.args
    state.hands[seat].remove(card)
    if not state.hands[seat]:
        exchange.last_shown.append(seat)  # the last card of the hand, shown (rules 5.1)
    exchange.cards[seat] = card
    combat.table.append((seat, card))
    role = "lead" if state.stage == "lead" else "follow"
    state.stage = "follow" if state.stage == "lead" else "reveal"
    combat.passed = []
    side = duel.show(cards, combat, seat, state.rng)  # a "?" is rolled now, in public (rules 6)
    events = [
        public(
            "card_played",
            seat=seat,
            card=card,
            role=role,
            attribute=exchange.attribute,
            exchange=len(combat.exchanges),
            side=duel.published(side),
        )
    ]
    if role == "follow" and duel.reroll_equal(exchange, state.rng):
        sides = [duel.published(exchange.sides[s]) for s in (exchange.leader, exchange.follower)]
        events.append(public("reroll", exchange=len(combat.exchanges), sides=sides))
    return events


# --- ability windows -------------------------------------------------------------------------------


def window_prompts(cards: Cards, state: MCState) -> list[Prompt]:
    combat = combat_of(state)
    prompts = []
    seats = sorted((combat.attacker, combat.defender))
    if state.stage == "aftermath" and combat.winner is not None and combat.winner not in combat.passed:
        seats = [combat.winner]  # after the combat, the winner acts first (rules 7.5), then the loser
    for seat in seats:
        if seat not in combat.passed:
            actions = tuple(use_actions(cards, state, seat) + [Action("pass")])
            data: dict[str, Any] = {"winner": combat.winner}
            if state.stage == "reveal":  # both totals as they stand, for a seat weighing Companionship
                sides = combat.current.sides
                data["totals"] = [sides[seat]["total"], sides[combat.opponent(seat)]["total"]]
            prompts.append(Prompt(seat, state.stage, actions, data=data))
    return prompts


def apply_window(cards: Cards, state: MCState, seat: int, action: Action) -> list[Event]:
    combat_of(state).passed.append(seat)
    return []


# --- abilities -------------------------------------------------------------------------------------


def apply_use(cards: Cards, state: MCState, seat: int, action: Action) -> list[Event]:
    combat = combat_of(state)
    (card,) = action.args
    opponent = combat.opponent(seat)
    ability = cards.card(card).ability
    if card in state.hands[seat]:
        state.hands[seat].remove(card)
    else:
        combat.table = [(owner, c) for owner, c in combat.table if c != card]
    state.removed.append(card)
    events = [public("ability", seat=seat, card=card, ability=ability, target=opponent)]
    if ability == "INVESTIGATION":
        hand = by_number(cards, state.hands[opponent])
        state.notes[seat].append({"kind": "investigation", "seat": opponent, "hand": hand})
        events.append(private({seat}, "investigation", seat=seat, target=opponent, hand=hand))
    elif ability == "ASSASSINATION":
        victim = state.rng.choice(by_number(cards, state.hands[opponent]))
        state.hands[opponent].remove(victim)
        state.removed.append(victim)
        events.append(public("assassination", seat=seat, target=opponent, card=victim))
    elif ability == "COUNTERINTELLIGENCE":
        taken = state.rng.choice(by_number(cards, state.hands[opponent]))
        state.hands[opponent].remove(taken)
        state.hands[seat].append(taken)
        state.notes[seat].append({"kind": "took", "seat": opponent, "card": taken})
        state.notes[opponent].append({"kind": "lost", "seat": seat, "card": taken})
        events.append(public("card_taken", seat=seat, target=opponent))
        events.append(private({seat, opponent}, "card_stolen", seat=seat, target=opponent, card=taken))
    else:  # COMPANIONSHIP, only offered in the reveal window: Chomp's value is added (rolled) now
        combat.current.boosts.append(seat)
        side = duel.boost(cards, combat.current, seat, state.rng)
        events.append(
            public("companion", seat=seat, card=side["companion"], value=side["companion_value"],
                   rolls=[list(r) for r in side["companion_rolls"]], total=side["total"])
        )
    return events


# --- automatic steps -------------------------------------------------------------------------------


def settle(cards: Cards, state: MCState) -> list[Event]:
    """Run every step that needs nobody's decision, until someone must decide or the game is over."""
    events: list[Event] = []
    while True:
        combat = state.combat
        if combat is None:
            return events
        if state.stage in ("attribute", "lead", "follow"):
            empty = next((s for s in must_show(state) if not state.hands[s]), None)
            if empty is None:
                return events
            # Out of cards when a card must be shown (a steal, an assassination, a hand spent on an
            # ability, the last card after a tie): that seat loses the combat (rules 5.1, A7).
            after_tie = state.stage == "attribute" or len(combat.exchanges) > 1
            reason = "last_card" if empty == combat.attacker and after_tie else "no_cards"
            events += decide(state, combat.opponent(empty), reason)
        elif state.stage == "reveal":
            if not window_done(cards, state):
                return events
            events += resolve(cards, state)
        elif state.stage == "aftermath":
            if not window_done(cards, state):
                return events
            events += cleanup(cards, state)
        else:
            return events


def must_show(state: MCState) -> tuple[int, ...]:
    """The seats that must still show a card, in order: after a tie, the counterattacker then the other."""
    exchange = combat_of(state).current
    if state.stage == "attribute":
        return (exchange.follower, exchange.leader)
    return (exchange.leader,) if state.stage == "lead" else (exchange.follower,)


def window_done(cards: Cards, state: MCState) -> bool:
    combat = combat_of(state)
    seats = (combat.attacker, combat.defender)
    if all(s in combat.passed for s in seats):
        return True
    return state.options["ability_windows"] == "usable" and not any(usable(cards, state, s) for s in seats)


def resolve(cards: Cards, state: MCState) -> list[Event]:
    combat = combat_of(state)
    result = duel.resolve(combat.current, len(combat.exchanges))
    combat.current.result = result
    events = [public("exchange", **result)]
    if result["winner"] is not None:
        return events + decide(state, result["winner"], "exchange")
    # A tie: the defender who showed their last card here wins (rules 5.1; a hand emptied by an
    # ability shows no last card), else a counterattack by who played second (`settle` ends the
    # combat if a seat has no card left to show).
    if combat.defender in combat.current.last_shown:
        return events + decide(state, combat.defender, "last_card")
    state.stage = "attribute"
    return events


def decide(state: MCState, winner: int, reason: str) -> list[Event]:
    combat = combat_of(state)
    combat.winner = winner
    combat.reason = reason
    combat.passed = []
    state.stage = "aftermath"
    return [public("combat_won", seat=winner, loser=combat.opponent(winner), reason=reason)]


def cleanup(cards: Cards, state: MCState) -> list[Event]:
    combat = combat_of(state)
    winner = combat.winner
    assert winner is not None
    regulars = [c for _, c in combat.table if not cards.is_special(c)]
    specials = [c for _, c in combat.table if cards.is_special(c)]
    state.hands[winner].extend(regulars)
    state.removed.extend(specials)
    events = [public("collect", seat=winner, cards=by_number(cards, regulars), removed=by_number(cards, specials))]
    state.combat = None
    state.combats += 1
    empty = [s for s in (combat.attacker, combat.defender) if not state.hands[s]]
    if len(empty) == len(alive(state)):
        # Nobody would hold a card (only specials were on the table): the combat's winner stays and wins.
        empty.remove(winner)
    for seat in empty:
        state.eliminated[seat] = True
        state.out_order.append(seat)
        events.append(public("eliminated", seat=seat))
    remaining = alive(state)
    if len(remaining) == 1:
        return events + finish(state, remaining[0], "all_cards")
    return events + begin_turn(state, next_seat(state, combat.attacker))


def next_seat(state: MCState, seat: int) -> int:
    """The next seat still in the game, in the turn direction (seats are numbered clockwise)."""
    step = 1 if state.options["direction"] == "clockwise" else -1
    n = len(state.hands)
    for k in range(1, n + 1):
        candidate = (seat + step * k) % n
        if not state.eliminated[candidate]:
            return candidate
    raise AssertionError("no seat left in the game")


PROMPTS: dict[str, Callable[[Cards, MCState], list[Prompt]]] = {
    "register": register_prompts,
    "attack": attack_prompts,
    "attribute": attribute_prompts,
    "lead": card_prompts,
    "follow": card_prompts,
    "reveal": window_prompts,
    "aftermath": window_prompts,
}

APPLY: dict[str, Callable[[Cards, MCState, int, Action], list[Event]]] = {
    "register": apply_register,
    "attack": apply_attack,
    "attribute": apply_attribute,
    "lead": apply_card,
    "follow": apply_card,
    "reveal": apply_window,
    "aftermath": apply_window,
}
