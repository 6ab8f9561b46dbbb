"""Mystery Express hand page: ● chooses no card there, it turns to the journal, so the footer names
the page it turns to ("◀ ▶ browse · ● Seen"), not "● choose" (a newcomer's trial pressed ● on a card and
landed on "Seen"). The footer fits the OLED's line and keeps its two arrows apart."""

from __future__ import annotations

import pytest

from kiosk.games.mystery_express.narrate import Narrator
from kiosk.seats.canvas import LINE_WIDTH, text_width
from kiosk.seats.mystery_express import make_pages
from tests.games.me_support import GAME, started
from tests.seats.test_footer_marks import ink_runs


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_hand_footer_names_the_page_select_turns_to(lang):
    state = started()
    pages = make_pages(Narrator(GAME.rules), lang)
    view = GAME.view(state, 0)
    at = pages.pages.index("hand")
    following = pages.page(pages.pages[at + 1], view, 0)
    footer = pages.page("hand", view, 0).footer
    assert footer.endswith("● " + following.title)
    assert "choose" not in footer and "elegir" not in footer
    assert text_width(footer, 12) <= LINE_WIDTH
    assert len(ink_runs(footer.split("·")[0].strip())) >= 2  # "◀ ▶" drawn apart
