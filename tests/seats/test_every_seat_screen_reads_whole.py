"""Every seat screen of whole bot games of the four games, in both languages, reads whole: no name
cut short, no stray letter or digit alone on a last line (tests/seats/screen_checks.py). Each seat
is shown what the table would show it at each step: its idle screen, every page, the choices of its
prompt and the reveals of the events it may see."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from kiosk.bots.table_bots import table_bot
from kiosk.games import registry
from kiosk.referee.narration import narrator_for
from kiosk.seats.pages import seat_pages
from kiosk.seats.screen import Item, Screen
from tests.seats.screen_checks import check_screen, screen_defects

GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {  # game: seats, seed, options
    "mystery-express": (5, 3, {"characters": "random"}),
    "pi": (4, 5, {}),
    "watson-holmes": (4, 7, {}),
    "mystery-city": (4, 13, {}),
}

MAX_STEPS = 600  # a long game is read this far (the bots of some games talk for thousands of steps)
PAGES_EVERY = 8  # steps: the idle screen and the pages (a journal grows long) are read this often


def seat_screens(game_id: str, lang: str) -> Iterator[tuple[str, Screen]]:
    """Each screen each seat could show at each step of a bot game, with where it was shown."""
    seats, seed, options = GAMES[game_id]
    game = registry.get(game_id)
    state = game.start(seats, seed, options)
    narrator = narrator_for(game_id, game.view(state, None))
    pages = [seat_pages(game_id, narrator, lang) for _ in range(seats)]
    bots = [table_bot(game_id, seat, seed) for seat in range(seats)]
    events = list(getattr(game, "opening", lambda s: [])(state))
    step = 0
    while True:
        for event in events:
            if event.audience is None:
                narrator.describe(event)  # the narrator learns names (the characters) as the table's does
        prompts = {p.seat: p for p in game.prompts(state)}
        for seat in range(seats):
            seen = [e for e in events if e.visible_to(seat)]
            pages[seat].observe(seen)
            view = game.view(state, seat)
            where = f"{game_id} in {lang}, step {step}, seat {seat + 1}"
            if step % PAGES_EVERY == 0 or not prompts:
                yield f"{where}, idle", pages[seat].idle(view)
                for name in pages[seat].pages:
                    yield f"{where}, {name}", pages[seat].page(name, view, 0)
            for event in seen:
                if (reveal := pages[seat].reveal(event, seat)) is not None:
                    yield f"{where}, reveal of {event.kind}", reveal
            if seat in prompts:
                for screen in pages[seat].menu(prompts[seat], view).screens():
                    yield f"{where}, {prompts[seat].kind}", screen
        if not prompts or step == MAX_STEPS:
            return
        prompt = min(prompts.values(), key=lambda p: p.seat)
        action = bots[prompt.seat].choose(game.view(state, prompt.seat), prompt)
        events = game.apply(state, prompt.seat, action)
        for bot in bots:
            bot.observe([e for e in events if e.visible_to(bot.seat)])
        step += 1


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_seat_screen_of_a_whole_game_reads_whole(game_id, lang):
    seen = 0
    for where, screen in seat_screens(game_id, lang):
        check_screen(screen, where)
        seen += 1
    assert seen > 200  # a whole game, not its first screen


def test_the_checks_catch_a_stray_digit_and_a_cut_name():
    whole = Screen("Leg", (Item("Colonel MacDouglas", detail="In the Smoking Car, on leg 1"),))
    assert not screen_defects(whole)
    stray = Screen("Leg", (Item("x", detail="ABCDEFGHIJKLMNOPQRSTUV"),))  # a word cut at the edge
    assert "lone 'V' on its last line" in screen_defects(stray)[0]
    cut = Screen("Leg", (Item("x", detail="Colonel MacDouglas shows a card to Professor Ilić, and more"),), footer="f")
    assert "is cut short" in screen_defects(cut)[0]
