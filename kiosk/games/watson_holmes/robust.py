"""The robustness playtest (`kiosk cases play CASE --robust`): can each question still be answered
when any one card is lost (policed, locked, out-bid)? Read from the evidence map, not by playing.

A question is robust when, for every single card removed, the evidence cards left still number at
least two, or one for a question marked `single_card_ok` (cases/FORMAT.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.games.watson_holmes.case import Case, Question


@dataclass(frozen=True)
class Robustness:
    question: Question
    needed: int  # evidence cards that must remain after any one is lost
    left: int  # evidence cards left after the worst single loss

    @property
    def robust(self) -> bool:
        return self.left >= self.needed


def robustness(case: Case) -> list[Robustness]:
    """Each question's worst single loss: any card of its evidence lost leaves the others."""
    return [Robustness(q, 1 if q.single_card_ok else 2, max(len(q.evidence) - 1, 0)) for q in case.questions]
