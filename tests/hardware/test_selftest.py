import argparse

import pytest

from kiosk.cli import UserError
from kiosk.commands import selftest
from kiosk.commands.selftest import FAIL, PASS, WARN, format_report, selftest_mock


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="kiosk")
    selftest.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.handler(args)


def results(checks) -> dict[str, tuple[str, str]]:
    return {check.part.split(" (")[0]: (check.result, check.detail) for check in checks}


def test_the_mock_table_passes_and_exits_zero(capsys):
    assert run(["selftest", "--mock"]) == 0
    out = capsys.readouterr().out
    assert "0 failed, 23 passed, 0 warnings" in out
    assert "Seat 2: press NEXT" in out


@pytest.mark.parametrize(
    "fault, part, result, cause",
    [
        ("display", "seat 4 screen", FAIL, "no answer at 0x3C on channel 3: check SDA/SCL and power"),
        ("button", "seat 1 select", FAIL, "no press from GPIO13 (header pin 33)"),
        ("reader-silent", "NFC reader", FAIL, "reader silent: check the serial console is off, TX/RX crossed, HSU switches"),
        ("reader-garbage", "NFC reader", FAIL, "noise on the serial line"),
        ("reader-checksum", "NFC reader", FAIL, "corrupt frames"),
        ("reader-missing", "NFC reader", FAIL, "no serial port"),
        ("reader-hung", "NFC reader", WARN, "came back after a reset"),
        ("tag-unknown", "tag 04A1B2C3D4E5F6", WARN, "in no deck"),
        ("i2c-clock", "I2C clock", FAIL, "the kernel runs i2c-1 at 100000 Hz: set dtparam=i2c_arm_baudrate=400000"),
    ],
)
def test_each_injected_fault_is_reported_with_its_likely_cause(fault, part, result, cause):
    checks = selftest_mock(None, (fault,), quiet=True)
    found = results(checks)
    assert found[part][0] == result and cause in found[part][1]
    others = [c for c in checks if c.part.split(" (")[0] != part]
    assert all(c.result == PASS for c in others), format_report(checks)


def test_a_failure_makes_the_exit_code_non_zero(capsys):
    assert run(["selftest", "--mock", "--mock-fault", "display"]) == 1
    assert "1 failed, 22 passed" in capsys.readouterr().out


def test_mock_fault_without_mock_and_a_mock_config_without_mock_are_user_errors(tmp_path, monkeypatch):
    with pytest.raises(UserError, match="--mock-fault needs --mock"):
        run(["selftest", "--mock-fault", "display"])
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MYSTERY_TABLE_CONFIG", raising=False)
    with pytest.raises(UserError, match="mock backend"):
        run(["selftest"])
    (tmp_path / "table.toml").write_text("[[seats]]\ndisplay.channel = 9\n")
    with pytest.raises(UserError, match=r"table.toml: seats\[0\].display.channel: out of range"):
        run(["selftest", "--mock", "--config", "table.toml"])


def test_selftest_follows_the_config(tmp_path):
    (tmp_path / "t.toml").write_text("[[seats]]\ndisplay.model = 'sh1106'\n[[seats]]\ndisplay.rotation = 2\n[reader]\nenabled = false\n")
    from kiosk.config import load_config

    checks = selftest_mock(load_config(tmp_path / "t.toml"), quiet=True)
    assert [c.part for c in checks if "screen" in c.part] == ["seat 1 screen", "seat 2 screen"]
    assert all(c.result == PASS for c in checks) and not any("reader" in c.part for c in checks)
