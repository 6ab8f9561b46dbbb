"""The proofreading view's flags (`kiosk cases show CASE --compare en es`): where two languages of one
text disagree on what a translation must keep, a name, a number, a time or a weekday.

Names are the case's own: the words of its suspects' names, and every capitalised word that the case
writes in both languages inside a sentence (not as a sentence's first word) and never in lowercase:
"Gregson", "Dean Street", "Soho" are names; "the Hall" is not ("the hall"). A text is flagged when a
name is in one language and not in the other, unless the other writes a word spelled much like it
("Thames", «Támesis»); a card is compared as its name and its text together ("the Yard" on the card
Scotland Yard). Numbers and times are compared as values (wording.py), weekdays by day; a text that
says "ten" once and «diez» twice is not flagged, one that says six and «siete» is.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kiosk.games.watson_holmes.wording import WEEKDAYS, name_words, quantities, same_quantities, weekdays, words
from kiosk.i18n import N_, Text

if TYPE_CHECKING:
    from kiosk.games.watson_holmes.case import Case, Localized

TRANSLATED_NAME = 0.7  # how alike (difflib's ratio, accents dropped) a name and its translation are spelled
# A word inside a sentence: after a letter, a digit, a comma or the like, not after the sentence's end.
_INSIDE = re.compile(r"(?<=[\w,;:)\-–—] )(?P<word>[^\W\d_]+(?:['’][^\W\d_]+)*)")


@dataclass(frozen=True)
class Difference:
    what: Text  # "names", "numbers and times", "weekdays"
    only: dict[str, list[str]]  # language -> what only it says

    def render(self, lang: str | None = None) -> str:
        said = "; ".join(f"{code}: {', '.join(items)}" for code, items in self.only.items() if items)
        return Text(N_("{what} differ ({said})"), {"what": self.what, "said": said}).render(lang)


def case_texts(case: Case) -> list[Localized]:
    """Every text of the case that has a language."""
    texts = [case.title, case.intro, case.special_rules, case.answers_text, case.solution]
    for q in case.questions:
        texts += [q.text, *(c.label for c in q.choices), *(a for a in q.accepted if isinstance(a, dict))]
    for zone in case.zones:
        texts.append(zone.name)
    for card in case.cards:
        texts += [card.name, card.text]
    return [text for text in texts if text]


def case_names(case: Case, a: str, b: str) -> set[str]:
    """The names a translation keeps as they are (see the module's docstring)."""
    names = {word for q in case.questions if q.answer_kind == "PERSON_FULL_NAME"
             for choice in q.choices for lang in (a, b) for word in name_words(choice.label.get(lang, ""), True)}
    inside: dict[str, set[str]] = {a: set(), b: set()}
    lowercase: set[str] = set()
    for text in case_texts(case):
        for lang in (a, b):
            said = text.get(lang, "")
            inside[lang] |= {m["word"] for m in _INSIDE.finditer(said) if m["word"][:1].isupper()}
            lowercase |= {word for word in words(said) if word.islower()}
    common = {word for word in inside[a] & inside[b] if len(word) > 2 and word.casefold() not in lowercase}
    return names | common


def differences(text: Localized, a: str, b: str, names: set[str]) -> list[Difference]:
    """What the two languages of one text disagree on."""
    found = []
    said = {lang: text.get(lang, "") for lang in (a, b)}
    written = {lang: set(words(said[lang])) for lang in (a, b)}
    named = {lang: {name for name in names if name in written[lang] or f"{name}s" in written[lang]} for lang in (a, b)}
    only = {lang: [name for name in sorted(named[lang] - named[other]) if not _translated(name, written[other] - named[lang])]
            for lang, other in ((a, b), (b, a))}
    if any(only.values()):
        found.append(Difference(Text(N_("names")), only))
    counts = {lang: quantities(said[lang], lang) for lang in (a, b)}
    if not same_quantities(counts[a], counts[b]):
        found.append(Difference(Text(N_("numbers and times")), _only(counts, a, b)))
    days = {lang: weekdays(said[lang], lang) for lang in (a, b)}
    if days[a] != days[b]:
        found.append(Difference(Text(N_("weekdays")), {
            lang: [WEEKDAYS[lang][day] for day in sorted(days[lang] - days[other])] for lang, other in ((a, b), (b, a))}))
    return found


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word.casefold()) if not unicodedata.combining(c))


def _translated(name: str, others: set[str]) -> bool:
    """Whether the other language writes the name its own way ("Thames", «Támesis»): a capitalised word
    of its text, not a name of this one, spelled much alike."""
    return any(word[:1].isupper() and difflib.SequenceMatcher(None, _plain(name), _plain(word)).ratio() >= TRANSLATED_NAME
               for word in others)


def _only(found: dict[str, set[str]], a: str, b: str) -> dict[str, list[str]]:
    return {lang: sorted(found[lang] - found[other]) for lang, other in ((a, b), (b, a))}
