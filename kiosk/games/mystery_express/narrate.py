"""Mystery Express events as sentences, for the terminal, the public log and screen banners.

Pure: returns `Text` (msgid and parameters) that the edge renders in the reader's language.
A private event is only ever narrated to a seat in its audience: the caller checks `visible_to`.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Event
from kiosk.games.mystery_express.rules import Rules
from kiosk.i18n import N_, Text, TextList

CATEGORY_NAMES = {
    "SUSPECT": N_("Suspect"),
    "MODUS_OPERANDI": N_("Modus operandi"),
    "MOTIVE": N_("Motive"),
    "LOCATION": N_("Location"),
    "TIME": N_("Time"),
}

TEMPLATES: dict[str, str] = {
    "character_chosen": N_("{seat} takes the character {character}."),
    "deal": N_("Seven crime cards are dealt to each player."),
    "dealt": N_("Your hand: {faces}."),
    "leg_start": N_("Leg {leg}: {from} to {to}, {hours} hours. {first} holds the whistle."),
    "turn_start": N_("{seat} plays, {hours} hours."),
    "move": N_("{seat} goes to the {car}."),
    "grip": N_("{seat}: \"Get a grip!\" {target} takes back {moved} {category} card(s)."),
    "madam": N_("{seat} helps a passenger of stack {stack} and takes a {category} card."),
    "dining": N_("{seat} invites {guests} to dine and asks for a {category} card."),
    "lounge": N_("{seat} asks the lounge for a {category} card: {reveals}."),
    "passenger": N_("Everybody passes a card along the Passenger Car."),
    "sleeping": N_("{seat} visits {target} in the Sleeping Car: where is the travel bag?"),
    "sleeping_guess": N_("{seat} points at the {guess} hand of {target}: {result}."),
    "sleeping_steal": N_("{seat} takes a {category} card from {target}'s travel bag."),
    "smoking": N_("{seat} shares a cigar with {targets} and asks for a {category} card."),
    "smoking_return": N_("{seat} gives back a card to each smoker."),
    "power": N_("{seat} uses a special power on {target} ({category})."),
    "conductor_chat": N_("{seat} chats with the Conductor (space {space}) and leaves a {category} card."),
    "conductor_skipped": N_("{seat} does not chat with the Conductor."),
    "action_cancelled": N_("{seat} changes their mind."),
    "turn_end": N_("{seat} ends their turn."),
    "discards_returned": N_("Discard piles go back to their owners' hands."),
    "arrive": N_("The train arrives in {city}."),
    "time_reveal": N_("Time cards are shown in {city}."),
    "passengers_board": N_("Passengers board: stack {stack}."),
    "conductor_token": N_("The Conductor goes to the {car}."),
    "whistle": N_("{seat} takes the whistle."),
    "tunnel": N_("A long tunnel! Everyone lays their cards face down."),
    "telegram_begins": N_("Everyone writes a telegram."),
    "telegram_sent": N_("{seat} has sent a telegram."),
    "sudden_begins": N_("Sudden revelation: everyone chooses a card to reveal."),
    "sudden_revelation": N_("Revealed: {reveals}."),
    "final_begins": N_("Istanbul! Everyone writes their final answer."),
    "final_sent": N_("{seat} has written a final answer."),
    "game_over": N_("The solution: {solution}. Winner(s): {winners}."),
    "card_shown": N_("{from} shows {face} to {to}."),
    "card_passed": N_("{from} passes {face} to {to}."),
    "card_stolen": N_("{to} takes {face} from {from}."),
    "card_given": N_("{from} gives {face} to {to}."),
    "card_taken": N_("{seat} takes {face}."),
    "tunnel_peek": N_("{picker} looks at {face} in the row of {owner}."),
}

GUESS_RESULTS = {True: N_("found"), False: N_("missed")}
HANDS = {"left": N_("left"), "right": N_("right")}


class Narrator:
    def __init__(self, rules: Rules, characters: dict[int, str | None] | None = None) -> None:
        self.rules = rules
        self.characters = dict(characters or {})

    def seat(self, seat: int) -> Text:
        character = self.characters.get(seat)
        if character:
            return Text(self.rules.character(character).name)
        return Text(N_("Seat {n}"), {"n": seat + 1})

    def face(self, face: str) -> Text:
        return Text(self.rules.element_names[face])

    def faces(self, faces: list[str]) -> TextList:
        return TextList(tuple(self.face(f) for f in faces))

    def seats(self, seats: list[int]) -> TextList:
        return TextList(tuple(self.seat(s) for s in seats))

    def describe(self, event: Event) -> Text | None:
        """One sentence for the event, or None for bookkeeping events nobody needs to read."""
        template = TEMPLATES.get(event.kind)
        if template is None:
            return None
        d = event.data
        params: dict[str, Any] = {}
        for key, value in d.items():
            if key in ("seat", "target", "first", "from", "to", "picker", "owner") and isinstance(value, int):
                params[key] = self.seat(value)
            elif key in ("category", "left_category"):
                params["category"] = Text(CATEGORY_NAMES[value])
            elif key in ("car", "conductor_car"):
                params[key] = Text(self.rules.cars[value])
            elif key == "face":
                params[key] = self.face(value)
            elif key in ("city", "from", "to") and isinstance(value, str):
                params[key] = Text(value)
            elif key == "character":
                params[key] = Text(self.rules.character(value).name)
            elif key in ("guests", "targets", "winners"):
                params[key] = self.seats(value)
            elif key == "hand":
                params["faces"] = self.faces(value)
            elif key == "guess":
                params[key] = Text(HANDS[value])
            elif key == "correct":
                params["result"] = Text(GUESS_RESULTS[value])
            elif key == "reveals":
                params[key] = self._reveals(value)
            elif key == "space":
                params[key] = value + 1  # spaces are counted from 1 for people
            elif key == "solution":
                params[key] = self.faces(list(value.values()))
            else:
                params[key] = value
        if event.kind == "character_chosen":
            self.characters[d["seat"]] = d["character"]
        return Text(template, params)

    def _reveals(self, reveals: list[dict[str, Any]]) -> TextList:
        pair = N_("{seat}: {face}")
        return TextList(tuple(Text(pair, {"seat": self.seat(r["seat"]), "face": self.face(r["face"])}) for r in reveals))
