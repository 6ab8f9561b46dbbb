"""Watson & Holmes events as sentences, for the terminal, the public log and screen banners.

Pure: returns `Text` that the edge renders in the reader's language. Case text (card names, card
backs, the solution) is content written in the case file in each language: `CaseText` picks it.
A private event is only ever narrated to a seat in its audience: the caller checks `visible_to`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kiosk import i18n
from kiosk.games.base import Event
from kiosk.games.watson_holmes.case import Case
from kiosk.games.watson_holmes.library import bundled_case_ids, bundled_cases
from kiosk.games.watson_holmes.characters import Characters, load_characters
from kiosk.games.phrases import winners, with_counts
from kiosk.i18n import N_, Nn_, Text, TextList


@dataclass(frozen=True)
class CaseText(Text):
    """Text from a case file: `params` maps a language to the text; English is the fallback."""

    def render(self, lang: str | None = None) -> str:
        wanted = lang or i18n.language()
        return self.params.get(wanted) or self.params.get("en") or next(iter(self.params.values()), "")


TEMPLATES: dict[str, str] = {
    "round_start": N_("Round {round}: {first} visits first."),
    "placed": N_("{seat} goes to {card}{how}."),
    "at_221b": N_("{seat} is at 221B Baker Street and holds {carriages}."),
    "outbid": N_("{by} outbids {seat} at {card}; {seat} loses {lost} and must go elsewhere."),
    "refund": N_("{seat} gets back {carriages} and places the pawn again at once."),
    "calloff_played": N_("{seat} calls off the police at {card}."),
    "toby_home": N_("Toby goes back home from {card}."),
    "watson_taken": N_("{seat} takes the Dr Watson card for {cost}."),
    "character_revealed": N_("{seat} reveals {character}{copies}."),
    "character_discarded": N_("{seat} discards {character} for {carriages}."),
    "pens_down": N_("{seat}: pens down this round for everyone else!"),
    "pens_down_now": N_("Only {exempt} may take notes this round."),
    "police_removed": N_("{seat} sends the police away from {card}."),
    "token_gained": N_("{seat} gains a {token} token."),
    "token_refused": N_("{seat} gets no {token} token ({why})."),
    "visiting_over": N_("Everyone has chosen a card; {diary} takes the Diary."),
    "watson_wasted": N_("{seat} has Dr Watson, but no card can be read aloud."),
    "watson_reading": N_("Dr Watson, for {seat}, reads {card} aloud: {text}"),
    "extra_read": N_("{seat} also reads one more card, in secret."),
    "bids_paid": N_("Carriages paid: {payments}."),
    "lockpick_used": N_("{seat} picks the lock of {card}."),
    "card_read": N_("You read {card}: {text}"),
    "carriages_gained": N_("{seat} gains {carriages}."),
    "police_placed": N_("{seat} puts a police token on {card}."),
    "question_revealed": N_("Question {number} is now open."),
    "stop_gain": N_("At the Carriage Stop, {seats} gain {carriages} each."),
    "attempt_order": N_("At 221B, now attempting: {seats}."),
    "first_at_221b": N_("{seat} will attempt first at 221B."),
    "attempt": N_("{seat} attempts the solution: {result}, {correct} of {of} right."),
    "answer_key": N_("You failed: you are now the voice of Sherlock Holmes and know the answers."),
    "holmes_used": N_("{seat} pays {cost} to consult Sherlock Holmes through {voice}."),
    "holmes_sheet": N_("The answer sheet of {voice}: {correct} right."),
    "holmes_asks": N_("{seat} asks {voice} to judge an answer to question {question}."),
    "holmes_answer": N_("Sherlock Holmes says your answer to question {question} is {result}."),
    "last_player": N_("{seat} is the last player: {rounds}, then 221B."),
    "game_over": N_("The case is closed. {winners}. {solution}"),
}

TOKENS = {"police": N_("police"), "calloff": N_("call-off"), "lockpick": N_("lockpick")}
REFUSALS = {"limit": N_("already holds one"), "supply": N_("the supply is empty")}
RESULTS = {True: N_("solved"), False: N_("failed")}
VERDICTS = {True: N_("accurate"), False: N_("not accurate")}  # an answer (feminine in Spanish)
NOBODY = N_("Nobody wins, everyone loses")

# Numbers in the sentences above that name carriages or rounds, in the grammatical number each needs.
CARRIAGES = Nn_("{count} carriage", "{count} carriages")
COUNTED = {"carriages": CARRIAGES, "lost": CARRIAGES, "cost": CARRIAGES,
           "rounds": Nn_("{count} more round", "{count} more rounds")}

class Narrator:
    def __init__(self, case: Case | None = None, characters: Characters | None = None) -> None:
        self.case = case or bundled_cases()[bundled_case_ids()[0]]
        self.characters = characters or load_characters()

    def seat(self, seat: int) -> Text:
        return Text(N_("Seat {n}"), {"n": seat + 1})

    def seats(self, seats: list[int]) -> TextList:
        return TextList(tuple(self.seat(s) for s in seats))

    def card(self, card: str) -> Text:
        if self.case.is_location(card):
            return CaseText("", dict(self.case.card(card).name))
        if card == self.case.baker_street_id:
            return Text(N_("221B Baker Street"))
        return Text(N_("The Carriage Stop"))  # a place named like the cases' ("The Lyceum Theatre")

    def describe(self, event: Event) -> Text | None:
        """One sentence for the event, or None for bookkeeping events nobody needs to read."""
        template = TEMPLATES.get(event.kind)
        if template is None:
            return None
        d = event.data
        if event.kind == "stop_gain" and len(d["seats"]) == 1:
            template = N_("At the Carriage Stop, {seats} gains {carriages}.")
        if event.kind == "outbid" and not d.get("lost"):  # a walker outbid pays nothing: "loses 0 carriages" read oddly
            template = N_("{by} outbids {seat} at {card}; {seat} must go elsewhere.")
        params: dict[str, Any] = {}
        for key, value in d.items():
            if key in ("seat", "by", "voice", "diary", "first", "visitor") and isinstance(value, int):
                params[key] = self.seat(value)
            elif key in ("seats", "exempt", "winners"):
                params[key] = self.seats(value)
            elif key == "card":
                params[key] = self.card(value)
            elif key == "character":
                params[key] = Text(self.characters.get(value).name) if value else Text(N_("a character"))
            elif key == "copies":
                params[key] = Text(N_(", copying {character}"), {"character": Text(self.characters.get(value).name)})
            elif key == "token":
                params[key] = Text(TOKENS[value]) if value else ""
            elif key == "why":
                params[key] = Text(REFUSALS[value])
            elif key in ("text", "solution"):
                params[key] = CaseText("", value) if value else Text(N_("(read the physical card)"))
            elif key == "effect":
                continue  # which Holmes card was used: told by the events that follow, not in words here
            elif key == "success":
                params["result"] = Text(RESULTS[value])
            elif key == "right":
                params["result"] = Text(VERDICTS[value])
            elif key == "payments":
                params[key] = TextList(
                    tuple(Text(N_("{carriages} from {seat}"), {"seat": self.seat(p["seat"]), "carriages": p["carriages"]}) for p in value)
                )
            elif key == "question" and isinstance(value, str):
                params[key] = self.case.question(value).number if any(q.id == value for q in self.case.questions) else value
            else:
                params[key] = value
        if event.kind == "placed":
            params["how"] = self._how(d)
        if event.kind == "character_revealed" and "copies" not in d:
            params["copies"] = ""
        if event.kind == "game_over":
            params["winners"] = winners(params["winners"]) if d["winners"] else Text(NOBODY)
        if event.kind == "holmes_sheet" and d.get("correct") is None:
            params["correct"] = "?"
        return Text(template, with_counts(params, COUNTED))

    def _how(self, d: dict[str, Any]) -> Text | str:
        if d.get("travel"):
            return Text(N_(" from another zone, paying {bid} and a fare of {travel}"), {"bid": d["bid"], "travel": d["travel"]})
        if d["toby"]:
            return Text(N_(", with Toby"))
        if d["bid"]:
            return Text(N_(" by carriage, bidding {bid}"), {"bid": d["bid"]})
        if self.case.is_location(d["card"]):
            return Text(N_(" on foot"))
        return ""
