""""Learn as you play" on a seat: a kind of decision explained the first time it comes up there.

With the `learn` setting on, the first time a prompt kind comes up at a seat, the seat reads the
kind's explanation (`kiosk.games.explanations`: what this step is, what the choices do, one tip) on
up to three pages before its menu, with the seat's page grammar: ● and ▶ read on, ◀ turns back, and
on the last page ● (or ▶) goes on to the choices; a long press goes back as it does from the choices. After
that a "?" entry at the end of the seat's menu opens it again (before the group of a second prompt asked
at once, P.I.'s notes: that group keeps the end, and opening it the first time reads its own kind's
explanation before its choices). The explanation is per kind, never drawn from the state: it names nothing private.

"First time" is per seat, per kind, per game, and is remembered by whatever `remember` writes to
(the store, so a resumed game does not explain again what it already did: kiosk/referee/learning.py).
A kind without an explanation shows nothing extra.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kiosk.games.explanations import Explanation, prompt_explanation
from kiosk.i18n import N_, Text
from kiosk.seats.canvas import LINE_WIDTH, paragraph
from kiosk.seats.screen import PAGE_LINES, Item, Screen

TITLE = N_("How it works")
FOOTER = N_("● or ▶ to read on")
LAST_FOOTER = N_("● to the choices")
AGAIN = N_("How this step works")  # the detail of the "?" entry
# Its footer: at a touchscreen table the choices' footer says "● or tap the board", where "?" stands nowhere
# (playPI14's newcomer read it under "?").
AGAIN_FOOTER = N_("● to read it")
READING_LINES = PAGE_LINES - 1  # the footer ("● or ▶ to read on") takes a page's last line
BOARD = -1  # the board's "seat" in what was explained: its public moments and prompts


@dataclass
class Learning:
    """What the table has explained in this game, per seat (and `BOARD`), and how to remember more."""

    game_id: str
    explained: set[tuple[int, str]] = field(default_factory=set)  # (seat, kind)
    remember: Callable[[int, str], None] = lambda seat, kind: None  # keeps one more, for a resume
    unsaved: list[tuple[int, str]] = field(default_factory=list)  # explained, not yet told to `remember`

    def explanation(self, kind: str) -> Explanation | None:
        return prompt_explanation(self.game_id, kind)

    def first(self, seat: int, kind: str) -> bool:
        """Whether `kind` is new at `seat`; if so it counts as explained from now on (kept by `save`)."""
        if (seat, kind) in self.explained:
            return False
        self.explained.add((seat, kind))
        self.unsaved.append((seat, kind))
        return True

    def save(self) -> None:
        """Remember what was explained since the last time. The referee calls it once the screens of
        an input are written, so no seat waits on the store for its explanation."""
        for seat, kind in self.unsaved:
            self.remember(seat, kind)
        self.unsaved.clear()


def explanation_pages(explanation: Explanation, lang: str | None) -> tuple[Item, ...]:
    """The explanation's three parts, each a page of reading of up to three lines above the footer (the
    explanations' checks hold every part to that; a longer one would go on over a second page)."""
    pages: list[Item] = []
    for part in explanation.parts():
        lines = paragraph(Text(part).render(lang), LINE_WIDTH)
        pages += [Item(lines[0], lines=tuple(lines[i:i + READING_LINES])) for i in range(0, len(lines), READING_LINES)]
    return tuple(pages)


def explanation_screen(explanation: Explanation, lang: str | None, index: int) -> Screen:
    pages = explanation_pages(explanation, lang)
    index %= len(pages)
    footer = LAST_FOOTER if index == len(pages) - 1 else FOOTER
    return Screen(Text(TITLE).render(lang), pages, index, footer=Text(footer).render(lang))


def again_footer(lang: str | None) -> str:
    return Text(AGAIN_FOOTER).render(lang)


def again_item(lang: str | None) -> Item:
    """The "?" entry at the end of a menu, which opens the explanation again."""
    return Item("?", None, Text(AGAIN).render(lang))
