"""The seat claim asks players to tap their token only in a game that has seat tokens."""

from __future__ import annotations

import pytest

from kiosk.games import registry
from kiosk.games.physical import has_seat_tokens, physical_tags
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.scenes.claim import SeatClaim
from tests.ui.scene_checks import render


def said(game_id: str, lang: str) -> list[str]:
    scene = SeatClaim(game_id, 3, print, print, print)
    return [d.text for d in render(scene, next(iter(LAYOUTS.values())), lang).drawn]


@pytest.mark.parametrize("game_id", registry.ids())
def test_only_a_game_with_seat_tokens_asks_for_one(game_id):
    english = " ".join(said(game_id, "en"))
    assert ("token" in english) == has_seat_tokens(game_id)
    assert "Claim your seat: press ● on your seat" in english


def test_pi_has_no_tags_and_never_asks_for_a_token():
    assert physical_tags("pi") == [] and not has_seat_tokens("pi")
    assert not any("token" in line or "ficha" in line for lang in ("en", "es") for line in said("pi", lang))
    assert has_seat_tokens("mystery-express")
