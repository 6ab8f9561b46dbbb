"""The final score and the tie-breaks (rules 8.3 and 11)."""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Outcome
from kiosk.games.pi.rules import Rules
from kiosk.games.pi.state import Player, PIState


def total(rules: Rules, player: Player) -> int:
    return sum(points or 0 for points in player.scores) - rules.penalty_points * player.penalties


def score(rules: Rules, state: PIState) -> Outcome:
    """Highest total wins; then most unused investigators; then fewest penalties; else a shared win."""
    totals = {seat: total(rules, p) for seat, p in enumerate(state.players)}

    def rank(seat: int) -> tuple[int, int, int]:
        p = state.players[seat]
        return (totals[seat], p.investigators_left, -p.penalties)

    best_total = max(totals.values())
    best = max(rank(seat) for seat in totals)
    winners = [seat for seat in totals if rank(seat) == best]
    tied_on_total = [seat for seat in totals if totals[seat] == best_total]
    if len(tied_on_total) == 1:
        decided_by = "total"
    elif len({state.players[s].investigators_left for s in tied_on_total}) > 1:
        decided_by = "investigators"
    elif len({state.players[s].penalties for s in tied_on_total}) > 1:
        decided_by = "penalties"
    else:
        decided_by = "shared"
    detail: dict[str, Any] = {
        "minigames": [[p.scores[i] for p in state.players] for i in range(rules.minigames)],
        "penalties": [p.penalties for p in state.players],
        "penalty_points": rules.penalty_points,  # what one costs, for the results to show the points lost
        "investigators_left": [p.investigators_left for p in state.players],
        "decided_by": decided_by,
    }
    return Outcome(scores={seat: float(points) for seat, points in totals.items()}, winners=winners, detail=detail)


def result_data(outcome: Outcome) -> dict[str, Any]:
    """The outcome as JSON-able data for events and views."""
    return {
        "scores": {str(seat): int(points) for seat, points in outcome.scores.items()},
        "winners": list(outcome.winners),
        **outcome.detail,
    }
