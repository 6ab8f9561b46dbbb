"""The admin PIN pad (issue 21, item 6): the default PIN only leads to choosing a new one, typed twice;
five wrong PINs lock the pad for a growing delay, shown as a countdown on the app's injected clock."""

from __future__ import annotations

import json

from kiosk.appliance.admin_pin import DEFAULT_PIN, PIN_FILE, AdminPin, PinFile
from kiosk.ui.paint import Painter
from kiosk.ui.scenes.admin import Admin
from tests.ui.scene_checks import render, render_everywhere
from tests.ui.test_app import kiosk  # noqa: F401  (the fixture: the whole app under SDL's dummy driver)
from tests.ui.test_menus import LANDSCAPE, PORTRAIT, Calls, draw, tap_on, texts, values


def pad(pin: AdminPin, calls: Calls | None = None) -> Admin:
    calls = calls or Calls()
    return Admin(pin, calls.on_end_game, calls.on_restart_game, calls.on_language, calls.on_brightness,
                 calls.on_shutdown, calls.on_selftest, calls.on_close)


def press(scene: Admin, value: object, now: float = 0.0) -> None:
    """Draw the pad as it is at `now`, then tap the middle of the target answering `value`."""
    painter = painter_at(scene, now)
    spots = [t.rect.center for t in painter.targets if t.value == value]
    assert spots and painter.hit(spots[-1]) == value, f"nothing on screen answers {value!r}"
    scene.tap(value, now)


def type_in(scene: Admin, digits: str, now: float = 0.0, ok: bool = False) -> None:
    for digit in digits:
        press(scene, ("digit", digit), now)
    if ok:
        press(scene, "ok", now)


def is_menu(scene: Admin) -> bool:
    return scene.unlocked and ("ask", "shutdown") in values(draw(scene))


def test_the_default_pin_opens_only_the_choice_of_a_new_one_typed_twice(tmp_path):
    file = PinFile(tmp_path / PIN_FILE)
    scene = pad(AdminPin(DEFAULT_PIN, file))
    type_in(scene, DEFAULT_PIN)
    painter = draw(scene)
    assert not scene.unlocked and scene.step == "choose"
    assert "2580 is the default PIN: choose your own." in texts(painter)
    assert "Choose a new PIN: 4 to 8 digits, then OK" in texts(painter)
    assert not any(isinstance(v, tuple) and v[0] in ("ask", "language", "brightness") for v in values(painter))
    type_in(scene, "314159", ok=True)
    assert "Enter the new PIN again, then OK" in texts(draw(scene)) and not scene.unlocked
    type_in(scene, "314159", ok=True)
    assert is_menu(scene)
    stored = json.loads(file.path.read_text(encoding="utf-8"))
    assert "314159" not in file.path.read_text(encoding="utf-8")  # salted hash, never the digits
    assert stored["kdf"] == "scrypt" and len(bytes.fromhex(stored["salt"])) == 16 and stored["length"] == 6
    assert file.path.stat().st_mode & 0o077 == 0

    again = pad(AdminPin(DEFAULT_PIN, file))  # the next start: the chosen PIN holds, the default is wrong
    type_in(again, DEFAULT_PIN + "00")  # six rings now: the default and two more is just a wrong PIN
    assert not again.unlocked and again.step == "enter" and "Wrong PIN: try again." in texts(draw(again))
    type_in(again, "314159")
    assert is_menu(again)


def test_a_new_pin_must_differ_from_the_default_have_4_to_8_digits_and_be_typed_the_same_twice(tmp_path):
    scene = pad(AdminPin(DEFAULT_PIN, PinFile(tmp_path / PIN_FILE)))
    type_in(scene, DEFAULT_PIN)
    type_in(scene, "123")
    assert "ok" not in values(draw(scene))  # OK answers from the fourth digit on
    for _ in range(3):
        tap_on(scene, "delete", layout=PORTRAIT)
    assert scene.entered == "" and scene.step == "choose" and not scene.unlocked
    type_in(scene, DEFAULT_PIN, ok=True)
    assert scene.step == "choose" and "2580 is the default PIN: choose your own." in texts(draw(scene))
    type_in(scene, "123456789", ok=True)  # the ninth digit is not taken
    assert scene.step == "repeat"
    type_in(scene, "12345679", ok=True)
    assert scene.step == "choose" and "The two PINs differ: choose again." in texts(draw(scene))
    assert not scene.unlocked
    type_in(scene, "8642", ok=True)
    type_in(scene, "8642", ok=True)
    assert is_menu(scene)


def test_a_pin_set_in_table_toml_wins_over_the_one_chosen_on_the_touchscreen(tmp_path):
    file = PinFile(tmp_path / PIN_FILE)
    AdminPin(DEFAULT_PIN, file).choose("9999")
    scene = pad(AdminPin("1357", file))
    type_in(scene, "9999")
    assert not scene.unlocked
    type_in(scene, "1357")
    assert is_menu(scene)


def test_five_wrong_pins_lock_the_pad_for_a_growing_delay_with_a_countdown():
    pin = AdminPin("1357")
    scene = pad(pin)
    for attempt in range(4):
        type_in(scene, "0000", now=10.0)
    assert pin.locked_for(10.0) == 0 and scene.next_frame(10.0) is None
    type_in(scene, "0000", now=10.0)  # the fifth: locked for 30 s
    painter = painter_at(scene, 10.0)
    assert "Too many wrong PINs: try again in 0:30." in texts(painter)
    assert all(("digit", d) not in values(painter) for d in "0123456789")  # drawn dim, answering nothing
    scene.tap(("digit", "1"), 20.0)
    assert scene.entered == ""  # a digit tapped while locked does nothing
    assert "Too many wrong PINs: try again in 0:20." in texts(painter_at(scene, 20.0))
    assert abs(scene.next_frame(20.4) - 0.6) < 1e-9  # the countdown's next second
    assert scene.next_frame(21.0) == 0.0  # it is due: 0:19
    for digit in "1357":  # the right PIN is refused while locked, without counting
        scene.tap(("digit", digit), 39.9)
    assert not scene.unlocked and pin.failures == 5
    type_in(scene, "0000", now=40.0)  # the lock is over; one more wrong PIN: 60 s
    assert "Too many wrong PINs: try again in 1:00." in texts(painter_at(scene, 40.0))
    type_in(scene, "0000", now=100.0)  # and then 120 s
    assert pin.locked_for(100.0) == 120.0
    type_in(scene, "1357", now=220.0)
    assert is_menu(scene) and pin.failures == 0


def test_closing_the_pad_keeps_the_count_in_the_app(kiosk):
    kiosk.loop.start()
    kiosk.settle()
    for _ in range(5):
        kiosk.app.admin()
        kiosk.settle()
        for digit in "0000":
            kiosk.tap(("digit", digit))
        kiosk.tap("close")
    kiosk.app.admin()
    kiosk.settle()
    scene = kiosk.app.scene
    assert isinstance(scene, Admin)
    assert any("Too many wrong PINs: try again in 0:30." == d.text for d in kiosk.app.screen.painter.drawn)
    kiosk.now += 1.5
    kiosk.settle()  # the countdown ticks by itself, with no tap
    assert any("Too many wrong PINs: try again in 0:29." == d.text for d in kiosk.app.screen.painter.drawn)
    kiosk.now += 29.5
    kiosk.settle()
    for digit in DEFAULT_PIN:
        kiosk.tap(("digit", digit))
    assert scene.step == "choose"


def test_the_pad_in_every_step_fits_every_layout_in_both_languages(tmp_path):
    def choosing() -> Admin:
        scene = pad(AdminPin(DEFAULT_PIN, PinFile(tmp_path / PIN_FILE)))
        type_in(scene, DEFAULT_PIN)
        type_in(scene, "12345")
        return scene

    def repeating() -> Admin:
        scene = choosing()
        tap_on(scene, "ok")
        type_in(scene, "1234")
        return scene

    def locked() -> Admin:
        scene = pad(AdminPin("1357"))
        for _ in range(5):
            type_in(scene, "0000")
        return scene

    for painter in render_everywhere("menu-admin-new-pin", choosing):
        assert "ok" in values(painter) and "close" in values(painter)
    render_everywhere("menu-admin-new-pin-again", repeating)
    for painter in render_everywhere("menu-admin-locked", locked, now=3.0):
        assert "close" in values(painter)


def painter_at(scene: Admin, now: float) -> Painter:
    return render(scene, LANDSCAPE, "en", now)
