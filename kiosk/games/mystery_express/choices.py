"""Which of a prompt's legal choices are worth offering a player, read from the public view.

The engine keeps every legal action (a replay or a bot may take any); a screen leaves out those that
can change nothing, so a player on three buttons or at the touchscreen never wades through them:
a grip on an empty discard pile (rules 4.4 A: legal, no effect), and walking to a car where nothing
can be done (rules 4.1: walking is free and does nothing by itself).
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Prompt
from kiosk.games.mystery_express.turn import CAR_OF


def pointless(action: Action, prompt: Prompt, view: dict[str, Any]) -> bool:
    players = view.get("players", [])
    if action.kind == "grip":
        return not any(p["discard_size"] for p in players)
    if prompt.kind == "grip_target" and action.kind == "target":
        return not players[action.args[0]]["discard_size"]
    if prompt.kind == "grip_category" and action.kind == "category":
        return not players[prompt.data["target"]]["discard"][action.args[0]]
    if prompt.kind == "turn" and action.kind == "move":
        return not any(CAR_OF.get(a.kind) == action.args[0] and not pointless(a, prompt, view) for a in prompt.actions)
    return False


def worth_offering(prompt: Prompt, view: dict[str, Any]) -> list[Action]:
    """The prompt's actions, less the pointless ones, in order (all of them, were none left: a prompt
    always offers something)."""
    return [a for a in prompt.actions if not pointless(a, prompt, view)] or list(prompt.actions)
