"""Watson & Holmes, left from a newcomer's trial (playWH21, mended in fixWH30): Dr Watson (4 carriages), a question to Sherlock Holmes
(3, once a game) and 221B (a wrong answer puts the seat out, rules 8.3) each went with one press. Like the
discard, each is now sent from a summary of what it costs and does; "Back" sends nothing. 221B while some
questions are not open keeps its own warning (the `confirm_221b` prompt), not a second summary. And where the
character is discarded or revealed, what it does is read first (its power was only on the seat's "Your
character" pages). The last player's own seat counts down the rounds left,
as the board did."""

from __future__ import annotations

import pytest

from kiosk.games.base import Action, Prompt
from kiosk.games.watson_holmes.game import WatsonHolmes
from kiosk.referee.narration import narrator_for
from kiosk.seats.canvas import LINE_WIDTH, paragraph, text_width
from kiosk.seats.screen import PAGE_LINES, title_fits
from kiosk.seats.watson_holmes import action_label, menu

GAME = WatsonHolmes()


def walk(entries):
    for entry in entries:
        yield entry
        yield from walk(entry.below)


def summary_of(entries, kind, args=None):
    """The summary a choice of `kind` is sent from (None: it is sent with one press)."""
    leaf = next(e for e in walk(entries) if e.action is not None and e.action.kind == kind
                and (args is None or e.action.args == args))
    return next((e for e in walk(entries) if e.confirms and leaf in e.below), None), leaf


SAID = {
    "en": {"watson": ("Take Dr Watson?", "costs 4 carriages"), "holmes": ("Ask Holmes?", "costs 3, once a game"),
           "221b": ("Go to 221B?", "answer every question")},
    "es": {"watson": ("¿Tomar a Watson?", "cuesta 4 carruajes"), "holmes": ("¿Preguntar a Holmes?", "cuesta 3, una vez"),
           "221b": ("¿Ir al 221B?", "respondes todas")},
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_watson_holmes_and_221b_are_sent_from_a_summary(lang):
    state = GAME.start(3, 7, {"case": "brighton-pomeranian"})
    narrator = narrator_for("watson-holmes", GAME.view(state, None))
    baker = narrator.case.baker_street_id
    question = narrator.case.questions[0]
    option = next(iter(question.options()))
    actions = (Action("visit", (baker,)), Action("watson"), Action("holmes_consult", (1,)),
               Action("holmes_check", (1, question.id, None)), Action("holmes_check", (1, question.id, option)))
    prompt = Prompt(0, "visit", actions, True, {"round": 3, "unopened": [], "unavailable": {}, "taken": []})
    entries = menu(prompt, narrator, lang).entries
    for kind, args, key in (("watson", None, "watson"), ("holmes_consult", None, "holmes"), ("holmes_check", None, "holmes"),
                            ("visit", (baker,), "221b")):
        summary, leaf = summary_of(entries, kind, args)
        assert summary is not None and summary.action is None, kind  # ● on the choice opens the summary: nothing sent yet
        title, cost = SAID[lang][key]
        assert summary.title == title
        assert title_fits(summary.title), summary.title  # playWH33: "¿Tomar al Dr. Wa… 1/2" was cut
        assert cost in leaf.item.lines
        assert len(leaf.item.lines) <= PAGE_LINES - 1  # the footer keeps the fourth line
        assert all(text_width(line, 12) <= LINE_WIDTH for line in leaf.item.lines), leaf.item.lines
    # a phone shows the summary alone: a question to Holmes keeps which answer it asks about
    prompt_label = action_label(actions[-1], prompt, narrator).render(lang)
    summary, leaf = summary_of(entries, "holmes_check", actions[-1].args)
    assert leaf.item.lines[0] == paragraph(prompt_label, LINE_WIDTH)[0]


def test_221b_with_questions_not_open_keeps_its_own_warning_only():
    state = GAME.start(3, 7, {"case": "brighton-pomeranian"})
    narrator = narrator_for("watson-holmes", GAME.view(state, None))
    baker = narrator.case.baker_street_id
    prompt = Prompt(0, "visit", (Action("visit", (baker,)), Action("watson")), True,
                    {"round": 1, "unopened": [{"id": "q3", "number": 3}], "unavailable": {}, "taken": []})
    summary, _ = summary_of(menu(prompt, narrator, "en").entries, "visit", (baker,))
    assert summary is None  # the game's confirm_221b prompt asks next


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_characters_power_is_read_where_it_is_discarded_or_revealed(lang):
    """A newcomer asked to discard or reveal a character did not know what it does (playWH21): the level
    that offers the discard (or the discard's own summary, where it stands alone) reads its text first."""
    from kiosk.i18n import Text
    from kiosk.seats.watson_holmes import own_card, pages_of

    for seed in range(12):
        state = GAME.start(3, seed, {"case": "brighton-pomeranian"})
        narrator = narrator_for("watson-holmes", GAME.view(state, None))
        prompt = next(p for p in GAME.prompts(state) if p.kind == "visit")
        view = GAME.view(state, prompt.seat)
        card = own_card(view, narrator)
        found = menu(prompt, narrator, lang, card=card, supply=view.get("supply"))
        power = pages_of(Text(card.name).render(lang), Text(card.text).render(lang))
        level = next(e for e in walk(found.entries) if any(
            b.action is not None and b.action.kind == "discard_character" for x in e.below for b in (x, *x.below)))
        assert tuple(e.item for e in level.below[:len(power)]) == power, card.id
        assert all(e.action is None and not e.below and len(e.item.lines) <= PAGE_LINES for e in level.below[:len(power)])
        assert sum(1 for e in walk(found.entries) if e.item == power[0]) == 1  # read once, not at each level

@pytest.mark.parametrize("lang, said", [("en", ("2 rounds, then 221B", "1 round, then 221B", "Now on to 221B")),
                                        ("es", ("2 rondas y al 221B", "1 ronda y al 221B", "Ahora, al 221B"))])
def test_the_last_players_own_seat_says_the_rounds_left(lang, said):
    """The board said "Seat 2: 2 rounds left" (rules 11), and the one seat that plays them said only "Your turn
    to visit"; its status line now counts them down, and says when 221B is all that is left."""
    from kiosk.seats.watson_holmes import idle

    state = GAME.start(3, 7, {"case": "brighton-pomeranian"})
    narrator = narrator_for("watson-holmes", GAME.view(state, None))
    state.players[0].eliminated = state.players[2].eliminated = True
    for rounds, words in zip((2, 1, 0), said):
        state.last_player = {"seat": 1, "rounds_left": rounds}
        assert idle(GAME.view(state, 1), narrator, lang).footer == words
        assert idle(GAME.view(state, 0), narrator, lang).footer != words  # another seat's status is its own
