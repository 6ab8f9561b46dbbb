"""What `kiosk cases check` reads beyond the loader's one file (cases/FORMAT.md): each card's length on a
seat screen, how hard the case plays (difficulty.py), and the names and props it repeats from another
case (repeats.py). Each fault is a warning (`--strict` refuses it); the figures are a report printed
under the case, so an author sees how close the case is to each bar.

The seat screen is counted with the seat's own pager (`kiosk.seats.watson_holmes.pages_of`: 128x64, four
lines a page, the card's name read first, as a seat shows a card it reads), so a change of font or
layout there moves this bar with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.games.watson_holmes.case import Case, Problem
from kiosk.games.watson_holmes.case_parts import Question
from kiosk.games.watson_holmes.difficulty import EASIEST, Difficulty, difficulty
from kiosk.games.watson_holmes.narrate import CaseText
from kiosk.games.watson_holmes.repeats import repeats
from kiosk.i18n import N_, Text, counted
from kiosk.seats.watson_holmes import pages_of

MOST_PAGES = 6  # a card a player reads once, while taking notes, on a 3-button seat


@dataclass(frozen=True)
class Audit:
    warnings: tuple[Problem, ...]
    report: tuple[Text, ...]


def seat_pages(case: Case) -> dict[str, dict[str, int]]:
    """Card id -> language -> the pages a seat shows for it (its name, then its back text)."""
    return {card.id: {lang: len(pages_of(card.name.get(lang, ""), (card.text or {}).get(lang, ""))) for lang in case.languages}
            for card in case.cards}


def same_place(case: Case) -> tuple[int, list[Question]] | None:
    """The place (1 = first) the right choice holds in every picker question, when it is the same in all
    of them and there are two or more; None otherwise. The seat, the phone page and the touchscreen list
    a question's choices in the case's order, so the order is the author's to vary."""
    pickers = [q for q in sorted(case.questions, key=lambda q: q.number) if q.choices and len(q.accepted) == 1]
    places = {[c.id for c in q.choices].index(q.accepted[0]) + 1 for q in pickers
              if q.accepted[0] in [c.id for c in q.choices]}
    if len(pickers) < 2 or len(places) != 1:
        return None
    return places.pop(), pickers


def audit(case: Case, others: list[Case]) -> Audit:
    """The warnings and the report of one case, compared with the others (for repeats). A physical
    manifest has no card text: only its names are compared."""
    warnings: list[Problem] = []
    label = f"case '{case.id}'"
    for repeat in repeats(case, others):
        warnings.append(Problem(case.source, None, label, Text(N_(
            "'{name}' ({cards}) is also in case '{other}' ({other_cards}): the same tavern, inspector or prop in two "
            "cases; give this case its own"), {"name": repeat.name, "cards": _cards(repeat.cards), "other": repeat.other,
                                               "other_cards": _cards(repeat.other_cards)})))
    same = same_place(case)
    if same is not None:
        place, questions = same
        warnings.append(Problem(case.source, None, label, Text(N_(
            "the right choice is choice {place} of every picker question ({questions}): a table learns to pick it "
            "there; move it in some of them (cases/FORMAT.md, Pickers)"),
            {"place": place, "questions": ", ".join(q.id for q in questions)})))
    if case.edition != "kiosk":
        return Audit(tuple(warnings), ())
    pages = seat_pages(case)
    for index, card in enumerate(case.cards):
        if max(pages[card.id].values(), default=0) > MOST_PAGES:
            warnings.append(Problem(case.source, card.line, f"{label}, location_cards[{index}] ({card.id})", Text(N_(
                "card {number} needs {pages} pages on a seat screen; at most {most}: shorten its text"),
                {"number": card.number, "pages": _per_language(pages[card.id]), "most": MOST_PAGES})))
    found = difficulty(case)
    band = found.band
    if case.difficulty not in band:
        warnings.append(Problem(case.source, None, label, Text(N_(
            "difficulty {stated}, but the case plays at {band}: {why} (cases/FORMAT.md, Difficulty)"),
            {"stated": case.difficulty, "band": _band(band), "why": _why(found)})))
    longest = max(case.cards, key=lambda card: max(pages[card.id].values(), default=0), default=None)
    report: list[Text] = []
    if longest is not None:
        report.append(Text(N_("seat screen: the longest card, {number}, needs {pages} pages (at most {most})"),
                           {"number": longest.number, "pages": _per_language(pages[longest.id]), "most": MOST_PAGES}))
    for singled in found.singled:
        report.append(Text(N_("question {number}: singled out on {count} of {cards} cards{which}"), {
            "number": singled.question.number, "count": len(singled.cards), "cards": found.cards,
            "which": f" ({', '.join(str(card.number) for card in singled.cards)})" if singled.cards else ""}))
    report.append(Text(N_("difficulty {stated}; plays at {band}: {why}"),
                       {"stated": case.difficulty, "band": _band(band), "why": _why(found)}))
    return Audit(tuple(warnings), tuple(report))


def _why(found: Difficulty) -> Text:
    culprit, exclusion = found.culprit, found.exclusion
    if culprit is None or exclusion is None:
        return Text(N_("no question asks who did it (a PERSON_FULL_NAME question with one answer)"))
    nearest = exclusion.nearest
    said = counted("the culprit is singled out on {singled} of {cards} cards; the nearest alternative, {name}, needs "
                   "{count} card to exclude",
                   "the culprit is singled out on {singled} of {cards} cards; the nearest alternative, {name}, needs "
                   "{count} cards to exclude",
                   exclusion.depth, singled=len(culprit.cards), cards=found.cards,
                   name=CaseText("", nearest.label) if nearest else "-")
    uncleared = exclusion.uncleared()
    if not uncleared:
        return said
    return Text(N_("{said} (no cleared_by: {names})"), {"said": said, "names": ", ".join(
        CaseText("", choice.label).render() for choice in uncleared)})


def _band(band: tuple[int, ...]) -> str:
    return "-".join(str(d) for d in (band if band != EASIEST else (EASIEST[0], EASIEST[-1])))


def _per_language(pages: dict[str, int]) -> str:
    return ", ".join(f"{count} ({lang})" for lang, count in pages.items())


def _cards(numbers: tuple[int, ...]) -> Text:
    if not numbers:
        return Text(N_("not on a card"))
    return counted("card {cards}", "cards {cards}", len(numbers), cards=", ".join(map(str, numbers)))
