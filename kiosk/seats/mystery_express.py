"""Mystery Express seat screens, drawn from the seat's view, its prompt and its private events only."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_express.choices import why_not, worth_offering
from kiosk.games.mystery_express.deduction import assist
from kiosk.games.mystery_express.narrate import CATEGORY_NAMES, FREE, Narrator
from kiosk.games.mystery_express.rules import HAND_CATEGORIES, category_of
from kiosk.games.mystery_express.turn import CAR_OF
from kiosk.i18n import N_, Text
from kiosk.seats.menu import BROWSE_FOOTER, DONE_FOOTER, LONG, PICK_FOOTER, Entry, Menu, grouped, multi_select, not_now
from kiosk.seats.canvas import LINE_WIDTH, paragraph, text_width
from kiosk.seats.screen import PAGE_LINES, Item, Screen, title_fits

HINT = BROWSE_FOOTER
# Under the hand: ● chooses nothing there, it turns to the next page, the journal "Seen" (a trial's
# newcomer pressed ● on a card, read "● choose", and landed on "Seen").
HAND_FOOTER = N_("◀ ▶ browse · ● Seen")
PRIVATE_CARD_EVENTS = {
    "card_shown": N_("Shown by {from}"),
    "card_passed": N_("Passed by {from}"),
    "card_given": N_("Given by {from}"),
    "card_stolen": N_("Taken from {from}"),
    "card_taken": N_("From the {from}"),
    "tunnel_peek": N_("In the row of {owner}"),
}
# The same events seen from the other side: a card this seat showed, passed, gave or lost, or a card
# of its own row looked at in the tunnel (title, detail).
OWN_CARD_EVENTS = {
    "card_shown": (N_("You showed"), N_("to {to}")),
    "card_passed": (N_("You passed"), N_("to {to}")),
    "card_given": (N_("You gave"), N_("to {to}")),
    "card_stolen": (N_("Taken from you"), N_("by {to}")),
    "tunnel_peek": (N_("Seen in your row"), N_("by {picker}")),
}
# Of those, the echoes of the seat's own choice (it chose the card a moment ago): they give way to the
# seat's next prompt at once, rather than hold the seat while the table waits for it.
ECHOES = ("card_shown", "card_passed", "card_given")
OWN_SIDE = {"card_shown": "from", "card_passed": "from", "card_given": "from", "card_stolen": "from", "tunnel_peek": "owner"}
PLACES = {"conductor": N_("Conductor"), "passenger1": N_("1st passengers"), "passenger2": N_("2nd passengers")}
# A card asked of this seat by the player whose turn it is: who asks, and for what (the phone says it
# above the choices). From public facts only: whose turn it is and the category named aloud.
ASKED = {
    "dining_show": N_("{seat} asks for {category}"),
    "power_show": N_("{seat} asks for {category}"),
    "smoking_give": N_("{seat} asks you to give {category}"),
    "lounge_show": N_("{seat} asks everyone to reveal {category}"),
    "passenger_pass": N_("{seat} asks everyone to pass {category}"),
    "sleeping_hide": N_("{seat} is looking for the travel bag"),
}
A_CATEGORY = {
    "SUSPECT": N_("a Suspect"),
    "MODUS_OPERANDI": N_("a Modus operandi"),
    "MOTIVE": N_("a Motive"),
    "LOCATION": N_("a Location"),
    "TIME": N_("a Time card"),
}
# How a card of the journal was seen, in words; a sighting of a seat's own deal has no leg, and one on
# arriving in a city names only whose card it was (with "arriving in München" the OLED's two lines
# hold no more).
HOW = {
    "shown": N_("shown by {source}"),
    "revealed": N_("revealed by {source}"),
    "received": N_("given by {source}"),
    "stolen": N_("taken from {source}"),
    "taken": N_("taken from {source}"),
}
# The seat's own card it revealed to all, in its own journal: "revealed by you", not by its own name.
BY_YOU = N_("revealed by you")
YOURS = N_("Yours")
TAKEN = {"conductor": N_("taken from the Conductor"), "passenger1": N_("taken from the 1st passengers"),
         "passenger2": N_("taken from the 2nd passengers")}
A_CARD = N_("a card")
DEALT = N_("dealt at the start")
DEALT_OUT = N_("ruled out · dealt at the start")
# A prompt's title where the table's own is too long for the seat's title bar (21 characters): the
# question in fewer words, the category (named in full) kept.
SHORT_TITLES = {
    "character": N_("Your character?"),
    "telegram_confirm": N_("Send it?"),
    "final_confirm": N_("Send it?"),
    "conductor_space": N_("Conductor's cards"),
    "grip_target": N_("Whose discards?"),
    "power_target": N_("Power: {category}"),
    "sleeping_hide": N_("Hide the bag"),
    "tunnel": N_("Tunnel: peek"),
    "telegram": N_("Telegram: {category}"),  # the one word (rules 9 #23): where it does not fit, the category alone
    "final": N_("Final: {category}"),
}
# The chat with the Conductor (rules 4.10): the backs on his spaces are public, so each space names
# the category of its card; what the chat does is said under it.
SPACE = N_("Space {space}: {category}")
SPACE_DETAIL = N_("Take it, leave a card")
# The turn's cars: the one where the Conductor stands (an action there brings a chat with him), and
# a car that offers nothing now, whose pages say why.
CONDUCTOR_HERE = N_("Conductor · {costs}")
CONDUCTOR_ALONE = N_("The Conductor is here")
# The game's reasons (kiosk/games/mystery_express/turn.py, choices.py) in the fewer words a page holds.
SHORT_REASONS = {
    N_("You have already done that this leg."): N_("done this turn"),
    N_("Not enough hours left for that."): N_("not enough hours"),
    N_("No passenger with cards has boarded yet."): N_("no passenger cards yet"),
    N_("No other player holds a card."): N_("nobody holds a card"),
    N_("You do not hold enough cards for that."): N_("too few cards in hand"),
    N_("You would have no card left to give the Conductor."): N_("no card left for him"),
    N_("No discard pile holds a card yet."): N_("no discards yet"),
}


def idle(view: dict[str, Any], narrator: Narrator, lang: str) -> Screen:
    """Who you are, your cards by category, your hours when it is your turn."""
    seat = view["you"]["seat"]
    counts = view["players"][seat]["hand"]
    name = narrator.seat(seat).render(lang)
    if view.get("active") == seat and view.get("hours") is not None:
        title = Text(N_("{seat}: {hours} h left"), {"seat": name, "hours": view["hours"]}).render(lang)
        if not title_fits(title):  # a long name would cut the hours off: the hours matter now
            hours = Text(N_("{hours} h left"), {"hours": view["hours"]}).render(lang)
            title = hours[:1].upper() + hours[1:]
    else:
        title = name
    leg = view["leg"]
    footer = ""
    if 1 <= leg <= 5:
        cities = view["itinerary"]
        footer = Text(N_("Leg {leg}: {to}"), {"leg": leg, "to": Text(cities[leg]["city"])}).render(lang)
    return Screen(title, counts=tuple((c, counts[c]) for c in HAND_CATEGORIES), footer=footer)


def hand(view: dict[str, Any], narrator: Narrator, lang: str, index: int = 0) -> Screen:
    faces = view["you"]["hand"]
    title = Text(N_("Your hand")).render(lang)
    if not faces:
        return Screen(title, (Item(Text(N_("No cards")).render(lang)),))
    items = tuple(Item(narrator.face(f).render(lang), category_of(f)) for f in faces)
    return Screen(title, items, index % len(items), footer=Text(HAND_FOOTER).render(lang))


def journal(
    view: dict[str, Any], narrator: Narrator, lang: str, index: int = 0, report: dict[str, Any] | None = None
) -> Screen:
    """Every face this seat has seen, newest first, with the leg (its window, rules 7.2) and from whom.

    With the assist `report` (kiosk/games/mystery_express/deduction.py), a face the seat can already
    rule out says so, and the first item counts what is ruled out.
    """
    entries = list(reversed(view["you"]["journal"]))
    title = Text(N_("Seen")).render(lang)
    if not entries:
        return Screen(title, (Item(Text(N_("Nothing yet")).render(lang)),))
    items = [
        Item(narrator.face(e["face"]).render(lang), category_of(e["face"]),
             _when(view, narrator, e, _ruled_out(report, e["face"])).render(lang))
        for e in entries
    ]
    if report is not None:
        out = sum(1 for entry in report.values() if entry["status"] == "ruled_out")
        summary = Text(N_("Ruled out: {out} of {all}"), {"out": out, "all": len(report)}).render(lang)
        items.insert(0, Item(summary))
    return Screen(title, tuple(items), index % len(items))


def _when(view: dict[str, Any], narrator: Narrator, entry: dict[str, Any], ruled_out: bool) -> Text:
    """How and from whom, and the window: the leg, or the arrival whose sightings belong to the next
    leg (7.2); a card of the seat's own deal was "dealt at the start"."""
    if entry["from"] == "deal":
        return Text(DEALT_OUT if ruled_out else DEALT)
    mine = entry["from"] == view["you"]["seat"]  # a card the seat revealed itself (Lounge Car, sudden revelation)
    if "arriving" in entry:  # the tunnel, the sudden revelation: whose card, the city is the rest
        source = Text(YOURS) if mine else _source(narrator, entry["from"])
        params: dict[str, Any] = {"source": source, "city": Text(view["itinerary"][entry["arriving"]]["city"])}
        arriving = N_("ruled out · {source}, arriving in {city}") if ruled_out else N_("{source}, arriving in {city}")
        return Text(arriving, params)
    params = {"source": Text(BY_YOU) if mine and entry["how"] == "revealed" else _seen(narrator, entry), "leg": entry["leg"]}
    return Text(N_("ruled out · {source}, leg {leg}") if ruled_out else N_("{source}, leg {leg}"), params)


def _seen(narrator: Narrator, entry: dict[str, Any]) -> Text:
    """How a card of the journal was seen, and from whom or where ("shown by Doctor Strauss")."""
    source = entry["from"]
    if isinstance(source, int):
        how = HOW.get(entry["how"])
        return Text(how, {"source": narrator.seat(source)}) if how is not None else narrator.seat(source)
    return Text(TAKEN.get(str(source), TAKEN["conductor"]))


def asking(prompt: Prompt, view: dict[str, Any], narrator: Narrator, lang: str) -> str:
    """Who asks this of the seat and for what, when it is another player ("" otherwise)."""
    template, asker = ASKED.get(prompt.kind), view.get("active")
    if template is None or not isinstance(asker, int) or asker == view["you"]["seat"]:
        return ""
    category = prompt.data.get("category") or view["step"].get("category")
    named = Text(A_CATEGORY.get(category, A_CARD))  # the Passenger Car may pass any card (an option)
    return Text(template, {"seat": narrator.seat(asker), "category": named}).render(lang)


def _ruled_out(report: dict[str, Any] | None, face: str) -> bool:
    return report is not None and report.get(face, {}).get("status") == "ruled_out"


def menu(prompt: Prompt, view: dict[str, Any], narrator: Narrator, lang: str,
         report: dict[str, Any] | None = None) -> Menu:
    """The prompt's choices worth making: a turn by car (first the car, then what to do there),
    a long list of cards by category, each with its cost where it has one; in a telegram or the final
    answers, each element the seat has seen (or, with the assist `report`, can rule out) marked."""
    offered = worth_offering(prompt, view)
    title = seat_title(prompt, narrator, lang)
    if prompt.kind == "turn":
        entries = grouped(_turn_leaves(prompt, view, offered, narrator, lang),
                          lambda car, below: _car_item(str(car), below, view, narrator, lang))
    elif prompt.kind == "tunnel" and len(offered) > LONG:  # whose row, then which card of it
        leaves = ((a.args[0], Entry(Item(Text(N_("Card {position}"), {"position": a.args[1] + 1}).render(lang),
                                         _back(a, view)), a))
                  for a in offered)
        entries = grouped(leaves, lambda owner, below: _row_item(int(owner), below, narrator, lang))
    elif prompt.kind == "conductor_space":
        entries = tuple(Entry(_space_item(a, view, narrator, lang), a) for a in offered)
    else:
        seen = _seen_faces(view) if prompt.kind in FORMS else set()
        items = [Entry(Item(narrator.label(a).render(lang), narrator.mark(a) or _back(a, view),
                            _detail(a, prompt, narrator, lang) or _seen_mark(a, prompt, seen, report, lang)), a)
                 for a in offered]
        marks = {narrator.mark(a) for a in offered}
        if prompt.kind == "dining_guests":  # invite one by one, then Done (a multi-select)
            entries = _guests(offered, items, lang)
        elif prompt.kind.endswith("_confirm"):  # a telegram or the final answers: "Send" shows what it sends
            entries = tuple(_sending(e, prompt, narrator, lang) if e.action is not None and e.action.kind == "submit"
                            else e for e in items)
        elif len(items) > LONG and len(marks) > 1:  # category, then card
            entries = grouped(((narrator.mark(a), e) for a, e in zip(offered, items)),
                              lambda mark, below: Item(Text(CATEGORY_NAMES[str(mark)]).render(lang), str(mark)))
        else:
            entries = tuple(items)
    return Menu(title, entries, footer=Text(HINT).render(lang), asking=asking(prompt, view, narrator, lang))


# A telegram's or the final answers' element the seat has seen a copy of (dealt to it, shown, given or
# revealed to it: its own journal, rules 10) says so, on that seat's screen only. One copy seen rules
# nothing out (rules 7.2: the solution's element has its other copy in play), so the mark says "seen",
# never "not it"; with the assist, an element the seat can already rule out says that instead.
FORMS = ("telegram", "final")
SEEN_MARK = N_("✓ seen")
RULED_OUT_MARK = N_("ruled out")
SPECIALTY = N_("Specialty: {category}")  # under a detective to choose (its category alone where this is too long)
DINE_COST = N_("Dine: costs {hours} h")  # under the Dining Car's "Done": what finishing the invitations costs
SEND_FOOTER = N_("● send · ▶ redo")  # under what a telegram or the final answers will send


def _sending(entry: Entry, prompt: Prompt, narrator: Narrator, lang: str) -> Entry:
    """"Send" on a telegram or the final answers, as a page that reads what will be sent, one entry per
    category ("—" for one left blank), so the seat confirms what it sees, with "Start again" beside it."""
    faces = [narrator.face(face).render(lang) if face is not None else "—"
             for face in (prompt.data["entries"].get(c) for c in CATEGORY_NAMES)]
    lines = paragraph(", ".join(faces), LINE_WIDTH)
    summary = tuple(lines[:PAGE_LINES])
    return replace(entry, item=replace(entry.item, detail=", ".join(faces), lines=summary),
                   footer=Text(SEND_FOOTER).render(lang) if len(summary) < PAGE_LINES else "")


def seat_title(prompt: Prompt, narrator: Narrator, lang: str) -> str:
    """The prompt's question as the table asks it, or in fewer words where that is too long for the
    seat's title bar ("Chat with the Conductor" would read "Chat with the Co…")."""
    title = narrator.title(prompt).render(lang)
    if title_fits(title) or prompt.kind not in SHORT_TITLES:
        return title
    category = prompt.data.get("category")
    params = {"category": Text(CATEGORY_NAMES[category])} if category in CATEGORY_NAMES else {}
    short = Text(SHORT_TITLES[prompt.kind], params).render(lang)
    if title_fits(short) or not params:
        return short
    return params["category"].render(lang)  # a form's long category ("Modus operandi") says enough alone


def _space_item(action: Action, view: dict[str, Any], narrator: Narrator, lang: str) -> Item:
    """One of the Conductor's spaces, by the category of the back lying there (public), or "Do not chat"."""
    if action.kind != "space":
        return Item(narrator.label(action).render(lang))
    space = action.args[0]
    category = view["conductor_spaces"][space]
    words = Text(SPACE, {"space": space + 1, "category": Text(CATEGORY_NAMES[category])})
    return Item(words.render(lang), category, Text(SPACE_DETAIL).render(lang))


def _guests(offered: list[Action], items: list[Entry], lang: str) -> tuple[Entry, ...]:
    """The Dining Car's guests to toggle, "Back", and "Done" last, where the cursor lands after each pick."""
    picks = [e for a, e in zip(offered, items) if a.kind != "confirm"]
    done = next((e for a, e in zip(offered, items) if a.kind == "confirm"), None)
    if done is None:  # nobody invited yet: nothing to finish
        return tuple(picks)
    return multi_select(picks, done, Text(PICK_FOOTER).render(lang), Text(DONE_FOOTER).render(lang))


def _detail(action: Action, prompt: Prompt, narrator: Narrator, lang: str) -> str:
    """Under a guest of the Dining Car, whether they are invited; under "Done", the hours it costs;
    under a card given back from the Smoking Car or passed in the Passenger Car, to whom."""
    if prompt.kind == "character":  # the explanation says each has a specialty: which one
        named = Text(CATEGORY_NAMES[narrator.rules.character(action.args[0]).specialty])
        specialty = Text(SPECIALTY, {"category": named}).render(lang)
        return specialty if text_width(specialty, 12) <= LINE_WIDTH else named.render(lang)
    if prompt.kind in ("smoking_return", "passenger_pass"):  # whose turn it is to get a card back; which neighbour
        return Text(N_("to {to}"), {"to": narrator.seat(prompt.data["to"])}).render(lang)
    if prompt.kind != "dining_guests":
        return ""
    guests = prompt.data.get("guests", [])
    if action.kind == "guest":
        return Text(N_("Invited (● to undo)") if action.args[0] in guests else N_("● to invite")).render(lang)
    if action.kind == "confirm":
        return Text(DINE_COST, {"hours": len(guests) * narrator.rules.costs["dining_per_guest"]}).render(lang)
    return ""


def _seen_faces(view: dict[str, Any]) -> set[str]:
    """The faces this seat has seen a copy of: its hand, its discards and its journal."""
    you = view["you"]
    return {entry["face"] for entry in you["journal"]} | set(you["hand"]) | set(you["discard"])


def _seen_mark(action: Action, prompt: Prompt, seen: set[str], report: dict[str, Any] | None,
               lang: str) -> str:
    """Under an element of a telegram or the final answers: "ruled out" where the assist can rule it
    out, "✓ seen" where this seat has seen a copy of it (`seen`), else nothing."""
    if prompt.kind not in FORMS or action.kind != "entry" or action.args[1] is None:
        return ""
    face = action.args[1]
    if _ruled_out(report, face):
        return Text(RULED_OUT_MARK).render(lang)
    return Text(SEEN_MARK).render(lang) if face in seen else ""


def _back(action: Action, view: dict[str, Any]) -> str | None:
    """The category of the back at a tunnel position (public: every row lies face down on the table),
    marked beside it as the board shows it; None for any other choice."""
    if action.kind != "peek":
        return None
    row = view.get("step", {}).get("rows", {}).get(str(action.args[0]), [])
    return row[action.args[1]] if action.args[1] < len(row) else None


def _row_item(owner: int, below: tuple[Entry, ...], narrator: Narrator, lang: str) -> Item:
    """A row of face-down cards in the tunnel: whose it is (a row of one card is that card itself)."""
    if len(below) == 1 and below[0].action is not None:
        return Item(narrator.label(below[0].action).render(lang))
    return Item(narrator.seat(owner).render(lang))


def _car(action: Action) -> str | None:
    if action.kind == "move":
        return str(action.args[0])
    return CAR_OF.get(action.kind)


def _turn_item(action: Action, narrator: Narrator, lang: str) -> Item:
    if action.kind == "move":
        return Item(Text(N_("Just walk there")).render(lang), None, Text(FREE).render(lang))  # under its car
    cost = narrator.cost(action)
    return Item(narrator.label(action).render(lang), None, cost.render(lang) if cost else "")


def _turn_leaves(prompt: Prompt, view: dict[str, Any], offered: list[Action], narrator: Narrator,
                 lang: str) -> list[tuple[str | None, Entry]]:
    """A turn's choices keyed by car, the cars in the train's order: a car that offers nothing now
    stands in its place all the same, saying why (the Club Car before anyone has a discard and before
    the passengers board), then the choices done nowhere (a power, ending the turn)."""
    leaves: list[tuple[str | None, Entry]] = []
    spent = prompt.data.get("hours") == 0  # no hours left (a free power to use): no car offers anything, plainly
    for car in narrator.rules.cars:
        here = [(car, Entry(_turn_item(a, narrator, lang), a)) for a in offered if _car(a) == car]
        leaves += here or ([] if spent else _not_now(car, prompt, view, narrator, lang))
    return leaves + [(None, Entry(_turn_item(a, narrator, lang), a)) for a in offered if _car(a) is None]


def _not_now(car: str, prompt: Prompt, view: dict[str, Any], narrator: Narrator,
             lang: str) -> list[tuple[str | None, Entry]]:
    """A car none of whose actions can be started now, as a page to read: its name, whether the
    Conductor stands there, and why not (nothing there is a choice: ● turns to the next entry)."""
    reasons = [why for kind in CAR_OF if CAR_OF[kind] == car for why in [why_not(kind, prompt, view)] if why]
    if not reasons:
        return []
    short = list(dict.fromkeys(Text(SHORT_REASONS.get(why, why)).render(lang) for why in reasons))
    lines = [Text(narrator.rules.cars[car]).render(lang)]
    if view.get("conductor_car") == car:
        lines.append(Text(CONDUCTOR_ALONE).render(lang))
    return [(None, not_now(lines, short, lang))]


def _car_item(car: str, below: tuple[Entry, ...], view: dict[str, Any], narrator: Narrator, lang: str) -> Item:
    """A car at the upper level: its name and what its actions cost (they are named one level down),
    after "Conductor" in the car where he stands (an action there brings a chat with him)."""
    costs = [narrator.cost(e.action) for e in below if e.action is not None and e.action.kind != "move"]
    detail = " · ".join(cost.render(lang) for cost in costs if cost is not None)
    if view.get("conductor_car") == car:  # on one line with the costs, else alone where they are one level down
        with_costs = Text(CONDUCTOR_HERE, {"costs": detail}).render(lang)
        if text_width(with_costs, 12) <= LINE_WIDTH:
            detail = with_costs
        elif len(below) > 1:
            detail = Text(CONDUCTOR_ALONE).render(lang)
    # No category mark: a car is not a Location card, though the cars share their names (rules 9 #4).
    return Item(Text(narrator.rules.cars[car]).render(lang), None, detail)


def reveal(event: Event, narrator: Narrator, lang: str, seat: int | None = None) -> Screen | None:
    """A private event worth showing large for a moment, as `seat` reads it: a card you were shown,
    a card of yours that went to someone else or was looked at, a Time packet, a part of the Time
    specialist's second look."""
    d = event.data
    if event.kind == "time_packet":
        title = Text(N_("Time cards {round}/{of}"), {"round": d["round"], "of": d["of"]}).render(lang)
        return Screen(title, clocks=tuple(clock(narrator, f) for f in d["cards"]))
    if event.kind == "time_second_look":  # the Time specialist's power (rules 6, the kiosk's own)
        title = Text(N_("Second look {part}/{of}"), {"part": d["part"], "of": d["of"]}).render(lang)
        return Screen(title, clocks=tuple(clock(narrator, f) for f in d["cards"]))
    if event.kind in OWN_CARD_EVENTS and seat is not None and d.get(OWN_SIDE[event.kind]) == seat:
        title, detail = OWN_CARD_EVENTS[event.kind]
        other = {key: narrator.seat(d[key]) for key in ("to", "picker") if isinstance(d.get(key), int)}
        item = Item(narrator.face(d["face"]).render(lang), category_of(d["face"]), Text(detail, other).render(lang))
        return Screen(Text(title).render(lang), (item,), inverted=True)
    template = PRIVATE_CARD_EVENTS.get(event.kind)
    if template is None:
        return None
    params = {"from": _source(narrator, d.get("from")), "owner": _source(narrator, d.get("owner"))}
    detail = Text(template, params).render(lang)
    item = Item(narrator.face(d["face"]).render(lang), category_of(d["face"]), detail)
    return Screen(Text(N_("You see")).render(lang), (item,), inverted=True)


def clock(narrator: Narrator, face: str) -> tuple[int, int]:
    """A Time face as hours and minutes, from its name in rules.toml ("7:05")."""
    hours, _, minutes = narrator.rules.element_names[face].partition(":")
    return int(hours), int(minutes)


def _source(narrator: Narrator, source: int | str | None) -> Text:
    if isinstance(source, int):
        return narrator.seat(source)
    return Text(PLACES.get(str(source), N_("Conductor")))


@dataclass
class MysteryExpressPages:
    """The seat pages of Mystery Express for the seat controller, in one language."""

    narrator: Narrator
    lang: str
    assist: bool = False  # a table option, off by default: the journal marks what can be ruled out
    pages: tuple[str, ...] = ("hand", "journal")
    seen: list[Event] = field(default_factory=list)  # every event this seat may see, for the assist
    echoes: set[Screen] = field(default_factory=set)  # the reveals that only echo the seat's own choice

    def observe(self, events: list[Event]) -> None:
        for event in events:
            self.narrator.learn(event)  # a character chosen names its seat on every screen from now on
        if self.assist:
            self.seen.extend(events)

    def idle(self, view: dict[str, Any]) -> Screen:
        return idle(view, self.narrator, self.lang)

    def page(self, name: str, view: dict[str, Any], index: int) -> Screen:
        if name == "hand":
            return hand(view, self.narrator, self.lang, index)
        report = assist(view, self.seen) if self.assist else None
        return journal(view, self.narrator, self.lang, index, report)

    def menu(self, prompt: Prompt, view: dict[str, Any]) -> Menu:
        report = assist(view, self.seen) if self.assist and prompt.kind in FORMS else None
        return menu(prompt, view, self.narrator, self.lang, report)

    def reveal(self, event: Event, seat: int) -> Screen | None:
        screen = reveal(event, self.narrator, self.lang, seat)
        if screen is not None and event.kind in ECHOES and event.data.get("from") == seat:
            self.echoes.add(screen)
        return screen

    def gives_way(self, screen: Screen) -> bool:
        """Whether a reveal gives way to a prompt of the seat: "You passed" says only what the seat
        chose itself, and the table now waits for it ("show a card to Miss Pemberton")."""
        return screen in self.echoes


def make_pages(narrator: Narrator, lang: str, assist: bool = False) -> MysteryExpressPages:
    return MysteryExpressPages(narrator, lang, assist)
