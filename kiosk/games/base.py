"""The one contract every game implements (names fixed by DESIGN.md).

A game is pure: no I/O, no clocks, no global random. All chance comes from a seeded generator kept in
the state, so `(seed, options, actions)` replays to the identical state.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from kiosk.i18n import N_, Text

JSONScalar = str | int | float | bool | None
State = TypeVar("State")


def copy_state(state: State) -> State:
    """An independent copy of a game state (a trial, a look ahead). States are plain data, which a
    pickle round trip copies in a third of `copy.deepcopy`'s time: the referee copies on every choice
    a seat makes, so this is its budget. The state's generator (`random.Random`, 625 numbers) goes
    through its own `getstate`/`setstate` instead, which takes a fifth of pickling those numbers: it
    was half of a Watson & Holmes copy (60 of 95 µs here)."""
    fields = vars(state)
    generators = {name: value for name, value in fields.items() if isinstance(value, random.Random)}
    if not generators:
        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))  # type: ignore[no-any-return]
    without = object.__new__(type(state))  # the same fields, the generators left out
    vars(without).update(fields)
    vars(without).update(dict.fromkeys(generators))
    copy = pickle.loads(pickle.dumps(without, pickle.HIGHEST_PROTOCOL))
    for name, generator in generators.items():
        again = type(generator).__new__(type(generator))
        again.setstate(generator.getstate())
        vars(copy)[name] = again
    return copy  # type: ignore[no-any-return]


class IllegalAction(Exception):
    """Raised by `Game.apply` for an action the seat may not take now; the state is left untouched.

    `text` is the reason in a form any screen can render in its own language.
    """

    def __init__(self, msgid: str, **params: Any) -> None:
        self.text = Text(msgid, params)
        super().__init__(str(self.text))


@dataclass(frozen=True, order=True)
class Action:
    """One legal choice: a kind and its arguments (JSON scalars or tuples of them)."""

    kind: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Prompt:
    """A decision awaited now from one seat.

    `private` prompts are answered on the seat's own screen and buttons; public ones on the shared
    touchscreen. `actions` lists every legal action and is never empty.
    """

    seat: int
    kind: str
    actions: tuple[Action, ...]
    private: bool = True
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Event:
    """Something that happened. `audience` is the set of seats that may see it; None means public."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


@dataclass(frozen=True)
class Outcome:
    scores: dict[int, float]
    winners: list[int]
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class Walk:
    """A copy of the game (`copy_state`) with a seat's actions taken on it, their events, and the
    game's prompts there once worked out (the seats' lookahead, `kiosk.seats.lookahead.step_after`):
    the referee's commit reads them, and the copy becomes the state (`GameSession.commit`)."""

    state: Any
    events: list[Event]
    prompts: list[Prompt] | None = None


def seat_numbers(seats: int) -> tuple[int, ...]:
    """The allowed values of an option that names a seat: one per seat of the game."""
    return tuple(range(seats))


class OptionRefused(ValueError):
    """An option value the game cannot use: names the option and what it allows, for any screen.

    `allowed` is None when the option takes any value of its type; `seats` is the seat count when
    that is why the value is refused (None: the value is never allowed, or another option rules it out).
    """

    def __init__(self, game_id: str, name: str, value: Any, allowed: tuple[Any, ...] | None, seats: int | None,
                 detail: str) -> None:
        self.game_id, self.name, self.value, self.allowed, self.seats = game_id, name, value, allowed, seats
        super().__init__(f"{game_id}: option {name!r} {detail}, got {value!r}")


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default and, when it is a choice, the allowed values.

    `for_seats`, when given, says which values a game of that many seats can use (a seat number: that
    many seats; an element removal: only where something is removed). An empty answer means the option
    changes nothing at that seat count: any of `choices` is accepted and the options screen leaves it out.
    """

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    help: str = ""
    for_seats: Callable[[int], tuple[Any, ...]] | None = None
    # The default before it last changed (None: it never did). Games stored before options were stored
    # whole lack the options left at their default, and were played with this one.
    former_default: Any = None

    def allowed(self, seats: int | None) -> tuple[Any, ...] | None:
        """The values a game of `seats` seats can use (None: any value of the default's type)."""
        if seats is None or self.for_seats is None:
            return self.choices
        return self.for_seats(seats) or self.choices

    def matters(self, seats: int | None) -> bool:
        """Whether the option changes anything in a game of `seats` seats."""
        return seats is None or self.for_seats is None or bool(self.for_seats(seats))


class StoredOptions(dict[str, Any]):
    """The options of a stored game (`GameInfo.stored_options`): they may hold a retired option."""


@dataclass(frozen=True)
class GameInfo:
    id: str
    names: dict[str, str]
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...] = ()
    # Retired options: name -> (the option that replaced it, its default of the day). A stored game from
    # before its successor keeps the rule it was played with (`stored_options`); new games cannot use it.
    legacy: dict[str, tuple[str, Any]] = field(default_factory=dict)
    # Event kinds that begin a new leg, case or round: a person whose turn carries over one is told
    # "Your move" again, with the chirp, as after a wait (the board has just moved on without them).
    fresh_turns: frozenset[str] = frozenset()

    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    def resolve_options(self, options: dict[str, Any] | None, seats: int | None = None) -> dict[str, Any]:
        """Defaults overlaid with `options`; an unknown name or a value this game (of `seats` seats,
        when given) cannot use is refused with `OptionRefused`."""
        resolved = self.defaults()
        specs = {option.name: option for option in self.options}
        for name, value in (options or {}).items():
            if isinstance(options, StoredOptions) and name in self.legacy:
                resolved[name] = value  # a stored game's retired option keeps its rule; new games cannot use it
                continue
            spec = specs.get(name)
            if spec is None:
                raise ValueError(
                    f"{self.id}: unknown option {name!r}, expected one of {', '.join(sorted(specs))}"
                )
            allowed = spec.allowed(seats)
            if spec.choices is None and type(value) is not type(spec.default):
                raise OptionRefused(self.id, name, value, allowed, None, f"must be a {type(spec.default).__name__}")
            if allowed is not None and value not in allowed:
                shown = ", ".join(repr(choice) for choice in allowed)
                because = seats if spec.for_seats is not None and spec.choices != allowed else None
                raise OptionRefused(self.id, name, value, allowed, because, f"must be one of {shown}")
            resolved[name] = value
        return resolved

    def stored_options(self, options: dict[str, Any]) -> StoredOptions:
        """The options a stored game was played with, so that it replays identically.

        A game is stored with its options whole (`resolve_options` at its start); an older record
        holds only the options chosen, and an option it lacks had the default of its day. Nothing is
        checked here: `Game.start` refuses what can no longer be played, with its own reason. A retired
        option (`legacy`) takes its default of the day in a record from before its successor.
        """
        former = {option.name: option.former_default for option in self.options if option.former_default is not None}
        retired = {name: value for name, (successor, value) in self.legacy.items() if successor not in options}
        return StoredOptions({**retired, **former, **options})


def require_legal(
    over: bool, prompts: list[Prompt], seat: int, action: Any, reason: Callable[[Action], str | None] | None = None
) -> None:
    """Refuse, before anything changes, an action that is not one of `seat`'s legal actions now.

    Every game's `apply` starts with this, so refusals read the same everywhere; `reason` may give a
    more specific message for an action that exists in the game but not now (marked with `N_`).
    """
    if over:
        raise IllegalAction(N_("The game is over."))
    mine = [p for p in prompts if p.seat == seat]
    if not mine:
        raise IllegalAction(N_("Nothing is asked of seat {seat} now."), seat=seat + 1)
    if not isinstance(action, Action) or not any(action in p.actions for p in mine):
        specific = reason(action) if reason is not None and isinstance(action, Action) else None
        raise IllegalAction(specific or N_("That choice is not available now."))


def action_to_json(action: Action) -> dict[str, Any]:
    return {"kind": action.kind, "args": _to_json(action.args)}


def action_from_json(data: dict[str, Any]) -> Action:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError(f"not an action: {data!r}")
    args = data.get("args", [])
    if not isinstance(args, list):
        raise ValueError(f"action args must be a list, got {args!r}")
    return Action(data["kind"], _from_json(args))


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(item) for item in value]
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(item) for item in value)
    return value


class Game(Protocol[State]):
    info: GameInfo

    def start(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> State: ...

    def prompts(self, state: State) -> list[Prompt]: ...

    def apply(self, state: State, seat: int, action: Action) -> list[Event]: ...

    def view(self, state: State, seat: int | None, public: dict[str, Any] | None = None) -> dict[str, Any]:
        """What `seat` (None: the public) may know. `public`, when given, is this state's public view,
        already made: a seat's view is then a shallow copy of it with the seat's own part added, so a
        refresh of seven seats builds the public part once, not eight times. Views are read, never
        written: the seats' views of one refresh share the public part's lists and dicts."""
        ...

    def outcome(self, state: State) -> Outcome | None: ...

    def action_to_json(self, action: Action) -> dict[str, Any]: ...

    def action_from_json(self, data: dict[str, Any]) -> Action: ...
