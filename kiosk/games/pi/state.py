"""The state of a P.I. game: plain data, cheap to deep-copy, never shown to anyone as it is."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Marker:
    id: str  # "<investigator>.<n>", stable while the marker stays on its investigator
    kind: str  # "disc" or "cube"
    cause: str  # the case element it reports: hidden from everyone until the mini-game ends


@dataclass
class Investigator:
    id: int
    seat: int
    location: str
    markers: list[Marker]  # in a shuffled order, so the order betrays nothing
    reported: list[str]  # every element it reported, kept after transfers (no double counting)
    links: list[str] = field(default_factory=list)  # tiles its markers were moved to (public)


@dataclass
class Player:
    investigators_left: int
    penalties: int = 0
    scores: list[int | None] = field(default_factory=list)  # one per mini-game, None while unscored
    solved_round: int | None = None  # in the current mini-game
    kept: list[str] = field(default_factory=list)  # evidence cards that gave no result
    notes: dict[str, str] = field(default_factory=dict)  # marker id -> the tile its owner believes


@dataclass
class PIState:
    seed: int
    options: dict[str, Any]
    rng: random.Random
    players: list[Player]
    first: int  # holder of the first player marker
    minigame: int = 0  # 1-based while playing
    round: int = 0
    position: int = 0  # place of the active seat in this round's order, counted from `first`
    where: dict[str, str] = field(default_factory=dict)  # element -> its location (a location maps to itself)
    cases: list[dict[str, str]] = field(default_factory=list)  # cases[p]: kind -> element, the case p solves
    investigators: list[Investigator] = field(default_factory=list)  # on the board this mini-game
    placed: int = 0  # investigators placed in the whole game (their ids)
    tiles: dict[str, dict[int, str]] = field(default_factory=dict)  # element -> seat -> "disc"/"cube"
    display: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)  # public results of this mini-game
    past: list[dict[str, Any]] = field(default_factory=list)  # finished mini-games, cases revealed
    guess: dict[str, str] = field(default_factory=dict)  # solution attempt under way: kind -> element
    stage: str = "turn"  # "turn", "solve" (choosing the three tiles) or "over"

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def active(self) -> int:
        return (self.first + self.position) % self.seats

    @property
    def over(self) -> bool:
        return self.stage == "over"


def left(seat: int, seats: int) -> int:
    """The next seat clockwise: the player on the left, whose case `seat` holds."""
    return (seat + 1) % seats


def right(seat: int, seats: int) -> int:
    """The player on the right, who holds `seat`'s case."""
    return (seat - 1) % seats
