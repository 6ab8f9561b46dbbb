"""The parts of a case as plain data: its questions (with their choices) and its location cards, as
case.py loads them from a case file (cases/FORMAT.md) and the checker's findings read them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Localized = dict[str, str]  # language -> text


@dataclass(frozen=True)
class Choice:
    id: str
    label: Localized
    # descriptions only this choice fits ("the copyist"), for the singled-out count (cases/FORMAT.md)
    telling: tuple[Localized, ...] = ()
    # the ways the cards clear this choice: each way the cards that together rule it out (ids)
    cleared_by: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Question:
    id: str
    number: int
    text: Localized | None  # None in a physical manifest: the question is in the booklet
    answer_kind: str
    choices: tuple[Choice, ...]
    accepted: tuple[Any, ...]  # choice ids, numbers, or accepted free-text answers (shown to the grader)
    number_range: tuple[int, int] | None
    reveal: str  # "start" | "round" | "card"
    reveal_at: Any = None  # the round number or the card id
    evidence: tuple[str, ...] = ()  # the cards that establish the answer (authoring check: two or more)
    # card id -> language -> the phrase on that card that supports the answer (empty: an old list form)
    evidence_phrases: dict[str, Localized] = field(default_factory=dict, compare=False)
    single_card_ok: bool = False  # the question may rest on one card of its evidence
    free_text_is_the_point: bool = False  # FREE_TEXT on purpose: no picker could ask it

    @property
    def graded_by_player(self) -> bool:
        """Free text, and any question without an answer key, is graded by the attempting player."""
        return self.answer_kind == "FREE_TEXT" or not self.accepted

    def options(self) -> tuple[Any, ...]:
        """What a picker offers: choice ids, or every number of the range."""
        if self.answer_kind == "NUMBER" and self.number_range is not None:
            return tuple(range(self.number_range[0], self.number_range[1] + 1))
        return tuple(choice.id for choice in self.choices)


@dataclass(frozen=True)
class Card:
    id: str
    number: int
    name: Localized
    zone: str | None
    position: tuple[int, int]
    icons: frozenset[str]
    carriages: int  # gained on reading when the card has the carriage icon
    text: Localized | None  # None in a physical manifest: the players read the real card
    line: int | None = field(default=None, compare=False)  # where the card starts in its file
