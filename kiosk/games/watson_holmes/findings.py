"""The checker's findings about what a case's texts say, beyond its fields (warnings: the case plays,
`kiosk cases check --strict` refuses it; cases/FORMAT.md lists them):

- a suspect, or an accepted answer, with a name on no card: the players cannot learn it from the cards
  (the answer "Julian Hale" when no card says "Julian");
- a sealed question (it opens on a card) whose answer the introduction, the special rules or the card
  that opens it already states word for word: the question gives itself away as it opens;
- at difficulty 2 or more, an answer only one card of its evidence supports beyond repeating the answer
  (a phrase such as "Edwin Marsh" for the answer Edwin Marsh supports nothing), unless the question
  says `single_card_ok: true`;
- a free-text question, which the attempting player grades alone, unless the case says free text is the
  point (`free_text_is_the_point: true`) and gives the ways a table would say the answer (at least
  FREE_TEXT_FORMS accepted forms).

Each finding names the question's field it is about (and which choice or evidence card), so that the
loader can give its line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kiosk.games.watson_holmes.case_parts import Card, Localized, Question
from kiosk.games.watson_holmes.wording import fold, has_word, name_words, quantities, words
from kiosk.i18n import N_, Text, counted

DIFFICULTY_FOR_TWO_CARDS = 2  # from this difficulty on, one card should not settle an answer
FREE_TEXT_FORMS = 3  # accepted forms a free-text question gives, when free text is the point


@dataclass(frozen=True)
class Finding:
    field: str  # the question's field it is about: choices, accepted, reveal, evidence
    item: Any  # the choice's index, the evidence card's id, or None
    message: Text


@dataclass(frozen=True)
class Setting:
    """What the findings read besides the question: the cards and what is read aloud before play."""

    cards: tuple[Card, ...]
    intro: Localized | None
    special_rules: Localized | None
    difficulty: int
    languages: tuple[str, ...]


def question_findings(q: Question, setting: Setting) -> list[Finding]:
    return [*_names_on_no_card(q, setting), *_sealed_but_stated(q, setting), *_settled_by_one_card(q, setting),
            *_free_text(q)]


def _card_text(card: Card, lang: str) -> str:
    return f"{card.name.get(lang, '')} {(card.text or {}).get(lang, '')}"


def _labels(q: Question) -> list[tuple[Any, Localized]]:
    """The answers a finding reads, with the item they are at: every choice of a person question (each
    is a suspect), the accepted choices of another picker, the accepted texts of free text."""
    if q.answer_kind == "PERSON_FULL_NAME":
        return [(index, choice.label) for index, choice in enumerate(q.choices)]
    if q.answer_kind == "CHOICE":
        return [(index, choice.label) for index, choice in enumerate(q.choices) if choice.id in q.accepted]
    if q.answer_kind == "FREE_TEXT":
        return [(None, answer) for answer in q.accepted if isinstance(answer, dict)]
    return []


def _names_on_no_card(q: Question, setting: Setting) -> list[Finding]:
    person = q.answer_kind == "PERSON_FULL_NAME"
    found = []
    for item, label in _labels(q):
        missing: dict[str, list[str]] = {}  # word -> languages
        for lang in setting.languages:
            for word in name_words(label.get(lang, ""), person):
                if not any(has_word(_card_text(card, lang), word) for card in setting.cards):
                    missing.setdefault(word, []).append(lang)
        if not missing:
            continue
        shown = " ".join(label.get(lang, "") for lang in setting.languages[:1])
        msgid = (N_("suspect '{answer}': {names} is on no card ({langs}); the players cannot learn the full name from the cards")
                 if person else
                 N_("accepted answer '{answer}': {names} is on no card ({langs}); the players cannot learn it from the cards"))
        langs = sorted({lang for used in missing.values() for lang in used}, key=setting.languages.index)
        found.append(Finding("choices" if item is not None else "accepted", item, Text(msgid, {
            "answer": shown, "names": ", ".join(f"'{word}'" for word in missing), "langs": ", ".join(langs)})))
    return found


def _states(text: str, q: Question, lang: str) -> bool:
    """Whether a text gives the question's accepted answer word for word (a number as a value)."""
    if q.answer_kind == "NUMBER":
        return any(str(answer) in quantities(text, lang) for answer in q.accepted)
    return any(label.get(lang, "").strip() and fold(label[lang]).strip(" .") in fold(text) for _, label in _labels(q))


def _sealed_but_stated(q: Question, setting: Setting) -> list[Finding]:
    """A sealed question's answer given before it opens. A person's name is left out: the introduction
    names the suspects, and naming one is not telling who did it."""
    if q.reveal != "card" or q.answer_kind == "PERSON_FULL_NAME":
        return []
    opening = next((card for card in setting.cards if card.id == q.reveal_at), None)
    sources: list[tuple[Text, Localized | None]] = [
        (Text(N_("the introduction")), setting.intro),
        (Text(N_("the special rules")), setting.special_rules),
        (Text(N_("that card itself")),
         {lang: _card_text(opening, lang) for lang in setting.languages} if opening else None),
    ]
    found = []
    for where, text in sources:
        langs = [lang for lang in setting.languages if text and _states(text.get(lang, ""), q, lang)]
        if langs:
            found.append(Finding("reveal", None, Text(N_(
                "the question opens on card {card}, but {where} already states its answer ({langs}): the question "
                "gives itself away; let the cards that follow establish it"),
                {"card": q.reveal_at, "where": where, "langs": ", ".join(langs)})))
    return found


def _only_repeats_the_answer(phrase: Localized, q: Question) -> bool:
    """A phrase made only of the words of the answers the question offers (a suspect's name, the accepted
    label or number) supports nothing."""
    for lang, said in phrase.items():
        answer_words = {fold(word) for _, label in _labels(q) for word in words(label.get(lang, ""))}
        answer_words |= {str(answer) for answer in q.accepted if isinstance(answer, int)}
        said_words = [fold(word) for word in words(said)] + sorted(quantities(said, lang))
        if not said_words or not set(said_words) <= answer_words:
            return False
    return True


def _settled_by_one_card(q: Question, setting: Setting) -> list[Finding]:
    if setting.difficulty < DIFFICULTY_FOR_TWO_CARDS or q.single_card_ok or not q.evidence_phrases or len(q.evidence) < 2:
        return []
    supporting = [card for card in q.evidence if not _only_repeats_the_answer(q.evidence_phrases.get(card, {}), q)]
    if len(supporting) >= 2:
        return []
    bare = [card for card in q.evidence if card not in supporting]
    return [Finding("evidence", None, counted(
        "evidence: only {count} card supports the answer beyond repeating it ({cards}; the phrases of {bare} only "
        "repeat the answer): at difficulty {difficulty} an answer should rest on two; give another card a clue that "
        "points to it, or mark the question 'single_card_ok: true'",
        "evidence: only {count} cards support the answer beyond repeating it ({cards}; the phrases of {bare} only "
        "repeat the answer): at difficulty {difficulty} an answer should rest on two; give another card a clue that "
        "points to it, or mark the question 'single_card_ok: true'",
        len(supporting), cards=", ".join(supporting) or "-", bare=", ".join(bare), difficulty=setting.difficulty))]


def _free_text(q: Question) -> list[Finding]:
    """Free text is graded by the attempting player alone, and a table argues over how much detail is
    right: a picker settles it. Free text stays where it is the point, with the forms a table would say."""
    if q.answer_kind != "FREE_TEXT" or not q.accepted:
        return []
    forms = len(q.accepted)
    if not q.free_text_is_the_point:
        return [Finding("answer_kind", None, Text(N_(
            "free text: the attempting player grades the written answer alone, and a table argues over it; make it a "
            "picker (CHOICE, PERSON_FULL_NAME or NUMBER), or, if free text is the point, say "
            "'free_text_is_the_point: true' and give at least {least} accepted forms"), {"least": FREE_TEXT_FORMS}))]
    if forms >= FREE_TEXT_FORMS:
        return []
    return [Finding("accepted", None, counted(
        "free text is the point, but 'accepted' gives {count} form; give at least {least}, the ways a table would say it",
        "free text is the point, but 'accepted' gives {count} forms; give at least {least}, the ways a table would say it",
        forms, least=FREE_TEXT_FORMS))]
