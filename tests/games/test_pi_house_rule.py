"""P.I.'s round cap is the kiosk's own house rule (issue 17, item 13): the seed ends a mini-game only
when everyone, or all but one, has solved (rules 10, A5). The rules pages and the options screen say
so, and `round_limit = 0` plays the seed's rule."""

from __future__ import annotations

from kiosk.games.pi.game import INFO
from kiosk.i18n import Text
from kiosk.ui.option_labels import LABELS, VALUE_NAMES
from kiosk.ui.rules_text import RULES
from pi_support import GAME, stall, started


def test_the_rules_pages_name_the_round_cap_as_the_kiosks_house_rule():
    default = next(o.default for o in INFO.options if o.name == "round_limit")
    pages = {Text(page.title).render(lang): Text(page.body).render(lang)
             for lang in ("en", "es") for page in RULES["pi"]}
    assert f"Not in the original game: a case also ends after {default} rounds" in pages["The kiosk's house rule"]
    assert "\"No limit\" plays the original rule" in pages["The kiosk's house rule"]
    assert f"No está en el juego original: un caso también termina tras {default} rondas" in pages[
        "Regla de la casa del quiosco"]


def test_the_options_screen_labels_the_round_limit_as_the_kiosks_own():
    label = LABELS[("pi", "round_limit")]
    assert Text(label.help).render("en").startswith("The kiosk's house rule:")
    assert Text(label.help).render("es").startswith("Regla propia del quiosco:")
    assert Text(VALUE_NAMES[("round_limit", 0)]).render("en") == "No limit"


def test_round_limit_zero_plays_the_seeds_rule_past_the_cap():
    default = next(o.default for o in INFO.options if o.name == "round_limit")
    state = started(2, seed=24, first=0, round_limit=0)
    while state.round <= default + 5:
        stall(state, state.active)
    assert state.minigame == 1 and not state.over
    assert GAME.view(state, None)["round_limit"] == 0
