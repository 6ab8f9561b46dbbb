"""A tag the table does not know is an "unknown card" on every screen, whatever its text says: a
stranger's sticker laid on the simulated PN532 never puts its words on a seat or the touchscreen.
The journal keeps the text for the operator, cut short to printable characters."""

from __future__ import annotations

import logging

import pytest

from hardware.sim.pn532 import SimTag
from kiosk import i18n
from kiosk.seats.screen import Screen
from tests.table_support import lay, settle, table_referee

HUMANS = (0, 1)
STRANGER = "mt1:Free beer at the bar! Call 555-0100 \x1b[2J" + "x" * 60


def shown(screen: Screen) -> str:
    return " ".join([screen.title, *(item.label for item in screen.items), *(item.detail or "" for item in screen.items)])


def lay_on_a_game(mock_table, tmp_path, text: str | None, lang: str = "en", uid: str = "04A1B2C3D4E5F6"):
    """A Mystery Express game with people at seats 1 and 2; the tag laid on the reader. Returns what
    each person's seat screen and the touchscreen said."""
    i18n.set_language(lang)
    touchscreen = []
    store, session, referee = table_referee(
        mock_table, tmp_path, "mystery-express", 5, reveal_seconds=600.0,
        on_refused=lambda seat, reason: touchscreen.append(reason.render()),
    )
    settle(referee)  # the bots choose first; then only people are asked
    before = store.actions(session.record.id), session.game.view(session.state, None)
    lay(mock_table, referee, SimTag.ntag213(uid, text))
    assert (store.actions(session.record.id), session.game.view(session.state, None)) == before  # nothing changed
    return [shown(referee.screen_of(seat)) for seat in HUMANS], touchscreen


@pytest.mark.parametrize("text", [
    STRANGER,  # ours in looks only: malformed
    "mt1:sell-your-car:call-now",  # well formed, a game nobody knows
    "Hello from the sticker",  # not ours at all, a UID the registry lacks
    None,  # a blank sticker
])
def test_a_strangers_sticker_is_an_unknown_card_and_its_words_go_nowhere(mock_table, tmp_path, caplog, text):
    caplog.set_level(logging.INFO)
    seats, touchscreen = lay_on_a_game(mock_table, tmp_path, text)
    assert touchscreen == ["Unknown card."]
    for screen in seats:
        assert "Unknown card." in screen
        for word in ("beer", "555", "sell", "call", "Hello", "sticker", "mt1"):
            assert word not in screen
    # The journal names the tag for the operator: printable characters, 40 of them at most.
    logged = [r.getMessage() for r in caplog.records if "unknown tag" in r.getMessage()]
    assert len(logged) == 1 and "04A1B2C3D4E5F6" in logged[0]
    assert "\x1b" not in logged[0] and "x" * 41 not in logged[0]


def test_a_card_of_another_game_says_which_game_it_belongs_to(mock_table, tmp_path):
    seats, touchscreen = lay_on_a_game(mock_table, tmp_path, "mt1:pi:no-such-card")
    assert touchscreen == ["Unknown card: this is a P.I. card."]
    assert all("Unknown card: this is a P.I. card." in screen and "no-such-card" not in screen for screen in seats)


def test_the_players_are_told_in_their_language(mock_table, tmp_path):
    seats, touchscreen = lay_on_a_game(mock_table, tmp_path, "mt1:mystery-city:C02", lang="es")
    assert touchscreen == ["Carta desconocida: es una carta de Mystery City."]
    seats, touchscreen = lay_on_a_game(mock_table, tmp_path / "again", STRANGER, lang="es", uid="04A1B2C3D4E5F7")
    assert touchscreen == ["Carta desconocida."] and all("Carta desconocida." in screen for screen in seats)
