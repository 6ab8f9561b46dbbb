"""Case files: the open, versioned YAML format the kiosk reads (format 1, documented in cases/FORMAT.md).

A case is plain data once loaded. The loader is also the strict checker (`kiosk cases check`): every
problem is reported with the file and line, the case, the card or question and the field, and what is
expected, all at once but each cause once, so an author fixes a file in one pass:
`tutorial.yaml:57: case 'lamplighter', location_cards[3] (C04): icons: unknown icon 'gives_cake', ...`.
Beyond types, ranges and references it checks that a case can be solved: every question rests on two
readable cards (or says `single_card_ok`), and a lockpick-only card has a lockpick source; and what the
texts say (findings.py: an answer named on no card, a sealed answer given away, an answer one card settles).

Case text is content, not interface: each text field holds every language the case declares
(`{en: ..., es: ...}`), or one plain string used in all of them (a name such as "Scotland Yard").
"""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from kiosk.games.watson_holmes.case_parts import Card, Choice, Localized, Question
from kiosk.games.watson_holmes.findings import Setting, question_findings
from kiosk.games.watson_holmes.wording import fold
from kiosk.i18n import N_, Text, TextList, counted

FORMAT = "watson-holmes-case/1"
CASES_DIR = Path(__file__).with_name("cases")
ANSWER_KINDS = ("PERSON_FULL_NAME", "CHOICE", "NUMBER", "FREE_TEXT")
# Each icon and what it means, in words (the board's card detail and `kiosk cases show` say them).
ICON_WORDS = {
    "gives_police": N_("Gives a police token."),
    "gives_calloff": N_("Gives a call-off token."),
    "gives_lockpick": N_("Gives a lockpick."),
    "gives_carriages": N_("Gives carriages."),
    "no_watson": N_("Dr Watson cannot read it."),
    "no_police": N_("No police token may be put on it."),
    "lockpick_required": N_("Locked: a lockpick is needed to read it."),
}
ICONS = tuple(ICON_WORDS)
EDITIONS = ("kiosk", "physical")
DEFAULT_CARRIAGE_ICON = 2  # rules A10: the amount printed on a carriage icon is unknown
LANG_CODES = ("en", "es")


class CaseError(ValueError):
    """A case file that cannot be played; `problems` lists every one found (each names the file)."""

    def __init__(self, source: str, problems: list[Problem]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(source)

    def render(self, lang: str | None = None) -> str:
        return "\n".join(problem.render(lang) for problem in self.problems)

    def __str__(self) -> str:
        return self.render()


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
    expected_minutes: int  # how long a game of it usually lasts, for the game choice
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
    props: tuple[Localized, ...] = ()  # the case's own objects, compared across cases (cases/FORMAT.md)
    digest: str = ""  # sha256 of the file's bytes: a stored game replays only with the same file
    warnings: tuple[Problem, ...] = field(default=(), compare=False)  # what `kiosk cases check` reports but plays
    by_id: dict[str, Card] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.by_id.update({card.id: card for card in self.cards})

    def card(self, card_id: str) -> Card:
        return self.by_id[card_id]

    @property
    def players(self) -> Text:
        """Its player counts as a range, as each language writes one: "2–7" (an en dash) in English,
        «2-7» (a hyphen, the RAE's way) in Spanish."""
        return Text(N_("{low}\u2013{high}"), {"low": self.min_players, "high": self.max_players})

    def is_location(self, card_id: str) -> bool:
        return card_id in self.by_id

    def question(self, question_id: str) -> Question:
        return next(q for q in self.questions if q.id == question_id)

    def travel_cost(self, from_zone: str | None, to_zone: str | None) -> int:
        if from_zone is None or to_zone is None or from_zone == to_zone:
            return 0
        return self.travel[(from_zone, to_zone)]


FLAGS = ("no_watson_this_case", "no_holmes_this_case")

# Every field a mapping of the format may hold (text fields hold languages, checked on their own).
FIELDS: dict[str, tuple[str, ...]] = {
    "file": ("format", "case"),
    "case": ("id", "edition", "languages", "title", "difficulty", "min_players", "max_players", "expected_minutes", "intro",
             "questions", "props",
             "special_rules", "layout", "location_cards", "fixed_cards", "solution", "credits"),
    "layout": ("grid",),
    "grid": ("cols", "rows"),
    "special_rules": ("text", "start_resources", "police_limit_players", "zones", "zone_travel", "start_zone", "flags"),
    "start_resources": ("carriages", "police", "calloff", "lockpick"),
    "zone": ("id", "name"),
    "zone_travel": ("from", "to", "cost"),
    "card": ("id", "number", "front_name", "zone", "position", "icons", "gives_carriages", "back_text"),
    "position": ("col", "row"),
    "fixed_cards": ("baker_street_221b", "carriage_stop"),
    "baker_street_221b": ("id", "position", "answers_text"),
    "carriage_stop": ("id", "position", "gain"),
    "question": ("id", "number", "text", "answer_kind", "choices", "accepted", "range", "evidence", "reveal",
                 "single_card_ok", "free_text_is_the_point"),
    "choice": ("id", "label", "telling", "cleared_by"),
    "reveal": ("after_round", "on_card"),
    "solution": ("text",),
    "credits": ("author", "licence"),
}
# The ranges of every number of the format: (lowest, highest).
RANGES: dict[str, tuple[int, int]] = {
    "difficulty": (0, 5),
    "players": (2, 7),
    "minutes": (5, 240),
    "cols": (1, 8),
    "rows": (1, 6),
    "carriages": (0, 30),
    "token": (0, 1),
    "police_limit_players": (1, 7),
    "cost": (0, 10),
    "number": (1, 99),
    "gives_carriages": (1, 10),
    "gain": (1, 10),
    "after_round": (1, 20),
}
KIND_NAMES = {
    str: N_("text"),
    int: N_("a whole number"),
    dict: N_("a mapping of fields"),
    list: N_("a list"),
    bool: N_("true or false"),
}


@dataclass(frozen=True)
class Problem:
    """One fault of a case file: where (the file, its line when known, the case, card or question and
    field, all verbatim: they are the file's own words) and what is expected, translated."""

    source: str
    line: int | None
    where: str
    message: Text

    def render(self, lang: str | None = None) -> str:
        place = f"{self.source}:{self.line}" if self.line else self.source
        return f"{place}: {self.where}: {self.message.render(lang)}" if self.where else f"{place}: {self.message.render(lang)}"

    def __str__(self) -> str:
        return self.render()


class _Map(dict[Any, Any]):
    """A decoded YAML mapping that remembers the line of each of its keys (for the checker's messages)."""

    line: int | None = None
    key_lines: dict[Any, int]


class _Loader(yaml.SafeLoader):
    pass


def _construct_map(loader: _Loader, node: yaml.MappingNode) -> _Map:
    found = _Map(loader.construct_mapping(node, deep=True))
    found.line = node.start_mark.line + 1
    found.key_lines = {
        loader.construct_object(key): key.start_mark.line + 1 for key, _ in node.value if isinstance(key, yaml.ScalarNode)
    }
    return found


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)


def _line(data: Any, key: Any = None) -> int | None:
    if isinstance(data, _Map):
        return data.key_lines.get(key, data.line) if key is not None else data.line
    return None


def _shown(value: Any) -> str:
    return repr(value)


# The commonest short words of each language (none shared): a text of STOP_MIN_WORDS words or more
# whose words are more another language's than its own is that language's text, not a translation.
STOP_WORDS = {
    "en": frozenset("the and of to is was in he she it that with his her at on for you they were this".split()),
    "es": frozenset("el la los las de del y que un una es se con por su al lo le era estaba este esta".split()),
}
STOP_MIN_WORDS = 5


def _reads_as(text: str, lang: str) -> str | None:
    """The other language a text reads as (by its stop words), or None."""
    words = [word.strip(".,;:!?¡¿«»\"'()").casefold() for word in text.split()]
    if len(words) < STOP_MIN_WORDS or lang not in STOP_WORDS:
        return None
    own = sum(word in STOP_WORDS[lang] for word in words)
    for other, stop in STOP_WORDS.items():
        if other != lang and sum(word in stop for word in words) > max(own, 1):
            return other
    return None


class _Reader:
    """Walks the raw YAML, collecting problems with their path instead of stopping at the first.

    One cause is reported once: a misspelled key is reported as unknown (with the nearest known key)
    and not again as a missing field; a broken list of languages is not reported again on every text.
    """

    def __init__(self, source: str, languages: tuple[str, ...]) -> None:
        self.source = source
        self.languages = languages
        self.languages_ok = True
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.misspelled: set[tuple[int, str]] = set()  # (mapping, the known key it was meant to be)

    def fail(self, where: str, message: Text, node: Any = None, key: Any = None, line: int | None = None) -> None:
        problem = Problem(self.source, line or _line(node, key), where, message)
        if all((p.where, p.message) != (problem.where, problem.message) for p in self.problems):
            self.problems.append(problem)

    def warn(self, where: str, message: Text, node: Any = None, key: Any = None) -> None:
        self.warnings.append(Problem(self.source, _line(node, key), where, message))

    def fields(self, data: Any, kind: str, where: str) -> None:
        """Reports every key of `data` the format does not know, with the nearest known one."""
        if not isinstance(data, dict):
            return
        known = FIELDS[kind]
        for key in data:
            if key in known:
                continue
            near = difflib.get_close_matches(str(key), known, n=1, cutoff=0.6)
            if near and near[0] not in data:
                self.misspelled.add((id(data), near[0]))
                self.fail(where, Text(N_("unknown field '{key}', did you mean '{near}'?"), {"key": key, "near": near[0]}), data, key)
            else:
                self.fail(where, Text(N_("unknown field '{key}', expected one of {known}"), {"key": key, "known": ", ".join(known)}), data, key)

    def get(self, data: Any, key: str, where: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if not isinstance(data, dict):
            if data is not None:
                self.fail(where, Text(N_("must be a mapping of fields, got {got}"), {"got": _shown(data)}))
            return None if default is ... else default
        if key not in data or data[key] is None:
            if default is ...:
                if (id(data), key) not in self.misspelled:
                    self.fail(where, Text(N_("missing field '{key}'"), {"key": key}), data)
                return None
            return default
        value = data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            expected = TextList(tuple(Text(KIND_NAMES[k]) for k in kinds))
            self.fail(where, Text(N_("field '{key}' must be {kind}, got {got}"), {"key": key, "kind": expected, "got": _shown(value)}), data, key)
            return None if default is ... else default
        return value

    def whole(self, data: Any, key: str, where: str, default: Any, limits: str) -> Any:
        """A whole number within the format's range for it (RANGES); `default` ... means required."""
        value = self.get(data, key, where, int, default)
        low, high = RANGES[limits]
        if isinstance(value, int) and not low <= value <= high:
            self.fail(where, Text(N_("field '{key}' must be a whole number {low}-{high}, got {got}"),
                                  {"key": key, "low": low, "high": high, "got": value}), data, key)
            return default if default is not ... else None
        return value

    def one_of(self, data: Any, key: str, where: str, choices: tuple[str, ...], default: Any = ...) -> Any:
        value = self.get(data, key, where, str, default)
        if value is not None and value not in choices:
            self.fail(where, Text(N_("field '{key}' must be one of {choices}, got {got}"),
                                  {"key": key, "choices": ", ".join(choices), "got": _shown(value)}), data, key)
            return None
        return value

    def text(self, data: Any, key: str, where: str, required: bool = True) -> Localized | None:
        value = self.get(data, key, where, (str, dict), default=... if required else None)
        if value is None:
            return None
        if isinstance(value, str):
            if not value.strip():
                self.fail(where, Text(N_("field '{key}' is empty"), {"key": key}), data, key)
            return {lang: value for lang in self.languages}
        if self.languages_ok:
            missing = [lang for lang in self.languages if not isinstance(value.get(lang), str) or not value[lang].strip()]
            extra = sorted(str(lang) for lang in value if lang not in self.languages)
            if missing:
                self.fail(where, Text(N_("field '{key}' has no text in {langs}"), {"key": key, "langs": ", ".join(missing)}), data, key)
            if extra:
                self.fail(where, Text(N_("field '{key}' has text in {langs}, which the case does not declare in 'languages'"),
                                      {"key": key, "langs": ", ".join(extra)}), data, key)
        found = {lang: str(value.get(lang, "")) for lang in self.languages}
        for lang, said in found.items():
            other = _reads_as(said, lang)
            if other is not None:
                self.warn(where, Text(N_("field '{key}' in {lang} reads as {other} (its common words are {other}'s): "
                                         "is it the translation?"), {"key": key, "lang": lang, "other": other}), data, key)
        return found

    def items(self, data: Any, key: str, where: str) -> list[Any]:
        found = self.get(data, key, where, list, default=[])
        return list(found)

    def texts(self, data: Any, key: str, where: str) -> tuple[Localized, ...]:
        """An optional list of texts (`telling`, `props`): each per language, or one plain string."""
        found = [self.text({key: item}, key, where) for item in self.items(data, key, where)]
        return tuple(text for text in found if text)

    def position(self, data: Any, where: str, grid: tuple[int, int]) -> tuple[int, int]:
        raw = self.get(data, "position", where, dict)
        self.fields(raw, "position", f"{where}, position")
        col = self.get(raw, "col", f"{where}, position", int)
        row = self.get(raw, "row", f"{where}, position", int)
        if isinstance(col, int) and isinstance(row, int):
            if not (1 <= col <= grid[0] and 1 <= row <= grid[1]):
                self.fail(where, Text(N_("position {col},{row} is outside the {cols}x{rows} grid"),
                                      {"col": col, "row": row, "cols": grid[0], "rows": grid[1]}), data, "position")
            return (col, row)
        return (0, 0)


def parse_case(raw: Any, source: str, digest: str = "") -> Case:
    """Builds a Case from decoded YAML; raises CaseError listing every problem."""
    if not isinstance(raw, dict):
        raise CaseError(source, [Problem(source, None, "", Text(N_("the file must be a mapping with 'format' and 'case'")))])
    if raw.get("format") != FORMAT:
        raise CaseError(source, [Problem(source, _line(raw, "format"), "", Text(
            N_("field 'format' must be '{expected}', got {got}"), {"expected": FORMAT, "got": _shown(raw.get("format"))}))])
    data = raw.get("case")
    if not isinstance(data, dict):
        raise CaseError(source, [Problem(source, None, "", Text(N_("missing mapping 'case'")))])
    case_id = data.get("id")
    label = f"case '{case_id}'" if isinstance(case_id, str) and case_id else "case"
    r = _Reader(source, ("en",))
    r.fields(raw, "file", "")
    r.fields(data, "case", label)
    raw_langs = data.get("languages")
    if not isinstance(raw_langs, list) or not raw_langs or not all(lang in LANG_CODES for lang in raw_langs):
        r.languages_ok = False
        r.fail(label, Text(N_("field 'languages' must list some of {codes}, got {got}"),
                           {"codes": ", ".join(LANG_CODES), "got": _shown(raw_langs)}), data, "languages")
    else:
        r.languages = tuple(raw_langs)
    languages = r.languages
    r.get(data, "id", label, str)
    edition = r.one_of(data, "edition", label, EDITIONS, default="kiosk")
    kiosk = edition != "physical"
    title = r.text(data, "title", label) or {}
    difficulty = r.whole(data, "difficulty", label, 1, "difficulty")
    min_players = r.whole(data, "min_players", label, 2, "players")
    max_players = r.whole(data, "max_players", label, 7, "players")
    if min_players > max_players:
        r.fail(label, Text(N_("min_players ({low}) is more than max_players ({high})"), {"low": min_players, "high": max_players}), data, "min_players")
    expected_minutes = r.whole(data, "expected_minutes", label, 45, "minutes")
    intro = r.text(data, "intro", label, required=kiosk)

    layout = r.get(data, "layout", label, dict, default={})
    r.fields(layout, "layout", f"{label}, layout")
    grid_raw = r.get(layout, "grid", f"{label}, layout", dict, default={})
    r.fields(grid_raw, "grid", f"{label}, layout.grid")
    grid = (r.whole(grid_raw, "cols", f"{label}, layout.grid", 6, "cols"), r.whole(grid_raw, "rows", f"{label}, layout.grid", 4, "rows"))

    special = r.get(data, "special_rules", label, dict, default={})
    where_special = f"{label}, special_rules"
    r.fields(special, "special_rules", where_special)
    special_text = r.text(special, "text", where_special, required=False)
    start_raw = r.get(special, "start_resources", where_special, dict, default={})
    where_start = f"{where_special}, start_resources"
    r.fields(start_raw, "start_resources", where_start)
    start = {
        "carriages": r.whole(start_raw, "carriages", where_start, 10, "carriages"),
        **{token: r.whole(start_raw, token, where_start, default, "token") for token, default in (("police", 1), ("calloff", 0), ("lockpick", 0))},
    }
    police_limit = r.whole(special, "police_limit_players", where_special, 5, "police_limit_players")
    zones: list[Zone] = []
    for index, zone_raw in enumerate(r.items(special, "zones", where_special)):
        where = f"{where_special}, zones[{index}]"
        r.fields(zone_raw, "zone", where)
        zone_id = r.get(zone_raw, "id", where, str)
        if zone_id is not None and zone_id in [z.id for z in zones]:
            r.fail(where, Text(N_("zone id '{id}' is used twice"), {"id": zone_id}), zone_raw, "id")
        zones.append(Zone(zone_id or "", r.text(zone_raw, "name", where) or {}))
    zone_ids = [z.id for z in zones]
    travel: dict[tuple[str, str], int] = {}
    for index, leg in enumerate(r.items(special, "zone_travel", where_special)):
        where = f"{where_special}, zone_travel[{index}]"
        r.fields(leg, "zone_travel", where)
        a, b = r.get(leg, "from", where, str), r.get(leg, "to", where, str)
        cost = r.whole(leg, "cost", where, ..., "cost")
        for key, end in (("from", a), ("to", b)):
            if end is not None and end not in zone_ids:
                r.fail(where, _unknown(N_("no zone '{name}', expected one of {known}"), end, zone_ids), leg, key)
        if a and b:  # a bad cost is reported above, not again as a missing leg
            travel[(a, b)] = cost if isinstance(cost, int) else 0
    for a in zone_ids:
        for b in zone_ids:
            if a != b and (a, b) not in travel:
                r.fail(where_special, Text(N_("zone_travel has no cost from {a} to {b}"), {"a": a, "b": b}), special, "zone_travel")
    start_zone = r.get(special, "start_zone", where_special, str, default=zone_ids[0] if zone_ids else None)
    if zones and start_zone not in zone_ids:
        r.fail(where_special, _unknown(N_("no zone '{name}', expected one of {known}"), start_zone, zone_ids), special, "start_zone")
    if not zones:
        start_zone = None
    flags = r.items(special, "flags", where_special)
    for flag in flags:
        if flag not in FLAGS:
            r.fail(where_special, _unknown(N_("unknown flag '{name}', expected one of {known}"), flag, FLAGS), special, "flags")

    cards = _cards(r, data, label, kiosk, grid, zone_ids)
    fixed = r.get(data, "fixed_cards", label, dict, default={})
    r.fields(fixed, "fixed_cards", f"{label}, fixed_cards")
    baker = r.get(fixed, "baker_street_221b", f"{label}, fixed_cards", dict, default={})
    where_baker = f"{label}, fixed_cards.baker_street_221b"
    r.fields(baker, "baker_street_221b", where_baker)
    baker_id = r.get(baker, "id", where_baker, str, default="C221B")
    baker_pos = r.position(baker, where_baker, grid) if baker else (grid[0], 1)
    answers_text = r.text(baker, "answers_text", where_baker, required=False)
    stop = r.get(fixed, "carriage_stop", f"{label}, fixed_cards", dict, default={})
    where_stop = f"{label}, fixed_cards.carriage_stop"
    r.fields(stop, "carriage_stop", where_stop)
    stop_id = r.get(stop, "id", where_stop, str, default="STOP")
    stop_pos = r.position(stop, where_stop, grid) if stop else (grid[0], grid[1])
    stop_gain = r.whole(stop, "gain", where_stop, 3, "gain")

    # every card with its id, place and the lines of both (the second of two is where a clash is told)
    raw_cards = [c for c in data.get("location_cards") or [] if isinstance(c, dict)]  # one Card each, in order
    placed = [(c.id, c.position, c.line, _line(raw, "position")) for c, raw in zip(cards, raw_cards)]
    for card_id, pos, raw in ((baker_id, baker_pos, baker), (stop_id, stop_pos, stop)):
        line = _line(raw, "id") if raw else _line(fixed)
        placed.append((card_id, pos, line, _line(raw, "position") if raw else line))
    seen: set[str] = set()
    places: dict[tuple[int, int], str] = {}
    for card_id, pos, id_line, pos_line in placed:
        if card_id and card_id in seen:
            r.fail(label, Text(N_("card id '{id}' is used twice"), {"id": card_id}), line=id_line)
        seen.add(card_id)
        if pos in places and pos != (0, 0):
            r.fail(label, Text(N_("cards {a} and {b} are both at position {col},{row}"),
                               {"a": places[pos], "b": card_id, "col": pos[0], "row": pos[1]}), line=pos_line)
        places[pos] = card_id
    lockpick_ok = _lockpick_reachable(r, label, cards, start)

    read: list[tuple[Question, dict[str, Any], str]] = []  # each question with its mapping (for lines) and its place
    questions_raw = r.items(data, "questions", label)
    if not questions_raw and (id(data), "questions") not in r.misspelled:
        r.fail(label, Text(N_("a case needs at least one question in 'questions'")), data)
    for index, q_raw in enumerate(questions_raw):
        q_id = q_raw.get("id") if isinstance(q_raw, dict) else None
        where = f"{label}, questions[{index}]" + (f" ({q_id})" if isinstance(q_id, str) else "")
        if not isinstance(q_raw, dict):
            r.fail(where, Text(N_("must be a mapping of fields, got {got}"), {"got": _shown(q_raw)}))
            continue
        read.append((_question(r, q_raw, where, kiosk, cards, lockpick_ok), q_raw, where))
    questions = [question for question, _, _ in read]
    q_ids: set[str] = set()
    for question, q_raw, _ in read:  # the second of two is where the fault is
        if question.id and question.id in q_ids:
            r.fail(label, Text(N_("question id '{id}' is used twice"), {"id": question.id}), q_raw, "id")
        q_ids.add(question.id)
    numbers = sorted(q.number for q in questions)
    if all(n != -1 for n in numbers) and numbers != list(range(1, len(questions) + 1)):
        r.fail(label, Text(N_("question numbers must run 1, 2, 3... without gaps or repeats, got {got}"),
                           {"got": ", ".join(map(str, numbers))}), data, "questions")

    solution_raw = data.get("solution")
    r.fields(solution_raw, "solution", f"{label}, solution")
    solution = r.text(solution_raw, "text", f"{label}, solution", required=kiosk) if kiosk or solution_raw else None
    if kiosk and solution_raw is None and (id(data), "solution") not in r.misspelled:
        r.fail(label, Text(N_("missing field '{key}'"), {"key": "solution"}), data)
    credits = r.get(data, "credits", label, dict, default={})
    r.fields(credits, "credits", f"{label}, credits")
    props = r.texts(data, "props", label)
    if r.problems:
        raise CaseError(source, r.problems)
    if kiosk:
        _find(r, read, Setting(tuple(cards), intro, special_text, difficulty, languages))
    return Case(
        id=str(case_id),
        source=source,
        edition=str(edition),
        title=title,
        difficulty=difficulty,
        min_players=min_players,
        max_players=max_players,
        expected_minutes=expected_minutes,
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
        props=props,
        digest=digest,
        warnings=tuple(r.warnings),
    )


def _find(r: _Reader, read: list[tuple[Question, dict[str, Any], str]], setting: Setting) -> None:
    """The findings about what the texts say (findings.py), as warnings at the line of the field each
    is about: the choice, the evidence card, or the question's field. A suspect of two questions whose
    name is on no card is one cause: told once, at the first."""
    told: set[str] = set()
    for question, q_raw, where in read:
        for finding in question_findings(question, setting):
            said = finding.message.render("en")
            if said in told:
                continue
            told.add(said)
            node = q_raw.get(finding.field)
            if isinstance(node, list) and isinstance(finding.item, int) and finding.item < len(node):
                line = _line(node[finding.item], "label")
            elif isinstance(node, dict) and finding.item is not None:
                line = _line(node, finding.item)
            else:
                line = None
            r.warnings.append(Problem(r.source, line or _line(q_raw, finding.field), where, finding.message))


def _unknown(msgid: str, name: Any, known: Any) -> Text:
    return Text(msgid, {"name": name, "known": ", ".join(known) or "-"})


def _cards(r: _Reader, data: Any, label: str, kiosk: bool, grid: tuple[int, int], zone_ids: list[str]) -> list[Card]:
    cards: list[Card] = []
    cards_raw = r.items(data, "location_cards", label)
    if not cards_raw and (id(data), "location_cards") not in r.misspelled:
        r.fail(label, Text(N_("a case needs at least one card in 'location_cards'")), data)
    numbers: set[int] = set()
    for index, card_raw in enumerate(cards_raw):
        card_id = card_raw.get("id") if isinstance(card_raw, dict) else None
        where = f"{label}, location_cards[{index}]" + (f" ({card_id})" if isinstance(card_id, str) else "")
        if not isinstance(card_raw, dict):
            r.fail(where, Text(N_("must be a mapping of fields, got {got}"), {"got": _shown(card_raw)}))
            continue
        r.fields(card_raw, "card", where)
        r.get(card_raw, "id", where, str)
        number = r.whole(card_raw, "number", where, ..., "number")
        if isinstance(number, int) and number in numbers:
            r.fail(where, Text(N_("card number {number} is used twice"), {"number": number}), card_raw, "number")
        numbers.add(number)
        name = r.text(card_raw, "front_name", where) or {}
        zone = r.get(card_raw, "zone", where, str, default=None)
        if zone_ids and zone is None and (id(card_raw), "zone") not in r.misspelled:
            r.fail(where, Text(N_("missing field 'zone' (the case has zones)")), card_raw)
        elif zone is not None and zone not in zone_ids:
            r.fail(where, _unknown(N_("no zone '{name}', expected one of {known}"), zone, zone_ids), card_raw, "zone")
        icons = r.items(card_raw, "icons", where)
        for icon in icons:
            if icon not in ICONS:
                near = difflib.get_close_matches(str(icon), ICONS, n=1, cutoff=0.6)
                expected = f"'{near[0]}'?" if near else ", ".join(ICONS)
                r.fail(where, Text(N_("icons: unknown icon '{icon}', expected {expected}"), {"icon": icon, "expected": expected}), card_raw, "icons")
        if "gives_police" in icons and "no_police" in icons:
            r.fail(where, Text(N_("icons: gives_police and no_police together say the same thing twice; keep gives_police")), card_raw, "icons")
        gain = 0
        if "gives_carriages" in icons:
            gain = r.whole(card_raw, "gives_carriages", where, DEFAULT_CARRIAGE_ICON, "gives_carriages")
        elif "gives_carriages" in card_raw:
            r.fail(where, Text(N_("gives_carriages is set but the card has no gives_carriages icon")), card_raw, "gives_carriages")
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
                line=_line(card_raw),
            )
        )
    return cards


def _lockpick_reachable(r: _Reader, label: str, cards: list[Card], start: dict[str, int]) -> bool:
    """A lockpick-only card can be read only if the case has a lockpick source: a card with the
    gives_lockpick icon that needs no lockpick itself, or a lockpick in every player's start."""
    locked = [card for card in cards if "lockpick_required" in card.icons]
    if any(problem.message.msgid.startswith("icons: unknown icon") for problem in r.problems):
        return True  # the misspelled icon may be the source: reported once, as what it is
    source = start["lockpick"] > 0 or any("gives_lockpick" in c.icons and "lockpick_required" not in c.icons for c in cards)
    if locked and not source:
        r.fail(label, counted(
            "{cards} needs a lockpick, but nothing gives one: give a card that needs none the "
            "gives_lockpick icon, or set special_rules.start_resources.lockpick: 1",
            "{cards} need a lockpick, but nothing gives one: give a card that needs none the "
            "gives_lockpick icon, or set special_rules.start_resources.lockpick: 1",
            len(locked), cards=", ".join(card.id for card in locked)), line=locked[0].line)
        return False
    return True


def _question(r: _Reader, q: dict[str, Any], where: str, kiosk: bool, cards: list[Card], lockpick_ok: bool) -> Question:
    r.fields(q, "question", where)
    card_ids = [c.id for c in cards]
    q_id = r.get(q, "id", where, str)
    number = r.whole(q, "number", where, ..., "number")
    text = r.text(q, "text", where, required=kiosk)
    kind = r.one_of(q, "answer_kind", where, ANSWER_KINDS, default="FREE_TEXT")
    if (id(q), "answer_kind") in r.misspelled:
        kind = None  # reported as misspelled: its default would bring knock-on errors
    choices: list[Choice] = []
    for index, c in enumerate(r.items(q, "choices", where)):
        cw = f"{where}, choices[{index}]"
        r.fields(c, "choice", cw)
        choice_id = r.get(c, "id", cw, str) or ""
        if choice_id and choice_id in [known.id for known in choices]:
            r.fail(cw, Text(N_("choice id '{id}' is used twice"), {"id": choice_id}), c, "id")
        choices.append(Choice(choice_id, r.text(c, "label", cw) or {}, r.texts(c, "telling", cw),
                              _cleared_by(r, c, cw, cards)))
    choice_ids = [c.id for c in choices]
    accepted = r.items(q, "accepted", where)
    number_range = None
    if kind in ("CHOICE", "PERSON_FULL_NAME"):
        if len(choices) < 2:
            r.fail(where, Text(N_("{kind} needs at least 2 choices for the picker"), {"kind": kind}), q, "choices")
        for answer in accepted:
            if answer not in choice_ids:
                r.fail(where, _unknown(N_("accepted answer '{name}' is not one of the choice ids ({known})"), answer, choice_ids), q, "accepted")
    elif kind == "NUMBER":
        raw_range = r.get(q, "range", where, list, default=[0, 20])
        if len(raw_range) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw_range) or raw_range[0] > raw_range[1]:
            r.fail(where, Text(N_("field 'range' must be [lowest, highest] whole numbers, got {got}"), {"got": _shown(raw_range)}), q, "range")
        else:
            number_range = (raw_range[0], raw_range[1])
            for answer in accepted:
                if not isinstance(answer, int) or isinstance(answer, bool) or not number_range[0] <= answer <= number_range[1]:
                    r.fail(where, Text(N_("accepted answer {answer} is not a whole number {low}-{high} (the range)"),
                                       {"answer": _shown(answer), "low": number_range[0], "high": number_range[1]}), q, "accepted")
    elif kind == "FREE_TEXT":
        if choices:
            r.fail(where, Text(N_("FREE_TEXT takes no choices; use CHOICE for a picker")), q, "choices")
        accepted = [r.text({"accepted": answer}, "accepted", where) for answer in accepted]
    if kiosk and kind is not None and not accepted and (id(q), "accepted") not in r.misspelled:
        r.fail(where, Text(N_("accepted: a kiosk case needs the right answer (a choice id, a number or the text)")), q)
    reveal_raw = q.get("reveal", "AT_START")
    reveal, reveal_at = "start", None
    r.fields(reveal_raw, "reveal", f"{where}, reveal")
    if reveal_raw == "AT_START":
        pass
    elif isinstance(reveal_raw, dict) and len(reveal_raw) == 1 and "after_round" in reveal_raw:
        reveal_at = r.whole(reveal_raw, "after_round", f"{where}, reveal", ..., "after_round")
        reveal = "round"
    elif isinstance(reveal_raw, dict) and len(reveal_raw) == 1 and "on_card" in reveal_raw:
        reveal, reveal_at = "card", reveal_raw["on_card"]
        if card_ids and reveal_at not in card_ids:
            r.fail(where, _unknown(N_("reveal.on_card: no location card '{name}', expected one of {known}"), reveal_at, card_ids), q, "reveal")
    elif not (isinstance(reveal_raw, dict) and set(reveal_raw) - set(FIELDS["reveal"])):
        r.fail(where, Text(N_("field 'reveal' must be AT_START, {{after_round: N}} or {{on_card: CARD}}, got {got}"), {"got": _shown(reveal_raw)}), q, "reveal")
    evidence, phrases = _evidence(r, q, where, cards)
    listed = q.get("evidence")
    for card in evidence:
        if card_ids and card not in card_ids:  # no cards at all: reported once, above
            r.fail(where, _unknown(N_("evidence: no location card '{name}', expected one of {known}"), card, card_ids),
                   line=_line(listed, card) if isinstance(listed, dict) else _line(q, "evidence"))
    if len({str(card) for card in evidence}) != len(evidence):
        r.fail(where, Text(N_("evidence: a card is listed twice")), q, "evidence")
    single = r.get(q, "single_card_ok", where, bool, default=False)
    free_on_purpose = r.get(q, "free_text_is_the_point", where, bool, default=False)
    if kiosk and card_ids and (id(q), "evidence") not in r.misspelled:
        _check_solvable(r, q, where, evidence, cards, lockpick_ok, single)
    return Question(
        evidence=tuple(evidence),
        evidence_phrases=phrases,
        single_card_ok=bool(single),
        free_text_is_the_point=bool(free_on_purpose),
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


def _evidence(r: _Reader, q: dict[str, Any], where: str, cards: list[Card]) -> tuple[list[Any], dict[str, Localized]]:
    """The evidence cards and, per card and language, the phrase on that card that supports the answer.
    The old list form (`evidence: [C03, C09]`) still loads, with a warning; a phrase that is not on its
    card's front name or back text in that language is an error."""
    raw = q.get("evidence")
    if isinstance(raw, list):
        if raw:
            r.warn(where, Text(N_("evidence lists cards without the phrase each card shows: name it, "
                                  "`{card}: \"...\"`"), {"card": raw[0]}), q, "evidence")
        return list(raw), {}
    found = r.get(q, "evidence", where, dict, default={})
    return list(found), _phrases_on_cards(r, found, f"{where}, evidence", cards)


def _phrases_on_cards(r: _Reader, found: dict[Any, Any], where: str, cards: list[Card]) -> dict[str, Localized]:
    """Per card and language, the phrase it shows (`evidence`, `cleared_by`); a phrase that is not on
    its card's front name or back text in that language is an error."""
    by_id = {card.id: card for card in cards}
    phrases: dict[str, Localized] = {}
    for card_id in found:
        phrase = r.text(found, card_id, where)
        card = by_id.get(card_id) if isinstance(card_id, str) else None
        if phrase is None or card is None or card.text is None:
            continue
        phrases[card_id] = phrase
        for lang, said in phrase.items():
            if not card.text.get(lang, "").strip():  # a card's missing text is its own problem, told once
                continue
            shown = f"{card.name.get(lang, '')} {card.text[lang]}"
            if said.strip() and fold(said) not in fold(shown):
                r.fail(where, Text(N_("the phrase \"{phrase}\" ({lang}) is not on card {card}"),
                                   {"phrase": said, "lang": lang, "card": card_id}), found, card_id)
    return phrases


def _cleared_by(r: _Reader, choice: Any, where: str, cards: list[Card]) -> tuple[tuple[str, ...], ...]:
    """A choice's `cleared_by`: a list of ways, each a mapping of the cards that together rule the choice
    out to the phrase each shows (checked as `evidence` is)."""
    ways: list[tuple[str, ...]] = []
    card_ids = [card.id for card in cards]
    for index, way in enumerate(r.items(choice, "cleared_by", where)):
        at = f"{where}, cleared_by[{index}]"
        if not isinstance(way, dict) or not way:
            r.fail(at, Text(N_("a way of clearing a choice is a mapping of cards to the phrase each shows, such as "
                               "`{{C05: \"at the piano\"}}`, got {got}"), {"got": _shown(way)}), choice, "cleared_by")
            continue
        for card_id in way:
            if card_ids and card_id not in card_ids:
                r.fail(at, _unknown(N_("cleared_by: no location card '{name}', expected one of {known}"), card_id, card_ids),
                       way, card_id)
        _phrases_on_cards(r, way, at, cards)
        ways.append(tuple(str(card_id) for card_id in way))
    return tuple(ways)


def _check_solvable(r: _Reader, q: dict[str, Any], where: str, evidence: list[Any], cards: list[Card],
                    lockpick_ok: bool, single: bool) -> None:
    """Every question rests on two readable cards or more (a lost auction must not make the case
    unsolvable), unless the question says `single_card_ok: true`. A card nobody can read (it needs
    a lockpick the case never gives) does not count; if that is the cause it is reported once, above."""
    by_id = {card.id: card for card in cards}
    readable = [c for c in evidence if isinstance(c, str) and c in by_id and (lockpick_ok or "lockpick_required" not in by_id[c].icons)]
    needed = 1 if single else 2
    if len(readable) < needed and all(isinstance(c, str) and c in by_id for c in evidence) and lockpick_ok:
        r.fail(where, counted(
            "evidence: the answer rests on {count} readable card ({cards}); list in 'evidence' at least two "
            "cards that establish it, or mark the question 'single_card_ok: true'",
            "evidence: the answer rests on {count} readable cards ({cards}); list in 'evidence' at least two "
            "cards that establish it, or mark the question 'single_card_ok: true'",
            len(readable), cards=", ".join(readable) or "-"), q, "evidence")

def load_case_file(path: Path) -> Case:
    """Reads and checks one case file; raises CaseError naming the file."""
    source = path.name
    try:
        data = path.read_bytes()
        text = data.decode("utf-8")
    except OSError as error:
        raise CaseError(source, [Problem(source, None, "", Text(N_("cannot read the file: {detail}"),
                                                                {"detail": error.strerror or str(error)}))]) from error
    except UnicodeDecodeError as error:
        raise CaseError(source, [Problem(source, None, "", Text(N_("cannot read the file: it is not UTF-8 text ({detail})"),
                                                                {"detail": error.reason}))]) from error
    try:
        raw = yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader that keeps line numbers
    except yaml.MarkedYAMLError as error:
        raise CaseError(source, [_yaml_problem(source, text, error)]) from error
    except yaml.YAMLError as error:
        raise CaseError(source, [Problem(source, None, "", Text(N_("not valid YAML: {problem}"), {"problem": str(error)}))]) from error
    return parse_case(raw, source, hashlib.sha256(data).hexdigest())


def _runaway_quote(text: str, mark: Any) -> Any:
    """The quoted text that swallowed the lines up to an error, if any: an unclosed quote runs on to the
    next quote character, lines later, where the parser then fails; the cause is where it opened."""
    last = None
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if token.end_mark.index > mark.index:
                break
            if isinstance(token, yaml.ScalarToken):
                last = token
    except yaml.YAMLError:
        pass
    if last is not None and last.style in ('"', "'") and last.start_mark.line < last.end_mark.line <= mark.line <= last.end_mark.line + 1:
        return last
    return None


# What the YAML parser says of a line indented out of step (its words, not an author's).
_INDENT_SIGNS = ("expected <block end>", "mapping values are not allowed here", "did not find expected key",
                 "expected <document start>")


def _yaml_problem(source: str, text: str, error: yaml.MarkedYAMLError) -> Problem:
    """A YAML error where its cause is: an unclosed quote or bracket where it opens (the error's context
    mark), not where the parser gave up lines later; with the offending line and a caret under the column."""
    mark = error.problem_mark
    opened = ("quoted scalar", "flow sequence", "flow mapping")  # what is opened here and never closed
    if error.context_mark is not None and any(what in (error.context or "") for what in opened):
        mark = error.context_mark
    problem: str | Text = " ".join(part for part in (error.context, error.problem) if part)
    if mark is None:
        return Problem(source, None, "", Text(N_("not valid YAML: {problem}"), {"problem": problem}))
    raw_problem = str(problem)
    if "\t" in raw_problem or "'\\t'" in raw_problem:
        problem = Text(N_("a tab character: indent with spaces only"))
    elif any(sign in raw_problem for sign in _INDENT_SIGNS):
        problem = Text(N_("this line is indented differently from the fields around it: give it as many spaces "
                          "as the other fields of the same mapping (or, for a text with ': ' in it, put it in quotes)"))
    runaway = _runaway_quote(text, mark)
    if runaway is not None:
        mark = runaway.start_mark
        problem = Text(N_("a quoted text opens here and runs on to line {end}: is its closing quote missing?"),
                       {"end": runaway.end_mark.line + 1})
    lines = text.splitlines()
    shown = lines[mark.line] if mark.line < len(lines) else ""
    return Problem(source, mark.line + 1, "", Text(
        N_("not valid YAML at line {line}, column {column}: {problem}\n    {text}\n    {caret}"),
        {"line": mark.line + 1, "column": mark.column + 1, "problem": problem, "text": shown, "caret": " " * mark.column + "^"}))
