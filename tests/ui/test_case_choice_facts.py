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


def tap_case(scene: Options, case_id: str) -> None:
    painter = render(scene, LANDSCAPE, "en")
    (spot,) = [t.rect.center for t in painter.targets if t.value == ("set", "case", case_id)]
    scene.tap(painter.hit(spot), 0.0)


def test_the_chosen_case_shows_its_difficulty_players_and_length():
    cases = registry.get("watson-holmes").cases
    scene = Options("watson-holmes", {"case": "lamplighter"}, print, print)
    tutorial = cases["lamplighter"]
    assert f"Tutorial, 2-7 players, about {tutorial.expected_minutes} minutes" in texts(scene)
    assert f"Tutorial, 2-7 jugadores, unos {tutorial.expected_minutes} minutos" in texts(scene, "es")
    tap_case(scene, "thornbury-clock")
    thornbury = cases["thornbury-clock"]
    line = (f"Difficulty {thornbury.difficulty} of 5, {thornbury.min_players}-{thornbury.max_players} players, "
            f"about {thornbury.expected_minutes} minutes")
    shown = texts(scene)
    assert line in shown and not any(text.startswith("Tutorial") for text in shown)
    assert f"Dificultad {thornbury.difficulty} de 5" in " ".join(texts(scene, "es"))


def test_every_case_line_fits_at_every_layout():
    for case_id in registry.get("watson-holmes").cases:
        painters = render_everywhere(f"menu-options-watson-holmes-{case_id}",
                                     lambda: Options("watson-holmes", {"case": case_id}, print, print),
                                     layouts=tuple(LAYOUTS.values()))
        assert all(any("minut" in d.text for d in p.drawn) for p in painters)
