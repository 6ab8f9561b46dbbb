"""Seat screens: golden images for each screen kind, and text that always fits 128x64.

Run with UPDATE_GOLDEN=1 to rewrite the reference images after a deliberate change (and review them).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

from kiosk.bots.random_bot import RandomBot
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.referee.narration import narrator_for
from kiosk.seats import mystery_express as screens
from kiosk.seats.canvas import WIDTH, fit, text_width, wrap
from kiosk.seats.screen import Item, Screen, render

GOLDEN = Path(__file__).with_name("golden")
GAME = MysteryExpress()


def play_until(state, until, seed=3):
    bots = [RandomBot(s, seed) for s in range(len(state.seats))]
    events = []
    while not until(state, events):
        prompt = min(GAME.prompts(state), key=lambda p: p.seat)
        events += GAME.apply(state, prompt.seat, bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt))
    return events


def moment(stage_or_kind: str):
    state = GAME.start(4, 11, {"characters": "random"})
    events = play_until(state, lambda s, ev: s.stage == stage_or_kind or any(e.kind == stage_or_kind for e in ev))
    return state, events


def check(name: str, image: Image.Image) -> None:
    path = GOLDEN / f"{name}.png"
    assert image.size == (128, 64) and image.mode == "1"
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        if not os.environ.get("UPDATE_GOLDEN"):
            pytest.fail(f"no golden image {path.name}: run with UPDATE_GOLDEN=1 and review it")
        image.save(path)
    expected = Image.open(path).convert("1")
    differing = sum(bin(a ^ b).count("1") for a, b in zip(image.tobytes(), expected.tobytes(), strict=True))
    assert differing == 0, f"{name}: {differing} pixels differ from {path.name}"


def narrator(state):
    return narrator_for("mystery-express", GAME.view(state, None))


def test_idle_screen():
    state, _ = moment("turn")
    check("idle_en", render(screens.idle(GAME.view(state, state.active), narrator(state), "en")))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hand_carousel(lang):
    state, _ = moment("turn")
    view = GAME.view(state, 0)
    check(f"hand_{lang}", render(screens.hand(view, narrator(state), lang, index=2)))


def test_journal():
    state, _ = moment("tunnel")
    check("journal_es", render(screens.journal(GAME.view(state, 1), narrator(state), "es", index=0)))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_turn_prompt(lang):
    state, _ = moment("turn")
    (prompt,) = GAME.prompts(state)
    check(f"turn_{lang}", render(screens.menu(prompt, GAME.view(state, prompt.seat), narrator(state), lang).screen()))


def test_private_reveal_of_a_shown_card():
    state, events = moment("card_shown")
    shown = next(e for e in events if e.kind == "card_shown")
    check("reveal_en", render(screens.reveal(shown, narrator(state), "en", shown.data["to"])))


def test_wien_time_packet():
    state, events = moment("time_packet")
    packet = next(e for e in events if e.kind == "time_packet")
    check("time_packet_en", render(screens.reveal(packet, narrator(state), "en")))


def test_telegram_form():
    state, _ = moment("telegram")
    prompt = next(p for p in GAME.prompts(state) if p.seat == 0)
    check("telegram_es", render(screens.menu(prompt, GAME.view(state, 0), narrator(state), "es").screen((), 1)))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_name_and_label_fits_the_screen(lang):
    """Every card, place and character name, and every prompt title and choice of a whole game."""
    from kiosk.games.mystery_express.rules import data_names
    from kiosk.i18n import Text

    for name in data_names():
        lines, size = wrap(Text(name).render(lang), WIDTH - 12, (16, 14, 12))
        assert all(text_width(line, size) <= WIDTH - 12 for line in lines), name
        assert "…" not in "".join(lines), f"{name!r} had to be cut in {lang}"
    state = GAME.start(5, 2, {"characters": "choose"})
    n = narrator(state)
    seen = set()

    def visit(s, _events):
        for prompt in GAME.prompts(s):
            if prompt.kind not in seen:
                seen.add(prompt.kind)
            for screen in screens.menu(prompt, GAME.view(s, prompt.seat), n, lang).screens():
                render(screen)
        return s.over

    play_until(state, visit)
    assert {"turn", "telegram", "final", "tunnel"} <= seen


def test_long_text_is_cut_with_an_ellipsis_rather_than_overflowing():
    text, size = fit("A remarkably long name that cannot possibly fit on one seat screen line", WIDTH)
    assert text.endswith("…") and text_width(text, size) <= WIDTH
    image = render(Screen("A title long enough to need cutting as well, surely", (Item("x"),) * 12, index=11))
    assert image.size == (128, 64)


def test_choices_show_their_position_in_the_list():
    third = render(Screen("Pick", tuple(Item(f"choice {i}") for i in range(7)), index=2))
    fourth = render(Screen("Pick", tuple(Item(f"choice {i}") for i in range(7)), index=3))
    assert third.tobytes() != fourth.tobytes()
    # The position ("3/7") sits at the right end of the title bar, drawn in black on white.
    assert third.crop((100, 0, 128, 12)).tobytes() != fourth.crop((100, 0, 128, 12)).tobytes()


def test_assist_marks_what_the_seat_can_rule_out_in_its_journal():
    from kiosk.games.mystery_express.deduction import assist
    from kiosk.seats.mystery_express import MysteryExpressPages

    state = GAME.start(4, 11, {"characters": "random"})
    bots = [RandomBot(s, 3) for s in range(4)]
    pages = MysteryExpressPages(narrator(state), "en", assist=True)
    while state.leg < 4:
        prompt = min(GAME.prompts(state), key=lambda p: p.seat)
        events = GAME.apply(state, prompt.seat, bots[prompt.seat].choose(GAME.view(state, prompt.seat), prompt))
        pages.observe([e for e in events if e.visible_to(0)])
    view = GAME.view(state, 0)
    report = assist(view, pages.seen)
    screen = pages.page("journal", view, 0)
    out = sum(1 for entry in report.values() if entry["status"] == "ruled_out")
    assert out > 0 and screen.items[0].label == f"Ruled out: {out} of {len(report)}"
    marked = [item for item in screen.items[1:] if item.detail.startswith("ruled out")]
    assert marked and all(report[key]["status"] == "ruled_out" for key, name in GAME.rules.element_names.items()
                          if any(item.label == name for item in marked) and key in report)
    plain = MysteryExpressPages(narrator(state), "en").page("journal", view, 0)
    assert not any(item.detail.startswith("ruled out") for item in plain.items)


def _rows_drawn_by(screen: Screen, bare: Screen) -> set[int]:
    """The pixel rows where `screen` differs from `bare` (the same screen without one of its parts)."""
    a, b = render(screen), render(bare)
    return {y for y in range(a.height) for x in range(a.width) if a.getpixel((x, y)) != b.getpixel((x, y))}


def test_a_detail_without_footer_sits_on_the_footer_line():
    """A reveal covering the idle screen rewrites the footer's line with its detail, not a line above
    it as well: fewer bytes to the awaited seat (issue 22)."""
    item = Item("Walking cane", "MODUS_OPERANDI", "Shown by Seat 4")
    reveal = _rows_drawn_by(Screen("You see", (item,)), Screen("You see", (Item(item.label, item.mark),)))
    idle = Screen("Seat 3", counts=(("SUSPECT", 1), ("MOTIVE", 2)), footer="Leg 1: Strasbourg")
    footer = _rows_drawn_by(idle, Screen("Seat 3", counts=idle.counts))
    assert reveal and reveal <= set(range(64 - 12, 64)) and footer <= set(range(64 - 12, 64))
    two_lines = Item("Rivalry", "MOTIVE", "Shown by Colonel MacDouglas")
    assert min(_rows_drawn_by(Screen("You see", (two_lines,)), Screen("You see", (Item("Rivalry", "MOTIVE"),)))) >= 64 - 24
    with_footer = Screen("Hand", (item,), footer="select: next")  # above a footer, the detail stays under the label
    assert max(_rows_drawn_by(with_footer, Screen("Hand", (Item(item.label, item.mark),), footer="select: next"))) < 64 - 12
