"""The phone page draws every category, place and kind mark the seat pages use as a vector icon of its
own (an SVG symbol in phone.html), not the OLED's pixel rows."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from kiosk.seats.canvas import GLYPHS
from kiosk.web.server import static_text

SVG = "{http://www.w3.org/2000/svg}"


def icons() -> ET.Element:
    found = re.search(r'<svg class="icons".*?</svg>', static_text("phone.html"), re.S)
    assert found, "phone.html holds no icon symbols"
    return ET.fromstring(found.group(0).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def test_every_mark_of_the_seat_pages_has_an_icon_of_its_own():
    symbols = {s.get("id"): s for s in icons().iter(f"{SVG}symbol")}
    assert set(symbols) == {f"icon-{key}" for key in GLYPHS}
    for name, symbol in symbols.items():
        assert symbol.get("viewBox") == "0 0 24 24", name
        shapes = [e for e in symbol.iter() if e.tag in {f"{SVG}{t}" for t in ("path", "circle", "rect", "use")}]
        assert shapes, f"{name} draws nothing"
        assert not [e for e in symbol.iter(f"{SVG}rect") if e.get("width") == "1" and e.get("height") == "1"], \
            f"{name} is drawn in pixels"


def test_the_page_draws_marks_with_the_icons_not_pixel_rows():
    script = static_text("phone.js")
    assert '"#icon-" + key' in script and "glyphs" not in script
