"""`kiosk cases show`: a case printed as the players meet it, then (once asked) its cards and solution.

`--blind` prints what a table has and nothing more: the public part and every card, front and back,
never the answers, their evidence, the 221B answers text or the solution (for a blind solver).
In one language it reads as the table would: cards by their number and name (never by the file's ids),
with their zone and what their icons mean, all in the reader's language. With `--compare en es` every
text is printed in both languages side by side, each column wholly in its language, and a text whose
languages disagree on a name, a number, a time or a weekday is flagged under it (proofread.py).
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Callable
from functools import partial
from itertools import zip_longest

from kiosk.games.watson_holmes.case import ICON_WORDS, Case, Card, Localized, Question
from kiosk.games.watson_holmes.narrate import CaseText
from kiosk.games.watson_holmes.proofread import case_names, differences
from kiosk.i18n import N_, Text, counted

GUTTER = " | "
MIN_WIDTH = 80

Paragraphs = Callable[[str], list[str]]  # a block of the sheet: its paragraphs in one language


class Sheet:
    """Prints a case's blocks in one language, or in two side by side with the flags of each."""

    def __init__(self, case: Case, languages: tuple[str, ...], say: Callable[[str], None] = print) -> None:
        self.case = case
        self.languages = languages
        self.say = say
        self.names = case_names(case, *languages) if len(languages) == 2 else set()
        self.width = max(shutil.get_terminal_size((100, 24)).columns, MIN_WIDTH)

    # --- the two parts ---------------------------------------------------------------------------

    def public(self) -> None:
        """The title, the facts of the case, the introduction, the special rules and the questions."""
        case = self.case
        self.block(partial(_localized, case.title), case.title)
        self.block(lambda lang: [Text(N_("{players} players, difficulty {difficulty}, about {minutes} minutes, {cards} location cards"), {
            "players": case.players, "difficulty": case.difficulty,
            "minutes": case.expected_minutes, "cards": len(case.cards)}).render(lang)])
        for text in (case.intro, case.special_rules):
            if text:
                self.say("")
                self.block(partial(_localized, text), text)
        self.say("")
        for question in case.questions:
            self.block(partial(self.question, question), self.question_text(question))

    def cards(self) -> None:
        """Every card by its number, front and back: its name, zone and icons, then its text."""
        for card in sorted(self.case.cards, key=lambda c: c.number):
            self.say("")
            self.block(partial(self.card, card), self.card_text(card))

    def secrets(self) -> None:
        """Every card (as `cards`); the answers with their evidence cards; the solution."""
        self.cards()
        self.say("")
        self.block(lambda lang: [Text(N_("Answers")).render(lang)])
        for question in self.case.questions:
            self.block(partial(self.answer, question))
        if self.case.solution:
            self.say("")
            self.block(partial(_localized, self.case.solution), self.case.solution)

    # --- the blocks, in one language ---------------------------------------------------------------

    def card_name(self, card_id: str, lang: str) -> str:
        card = self.case.card(card_id)
        return Text(N_("{number}. {card}"), {"number": card.number, "card": CaseText("", card.name)}).render(lang)

    def question(self, q: Question, lang: str) -> list[str]:
        line = f"{q.number}. " + (CaseText("", q.text).render(lang) if q.text else "?")
        if q.reveal == "round":
            line += " " + Text(N_("(shown after round {n})"), {"n": q.reveal_at}).render(lang)
        elif q.reveal == "card":
            line += " " + Text(N_("(shown once someone reads card {card})"), {"card": self.card_name(q.reveal_at, lang)}).render(lang)
        return [line,
                *(f"   - {CaseText('', choice.label).render(lang)}" for choice in q.choices)]

    def card(self, card: Card, lang: str) -> list[str]:
        lines = [self.card_name(card.id, lang)]
        zones = {zone.id: zone.name for zone in self.case.zones}
        if card.zone in zones:
            lines.append("   " + Text(N_("Zone: {zone}"), {"zone": CaseText("", zones[card.zone])}).render(lang))
        lines += ["   " + Text(ICON_WORDS[icon]).render(lang) for icon in sorted(card.icons, key=list(ICON_WORDS).index)]
        if card.text:
            lines.append("   " + CaseText("", card.text).render(lang))
        return lines

    def answer(self, q: Question, lang: str) -> list[str]:
        names = {choice.id: CaseText("", choice.label).render(lang) for choice in q.choices}
        answers = [CaseText("", a).render(lang) if isinstance(a, dict) else names.get(a, str(a)) for a in q.accepted]
        numbers = [str(self.case.card(c).number) for c in q.evidence if self.case.is_location(c)]
        cards = counted("card {cards}", "cards {cards}", len(numbers), cards=", ".join(numbers)).render(lang) if numbers else ""
        return [f"{q.number}. {' / '.join(answers) or '?'}" + (f"  ({cards})" if cards else "")]

    # --- what is compared -------------------------------------------------------------------------

    def question_text(self, q: Question) -> Localized:
        return {lang: " ".join(filter(None, [(q.text or {}).get(lang, ""), *(c.label.get(lang, "") for c in q.choices)]))
                for lang in self.case.languages}

    @staticmethod
    def card_text(card: Card) -> Localized:
        return {lang: f"{card.name.get(lang, '')}. {(card.text or {}).get(lang, '')}" for lang in card.name}

    # --- printing ------------------------------------------------------------------------------------

    def block(self, paragraphs: Paragraphs, compared: Localized | None = None) -> None:
        """One block: its paragraphs in the reader's language; or, comparing, both languages side by
        side (each paragraph starts level with its translation) and, under them, what they disagree on."""
        if len(self.languages) == 1:
            for paragraph in paragraphs(self.languages[0]):
                self.say(paragraph)
            return
        a, b = self.languages
        column = (self.width - len(GUTTER)) // 2
        for left, right in zip_longest(paragraphs(a), paragraphs(b), fillvalue=""):
            for line_a, line_b in zip_longest(_wrap(left, column), _wrap(right, column), fillvalue=""):
                self.say(f"{line_a:<{column}}{GUTTER}{line_b}".rstrip())
        for difference in differences(compared, a, b, self.names) if compared else []:
            self.say("  ! " + difference.render())


def _localized(text: Localized, lang: str) -> list[str]:
    return [CaseText("", text).render(lang)]


def _wrap(paragraph: str, width: int) -> list[str]:
    indent = " " * (len(paragraph) - len(paragraph.lstrip(" ")))
    return textwrap.wrap(paragraph, width, subsequent_indent=indent + ("  " if paragraph.lstrip().startswith("-") else "")) or [""]
