"""The state of a Mystery Express game: plain data, cheap to deep-copy, never shown to anyone."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Seat:
    character: str | None = None
    car: str | None = None
    hand: list[str] = field(default_factory=list)  # card ids
    discard: list[str] = field(default_factory=list)
    journal: list[dict[str, Any]] = field(default_factory=list)
    telegram: dict[str, str | None] = field(default_factory=dict)  # category -> element key or None
    answers: dict[str, str] = field(default_factory=dict)  # final answers, category -> element key


@dataclass
class MEState:
    seed: int
    options: dict[str, Any]
    rng: random.Random
    seats: list[Seat]
    solution: dict[str, str]  # category -> card id
    time_deck: list[str]
    deck: list[str]  # shuffled hand-category cards not yet dealt (empty after the deal)
    removed: list[str]  # cards of removed elements (3-4 players), public
    revealed: list[tuple[int, str]]  # sudden-revelation (seat, card): out of play, public
    conductor_spaces: list[str | None]  # one card per space; None while its card is out (rules 4.10)
    stacks: list[list[str]]  # 1st and 2nd passenger stacks
    tokens: list[str]  # the car under each station's Conductor token
    tokens_revealed: int
    boarded: int  # how many passenger stacks have boarded (0, 1, 2)
    conductor_car: str
    whistle: int  # seat holding the whistle (first player of the leg)
    leg: int = 0  # 0 before the first leg starts; 1-5 during the legs; 6 on arrival in Istanbul
    # The window of sightings (rules 7.2): 1 + how many times the discard piles have returned. It runs
    # one ahead of `leg` during an arrival, whose events already belong to the next leg's window.
    window: int = 1
    stage: str = "character"
    active: int = 0
    turns_taken: int = 0  # seats that have finished their turn this leg
    hours: int = 0
    used: list[str] = field(default_factory=list)  # actions used by the active seat this leg
    chatted: bool = False  # the active seat has chatted with the Conductor this turn
    pending: dict[str, Any] = field(default_factory=dict)  # the decision under way
    queue: list[str] = field(default_factory=list)  # arrival steps still to run
    over: bool = False
