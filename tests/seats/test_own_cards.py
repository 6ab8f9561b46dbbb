"""A seat's own cards read as its own: a card it showed, passed, gave or lost, or one of its row
looked at in the tunnel, says so in its terms ("You showed Silk scarf · to Doctor Strauss"), never
"You see X · shown by <that seat itself>". Golden images in both languages."""

from __future__ import annotations

import random

import pytest

from kiosk.games.base import Event
from kiosk.games.mystery_express.game import MysteryExpress
from kiosk.referee.narration import narrator_for
from kiosk.seats import mystery_express as screens
from kiosk.seats.screen import Screen, render
from tests.seats.test_seat_screens import check

GAME = MysteryExpress()
CARD_EVENTS = {"card_shown", "card_passed", "card_given", "card_stolen", "tunnel_peek", "card_taken"}
OWN = {"card_shown": "from", "card_passed": "from", "card_given": "from", "card_stolen": "from", "tunnel_peek": "owner"}


def private_card_events(seats: int, seed: int) -> list[tuple[Event, dict]]:
    """Every private card event of a random game, with the public view when it happened."""
    state = GAME.start(seats, seed, {"characters": "random"})
    rng = random.Random(seed)
    found = []
    while prompts := GAME.prompts(state):
        prompt = rng.choice(prompts)
        for event in GAME.apply(state, prompt.seat, rng.choice(prompt.actions)):
            if event.kind in CARD_EVENTS:
                found.append((event, GAME.view(state, None)))
    return found


def reveal_of(event: Event, view: dict, seat: int, lang: str = "en") -> Screen:
    screen = screens.reveal(event, narrator_for("mystery-express", view), lang, seat)
    assert screen is not None and screen.inverted
    return screen


@pytest.mark.parametrize("seats, seed", [(3, 1), (4, 2), (5, 3)])
def test_no_seat_is_told_it_was_shown_its_own_card(seats, seed):
    met: set[str] = set()
    for event, view in private_card_events(seats, seed):
        narrator = narrator_for("mystery-express", view)
        for seat in event.audience or ():
            for lang in ("en", "es"):
                screen = reveal_of(event, view, seat, lang)
                own = narrator.seat(seat).render(lang)
                assert own not in screen.title and own not in screen.items[0].detail, (event, seat, screen)
            if event.data.get(OWN.get(event.kind, "")) == seat:
                met.add(event.kind)
                assert reveal_of(event, view, seat).title in {
                    "You showed", "You passed", "You gave", "Taken from you", "Seen in your row"}
            else:
                assert reveal_of(event, view, seat).title == "You see"
    assert {"card_shown", "card_passed", "card_given"} <= met


def first_event(kind: str) -> tuple[Event, dict]:
    for seed in range(30):
        for event, view in private_card_events(4, seed):
            if event.kind == kind:
                return event, view
    raise AssertionError(f"no {kind} in 30 games")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_card_you_showed_reads_as_yours(lang):
    event, view = first_event("card_shown")
    screen = reveal_of(event, view, event.data["from"], lang)
    to = narrator_for("mystery-express", view).seat(event.data["to"]).render(lang)
    assert screen.title == {"en": "You showed", "es": "Enseñaste"}[lang]
    assert screen.items[0].detail == {"en": f"to {to}", "es": f"a {to}"}[lang]
    check(f"own_shown_{lang}", render(screen))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_card_taken_from_you_names_who_took_it(lang):
    event, view = first_event("card_stolen")
    screen = reveal_of(event, view, event.data["from"], lang)
    taker = narrator_for("mystery-express", view).seat(event.data["to"]).render(lang)
    assert screen.title == {"en": "Taken from you", "es": "Te han quitado"}[lang]
    assert screen.items[0].detail == {"en": f"by {taker}", "es": f"por {taker}"}[lang]
    check(f"own_taken_{lang}", render(screen))
