"""The end of a Watson & Holmes game (rules 11): places, winners, the accepted answers and the solution.

Its own module so both ways a game ends, the last round (investigation.py) and a solved case at 221B
(solving.py), share it without those two importing each other.
"""

from __future__ import annotations

from kiosk.games.base import Event
from kiosk.games.watson_holmes.case import Case
from kiosk.games.watson_holmes.state import WHState


def finish(state: WHState, case: Case) -> list[Event]:
    state.over = True
    state.stage = "over"
    state.winners = [s for s, p in enumerate(state.players) if p.place == 1]
    answers = {q.id: list(q.accepted) for q in case.questions}
    solution = None if state.options.get("physical") or case.solution is None else dict(case.solution)
    places = {str(s): p.place for s, p in enumerate(state.players) if p.place is not None}
    return [Event("game_over", {"winners": list(state.winners), "places": places, "answers": answers, "solution": solution})]
