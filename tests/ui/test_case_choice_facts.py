"""The Watson & Holmes case choice says what each case asks of the table: under the option's label, the
chosen case's difficulty, players and expected length, as its file declares them, in both languages;
tapping another case changes the line. Drawn at every layout (screenshots under build/screenshots)."""

from __future__ import annotations

from kiosk.games import registry
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.scenes.options import Options
from tests.ui.scene_checks import render, render_everywhere

LANDSCAPE = LAYOUTS["800x480"]


def texts(scene: Options, lang: str = "en") -> list[str]:
    return [drawn.text for drawn in render(scene, LANDSCAPE, lang).drawn]


def tap_other_case(scene: Options) -> str:
    """Tap a case other than the chosen one, as a finger would (side-by-side buttons or a stepper)."""
    painter = render(scene, LANDSCAPE, "en")
    targets = [t for t in painter.targets
               if isinstance(t.value, tuple) and t.value[:2] == ("set", "case") and t.value[2] != scene.values["case"]]
    assert targets, "no other case can be tapped"
    scene.tap(painter.hit(targets[0].rect.center), 0.0)
    return str(targets[0].value[2])


def facts(case_id: str, lang: str = "en") -> str:
    case = registry.get("watson-holmes").cases[case_id]
    players = f"{case.min_players}\u2013{case.max_players}"
    if lang == "es":
        players = f"{case.min_players}-{case.max_players}"  # the RAE joins a range with a hyphen
        if case.difficulty == 0:
            return f"Tutorial, {players} jugadores, unos {case.expected_minutes} minutos"
        return f"Dificultad {case.difficulty} de 5, {players} jugadores, unos {case.expected_minutes} minutos"
    if case.difficulty == 0:
        return f"Tutorial, {players} players, about {case.expected_minutes} minutes"
    return f"Difficulty {case.difficulty} of 5, {players} players, about {case.expected_minutes} minutes"


def test_the_chosen_case_shows_its_difficulty_players_and_length():
    scene = Options("watson-holmes", {"case": "lamplighter"}, print, print)
    assert facts("lamplighter") == "Tutorial, 2–7 players, about 30 minutes"
    assert facts("lamplighter") in texts(scene) and facts("lamplighter", "es") in texts(scene, "es")
    other = tap_other_case(scene)
    assert scene.values["case"] == other
    shown = texts(scene)
    assert facts(other) in shown and facts("lamplighter") not in shown
    assert facts(other, "es") in texts(scene, "es")


def test_thornbury_hall_says_what_its_file_says():
    scene = Options("watson-holmes", {"case": "thornbury-clock"}, print, print)
    assert "Difficulty 3 of 5, 2–7 players, about 95 minutes" in texts(scene)


def test_every_case_line_fits_at_every_layout():
    for case_id in registry.get("watson-holmes").cases:
        painters = render_everywhere(f"menu-options-watson-holmes-{case_id}",
                                     lambda: Options("watson-holmes", {"case": case_id}, print, print),
                                     layouts=tuple(LAYOUTS.values()))
        assert all(facts(case_id, p.lang) in [d.text for d in p.drawn] for p in painters)
