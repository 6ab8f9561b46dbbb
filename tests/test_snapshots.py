"""Seat screens hold private hands: in café mode (the touchscreen) none is ever written to disk. Only
the headless bot game and `kiosk demo` save snapshots, and each run leaves only its own."""

from __future__ import annotations

from pathlib import Path

from kiosk.cli import main
from kiosk.store import GameStore

STALE = "1-leg_start-1-seat2.png"  # what an older kiosk left in the data folder: someone's hand


def pictures(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*.png"))


def test_the_touchscreen_kiosk_writes_no_seat_screen(tmp_path, monkeypatch):
    from kiosk.ui import loop as ui_loop

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # a screen exists: `kiosk run --mock` opens the simulator
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    (tmp_path / "snapshots").mkdir()
    (tmp_path / "snapshots" / STALE).write_bytes(b"png")
    (tmp_path / "snapshots" / "notes.txt").write_text("the operator's")
    legs = []

    def until_the_game_ends(app, window, stop, heartbeat=None):
        """The real loop, stepped until the table's game is over (the results screen waits for a tap)."""
        loop = ui_loop.Loop(app, window, heartbeat)
        loop.start()
        try:
            for _ in range(100_000):
                loop.step(0.001)
                if app.referee is not None:
                    legs.append(app.referee.session.state.leg)
                    if app.referee.session.over:
                        return True
            raise AssertionError("the game never ended")
        finally:
            loop.stop()

    monkeypatch.setattr(ui_loop, "run", until_the_game_ends)
    args = ["run", "--mock", "--game", "mystery-express", "--seats", "3", "--bots", "3", "--bot-pause", "0",
            "--seed", "4", "--data", str(tmp_path)]
    assert main(args) == 0
    assert max(legs) == 5  # every leg was played (each used to save every seat's screen)
    store = GameStore.open(tmp_path)
    assert store.unfinished() is None
    store.close()
    assert pictures(tmp_path) == []  # the stale hand is gone too
    assert (tmp_path / "snapshots" / "notes.txt").exists()


def test_a_headless_bot_game_keeps_only_its_own_snapshots(tmp_path, capsys):
    (tmp_path / "snapshots").mkdir()
    (tmp_path / "snapshots" / "notes.txt").write_text("the operator's")
    run = ["run", "--mock", "--headless", "--game", "pi", "--seats", "2", "--seed", "1", "--data", str(tmp_path)]
    assert main(run) == 0
    assert pictures(tmp_path) and all(name.startswith("1-") for name in pictures(tmp_path))
    assert main(run) == 0  # the next game (id 2) replaces them
    second = pictures(tmp_path)
    assert "2-final-seat1.png" in second and all(name.startswith("2-") for name in second)
    assert (tmp_path / "snapshots" / "notes.txt").exists()


def test_the_demo_folder_holds_only_the_last_demo(tmp_path, capsys):
    out = tmp_path / "demo"
    assert main(["demo", "--game", "pi", "--seats", "3", "--seed", "2", "--out", str(out)]) == 0
    assert any(name.endswith("-seat3.png") for name in pictures(out))
    (out / "README.txt").write_text("not a snapshot")
    assert main(["demo", "--game", "pi", "--seats", "2", "--seed", "2", "--out", str(out)]) == 0
    last = pictures(out)
    assert last and not any(name.endswith("-seat3.png") for name in last)  # the 3-seat demo's are gone
    assert (out / "README.txt").exists()
