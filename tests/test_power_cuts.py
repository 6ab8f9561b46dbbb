"""Power cuts at every commit of a game: each resumes to the game that was played, in the order it was
played, simultaneous decisions included (issue 21, item 10 and its figure; `bench/power_cuts.py`
plays every resumed game to its end with the table's own bots)."""

from __future__ import annotations

import pytest

from bench.power_cuts import GAMES, cut_everywhere, play_whole, random_bot, resume_from
from hardware.mock import build_mock_table


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_cut_after_any_commit_resumes_to_the_same_store(game_id, capsys):
    """Every cut point resumes, and its next actions are the ones played without the cut."""
    cuts = cut_everywhere(game_id, GAMES[game_id], 3, random_bot, steps=6)
    with capsys.disabled():
        print(f"\n{game_id}: {cuts.identical} of {cuts.points} cut points resumed to the same store")
    assert cuts.differing == []
    assert cuts.points > 30


def test_resumed_telegrams_are_stored_in_the_order_they_were_played(tmp_path):
    """Mystery Express's telegram entries are simultaneous: cut inside them, resume, and play to the end."""
    mock = build_mock_table(seats=4, start_reader=False)
    try:
        whole, copies = play_whole("mystery-express", 4, 3, tmp_path, mock, random_bot)
        entries = [n for n, (_seat, action) in enumerate(whole.actions, 1) if action["kind"] == "entry"]
        assert len(entries) > 8
        for cut in (entries[1], entries[5], len(whole.actions) - 1):
            assert resume_from(copies[cut - 1], mock, random_bot) == whole, f"cut after commit {cut}"
    finally:
        mock.close()
