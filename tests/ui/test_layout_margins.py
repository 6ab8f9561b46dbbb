"""The layout check (issue 38): no text on a panel's edge, one size along a table and a rules text.

Boards are drawn over seeded bot games of all four games at their key moments, both languages, at
800x480 and 720x1280; the menus and the seat screens of the setup likewise. The seat screens of
whole games keep their margin in tests/seats (`check_screen` runs `oled_edge_defects` on each).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pygame
import pytest
from PIL import Image, ImageDraw

from kiosk.games import registry
from kiosk.i18n import N_, Text
from kiosk.commands.demo import BOARD_MOMENTS
from kiosk.referee.headless import play, random_bots
from kiosk.referee.narration import narrator_for
from kiosk.seats.canvas import font
from kiosk.seats.screen import Item, Screen
from kiosk.ui.boards import BoardContext, make_board
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.paint import Painter
from kiosk.ui.rules_text import RULES
from kiosk.ui.scenes.rules_pages import RulesPages
from tests.ui.layout_checks import oled_edge_defects, one_size, oled_image_defects, panel_edge_defects, touch_edge_defects
from tests.ui.scene_checks import render

SIZES = (LAYOUTS["800x480"], LAYOUTS["720x1280"])
LANGUAGES = ("en", "es")
GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {  # seats, seed, options: Mystery Express with five seats
    "mystery-express": (5, 3, {"characters": "random"}),
    "pi": (4, 5, {}),
    "watson-holmes": (4, 7, {}),
    "mystery-city": (4, 13, {}),
}
PER_KIND = 2  # a moment that recurs is drawn its first few times


@cache
def board_frames(game_id: str) -> tuple[tuple[str, Painter], ...]:
    """The board of a seeded bot game drawn at its key moments (a second after each, and at rest),
    at both sizes in both languages."""
    seats, seed, options = GAMES[game_id]
    game = registry.get(game_id)
    state = game.start(seats, seed, options)
    narrator = narrator_for(game_id, game.view(state, None))
    board = make_board(BoardContext(game_id, seats, narrator, lambda seat, action: None,
                                    bots=frozenset(range(seats)), reveal_seconds=0.2))
    moments = BOARD_MOMENTS[game_id]
    seen: dict[str, int] = {}
    frames: list[tuple[str, Painter]] = []
    clock = 0.0
    for step in play(game, state, random_bots(seats, seed)):
        clock += 1.0
        public = [e for e in step.events if e.audience is None]
        board.observe(public, clock)
        board.update(game.view(state, None), [], clock)
        kinds = [e.kind for e in public if e.kind in moments]
        for kind in kinds:
            seen[kind] = seen.get(kind, 0) + 1
        drawn = [k for k in kinds if seen[k] <= PER_KIND or k == "game_over"]
        for kind in drawn[:1]:
            for layout in SIZES:
                for lang in LANGUAGES:
                    painter = Painter(pygame.Surface(layout.size), layout, board.theme, lang)
                    board.draw(painter, clock + min(moments[kind], 100.0))
                    frames.append((f"{game_id} board, {kind} {seen[kind]}, {layout.name} in {lang}", painter))
    return tuple(frames)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_board_text_keeps_the_frames_padding(game_id):
    frames = board_frames(game_id)
    assert len(frames) >= 8
    defects = [f"{where}: {defect}" for where, painter in frames for defect in touch_edge_defects(painter)]
    assert not defects, "\n".join(defects[:12])


@pytest.mark.parametrize("game_id", list(RULES))
def test_rules_text_keeps_the_frames_padding_and_one_size_on_every_page(game_id):
    for layout in SIZES:
        for lang in LANGUAGES:
            sizes: dict[int, list[str]] = {}
            for page in range(len(RULES[game_id])):
                scene = RulesPages(game_id, lambda: None, page)
                painter = render(scene, layout, lang)
                where = f"{game_id} rules page {page + 1} at {layout.name} in {lang}"
                assert not touch_edge_defects(painter), f"{where}: {touch_edge_defects(painter)}"
                body = Text(RULES[game_id][page].body).render(lang)
                for pixels in one_size(painter, [body]):
                    sizes.setdefault(pixels, []).append(f"page {page + 1}")
            assert len(sizes) == 1, f"{game_id} rules at {layout.name} in {lang}: pages at sizes {sizes}"


def test_the_mystery_express_end_table_sets_every_cell_at_one_size():
    frames = [(where, p) for where, p in board_frames("mystery-express") if "game_over" in where]
    assert frames
    seats, seed, options = GAMES["mystery-express"]
    game = registry.get("mystery-express")
    state = game.start(seats, seed, options)
    for _ in play(game, state, random_bots(seats, seed)):
        pass
    result = game.view(state, None)["result"]
    narrator = narrator_for("mystery-express", game.view(state, None))
    faces = {*result["solution"].values(), *(face for answer in result["answers"].values() for face in answer.values())}
    for where, painter in frames:
        names = [narrator.face(face).render(painter.lang) for face in faces]
        sizes = one_size(painter, names)
        assert len(sizes) == 1, f"{where}: the end table's cells at several sizes: {sizes}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_seat_screens_of_the_setup_keep_their_margin(lang):
    for title, label, detail in (
        (N_("Mystery Table"), N_("Not in this game"), ""),
        (N_("Mystery Table"), N_("How many play?"), N_("Answer on the touchscreen")),
    ):
        screen = Screen(Text(title).render(lang), (Item(Text(label).render(lang),
                                                       detail=Text(detail).render(lang) if detail else ""),))
        assert not oled_edge_defects(screen), f"{label} in {lang}: {oled_edge_defects(screen)}"


def test_the_checks_catch_text_on_an_edge():
    image = Image.new("1", (128, 64), 0)
    ImageDraw.Draw(image).rectangle((0, 0, 127, 11), fill=255)
    assert not oled_image_defects(image)  # a lit title bar is a frame, not text on the edge
    ImageDraw.Draw(image).text((1, 0), "Mystery Table", font=font(12), fill=0)
    ImageDraw.Draw(image).text((0, 18), "Not in this game", font=font(16), fill=255)
    assert oled_image_defects(image, "Mystery Table") == [
        "the title 'Mystery Table' reaches column 1 (rows 2-9)", "text reaches column 1 (rows 20-29)",
        "text reaches column 126 (rows 24-26)"]  # the label 16 cells of 8 px wide: edge to edge
    layout = LAYOUTS["800x480"]
    painter = Painter(pygame.Surface(layout.size), layout, RulesPages("pi", lambda: None).theme, "en")
    painter.text(pygame.Rect(0, 100, 300, 40), Text(N_("Close")), 5.0, align="left")
    assert "leaves the frame's padding" in touch_edge_defects(painter)[0]


@pytest.mark.parametrize(("seats", "seed"), [(5, 3), (3, 5)])
def test_the_mystery_express_ledger_keeps_off_its_sides_around_the_sudden_revelation(seats, seed):
    """While everyone chooses the card to reveal (a column of who has), and after it (a column of the
    cards revealed), the ledger's last column keeps off the ledger's sides and the active line's frame,
    and its marks do not read as the discard counts cut short ("0 0 0 0 …"). On the turn right after
    it, with seven or eight turn buttons taking the ledger's height at 800x480, each line still holds
    its type (five seats: 16 px of type had 15 px rows)."""
    from kiosk.ui.boards.mystery_express import FORM_STATUS, regions
    from tests.ui.me_table import played_game

    played = played_game(seats, seed)
    sudden = played.first(lambda m: m.view["stage"] == "sudden")
    revealed = played.event_index("sudden_revelation")
    defects = []
    for index in (sudden + 1, revealed, revealed + 3):
        board = played.board(index)
        for layout in SIZES:
            for lang in LANGUAGES:
                painter = Painter(pygame.Surface(layout.size), layout, board.theme, lang)
                board.draw(painter, played.log[index].now + 40.0)
                ledger = regions(painter, len(board._buttons()), board.view.get("stage") in FORM_STATUS).ledger
                defects += [f"moment {index} at {layout.name} in {lang}: {d}" for d in panel_edge_defects(painter, ledger)]
    assert not defects, "\n".join(defects[:12])
