"""The kiosk as people use it: the simulator window under SDL's dummy driver, taps posted as finger
events, seat buttons pressed on the mock GPIO pins, cards laid on the simulated PN532."""

from __future__ import annotations

import os
import random
import select
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pytest

from hardware.sim.pn532 import SimTag
from kiosk.config import default_config
from kiosk.games.base import Action
from kiosk.referee.session import GameSession
from kiosk.seats.screen import Item, Screen, render
from kiosk.store import GameStore
from kiosk.ui.app import RESULTS, App, Plan
from kiosk.ui.layout import LAYOUTS
from kiosk.ui.loop import IDLE_POLL, QUIET, TOUCH_POLL, Loop, Waker
from kiosk.ui.paint import Painter, Target
from kiosk.ui.scene import Touchscreen
from kiosk.ui.scenes.admin import Admin
from kiosk.ui.scenes.attract import Attract
from kiosk.ui.scenes.choose_game import ChooseGame
from kiosk.ui.scenes.claim import SeatClaim
from kiosk.ui.scenes.options import Options
from kiosk.ui.scenes.results import Results
from kiosk.ui.scenes.notice import notice_place
from kiosk.ui.scenes.resume import ResumeOffer
from tests.waiting import PATIENCE


@dataclass
class Kiosk:
    app: App
    loop: Loop
    sim: object
    mock: object
    now: float = 1000.0

    def clock(self) -> float:
        return self.now

    def settle(self, steps: int = 5) -> None:
        for _ in range(steps):
            self.loop.step(0.01)

    def until(self, condition: Callable[[], object], what: str) -> None:
        """Step the loop until `condition()` holds: inputs from hardware threads (the reader, a
        simulated key held for the debounce time) arrive whenever the machine gets round to them,
        so a test waits for them, however busy the machine is (bounded only to fail, not to pass)."""
        waited = time.monotonic()
        while not condition():
            assert time.monotonic() - waited < PATIENCE, f"never happened: {what}"
            self.loop.step(0.01)

    def targets(self) -> list[Target]:
        painter = self.app.screen.painter
        assert painter is not None
        return painter.targets

    def find(self, value: object) -> Target:
        matches = [t for t in self.targets() if t.value == value]
        assert matches, f"no {value!r} on {type(self.app.scene).__name__}: {[t.value for t in self.targets()]}"
        return matches[-1]

    def touch(self, target: Target, held: float = 0.0) -> None:
        """A finger on the target's centre, in window fractions as SDL reports touches."""
        width, height = pygame.display.get_surface().get_size()
        area = self.sim.touch_area
        x, y = (area.left + target.rect.centerx) / width, (area.top + target.rect.centery) / height
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1))
        self.loop.step(0.01)
        self.now += held
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=x, y=y, dx=0, dy=0, finger_id=1, touch_id=1, pressure=0))
        self.settle(2)

    def tap(self, value: object) -> None:
        self.touch(self.find(value))


@pytest.fixture
def kiosk(mock_table, tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from kiosk.ui.simulator import Simulator

    sim = Simulator(mock_table, "Mystery Table", (800, 480))
    store = GameStore.open(tmp_path)
    plan = Plan(bot_pause=0.0, reveal_seconds=0.0, results_after=0.0, seed=11)
    app = App(mock_table.table, store, Touchscreen(sim.touch, "en"), default_config(4), plan)
    sim.current_game = lambda: app.game_id
    kiosk = Kiosk(app, None, sim, mock_table)  # type: ignore[arg-type]
    app.clock = kiosk.clock  # one clock for the app, its referee and the loop (never the machine's)
    kiosk.loop = Loop(app, sim, clock=kiosk.clock)
    yield kiosk
    kiosk.loop.stop()
    sim.close()
    store.close()


def test_an_idle_kiosk_draws_nothing_and_sleeps(kiosk):
    kiosk.loop.start()
    kiosk.settle()
    assert isinstance(kiosk.app.scene, Attract)
    frames = kiosk.app.screen.frames
    kiosk.settle(10)
    assert kiosk.app.screen.frames == frames
    assert kiosk.app.due() is None  # nothing will change by itself: the loop sleeps until an input


class FakeSleep:
    """The loop's sleep on the kiosk's fake clock: each sleep is one wake-up of the loop, and moves
    the clock on by its timeout (nothing comes in: an idle kiosk)."""

    def __init__(self, kiosk: Kiosk, watches_input: bool) -> None:
        self.kiosk = kiosk
        self.watches_input = watches_input  # False: as where SDL's input devices cannot be watched
        self.wakes = 0
        self.woken = False

    def set(self) -> None:
        self.woken = True

    def is_set(self) -> bool:
        return self.woken

    def clear(self) -> None:
        self.woken = False

    def wait(self, timeout: float) -> None:
        self.wakes += 1
        self.kiosk.now += timeout


def idle_minute(kiosk: Kiosk, watches_input: bool) -> tuple[float, float]:
    """An idle minute of the kiosk's loop (on the seat claim of a game), counted on its fake clock:
    its wake-ups per second, and the longest time between two heartbeats (the systemd watchdog's)."""
    beats: list[float] = []
    sleep = FakeSleep(kiosk, watches_input)
    loop = Loop(kiosk.app, kiosk.sim, heartbeat=lambda: beats.append(kiosk.now), clock=kiosk.clock, sleeper=sleep,
                monotonic=kiosk.clock)
    kiosk.loop = loop
    loop.start()
    kiosk.settle()
    kiosk.tap("start")
    kiosk.tap(("game", "mystery-express"))
    kiosk.tap(("players", 3))
    assert isinstance(kiosk.app.scene, SeatClaim)
    began, wakes = kiosk.now, sleep.wakes
    del beats[:]
    while kiosk.now - began < 60.0:
        loop.step()
    return (sleep.wakes - wakes) / (kiosk.now - began), max(b - a for a, b in zip([began, *beats], beats))


def test_an_idle_kiosk_wakes_once_a_second_for_its_heartbeat_and_no_more(kiosk):
    """The dummy driver has no input device (kmsdrm: the loop watches the evdev nodes): nothing to
    look at on a timer (it used to look 5 to 20 times a second, as the next test's loop does)."""
    wakes, longest = idle_minute(kiosk, watches_input=True)
    assert wakes <= 1.0 and longest <= 1.0  # the watchdog (WatchdogSec=30) hears it every second


def test_a_loop_that_cannot_watch_sdl_input_looks_at_it_on_a_timer(kiosk):
    """20 times a second for QUIET seconds after the last tap, then 5 times: 7.5 wake-ups a second in
    the minute after the taps that opened the seat claim."""
    wakes, longest = idle_minute(kiosk, watches_input=False)
    assert wakes == pytest.approx((QUIET / TOUCH_POLL + (60 - QUIET) / IDLE_POLL) / 60, rel=0.05)
    assert longest <= 1.0


def test_the_waker_wakes_on_an_input_device_and_reads_its_bytes_away() -> None:
    device, typed = os.pipe()  # stands for an evdev node: readable when the touchscreen reports
    os.set_blocking(device, False)
    waker = Waker([device])
    os.write(typed, b"\0" * 24)  # an input_event
    began = time.monotonic()
    waker.wait(PATIENCE)
    assert time.monotonic() - began < PATIENCE  # woken by the device, not the timeout
    assert not waker.is_set()  # a tap is SDL's to read: no input was queued
    waker.set()
    assert waker.is_set()
    waker.clear()
    assert select.select([device], [], [], 0)[0] == []  # its bytes were read away: the next sleep sleeps
    os.close(typed)


def test_tap_through_a_whole_mystery_express_game(kiosk):
    """Two people (seats 1 and 2) on their buttons and the touchscreen, two bots."""
    kiosk.loop.start()
    kiosk.settle()
    kiosk.tap("start")
    assert isinstance(kiosk.app.scene, ChooseGame)
    kiosk.tap(("game", "mystery-express"))
    kiosk.tap(("players", 4))
    assert isinstance(kiosk.app.scene, SeatClaim)
    for seat in (0, 1):
        kiosk.mock.press(seat, "select")
    kiosk.settle()
    assert kiosk.app.scene.claimed == {0, 1}
    for seat in (2, 3):
        kiosk.tap(("seat", seat))
    assert kiosk.app.scene.bots == {2, 3}
    kiosk.tap("start")
    assert isinstance(kiosk.app.scene, Options)
    kiosk.tap("done")
    board = kiosk.app.scene
    assert board is kiosk.app.board and board is not None
    session = kiosk.app.referee.session
    assert session.record.bots == [2, 3]
    chooser = random.Random(5)
    by_touch = by_button = 0
    for _ in range(5000):
        if session.over:
            break
        prompts = [p for p in session.game.prompts(session.state) if p.seat in (0, 1)]
        public = [t for t in kiosk.targets() if isinstance(t.value, tuple) and len(t.value) == 2
                  and isinstance(t.value[1], Action)]
        if public:
            kiosk.touch(chooser.choice(public))
            by_touch += 1
        elif prompts:
            seat = prompts[0].seat
            for _ in range(chooser.randrange(3)):
                kiosk.mock.press(seat, "next")
            kiosk.mock.press(seat, "select")
            by_button += 1
            kiosk.settle(2)
        else:
            kiosk.settle(1)  # the bots' turns
    assert session.over, "the game did not end"
    assert by_touch > 0 and by_button > 0
    kiosk.settle(5)
    assert kiosk.app.scene is board  # the end stays until someone taps
    kiosk.tap(RESULTS)
    assert isinstance(kiosk.app.scene, Results)
    assert kiosk.app.store.game(session.record.id).finished is not None


def shows(kiosk, seat: int, title: str, label: str, detail: str = "", footer: str = "") -> bool:
    """Whether the seat's panel shows this screen now."""
    return kiosk.mock.screen(seat).tobytes() == render(Screen(title, (Item(label, detail=detail),), footer=footer)).tobytes()


def test_the_seat_screens_follow_the_touchscreen_through_the_setup(kiosk):
    """A person at a seat is never told to choose a game once it is chosen: each step of the setup
    on the touchscreen says on the seats what it asks (and going back says so too)."""
    kiosk.loop.start()
    kiosk.settle()
    kiosk.tap("start")
    assert all(shows(kiosk, seat, "Mystery Table", "Choose a game on the touchscreen") for seat in range(4))
    kiosk.tap(("game", "pi"))
    assert all(shows(kiosk, seat, "P.I.", "How many play?", "Answer on the touchscreen") for seat in range(4))
    kiosk.tap("back")
    assert shows(kiosk, 0, "Mystery Table", "Choose a game on the touchscreen")
    kiosk.tap(("game", "pi"))
    kiosk.tap(("players", 3))
    assert shows(kiosk, 0, "Seat 1", "Free seat", footer="press ● to play")
    assert shows(kiosk, 3, "Mystery Table", "Not in this game")
    kiosk.mock.press(0, "select")
    kiosk.until(lambda: shows(kiosk, 0, "Seat 1", "You play", footer="hold ● to start"), "seat 1 claimed")
    kiosk.tap("start")
    assert isinstance(kiosk.app.scene, Options)
    assert shows(kiosk, 0, "Seat 1", "You play", "Options on the touchscreen")
    assert shows(kiosk, 1, "Seat 2", "Free seat", "Options on the touchscreen")
    kiosk.tap("back")
    assert isinstance(kiosk.app.scene, SeatClaim)
    assert shows(kiosk, 0, "Seat 1", "You play", footer="hold ● to start")


def test_an_unfinished_game_is_offered_for_resume(kiosk):
    session = GameSession.start(kiosk.app.store, "mystery-express", 3, 3, {}, bots=[])
    for _ in range(3):
        prompt = session.game.prompts(session.state)[0]
        session.apply(prompt.seat, prompt.actions[0])
    kiosk.loop.start()
    kiosk.settle()
    assert isinstance(kiosk.app.scene, ResumeOffer)
    assert all(shows(kiosk, seat, "Unfinished game", "Mystery Express", "Resume it on the touchscreen") for seat in range(3))
    assert shows(kiosk, 3, "Mystery Table", "Not in this game")  # only the seats in that game decide
    kiosk.tap(next(t.value for t in kiosk.targets() if "resume" in str(t.value)))
    assert kiosk.app.referee is not None and kiosk.app.referee.session.actions_done == 3
    assert kiosk.app.scene is kiosk.app.board


def test_setting_an_unfinished_game_aside_starts_the_game_asked_for_at_launch(kiosk):
    """`kiosk run --game pi --bots 3`, with an old Mystery Express game unfinished in the store."""
    session = GameSession.start(kiosk.app.store, "mystery-express", 4, 3, {}, bots=[])
    prompt = session.game.prompts(session.state)[0]
    session.apply(prompt.seat, prompt.actions[0])
    kiosk.app.plan.game, kiosk.app.plan.seats, kiosk.app.plan.bots = "pi", 3, 3
    kiosk.loop.start()
    kiosk.settle()
    offer = kiosk.app.scene
    assert isinstance(offer, ResumeOffer) and offer.game_id == "mystery-express"
    drawn = [d.text for d in kiosk.app.screen.painter.drawn]
    assert "Start P.I. instead" in drawn and "Set it aside" not in drawn  # the offer names the game asked for
    kiosk.tap("set aside")
    assert "It will not be offered again, and P.I. starts." in [d.text for d in kiosk.app.screen.painter.drawn]
    kiosk.tap("yes")
    referee = kiosk.app.referee
    assert referee is not None and referee.session.record.game == "pi" and referee.session.record.seats == 3
    assert sorted(referee.bots) == [0, 1, 2] and kiosk.app.scene is kiosk.app.board


def test_the_self_test_notice_covers_no_key_of_the_staff_menu(kiosk):
    kiosk.loop.start()
    kiosk.settle()
    kiosk.app.admin()
    admin = kiosk.app.scene
    assert isinstance(admin, Admin)
    admin.unlocked = True
    kiosk.settle()
    kiosk.tap("selftest")
    portrait = Painter(pygame.Surface(LAYOUTS["720x1280"].size), LAYOUTS["720x1280"], admin.theme, "en")
    for painter in (kiosk.app.screen.painter, portrait):
        if painter is portrait:
            kiosk.app.draw(portrait, kiosk.now)
        said = next(d.box for d in painter.drawn if d.text == "Every seat screen and the reader answer.")
        place = notice_place(admin, painter)
        assert place.contains(said)  # the notice is up, in its place
        assert any(t.value == "close" for t in painter.targets)
        assert place.collidelist([t.rect for t in painter.targets]) == -1, "the notice lies over a key"


def test_the_language_switches_at_runtime_everywhere(kiosk):
    kiosk.loop.start()
    kiosk.settle()
    kiosk.tap("start")
    english = [d.text for d in kiosk.app.screen.painter.drawn]
    seat_before = kiosk.mock.screen(0).tobytes()
    kiosk.tap(("language", "es"))
    spanish = [d.text for d in kiosk.app.screen.painter.drawn]
    assert kiosk.app.screen.lang == "es" and spanish != english
    assert kiosk.mock.screen(0).tobytes() != seat_before  # the seats speak Spanish too


def test_a_long_hold_opens_the_admin_pin_pad_and_a_wrong_pin_keeps_it_shut(kiosk):
    kiosk.loop.start()
    kiosk.settle()
    kiosk.touch(kiosk.targets()[0], held=3.5)
    assert isinstance(kiosk.app.scene, Admin)
    digits = [t for t in kiosk.targets() if isinstance(t.value, tuple) and t.value[0] == "digit"]
    for _ in range(4):
        kiosk.touch(next(t for t in digits if t.value[1] == "0"))
    assert isinstance(kiosk.app.scene, Admin) and not kiosk.app.scene.unlocked


def test_a_card_nobody_asked_for_is_refused_on_the_touchscreen(kiosk):
    kiosk.now = kiosk.app.clock()  # the notice lasts on the app's clock: draw on it (the uptime may be under 1000 s)
    kiosk.app.plan.game, kiosk.app.plan.seats, kiosk.app.plan.bots = "mystery-express", 4, 3
    kiosk.loop.start()
    kiosk.settle()
    session = kiosk.app.referee.session
    done = session.actions_done
    kiosk.mock.tap(SimTag.ntag213("04A1B2C3D4E5F6", "mt1:pi:no-such-card"))
    kiosk.until(lambda: any("Unknown card" in d.text for d in kiosk.app.screen.painter.drawn),
                "the refusal is drawn on the touchscreen")
    kiosk.mock.lift()
    assert kiosk.app._notice is not None and kiosk.app._notice[0].render("en") == "Unknown card: this is a P.I. card."
    assert [d for d in kiosk.app.screen.painter.drawn if "Unknown card" in d.text]
    assert session.actions_done >= done


def test_full_screen_on_the_pi_takes_the_whole_display_and_its_taps(mock_table, tmp_path, monkeypatch):
    """kmsdrm is not here; the dummy driver stands in for it: the same code opens the display."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from kiosk.ui.fullscreen import FullScreen

    screen = FullScreen((1024, 600))
    store = GameStore.open(tmp_path)
    try:
        app = App(mock_table.table, store, Touchscreen(screen.touch, "en"), default_config(4), Plan())
        assert app.screen.layout.name == "1024x600" and screen.touch_area.topleft == (0, 0)
        loop = Loop(app, screen)
        loop.start()
        loop.step(0.01)
        assert isinstance(app.scene, Attract)
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0, dy=0, finger_id=3, touch_id=1, pressure=1))
        loop.step(0.01)
        assert isinstance(app.scene, ChooseGame)
        loop.stop()
    finally:
        screen.close()
        store.close()


@pytest.mark.parametrize("game_id, seats, options", [
    ("mystery-express", 3, {}),
    ("pi", 3, {}),
    ("watson-holmes", 3, {}),
    ("watson-holmes", 4, {"case": "thornbury-clock"}),
    ("mystery-city", 4, {}),
    ("mystery-city", 2, {"deck": "nfc"}),
])
def test_every_game_plays_to_its_results_on_the_touchscreen(kiosk, game_id, seats, options):
    """Bots in every seat: the board follows the whole game, then the results are shown."""
    kiosk.app.plan.game, kiosk.app.plan.seats, kiosk.app.plan.bots = game_id, seats, seats
    kiosk.app.plan.options = options
    kiosk.loop.start()
    kiosk.settle(1)
    session = kiosk.app.referee.session
    assert kiosk.app.scene is kiosk.app.board
    if game_id == "watson-holmes":  # the simulator's reader offers the cards of the case being played
        assert kiosk.app.case_id == session.record.options["case"] == options.get("case", kiosk.app.case_id)
    for _ in range(20_000):
        if isinstance(kiosk.app.scene, Results):
            break
        if session.over:
            kiosk.now += 0.05  # at the end, the last animation runs out on the injected clock
        kiosk.loop.step(0.0)
    assert session.over and isinstance(kiosk.app.scene, Results)
    assert kiosk.app.screen.painter.drawn, "the results are drawn"


def test_the_buzzer_lamp_lights_while_it_plays_and_the_audio_device_closes_after(kiosk):
    from kiosk.ui.simulator import BEZEL, BRASS

    kiosk.loop.start()
    kiosk.settle()
    whistle = kiosk.mock.table.whistle
    lamp = (kiosk.sim.window.get_width() - 14, 10)
    assert tuple(kiosk.sim.window.get_at(lamp))[:3] == BEZEL
    whistle.play("fanfare")
    kiosk.settle(1)
    assert tuple(kiosk.sim.window.get_at(lamp))[:3] == BRASS
    assert whistle.wait(PATIENCE)
    kiosk.settle(3)
    assert tuple(kiosk.sim.window.get_at(lamp))[:3] == BEZEL
    assert not pygame.mixer.get_init()  # no audio thread left running on an idle table


def test_shutdown_from_the_admin_menu_asks_the_pin_and_a_confirmation(kiosk, monkeypatch):
    from kiosk.commands import run as run_command
    from kiosk.ui.scenes.chrome import YES

    asked = []
    kiosk.app.on_quit = lambda: asked.append("quit")
    kiosk.loop.start()
    kiosk.settle()
    kiosk.touch(kiosk.targets()[0], held=3.5)
    for digit in kiosk.app.config.admin_pin:  # the default PIN: a new one is chosen first
        kiosk.tap(("digit", digit))
    for _ in range(2):
        for digit in "7913":
            kiosk.tap(("digit", digit))
        kiosk.tap("ok")
    assert kiosk.app.scene.unlocked
    kiosk.tap(("ask", "shutdown"))
    assert not kiosk.app.quit  # not before the confirmation
    kiosk.tap(YES)
    assert kiosk.app.quit and asked == ["quit"]
    ran = []
    monkeypatch.setattr(run_command.subprocess, "run", lambda command, **kwargs: ran.append(command))
    run_command.power_off()
    assert ran == [["systemctl", "poweroff"]]


def test_a_quick_key_tap_in_the_simulator_still_counts(kiosk):
    """A key pressed and released within the debounce time (a fast typist) is one press."""
    kiosk.app.plan.game, kiosk.app.plan.seats = "mystery-express", 4
    kiosk.loop.start()
    kiosk.settle()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord("e")))  # seat 1, select
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=ord("e")))
    kiosk.until(lambda: kiosk.app.scene.claimed, "the tap reaches the seat claim")
    assert kiosk.app.scene.claimed == {0}


def test_a_deadline_under_a_millisecond_does_not_block_sdl_wait_forever(kiosk):
    """pygame.event.wait(0) waits for ever: a deadline of 0.4 ms must poll instead (X11, Wayland)."""
    import threading

    kiosk.loop.native_wait = True
    done = threading.Event()
    waiter = threading.Thread(target=lambda: (kiosk.loop.wait(0.0004), done.set()), daemon=True)
    waiter.start()
    assert done.wait(5), "the loop hung in pygame.event.wait(0)"
