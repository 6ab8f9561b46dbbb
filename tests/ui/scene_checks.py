"""The checks every touchscreen scene must pass, at every layout and in both languages.

`render_everywhere(name, make_scene)` draws a scene on an off-screen surface of each layout, checks
what the painter recorded and saves a screenshot under `build/screenshots/` (the review artefacts):

- every text fits its box and every box lies on the screen (nothing clipped or overflowing), and
  none reads cut short with an ellipsis its words do not have ("Passen…");
- no text wrapped onto several lines leaves one character or a lone short token on its last line
  ("Lounge Car · 2 /" over "h", "leg" over "1": `lone_last_line`);
- every word came from the catalogue (`Text` with a known message id; `Verbatim` holds no letters)
  or from a case file (`CaseText`, which each game's own tests check against the public view);
- no text is under the type scale's floor (2.5 mm, `kiosk/ui/type_scale.py`) or under the minimum of
  its own size, except on the frames of `SMALL_TYPE_PENDING` (named, with the reason, until migrated);
- every touch target is at least 9 mm on its short side and lies on the screen;
- no text comes near the screen's edge, nor a button's label near its button's sides
  (`touch_edge_defects`, tests/ui/layout_checks.py).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pygame

from kiosk.catalogue import all_messages
from kiosk.games.watson_holmes.narrate import CaseText
from kiosk.i18n import AsIs, Rendered, Text, TextList
from kiosk.ui.layout import LAYOUTS, Layout
from kiosk.ui.paint import ELLIPSIS, Drawn, Painter, Verbatim
from tests.text_checks import lone_last_line
from tests.ui.layout_checks import touch_edge_defects
from kiosk.ui.scene import Scene
from kiosk.ui.type_scale import FLOOR_MM

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("KIOSK_SCREENSHOTS", ROOT / "build" / "screenshots"))
LANGUAGES = ("en", "es")
_MESSAGES: set[str] | None = None

# Frames (by the start of their name) still drawing some text under the 2.5 mm floor: TEMPORARY, each
# with what is left to do. Remove an entry when its board is migrated to the type scale.
SMALL_TYPE_PENDING: dict[str, str] = {
}


def known_messages() -> set[str]:
    global _MESSAGES
    if _MESSAGES is None:
        _MESSAGES = all_messages()
    return _MESSAGES


def render_everywhere(name: str, make_scene: Callable[[], Scene], now: float = 0.0,
                      layouts: tuple[Layout, ...] = tuple(LAYOUTS.values())) -> list[Painter]:
    """Draw a fresh scene at every layout in both languages; check and save each frame."""
    painters = []
    for layout in layouts:
        for lang in LANGUAGES:
            painter = render(make_scene(), layout, lang, now)
            check_frame(painter, f"{name} at {layout.name} in {lang}")
            save(painter, f"{name}-{layout.name}-{lang}")
            painters.append(painter)
    return painters


def render(scene: Scene, layout: Layout, lang: str, now: float = 0.0) -> Painter:
    if not pygame.font.get_init():
        pygame.font.init()
    painter = Painter(pygame.Surface(layout.size), layout, scene.theme, lang)
    scene.draw(painter, now)
    return painter


def check_frame(painter: Painter, where: str) -> None:
    screen = painter.surface.get_rect()
    layout = painter.layout
    for drawn in painter.drawn:
        assert drawn.fits, f"{where}: {drawn.text!r} does not fit its box {drawn.box}"
        assert screen.contains(drawn.box), f"{where}: the box of {drawn.text!r} leaves the screen: {drawn.box}"
        assert drawn.box.contains(drawn.rect), f"{where}: {drawn.text!r} leaves its box {drawn.box}: {drawn.rect}"
        check_words(drawn.source, where)
        assert not cut_short(drawn), f"{where}: {drawn.text!r} is cut short: {' / '.join(drawn.lines)!r}"
        assert not stray_last_line(drawn), (
            f"{where}: {drawn.text!r} leaves a lone {drawn.lines[-1]!r} on its last line: {' / '.join(drawn.lines)!r}"
        )
    for target in painter.targets:
        short = min(target.rect.size)
        assert short >= layout.min_touch, (
            f"{where}: touch target {target.value!r} is {short} px, under 9 mm ({layout.min_touch} px)"
        )
        assert screen.contains(target.rect), f"{where}: touch target {target.value!r} leaves the screen"
    check_type_sizes(painter, where)
    edges = touch_edge_defects(painter)
    assert not edges, f"{where}: " + "; ".join(edges[:6])
    record_type_sizes(painter, where)  # a frame that passed (the tests that show a check failing record nothing)


def cut_short(drawn: Drawn) -> bool:
    """Whether a text reads with an ellipsis its own words do not end in (the painter's, or one a
    board put there itself to make a name fit)."""
    return any(line.endswith(ELLIPSIS) for line in drawn.lines) and not drawn.text.endswith(ELLIPSIS)


def stray_last_line(drawn: Drawn) -> bool:
    """A lone short last line left by the wrap (`lone_last_line`); a last line the words put on a line
    of their own ("◀" over the page number) is not one."""
    return lone_last_line(drawn.lines) and drawn.lines[-1] != drawn.text.split("\n")[-1]


def check_type_sizes(painter: Painter, where: str) -> None:
    """Every text at least its size's minimum and the floor, unless its frame is still pending."""
    if any(where.startswith(pending) for pending in SMALL_TYPE_PENDING):
        return
    floor = painter.layout.mm_at_least(FLOOR_MM)
    small = [(d.text, d.pixels) for d in painter.drawn if d.pixels < max(floor, d.least)]
    assert not small, (
        f"{where}: text under its minimum size ({FLOOR_MM} mm = {floor} px at least): "
        + ", ".join(f"{text!r} at {pixels} px" for text, pixels in small[:8])
    )


def record_type_sizes(painter: Painter, where: str) -> None:
    """Append each drawn text's size to the file named by KIOSK_TYPE_REPORT (bench/type_sizes.py)."""
    report = os.environ.get("KIOSK_TYPE_REPORT")
    if not report:
        return
    with open(report, "a", encoding="utf-8") as out:
        for drawn in painter.drawn:
            out.write(json.dumps({"layout": painter.layout.name, "lang": painter.lang, "where": where,
                                  "text": drawn.text, "px": drawn.pixels,
                                  "mm": round(drawn.pixels / painter.layout.px_per_mm, 2)}) + "\n")


def check_words(words: object, where: str) -> None:
    if isinstance(words, Verbatim):
        assert not any(c.isalpha() for c in words.text), f"{where}: words shown without the catalogue: {words.text!r}"
    elif isinstance(words, AsIs):  # a host, a key, the system's words: outside every catalogue on purpose
        assert words.text, f"{where}: empty words"
    elif isinstance(words, Rendered):  # rendered by its maker in each language
        assert {lang for lang, text in words.texts if text} >= set(LANGUAGES), f"{where}: {words!r} lacks a language"
    elif isinstance(words, TextList):
        for item in words.items:
            check_words(item, where)
    elif isinstance(words, CaseText):  # a case file's own text in each language, not the catalogue's
        assert words.params.get("en") and all(isinstance(v, str) for v in words.params.values()), (
            f"{where}: case text without its English version: {words.params!r}"
        )
    elif isinstance(words, Text):
        assert words.msgid in known_messages(), f"{where}: {words.msgid!r} is not in the catalogue"
        for value in words.params.values():
            if isinstance(value, (Text, TextList, Verbatim, AsIs, Rendered)):
                check_words(value, where)
            elif isinstance(value, str):
                assert not any(c.isalpha() for c in value), (
                    f"{where}: parameter {value!r} of {words.msgid!r} carries words outside the catalogue"
                )
    else:
        raise AssertionError(f"{where}: drew {words!r}, which is neither Text nor Verbatim")


def save(painter: Painter, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(painter.surface, str(SCREENSHOTS / f"{name}.png"))
