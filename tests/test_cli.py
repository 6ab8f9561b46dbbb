"""The `kiosk` command as a person runs it."""

from __future__ import annotations

import subprocess
import sys

from kiosk.cli import main


def test_run_plays_a_whole_bot_game_and_prints_the_scores(capsys):
    assert main(["run", "--seats", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Mystery Express: 5 seats played by bots, seed 1")
    assert out.count("Leg ") == 5 and "The train arrives in Istanbul." in out
    assert "The solution:" in out and out.rstrip().splitlines()[-1].endswith("correct")


def test_run_is_reproducible_from_its_seed(capsys):
    main(["run", "--seats", "3", "--seed", "7"])
    first = capsys.readouterr().out
    main(["run", "--seats", "3", "--seed", "7"])
    assert capsys.readouterr().out == first


def test_run_speaks_spanish(capsys):
    assert main(["run", "--seats", "4", "--seed", "2", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Tramo 1: de París a Estrasburgo" in out and "aciertos" in out


def test_a_bad_seat_count_is_one_clear_line_and_exit_2():
    result = subprocess.run(
        [sys.executable, "-m", "kiosk.cli", "run", "--seats", "9"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "kiosk: --seats must be 3-5 for this game, got 9"
    assert "Traceback" not in result.stderr
