"""`kiosk replay N` of a stored game whose kind this kiosk does not know: a message, not a KeyError."""

from __future__ import annotations

from kiosk.cli import main
from kiosk.store import GameStore


def test_replay_of_a_game_of_an_unknown_kind_says_so(tmp_path, capsys):
    store = GameStore.open(tmp_path)
    game_id = store.begin("cluedo", {}, 7, 3, [0, 1, 2])
    store.finish(game_id, {"winners": [1], "scores": {"0": 0, "1": 1, "2": 0}})
    store.close()
    assert main(["replay", str(game_id), "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"kiosk: game {game_id} is a 'cluedo' game, which this kiosk does not know; expected one of")
    assert "mystery-express" in err and "Traceback" not in err
