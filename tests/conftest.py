"""Shared fixtures: `mock_table` is the whole table on mock hardware, fresh for every test."""

from __future__ import annotations

import pytest

from hardware.mock import MockTable, build_mock_table


@pytest.fixture
def mock_table() -> MockTable:
    """Four seats (SSD1306 on mux channels 0-3), buttons, whistle, reader; torn down after the test
    (reader thread stopped, simulator closed, pin factories reset)."""
    table = build_mock_table()
    try:
        yield table
    finally:
        table.close()
