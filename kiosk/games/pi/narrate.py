"""P.I. events as sentences, for the terminal, the public log and screen banners.

Pure: returns `Text` (msgid and parameters) that the edge renders in the reader's language.
A private event is only ever narrated to a seat in its audience: the caller checks `visible_to`.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Event
from kiosk.games.pi.rules import KINDS, Rules, load_rules
from kiosk.games.phrases import POINTS, ROUNDS, winners, with_counts
from kiosk.i18n import N_, Nn_, Text, TextList

TEMPLATES: dict[str, str] = {
    "minigame_start": N_("Case {minigame}: the tiles are dealt to the city. {first} holds the first player marker."),
    "case_dealt": N_("You hold the case of {owner}: {case}."),
    "turn": N_("Round {round}: {seat} plays."),
    "investigated": N_("{seat} sends an investigator to {location}: {discs}, {cubes}."),
    "evidence": N_("{seat} takes the evidence card {card}: {result}."),
    "transfer": N_("{seat} moves {markers} from investigators onto {tile}."),
    "reshuffle": N_("The evidence discard pile is shuffled into a new deck."),
    "solve_started": N_("{seat} attempts to solve."),
    "solve_cancelled": N_("{seat} takes the attempt back."),
    "solve_attempt": N_("{seat} accuses {guess}: {verdict}."),
    "penalty": N_("{seat} moves down the penalty track: {points} in all."),  # the track's total, not this attempt's cost
    "solved": N_("{seat} solves the case in round {round} and scores {points}."),
    "minigame_end": N_("Case {minigame} is over after {rounds}. The cases were: {cases}."),
    "game_over": N_("Final scores: {totals}. {winners}."),
}

RESULTS = {"disc": N_("a disc on its tile"), "cube": N_("a cube on its tile"), None: N_("no information")}
VERDICTS = {True: N_("correct"), False: N_("wrong")}

# Numbers in the sentences above that name things, in the grammatical number each count needs.
COUNTED = {
    "discs": Nn_("{count} disc", "{count} discs"),
    "cubes": Nn_("{count} cube", "{count} cubes"),
    "markers": Nn_("{count} marker", "{count} markers"),
    "points": POINTS,
    "rounds": ROUNDS,
}

class Narrator:
    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules or load_rules()

    def seat(self, seat: int) -> Text:
        return Text(N_("Seat {n}"), {"n": seat + 1})

    def name(self, element: str) -> Text:
        return Text(self.rules.names[element])

    def case(self, case: dict[str, str]) -> TextList:
        return TextList(tuple(self.name(case[kind]) for kind in KINDS))

    def describe(self, event: Event) -> Text | None:
        """One sentence for the event, or None for bookkeeping events nobody needs to read."""
        template = TEMPLATES.get(event.kind)
        if template is None:
            return None
        d = event.data
        params: dict[str, Any] = {}
        for key, value in d.items():
            if key in ("seat", "first", "owner") and isinstance(value, int):
                params[key] = self.seat(value)
            elif key in ("location", "card", "tile"):
                params[key] = self.name(value)
            elif key in ("case", "guess"):
                params[key] = self.case(value)
            elif key == "result":
                params[key] = Text(RESULTS[value])
            elif key == "correct":
                params["verdict"] = Text(VERDICTS[value])
            elif key == "moved":
                params["markers"] = sum(len(m["markers"]) for m in value)
            elif key == "cases":
                pair = N_("{seat}: {case}")
                params[key] = TextList(
                    tuple(Text(pair, {"seat": self.seat(int(s)), "case": self.case(c)}) for s, c in value.items())
                )
            elif key == "scores" and event.kind == "game_over":
                pair = N_("{seat} {points}")
                params["totals"] = TextList(
                    tuple(Text(pair, {"seat": self.seat(int(s)), "points": p}) for s, p in value.items())
                )
            elif key == "winners":
                params[key] = winners(TextList(tuple(self.seat(s) for s in value)))
            else:
                params[key] = value
        return Text(template, with_counts(params, COUNTED))
