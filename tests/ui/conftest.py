"""The touchscreen tests draw with SDL's dummy video driver: invisible, and the same code paths."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def dummy_video(monkeypatch: pytest.MonkeyPatch, no_display: None) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
