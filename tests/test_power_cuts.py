"""Power cuts at every commit of a game: each resumes to the game that was played, in the order it was
played, simultaneous decisions included (issue 21, item 10 and its figure; `bench/power_cuts.py`
plays every resumed game to its end with the table's own bots)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.power_cuts import cut_everywhere, play_whole, random_bot, resume_from
from hardware.sim.mock_table import build_mock_table
from kiosk.bots.table_bots import table_bot


# One game of each, short enough to resume at every cut point in a test: (game, seats, seed, bots).
SHORT_GAMES = [
    ("mystery-express", 3, 3, random_bot),  # telegram entries and peeks made at once
    ("pi", 2, 3, table_bot),  # random bots would hardly ever solve a case
    ("watson-holmes", 4, 3, random_bot),  # the carriage auction and 221B answers at once
    ("mystery-city", 2, 3, random_bot),
]


@pytest.fixture
def memory_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder in memory where there is one (/dev/shm): the cuts are copies of the files, so what
    they hold does not depend on the disk, and each commit's fsync would cost 15 ms on a VM's disk."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shm) as folder:
        yield Path(folder)


@pytest.mark.parametrize(("game_id", "seats", "seed", "bot"), SHORT_GAMES, ids=[g[0] for g in SHORT_GAMES])
def test_a_cut_after_any_commit_resumes_to_the_same_store(game_id, seats, seed, bot, memory_folder, capsys):
    """Every cut point resumes, and its next actions are the ones played without the cut."""
    cuts = cut_everywhere(game_id, seats, seed, bot, steps=3, folder=memory_folder)
    with capsys.disabled():
        print(f"\n{game_id}: {cuts.identical} of {cuts.points} cut points resumed to the same store")
    assert cuts.differing == []
    assert cuts.points > 50


def test_resumed_telegrams_are_stored_in_the_order_they_were_played(memory_folder):
    """Mystery Express's telegram entries are simultaneous: cut inside them, resume, and play to the end."""
    mock = build_mock_table(seats=4, start_reader=False)
    try:
        whole, copies = play_whole("mystery-express", 4, 3, memory_folder, mock, random_bot)
        entries = [n for n, (_seat, action) in enumerate(whole.actions, 1) if action["kind"] == "entry"]
        assert len(entries) > 8
        for cut in (entries[1], entries[5], len(whole.actions) - 1):
            assert resume_from(copies[cut - 1], mock, random_bot) == whole, f"cut after commit {cut}"
    finally:
        mock.close()
