"""Mystery Express journal: a card the seat revealed to all itself (the Lounge Car, the sudden
revelation) reads "revealed by you" / "Yours, arriving in …" in its own journal, not its own detective's
name as if another player had revealed it (a newcomer's trial read «revealed by Colonel MacDouglas» on
Colonel MacDouglas's own seat). Another seat still reads the name."""

from __future__ import annotations

import pytest

from kiosk.games.mystery_express.narrate import Narrator
from kiosk.seats.mystery_express import journal
from tests.games.me_support import GAME, started

WORDS = {
    "en": ("revealed by you, leg 2", "Yours, arriving in Budapest"),
    "es": ("revelada por ti, tramo 2", "Tuya, al llegar a Budapest"),
}


def revealed_by_seat_0():
    state = started()
    lounge = {"leg": 2, "face": "SUSPECT:2", "from": 0, "how": "revealed"}
    sudden = {"leg": 5, "face": "LOCATION:1", "from": 0, "how": "revealed", "arriving": 4}
    for s in state.seats:
        s.journal = [dict(lounge), dict(sudden)]
    return state


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_seats_own_reveals_read_as_its_own(lang):
    state = revealed_by_seat_0()
    assert sorted(journal(GAME.view(state, 0), Narrator(GAME.rules), lang).items[i].detail for i in (0, 1)) == \
        sorted(WORDS[lang])


def test_another_seat_reads_who_revealed_it():
    state = revealed_by_seat_0()
    narrator = Narrator(GAME.rules)
    seen = [item.detail for item in journal(GAME.view(state, 1), narrator, "en").items]
    name = narrator.seat(0).render("en")
    assert seen == [f"{name}, arriving in Budapest", f"revealed by {name}, leg 2"]
