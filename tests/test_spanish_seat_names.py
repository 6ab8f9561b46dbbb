"""A seat named inside a Spanish sentence after «a» or «de» takes the contracted article, lower case:
«Puesto 1 ataca al puesto 2», «Mano del puesto 3» (issue #31); a character's name is left as it is."""

from __future__ import annotations

from kiosk.games.base import Event
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.i18n import N_, Text
from kiosk.referee.narration import narrator_for


def seat(n: int) -> Text:
    return Text(N_("Seat {n}"), {"n": n})


def test_a_seat_after_a_or_de_reads_al_puesto_and_del_puesto():
    attack = Text("{seat} attacks {target} on {attribute}.", {"seat": seat(1), "target": seat(2), "attribute": "⚔"})
    assert attack.render("es") == "Puesto 1 ataca al puesto 2 con ⚔."
    assert attack.render("en") == "Seat 1 attacks Seat 2 on ⚔."
    assert Text("Attack {seat}", {"seat": seat(2)}).render("es") == "Atacar al puesto 2"
    assert Text("Hand of {seat}", {"seat": seat(3)}).render("es") == "Mano del puesto 3"


def test_a_seat_after_contra_takes_its_article():
    won = Text("{seat} wins the combat against {loser}.", {"seat": seat(1), "loser": seat(2)})
    assert won.render("es") == "Puesto 1 gana el combate contra el puesto 2."
    assert won.render("en") == "Seat 1 wins the combat against Seat 2."


def test_a_character_keeps_its_name_after_a():
    game = MysteryExpress()
    state = game.start(3, 1, {"characters": "random"})
    narrator = narrator_for("mystery-express", game.view(state, None))
    name = narrator.seat(1).render("es")
    assert not name.startswith("Puesto")  # seat 2 plays a character
    shown = narrator.describe(Event("card_shown", {"from": 0, "to": 1, "face": "MOTIVE:0"}))
    assert shown is not None and shown.render("es").endswith(f" a {name}."), shown.render("es")


def test_the_choice_of_a_character_names_the_seat_that_chose_even_once_it_is_known():
    """The terminal's narrator is made from the view after the choice: it still says "Seat 2"."""
    game = MysteryExpress()
    state = game.start(3, 1, {"characters": "choose"})
    prompt = game.prompts(state)[0]
    (event,) = [e for e in game.apply(state, prompt.seat, prompt.actions[0]) if e.kind == "character_chosen"]
    narrator = narrator_for("mystery-express", game.view(state, None))
    line = narrator.describe(event).render("en")
    assert line.startswith(f"Seat {prompt.seat + 1} takes the character "), line
