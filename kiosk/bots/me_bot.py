"""A Mystery Express bot that deduces, at three levels: easy, normal and hard.

It plays from what its seat may know and nothing else: `choose(view, prompt)` and `observe(events)`
(events already filtered to its seat) are its only inputs; it never holds the game or its state. Its
memory is a `deduction.Notebook`, the same bookkeeping the assist screen uses.

How it plays. Each card it could see is worth what it is likely to add to its final score: seeing,
from place P, a copy of an element still open in category C is worth the rise in the chance of
guessing C right when it rules that element out (it does so if the seat already knows a copy that
could not have come from P), and a fraction of it otherwise (a first sighting that a later one can
complete). It picks the cars, categories and targets worth most within the hours of the leg (hard
plans the whole leg, normal takes the best next action, easy often acts on a whim). When it shows or
hands over a card it prefers one the other seat already knows. Telegram entries only where it is
confident enough that the +1/-1 pays; final answers are its best guesses (a never-seen element is
somewhat likelier the solution than one seen, since the solution has one copy in play, the others two).

Levels: easy forgets where copies were once a leg is over, misses and misreads Time cards often and
plays many actions at random; normal remembers the last finished leg and misses a few Time cards;
hard remembers everything, counts Time perfectly and plans its legs.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kiosk.bots.random_bot import AIMLESS, RandomBot
from kiosk.games.base import Action, Event, Prompt
from kiosk.games.mystery_express.deduction import CONDUCTOR, Notebook, Place
from kiosk.games.mystery_express.rules import HAND_CATEGORIES, TIME, Rules, load_rules
from kiosk.games.mystery_express.turn import CAR_OF  # which car each action is done in (rules data, no state)


@dataclass(frozen=True)
class Level:
    memory: int | None  # finished legs it remembers copies from (None: all)
    time_miss: float  # chance to miss a Time card during a reveal
    time_misread: float  # chance to read a Time card as its upside-down look-alike
    whim: float  # chance to take a random action in its turn
    plans: bool  # plans the whole leg instead of the best next action
    telegram: float  # confidence needed to write a telegram entry (above 1: never; 0: always)
    unseen_weight: float  # how much likelier it thinks a never-seen element is the solution


LEVELS: dict[str, Level] = {
    "easy": Level(memory=0, time_miss=0.3, time_misread=0.1, whim=0.5, plans=False, telegram=0.0, unseen_weight=1.0),
    "normal": Level(memory=1, time_miss=0.08, time_misread=0.02, whim=0.0, plans=False, telegram=0.65, unseen_weight=1.4),
    "hard": Level(memory=None, time_miss=0.0, time_misread=0.0, whim=0.0, plans=True, telegram=0.55, unseen_weight=1.4),
}
# unseen_weight 1.4: over 200 seeded games of hard bots, an element still open at the end was the
# solution 1.3-1.5 times as often when the seat had never seen a copy of it as when it had.
# Share of a sighting's worth when it cannot rule anything out yet (a first copy to complete later).
FIRST_COPY = 0.3
# A card everybody sees (Lounge Car) helps the other detectives too.
PUBLIC_DISCOUNT = 0.6


class DeducingBot:
    def __init__(self, seat: int, seed: int, difficulty: str = "hard", rules: Rules | None = None) -> None:
        if difficulty not in LEVELS:
            raise ValueError(f"difficulty must be one of {', '.join(LEVELS)}, got {difficulty!r}")
        self.seat = seat
        self.difficulty = difficulty
        self.level = LEVELS[difficulty]
        self.rules = rules or load_rules()
        self.rng = random.Random(f"deducing-bot:{difficulty}:{seed}:{seat}")
        self.book: Notebook | None = None
        self.pending: list[Event] = []  # events heard before the first view (the notebook needs it)
        self.plan: dict[str, Any] = {}
        self.known_by: dict[int | None, set[str]] = {}  # faces a seat (None: everybody) knows I had
        self.chatted = False

    # --- the interface: views, prompts and visible events only ------------------------------------

    def observe(self, events: list[Event]) -> None:
        for event in events:
            if not event.visible_to(self.seat):
                continue  # play() filters already; a bot never keeps what its seat may not see
            event = self._perceive(event)
            self._remember_shown(event)
            if event.kind == "turn_start" and event.data["seat"] == self.seat:
                self.chatted, self.plan = False, {}
            if self.book is None:
                self.pending.append(event)
            else:
                self.book.observe(event)

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        if prompt.seat != self.seat or view.get("you", {}).get("seat") != self.seat:
            raise ValueError(f"the bot of seat {self.seat} answers its own prompts from its own seat's view only")
        if self.book is None:
            self.book = Notebook.for_view(view, self.level.memory, self.rules)
            self.book.observe_all(self.pending)
            self.pending = []
        handler = getattr(self, "_" + prompt.kind, None)
        action = handler(view, prompt) if handler is not None else None
        if action is None or action not in prompt.actions:
            purposeful = [a for a in prompt.actions if a.kind not in AIMLESS]
            action = self.rng.choice(purposeful or list(prompt.actions))
        return action

    # --- what it perceives and remembers -------------------------------------------------------------

    def _perceive(self, event: Event) -> Event:
        """Time cards flash by: a weaker bot misses some and mistakes some for their look-alikes."""
        level = self.level
        if event.kind not in ("time_reveal", "time_packet") or (level.time_miss == 0 and level.time_misread == 0):
            return event
        key = "sequence" if event.kind == "time_reveal" else "cards"
        if key not in event.data:
            return event
        faces = []
        for face in event.data[key]:
            roll = self.rng.random()
            if roll < level.time_miss:
                continue
            if roll < level.time_miss + level.time_misread:
                face = self._look_alike(face)
            faces.append(face)
        return Event(event.kind, {**event.data, key: faces}, event.audience)

    def _look_alike(self, face: str) -> str:
        """rules.toml lists the clocks as four pairs that look alike upside down: 1st-2nd, 3rd-4th..."""
        clocks = self.rules.elements[TIME]
        return clocks[clocks.index(face) ^ 1]

    def _remember_shown(self, event: Event) -> None:
        d = event.data
        if event.kind in ("card_shown", "card_passed", "card_given", "card_stolen"):
            if d["from"] == self.seat:
                self.known_by.setdefault(d["to"], set()).add(d["face"])
            elif d["to"] == self.seat:  # it was theirs: they know it
                self.known_by.setdefault(d["from"], set()).add(d["face"])
        elif event.kind in ("lounge", "sudden_revelation"):
            for reveal in d["reveals"]:
                self.known_by.setdefault(None, set()).add(reveal["face"])

    def _known_to(self, viewer: int | None) -> set[str]:
        return self.known_by.get(None, set()) | (self.known_by.get(viewer, set()) if viewer is not None else set())

    # --- what a sighting is worth -----------------------------------------------------------------

    def worth(self, category: str, place: Place) -> float:
        """Expected rise in correct final answers from seeing one card of `category` from `place`."""
        book = self.book
        assert book is not None
        opens = book.open_elements(category)
        if len(opens) <= 1:
            return 0.0
        gain = 1 / (len(opens) - 1) - 1 / len(opens)
        weights = {}
        for element in book.elements(category):
            if element in book.removed:
                continue
            weights[element] = max(0, 2 - book.hand[element] - book.discard[element])
        total = sum(weights.values()) or 1
        value = 0.0
        for element in opens:
            share = weights.get(element, 0) / total
            value += share * (gain if book.would_prove(element, place) else FIRST_COPY * gain)
        return value

    def _best_category(self, place: Place, categories: Iterable[str]) -> tuple[float, str | None]:
        best: tuple[float, str | None] = (-1.0, None)
        for category in categories:
            value = self.worth(category, place) + self.rng.random() * 1e-6  # seeded tie-break
            if value > best[0]:
                best = (value, category)
        return best

    # --- its turn ---------------------------------------------------------------------------------

    def _options(self, view: dict[str, Any], prompt: Prompt) -> dict[str, list[tuple[float, int, dict[str, Any]]]]:
        """Per action it may start: (worth, hours, details) of its best ways to do it."""
        kinds = {a.kind for a in prompt.actions}
        players = view["players"]
        n = view["seats"]
        others = [t for t in range(n) if t != self.seat]
        hours = view["hours"] or 0
        costs = self.rules.costs
        chat = 0.0
        if not self.chatted:
            spaces = [c for c in view["conductor_spaces"] if c is not None]
            chat = max((self.worth(c, CONDUCTOR) for c in spaces), default=0.0)
        options: dict[str, list[tuple[float, int, dict[str, Any]]]] = {}
        variants: list[tuple[float, int, dict[str, Any]]]

        def bonus(kind: str) -> float:
            return chat if CAR_OF.get(kind) == view["conductor_car"] else 0.0

        def holds(t: int, c: str) -> bool:
            return players[t]["hand"][c] > 0

        if "power" in kinds:
            character = view["you"]["character"]
            specialty = self.rules.character(character).specialty
            targets = [(self.worth(specialty, ("hand", t)), t) for t in others if holds(t, specialty)]
            if targets:
                value, target = max(targets)
                options["power"] = [(value, 0, {"target": target})]
        if "dining" in kinds:
            variants = []
            for c in HAND_CATEGORIES:
                ranked = sorted(((self.worth(c, ("hand", t)), t) for t in others if holds(t, c)), reverse=True)
                for k in range(1, min(len(ranked), hours // costs["dining_per_guest"]) + 1):
                    value = sum(v for v, _ in ranked[:k]) + bonus("dining")
                    variants.append((value, k * costs["dining_per_guest"], {"category": c, "guests": sorted(t for _, t in ranked[:k])}))
            options["dining"] = _best_per_cost(variants)
        if "lounge" in kinds:
            variants = []
            for c in HAND_CATEGORIES:
                value = PUBLIC_DISCOUNT * sum(self.worth(c, ("hand", t)) for t in others if holds(t, c))
                if value > 0:
                    variants.append((value + bonus("lounge"), costs["lounge"], {"category": c}))
            options["lounge"] = _best_per_cost(variants)
        if "smoking" in kinds:
            variants = []
            for c in HAND_CATEGORIES:
                ranked = sorted(((self.worth(c, ("hand", t)), t) for t in others if holds(t, c)), reverse=True)
                if not ranked:
                    continue
                if len(ranked) >= 2:
                    pair = sorted((ranked[0][1], ranked[1][1]))
                    value = ranked[0][0] + ranked[1][0]
                else:
                    spare = next(t for t in others if t != ranked[0][1])
                    pair, value = sorted((ranked[0][1], spare)), ranked[0][0]
                variants.append((value + bonus("smoking"), costs["smoking"], {"category": c, "targets": tuple(pair)}))
            options["smoking"] = _best_per_cost(variants)
        if "sleeping" in kinds:
            variants = []
            for t in others:
                if players[t]["hand_size"]:
                    value, _ = self._best_category(("hand", t), [c for c in HAND_CATEGORIES if holds(t, c)])
                    variants.append((0.5 * value + bonus("sleeping"), costs["sleeping_success"], {"target": t}))
            options["sleeping"] = _best_per_cost(variants)
        if "madam" in kinds:
            variants = []
            for p in view["passengers"]:
                if p["boarded"] and sum(p["counts"].values()):
                    place: Place = ("stack", p["stack"])
                    value, best = self._best_category(place, [c for c, k in p["counts"].items() if k])
                    variants.append((value + bonus("madam"), costs["madam"], {"stack": p["stack"], "category": best}))
            options["madam"] = _best_per_cost(variants)
        if "passenger" in kinds:
            giver = (self.seat - 1) % n  # cards go left by default: the right-hand neighbour gives
            counts = players[giver]["hand"]
            total = sum(counts.values()) or 1
            value = 0.7 * sum(k / total * self.worth(c, ("hand", giver)) for c, k in counts.items() if k)
            options["passenger"] = [(value + bonus("passenger"), costs["passenger"], {})]
        return {kind: variants for kind, variants in options.items() if variants}

    def _turn(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        if self.rng.random() < self.level.whim:
            self.plan = {}
            return None  # a whim: any purposeful action
        options = self._options(view, prompt)
        hours = view["hours"] or 0
        if self.level.plans:
            value, first = _best_plan(options, hours, frozenset())
        else:
            candidates = [(v, kind, d) for kind, variants in options.items() for v, c, d in variants if c <= hours]
            value, first = 0.0, None
            if candidates:
                v, kind, details = max(candidates, key=lambda x: x[0])
                value, first = v, (kind, details)
        if not first or value <= 0:
            return Action("end_turn")
        kind, details = first
        self.plan = {"kind": kind, **details}
        return Action(kind)

    # The steps of an action: follow the plan, or choose the best step when there is none (a whim).

    def _category_step(self, prompt: Prompt, place_of: Any) -> Action | None:
        offered = [a.args[0] for a in prompt.actions if a.kind == "category"]
        planned = self.plan.get("category")
        if planned in offered:
            return Action("category", (planned,))
        _, best = self._best_category_over_seats(offered, place_of)
        return Action("category", (best,)) if best else None

    def _best_category_over_seats(self, categories: list[str], places: Any) -> tuple[float, str | None]:
        best: tuple[float, str | None] = (-1.0, None)
        for c in categories:
            value = sum(self.worth(c, p) for p in places(c)) + self.rng.random() * 1e-6
            if value > best[0]:
                best = (value, c)
        return best

    def _others_holding(self, view: dict[str, Any]) -> Any:
        def places(c: str) -> list[Place]:
            return [("hand", t) for t, p in enumerate(view["players"]) if t != self.seat and p["hand"][c]]

        return places

    def _dining_category(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return self._category_step(prompt, self._others_holding(view))

    _lounge_category = _dining_category
    _smoking_category = _dining_category

    def _dining_guests(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        invited = prompt.data["guests"]
        wanted = self.plan.get("guests")
        if wanted is None:
            category = prompt.data["category"]
            ranked = sorted(
                ((self.worth(category, ("hand", a.args[0])), a.args[0]) for a in prompt.actions if a.kind == "guest"),
                reverse=True,
            )
            wanted = [t for v, t in ranked[: max(1, (view["hours"] or 1))] if v > 0] or [ranked[0][1]]
            self.plan["guests"] = wanted
        for guest in wanted:
            if guest not in invited and Action("guest", (guest,)) in prompt.actions:
                return Action("guest", (guest,))
        return Action("confirm") if invited else None

    def _smoking_targets(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        planned = self.plan.get("targets")
        if planned is not None and Action("targets", tuple(planned)) in prompt.actions:
            return Action("targets", tuple(planned))
        category = prompt.data["category"]
        pairs = [a for a in prompt.actions if a.kind == "targets"]
        return max(pairs, key=lambda a: sum(self.worth(category, ("hand", t)) for t in a.args) + self.rng.random() * 1e-6)

    def _target_step(self, prompt: Prompt, value_of: Any) -> Action | None:
        planned = self.plan.get("target")
        if planned is not None and Action("target", (planned,)) in prompt.actions:
            return Action("target", (planned,))
        targets = [a for a in prompt.actions if a.kind == "target"]
        return max(targets, key=lambda a: value_of(a.args[0]) + self.rng.random() * 1e-6) if targets else None

    def _power_target(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        specialty = self.rules.character(view["you"]["character"]).specialty
        return self._target_step(prompt, lambda t: self.worth(specialty, ("hand", t)))

    def _sleeping_target(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        players = view["players"]

        def value(t: int) -> float:
            held = [c for c in HAND_CATEGORIES if players[t]["hand"][c]]
            return self._best_category(("hand", t), held)[0]

        return self._target_step(prompt, value)

    def _sleeping_category(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        offered = [a.args[0] for a in prompt.actions]
        _, best = self._best_category(("hand", prompt.data["target"]), offered)
        return Action("category", (best,)) if best else None

    def _madam_stack(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        planned = self.plan.get("stack")
        return Action("stack", (planned,)) if planned is not None else None

    def _madam_category(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        offered = [a.args[0] for a in prompt.actions if a.kind == "category"]
        planned = self.plan.get("category")
        if planned in offered:
            return Action("category", (planned,))
        _, best = self._best_category(("stack", prompt.data["stack"]), offered)
        return Action("category", (best,)) if best else None

    def _passenger_category(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        giver = (self.seat - 1) % view["seats"]
        _, best = self._best_category(("hand", giver), HAND_CATEGORIES)
        return Action("category", (best,)) if best else None

    def _grip_target(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return Action("target", (self.seat,))

    def _conductor_space(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        self.chatted = True
        spaces = view["conductor_spaces"]
        choices = [a for a in prompt.actions if a.kind == "space"]
        return max(choices, key=lambda a: self.worth(spaces[a.args[0]], CONDUCTOR) + self.rng.random() * 1e-6)

    def _tunnel(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        rows = view["step"]["rows"]
        return max(
            prompt.actions,
            key=lambda a: self.worth(rows[str(a.args[0])][a.args[1]], ("hand", a.args[0])) + self.rng.random() * 1e-6,
        )

    # --- cards it must show or hand over: one the other seat already knows, if it can --------------

    def _pick_card(self, prompt: Prompt, viewer: int | None) -> Action:
        faces = [a.args[0] for a in prompt.actions]
        known = self._known_to(viewer)
        familiar = [f for f in faces if f in known]
        return Action("card", (self.rng.choice(familiar or faces),))

    def _dining_show(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return self._pick_card(prompt, prompt.data["to"])

    _power_show = _dining_show
    _smoking_give = _dining_show
    _smoking_return = _dining_show

    def _lounge_show(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return self._pick_card(prompt, None)

    _sudden = _lounge_show

    def _passenger_pass(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        n = view["seats"]
        receiver = (self.seat + 1) % n if prompt.data.get("direction", "left") == "left" else (self.seat - 1) % n
        return self._pick_card(prompt, receiver)

    def _conductor_leave(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return self._pick_card(prompt, None)

    # --- setup --------------------------------------------------------------------------------------

    def _character(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        # A character with a power to use in its turn sees more cards (the Time house rule aside).
        useful = [a for a in prompt.actions if self.rules.character(a.args[0]).power == "specialty_peek"]
        if self.difficulty == "easy" or not useful:
            return None
        return self.rng.choice(useful)

    # --- telegram and final answers -----------------------------------------------------------------

    def beliefs(self, category: str) -> dict[str, float]:
        """How likely each answer seems to the bot (it only trusts what it has perceived)."""
        book = self.book
        assert book is not None
        if category == TIME:
            return self._time_beliefs()
        opens = book.open_elements(category) or [e for e in book.elements(category) if e not in book.removed]
        weights = {e: (1.0 if book.seen(e) else self.level.unseen_weight) for e in opens}
        total = sum(weights.values())
        return {e: w / total for e, w in weights.items()}

    def _time_beliefs(self) -> dict[str, float]:
        book = self.book
        assert book is not None
        clocks = list(self.rules.elements[TIME])
        if not book.time_counts:
            return {c: 1 / len(clocks) for c in clocks}
        copies = self.rules.copies[TIME]
        # Each reveal: a clock seen fewer than three times is a candidate, the fewer the likelier.
        score = dict.fromkeys(clocks, 0.0)
        for counts in book.time_counts:
            for c in clocks:
                score[c] += max(0, copies - counts.get(c, 0))
        best = max(score.values())
        if best == 0:
            return {c: 1 / len(clocks) for c in clocks}
        leaders = [c for c in clocks if score[c] == best]
        if len(leaders) == 1 and all(
            counts.get(c, 0) == copies for counts in book.time_counts for c in clocks if c != leaders[0]
        ):
            return {leaders[0]: 1.0}  # a complete, clean count
        weights = {c: 2.0 ** (score[c] - best) for c in clocks}
        total = sum(weights.values())
        return {c: w / total for c, w in weights.items()}

    def _best_answer(self, category: str, offered: list[str]) -> tuple[str, float]:
        beliefs = self.beliefs(category)
        candidates = [f for f in offered if f is not None]
        return max(
            ((f, beliefs.get(f, 0.0)) for f in candidates),
            key=lambda x: x[1] + self.rng.random() * 1e-9,
        )

    def _telegram(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        category = prompt.data["category"]
        face, p = self._best_answer(category, [a.args[1] for a in prompt.actions])
        if p >= self.level.telegram:
            return Action("entry", (category, face))
        return Action("entry", (category, None))

    def _final(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        category = prompt.data["category"]
        face, _ = self._best_answer(category, [a.args[1] for a in prompt.actions])
        return Action("entry", (category, face))

    def _telegram_confirm(self, view: dict[str, Any], prompt: Prompt) -> Action | None:
        return Action("submit")

    _final_confirm = _telegram_confirm


def _best_per_cost(variants: list[tuple[float, int, dict[str, Any]]]) -> list[tuple[float, int, dict[str, Any]]]:
    best: dict[int, tuple[float, int, dict[str, Any]]] = {}
    for variant in variants:
        if variant[1] not in best or variant[0] > best[variant[1]][0]:
            best[variant[1]] = variant
    return sorted(best.values(), key=lambda v: v[1])


def _best_plan(
    options: dict[str, list[tuple[float, int, dict[str, Any]]]], hours: int, used: frozenset[str]
) -> tuple[float, tuple[str, dict[str, Any]] | None]:
    """The most worth a leg's remaining hours can buy (each action once), and the action to start with."""
    best: tuple[float, tuple[str, dict[str, Any]] | None] = (0.0, None)
    for kind, variants in options.items():
        if kind in used:
            continue
        for value, cost, details in variants:
            if cost > hours or value <= 0:
                continue
            rest, _ = _best_plan(options, hours - cost, used | {kind})
            if value + rest > best[0] + 1e-12:
                best = (value + rest, (kind, details))
    return best


def bots_for(levels: list[str | None], seed: int) -> list[DeducingBot | RandomBot]:
    """One bot per seat: a level name for a deducing bot, None for a random bot."""
    return [RandomBot(seat, seed) if level is None else DeducingBot(seat, seed, level) for seat, level in enumerate(levels)]


