"""A P.I. bot that deduces: it keeps every case consistent with the answers it received and takes the
action expected to leave the fewest.

It reads only its seat's view (the board, the public history of answers, the markers on tiles, the
solved cases and the case it holds for its neighbour) and its prompt, never the state. The answers
are recomputed for each candidate case with the same public rules the case holder follows
(`kiosk.games.pi.feedback`), so a candidate survives only if it would have given every answer seen.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable
from itertools import product
from typing import Any

from kiosk.games.base import Action, Prompt
from kiosk.games.pi import feedback
from kiosk.games.pi.rules import KINDS, Rules, kind_of, load_rules

Case = tuple[str, str, str]  # suspect, crime, location


class DeducingBot:
    # An investigator is single use for the whole game: spend one only when it is clearly better
    # than the best evidence card, and keep some for the later mini-games.
    INVESTIGATOR_GAIN = 0.7

    def __init__(self, seat: int, seed: int, rules: Rules | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(f"pi-bot:{seed}:{seat}")
        self.rules = rules or load_rules()
        self.plan: Case | None = None

    # --- what the bot believes -----------------------------------------------------------------

    def where(self, view: dict[str, Any]) -> dict[str, str]:
        where = {loc: loc for loc in self.rules.locations}
        for slot in view["board"]:
            for kind in ("suspect", "crime"):
                if slot[kind] is not None:
                    where[slot[kind]] = slot["location"]
        return where

    def excluded(self, view: dict[str, Any]) -> set[str]:
        """Elements that belong to somebody else's case, so cannot be in this seat's (rules 2)."""
        out = set(view["you"]["holding"]["case"].values())
        for player in view["players"]:
            if player["seat"] != self.seat and player["solution"]:
                out |= set(player["solution"].values())
        for element, owners in view["tiles"].items():
            if any(kind == "disc" and int(seat) != self.seat for seat, kind in owners.items()):
                out.add(element)
        return out

    def candidates(self, view: dict[str, Any]) -> list[Case]:
        rules, where = self.rules, self.where(view)
        banned = self.excluded(view)
        allowed = {kind: [e for e in rules.elements[kind] if e not in banned] for kind in KINDS}
        identified: set[str] = set()
        investigations: list[tuple[str, int, int, frozenset[str]]] = []
        wrong: set[Case] = set()
        for entry in view["history"]:
            if entry["seat"] != self.seat:
                continue
            if entry["action"] == "evidence":
                card, result = entry["card"], entry["result"]
                kind = kind_of(card)
                allowed[kind] = [e for e in allowed[kind] if feedback.evidence(rules, where, {kind: e}, card) == result]
                if result == "disc":
                    identified.add(card)
            elif entry["action"] == "investigate":
                investigations.append((entry["location"], entry["discs"], entry["cubes"], frozenset(identified)))
            elif entry["action"] == "solve" and not entry["correct"]:
                guess = entry["guess"]
                wrong.add((guess["SUSPECT"], guess["CRIME"], guess["LOCATION"]))
        found: list[Case] = []
        for suspect, crime, location in product(*(allowed[kind] for kind in KINDS)):
            case = (suspect, crime, location)
            if case in wrong:
                continue
            as_dict = dict(zip(KINDS, case, strict=True))
            if all(self._agrees(where, as_dict, investigations, i) for i in range(len(investigations))):
                found.append(case)
        return found

    def _reported(self, where: dict[str, str], case: dict[str, str], investigations: list[Any], i: int) -> list[str]:
        location, _, _, identified = investigations[i]
        before = [j for j in range(i) if investigations[j][0] == location]
        here = {e for j in before for e in self._reported(where, case, investigations, j)}
        return [e for _, e in feedback.investigation(self.rules, where, case, location, identified, here)]

    def _agrees(self, where: dict[str, str], case: dict[str, str], investigations: list[Any], i: int) -> bool:
        location, discs, cubes, identified = investigations[i]
        here = {e for j in range(i) if investigations[j][0] == location for e in self._reported(where, case, investigations, j)}
        found = feedback.investigation(self.rules, where, case, location, identified, here)
        got = sum(1 for kind, _ in found if kind == "disc")
        return got == discs and len(found) - got == cubes

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
        for action in prompt.actions:
            if action.kind == "evidence":
                card = action.args[0]
                kind = KINDS.index(kind_of(card))
                outcomes: Iterable[Hashable] = (
                    feedback.evidence(self.rules, where, {kind_of(card): case[kind]}, card) for case in cases
                )
            elif action.kind == "investigate":
                location = action.args[0]
                if any(inv["location"] == location for inv in mine):
                    continue  # a second investigator there tells less, and needs its history
                outcomes = (
                    tuple(sorted(k for k, _ in feedback.investigation(
                        self.rules, where, dict(zip(KINDS, case, strict=True)), location, identified
                    )))
                    for case in cases
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

    def may_investigate(self, view: dict[str, Any]) -> bool:
        """Spread the five investigators over the mini-games still to play."""
        left = view["players"][self.seat]["investigators_left"]
        used_now = sum(1 for inv in view["investigators"] if inv["seat"] == self.seat)
        games_left = view["minigames"] - view["minigame"] + 1
        budget = -(-(left + used_now) // games_left)  # ceiling
        return left > 0 and used_now < budget
