"""The `kiosk` command as a person runs it."""

from __future__ import annotations

import subprocess
import sys

from kiosk.cli import main


def test_run_plays_a_whole_bot_game_on_the_mock_table_and_prints_the_legs(capsys, tmp_path):
    assert main(["run", "--mock", "--headless", "--headless", "--seats", "5", "--seed", "1", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Mystery Express: 5 seats, 5 played by bots, seed 1")
    assert out.count("Leg ") == 5 and "The train arrives in Istanbul." in out
    assert "The solution:" in out and out.rstrip().splitlines()[-1].endswith("points")
    snapshots = sorted(p.name for p in (tmp_path / "snapshots").iterdir())
    assert "1-leg_start-1-seat1.png" in snapshots and "1-final-seat5.png" in snapshots


def test_narrate_prints_every_public_action(capsys, tmp_path):
    assert main(["run", "--mock", "--headless", "--seats", "3", "--seed", "2", "--narrate", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "ends their turn." in out and "takes the character" in out


def test_run_is_reproducible_from_its_seed(capsys, tmp_path):
    main(["run", "--mock", "--headless", "--seats", "3", "--seed", "7", "--data", str(tmp_path / "a")])
    first = capsys.readouterr().out
    main(["run", "--mock", "--headless", "--seats", "3", "--seed", "7", "--data", str(tmp_path / "b")])
    assert capsys.readouterr().out == first


def test_run_speaks_spanish(capsys, tmp_path):
    assert main(["run", "--mock", "--headless", "--seats", "4", "--seed", "2", "--lang", "es", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Tramo 1: de París a Estrasburgo" in out and "puntos" in out


def test_a_bad_seat_count_is_one_clear_line_and_exit_2():
    result = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "run", "--seats", "9"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "kiosk: --seats must be 3-5 for this game, got 9"
    assert "Traceback" not in result.stderr


def test_people_at_a_mock_table_need_the_window_or_phone_seats(capsys, tmp_path):
    config = tmp_path / "table.toml"
    config.write_text("[web]\nenabled = false\n" + "".join(f"[[seats]]\ndisplay.channel = {c}\n" for c in range(4)))
    assert main(["run", "--mock", "--headless", "--headless", "--seats", "4", "--bots", "2", "--data", str(tmp_path),
                 "--config", str(config)]) == 2
    assert capsys.readouterr().err == (
        "kiosk: phone seats are off ([web] enabled = false in table.toml); 2 seats are left to people, who can only "
        "play them on phones at a headless mock table: set [web] enabled = true in table.toml, play in the simulator "
        "window (without --headless), or let bots play every seat (--bots 4)\n")


def test_a_broken_table_config_is_named(capsys, tmp_path):
    bad = tmp_path / "table.toml"
    bad.write_text("[[seats]]\ndisplay = { channel = 9 }\n", encoding="utf-8")
    assert main(["run", "--config", str(bad), "--data", str(tmp_path)]) == 2
    assert "table.toml" in capsys.readouterr().err


def test_demo_saves_every_seat_screen_at_the_key_moments(capsys, tmp_path):
    assert main(["demo", "--seats", "3", "--seed", "4", "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    for moment in ("leg_start-1", "tunnel", "time_packet", "telegram_begins", "final_begins", "game_over"):
        assert any(moment in n for n in names), moment
    seats = {n for n in names if not n.startswith("board-")}
    assert all(n.endswith(("seat1.png", "seat2.png", "seat3.png")) for n in seats)
    for moment in ("leg_start-1", "leg_start-5", "time_reveal-Strasbourg", "time_reveal-Budapest", "game_over-end"):
        for size in ("800x480", "720x1280"):
            assert f"board-{moment}-{size}.png" in names, (moment, size)
    assert "moments saved in" in capsys.readouterr().out


def test_game_options_are_passed_and_bad_ones_refused_clearly(capsys, tmp_path):
    args = ["run", "--mock", "--headless", "--seats", "3", "--seed", "3", "--data", str(tmp_path)]
    assert main([*args, "--option", "removal=highest", "--option", "powers=false"]) == 0
    from kiosk.games.mystery_express.game import INFO
    from kiosk.store import GameStore

    (record,) = GameStore.open(tmp_path).games()
    from kiosk.games import registry

    # Stored whole: the options chosen over the defaults of the day, so a later default never changes it.
    chosen = {"removal": "highest", "powers": False}
    assert record.options == registry.get("mystery-express").info.resolve_options(chosen)
    capsys.readouterr()
    assert main([*args, "--option", "removal=lowest"]) == 2
    assert "option 'removal' must be one of" in capsys.readouterr().err
    assert main([*args, "--option", "colour"]) == 2
    assert "--option takes NAME=VALUE" in capsys.readouterr().err


def test_config_check_describes_a_good_file_and_lists_every_problem_of_a_bad_one(capsys, tmp_path):
    good = tmp_path / "table.toml"
    good.write_text('language = "es"\n[[seats]]\n[[seats]]\ndisplay = { model = "sh1106", channel = 1 }\n', encoding="utf-8")
    assert main(["config", "check", str(good)]) == 0
    out = capsys.readouterr().out
    assert "table.toml: valid." in out and "Seat 2: sh1106 at 0x3C on channel 1" in out and "language: es" in out
    assert "Shared writes" not in out  # the kernel's mux opens one channel at a time
    good.write_text('[i2c]\nmux = "user"\n[[seats]]\n[[seats]]\n', encoding="utf-8")
    assert main(["config", "check", str(good)]) == 0
    assert "Shared writes: what several seat screens show alike is sent once" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text('language = "fr"\n[[seats]]\ndisplay = { channel = 9 }\n', encoding="utf-8")
    assert main(["config", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.toml: language: not a choice" in out and "seats[0].display.channel: out of range" in out
    assert "2 problems: the table will not start" in out


def test_a_watson_holmes_case_may_be_named_by_its_file_as_well_as_its_id(capsys, tmp_path):
    """playWH21's newcomer ran `--option case=tutorial-lamplighter` (the file's name, as the cases folder lists
    it) and was refused: the case's id is `lamplighter`. The file's name is read as its case; an id stays as
    it is, and a name no case has is still refused as it was given."""
    from kiosk.commands.run import game_options

    assert game_options(["case=tutorial-lamplighter"], "watson-holmes") == {"case": "lamplighter"}
    assert game_options(["case=lamplighter"], "watson-holmes") == {"case": "lamplighter"}
    assert game_options(["case=tutorial-lamplighter"], "pi") == {"case": "tutorial-lamplighter"}
    assert game_options(["case=no-such-case"], "watson-holmes") == {"case": "no-such-case"}
    args = ["run", "--mock", "--headless", "--game", "watson-holmes", "--seats", "3", "--data", str(tmp_path)]
    assert main([*args, "--option", "case=no-such-case"]) == 2
    assert "no-such-case" in capsys.readouterr().err
