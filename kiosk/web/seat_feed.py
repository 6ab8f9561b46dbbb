"""The referee's side of phone seats: each seat's document, built from the same seat pages the OLED
draws (the controller's view, prompt and reveals, and nothing else), and a phone's choice turned back
into one of the actions those pages offer.

A document holds everything the OLED shows one screen at a time: the idle screen (or "Your move"),
every browsable page whole (hand, journal, ...), the prompt's menu with every choice it offers (each
choice numbered in the order of `Menu.leaves`, with the prompt's `version`, which changes whenever
the choices do), and the reveals covering the OLED now. Reveals and notices are also posted once as
news as they happen, so a phone that was away is shown what it missed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from kiosk.games.base import Action, Prompt
from kiosk.i18n import N_, Text
from kiosk.seats.controller import SeatController
from kiosk.seats.learn import AGAIN as LEARN_AGAIN, TITLE as LEARN_TITLE
from kiosk.seats.menu import BACK, Entry, Menu
from kiosk.seats.screen import Item, Screen
from kiosk.web.hub import PhoneHub
from kiosk.web.inputs import PhoneChoice, PhoneLeft

ACKS_KEPT = 64  # per seat: the answers to the latest requests not carried out, for one sent again

# The page's own words, in the seat's language.
WORDS = {
    "news": N_("Shown to you"),
    "leave": N_("Give the seat back"),
    "leave_sure": N_("Give this seat back? It is then played at the table (its link stops working)."),
    "send": N_("Send"),  # a choice's summary (`confirmed`): sends it
    "back": BACK,  # and returns to the choices with nothing sent
}
# Whose turn it is, at the top of the page: public (the touchscreen says it too).
YOUR_TURN = N_("It is your turn")
SEAT_TURN = N_("It is seat {n}'s turn")
SEATS_TURN = N_("Waiting for seats {first} and {last}")
NOBODY_TURN = N_("Nobody is asked to play now")
CHOICES_CHANGED = N_("The choices changed: look again and choose.")
NOT_ASKED = N_("Nothing is asked of this seat now.")
LEARN_GO = N_("On to the choices")


def on_a_phone(seat: int) -> Screen:
    """The OLED of a seat played on a phone: nothing private (nobody may be sitting there), and how
    to take the seat back."""
    return Screen(Text(N_("Seat {n}"), {"n": seat + 1}).render(), (Item(Text(N_("On a phone")).render()),),
                  footer=Text(N_("press ● to play here")).render())


SCREEN_FIELDS = tuple(f.name for f in fields(Screen))
ITEM_FIELDS = tuple(f.name for f in fields(Item))


def item_json(item: Item) -> dict[str, Any]:
    return {name: getattr(item, name) for name in ITEM_FIELDS}


def screen_json(screen: Screen) -> dict[str, Any]:
    """The screen as JSON-able data: what `dataclasses.asdict` gives, without its deep copy of every
    string (a seat's document is built at every update it may see: most of its cost was asdict's)."""
    found = {name: getattr(screen, name) for name in SCREEN_FIELDS}
    found["items"] = [item_json(item) for item in screen.items]
    return found


def page_json(screen: Screen) -> dict[str, Any]:
    """A page as the phone lists it: every item at once, so a carousel's footer, which speaks of the
    item in view only, is left out (playMC11's phone showed "Companionship" under a whole hand)."""
    return screen_json(replace(screen, footer="") if len(screen.items) > 1 else screen)


def menu_json(menu: Menu, version: int, kind: str) -> dict[str, Any]:
    """The menu with its choices numbered in the order of `menu.leaves()`."""
    count = 0

    def entry(e: Entry) -> dict[str, Any]:
        nonlocal count
        found: dict[str, Any] = {"item": item_json(e.item), "title": e.title, "footer": e.footer}
        if e.action is not None:
            found["choice"] = count
            count += 1
        if e.below:
            found["below"] = [entry(b) for b in e.below]
        if e.confirms:  # one choice behind its summary: a tile or a button like the others, whose tap opens it
            found["confirms"] = True
        return found

    return {"version": version, "kind": kind, "title": menu.title, "asking": menu.asking, "footer": menu.footer,
            "entries": [entry(e) for e in menu.entries]}


def lang_of(controller: SeatController) -> str | None:
    return getattr(controller.ui, "lang", None)


@dataclass
class PhoneSeats:
    """Each seat's document and choices, for the referee (one per game)."""

    hub: PhoneHub
    awaited: tuple[int, ...] = ()  # the seats the table waits for now, set by the referee (public)
    _offered: dict[int, tuple[int, list[Action]]] = field(default_factory=dict)  # seat -> (version, choices)
    _acks: dict[int, dict[str, dict[str, Any]]] = field(default_factory=dict)  # seat -> id -> the latest refusals
    _done: dict[int, dict[str, dict[str, Any]]] = field(default_factory=dict)  # seat -> id -> every choice carried out
    _first: dict[int, Prompt] = field(default_factory=dict)  # seat -> the prompt whose explanation it opens on

    def on_phone(self, seat: int) -> bool:
        """Whether a phone plays this seat now (its OLED then shows only that)."""
        return self.hub.links.joined(seat)

    def publish(self, seat: int, controller: SeatController) -> None:
        """The seat's document, to its phone (nothing is built for a seat no phone plays)."""
        if not self.on_phone(seat):
            return
        self.hub.post_state(seat, self.document(seat, controller))

    def news(self, seat: int, screen: Screen) -> None:
        """A reveal or a notice, the moment the seat is shown it."""
        if self.on_phone(seat):
            self.hub.post_news(seat, {"type": "news", "screen": screen_json(screen)})

    def document(self, seat: int, controller: SeatController) -> dict[str, Any]:
        ui, view, prompt = controller.ui, controller.view, controller.prompt
        # the phone has no ● to press: its choices are open below (playMC11's phone said "press ●")
        status = controller.your_move(buttons=False) if prompt is not None and controller.asked is not None else ui.idle(view)
        menu = controller.table_menu() if prompt is not None else None
        return {
            "type": "seat",
            "seat": seat,
            "lang": lang_of(controller),
            "status": screen_json(status),
            "pages": [{"name": name, "screen": page_json(ui.page(name, view, 0))} for name in ui.pages],
            "prompt": menu_json(menu, self._version(seat, menu.leaves()), prompt.kind) if menu is not None and prompt is not None else None,
            "explain": self.explain(seat, controller) if prompt is not None else None,
            "reveals": [screen_json(s) for s in controller.reveals],
            "turn": self.turn(seat, lang_of(controller)),
            "words": {key: Text(msgid).render(lang_of(controller)) for key, msgid in WORDS.items()},
        }

    def explain(self, seat: int, controller: SeatController) -> dict[str, Any] | None:
        """Learn as you play: the prompt's explanation, `first` while the phone opens on it before the
        choices (the first time this kind comes up at the seat, wherever it is read), else behind "?"."""
        learn, prompt = controller.learn, controller.prompt
        explanation = learn.explanation(prompt.kind) if learn is not None and prompt is not None else None
        if explanation is None or learn is None or prompt is None:
            return None
        first = (self._first.get(seat) == prompt or (controller.mode == "learn" and controller.explaining == prompt.kind)
                 or learn.first(seat, prompt.kind))
        if first:
            self._first[seat] = prompt
        lang = lang_of(controller)
        return {"title": Text(LEARN_TITLE).render(lang), "parts": [Text(part).render(lang) for part in explanation.parts()],
                "first": first, "again": Text(LEARN_AGAIN).render(lang), "go": Text(LEARN_GO).render(lang)}

    def turn(self, seat: int, lang: str | None) -> dict[str, Any]:
        """Whose turn it is, as the top of the page says it: `yours` when the table waits for this
        seat (with others or not)."""
        others = [n + 1 for n in sorted(self.awaited) if n != seat]
        if seat in self.awaited:
            text = Text(YOUR_TURN)
        elif len(others) == 1:
            text = Text(SEAT_TURN, {"n": others[0]})
        elif others:
            text = Text(SEATS_TURN, {"first": ", ".join(map(str, others[:-1])), "last": others[-1]})
        else:
            text = Text(NOBODY_TURN)
        return {"text": text.render(lang), "yours": seat in self.awaited}

    def _version(self, seat: int, leaves: list[Action]) -> int:
        version, offered = self._offered.get(seat, (self.hub.first_version, []))
        if offered != leaves:
            version += 1
            self._offered[seat] = (version, leaves)
        return version

    def chosen(self, event: PhoneChoice, controller: SeatController | None) -> Action | Text:
        """The action a phone chose, or why it cannot be taken (the choices changed since)."""
        if controller is None or controller.prompt is None:
            return Text(NOT_ASKED)
        leaves = controller.table_menu().leaves()
        version = self._version(event.seat, leaves)
        if event.version != version or not 0 <= event.choice < len(leaves):
            return Text(CHOICES_CHANGED)
        return leaves[event.choice]

    def answered(self, event: PhoneChoice | PhoneLeft) -> bool:
        """Whether this request was answered already (sent twice): then it is answered again, the
        same way, and not carried out twice. A choice carried out is remembered for the whole game,
        whatever came between (one per action the seat took: the game bounds them); a refusal only
        among the seat's latest ACKS_KEPT (older, it is judged afresh: nothing of it was done)."""
        ack = self._done.get(event.seat, {}).get(event.id) or self._acks.get(event.seat, {}).get(event.id)
        if ack is not None:
            self.hub.post_reply(event.seat, ack)
        return ack is not None

    def reply(self, event: PhoneChoice | PhoneLeft, refused: Text | None = None) -> None:
        ack: dict[str, Any] = {"type": "ack", "id": event.id, "ok": refused is None}
        if refused is not None:
            ack["text"] = refused.render()
        if refused is None and isinstance(event, PhoneChoice):
            self._done.setdefault(event.seat, {})[event.id] = ack
        else:
            acks = self._acks.setdefault(event.seat, {})
            acks[event.id] = ack
            while len(acks) > ACKS_KEPT:
                del acks[next(iter(acks))]
        self.hub.post_reply(event.seat, ack)
