"""Repeats across cases (`kiosk cases check`; cases/FORMAT.md, "No repeats across cases"): the same
tavern, inspector or prop in two cases makes a table that has played one feel it has met the other.

What is compared, per language, across every text of the two cases:
- proper names of two words or more: runs of capitalised words ("the Blue Anchor", "Inspector Gregson",
  "Mr Cyrus Whitlow"), joined by "of", "and", «de», «y» and the like ("Rose and Crown"); a run's first
  word is dropped while the case writes it in lowercase elsewhere, or it is a weekday or a month (so
  "On Tuesday" and "The" at a sentence's start name nothing);
- a police rank or an inn before a name, whatever its capital («el inspector Gregson», «la posada de la
  Corona»): the rank and the name;
- the case's own `props` (an optional list of texts): a prop of one case written anywhere in the other,
  or listed by both.
Names shared on purpose never count (SHARED): Holmes and Watson, Baker Street, Scotland Yard, and any
London address (a name ending in "Street", "Square", «calle»...: PLACE_WORDS).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kiosk.games.watson_holmes.proofread import case_texts
from kiosk.games.watson_holmes.wording import WEEKDAYS, fold, has_word, words

if TYPE_CHECKING:
    from kiosk.games.watson_holmes.case import Case

# Shared on purpose: the canon every case stands in, compared folded.
SHARED = frozenset(fold(name) for name in (
    "Sherlock Holmes", "Mr Holmes", "Mr Sherlock Holmes", "Dr Watson", "Doctor Watson", "John Watson", "Dr John Watson",
    "Mrs Hudson", "Baker Street", "221B Baker Street", "Scotland Yard", "Great Scotland Yard", "Holmes Watson",
    "Watson Holmes", "Baker Street Irregulars", "Carriage Stop", "The Carriage Stop", "Dr Watson's",
    "Queen Victoria", "Her Majesty", "Su Majestad", "Bank of England", "Banco de Inglaterra", "West End", "East End",
    "the City", "Thames Police", "Policía del Támesis",
    "The Times", "Charing Cross", "Seven Dials", "Covent Garden", "Long Acre", "Somerset House", "National Gallery",
    "Royal Academy", "Real Academia", "Hyde Park", "Whitehall", "Westminster Abbey", "Houses of Parliament",
))
# A name ending in one of these is a London address or landmark, shared on purpose.
PLACE_WORDS = frozenset({
    "street", "square", "road", "lane", "place", "gardens", "park", "bridge", "station", "terrace", "walk", "row",
    "hill", "court", "embankment", "market", "circus", "yard", "church", "abbey", "cathedral", "calle", "plaza",
    "puente", "estación", "parque", "iglesia",
})
MONTHS = {
    "en": ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
           "noviembre", "diciembre"),
}
JOINERS = {"en": ("of", "and", "&"), "es": ("de", "del", "y")}
# A rank or an inn before a name, lowercase or not («el inspector Gregson»).
BEFORE_A_NAME = {
    "en": ("inspector", "sergeant", "constable", "superintendent", "detective", "inn", "tavern"),
    "es": ("inspector", "sargento", "agente", "comisario", "detective", "posada", "taberna", "mesón", "fonda"),
}
ARTICLES = ("the", "el", "la", "los", "las")
_ALL_JOINERS = sorted({joiner for joiners in JOINERS.values() for joiner in joiners})
_TOKEN = re.compile(r"[\w'’&]+|[^\w\s]")  # a word, or one mark of punctuation


@dataclass(frozen=True)
class Repeat:
    name: str  # as the case writes it
    other: str  # the other case's id
    cards: tuple[int, ...]  # the numbers of this case's cards that hold it
    other_cards: tuple[int, ...]  # the other case's


def own_names(case: Case) -> dict[str, dict[str, str]]:
    """Per language, the case's proper names and props: folded key -> as written."""
    found: dict[str, dict[str, str]] = {}
    for lang in case.languages:
        texts = [text.get(lang, "") for text in case_texts(case)]
        lowercase = {word for text in texts for word in words(text) if word.islower()}
        names: dict[str, str] = {}
        for text in texts:
            for name in _names(text, lang, lowercase):
                if not _shared(name):
                    names.setdefault(fold(name), name)
        for prop in case.props:
            if prop.get(lang, "").strip():
                names.setdefault(fold(prop[lang]), prop[lang])
        found[lang] = names
    return found


def repeats(case: Case, others: list[Case]) -> list[Repeat]:
    """The names and props this case shares with each other case, each once per case: a name of a later
    language on the same cards of both cases as one already told is taken for its translation ("Blue
    Anchor", «Ancla Azul»)."""
    mine = own_names(case)
    found: list[Repeat] = []
    for other in others:
        theirs = own_names(other)
        seen: set[str] = set()
        told: list[Repeat] = []  # in the languages before this one
        for lang in case.languages:
            written = theirs.get(lang, {})
            props = {fold(p.get(lang, "")) for p in (*case.props, *other.props)}
            now: list[Repeat] = []
            for key, name in sorted(mine.get(lang, {}).items()):
                shared = key in written or (key in props and any(has_word(t.get(lang, ""), name) for t in case_texts(other)))
                if not shared or key in seen:
                    continue
                seen.add(key)
                repeat = Repeat(name, other.id, _cards(case, name, lang), _cards(other, name, lang))
                if not any(r.cards and (r.cards, r.other_cards) == (repeat.cards, repeat.other_cards) for r in told):
                    now.append(repeat)
            told += now
        found += told
    return found


def _names(text: str, lang: str, lowercase: set[str]) -> list[str]:
    """The proper names of two words or more in one text (see the module's docstring)."""
    joiners = JOINERS.get(lang, ())
    common = lowercase | set(WEEKDAYS.get(lang, ())) | set(MONTHS.get(lang, ())) | set(joiners)
    found = []
    for run in _runs(_TOKEN.findall(text), joiners):
        while run and run[0].casefold() in common:
            run = run[1:]
        while run and run[-1].casefold() in joiners:
            run = run[:-1]
        if len(run) >= 2:
            found.append(" ".join(run))
    tokens = _TOKEN.findall(text)
    for at, token in enumerate(tokens):
        if token.casefold() in BEFORE_A_NAME.get(lang, ()):
            rest = tokens[at + 1:]
            while rest and rest[0].casefold() in (*joiners, *ARTICLES):
                rest = rest[1:]
            name = next(iter(_runs(rest[:4], ())), [])
            if name and rest[:1] == name[:1]:
                found.append(f"{token.lower()} {' '.join(name)}")
    return found


def _runs(tokens: list[str], joiners: tuple[str, ...]) -> list[list[str]]:
    """Runs of capitalised words, a joiner allowed between two of them; punctuation breaks a run."""
    runs: list[list[str]] = []
    current: list[str] = []
    for at, token in enumerate(tokens):
        following = tokens[at + 1] if at + 1 < len(tokens) else ""
        if token[:1].isupper():
            current.append(_bare(token))
        elif current and token.casefold() in joiners and following[:1].isupper():
            current.append(token)
        else:
            if current:
                runs.append(current)
            current = []
    return runs + ([current] if current else [])


def _bare(word: str) -> str:
    return re.sub(r"['’]s$", "", word)


def _shared(name: str) -> bool:
    """Shared on purpose: a canon name or an address, or a run of them joined by "and", "of"... ("Sherlock
    Holmes and Dr Watson", "Dean Street and Charing Cross")."""
    if _canon(name):
        return True
    parts = re.split(r"\s+(?:" + "|".join(re.escape(j) for j in _ALL_JOINERS) + r")\s+", name, flags=re.IGNORECASE)
    return len(parts) > 1 and all(_canon(part) for part in parts)


def _canon(name: str) -> bool:
    folded = fold(name).split()
    return fold(name) in SHARED or bool(folded) and (folded[-1] in PLACE_WORDS or folded[0] in PLACE_WORDS)


def _cards(case: Case, name: str, lang: str) -> tuple[int, ...]:
    return tuple(sorted(card.number for card in case.cards
                        if has_word(f"{card.name.get(lang, '')} {(card.text or {}).get(lang, '')}", name)))
