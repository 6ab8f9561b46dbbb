"""What ONE seat can rule out from what that seat has seen (rules 7): the bookkeeping of the deducing
bot and of the seat's journal screen in assist mode.

Pure: it reads that seat's view (its seat number, the table size, the removed elements) and the events
visible to that seat, nothing else; an event the seat may not see is ignored.

How it reasons. Every hand element has two copies; the solution element has only one in play. So an
element is ruled out as soon as the seat can prove that two DIFFERENT copies of it exist. Each time
the seat sees a copy it writes a *trace*: the set of places where that very copy may be now. A copy
shown or handed over goes face down on a discard pile (4.2), where nothing can move it until the end
of the leg or a "Get a grip"; every later move of a card of that category (its back is public) from a
place in a trace adds the move's destination to the trace. A new sighting of a card that came from a
place outside some trace of that element is a second copy. This one rule gives, as special cases,
every rule of 7.2: the same element twice in one leg; not after "Get a grip" (the discard pile is
back in hand); not for a card the seat gave away itself (its trace follows it); once in the seat's
own hand and once elsewhere; the sudden revelation (a revealed copy is out of play for good); and
"knowing where both copies are" across legs (a copy that stays put in someone's hand). Holding both
copies at once, and the 3-4 player removal, are ruled out directly. Time (7.3): in one reveal of the
23 Time cards, a clock seen three times is not the time of the crime.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kiosk.games.base import Event
from kiosk.games.mystery_express.rules import HAND_CATEGORIES, TIME, Rules, category_of, load_rules
from kiosk.i18n import N_, Text

Place = tuple[str, int]  # ("hand", seat), ("discard", seat), ("conductor", 0), ("stack", 1 | 2), ("out", 0)
CONDUCTOR: Place = ("conductor", 0)
OUT: Place = ("out", 0)

# Why an element is ruled out (the assist screen words each reason).
REMOVED = "removed"  # 3-4 players: both copies left the game, publicly (2.1)
BOTH_MINE = "both_mine"  # the seat holds both copies (7.2)
SAME_LEG = "same_leg"  # two copies seen within one leg (7.2)
HELD = "held"  # the seat holds one copy and saw another elsewhere (7.2)
REVEALED = "revealed"  # one copy is out of play since the sudden revelation, another was seen (7.2)
TRACKED = "tracked"  # two copies seen in different legs, but one could not have moved to the other
TIME_COUNT = "time_count"  # seen three times in one Time reveal (7.3)

# What the journal screen says about each reason (rendered in the seat's language later).
REASON_TEXT: dict[str, str] = {
    REMOVED: N_("Out of the game: with fewer than five players both copies were removed."),
    BOTH_MINE: N_("You hold both copies."),
    HELD: N_("You hold one copy and saw the other."),
    SAME_LEG: N_("You saw both copies in the same leg."),
    REVEALED: N_("One copy was revealed in the sudden revelation and you saw the other."),
    TRACKED: N_("You saw two copies: the first could not have moved to where you saw the second."),
    TIME_COUNT: N_("You saw this clock three times in one Time reveal."),
}


@dataclass(frozen=True)
class Sighting:
    """One face the seat saw: in which leg's window (0 = the deal; an arrival's sightings belong to the
    next leg, rules 7.2), from whom or where, and how."""

    leg: int
    face: str
    source: int | str  # a seat, or "deal", "conductor", "passenger1", "passenger2", a city (Time)
    how: str

    def as_json(self) -> dict[str, Any]:
        return {"leg": self.leg, "face": self.face, "from": self.source, "how": self.how}


@dataclass(frozen=True)
class Ruling:
    element: str
    reason: str
    evidence: tuple[Sighting, ...] = ()

    def text(self) -> Text:
        return Text(REASON_TEXT[self.reason])

    def as_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "why": REASON_TEXT[self.reason], "evidence": [s.as_json() for s in self.evidence]}


@dataclass
class Trace:
    places: set[Place]
    sighting: Sighting
    epoch: int  # how many legs had ended when the copy was seen
    mine: bool = False  # the seat's own card when it wrote the trace


@dataclass
class Notebook:
    """One seat's deduction sheet, kept up to date event by event.

    `memory`: how many finished legs the seat remembers the whereabouts of copies it saw (None: all).
    Whatever it has ruled out stays ruled out (it is written on the sheet), and it always knows its own
    hand. The assist screen uses the full memory; weaker bots forget.
    """

    seat: int
    seats: int
    removed: frozenset[str] = frozenset()
    memory: int | None = None
    rules: Rules = field(default_factory=load_rules)
    leg: int = 0
    epoch: int = 0
    hand: Counter[str] = field(default_factory=Counter)
    discard: Counter[str] = field(default_factory=Counter)
    traces: dict[str, list[Trace]] = field(default_factory=dict)
    ruled: dict[str, Ruling] = field(default_factory=dict)
    time_counts: list[Counter[str]] = field(default_factory=list)  # one per Time reveal
    _packets: Counter[str] | None = None

    def __post_init__(self) -> None:
        for element in self.removed:
            self.ruled[element] = Ruling(element, REMOVED)

    @classmethod
    def for_view(cls, view: dict[str, Any], memory: int | None = None, rules: Rules | None = None) -> Notebook:
        return cls(
            seat=view["you"]["seat"],
            seats=view["seats"],
            removed=frozenset(view["removed"]),
            memory=memory,
            rules=rules or load_rules(),
        )

    # --- what the seat knows ---------------------------------------------------------------------

    def elements(self, category: str) -> tuple[str, ...]:
        return self.rules.elements[category]

    def open_elements(self, category: str) -> list[str]:
        return [e for e in self.rules.elements[category] if e not in self.ruled]

    def solved(self, category: str) -> str | None:
        left = self.open_elements(category)
        return left[0] if len(left) == 1 else None

    def seen(self, element: str) -> bool:
        """The seat has a copy of the element in mind (in its hand or somewhere it remembers)."""
        return bool(self.traces.get(element)) or self.hand[element] + self.discard[element] > 0

    def would_prove(self, element: str, place: Place) -> bool:
        """Seeing a copy of `element` that comes from `place` would rule it out."""
        if self.hand[element] + self.discard[element] and place not in (("hand", self.seat), ("discard", self.seat)):
            return True
        return any(place not in t.places for t in self.traces.get(element, ()))

    def report(self) -> dict[str, Any]:
        """JSON for the journal screen: per element, open / ruled out (and why) / the solution."""
        result: dict[str, Any] = {}
        for category in HAND_CATEGORIES + (TIME,):
            only = self.solved(category)
            for element in self.rules.elements[category]:
                ruling = self.ruled.get(element)
                if ruling is not None:
                    result[element] = {"status": "ruled_out", **ruling.as_json()}
                else:
                    result[element] = {"status": "solution" if element == only else "open", "seen": self.seen(element)}
        return result

    # --- reading events --------------------------------------------------------------------------

    def observe_all(self, events: Iterable[Event]) -> None:
        for event in events:
            self.observe(event)

    def observe(self, event: Event) -> None:
        if not event.visible_to(self.seat):
            return  # the seat may not see it: it must change nothing
        handler = getattr(self, "_on_" + event.kind, None)
        if handler is not None:
            handler(event.data)

    def _on_leg_start(self, d: dict[str, Any]) -> None:
        self.leg = d["leg"]

    def _on_dealt(self, d: dict[str, Any]) -> None:
        if d["seat"] != self.seat:
            return
        for face in d["hand"]:
            self.hand[face] += 1
            self._own_pair(face, Sighting(0, face, "deal", "dealt"))
            self._add(face, {("hand", self.seat)}, Sighting(0, face, "deal", "dealt"), mine=True)

    def _on_card_shown(self, d: dict[str, Any]) -> None:
        owner = d["from"]
        self._see(d["face"], ("hand", owner), ("discard", owner), owner, "shown")

    def _on_lounge(self, d: dict[str, Any]) -> None:
        for reveal in d["reveals"]:
            owner = reveal["seat"]
            self._see(reveal["face"], ("hand", owner), ("discard", owner), owner, "revealed")

    def _on_card_passed(self, d: dict[str, Any]) -> None:
        self._see(d["face"], ("hand", d["from"]), ("discard", d["to"]), d["from"], "received")

    _on_card_given = _on_card_passed

    def _on_card_stolen(self, d: dict[str, Any]) -> None:
        self._see(d["face"], ("hand", d["from"]), ("discard", d["to"]), d["from"], "stolen")

    def _on_card_taken(self, d: dict[str, Any]) -> None:
        source = d["from"]
        place = CONDUCTOR if source == "conductor" else ("stack", int(source[-1]))
        self._see(d["face"], place, ("discard", d["seat"]), source, "taken")

    def _on_card_left(self, d: dict[str, Any]) -> None:
        self._see(d["face"], ("hand", self.seat), CONDUCTOR, self.seat, "left")

    def _on_tunnel_peek(self, d: dict[str, Any]) -> None:
        if d["picker"] == self.seat:
            owner = d["owner"]
            self._see(d["face"], ("hand", owner), ("hand", owner), owner, "tunnel")

    def _on_sudden_revelation(self, d: dict[str, Any]) -> None:
        for reveal in d["reveals"]:
            self._see(reveal["face"], ("hand", reveal["seat"]), OUT, reveal["seat"], "revealed")

    # Moves whose face this seat did not see: only the category (the back) is public.

    def _on_dining(self, d: dict[str, Any]) -> None:
        if d["seat"] != self.seat:
            for guest in d["guests"]:
                if guest != self.seat:
                    self._move(d["category"], ("hand", guest), ("discard", guest))

    def _on_power(self, d: dict[str, Any]) -> None:
        if self.seat not in (d["seat"], d["target"]):
            self._move(d["category"], ("hand", d["target"]), ("discard", d["target"]))

    def _on_passenger(self, d: dict[str, Any]) -> None:
        for p in d["passes"]:
            if self.seat not in (p["from"], p["to"]):
                self._move(p["category"], ("hand", p["from"]), ("discard", p["to"]))

    def _on_smoking(self, d: dict[str, Any]) -> None:
        if d["seat"] != self.seat:
            for giver in d["givers"]:
                if giver != self.seat:
                    self._move(d["category"], ("hand", giver), ("discard", d["seat"]))

    def _on_smoking_return(self, d: dict[str, Any]) -> None:
        if d["seat"] != self.seat:
            for r in d["returns"]:
                if r["to"] != self.seat:
                    self._move(r["category"], ("hand", d["seat"]), ("discard", r["to"]))

    def _on_sleeping_steal(self, d: dict[str, Any]) -> None:
        if self.seat not in (d["seat"], d["target"]):
            self._move(d["category"], ("hand", d["target"]), ("discard", d["seat"]))

    def _on_madam(self, d: dict[str, Any]) -> None:
        if d["seat"] != self.seat:
            self._move(d["category"], ("stack", d["stack"]), ("discard", d["seat"]))

    def _on_conductor_chat(self, d: dict[str, Any]) -> None:
        if d["seat"] != self.seat:
            self._move(None, CONDUCTOR, ("discard", d["seat"]))  # the taken card's category is not in the event
            self._move(d["left_category"], ("hand", d["seat"]), CONDUCTOR)

    def _on_grip(self, d: dict[str, Any]) -> None:
        target, category = d["target"], d["category"]
        self._relabel({("discard", target): ("hand", target)}, category)
        if target == self.seat:
            for face in [f for f in self.discard if category_of(f) == category]:
                self.hand[face] += self.discard.pop(face)

    def _on_discards_returned(self, d: dict[str, Any]) -> None:
        self.leg += 1  # arrival events already belong to the next leg's window (rules 7.2, clarified)
        self._relabel({("discard", s): ("hand", s) for s in range(self.seats)}, None)
        self.hand.update(self.discard)
        self.discard.clear()
        self.epoch += 1
        if self.memory is not None:
            self._forget()

    # Time (7.3): a reveal shows all 23 Time cards; a clock seen three times is not the answer.

    def _on_time_reveal(self, d: dict[str, Any]) -> None:
        if "sequence" in d:
            self._time_reveal(d["sequence"], d["city"])
        else:  # Wien: the faces come packet by packet
            self._packets = Counter()

    def _on_time_packet(self, d: dict[str, Any]) -> None:
        if self._packets is None:
            self._packets = Counter()
        self._packets.update(d["cards"])
        if d["round"] == d["of"]:
            counts, self._packets = self._packets, None
            self._time_reveal(list(counts.elements()), d["city"])

    def _time_reveal(self, faces: list[str], city: str) -> None:
        counts = Counter(faces)
        self.time_counts.append(counts)
        for face, seen in counts.items():
            if seen >= self.rules.copies[TIME] and face not in self.ruled:
                self.ruled[face] = Ruling(face, TIME_COUNT, (Sighting(self.leg, face, city, "time"),))

    # --- the reasoning -----------------------------------------------------------------------------

    def _see(self, face: str, source: Place, dest: Place, who: int | str, how: str) -> None:
        """The seat saw a copy of `face` that was at `source` and now lies at `dest`."""
        sighting = Sighting(self.leg, face, who, how)
        traces = self.traces.setdefault(face, [])
        mine_from = source[0] in ("hand", "discard") and source[1] == self.seat
        mine_to = dest[0] in ("hand", "discard") and dest[1] == self.seat
        if mine_to and not mine_from and self.hand[face] + self.discard[face]:
            self._own_pair(face, sighting, 1)  # a second copy comes to the seat
        if face not in self.ruled:
            other = next((t for t in traces if source not in t.places), None)
            if other is not None:
                self._rule_two(face, other, sighting, dest)
        for t in traces:
            if source in t.places:
                t.places.add(dest)  # it may be this very copy that moved
        if mine_from:
            (self.hand if source[0] == "hand" else self.discard)[face] -= 1
            self._clean_counts()
        if mine_to:
            (self.hand if dest[0] == "hand" else self.discard)[face] += 1
            self._own_pair(face, sighting)
        self._add(face, {dest}, sighting, mine=mine_to)
        if mine_from:
            self._prune_mine(face)

    def _rule_two(self, face: str, other: Trace, sighting: Sighting, dest: Place) -> None:
        first = other.sighting
        if OUT in other.places or dest == OUT:
            reason = REVEALED
        elif other.mine and other.places & {("hand", self.seat), ("discard", self.seat)}:
            reason = HELD
        elif other.epoch == self.epoch:
            reason = SAME_LEG
        else:
            reason = TRACKED
        self.ruled[face] = Ruling(face, reason, (first, sighting))

    def _own_pair(self, face: str, sighting: Sighting, coming: int = 0) -> None:
        if self.hand[face] + self.discard[face] + coming >= 2 and face not in self.ruled:
            self.ruled[face] = Ruling(face, BOTH_MINE, (sighting,))

    def _add(self, face: str, places: set[Place], sighting: Sighting, mine: bool = False) -> None:
        traces = self.traces.setdefault(face, [])
        new = Trace(set(places), sighting, self.epoch, mine)
        # A trace that holds all the places of another tells nothing more: keep the narrowest.
        if any(t.places <= new.places for t in traces):
            return
        traces[:] = [t for t in traces if not new.places <= t.places] + [new]

    def _prune_mine(self, face: str) -> None:
        """The seat knows its own hand: a copy it does not hold is not with it."""
        gone = set()
        if self.hand[face] <= 0:
            gone.add(("hand", self.seat))
        if self.discard[face] <= 0:
            gone.add(("discard", self.seat))
        if not gone:
            return
        kept = []
        for t in self.traces.get(face, []):
            t.places -= gone
            if t.places:
                kept.append(t)
        self.traces[face] = []
        for t in kept:
            self._add_trace(face, t)

    def _add_trace(self, face: str, trace: Trace) -> None:
        traces = self.traces[face]
        if any(t.places <= trace.places for t in traces):
            return
        traces[:] = [t for t in traces if not trace.places <= t.places] + [trace]

    def _clean_counts(self) -> None:
        for counter in (self.hand, self.discard):
            for face in [f for f, n in counter.items() if n <= 0]:
                del counter[face]

    def _move(self, category: str | None, source: Place, dest: Place) -> None:
        """A card of `category` (None: any) the seat did not see moved from `source` to `dest`."""
        for face, traces in self.traces.items():
            if category is not None and category_of(face) != category:
                continue
            for t in traces:
                if source in t.places:
                    t.places.add(dest)

    def _relabel(self, mapping: dict[Place, Place], category: str | None) -> None:
        for face, traces in self.traces.items():
            if category is not None and category_of(face) != category:
                continue
            for t in traces:
                if mapping.keys() & t.places:
                    t.places = {mapping.get(p, p) for p in t.places}

    def _forget(self) -> None:
        """Drop the traces older than the memory; the seat's own cards it always knows."""
        assert self.memory is not None
        oldest = self.epoch - self.memory
        for face in list(self.traces):
            # Revealed copies lie face up beside the board for the rest of the game: nobody forgets them.
            kept = [t for t in self.traces[face] if (t.epoch >= oldest or OUT in t.places) and not t.mine]
            self.traces[face] = []
            if self.hand[face]:
                self._add_trace(face, Trace({("hand", self.seat)}, Sighting(self.leg, face, self.seat, "held"), self.epoch, True))
            for t in kept:
                self._add_trace(face, t)


def deduce(view: dict[str, Any], events: Iterable[Event], memory: int | None = None) -> Notebook:
    """The notebook of the seat whose view this is, after the events it has seen (others are ignored)."""
    notebook = Notebook.for_view(view, memory)
    notebook.observe_all(events)
    return notebook


def assist(view: dict[str, Any], events: Iterable[Event]) -> dict[str, Any]:
    """What the seat's journal screen marks in assist mode: per element, its status and why."""
    return deduce(view, events).report()
