"""P.I. in words: every event of whole games narrated in English and Spanish, and `kiosk run --game pi`."""

from __future__ import annotations

from kiosk.cli import main
from kiosk.games.base import Event
from kiosk.games.pi import narrate
from kiosk.games.pi.narrate import Narrator
from kiosk.referee.headless import play, random_bots
from kiosk.i18n import Text
from pi_support import GAME, el


def test_every_event_of_whole_games_reads_in_both_languages():
    narrator = Narrator()
    seen = set()
    for seats in (2, 5):
        state, events = GAME.start_with_events(seats, seats)
        events += [e for step in play(GAME, state, random_bots(seats, seats)) for e in step.events]
        for event in events:
            line = narrator.describe(event)
            if line is None:
                assert event.kind not in narrate.TEMPLATES
                continue
            seen.add(event.kind)
            for lang in ("en", "es"):
                assert "{" not in line.render(lang) and line.render(lang)
    assert {"minigame_start", "case_dealt", "investigated", "evidence", "solve_attempt", "minigame_end", "game_over"} <= seen


def test_the_seed_example_reads_as_the_rules_tell_it():
    narrator = Narrator()
    event = Event("investigated", {"seat": 0, "location": el("Little Italy"), "investigator": 0, "discs": 1, "cubes": 1, "markers": ["cube", "disc"]})
    line = narrator.describe(event)
    assert isinstance(line, Text)
    assert line.render("en") == "Seat 1 sends an investigator to Little Italy: 1 disc, 1 cube."
    assert line.render("es") == "El puesto 1 envía un investigador a Pequeña Italia: 1 disco, 1 cubo."
    solved = narrator.describe(Event("solved", {"seat": 0, "case": {"SUSPECT": el("Bubbles"), "CRIME": el("Murder"), "LOCATION": el("Downtown")}, "points": 7, "round": 3}))
    assert solved.render("es") == "El puesto 1 resuelve su caso en la ronda 3 y gana 7 puntos."


def test_kiosk_run_plays_a_whole_pi_game(capsys, tmp_path):
    assert main(["run", "--mock", "--headless", "--game", "pi", "--seats", "3", "--seed", "1", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("P.I.: 3 seats, 3 played by bots, seed 1")
    assert out.count("Case 1 is over") == 1 and "Case 3 is over" in out and "Final scores:" in out
    assert "You hold the case" not in out, "a private event reached the public terminal"


def test_every_template_and_result_word_is_in_the_catalogue():
    from kiosk.catalogue import all_messages

    marked = all_messages()
    for kind, template in narrate.TEMPLATES.items():
        assert template in marked, kind
    assert set(narrate.RESULTS.values()) | set(narrate.VERDICTS.values()) <= marked


def test_a_penalty_says_its_points_are_the_track_total():
    """playPI14: "Seat 1 moves down the penalty track: -4 points." after a second wrong accusation
    read as if that one had cost 4 (each costs 2; the event carries the track's total)."""
    line = Narrator().describe(Event("penalty", {"seat": 0, "penalties": 2, "points": -4}))
    assert line.render("en") == "Seat 1 moves down the penalty track: -4 points in all."
    assert line.render("es") == "El puesto 1 baja en el marcador de penalizaciones: -4 puntos en total."
