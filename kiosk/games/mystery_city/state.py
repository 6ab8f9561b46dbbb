"""The state of a Mystery City game: plain data, cheap to deep-copy, never shown to anyone."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from kiosk.games.base import Event


@dataclass
class Exchange:
    """One comparison of two cards in a combat (the first, then one per counterattack)."""

    attribute: str
    leader: int  # plays first
    follower: int
    cards: dict[int, str] = field(default_factory=dict)  # seat -> card played in this exchange
    boosts: list[int] = field(default_factory=list)  # seats that used COMPANIONSHIP on their card
    # seat -> its side as shown: value (rolled when the card is shown), couple bonus (fixed then),
    # Companionship (added when used), total; published, then compared at the resolution (rules 6)
    sides: dict[int, dict[str, Any]] = field(default_factory=dict)
    last_shown: list[int] = field(default_factory=list)  # seats whose card here was the last of their hand
    result: dict[str, Any] | None = None  # the resolution, as published in the `exchange` event


@dataclass
class Combat:
    attacker: int
    defender: int
    exchanges: list[Exchange] = field(default_factory=list)
    table: list[tuple[int, str]] = field(default_factory=list)  # (owner, card) in the order played
    winner: int | None = None
    reason: str = ""  # why the winner won: exchange, last_card, no_cards
    passed: list[int] = field(default_factory=list)  # seats done with the current ability window

    @property
    def current(self) -> Exchange:
        return self.exchanges[-1]

    def opponent(self, seat: int) -> int:
        return self.defender if seat == self.attacker else self.attacker


@dataclass
class MCState:
    seed: int
    options: dict[str, Any]
    rng: random.Random
    hands: list[list[str]]  # per seat, card ids (in nfc mode: as recorded by taps)
    removed: list[str]  # out of the game, public: removed at setup, used or played specials, assassinated
    eliminated: list[bool]
    notes: list[list[dict[str, Any]]]  # per seat: private facts learnt (investigations, steals)
    kiosk_dealt: list[int] = field(default_factory=list)  # nfc deck: seats the kiosk deals to (no cards)
    stage: str = "attack"  # register, attack, lead, follow, reveal, attribute, aftermath, over
    active: int = 0  # holder of the turn marker (the mini revolver)
    combat: Combat | None = None
    combats: int = 0  # combats fought so far
    out_order: list[int] = field(default_factory=list)  # seats in the order they were eliminated
    winner: int | None = None
    ended_by: str = ""  # all_cards (rules 8), or stalemate (the same hands a third time: flow.stalemate)
    positions: dict[str, int] = field(default_factory=dict)  # position between combats -> times seen
    stalled: bool = False  # a position came back a third time: the most cards wins from now on
    over: bool = False
    opening: list[Event] = field(default_factory=list)  # the setup's events (the deal), see Game.opening
