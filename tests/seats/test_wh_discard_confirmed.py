"""Watson & Holmes, from a newcomer's game (playWH21): discarding the character is for good (rules 10.1: its
action or 3 carriages). He opened "Your character" to learn what Mycroft does, pressed ● on its first entry
and had thrown him away, no question asked. The discard is now sent from a summary (which card, the
carriages, that its action is lost), like an answer at 221B; "Back" leaves the character in hand."""

from __future__ import annotations

import pytest

from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.i18n import Text
from kiosk.referee.narration import narrator_for
from kiosk.seats.watson_holmes import menu, own_card

GAME = WatsonHolmes()


def walk(entries):
    for entry in entries:
        yield entry
        yield from walk(entry.below)


@pytest.mark.parametrize("lang, said", [("en", ("Discard?", "for +3 carriages", "its action is lost")),
                                        ("es", ("¿Descartar?", "por +3 carruajes", "pierdes su acción"))])
def test_discarding_the_character_is_sent_from_a_summary(lang, said):
    state = GAME.start(3, 7, {"case": "brighton-pomeranian"})
    narrator = narrator_for("watson-holmes", GAME.view(state, None))
    prompt = next(p for p in GAME.prompts(state) if p.kind == "visit")
    assert any(a.kind == "discard_character" for a in prompt.actions)
    view = GAME.view(state, prompt.seat)
    card = own_card(view, narrator)
    entries = menu(prompt, narrator, lang, card=card, supply=view.get("supply")).entries
    found = [e for e in walk(entries) if e.action is not None and e.action.kind == "discard_character"]
    assert len(found) == 1
    summary = next(e for e in walk(entries) if e.confirms and found[0] in e.below)
    assert summary.action is None  # ● on the choice opens its summary: nothing is sent yet
    title, gain, loses = said
    assert summary.title == title
    assert found[0].item.lines == (Text(card.name).render(lang), gain, loses)
