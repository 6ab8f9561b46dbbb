"""Phone-only seats in table.toml (`[[seats]]` with `phone = true`) and on the command line
(`--phone-seats`, `--port`): accepted and described, or refused with one clear line that changes nothing."""

from __future__ import annotations

from kiosk.cli import main

STATIONS = "".join(f"[[seats]]\ndisplay.channel = {c}\n" for c in range(3))


def test_config_check_accepts_phone_only_seats_and_numbers_them_after_the_stations(capsys, tmp_path):
    good = tmp_path / "table.toml"
    good.write_text("[[seats]]\nphone = true\n" + STATIONS + "[[seats]]\nphone = true\n", encoding="utf-8")
    assert main(["config", "check", str(good)]) == 0
    out = capsys.readouterr().out
    assert "Seat 3: ssd1306 at 0x3C on channel 2" in out
    assert "Seat 4: phone only (no screen or buttons)" in out and "Seat 5: phone only" in out
    assert "Seat 6" not in out


def test_config_check_names_what_is_wrong_with_a_phone_only_seat(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[[seats]]\nphone = true\ndisplay.channel = 3\n[[seats]]\nphone = \"yes\"\n", encoding="utf-8")
    assert main(["config", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert ("bad.toml: seats[0].display: a phone-only seat (phone = true) has no screen or buttons, expected no "
            "display here: remove phone = true to make it a station, or remove display") in out
    assert "bad.toml: seats[1].phone: wrong type, expected true or false, got 'yes'" in out
    only_phones = tmp_path / "phones.toml"
    only_phones.write_text("[[seats]]\nphone = true\n", encoding="utf-8")
    assert main(["config", "check", str(only_phones)]) == 1
    assert "expected at least one seat with a screen and buttons" in capsys.readouterr().out
    no_web = tmp_path / "noweb.toml"
    no_web.write_text("[web]\nenabled = false\n" + STATIONS + "[[seats]]\nphone = true\n", encoding="utf-8")
    assert main(["config", "check", str(no_web)]) == 1
    assert "seats[3].phone: a phone-only seat needs the phone server, expected [web] enabled = true" in capsys.readouterr().out
    eight = tmp_path / "eight.toml"
    eight.write_text(STATIONS + "[[seats]]\nphone = true\n" * 5, encoding="utf-8")
    assert main(["config", "check", str(eight)]) == 1
    assert "wrong count, expected 1 to 7 [[seats]] tables, got 8" in capsys.readouterr().out


def test_phone_seats_and_port_on_the_command_line_are_checked(capsys, tmp_path):
    data = str(tmp_path / "var")
    for args, said in (
        (["--phone-seats", "7"], "kiosk: --phone-seats must be 0-6, got 7\n"),
        (["--port", "0"], "kiosk: --port must be 1-65535, got 0\n"),
    ):
        assert main(["run", "--mock", "--headless", "--game", "watson-holmes", "--data", data, *args]) == 2
        assert capsys.readouterr().err == said
    config = tmp_path / "table.toml"
    config.write_text(STATIONS + "[[seats]]\nphone = true\n", encoding="utf-8")
    assert main(["run", "--mock", "--headless", "--game", "watson-holmes", "--seats", "7", "--phone-seats", "4",
                 "--config", str(config), "--data", data]) == 2
    assert capsys.readouterr().err == "kiosk: --phone-seats 4: the table has 4 seats already, expected at most 7 in all\n"
    assert not (tmp_path / "var").exists()  # refused before anything was stored


def test_a_headless_table_of_three_stations_and_four_phones_plays_seven_bots(capsys, tmp_path):
    assert main(["run", "--mock", "--headless", "--game", "watson-holmes", "--seats", "7", "--phone-seats", "4",
                 "--seed", "2", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "7 seats, 7 played by bots" in out and "Seat 7:" in out
