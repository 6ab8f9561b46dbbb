"""The attract screen features the game the café chose (Home Assistant's select): first, and framed."""

from __future__ import annotations

from kiosk.games import registry
from kiosk.ui.scenes.attract import Attract
from tests.ui.scene_checks import render_everywhere


def names_in_order(painter: object) -> list[str]:
    titles = {registry.get(game_id).info.names["en"] for game_id in registry.ids()}
    return [drawn.text for drawn in painter.drawn if drawn.text in titles]  # type: ignore[attr-defined]


def test_the_featured_game_comes_first_and_the_rest_keep_their_order() -> None:
    names = [registry.get(game_id).info.names["en"] for game_id in registry.ids()]
    for painter in render_everywhere("attract-featured", lambda: Attract(lambda: None, featured="watson-holmes")):
        assert names_in_order(painter) == ["Watson & Holmes", *(n for n in names if n != "Watson & Holmes")]
    for painter in render_everywhere("attract", lambda: Attract(lambda: None)):
        assert names_in_order(painter) == names  # nothing featured: as before


def test_the_featured_game_is_framed() -> None:
    plain, featured = (render_everywhere(name, lambda: Attract(lambda: None, featured=game))[0]
                       for name, game in (("attract", None), ("attract-featured", "pi")))
    assert plain.surface.get_at((0, 0)) == featured.surface.get_at((0, 0))
    accent = featured.theme.accent
    def accent_pixels(painter: object) -> int:
        surface = painter.surface  # type: ignore[attr-defined]
        return sum(1 for x in range(0, surface.get_width(), 2) for y in range(0, surface.get_height(), 2)
                   if surface.get_at((x, y))[:3] == tuple(accent)[:3])
    assert accent_pixels(featured) > accent_pixels(plain)
