"""Shared fixtures: `mock_table` is the whole table on mock hardware, fresh for every test."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator

import pytest

from hardware.sim.mock_table import MockTable, build_mock_table


def pytest_configure(config: pytest.Config) -> None:
    # luma.oled 3.16 calls Image.getdata, deprecated in Pillow 13; not ours to fix.
    config.addinivalue_line("filterwarnings", "ignore:Image.Image.getdata is deprecated:DeprecationWarning:luma")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """An xdist worker has run its last test: freeze what it still holds out of the garbage collector.

    The worker ends with pytest's last full collection (the unraisable-exception check), over every
    object the session built (millions: the played games and fonts the tests cache). On a loaded
    2-core machine that took 12 s, past the 5 s execnet grants a worker to finish once its controller
    has said goodbye; execnet then sends the worker a SIGINT, which lands inside that collection and
    ends `make test` with a `KeyboardInterrupt` warning that reads like a crash. Frozen objects are
    never walked: the last collection looks only at what is new, and the worker exits at once."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.freeze()


@pytest.fixture
def mock_table() -> Iterator[MockTable]:
    """Four seats (SSD1306 on mux channels 0-3), buttons, whistle, reader; torn down after the test
    (reader thread stopped, simulator closed, pin factories reset)."""
    table = build_mock_table()
    try:
        yield table
    finally:
        table.close()


@pytest.fixture(autouse=True)
def no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests never open a real window: `kiosk run --mock` without a display plays headless. The
    touchscreen tests (tests/ui) bring SDL's dummy driver themselves."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """`kiosk --lang es ...` switches the process's language: put it back so tests stay independent."""
    from kiosk import i18n

    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
