"""Mystery Express telegram and final answers: each element the seat has seen a copy of (its hand, a
card shown to it, one revealed to all: its own journal, rules 10) reads "✓ seen" under it, on that
seat's screen only; one copy seen is no proof (rules 7.2), so nothing is crossed without the assist,
and with it an element the seat can rule out reads "ruled out". Another seat's list, and the public
view, carry none of it."""

from __future__ import annotations

import pytest

from kiosk.games.mystery_express.arrival import answer_faces
from kiosk.games.mystery_express.narrate import Narrator
from kiosk.games.mystery_express.rules import element_of
from kiosk.seats.canvas import LINE_WIDTH, text_width
from kiosk.seats.mystery_express import menu
from kiosk.seats.screen import writing
from tests.games.me_support import GAME, rig, started

SEEN = {"en": "✓ seen", "es": "✓ vista"}


def form(kind: str):
    """Leg over, every seat at the first line (Suspect) of a telegram or the final answers; seat 0
    holds Dr. Rajiv and was shown Candy by seat 1, seat 2 has seen neither."""
    state = started(seed=3)
    hidden = {element_of(card) for card in state.solution.values()}
    suspects = [f for f in answer_faces(GAME.rules, state, "SUSPECT") if f not in hidden]
    mine, shown = suspects[0], suspects[1]
    weapon = next(f for f in answer_faces(GAME.rules, state, "MODUS_OPERANDI") if f not in hidden)
    rig(state, {0: [mine], 1: [shown], 2: [weapon]})
    state.seats[0].journal.append({"leg": 1, "face": shown, "from": 1, "how": "shown"})
    state.stage = kind
    state.pending = {"forms": {seat: {} for seat in range(len(state.seats))}, "sent": []}
    prompts = {p.seat: p for p in GAME.prompts(state)}
    assert prompts[0].kind == kind and prompts[0].data["category"] == "SUSPECT"
    return state, prompts, mine, shown


def details(state, prompt, lang="en", report=None) -> dict[str, str]:
    """Each element's label and the detail under it, as the seat's screen writes them."""
    seat_menu = menu(prompt, GAME.view(state, prompt.seat), Narrator(GAME.rules), lang, report)
    screen = seat_menu.screen()
    return {item.label: item.detail for item in screen.items}


def name(face: str, lang: str = "en") -> str:
    return Narrator(GAME.rules).face(face).render(lang)


@pytest.mark.parametrize("kind", ["telegram", "final"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_seats_own_hand_and_what_it_was_shown_read_seen_on_its_screen(kind, lang):
    state, prompts, mine, shown = form(kind)
    own = details(state, prompts[0], lang)
    assert own[name(mine, lang)] == SEEN[lang]  # in its hand
    assert own[name(shown, lang)] == SEEN[lang]  # shown to it
    unseen = [f for f in answer_faces(GAME.rules, state, "SUSPECT") if f not in (mine, shown)]
    assert all(own[name(f, lang)] == "" for f in unseen)
    screen = menu(prompts[0], GAME.view(state, 0), Narrator(GAME.rules), lang).screen()
    for text, lines in writing(screen):
        if text == SEEN[lang]:
            assert lines == [text] and text_width(text, 12) <= LINE_WIDTH  # whole, on one line


@pytest.mark.parametrize("kind", ["telegram", "final"])
def test_another_seat_and_the_board_carry_none_of_it(kind):
    state, prompts, mine, shown = form(kind)
    other = details(state, prompts[2])
    assert other[name(mine)] == "" and other[name(shown)] == ""
    assert "you" not in GAME.view(state, None)  # the board's view holds no seat's journal


def test_with_the_assist_what_the_seat_can_rule_out_says_so_instead():
    state, prompts, mine, shown = form("telegram")
    report = {mine: {"status": "ruled_out"}, shown: {"status": "open"}}
    own = details(state, prompts[0], report=report)
    assert own[name(mine)] == "ruled out" and own[name(shown)] == "✓ seen"
