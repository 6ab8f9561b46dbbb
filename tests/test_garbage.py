"""Garbage collections run between inputs (kiosk/appliance/garbage.py): the one due runs when the loop asks,
none runs when none is near due, and the referee's loop asks after each input."""

from __future__ import annotations

import gc

import pytest

from hardware.sim.mock_table import build_mock_table
from kiosk.appliance import garbage
from kiosk.referee import table
from tests.table_support import table_referee


@pytest.fixture
def thresholds():
    kept = gc.get_threshold()
    yield
    gc.set_threshold(*kept)


def test_the_collection_nearly_due_runs_now_and_then_none_is(thresholds):
    gc.collect()
    gc.set_threshold(700, 10, 10)
    assert garbage.collect_due() is None, "right after a full collection nothing is due"
    gc.set_threshold(700, 10, 1)  # the next collection of the middle generation would be a full one
    assert garbage.collect_due() == 2
    assert gc.get_count()[1:] == (0, 0)


def test_the_young_generation_is_collected_once_half_full(thresholds):
    gc.collect()
    gc.set_threshold(700, 10, 10)
    kept = [[] for _ in range(100)]  # fewer than half the threshold: not due yet
    assert garbage.collect_due() is None
    kept += [[] for _ in range(300)]  # now over half of it
    assert garbage.collect_due() == 0
    assert gc.get_count()[0] < 10 and gc.get_count()[1] >= 1
    assert len(kept) == 400


def test_the_referee_collects_after_each_input(tmp_path, monkeypatch):
    asked: list[int] = []
    monkeypatch.setattr(table, "collect_due", lambda: asked.append(1))
    mock = build_mock_table(seats=3, start_reader=False)
    store, session, referee = table_referee(mock, tmp_path, "mystery-express", 1, seats=3, bots=())
    try:
        referee.pump(timeout=0.0)
        assert asked == [1]
    finally:
        store.close()
        mock.close()
