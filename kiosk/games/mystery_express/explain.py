"""The explanations "Learn as you play" gives for this game (see `kiosk.games.explanations`)."""

from __future__ import annotations

from kiosk.games.explanations import Explanation

PROMPTS: dict[str, Explanation] = {}

MOMENTS: dict[str, str] = {}
