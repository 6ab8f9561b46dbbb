"""The narrator: every event of many games becomes a sentence in English and in Spanish, and the
terminal simulator plays both cases to the end (`kiosk run` plays the tutorial)."""

from __future__ import annotations

import pytest

from kiosk.catalogue import all_messages
from kiosk.cli import main
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
