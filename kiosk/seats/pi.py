"""P.I. seat screens, drawn from the seat's view, its prompt and its private events only.

What a seat holds privately (rules 15): the three case cards it holds (its left neighbour's case),
its notes on its own investigators' markers and, with the hint, what is still possible for its own
case. Everything else on these screens is the seat's own part of the public record (the answers it
received this mini-game), shown here so the player can read it without leaning over the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kiosk.games.base import Action, Event, Prompt
from kiosk.games.pi.deduce import candidates
from kiosk.games.pi.narrate import RESULTS, Narrator
from kiosk.games.pi.rules import KINDS, kind_of
from kiosk.games.phrases import POINTS
from kiosk.i18n import N_, Text, TextList, counted
from kiosk.seats.canvas import ELLIPSIS, TEXT_WIDTH, text_width
from kiosk.seats.learn import LAST_FOOTER
from kiosk.seats.menu import BROWSE_FOOTER, CONFIRM_FOOTER, Entry, Menu, confirmed, grouped
from kiosk.seats.screen import PAGE_LINES, Item, Screen, item_details

HINT = BROWSE_FOOTER
# Under the cards held, walked with ● from the idle screen: ◀ ▶ turn the cards, ● the page ("Learnt").
HELD_FOOTER = N_("◀ ▶ cards · ● Learnt")
# Under the answers learnt and under the markers, as under the cards held: what ◀ ▶ and ● do there (a
# newcomer's "Learnt" and markers pages said nothing of how to move on). One item: ● alone.
JOURNAL_FOOTERS = (N_("◀ ▶ more · ● markers"), N_("● your markers"))
MARKERS_FOOTERS = (N_("◀ ▶ more · ● next"), N_("● next page"))
# Learn as you play: the idle screen says what ● shows there (kiosk/seats/controller.py `pages_hint`).
PAGES_HINT = N_("● your cards, answers")
# One-bit marks of the three kinds of case element (kiosk/seats/canvas.py GLYPHS): a head, a dagger
# for the crime, a house for the location.
MARKS = {"SUSPECT": "SUSPECT", "CRIME": "MODUS_OPERANDI", "LOCATION": "PLACE"}
PROMPT_TITLES = {
    "turn": N_("Your move"),
    "solve_suspect": N_("Accuse: who?"),
    "solve_crime": N_("Accuse: what?"),
    "solve_location": N_("Accuse: where?"),
    "notes": N_("Note a marker"),
}
MARKER_KINDS = {"disc": N_("Disc"), "cube": N_("Cube")}
# A marker's level of the notes: its title, short enough for the title bar beside "1/4".
MARKER_TITLES = {"disc": N_("Disc: which tile?"), "cube": N_("Cube: which tile?")}
# Under the first choice of a turn while a marker of the seat has no note yet: the notes are the last
# entry of the menu, one press back from the first (the menu wraps round).
TO_NOTES = N_("◀ Note a marker")


def mark(element: str | None) -> str | None:
    return MARKS.get(kind_of(element)) if element else None


def you(view: dict[str, Any]) -> dict[str, Any]:
    mine: dict[str, Any] = view["you"]
    return mine


def idle(view: dict[str, Any], narrator: Narrator, lang: str, behind: bool = False) -> Screen:
    """Who you are, your points, the case and round, your investigators left (`behind`: the board
    still shows a case's end, so the end of the game is not told here yet)."""
    seat = you(view)["seat"]
    player = view["players"][seat]
    name = narrator.seat(seat)
    turn = view.get("active") == seat
    title = Text(N_("{seat}: your turn"), {"seat": name}) if turn else name
    if view.get("over") and not behind:
        detail = Text(N_("Final scores"))
    elif player["solved_round"] is not None:
        detail = Text(N_("Solved: round {round}"), {"round": player["solved_round"]})
    else:
        detail = Text(N_("Case {n}/{of}, round {round}"),
                      {"n": view["minigame"], "of": view["minigames"], "round": view["round"]})
    points = Item(counted(*POINTS, player["total"]).render(lang), None, detail.render(lang))
    footer = Text(N_("Investigators: {n}"), {"n": player["investigators_left"]}).render(lang)
    return Screen(title.render(lang), (points,), footer=footer, inverted=turn)


def held(view: dict[str, Any], narrator: Narrator, lang: str, index: int = 0) -> Screen:
    """The three case cards this seat holds: its left neighbour's case, never its own."""
    holding = you(view)["holding"]
    detail = Text(N_("Case of {owner}"), {"owner": narrator.seat(holding["owner"])}).render(lang)
    items = tuple(Item(narrator.name(holding["case"][kind]).render(lang), mark(holding["case"][kind]), detail)
                  for kind in KINDS)
    return Screen(Text(N_("You hold")).render(lang), items, index % len(items), footer=Text(HELD_FOOTER).render(lang))


def held_first(view: dict[str, Any], narrator: Narrator, lang: str) -> Entry:
    """The cards the seat holds as one page of reading, read before its first choice of a case: the
    deal's reveal is gone by then (a trial's first player, reading How to play, never saw it, and on
    one's turn any button opens the choices, not the pages). Its title says whose case they are, so
    never one's own; ● goes on to the choices."""
    holding = you(view)["holding"]
    title = Text(N_("Case of {owner}"), {"owner": narrator.seat(holding["owner"])}).render(lang)
    lines = tuple(narrator.name(holding["case"][kind]).render(lang) for kind in KINDS)
    return Entry(Item(title, lines=lines), footer=Text(LAST_FOOTER).render(lang), title=title)


def journal(view: dict[str, Any], narrator: Narrator, lang: str, index: int = 0,
            hint: dict[str, Any] | None = None) -> Screen:
    """Every answer this seat received in this mini-game, newest first; the hint first when on."""
    seat = you(view)["seat"]
    title = Text(N_("Learnt")).render(lang)
    items = [entry_item(entry, narrator, lang) for entry in reversed(view["history"]) if entry["seat"] == seat]
    if hint is not None:
        counts = {"suspects": len(hint["SUSPECT"]), "crimes": len(hint["CRIME"]), "places": len(hint["LOCATION"])}
        items.insert(0, Item(
            counted("Possible: {count} case", "Possible: {count} cases", hint["count"]).render(lang), None,
            Text(N_("S {suspects} · C {crimes} · L {places}"), counts).render(lang),
        ))
    if not items:
        items = [Item(Text(N_("Nothing yet")).render(lang))]
    return browsed(title, items, index, JOURNAL_FOOTERS, lang)


def browsed(title: str, items: list[Item], index: int, footers: tuple[str, str], lang: str) -> Screen:
    """A page of the seat's own to browse, its footer saying how to move on (`footers`: for several
    items, for one); none under an item that takes the whole page (an accusation's verdict and names)."""
    index %= len(items)
    footer = Text(footers[0] if len(items) > 1 else footers[1]).render(lang)
    return Screen(title, tuple(items), index, footer="" if len(items[index].lines) >= PAGE_LINES else footer)


def entry_item(entry: dict[str, Any], narrator: Narrator, lang: str) -> Item:
    """One answer of the public history, as the seat that received it reads it."""
    if entry["action"] == "investigate":
        counts = Text(N_("Discs {discs} · cubes {cubes}"),
                      {"discs": entry["discs"], "cubes": entry["cubes"]})
        return Item(narrator.name(entry["location"]).render(lang), mark(entry["location"]), counts.render(lang))
    if entry["action"] == "evidence":
        return Item(narrator.name(entry["card"]).render(lang), mark(entry["card"]), Text(RESULTS[entry["result"]]).render(lang))
    # The verdict over the suspect, crime and place, one a line: on two lines under it they were cut
    # short ("Maurice, Corrupción…", playPI21). A phone reads the lines as one text ("Accusation: wrong
    # Maurice, Smuggling, Lakeside"), under no heading of their own: the label is that text, so two
    # answers never run into one.
    names = [narrator.name(entry["guess"][kind]).render(lang) for kind in KINDS]
    lines = (Text(VERDICTS[entry["correct"]]).render(lang), *(f"{name}," for name in names[:-1]), names[-1])
    return Item(" ".join(lines), lines=lines)


VERDICTS = {True: N_("Accusation: correct"), False: N_("Accusation: wrong")}


def markers(view: dict[str, Any], narrator: Narrator, lang: str, index: int = 0) -> Screen:
    """The markers on this seat's investigators, and which tile the seat noted for each."""
    seat = you(view)["seat"]
    notes = you(view)["notes"]
    title = Text(N_("Your markers")).render(lang)
    items = []
    for investigator in view["investigators"]:
        if investigator["seat"] != seat:
            continue
        for marker in investigator["markers"]:
            what = Text(N_("{marker} at {location}"),
                        {"marker": Text(MARKER_KINDS[marker["kind"]]), "location": narrator.name(investigator["location"])})
            noted = notes.get(marker["id"])
            detail = narrator.name(noted) if noted else Text(N_("No note"))
            items.append(Item(what.render(lang), None, detail.render(lang)))
    if not items:
        items = [Item(Text(N_("No markers")).render(lang))]
    return browsed(title, items, index, MARKERS_FOOTERS, lang)


def label(action: Action, narrator: Narrator, places: dict[int, str]) -> tuple[Text, str | None, Text | None]:
    """How a choice reads: its words, its mark, and a detail line saying what choosing it does.

    `places` maps an investigator's number to its location, for the markers of the notes prompt.
    """
    kind, args = action.kind, action.args
    if kind == "investigate":
        return narrator.name(args[0]), mark(args[0]), Text(N_("Send an investigator"))
    if kind == "evidence":
        return narrator.name(args[0]), mark(args[0]), Text(N_("Take this evidence"))
    if kind == "solve":
        return Text(N_("Solve the case")), None, counted("Wrong: -{count} point", "Wrong: -{count} points", narrator.rules.penalty_points)
    if kind == "accuse":
        return narrator.name(args[0]), mark(args[0]), None
    if kind == "back":
        return Text(N_("Take the attempt back")), None, None
    if kind == "note":
        marker, tile = args
        where = places.get(int(str(marker).partition(".")[0]))
        about = (Text(N_("From {location}"), {"location": narrator.name(where)}) if where
                 else Text(N_("Marker {n}"), {"n": marker}))
        if tile is None:
            return Text(N_("Clear the note")), None, about
        return narrator.name(tile), mark(tile), about
    raise ValueError(f"no words for the P.I. action {action!r}")


def menu(prompt: Prompt, view: dict[str, Any], narrator: Narrator, lang: str,
         places: dict[int, str] | None = None) -> Menu:
    """The prompt's choices: a move first by what (investigate, take evidence, solve), then where or
    which card, after the cards held on a case's first turn (`held_first`); a note first by marker, then
    the tile; an accusation under way recalls its first tiles."""
    guess = prompt.data.get("guess") or {}
    so_far = Text(N_("With {so_far}"), {"so_far": TextList(tuple(narrator.name(guess[k]) for k in KINDS if k in guess))})
    leaves = []
    for action in prompt.actions:
        words, glyph, detail = label(action, narrator, places or {})
        if detail is None and guess:
            detail = so_far
        item = Item(words.render(lang), glyph, detail.render(lang) if detail else "")
        # The picks so far read whole ("With Maurice, Smuggl…", playPI21): where they need two lines, the
        # entry gives up its footer (browse · choose, read on the two steps before) for the second.
        footer = "" if detail is so_far and ELLIPSIS in item_details(item, 1)[0] else None
        entry = Entry(item, action, footer=footer)
        if action.kind == "investigate":  # single use for the whole game (rules 6.1): sent from a summary
            entry = dispatch(entry, view["players"][prompt.seat]["investigators_left"], lang)
        leaves.append((_group(action), entry))
    markers = {m["id"]: m["kind"] for i in view.get("investigators", []) for m in i["markers"]}
    notes = view.get("you", {}).get("notes", {})

    def heading(key: Any, below: tuple[Entry, ...]) -> Item:
        words = group_words(key)
        if len(below) == 1:  # the one choice itself, saying what it is about
            return Item(below[0].item.label, below[0].item.mark, words.render(lang))
        if key == "investigate":  # single use for the whole game (rules 6.1): how many are left
            left = view["players"][prompt.seat]["investigators_left"]
            return Item(words.render(lang), GROUPS[key][1], Text(N_("Investigators: {n}"), {"n": left}).render(lang))
        if key in GROUPS:
            return Item(words.render(lang), GROUPS[key][1])
        noted = notes.get(str(key))
        return Item(words.render(lang), None, (narrator.name(noted) if noted else Text(N_("No note"))).render(lang))

    def group_words(key: Any) -> Text:
        if key in GROUPS:
            return Text(GROUPS[key][0])
        marker = str(key)
        where = (places or {}).get(int(marker.partition(".")[0]))
        kind = Text(MARKER_KINDS[markers[marker]]) if marker in markers else Text(N_("Marker {n}"), {"n": marker})
        return Text(N_("{marker} at {location}"), {"marker": kind, "location": narrator.name(where)}) if where else kind

    def group_title(key: Any) -> str:
        if key in GROUPS:
            return Text(GROUP_TITLES.get(key, GROUPS[key][0])).render(lang)
        kind = markers.get(str(key))
        return Text(MARKER_TITLES[kind] if kind in MARKER_TITLES else PROMPT_TITLES["notes"]).render(lang)

    title = Text(PROMPT_TITLES[prompt.kind]).render(lang)
    entries = grouped(leaves, heading, group_title)
    if prompt.kind.startswith("solve_") and len(guess) == len(KINDS) - 1:  # its last tile sends the accusation
        entries = tuple(accusation(e, guess, narrator, lang) if e.action is not None and e.action.kind == "accuse"
                        else e for e in entries)
    if len(entries) == 1 and entries[0].is_group:  # one marker to note: its tiles are the menu, each naming it
        marker, tiles = entries[0].item.label, entries[0].below
        noted = tiles[0].action
        where = (places or {}).get(int(str(noted.args[0]).partition(".")[0])) if noted is not None else None
        place = narrator.name(where).render(lang) if where else ""  # said shortest: the place alone
        entries = tuple(replace(e, item=replace(e.item, detail=one_line(marker, e.item.detail, place or e.item.detail)))
                        for e in tiles)
    if prompt.kind == "turn" and unnoted(view, prompt.seat):  # the answer just received is noted at the end
        entries = (replace(entries[0], footer=Text(TO_NOTES).render(lang)),) + entries[1:]
    elif prompt.kind == "turn" and view.get("round") == 1 and "you" in view:  # a case's first turn: what one holds first
        entries = (held_first(view, narrator, lang),) + entries
    return Menu(title, entries, footer=Text(HINT).render(lang))


def accusation(entry: Entry, guess: dict[str, str], narrator: Narrator, lang: str) -> Entry:
    """The last tile of an accusation behind a summary of the whole of it, its title saying what a
    wrong one costs (rules 8.2): the tiles picked before, then this one."""
    assert entry.action is not None
    tiles = [guess[k] for k in KINDS if k in guess] + [entry.action.args[0]]
    summary = tuple(narrator.name(tile).render(lang) for tile in tiles)
    # What a wrong one costs, too long to stand beside the counter "1/2" (playPI14: "Accuse? Wrong: -2 1/2"
    # read as minus two and a half): the title bar shows it alone.
    title = Text(ACCUSE_TITLE, {"points": narrator.rules.penalty_points})
    return confirmed(entry, title.render(lang), summary, Text(CONFIRM_FOOTER).render(lang))


# Placing an investigator, behind a summary as an accusation is (a newcomer's tap on a place spent one of the
# five for the whole game at once): the title says how many one has, the lines ask, say where, and how many
# are left after it.
DISPATCH_QUESTION = N_("Send an investigator?")
ACCUSE_TITLE = N_("Accuse? If wrong: -{points}")  # the accusation's summary; the board asks it too (kiosk/ui/boards/pi.py)
DISPATCH_LEFT = N_("Left after this: {n}")


def dispatch(entry: Entry, left: int, lang: str) -> Entry:
    """A place to investigate behind a summary of what it sends: the question, the place, how many
    investigators are left after it (rules 6.1: five for the whole game)."""
    summary = (Text(DISPATCH_QUESTION).render(lang), entry.item.label,
               Text(DISPATCH_LEFT, {"n": max(left - 1, 0)}).render(lang))
    title = Text(N_("Investigators: {n}"), {"n": left}).render(lang)
    return confirmed(entry, title, summary, Text(CONFIRM_FOOTER).render(lang))


def one_line(*words: str) -> str:
    """The first of `words` that reads whole on one line of the seat screen ("Cube at Pequeña Italia",
    else "From Pequeña Italia"), else the last."""
    return next((w for w in words if text_width(w, 12) <= TEXT_WIDTH), words[-1])


def unnoted(view: dict[str, Any], seat: int) -> bool:
    """Whether a marker on one of the seat's investigators has no note yet (it has an answer to note)."""
    notes = view.get("you", {}).get("notes", {})
    return any(m["id"] not in notes for i in view.get("investigators", []) if i["seat"] == seat for m in i["markers"])


# The groups of a turn: first what, then where or which card.
GROUPS = {"investigate": (N_("Place an investigator"), "PLACE"), "evidence": (N_("Take evidence"), None)}
GROUP_TITLES = {"investigate": N_("Where to?")}  # a submenu's title: whole beside its counter ("1/15")


def _group(action: Action) -> str | None:
    if action.kind in GROUPS:
        return action.kind
    if action.kind == "note":
        return str(action.args[0])
    return None


# The answer to the seat's own move, held on its screen until a press (kiosk/seats/controller.py `held`):
# what it learnt, or its accusation's verdict, as the "Learnt" page lists it. Its part of the public
# record (rules 15), told on its own seat only.
ANSWERS = {"investigated": "investigate", "evidence": "evidence", "solve_attempt": "solve"}
ANSWER_TITLE = N_("Your answer")
ANSWER_FOOTER = N_("any button: go on")


def own_result(events: list[Event], seat: int, narrator: Narrator, lang: str) -> Screen | None:
    """The answer to `seat`'s own move among a step's events (investigator, evidence, accusation)."""
    for event in events:
        if event.kind in ANSWERS and event.audience is None and event.data.get("seat") == seat:
            if event.kind == "solve_attempt":  # the verdict over the three picks, each whole on its line
                return accusation_answer(event.data, narrator, lang)
            item = entry_item({"action": ANSWERS[event.kind], **event.data}, narrator, lang)
            return Screen(Text(ANSWER_TITLE).render(lang), (item,), footer=Text(ANSWER_FOOTER).render(lang))
    return None


def accusation_answer(data: dict[str, Any], narrator: Narrator, lang: str) -> Screen:
    """The answer to the seat's accusation: the verdict in the title bar, the suspect, crime and place
    under it, one a line (on one line with the verdict under "Your answer" they were cut short:
    "Doc, Police Corrupti…", playPI21)."""
    names = tuple(narrator.name(data["guess"][kind]).render(lang) for kind in KINDS)
    return Screen(Text(VERDICTS[data["correct"]]).render(lang), (Item(names[0], lines=names),),
                  footer=Text(ANSWER_FOOTER).render(lang))


def reveal(event: Event, narrator: Narrator, lang: str) -> Screen | None:
    """The case cards dealt to this seat at the start of a mini-game, large for a moment."""
    if event.kind != "case_dealt":
        return None
    case = event.data["case"]
    title = Text(N_("Case of {owner}"), {"owner": narrator.seat(event.data["owner"])}).render(lang)
    item = Item(narrator.name(case["SUSPECT"]).render(lang), mark(case["SUSPECT"]), narrator.name(case["CRIME"]).render(lang))
    return Screen(title, (item,), footer=narrator.name(case["LOCATION"]).render(lang), inverted=True)


@dataclass
class PIPages:
    """The seat pages of P.I. for the seat controller, in one language."""

    narrator: Narrator
    lang: str
    assist: bool = False  # a table option: the journal opens with what is still possible
    pages_hint: str = PAGES_HINT
    pages: tuple[str, ...] = ("held", "journal", "markers")
    places: dict[int, str] = field(default_factory=dict)  # investigator number -> its location
    behind: bool = False  # the board still shows a case's end: the game's end waits for it (the referee sets this)

    def observe(self, events: list[Event]) -> None:
        for event in events:
            if event.kind == "investigated":
                self.places[event.data["investigator"]] = event.data["location"]

    def idle(self, view: dict[str, Any]) -> Screen:
        return idle(view, self.narrator, self.lang, self.behind)

    def page(self, name: str, view: dict[str, Any], index: int) -> Screen:
        if name == "held":
            return held(view, self.narrator, self.lang, index)
        if name == "markers":
            return markers(view, self.narrator, self.lang, index)
        return journal(view, self.narrator, self.lang, index, self.hint(view))

    def hint(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """The view's hint (the `hint` option), or with assist the same worked out from the view alone."""
        mine = you(view)
        if "hint" in mine:
            found: dict[str, Any] = mine["hint"]
            return found
        if not self.assist or view.get("over") or view["players"][mine["seat"]]["solved_round"] is not None:
            return None
        cases = candidates(self.narrator.rules, view, mine["seat"], mine["holding"]["case"])
        return {"count": len(cases), **{kind: {c[i] for c in cases} for i, kind in enumerate(KINDS)}}

    def menu(self, prompt: Prompt, view: dict[str, Any]) -> Menu:
        return menu(prompt, view, self.narrator, self.lang, self.places)

    def reveal(self, event: Event, seat: int) -> Screen | None:
        return reveal(event, self.narrator, self.lang)  # every private event here is the seat's own

    def own_result(self, events: list[Event], seat: int) -> Screen | None:
        return own_result(events, seat, self.narrator, self.lang)


def make_pages(narrator: Narrator, lang: str, assist: bool = False) -> PIPages:
    return PIPages(narrator, lang, assist)
