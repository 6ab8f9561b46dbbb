"""How hard a case plays, read from its cards (`kiosk cases check`; cases/FORMAT.md, "Difficulty").

Singled out: a location card singles out a question's answer when its front name or back text, in any
language of the case, holds one of the answer's forms:
- its name, found automatically: for a person every capitalised word of the full name that no other
  choice holds ("Hester", not the "Lark" Adela Lark shares), or the initials ("H.L.", "H. L.", "HL");
  for another choice the capitalised words after the first that no other choice holds ("St Anne's
  Church"), or, with none, the whole label; for a number the value; for free text an accepted form;
- or a description only it fits, which the author lists on the choice as `telling` ("the copyist").

Needed to exclude: a choice's `cleared_by` lists the ways the cards rule it out, each way the cards that
together do it; the cards needed to exclude it are those of its shortest way. The nearest alternative
of the culprit question (its first PERSON_FULL_NAME question) is the other choice that needs the most.

The band: the highest difficulty whose two bars the case clears (BANDS): the culprit singled out on at
most that share of the cards, and at least that many cards needed to exclude the nearest alternative.
A case that clears none plays at 0-1 (a tutorial or an easy case).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from kiosk.games.watson_holmes.case_parts import Card, Choice, Question
from kiosk.games.watson_holmes.wording import has_word, name_words, quantities, words

if TYPE_CHECKING:
    from kiosk.games.watson_holmes.case import Case

# difficulty: (the largest share of the cards that may single out the culprit, the fewest cards needed
# to exclude the nearest alternative); the first a case clears is its band
BANDS: tuple[tuple[int, Fraction, int], ...] = (
    (5, Fraction(1, 5), 4),
    (4, Fraction(1, 4), 3),
    (3, Fraction(1, 3), 2),
    (2, Fraction(1, 2), 1),
)
EASIEST = (0, 1)  # the band of a case that clears no bar: a tutorial (0) or an easy case (1)


@dataclass(frozen=True)
class Singled:
    """The cards that single out one question's answer."""

    question: Question
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Exclusion:
    """The culprit question's alternatives: how many cards each needs to be excluded (None: no way given)."""

    question: Question
    needed: dict[str, int | None]  # choice id -> cards of its shortest way

    @property
    def nearest(self) -> Choice | None:
        """The alternative that takes the most cards to exclude (the first, on a tie)."""
        known = [c for c in self.question.choices if self.needed.get(c.id) is not None]
        return max(known, key=lambda c: self.needed[c.id] or 0, default=None)

    @property
    def depth(self) -> int:
        nearest = self.nearest
        return (self.needed[nearest.id] or 0) if nearest else 0

    def uncleared(self) -> list[Choice]:
        return [c for c in self.question.choices if c.id in self.needed and self.needed[c.id] is None]


@dataclass(frozen=True)
class Difficulty:
    singled: tuple[Singled, ...]
    exclusion: Exclusion | None
    cards: int

    @property
    def culprit(self) -> Singled | None:
        return next((s for s in self.singled if self.exclusion and s.question is self.exclusion.question), None)

    @property
    def band(self) -> tuple[int, ...]:
        """The difficulties the case's figures fit: one, or EASIEST."""
        culprit = self.culprit
        if culprit is None or self.exclusion is None or not self.cards:
            return EASIEST
        share = Fraction(len(culprit.cards), self.cards)
        for difficulty, most, fewest in BANDS:
            if share <= most and self.exclusion.depth >= fewest:
                return (difficulty,)
        return EASIEST


def difficulty(case: Case) -> Difficulty:
    culprit = culprit_question(case)
    exclusion = None
    if culprit is not None:
        exclusion = Exclusion(culprit, {c.id: min((len(way) for way in c.cleared_by), default=None)
                                        for c in culprit.choices if c.id not in culprit.accepted})
    singled = tuple(Singled(q, tuple(card for card in case.cards if singles_out(card, q, case.languages)))
                    for q in sorted(case.questions, key=lambda q: q.number))
    return Difficulty(singled, exclusion, len(case.cards))


def culprit_question(case: Case) -> Question | None:
    """The case's "who did it": its first PERSON_FULL_NAME question with one accepted answer."""
    return next((q for q in sorted(case.questions, key=lambda q: q.number)
                 if q.answer_kind == "PERSON_FULL_NAME" and len(q.accepted) == 1), None)


def singles_out(card: Card, q: Question, languages: tuple[str, ...]) -> bool:
    for lang in languages:
        said = f"{card.name.get(lang, '')}\n{(card.text or {}).get(lang, '')}"
        if any(pattern.search(said) for pattern in name_patterns(q, lang)):
            return True
        if any(has_word(said, phrase) for phrase in phrases(q, lang)):
            return True
        if q.answer_kind == "NUMBER" and {str(a) for a in q.accepted} & quantities(said, lang):
            return True
    return False


def phrases(q: Question, lang: str) -> list[str]:
    """What singles the answer out as a phrase: the descriptions its choices list (`telling`), the label of
    a choice without a name of its own, a free-text question's accepted forms."""
    if q.answer_kind == "FREE_TEXT":
        return [form[lang] for form in q.accepted if isinstance(form, dict) and form.get(lang)]
    accepted = [c for c in q.choices if c.id in q.accepted]
    found = [phrase[lang] for c in accepted for phrase in c.telling if phrase.get(lang)]
    if q.answer_kind == "CHOICE":
        found += [c.label[lang].strip(" .") for c in accepted if c.label.get(lang) and not _own_names(q, c, lang)]
    return found


def name_patterns(q: Question, lang: str) -> list[re.Pattern[str]]:
    """The accepted choices' names as a card would write them, whole words with their capitals ("Marsh's"
    counts, "marshland" and "the marsh" do not), and a person's initials."""
    if q.answer_kind not in ("PERSON_FULL_NAME", "CHOICE"):
        return []
    patterns = []
    for choice in (c for c in q.choices if c.id in q.accepted):
        parts = [re.escape(word) for word in _own_names(q, choice, lang)]
        initials = [word[0] for word in name_words(choice.label.get(lang, ""), True)]
        if q.answer_kind == "PERSON_FULL_NAME" and len(initials) >= 2:
            parts.append(r"\.?\s?".join(initials) + r"\.?")
        if parts:
            patterns.append(re.compile(r"(?<![\w.])(?:" + "|".join(parts) + r")(?!\.?\w)"))
    return patterns


def _own_names(q: Question, choice: Choice, lang: str) -> list[str]:
    """The capitalised words of a choice's name that no other choice of the question holds (for a person
    every one, for another choice those after its first)."""
    others = {word for c in q.choices if c.id != choice.id for word in words(c.label.get(lang, ""))}
    return [word for word in name_words(choice.label.get(lang, ""), q.answer_kind == "PERSON_FULL_NAME") if word not in others]
