"""Case files: the open, versioned YAML format the kiosk reads (format 1, documented in cases/FORMAT.md).

A case is plain data once loaded. Every problem found while loading is reported with the case, the
card or question and the field, all problems at once, so an author fixes a file in one pass:
`tutorial.yaml: case 'lamplighter', location_cards[3] (C04), icons: unknown icon 'gives_cake'`.

Case text is content, not interface: each text field holds every language the case declares
(`{en: ..., es: ...}`), or one plain string used in all of them (a name such as "Scotland Yard").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

FORMAT = "watson-holmes-case/1"
CASES_DIR = Path(__file__).with_name("cases")
ANSWER_KINDS = ("PERSON_FULL_NAME", "CHOICE", "NUMBER", "FREE_TEXT")
ICONS = (
    "gives_police",
    "gives_calloff",
    "gives_lockpick",
    "gives_carriages",
    "no_watson",
    "no_police",
    "lockpick_required",
)
EDITIONS = ("kiosk", "physical")
DEFAULT_CARRIAGE_ICON = 2  # rules A10: the amount printed on a carriage icon is unknown
LANG_CODES = ("en", "es")

Localized = dict[str, str]  # language -> text


class CaseError(ValueError):
    """A case file that cannot be played; `problems` lists every one found."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__("\n".join(f"{source}: {problem}" for problem in problems))


@dataclass(frozen=True)
class Choice:
    id: str
    label: Localized


@dataclass(frozen=True)
class Question:
    id: str
    number: int
    text: Localized | None  # None in a physical manifest: the question is in the booklet
    answer_kind: str
    choices: tuple[Choice, ...]
    accepted: tuple[Any, ...]  # choice ids, numbers, or accepted free-text answers (shown to the grader)
    number_range: tuple[int, int] | None
    reveal: str  # "start" | "round" | "card"
    reveal_at: Any = None  # the round number or the card id
    evidence: tuple[str, ...] = ()  # the cards that establish the answer (authoring check: two or more)

    @property
    def graded_by_player(self) -> bool:
        """Free text, and any question without an answer key, is graded by the attempting player."""
        return self.answer_kind == "FREE_TEXT" or not self.accepted

    def options(self) -> tuple[Any, ...]:
        """What a picker offers: choice ids, or every number of the range."""
        if self.answer_kind == "NUMBER" and self.number_range is not None:
            return tuple(range(self.number_range[0], self.number_range[1] + 1))
        return tuple(choice.id for choice in self.choices)


@dataclass(frozen=True)
class Card:
    id: str
    number: int
    name: Localized
    zone: str | None
    position: tuple[int, int]
    icons: frozenset[str]
    carriages: int  # gained on reading when the card has the carriage icon
    text: Localized | None  # None in a physical manifest: the players read the real card


@dataclass(frozen=True)
class Zone:
    id: str
    name: Localized


@dataclass(frozen=True)
class Case:
    id: str
    source: str
    edition: str
    title: Localized
    difficulty: int
    min_players: int
    max_players: int
    languages: tuple[str, ...]
    intro: Localized | None
    questions: tuple[Question, ...]
    special_rules: Localized | None
    start: dict[str, int]  # carriages, police, calloff, lockpick
    police_limit_players: int
    zones: tuple[Zone, ...]
    travel: dict[tuple[str, str], int]
    start_zone: str | None
    flags: frozenset[str]
    grid: tuple[int, int]
    cards: tuple[Card, ...]
    baker_street_id: str
    baker_street_position: tuple[int, int]
    answers_text: Localized | None
    stop_id: str
    stop_position: tuple[int, int]
    stop_gain: int
    solution: Localized | None
    credits: dict[str, str] = field(default_factory=dict)
    by_id: dict[str, Card] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.by_id.update({card.id: card for card in self.cards})

    def card(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def is_location(self, card_id: str) -> bool:
        return card_id in self.by_id

    def question(self, question_id: str) -> Question:
        return next(q for q in self.questions if q.id == question_id)

    def travel_cost(self, from_zone: str | None, to_zone: str | None) -> int:
        if from_zone is None or to_zone is None or from_zone == to_zone:
            return 0
        return self.travel[(from_zone, to_zone)]


FLAGS = ("no_watson_this_case", "no_holmes_this_case")


class _Reader:
    """Walks the raw YAML, collecting problems with their path instead of stopping at the first."""

    def __init__(self, languages: tuple[str, ...]) -> None:
        self.languages = languages
        self.problems: list[str] = []

    def fail(self, where: str, message: str) -> None:
        problem = f"{where}: {message}" if where else message
        if problem not in self.problems:  # one broken mapping is reported once, not once per field
            self.problems.append(problem)

    def get(self, data: Any, key: str, where: str, kind: type | tuple[type, ...], default: Any = ..., ) -> Any:
        if not isinstance(data, dict):
            if data is not None:
                self.fail(where, f"must be a mapping of fields, got {data!r}")
            return None if default is ... else default
        if key not in data or data[key] is None:
            if default is ...:
                self.fail(where, f"missing field '{key}'")
                return None
            return default
        value = data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            self.fail(where, f"field '{key}' must be {_kind_name(kinds)}, got {value!r}")
            return None if default is ... else default
        if not isinstance(value, kinds):
            self.fail(where, f"field '{key}' must be {_kind_name(kinds)}, got {value!r}")
            return None if default is ... else default
        return value

    def text(self, data: Any, key: str, where: str, required: bool = True) -> Localized | None:
        value = self.get(data, key, where, (str, dict), default=... if required else None)
        if value is None:
            return None
        if isinstance(value, str):
            if not value.strip():
                self.fail(where, f"field '{key}' is empty")
            return {lang: value for lang in self.languages}
        missing = [lang for lang in self.languages if not isinstance(value.get(lang), str) or not value[lang].strip()]
        extra = sorted(str(lang) for lang in value if lang not in self.languages)
        if missing:
            self.fail(where, f"field '{key}' has no text in {', '.join(missing)}")
        if extra:
            self.fail(where, f"field '{key}' has text in {', '.join(extra)}, which the case does not declare in 'languages'")
        return {lang: str(value.get(lang, "")) for lang in self.languages}

    def position(self, data: Any, where: str, grid: tuple[int, int]) -> tuple[int, int]:
        raw = self.get(data, "position", where, dict)
        col = self.get(raw, "col", f"{where}, position", int)
        row = self.get(raw, "row", f"{where}, position", int)
        if isinstance(col, int) and isinstance(row, int):
            if not (1 <= col <= grid[0] and 1 <= row <= grid[1]):
                self.fail(where, f"position {col},{row} is outside the {grid[0]}x{grid[1]} grid")
            return (col, row)
        return (0, 0)


def _kind_name(kinds: tuple[type, ...]) -> str:
    names = {str: "text", int: "a whole number", dict: "a mapping", list: "a list", bool: "true or false"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def parse_case(raw: Any, source: str) -> Case:
    """Builds a Case from decoded YAML; raises CaseError listing every problem."""
    if not isinstance(raw, dict):
        raise CaseError(source, ["the file must be a mapping with 'format' and 'case'"])
    if raw.get("format") != FORMAT:
        raise CaseError(source, [f"field 'format' must be '{FORMAT}', got {raw.get('format')!r}"])
    data = raw.get("case")
    if not isinstance(data, dict):
        raise CaseError(source, ["missing mapping 'case'"])
    case_id = data.get("id")
    label = f"case '{case_id}'" if isinstance(case_id, str) and case_id else "case (no id)"
    raw_langs = data.get("languages")
    languages: tuple[str, ...] = ("en",)
    problems: list[str] = []
    if not isinstance(raw_langs, list) or not raw_langs or not all(lang in LANG_CODES for lang in raw_langs):
        problems.append(f"{label}: field 'languages' must list some of {', '.join(LANG_CODES)}, got {raw_langs!r}")
    else:
        languages = tuple(raw_langs)
    r = _Reader(languages)
    r.problems = problems
    r.get(data, "id", label, str)
    edition = r.get(data, "edition", label, str, default="kiosk")
    if edition not in EDITIONS:
        r.fail(label, f"field 'edition' must be one of {', '.join(EDITIONS)}, got {edition!r}")
    kiosk = edition == "kiosk"
    title = r.text(data, "title", label) or {}
    difficulty = r.get(data, "difficulty", label, int, default=1)
    min_players = r.get(data, "min_players", label, int, default=2)
    max_players = r.get(data, "max_players", label, int, default=7)
    if not 2 <= min_players <= max_players <= 7:
        r.fail(label, f"players must satisfy 2 <= min_players <= max_players <= 7, got {min_players}-{max_players}")
    intro = r.text(data, "intro", label, required=kiosk)

    layout = r.get(data, "layout", label, dict, default={})
    grid_raw = r.get(layout, "grid", f"{label}, layout", dict, default={})
    grid = (r.get(grid_raw, "cols", f"{label}, layout.grid", int, default=6), r.get(grid_raw, "rows", f"{label}, layout.grid", int, default=4))

    special = r.get(data, "special_rules", label, dict, default={})
    where_special = f"{label}, special_rules"
    special_text = r.text(special, "text", where_special, required=False)
    start = {"carriages": 10, "police": 1, "calloff": 0, "lockpick": 0}
    start_raw = r.get(special, "start_resources", where_special, dict, default={})
    for key, value in start_raw.items():
        if key not in start:
            r.fail(where_special, f"start_resources: unknown resource '{key}', expected one of {', '.join(start)}")
        elif not isinstance(value, int) or isinstance(value, bool) or value < 0 or (key != "carriages" and value > 1):
            r.fail(where_special, f"start_resources.{key} must be a whole number (0 or 1 for tokens), got {value!r}")
        else:
            start[key] = value
    police_limit = r.get(special, "police_limit_players", where_special, int, default=5)
    zones: list[Zone] = []
    for index, zone_raw in enumerate(r.get(special, "zones", where_special, list, default=[])):
        where = f"{where_special}, zones[{index}]"
        zone_id = r.get(zone_raw, "id", where, str)
        zones.append(Zone(zone_id or "", r.text(zone_raw, "name", where) or {}))
    zone_ids = [z.id for z in zones]
    if len(set(zone_ids)) != len(zone_ids):
        r.fail(where_special, "zones: two zones share an id")
    travel: dict[tuple[str, str], int] = {}
    for index, leg in enumerate(r.get(special, "zone_travel", where_special, list, default=[])):
        where = f"{where_special}, zone_travel[{index}]"
        a, b = r.get(leg, "from", where, str), r.get(leg, "to", where, str)
        cost = r.get(leg, "cost", where, int)
        for end in (a, b):
            if end is not None and end not in zone_ids:
                r.fail(where, f"unknown zone '{end}'")
        if isinstance(cost, int) and cost < 0:
            r.fail(where, f"cost must be 0 or more, got {cost}")
        if a and b and isinstance(cost, int):
            travel[(a, b)] = cost
    for a in zone_ids:
        for b in zone_ids:
            if a != b and (a, b) not in travel:
                r.fail(where_special, f"zone_travel has no cost from {a} to {b}")
    start_zone = r.get(special, "start_zone", where_special, str, default=zone_ids[0] if zone_ids else None)
    if zones and start_zone not in zone_ids:
        r.fail(where_special, f"start_zone '{start_zone}' is not one of the zones")
    if not zones:
        start_zone = None
    flags = r.get(special, "flags", where_special, list, default=[])
    for flag in flags:
        if flag not in FLAGS:
            r.fail(where_special, f"unknown flag {flag!r}, expected one of {', '.join(FLAGS)}")

    cards: list[Card] = []
    cards_raw = r.get(data, "location_cards", label, list, default=[])
    if not cards_raw:
        r.fail(label, "location_cards: a case needs at least one location card")
    for index, card_raw in enumerate(cards_raw):
        card_id = card_raw.get("id") if isinstance(card_raw, dict) else None
        where = f"{label}, location_cards[{index}]" + (f" ({card_id})" if isinstance(card_id, str) else "")
        if not isinstance(card_raw, dict):
            r.fail(where, "must be a mapping")
            continue
        r.get(card_raw, "id", where, str)
        number = r.get(card_raw, "number", where, int)
        name = r.text(card_raw, "front_name", where) or {}
        zone = r.get(card_raw, "zone", where, str, default=None)
        if zones and zone is None:
            r.fail(where, "missing field 'zone' (the case has zones)")
        elif zone is not None and zone not in zone_ids:
            r.fail(where, f"zone '{zone}' is not one of the case's zones ({', '.join(zone_ids) or 'none'})")
        icons = r.get(card_raw, "icons", where, list, default=[])
        for icon in icons:
            if icon not in ICONS:
                r.fail(where, f"icons: unknown icon {icon!r}, expected one of {', '.join(ICONS)}")
        if "gives_police" in icons and "no_police" in icons:
            r.fail(where, "icons: gives_police and no_police together say the same thing twice; keep gives_police")
        gain = r.get(card_raw, "gives_carriages", where, int, default=DEFAULT_CARRIAGE_ICON if "gives_carriages" in icons else 0)
        if isinstance(gain, int) and gain < 0:
            r.fail(where, f"gives_carriages must be 0 or more, got {gain}")
        if gain and "gives_carriages" not in icons:
            r.fail(where, "gives_carriages is set but the card has no gives_carriages icon")
        text = r.text(card_raw, "back_text", where, required=kiosk)
        cards.append(
            Card(
                id=card_id if isinstance(card_id, str) else "",
                number=number if isinstance(number, int) else 0,
                name=name,
                zone=zone,
                position=r.position(card_raw, where, grid),
                icons=frozenset(i for i in icons if i in ICONS),
                carriages=gain if isinstance(gain, int) else 0,
                text=text,
            )
        )

    fixed = r.get(data, "fixed_cards", label, dict, default={})
    baker = r.get(fixed, "baker_street_221b", f"{label}, fixed_cards", dict, default={})
    where_baker = f"{label}, fixed_cards.baker_street_221b"
    baker_id = r.get(baker, "id", where_baker, str, default="C221B")
    baker_pos = r.position(baker, where_baker, grid) if baker else (grid[0], 1)
    answers_text = r.text(baker, "answers_text", where_baker, required=False)
    stop = r.get(fixed, "carriage_stop", f"{label}, fixed_cards", dict, default={})
    where_stop = f"{label}, fixed_cards.carriage_stop"
    stop_id = r.get(stop, "id", where_stop, str, default="STOP")
    stop_pos = r.position(stop, where_stop, grid) if stop else (grid[0], grid[1])
    stop_gain = r.get(stop, "gain", where_stop, int, default=3)

    ids = [c.id for c in cards] + [baker_id, stop_id]
    seen: set[str] = set()
    for card_id in ids:
        if card_id in seen:
            r.fail(label, f"card id '{card_id}' is used twice")
        seen.add(card_id)
    numbers = [c.number for c in cards]
    if len(set(numbers)) != len(numbers):
        r.fail(label, "location_cards: two cards share a number")
    places: dict[tuple[int, int], str] = {}
    for card_id, pos in [(c.id, c.position) for c in cards] + [(baker_id, baker_pos), (stop_id, stop_pos)]:
        if pos in places and pos != (0, 0):
            r.fail(label, f"cards {places[pos]} and {card_id} are both at position {pos[0]},{pos[1]}")
        places[pos] = card_id

    questions: list[Question] = []
    questions_raw = r.get(data, "questions", label, list, default=[])
    if not questions_raw:
        r.fail(label, "questions: a case needs at least one question")
    for index, q_raw in enumerate(questions_raw):
        q_id = q_raw.get("id") if isinstance(q_raw, dict) else None
        where = f"{label}, questions[{index}]" + (f" ({q_id})" if isinstance(q_id, str) else "")
        if not isinstance(q_raw, dict):
            r.fail(where, "must be a mapping")
            continue
        questions.append(_question(r, q_raw, where, kiosk, [c.id for c in cards]))
    q_ids = [q.id for q in questions]
    if len(set(q_ids)) != len(q_ids):
        r.fail(label, "questions: two questions share an id")
    numbers_ok = all(q.number != -1 for q in questions)
    if numbers_ok and sorted(q.number for q in questions) != list(range(1, len(questions) + 1)):
        r.fail(label, "questions: numbers must run 1, 2, 3... without gaps")

    solution = r.text(data.get("solution"), "text", f"{label}, solution", required=kiosk) if kiosk or data.get("solution") else None
    credits = r.get(data, "credits", label, dict, default={})
    if r.problems:
        raise CaseError(source, r.problems)
    return Case(
        id=str(case_id),
        source=source,
        edition=edition,
        title=title,
        difficulty=difficulty,
        min_players=min_players,
        max_players=max_players,
        languages=languages,
        intro=intro,
        questions=tuple(sorted(questions, key=lambda q: q.number)),
        special_rules=special_text,
        start=start,
        police_limit_players=police_limit,
        zones=tuple(zones),
        travel=travel,
        start_zone=start_zone,
        flags=frozenset(f for f in flags if f in FLAGS),
        grid=grid,
        cards=tuple(cards),
        baker_street_id=baker_id,
        baker_street_position=baker_pos,
        answers_text=answers_text,
        stop_id=stop_id,
        stop_position=stop_pos,
        stop_gain=stop_gain,
        solution=solution,
        credits={str(k): str(v) for k, v in credits.items()},
    )


def _question(r: _Reader, q: dict[str, Any], where: str, kiosk: bool, card_ids: list[str]) -> Question:
    q_id = r.get(q, "id", where, str)
    number = r.get(q, "number", where, int)
    text = r.text(q, "text", where, required=kiosk)
    kind = r.get(q, "answer_kind", where, str, default="FREE_TEXT")
    if kind not in ANSWER_KINDS:
        r.fail(where, f"answer_kind must be one of {', '.join(ANSWER_KINDS)}, got {kind!r}")
    choices: list[Choice] = []
    for index, c in enumerate(r.get(q, "choices", where, list, default=[])):
        cw = f"{where}, choices[{index}]"
        choices.append(Choice(r.get(c, "id", cw, str) or "", r.text(c, "label", cw) or {}))
    choice_ids = [c.id for c in choices]
    if len(set(choice_ids)) != len(choice_ids):
        r.fail(where, "choices: two choices share an id")
    accepted = r.get(q, "accepted", where, list, default=[])
    number_range = None
    if kind in ("CHOICE", "PERSON_FULL_NAME"):
        if len(choices) < 2:
            r.fail(where, f"{kind} needs at least 2 choices for the picker")
        for answer in accepted:
            if answer not in choice_ids:
                r.fail(where, f"accepted answer {answer!r} is not one of the choice ids ({', '.join(choice_ids)})")
        if kiosk and not accepted:
            r.fail(where, "accepted: a kiosk case needs the right answer (a choice id)")
    elif kind == "NUMBER":
        raw_range = r.get(q, "range", where, list, default=[0, 20])
        if len(raw_range) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw_range) or raw_range[0] > raw_range[1]:
            r.fail(where, f"range must be [lowest, highest] whole numbers, got {raw_range!r}")
        else:
            number_range = (raw_range[0], raw_range[1])
            for answer in accepted:
                if not isinstance(answer, int) or not number_range[0] <= answer <= number_range[1]:
                    r.fail(where, f"accepted answer {answer!r} is not a whole number within the range {raw_range}")
        if kiosk and not accepted:
            r.fail(where, "accepted: a kiosk case needs the right number")
    elif kind == "FREE_TEXT":
        if choices:
            r.fail(where, "FREE_TEXT takes no choices; use CHOICE for a picker")
        if kiosk and not accepted:
            r.fail(where, "accepted: give the answer(s) the attempting player compares theirs with")
        accepted = [r.text({"accepted": answer}, "accepted", where) for answer in accepted]
    reveal_raw = q.get("reveal", "AT_START")
    reveal, reveal_at = "start", None
    if reveal_raw == "AT_START":
        pass
    elif isinstance(reveal_raw, dict) and isinstance(reveal_raw.get("after_round"), int) and reveal_raw["after_round"] >= 1:
        reveal, reveal_at = "round", reveal_raw["after_round"]
    elif isinstance(reveal_raw, dict) and "on_card" in reveal_raw:
        reveal, reveal_at = "card", reveal_raw["on_card"]
        if reveal_at not in card_ids:
            r.fail(where, f"reveal.on_card: no location card '{reveal_at}'")
    else:
        r.fail(where, f"reveal must be AT_START, {{after_round: N}} or {{on_card: CARD}}, got {reveal_raw!r}")
    evidence = r.get(q, "evidence", where, list, default=[])
    for card in evidence:
        if card not in card_ids:
            r.fail(where, f"evidence: no location card '{card}'")
    if len({str(card) for card in evidence}) != len(evidence):
        r.fail(where, "evidence: a card is listed twice")
    return Question(
        evidence=tuple(evidence),
        id=q_id or "",
        number=number if isinstance(number, int) else -1,  # -1: already reported
        text=text,
        answer_kind=kind if kind in ANSWER_KINDS else "FREE_TEXT",
        choices=tuple(choices),
        accepted=tuple(accepted),
        number_range=number_range,
        reveal=reveal,
        reveal_at=reveal_at,
    )


def load_case_file(path: Path) -> Case:
    """Reads and validates one case file; raises CaseError naming the file."""
    source = path.name
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CaseError(source, [f"cannot read the file: {error.strerror or error}"]) from error
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error)
        raise CaseError(source, [f"not valid YAML: {where}{problem}"]) from error
    return parse_case(raw, source)


def load_cases_dir(folder: Path) -> tuple[dict[str, Case], tuple[CaseError, ...]]:
    """Every valid case of a folder by id, and the problems of the files that were left out.

    A broken file dropped into the folder must not stop the kiosk: it is left out and reported
    (`kiosk cases list` shows it), and the other cases stay playable.
    """
    cases: dict[str, Case] = {}
    problems: list[CaseError] = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            case = load_case_file(path)
        except CaseError as error:
            problems.append(error)
            continue
        if case.id in cases:
            problems.append(CaseError(path.name, [f"case id '{case.id}' is already used by {cases[case.id].source}"]))
            continue
        cases[case.id] = case
    return cases, tuple(problems)


@cache
def _bundled() -> tuple[dict[str, Case], tuple[CaseError, ...]]:
    return load_cases_dir(CASES_DIR)


def bundled_cases() -> dict[str, Case]:
    """The original cases shipped with the kiosk (and any added to its folder), by id."""
    return _bundled()[0]


def bundled_case_problems() -> tuple[CaseError, ...]:
    return _bundled()[1]


def bundled_case_ids() -> tuple[str, ...]:
    return tuple(sorted(bundled_cases(), key=lambda cid: (bundled_cases()[cid].difficulty, cid)))
