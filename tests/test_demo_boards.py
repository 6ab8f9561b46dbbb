"""`kiosk demo` draws every game's board at its key moments, and the README shows each board."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image

from kiosk.cli import main
from kiosk.commands.demo import BOARD_LAYOUTS, BOARD_MOMENTS, README_MOMENTS

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(BOARD_MOMENTS)


@pytest.mark.parametrize("game", GAMES)
def test_the_demo_draws_the_board_at_each_key_moment_and_writes_the_readme_pictures(game, tmp_path, capsys):
    out, readme = tmp_path / "demo", tmp_path / "docs"
    assert main(["demo", "--game", game, "--seats", "4", "--seed", "3", "--out", str(out), "--readme", str(readme)]) == 0
    boards = {p.name for p in out.iterdir() if p.name.startswith("board-")}
    for size in BOARD_LAYOUTS:
        assert f"board-game_over-end-{size}.png" in boards
        assert any(name.endswith(f"-{size}.png") and "game_over" not in name for name in boards), "only the end"
    kinds = {name.split("-")[1] for name in boards}
    assert len(kinds) >= 3, f"{game}: the demo drew too few kinds of moment: {kinds}"
    assert any(README_MOMENTS[game] in name for name in boards), f"seed 3 never reaches {README_MOMENTS[game]}"
    for size in BOARD_LAYOUTS:
        picture = readme / f"{game}-{size}.png"
        with Image.open(picture) as image:
            assert image.size == tuple(int(n) for n in size.split("x"))
        assert picture.stat().st_size < 120_000, "a README picture should stay small"


def test_the_readme_shows_a_landscape_and_a_portrait_board_of_every_game_and_they_are_committed():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"docs/boards/([\w-]+\.png)", readme))
    for game in GAMES:
        for size in BOARD_LAYOUTS:
            name = f"{game}-{size}.png"
            assert name in shown, f"the README does not show {name}"
            assert (ROOT / "docs" / "boards" / name).is_file(), f"docs/boards/{name} is missing: run make docs"


@pytest.mark.parametrize("game", GAMES)
def test_every_games_demo_saves_the_seat_screens_at_more_than_one_moment(game, tmp_path, capsys):
    out = tmp_path / "demo"
    assert main(["demo", "--game", game, "--seats", "3", "--seed", "3", "--out", str(out)]) == 0
    seats = {p.name for p in out.iterdir() if not p.name.startswith("board-")}
    moments = {name.rsplit("-seat", 1)[0] for name in seats}
    assert len(moments) >= 4, f"{game}: seat screens saved only at {moments}"
    assert any("game_over" in moment for moment in moments)
    for moment in moments:  # every seat at every moment
        assert {f"{moment}-seat{n}.png" for n in (1, 2, 3)} <= seats
