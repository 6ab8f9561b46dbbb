"""Mystery Express seat screens, drawn from the seat's view, its prompt and its private events only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kiosk.games.base import Event, Prompt
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


def journal(view: dict[str, Any], narrator: Narrator, lang: str, index: int = 0) -> Screen:
    """Every face this seat has seen, newest first, with the leg and from whom."""
    entries = list(reversed(view["you"]["journal"]))
    title = Text(N_("Seen")).render(lang)
    if not entries:
        return Screen(title, (Item(Text(N_("Nothing yet")).render(lang)),))
    items = tuple(
        Item(
            narrator.face(e["face"]).render(lang),
            category_of(e["face"]),
            Text(N_("{source}, leg {leg}"), {"source": _source(narrator, e["from"]), "leg": e["leg"]}).render(lang),
        )
        for e in entries
    )
    return Screen(title, items, index % len(items))


def choice(prompt: Prompt, narrator: Narrator, lang: str, index: int = 0) -> Screen:
    items = tuple(Item(narrator.label(a).render(lang), narrator.mark(a)) for a in prompt.actions)
    return Screen(narrator.title(prompt).render(lang), items, index % len(items), footer=Text(HINT).render(lang))


def reveal(event: Event, narrator: Narrator, lang: str) -> Screen | None:
    """A private event worth showing large for a moment: a card you were shown, a Time packet."""
    d = event.data
    if event.kind == "time_packet":
        title = Text(N_("Time cards {round}/{of}"), {"round": d["round"], "of": d["of"]}).render(lang)
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
    pages: tuple[str, ...] = ("hand", "journal")

    def idle(self, view: dict[str, Any]) -> Screen:
        return idle(view, self.narrator, self.lang)

    def page(self, name: str, view: dict[str, Any], index: int) -> Screen:
        return (hand if name == "hand" else journal)(view, self.narrator, self.lang, index)

    def choice(self, prompt: Prompt, index: int) -> Screen:
        return choice(prompt, self.narrator, self.lang, index)

    def reveal(self, event: Event) -> Screen | None:
        return reveal(event, self.narrator, self.lang)
