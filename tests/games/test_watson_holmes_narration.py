"""The narrator: every event of many games becomes a sentence in English and in Spanish, and the
terminal simulator plays both cases to the end (`kiosk run` plays the tutorial)."""

from __future__ import annotations

import pytest

from kiosk.catalogue import all_messages
from kiosk.cli import main
from kiosk.games.base import Event
from kiosk.games.watson_holmes import narrate
from kiosk.games.watson_holmes.library import bundled_cases
from kiosk.games.watson_holmes.narrate import CaseText, Narrator
from kiosk.referee.headless import play, random_bots
from watson_holmes_support import FULL, GAME, TUTORIAL

SILENT = {"reading_done"}  # bookkeeping: nobody needs to read it


def test_every_template_is_marked_for_translation():
    marked = all_messages()
    for kind, template in narrate.TEMPLATES.items():
        assert template in marked, kind


@pytest.mark.parametrize("case_id", [TUTORIAL, FULL])
def test_every_event_is_narrated_in_both_languages(case_id):
    narrator = Narrator(bundled_cases()[case_id])
    produced = set()
    for seed in range(12):
        seats = 2 + seed % 6
        state = GAME.start(seats, seed, {"case": case_id, "physical": seed % 4 == 3})
        for step in play(GAME, state, random_bots(seats, seed)):
            for event in step.events:
                produced.add(event.kind)
                line = narrator.describe(event)
                if event.kind in SILENT:
                    assert line is None
                    continue
                assert line is not None, event.kind
                for lang in ("en", "es"):
                    rendered = line.render(lang)
                    assert rendered and "{" not in rendered, (event.kind, rendered)
    assert {"placed", "visiting_over", "attempt", "game_over", "round_start"} <= produced


def test_case_text_is_shown_in_the_readers_language():
    case = bundled_cases()[TUTORIAL]
    title = CaseText("", dict(case.title))
    assert title.render("en") == "The Lamplighter's Ledger" and title.render("es") == "El libro de cuentas del farolero"


def test_kiosk_run_plays_the_tutorial(capsys, tmp_path):
    assert main(["run", "--mock", "--headless", "--game", "watson-holmes", "--seats", "3", "--seed", "5", "--lang", "es",
                 "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Caso cerrado" in out and out.strip().splitlines()[-1].startswith("Puesto 3:")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_outbid_walker_is_not_said_to_lose_nothing(lang):
    """A trial's log read "Seat 3 loses 0 carriages and must go elsewhere": a walker outbid pays nothing,
    so the line says only that it goes elsewhere; a bidder's loss is still told."""
    narrator = Narrator(bundled_cases()[FULL])
    card = next(c for c in bundled_cases()[FULL].cards if narrator.case.is_location(c.id)).id
    walked = narrator.describe(Event("outbid", {"seat": 2, "by": 0, "card": card, "lost": 0})).render(lang)
    assert " 0 " not in walked and ("elsewhere" in walked or "otro sitio" in walked)
    bid = narrator.describe(Event("outbid", {"seat": 2, "by": 0, "card": card, "lost": 1})).render(lang)
    assert ("loses 1 carriage" in bid) if lang == "en" else ("pierde 1 carruaje" in bid)


@pytest.mark.parametrize("lang, said", [("en", "Carriages paid: 1 from Seat 1"), ("es", "Carruajes pagados: 1 (Puesto 1)")])
def test_the_bids_paid_say_whose_number_is_whose(lang, said):
    """A trial's log read "Carriages paid: Seat 1 1.": the number and the seat ran together."""
    narrator = Narrator(bundled_cases()[FULL])
    line = narrator.describe(Event("bids_paid", {"payments": [{"seat": 0, "carriages": 1}]})).render(lang)
    assert line.startswith(said)
