"""Mystery Express events as sentences, for the terminal, the public log and screen banners.

Pure: returns `Text` (msgid and parameters) that the edge renders in the reader's language.
A private event is only ever narrated to a seat in its audience: the caller checks `visible_to`.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_express.rules import Rules
from kiosk.games.mystery_express.turn import CAR_OF
from kiosk.games.phrases import winners, with_counts
from kiosk.i18n import LANGUAGES, N_, Nn_, Rendered, Text, TextList

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
    "leg_start": N_("Leg {leg}: {from} to {to}, {hours}. {first} holds the whistle."),
    "turn_start": N_("{seat} plays, {hours}."),
    "move": N_("{seat} goes to the {car}."),
    "grip": N_("{seat}: \"Get a grip!\" {target} takes back {moved}."),
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
    "game_over": N_("The solution: {solution}. {winners}."),
    "card_shown": N_("{from} shows {face} to {to}."),
    "card_passed": N_("{from} passes {face} to {to}."),
    "card_stolen": N_("{to} takes {face} from {from}."),
    "card_given": N_("{from} gives {face} to {to}."),
    "card_taken": N_("{seat} takes {face}."),
    "tunnel_peek": N_("{picker} looks at {face} in the row of {owner}."),
}

GUESS_RESULTS = {True: N_("found"), False: N_("missed")}

# What each choice is called on a seat screen or a touch button.
ACTION_LABELS: dict[str, str] = {
    "grip": N_("Get a grip!"),
    "madam": N_("Help Madam"),
    "dining": N_("Invite to dine"),
    "lounge": N_("Lounge reveal"),
    "passenger": N_("Pass a card"),
    "sleeping": N_("Travel bag"),
    "smoking": N_("Share a cigar"),
    "power": N_("Special power"),
    "end_turn": N_("End my turn"),
    "back": N_("Back"),
    "confirm": N_("Done"),
    "submit": N_("Send"),
    "restart": N_("Start again"),
    "skip": N_("Do not chat"),
    "move": N_("Walk to the {car}"),
    "stack": N_("Passengers {stack}"),
    "space": N_("Space {space}"),
    "peek": N_("{owner}: card {position}"),
    "blank": N_("(leave blank)"),
}

# The question each prompt asks, as a screen title.
PROMPT_TITLES: dict[str, str] = {
    "character": N_("Choose your character"),
    "start_car": N_("Choose your car"),
    "turn": N_("Your turn: {hours} h"),
    "grip_target": N_("Whose discard pile?"),
    "grip_category": N_("Which category?"),
    "madam_stack": N_("Which passengers?"),
    "madam_category": N_("Which category?"),
    "dining_category": N_("Which category?"),
    "dining_guests": N_("Invite whom?"),
    "dining_show": N_("Show a card"),
    "lounge_category": N_("Which category?"),
    "lounge_show": N_("Reveal a card"),
    "passenger_category": N_("Which category?"),
    "passenger_pass": N_("Pass a card"),
    "sleeping_target": N_("Visit whom?"),
    "sleeping_hide": N_("Hide the travel bag"),
    "sleeping_guess": N_("Which hand?"),
    "sleeping_category": N_("Which category?"),
    "smoking_category": N_("Which category?"),
    "smoking_targets": N_("Which two players?"),
    "smoking_give": N_("Give a card"),
    "smoking_return": N_("Give a card back"),
    "power_target": N_("Power: {category} from whom?"),
    "power_show": N_("Show a card"),
    "conductor_space": N_("Chat with the Conductor"),
    "conductor_leave": N_("Leave a card"),
    "tunnel": N_("Tunnel: look at a card"),
    "telegram": N_("Telegram: {category}"),
    "telegram_confirm": N_("Send the telegram?"),
    "sudden": N_("Reveal a card"),
    "final": N_("Final answer: {category}"),
    "final_confirm": N_("Send your answer?"),
}
HANDS = {"left": N_("left"), "right": N_("right")}
# What a car's action costs (rules 4.3), from the hours in rules.toml.
COSTS = {"dining": N_("{hours} h per guest"), "sleeping": N_("{hours} h, {failure} h if missed")}
COST = N_("{hours} h")
FREE = N_("no hours")

# Numbers in the sentences above that name things, in the grammatical number each count needs.
COUNTED = {
    "hours": Nn_("{count} hour", "{count} hours"),
    "moved": Nn_("{count} {category} card", "{count} {category} cards"),
}

class Narrator:
    def __init__(self, rules: Rules, characters: dict[int, str | None] | None = None) -> None:
        self.rules = rules
        self.characters = dict(characters or {})

    def learn(self, event: Event) -> None:
        """What an event tells of the seats' names: a seat goes by its character once it is chosen. The
        seats learn it as the event happens (their titles name the character at once), the board's log
        when it tells the choice; whichever comes first."""
        if event.kind == "character_chosen":
            self.characters[event.data["seat"]] = event.data["character"]

    def seat(self, seat: int) -> Text:
        character = self.characters.get(seat)
        if character:
            return Text(self.rules.character(character).name)
        return Text(N_("Seat {n}"), {"n": seat + 1})

    def face(self, face: str) -> Text:
        return Text(self.rules.element_names[face])

    def faces(self, faces: list[str]) -> TextList:
        return TextList(tuple(self.face(f) for f in faces))

    def surname(self, seat: int) -> Text | Rendered:
        """A seat's character by the last word of its name, in each language ("MacDouglas" for
        "Colonel MacDouglas"): for a pair on a button too narrow for both names whole."""
        name = self.seat(seat)
        if seat not in self.characters:
            return name
        return Rendered(tuple((lang, name.render(lang).split()[-1]) for lang in LANGUAGES))

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
            elif not isinstance(value, str):  # a code (a Time reveal's method) is never shown raw
                params[key] = value
        if event.kind == "character_chosen":  # the seat by its number, whatever this narrator knew already
            params["seat"] = Text(N_("Seat {n}"), {"n": d["seat"] + 1})  # (one made after the choice knows it)
        self.learn(event)
        if event.kind == "game_over":
            params["winners"] = winners(params["winners"])
        return Text(template, with_counts(params, COUNTED))

    def label(self, action: Action, short: bool = False) -> Text:
        """How a choice reads on a button or a seat screen (a pair of players by their surnames, `short`,
        where the whole names do not fit)."""
        kind, args = action.kind, action.args
        if kind in ("target", "guest"):
            return self.seat(args[0])
        if kind == "targets":
            name = self.surname if short else self.seat
            return Text(N_("{first} and {second}"), {"first": name(args[0]), "second": name(args[1])})
        if kind == "category":
            return Text(CATEGORY_NAMES[args[0]])
        if kind == "card":
            return self.face(args[0])
        if kind == "entry":
            return self.face(args[1]) if args[1] is not None else Text(ACTION_LABELS["blank"])
        if kind == "hand":
            return Text(HANDS[args[0]])
        if kind == "character":
            return Text(self.rules.character(args[0]).name)
        if kind == "car":
            return Text(self.rules.cars[args[0]])
        if kind == "move":
            return Text(ACTION_LABELS[kind], {"car": Text(self.rules.cars[args[0]])})
        if kind == "stack":
            return Text(ACTION_LABELS[kind], {"stack": args[0]})
        if kind == "space":
            return Text(ACTION_LABELS[kind], {"space": args[0] + 1})
        if kind == "peek":
            return Text(ACTION_LABELS[kind], {"owner": self.seat(args[0]), "position": args[1] + 1})
        return Text(ACTION_LABELS[kind])

    def cost(self, action: Action) -> Text | None:
        """The hours a turn's action takes ("1 h per guest"), None for a choice that is no action."""
        costs = self.rules.costs
        if action.kind == "power":
            return Text(FREE)
        if action.kind == "dining":
            return Text(COSTS["dining"], {"hours": costs["dining_per_guest"]})
        if action.kind == "sleeping":
            return Text(COSTS["sleeping"], {"hours": costs["sleeping_success"], "failure": costs["sleeping_failure"]})
        if action.kind in costs:
            return Text(COST, {"hours": costs[action.kind]})
        return None

    def where(self, action: Action) -> Text | None:
        """Where a turn's action is done and what it costs: "Dining Car · 1 h per guest"."""
        cost = self.cost(action)
        car = CAR_OF.get(action.kind)
        if cost is None or car is None:
            return cost
        return Text(N_("{car} · {cost}"), {"car": Text(self.rules.cars[car]), "cost": cost})

    def mark(self, action: Action) -> str | None:
        """The category mark shown beside a choice, if it names a card or a category."""
        for arg in action.args:
            if isinstance(arg, str) and arg.partition(":")[0] in CATEGORY_NAMES:
                return arg.partition(":")[0]
        return None

    def title(self, prompt: Prompt) -> Text:
        data = dict(prompt.data)
        if "category" in data:
            data["category"] = Text(CATEGORY_NAMES[data["category"]])
        return Text(PROMPT_TITLES[prompt.kind], data)

    def _reveals(self, reveals: list[dict[str, Any]]) -> TextList:
        pair = N_("{seat}: {face}")
        return TextList(tuple(Text(pair, {"seat": self.seat(r["seat"]), "face": self.face(r["face"])}) for r in reveals))
