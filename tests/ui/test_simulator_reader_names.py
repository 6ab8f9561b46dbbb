"""The simulator's card-reader panel names the cards as players know them, in the table's language."""

from __future__ import annotations

import pytest

from kiosk import i18n
from kiosk.games.physical import physical_tags, tag_names


@pytest.mark.parametrize("game_id", ["mystery-express", "mystery-city", "watson-holmes"])
def test_every_tagged_card_has_a_name_that_is_not_its_id(game_id):
    names = tag_names(game_id)
    assert set(physical_tags(game_id)) <= set(names)
    for tag in physical_tags(game_id):
        assert names[tag].render("en") not in ("", tag), tag


def test_the_reader_panel_shows_names_not_ids_in_both_languages(mock_table, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from kiosk.ui.simulator import Simulator

    sim = Simulator(mock_table, "Mystery Table", (800, 480), current_game=lambda: "mystery-express")
    try:
        sim.draw()
        ids = physical_tags("mystery-express")
        assert len(sim.card_labels) == len(ids[:18])
        assert not set(sim.card_labels) & set(ids)
        assert "Colonel MacDouglas" in sim.card_labels or any(l.startswith("Colonel Mac") for l in sim.card_labels)
        i18n.set_language("es")
        sim.shown = None
        sim.current_game = lambda: "mystery-city"
        sim.draw()
        assert not set(sim.card_labels) & set(physical_tags("mystery-city"))
        spanish = {tag_names("mystery-city")[t].render("es") for t in physical_tags("mystery-city")}
        assert all(label in spanish or label.endswith("…") for label in sim.card_labels)
    finally:
        i18n.set_language("en")
        sim.close()


def test_during_a_watson_holmes_game_the_reader_offers_that_cases_cards_by_its_names():
    from kiosk.games import registry

    cases = registry.get("watson-holmes").cases
    assert len(cases) >= 2
    everyone = set(physical_tags("watson-holmes"))
    for case_id, case in cases.items():
        own = physical_tags("watson-holmes", case_id)
        assert own == sorted(card.id for card in case.cards) and set(own) <= everyone
        names = tag_names("watson-holmes", case_id)
        for card in case.cards:
            assert names[card.id].render("en") == card.name["en"], f"{case_id}: {card.id}"
    assert physical_tags("watson-holmes", "no-such-case") == sorted(everyone)
