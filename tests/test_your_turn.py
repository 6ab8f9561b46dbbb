"""A seat asked something after a wait hears a short chirp and first reads "Your move" with what is
asked (again when it leaves its choices); an option in table.toml turns the chirp off."""

from __future__ import annotations

import dataclasses
import random

import pytest

from hardware.events import ButtonPress
from kiosk.referee.awaited import doing
from kiosk.config import WhistleConfig, config_from_dict
from kiosk.referee.narration import narrator_for
from kiosk.seats.screen import render
from tests.seats.test_seat_screens import check
from tests.table_support import settle, table_referee

PEOPLE = (0, 1)


def play(mock_table, tmp_path, steps: int = 120, game: str = "mystery-express", seed: int = 7):
    """People at seats 0 and 1 answer at random through the referee; per step, which people seats
    became awaited after a wait (or stayed awaited into a new leg, case or round: `fresh_turns`),
    which changed prompt while already awaited within one stretch, and the chirps heard."""
    store, session, referee = table_referee(mock_table, tmp_path, game, seed)
    chirps: list[str] = []
    play_sound = referee._sound
    referee._sound = lambda pattern: (chirps.append(pattern), play_sound(pattern))
    kinds: list[str] = []
    referee.on_events = lambda events: kinds.extend(e.kind for e in events)
    rng = random.Random(seed)
    log = []
    for _ in range(steps):
        settle(referee)
        waiting = [p for p in session.game.prompts(session.state) if p.seat in PEOPLE]
        if session.over or not waiting:
            break
        before = {seat: referee.controllers[seat].prompt for seat in PEOPLE}
        heard = len(chirps)
        kinds.clear()
        prompt = rng.choice(waiting)
        referee.submit(prompt.seat, rng.choice(prompt.actions))
        after = {seat: referee.controllers[seat].prompt for seat in PEOPLE}
        fresh = bool(session.game.info.fresh_turns & set(kinds))
        became = {s for s in PEOPLE if after[s] is not None and (before[s] is None or fresh)}
        changed = {s for s in PEOPLE if before[s] is not None and after[s] is not None and after[s] != before[s]}
        log.append((became, changed - became, chirps[heard:]))
    store.close()
    return log, referee


def test_the_chirp_plays_when_a_seat_becomes_awaited_after_a_wait_and_only_then(mock_table, tmp_path):
    log, _ = play(mock_table, tmp_path)
    for became, changed, heard in log:
        assert heard.count("your_turn") == len(became), (became, changed, heard)
    assert any(became for became, _, _ in log)
    assert any(changed and not became for became, changed, _ in log)  # a next step of one's own turn: silent


@pytest.mark.parametrize("game, seed", [("mystery-express", 0), ("mystery-express", 1)])
def test_a_turn_carried_into_a_new_leg_opens_on_your_move_with_the_chirp(mock_table, tmp_path, game, seed):
    """The leg ends at a city on this seat's turn and the next leg's first turn is its own again: the
    board moved on (the Time reveal), so the seat is told, as after a wait."""
    store, session, referee = table_referee(mock_table, tmp_path, game, seed)
    chirps: list[str] = []
    referee._sound = chirps.append
    rng = random.Random(seed)
    carried = 0
    while not session.over and carried < 1:
        settle(referee)
        waiting = [p for p in session.game.prompts(session.state) if p.seat in PEOPLE]
        if not waiting:
            break
        legs = session.state.leg
        before = {seat: referee.controllers[seat].prompt for seat in PEOPLE}
        prompt = rng.choice(waiting)
        referee.submit(prompt.seat, rng.choice(prompt.actions))
        heard = chirps.count("your_turn")
        chirps.clear()
        if session.state.leg == legs:
            continue
        for seat in PEOPLE:
            controller = referee.controllers[seat]
            if before[seat] is not None and controller.prompt is not None:
                carried += 1
                while controller.reveals:  # the Time cards shown first: each press clears one
                    controller.press("next")
                screen = referee.screen_of(seat)
                assert controller.mode == "idle" and screen.title == "Your move" and screen.inverted
                assert heard >= 1
    assert carried, "no turn carried into a new leg in this playout: choose another seed"
    store.close()


def test_the_chirp_can_be_turned_off_in_table_toml(mock_table, tmp_path):
    config = config_from_dict({"whistle": {"your_turn": False}, "seats": [{}]})
    assert config.whistle == WhistleConfig(enabled=True, your_turn=False)
    assert config_from_dict({"seats": [{}]}).whistle.your_turn
    mock_table.table.config = dataclasses.replace(mock_table.table.config, whistle=config.whistle)
    log, _ = play(mock_table, tmp_path)
    assert any(became for became, _, _ in log)
    assert not any("your_turn" in heard for _, _, heard in log)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_awaited_seat_first_reads_your_move_and_what_is_asked(mock_table, tmp_path, lang):
    store, session, referee = table_referee(mock_table, tmp_path, "mystery-express", 7)
    referee.set_language(lang)
    settle(referee)
    (prompt,) = [p for p in session.game.prompts(session.state) if p.seat in PEOPLE][:1]
    controller = referee.controllers[prompt.seat]
    screen = referee.screen_of(prompt.seat)  # the first screen of the wait, before any press
    view = session.game.view(session.state, None)
    assert screen.title == {"en": "Your move", "es": "Tu jugada"}[lang] and screen.inverted
    asked = doing("mystery-express", prompt.kind, view, narrator_for("mystery-express", view)).render(lang)
    assert screen.notice == asked[:1].upper() + asked[1:]
    check(f"your_move_{lang}", render(screen))
    for button in ("next", "prev", "select"):  # any press opens the choices at the top, and chooses nothing
        steps = session.actions_done
        mock_table.table.events.put(ButtonPress(prompt.seat, button))
        settle(referee)
        assert (controller.mode, controller.path, controller.index) == ("prompt", (), 0)
        assert session.actions_done == steps and controller.prompt == prompt
        assert not referee.screen_of(prompt.seat).inverted
        mock_table.table.events.put(ButtonPress(prompt.seat, "select", long=True))  # leave the choices: "Your move" again
        settle(referee)
        assert controller.mode == "idle" and referee.screen_of(prompt.seat) == screen
    store.close()
