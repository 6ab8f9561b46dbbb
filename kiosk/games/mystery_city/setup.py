"""A new game: the deal of rules 4.1 (virtual deck), or an empty table waiting for taps (nfc deck)."""

from __future__ import annotations

import random
from typing import Any

from kiosk.games.base import Event
from kiosk.games.mystery_city.cards import Cards
from kiosk.games.mystery_city.flow import begin_turn, by_number, private, public
from kiosk.games.mystery_city.state import MCState


def new_state(cards: Cards, seats: int, seed: int, options: dict[str, Any]) -> tuple[MCState, list[Event]]:
    deal = cards.deals[seats]
    state = MCState(
        seed=seed,
        options=options,
        rng=random.Random(seed),
        hands=[[] for _ in range(seats)],
        removed=list(deal.removed),
        eliminated=[False] * seats,
        notes=[[] for _ in range(seats)],
        active=options["first_seat"],
    )
    events = [public("card_removed", card=card, reason="setup") for card in deal.removed]
    if options["deck"] == "nfc":
        state.stage = "register"
        return state, events + [public("record_begins", specials=deal.specials, regulars=deal.regulars)]
    in_play = cards.in_play(seats)
    specials = [c for c in in_play if cards.is_special(c)]
    regulars = [c for c in in_play if not cards.is_special(c)]
    state.rng.shuffle(specials)
    state.rng.shuffle(regulars)
    for seat in range(seats):
        state.hands[seat] = specials[seat * deal.specials : (seat + 1) * deal.specials]
        state.hands[seat] += regulars[seat * deal.regulars : (seat + 1) * deal.regulars]
    events.append(public("deal", specials=deal.specials, regulars=deal.regulars))
    events += [private({s}, "dealt", seat=s, hand=by_number(cards, state.hands[s])) for s in range(seats)]
    return state, events + begin_turn(state, state.active)
