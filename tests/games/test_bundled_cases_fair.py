"""Every bundled Watson & Holmes case (each `*.yaml` of the cases folder, whatever its number) is fair
to play: it passes the strict checker, it says how hard and how long it is and for how many players,
and its cards do not give the culprit away.

The culprit rule. The culprit is the accepted answer of the case's "who did it" question: its first
`PERSON_FULL_NAME` question by number (by convention, question 1 of every bundled case). A location
card *names* the culprit when its front or its back, in any language of the case, holds:

- a word of the culprit's full name that no other choice of that question holds (so "Reeve" or
  "Julian" counts, but the family name "Thornbury" of "Arthur Thornbury" does not: Constance
  Thornbury, another choice, shares it, and so does the house, so it singles nobody out), matched
  as a whole word with its capital ("Marsh's" counts, "marshland" and "the marsh" do not);
- or the culprit's initials as a word, with or without stops and a space ("J.R.", "J. R.", "JR").

At most a third of the location cards may name the culprit: the players must reason their way to
the answer from alibis, means and motive spread over several suspects, not count whose name comes up
most. A description that points at one person alone ("the doctor" where there is one doctor) is a
matter for the author's judgement and is not counted here. A tutorial (difficulty 0) may name its
culprit on up to half its cards: it teaches the turn, the auction and the notes, with a culprit the
players are meant to find on a handful of cards (the Lamplighter's 8 cards name its clerk on 4).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from kiosk.games.watson_holmes.case import CASES_DIR, Case, Choice, Question, load_case_file

CASE_FILES = sorted(CASES_DIR.glob("*.yaml"))
DECLARED = ("difficulty", "min_players", "max_players", "expected_minutes")


def culprit_question(case: Case) -> Question:
    asks_who = [q for q in sorted(case.questions, key=lambda q: q.number) if q.answer_kind == "PERSON_FULL_NAME"]
    assert asks_who, f"{case.id}: no PERSON_FULL_NAME question asks who did it"
    return asks_who[0]


def name_words(label: dict[str, str]) -> set[str]:
    return {word for text in label.values() for word in re.findall(r"[^\W\d_]+", text) if word[0].isupper()}


def culprit_pattern(question: Question) -> re.Pattern[str]:
    """Whole words of the culprit's name that no other choice shares, or the culprit's initials."""
    assert len(question.accepted) == 1, f"{question.id} accepts {question.accepted}: a culprit question has one answer"
    answer = question.accepted[0]
    labels = {choice.id: choice.label for choice in question.choices}
    others = set().union(*(name_words(label) for cid, label in labels.items() if cid != answer))
    own = sorted(name_words(labels[answer]) - others)
    assert own, f"the culprit's name {labels[answer]} shares every word with another choice"
    parts = [re.escape(word) for word in own]
    initials = [word[0] for word in next(iter(labels[answer].values())).split() if word[:1].isupper()]
    if len(initials) >= 2:
        parts.append(r"\.?\s?".join(initials) + r"\.?")
    return re.compile(r"(?<![\w.])(?:" + "|".join(parts) + r")(?!\.?\w)")


def naming_cards(case: Case) -> list[str]:
    pattern = culprit_pattern(culprit_question(case))
    found = []
    for card in case.cards:
        texts = [*card.name.values(), *(card.text or {}).values()]
        if any(pattern.search(text) for text in texts):
            found.append(card.id)
    return found


@pytest.fixture(params=CASE_FILES, ids=lambda path: path.stem)
def case_file(request: pytest.FixtureRequest) -> Path:
    return request.param


def test_the_folder_holds_the_bundled_cases():
    assert len(CASE_FILES) >= 2


def test_each_case_passes_the_strict_checker(case_file: Path):
    case = load_case_file(case_file)  # raises CaseError with every problem found
    assert case.edition == "kiosk" and case.cards and case.solution


def test_each_case_declares_its_difficulty_players_and_length(case_file: Path):
    raw = yaml.safe_load(case_file.read_text(encoding="utf-8"))["case"]
    missing = [key for key in DECLARED if key not in raw]
    assert not missing, f"{case_file.name} leaves {missing} to the defaults: say them"
    case = load_case_file(case_file)
    assert case.min_players <= case.max_players


def test_at_most_a_third_of_the_cards_name_the_culprit(case_file: Path):
    case = load_case_file(case_file)
    share = 2 if case.difficulty == 0 else 3  # a tutorial: half, see the module's docstring
    named = naming_cards(case)
    assert share * len(named) <= len(case.cards), (
        f"{case.id}: {len(named)} of {len(case.cards)} location cards name the culprit: {named}")


def test_every_case_id_is_its_own():
    ids = [load_case_file(path).id for path in CASE_FILES]
    assert len(ids) == len(set(ids))


# The rule itself, on a made-up question: it must catch what it claims to catch, and no more.


def _question_of(*labels: str) -> Question:
    choices = tuple(Choice(f"c{i}", {"en": label, "es": label}) for i, label in enumerate(labels))
    return Question("Q1", 1, {"en": "Who?"}, "PERSON_FULL_NAME", choices, ("c0",), None, "start")


@pytest.mark.parametrize(
    "text, names",
    [
        ("Dr Reeve took the 4:10.", True),
        ("On Dr Reeve's desk.", True),
        ("Julian was late.", True),
        ("A label initialled J.R. in ink.", True),
        ("A label initialled J. R.", True),
        ("Signed JR, in haste.", True),
        ("The reeve of the manor.", False),  # a common word, without its capital
        ("Reeves and sons, grocers.", False),  # another word
        ("Arthur Thornbury was at the Lyceum.", False),
        ("JRR Tolkien", False),
        ("J.R.R.", False),
    ],
)
def test_the_culprit_rule_counts_names_and_initials_only(text: str, names: bool):
    pattern = culprit_pattern(_question_of("Julian Reeve", "Arthur Thornbury", "Constance Thornbury"))
    assert bool(pattern.search(text)) is names


@pytest.mark.parametrize(
    "text, names",
    [
        ("Young Arthur owes a few hundred.", True),
        ("Initialled A.T. in pencil.", True),
        ("Lord Thornbury's clock.", False),  # the family name Constance Thornbury shares
        ("Lady Constance sent it.", False),
    ],
)
def test_a_family_name_others_share_does_not_count(text: str, names: bool):
    pattern = culprit_pattern(_question_of("Arthur Thornbury", "Constance Thornbury", "Julian Reeve"))
    assert bool(pattern.search(text)) is names
