"""The admin PIN (issue 21, item 6): which PIN holds, how a chosen one is kept, the growing lock,
and `kiosk config check`'s warning about the default."""

from __future__ import annotations

import json

import pytest

from kiosk.appliance.admin_pin import DEFAULT_PIN, FIRST_LOCK_S, MAX_LOCK_S, PIN_FILE, AdminPin, PinFile, Verdict
from kiosk.cli import main


def test_the_default_pin_is_right_only_for_choosing_a_new_one(tmp_path):
    pin = AdminPin(DEFAULT_PIN, PinFile(tmp_path / PIN_FILE))
    assert pin.must_choose and pin.check(DEFAULT_PIN, 0.0) is Verdict.CHOOSE
    with pytest.raises(ValueError):
        pin.choose(DEFAULT_PIN)
    with pytest.raises(ValueError):
        pin.choose("12a4")
    assert pin.choose("97531")
    assert not pin.must_choose and pin.length == 5
    assert pin.check(DEFAULT_PIN + "0", 0.0) is Verdict.WRONG and pin.check("97531", 0.0) is Verdict.OPEN


def test_a_pin_in_table_toml_wins_and_the_chosen_one_survives_a_restart(tmp_path):
    file = PinFile(tmp_path / PIN_FILE)
    AdminPin(DEFAULT_PIN, file).choose("4321")
    assert AdminPin(DEFAULT_PIN, file).check("4321", 0.0) is Verdict.OPEN  # the next start
    owner = AdminPin("8080", file)
    assert owner.check("4321", 0.0) is Verdict.WRONG and owner.check("8080", 0.0) is Verdict.OPEN


@pytest.mark.parametrize("content", ["{", '{"salt": "zz"}', '{"kdf": "md5", "salt": "00", "hash": "00", "length": 4}', "[]"])
def test_a_damaged_pin_file_asks_for_a_new_pin_again(tmp_path, content, caplog):
    file = PinFile(tmp_path / PIN_FILE)
    file.path.write_text(content, encoding="utf-8")
    assert file.read() is None and AdminPin(DEFAULT_PIN, file).must_choose
    assert PIN_FILE in caplog.text


def test_a_pin_that_cannot_be_saved_still_holds_until_the_kiosk_stops(tmp_path):
    (tmp_path / "data").write_text("a file where the folder should be", encoding="utf-8")
    pin = AdminPin(DEFAULT_PIN, PinFile(tmp_path / "data" / PIN_FILE))
    assert pin.choose("5678") is False
    assert pin.check("5678", 0.0) is Verdict.OPEN


def test_the_lock_grows_after_five_wrong_pins_and_the_right_one_clears_it():
    pin = AdminPin("1357")
    locks = []
    now = 0.0
    for _ in range(9):
        assert pin.check("0000", now) is Verdict.WRONG
        lock = pin.locked_for(now)
        locks.append(lock)
        if lock:  # even the right PIN is refused, and not counted, until the lock is over
            assert pin.check("1357", now + lock - 0.001) is Verdict.LOCKED
        now += lock
    assert locks == [0, 0, 0, 0, FIRST_LOCK_S, 2 * FIRST_LOCK_S, 4 * FIRST_LOCK_S, 8 * FIRST_LOCK_S, 16 * FIRST_LOCK_S]
    for _ in range(5):
        pin.check("0000", now)
        now += pin.locked_for(now)
    assert pin.locked_for(now - 1) <= MAX_LOCK_S
    assert pin.check("1357", now) is Verdict.OPEN and pin.failures == 0
    assert pin.check("0000", now) is Verdict.WRONG and pin.locked_for(now) == 0


def test_config_check_warns_about_the_default_pin_and_says_which_pin_holds(tmp_path, capsys):
    config = tmp_path / "table.toml"
    config.write_text('data_dir = "data"\n[[seats]]\n', encoding="utf-8")
    assert main(["config", "check", str(config)]) == 0
    assert "Warning: admin_pin is the default 2580" in capsys.readouterr().out
    AdminPin(DEFAULT_PIN, PinFile(tmp_path / "data" / PIN_FILE)).choose("2468")
    assert main(["config", "check", str(config)]) == 0
    out = capsys.readouterr().out
    assert "Warning" not in out and f"Admin PIN: chosen on the touchscreen (kept in {tmp_path / 'data' / PIN_FILE})." in out
    assert "2468" not in (tmp_path / "data" / PIN_FILE).read_text(encoding="utf-8")
    assert json.loads((tmp_path / "data" / PIN_FILE).read_text(encoding="utf-8"))["length"] == 4
    config.write_text('admin_pin = "97531"\n[[seats]]\n', encoding="utf-8")
    assert main(["config", "check", str(config)]) == 0
    out = capsys.readouterr().out
    assert "Admin PIN: set in table.toml." in out and "Warning" not in out


def test_the_wrong_pin_count_survives_a_restart(tmp_path):
    file = PinFile(tmp_path / PIN_FILE)
    pin = AdminPin("1357", file)
    for _ in range(5):
        pin.check("0000", 0.0)
    assert pin.locked_for(0.0) == FIRST_LOCK_S
    restarted = AdminPin("1357", file)  # the plug pulled to escape the lock
    assert restarted.failures == 5 and restarted.locked_for(0.0) == 0
    assert restarted.check("0000", 0.0) is Verdict.WRONG and restarted.locked_for(0.0) == 2 * FIRST_LOCK_S
    assert restarted.check("1357", 60.0) is Verdict.OPEN
    assert AdminPin("1357", file).failures == 0
