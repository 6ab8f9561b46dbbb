"""Counted things read right in both languages: "1 card", "2 cards", never "card(s)"."""

from __future__ import annotations

import re

from kiosk.catalogue import all_messages
from kiosk.games.base import Event
from kiosk.games.mystery_city.cards import load_cards
from kiosk.games.mystery_city.narrate import Narrator as CityNarrator
from kiosk.games.mystery_express.narrate import Narrator as ExpressNarrator
from kiosk.games.mystery_express.rules import load_rules
from kiosk.games.phrases import winners
from kiosk.games.pi.narrate import Narrator as PINarrator
from kiosk.games.pi.rules import load_rules as load_pi_rules
from kiosk.games.watson_holmes.narrate import Narrator as HolmesNarrator
from kiosk.i18n import Text, TextList, counted


def test_no_message_hedges_its_number_with_a_bracket():
    hedged = sorted(m for m in all_messages() if re.search(r"\w\((s|es)\)", m))
    assert not hedged, f"messages that should be plural forms: {hedged}"


def test_a_counted_message_takes_the_form_its_number_needs_in_each_language():
    for n, en, es in ((1, "1 card", "1 carta"), (2, "2 cards", "2 cartas"), (0, "0 cards", "0 cartas")):
        text = counted("{count} card", "{count} cards", n)
        assert (text.render("en"), text.render("es")) == (en, es)


def test_winners_are_named_in_the_singular_or_the_plural():
    one = winners(TextList((Text("Seat {n}", {"n": 2}),)))
    two = winners(TextList((Text("Seat {n}", {"n": 1}), Text("Seat {n}", {"n": 3}))))
    assert one.render("en") == "Winner: Seat 2" and one.render("es") == "Gana: Puesto 2"
    assert two.render("en") == "Winners: Seat 1, Seat 3" and two.render("es") == "Ganan: el puesto 1, el puesto 3"


def test_narration_counts_carriages_cards_discs_and_hours():
    holmes = HolmesNarrator()
    lost = holmes.describe(Event("outbid", {"by": 1, "seat": 0, "card": "baker", "lost": 1}))
    assert lost is not None and "Seat 1 loses 1 carriage and" in lost.render("en")
    assert "el puesto 1 pierde 1 carruaje y" in lost.render("es")
    gained = holmes.describe(Event("carriages_gained", {"seat": 2, "carriages": 3}))
    assert gained is not None and gained.render("en") == "Seat 3 gains 3 carriages."

    city = CityNarrator(load_cards()).describe(Event("deal", {"specials": 1, "regulars": 4}))
    assert city is not None and city.render("en") == "Each player receives 1 special card and 4 regular cards."
    assert city.render("es") == "Cada jugador recibe 1 carta especial y 4 cartas normales."

    pi = PINarrator(load_pi_rules()).describe(
        Event("investigated", {"seat": 0, "location": next(iter(load_pi_rules().names)), "discs": 1, "cubes": 0}))
    assert pi is not None and pi.render("en").endswith(": 1 disc, 0 cubes.")

    express = ExpressNarrator(load_rules()).describe(Event("turn_start", {"seat": 1, "hours": 1}))
    assert express is not None and express.render("en") == "Seat 2 plays, 1 hour."
    assert express.render("es") == "Juega el puesto 2, 1 hora."
