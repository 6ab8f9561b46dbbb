"""Waiting for what another thread does (the reader's poller, a button's timer, the whistle), however
busy the machine is: a test waits on the condition, and the bound only ends a test that hung."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

PATIENCE = 120.0  # seconds: only a hung test waits this long; a busy machine is slower, never wrong


def eventually(condition: Callable[[], object], step: float = 0.01) -> bool:
    """True as soon as `condition()` holds; False only if it still does not after PATIENCE seconds."""
    give_up = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > give_up:
            return False
        threading.Event().wait(step)
    return True
