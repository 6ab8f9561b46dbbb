"""Grading answers at 221B against the case's answer key (rules 8.3-8.4)."""

from __future__ import annotations

from typing import Any

from kiosk.games.watson_holmes.case import Question


def is_right(question: Question, answer: Any) -> bool:
    """A picked choice or number is right when it is one of the accepted answers.

    People are picked by full name from the case's list, so the full-name rule (8.4) holds by
    construction: "the gardener" is never a choice that is accepted.
    """
    return answer in question.accepted
