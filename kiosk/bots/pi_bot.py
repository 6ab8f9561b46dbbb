"""A P.I. bot that deduces: it keeps every case consistent with the answers it received and takes the
action expected to leave the fewest.

It reads only its seat's view (the board, the public history of answers, the markers on tiles, the
solved cases and the case it holds for its neighbour) and its prompt, never the state. The answers
are recomputed for each candidate case with the same public rules the case holder follows
(`kiosk.games.pi.deduce`), so a candidate survives only if it would have given every answer seen.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.pi import deduce, feedback
from kiosk.games.pi.deduce import Case
from kiosk.games.pi.rules import KINDS, Rules, kind_of, load_rules


class DeducingBot:
    # An investigator is single use for the whole game: spend one only when it is clearly better
    # than the best evidence card, and keep some for the later mini-games.
    INVESTIGATOR_GAIN = 0.7

    def __init__(self, seat: int, seed: int, rules: Rules | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(f"pi-bot:{seed}:{seat}")
        self.rules = rules or load_rules()
        self.plan: Case | None = None

    def observe(self, events: list[Event]) -> None:
        """Everything this bot reasons from is in its seat's view (answers, markers, its notes)."""

    def where(self, view: dict[str, Any]) -> dict[str, str]:
        return deduce.where(self.rules, view)

    def candidates(self, view: dict[str, Any]) -> list[Case]:
        return deduce.candidates(self.rules, view, self.seat, view["you"]["holding"]["case"])

    # --- choosing ------------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        if prompt.kind.startswith("solve_"):
            plan = self.plan or self.best_guess(self.candidates(view))
            kind = prompt.kind.removeprefix("solve_").upper()
            wanted = Action("accuse", (plan[KINDS.index(kind)],))
            return wanted if wanted in prompt.actions else self.rng.choice(prompt.actions)
        if prompt.kind != "turn":
            return prompt.actions[0]  # notes: the bot keeps its own in memory
        self.plan = None
        cases = self.candidates(view)
        if not cases:  # cannot happen with exact answers; never stall if it does
            return self.rng.choice(prompt.actions)
        action, expected = self.most_informative(view, prompt, cases)
        if len(cases) == 1 or action is None or expected >= len(cases):
            self.plan = self.best_guess(cases)
            return Action("solve")
        return action

    def best_guess(self, cases: list[Case]) -> Case:
        return self.rng.choice(cases)

    def most_informative(self, view: dict[str, Any], prompt: Prompt, cases: list[Case]) -> tuple[Action | None, float]:
        """The action whose answer leaves the fewest candidates on average, and that average."""
        where = self.where(view)
        identified = {e for e, owners in view["tiles"].items() if owners.get(str(self.seat)) == "disc"}
        mine = [inv for inv in view["investigators"] if inv["seat"] == self.seat]
        best: tuple[float, float, Action] | None = None
        best_investigation: tuple[float, float, Action] | None = None
        values = [sorted({case[i] for case in cases}) for i in range(len(KINDS))]
        for action in prompt.actions:
            # Each element of a case answers on its own: work each answer out once per possible
            # element, then look it up for every case.
            if action.kind == "evidence":
                card = action.args[0]
                i = KINDS.index(kind_of(card))
                answer = {v: feedback.evidence(self.rules, where, {KINDS[i]: v}, card) for v in values[i]}
                outcomes: Iterable[Hashable] = (answer[case[i]] for case in cases)
            elif action.kind == "investigate":
                location = action.args[0]
                if any(inv["location"] == location for inv in mine):
                    continue  # a second investigator there tells less, and needs its history
                parts = [{v: self.marker(where, v, location, identified) for v in values[i]} for i in range(len(KINDS))]
                outcomes = (
                    (parts[0][case[0]] + parts[1][case[1]] + parts[2][case[2]]) for case in cases
                )
            else:
                continue
            expected = sum(n * n for n in Counter(outcomes).values()) / len(cases)
            choice = (expected, self.rng.random(), action)
            if action.kind == "evidence":
                best = min(best, choice) if best else choice
            else:
                best_investigation = min(best_investigation, choice) if best_investigation else choice
        if best_investigation and self.may_investigate(view):
            if best is None or best_investigation[0] < self.INVESTIGATOR_GAIN * best[0]:
                best = best_investigation
        return (best[2], best[0]) if best else (None, float(len(cases)))

    def marker(self, where: dict[str, str], element: str, location: str, identified: set[str]) -> int:
        """An investigator's answer for one element, coded so that sums stay apart: disc 4, cube 1."""
        if element in identified:
            return 0
        if where[element] == location:
            return 4
        return 1 if self.rules.adjacent(where[element], location) else 0

    def may_investigate(self, view: dict[str, Any]) -> bool:
        """Spread the five investigators over the mini-games still to play."""
        left = view["players"][self.seat]["investigators_left"]
        used_now = sum(1 for inv in view["investigators"] if inv["seat"] == self.seat)
        games_left = view["minigames"] - view["minigame"] + 1
        budget = -(-(left + used_now) // games_left)  # ceiling
        return left > 0 and used_now < budget
