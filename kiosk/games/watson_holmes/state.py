"""The state of a Watson & Holmes game: plain data, cheap to deep-copy, never shown to anyone.

The case itself is not in the state (it never changes): the game looks it up by `case_id`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

TOKENS = ("police", "calloff", "lockpick")
SUPPLY = {"police": 6, "calloff": 6, "lockpick": 2}  # rules 2: limited; carriages are unlimited (A9)


@dataclass
class Player:
    carriages: int
    tokens: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TOKENS, 0))
    character: str | None = None
    character_state: str = "hidden"  # hidden | revealed | discarded
    copied: str | None = None  # Wiggins: the character whose action was copied
    zone: str | None = None
    at: str | None = None  # the card under the pawn this round
    bid: int = 0  # carriages committed on that card
    travel: int = 0  # carriages committed to change zone
    toby_bid: bool = False  # Toby stands in for the bid
    token_used: str | None = None  # "lockpick" committed to read a policed or locked card
    eliminated: bool = False
    won: bool = False
    place: int | None = None  # 1 for the first winners; later places when playing on (rules 11)
    holmes_used: bool = False
    answers: dict[str, Any] = field(default_factory=dict)  # the last attempt at 221B, question id -> answer
    correct: int | None = None  # how many answers of that attempt were right
    reading: list[str] = field(default_factory=list)  # cards open on the seat's screen now
    notes: bool = True  # may take notes while reading (Irene Adler)

    def committed(self) -> int:
        return (0 if self.toby_bid else self.bid) + self.travel

    def available(self) -> int:
        return self.carriages - self.committed()


@dataclass
class WHState:
    seed: int
    options: dict[str, Any]
    rng: random.Random
    case_id: str
    players: list[Player]
    supply: dict[str, int]
    diary: int  # the start player of the round (holds the Diary)
    round: int = 1
    stage: str = "visit"
    turn: int = 0  # whose visiting turn it is
    resume_after: int | None = None  # Billy: the turn order resumes after this seat
    last_placer: int | None = None
    police_on: list[str] = field(default_factory=list)  # cards holding a police token
    toby_card: str | None = None  # where the Toby token sits (None = on its owner's character card)
    watson: int | None = None  # who took the Dr Watson card this round
    watson_target: str | None = None
    pens_down_exempt: list[int] = field(default_factory=list)  # Irene (and a copying Wiggins) this round
    extra_readers: list[int] = field(default_factory=list)  # Mycroft (and a copying Wiggins) this round
    extra_reads: dict[int, str] = field(default_factory=dict)
    first_at_221b: list[int] = field(default_factory=list)  # Mrs Hudson (and a copying Wiggins) this round
    revealed_questions: list[str] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)  # seats that failed at 221B, in order
    pending: dict[str, Any] = field(default_factory=dict)  # the decision under way
    outbid: int | None = None  # a displaced seat acknowledging (and maybe revealing Billy)
    judge: dict[str, Any] | None = None  # a Holmes answer check waiting for the voice of Holmes
    last_player: dict[str, int] | None = None  # {"seat", "rounds_left"}
    over: bool = False
    winners: list[int] = field(default_factory=list)
    places_taken: int = 0  # how many places have been won so far


def in_play(p: Player) -> bool:
    """Still investigating: neither eliminated nor, when playing on for places, already a winner."""
    return not p.eliminated and not p.won
