"""Mystery Express seat screens, drawn from the seat's view, its prompt and its private events only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kiosk.games.base import Event, Prompt
from kiosk.games.mystery_express.deduction import assist
from kiosk.games.mystery_express.narrate import Narrator
from kiosk.games.mystery_express.rules import HAND_CATEGORIES, category_of
from kiosk.i18n import N_, Text
from kiosk.seats.screen import Item, Screen

HINT = N_("◀ ▶ browse · ● choose")
PRIVATE_CARD_EVENTS = {
    "card_shown": N_("Shown by {from}"),
    "card_passed": N_("Passed by {from}"),
    "card_given": N_("Given by {from}"),
    "card_stolen": N_("Taken from {from}"),
    "card_taken": N_("From the {from}"),
    "tunnel_peek": N_("In the row of {owner}"),
}
PLACES = {"conductor": N_("Conductor"), "passenger1": N_("1st passengers"), "passenger2": N_("2nd passengers")}


def idle(view: dict[str, Any], narrator: Narrator, lang: str) -> Screen:
    """Who you are, your cards by category, your hours when it is your turn."""
    seat = view["you"]["seat"]
    counts = view["players"][seat]["hand"]
    name = narrator.seat(seat).render(lang)
    if view.get("active") == seat and view.get("hours") is not None:
        title = Text(N_("{seat}: {hours} h left"), {"seat": name, "hours": view["hours"]}).render(lang)
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
    return Screen(title, items, index % len(items), footer=Text(HINT).render(lang))


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
    """From whom, and the window: the leg, or the arrival whose sightings belong to the next leg (7.2)."""
    params: dict[str, Any] = {"source": _source(narrator, entry["from"]), "leg": entry["leg"]}
    if "arriving" in entry:
        params["city"] = Text(view["itinerary"][entry["arriving"]]["city"])
        arriving = N_("ruled out · {source}, arriving in {city}") if ruled_out else N_("{source}, arriving in {city}")
        return Text(arriving, params)
    return Text(N_("ruled out · {source}, leg {leg}") if ruled_out else N_("{source}, leg {leg}"), params)


def _ruled_out(report: dict[str, Any] | None, face: str) -> bool:
    return report is not None and report.get(face, {}).get("status") == "ruled_out"


def choice(prompt: Prompt, narrator: Narrator, lang: str, index: int = 0) -> Screen:
    items = tuple(Item(narrator.label(a).render(lang), narrator.mark(a)) for a in prompt.actions)
    return Screen(narrator.title(prompt).render(lang), items, index % len(items), footer=Text(HINT).render(lang))


def reveal(event: Event, narrator: Narrator, lang: str) -> Screen | None:
    """A private event worth showing large for a moment: a card you were shown, a Time packet, a part
    of the Time specialist's second look."""
    d = event.data
    if event.kind == "time_packet":
        title = Text(N_("Time cards {round}/{of}"), {"round": d["round"], "of": d["of"]}).render(lang)
        return Screen(title, clocks=tuple(clock(narrator, f) for f in d["cards"]))
    if event.kind == "time_second_look":  # the Time specialist's power (rules 6, the kiosk's own)
        title = Text(N_("Second look {part}/{of}"), {"part": d["part"], "of": d["of"]}).render(lang)
        return Screen(title, clocks=tuple(clock(narrator, f) for f in d["cards"]))
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
    if source == "deal":
        return Text(N_("dealt"))
    return Text(PLACES.get(str(source), N_("Conductor")))


@dataclass
class MysteryExpressPages:
    """The seat pages of Mystery Express for the seat controller, in one language."""

    narrator: Narrator
    lang: str
    assist: bool = False  # a table option, off by default: the journal marks what can be ruled out
    pages: tuple[str, ...] = ("hand", "journal")
    seen: list[Event] = field(default_factory=list)  # every event this seat may see, for the assist

    def observe(self, events: list[Event]) -> None:
        if self.assist:
            self.seen.extend(events)

    def idle(self, view: dict[str, Any]) -> Screen:
        return idle(view, self.narrator, self.lang)

    def page(self, name: str, view: dict[str, Any], index: int) -> Screen:
        if name == "hand":
            return hand(view, self.narrator, self.lang, index)
        report = assist(view, self.seen) if self.assist else None
        return journal(view, self.narrator, self.lang, index, report)

    def choice(self, prompt: Prompt, index: int) -> Screen:
        return choice(prompt, self.narrator, self.lang, index)

    def reveal(self, event: Event) -> Screen | None:
        return reveal(event, self.narrator, self.lang)


def make_pages(narrator: Narrator, lang: str, assist: bool = False) -> MysteryExpressPages:
    return MysteryExpressPages(narrator, lang, assist)
