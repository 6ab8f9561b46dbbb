"""The referee loop end to end on the mock table: mock button presses and simulated tag taps in,
frames on the emulated seat panels and whistle patterns out."""

from __future__ import annotations

import random
import threading


from hardware.events import ButtonPress, TagSeen
from hardware.pn532_sim import SimTag
from kiosk.bots.random_bot import AIMLESS, RandomBot
from kiosk.games.base import Action, Event
from kiosk.games.mystery_express.rules import HAND_CATEGORIES, TIME, load_rules
from kiosk.i18n import Text
from kiosk.narration import narrator_for
from kiosk.seats.mystery_express import clock
from kiosk.seats.screen import render
from kiosk.session import GameSession
from tests.menu_support import presses_to
from tests.table_support import PATIENCE, settle, table_referee

HUMANS = (0, 1)
BOTS = (2, 3)


def make_referee(mock_table, tmp_path, seed=5, **kwargs):
    """Seats 0 and 1 are people, 2 and 3 bots; the first decision is a character choice."""
    return table_referee(mock_table, tmp_path, "mystery-express", seed, bots=BOTS, **kwargs)


class Recorder:
    """Everything each seat's display was asked to show, as screens (text) and frames (pixels)."""

    def __init__(self, referee):
        self.screens = {seat: [] for seat in range(4)}
        self.sounds = []
        original = referee.draw
        play = referee._sound

        def sound(pattern):
            self.sounds.append(pattern)
            play(pattern)

        referee._sound = sound

        def draw(seat):
            controller = referee.controllers.get(seat)
            guessing = bool(
                controller and not controller.reveals and controller.mode == "prompt" and controller.prompt
                and controller.prompt.kind in ("telegram", "final")
            )
            if not guessing:  # a telegram or final-answer form lists every element as a guess
                self.screens[seat].append(referee.screen_of(seat))
            original(seat)

        referee.draw = draw


def press(mock_table, referee, seat, button, long=False):
    """One press as a finger makes it: down, up, and a pause before the next (debounce)."""
    mock_table.press(seat, button, long=long)
    threading.Event().wait(mock_table.table.config.buttons.bounce_s * 1.5)
    settle(referee)


def human_turn(mock_table, referee, rng):
    """A person at a seat with a decision: presses next or previous to a choice, then select."""
    for seat in HUMANS:
        controller = referee.controllers[seat]
        while controller.reveals:  # read the card shown, then press on
            press(mock_table, referee, seat, "select")
        if controller.prompt is None:
            continue
        if controller.mode != "prompt":
            press(mock_table, referee, seat, "select")
        offered = controller.ui.menu(controller.prompt, controller.view).leaves()
        wanted = [a for a in offered if a.kind not in AIMLESS] or offered
        target = rng.choice(wanted)
        *walk, (last, _) = presses_to(controller, target)
        for button, long in walk:
            press(mock_table, referee, seat, button, long)
        level = controller.ui.menu(controller.prompt, controller.view).level(controller.path)
        assert level is not None and level[1][controller.index].action == target
        press(mock_table, referee, seat, last)
        return True
    return False


def test_two_humans_and_two_bots_play_a_whole_game(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    recorder = Recorder(referee)
    rng = random.Random(1)
    settle(referee)
    for _ in range(5000):
        if session.over:
            break
        if not human_turn(mock_table, referee, rng):
            settle(referee)
    assert session.over and store.unfinished() is None
    assert store.game(session.record.id).outcome["winners"]
    # Every stored action replays to the same end: nothing shown was left out of the store.
    replayed = GameSession.resume(store, store.game(session.record.id))
    assert session.game.view(replayed.state, None) == session.game.view(session.state, None)
    # What the seats' panels show now is exactly the last screen drawn for them, read off the bus.
    for seat in range(4):
        assert mock_table.screen(seat).tobytes() == render(referee.screen_of(seat)).tobytes()
    sounds = recorder.sounds
    assert sounds.count("whistle") == 5 and sounds[-1] == "fanfare"
    assert sounds.count("pass") == 3  # Wien: four packet rounds, three "pass" signals
    assert "fanfare" in mock_table.table.whistle.played or mock_table.table.whistle.is_playing
    check_no_seat_saw_an_unseen_face(recorder, session)


def check_no_seat_saw_an_unseen_face(recorder, session):
    """Every card face a seat's screen ever showed was shown to that seat by the rules."""
    rules = load_rules()
    by_name = {Text(name).render("en"): key for key, name in rules.element_names.items()}
    clocks = {clock(narrator_for("mystery-express", {}), key): key for key in rules.elements[TIME]}
    log = replay_events(session)
    for seat in range(4):
        seen = set()
        for event in log:
            if event.visible_to(seat):
                seen |= faces_of(event.data)
        if seat in BOTS:
            assert all(s.title.startswith("Seat") for s in recorder.screens[seat]), "a bot seat showed its view"
            continue
        for screen in recorder.screens[seat]:
            for item in screen.items:
                if item.mark in HAND_CATEGORIES + (TIME,) and item.label in by_name:
                    assert by_name[item.label] in seen, f"seat {seat} was shown {item.label}"
            for time_face in screen.clocks:
                assert clocks[time_face] in seen


def replay_events(session) -> list[Event]:
    state = session.game.start(session.record.seats, session.record.seed, session.record.options)
    events = []
    for seat, data in session.store.actions(session.record.id):
        events += session.game.apply(state, seat, session.game.action_from_json(data))
    return events


def faces_of(data) -> set[str]:
    import json
    import re

    return set(re.findall(r'"((?:SUSPECT|MODUS_OPERANDI|MOTIVE|LOCATION|TIME):\d+)"', json.dumps(data)))


def test_a_refused_action_changes_nothing_and_explains_itself(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    settle(referee)
    idle = next(seat for seat in HUMANS if referee.controllers[seat].prompt is None)
    before = session.game.view(session.state, None), len(store.actions(session.record.id))
    recorder = Recorder(referee)
    referee.submit(idle, Action("end_turn"))
    assert (session.game.view(session.state, None), len(store.actions(session.record.id))) == before
    assert recorder.sounds == ["error"]
    notice = referee.screen_of(idle)
    assert notice.title == "Not now" and notice.items[0].label == f"Nothing is asked of seat {idle + 1} now."
    assert mock_table.screen(idle).tobytes() == render(notice).tobytes()


def test_an_unknown_tag_is_refused_on_every_human_seat(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    settle(referee)
    before = len(store.actions(session.record.id))
    recorder = Recorder(referee)
    mock_table.tap(SimTag(uid=bytes.fromhex("04DEADBEEF0001")))
    for _ in range(100):  # the reader's poller reports the tap within a few polls
        event = mock_table.table.events.get(timeout=PATIENCE)
        referee.handle(event)
        if isinstance(event, TagSeen):
            break
    mock_table.lift()
    assert len(store.actions(session.record.id)) == before
    assert recorder.sounds == ["error"]
    for seat in HUMANS:
        assert referee.screen_of(seat).items[0].label == "Unknown card."


def test_bot_seats_ignore_their_buttons(mock_table, tmp_path):
    store, session, referee = make_referee(mock_table, tmp_path)
    settle(referee)
    before = len(store.actions(session.record.id))
    referee.handle(ButtonPress(BOTS[0], "select"))
    assert len(store.actions(session.record.id)) == before


def test_with_a_touchscreen_a_seat_buttons_take_its_private_prompt(mock_table, tmp_path):
    """P.I.: the active seat has its public turn (on the touchscreen) and its private notes at once."""
    def play_until_both(referee, session):
        bot = RandomBot(0, 1)
        for _ in range(200):
            kinds = [(p.kind, p.private) for p in session.game.prompts(session.state) if p.seat == 0]
            if len(kinds) > 1:
                return kinds
            prompt = next(p for p in session.game.prompts(session.state) if p.kind != "notes")
            referee.submit(prompt.seat, bot.choose(session.game.view(session.state, prompt.seat), prompt))
        raise AssertionError("seat 1 never had two prompts at once")

    for touchscreen, expected in ((True, "notes"), (False, "turn")):
        store, session, referee = table_referee(mock_table, tmp_path / str(touchscreen), "pi", 1, seats=3, bots=(),
                                                touchscreen=touchscreen)
        assert play_until_both(referee, session) == [("turn", False), ("notes", True)]
        assert referee.controllers[0].prompt.kind == expected
        store.close()
