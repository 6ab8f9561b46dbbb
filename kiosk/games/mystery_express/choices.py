"""Which of a prompt's legal choices are worth offering a player, read from the public view.

The engine keeps every legal action (a replay or a bot may take any); a screen leaves out those that
can change nothing, so a player on three buttons or at the touchscreen never wades through them:
a grip on an empty discard pile (rules 4.4 A: legal, no effect), and walking to a car where nothing
can be done (rules 4.1: walking is free and does nothing by itself). A grip in the Conductor's car
is never pointless: the chat it brings is worth an hour.
"""

from __future__ import annotations

from typing import Any

from kiosk.games.base import Action, Prompt
from kiosk.games.mystery_express.turn import CAR_OF
from kiosk.i18n import N_

# Why a turn's action worth nothing is left out, for a seat that says why a car offers nothing.
POINTLESS = {"grip": N_("No discard pile holds a card yet.")}


def pointless(action: Action, prompt: Prompt, view: dict[str, Any]) -> bool:
    players = view.get("players", [])
    if action.kind == "grip":  # in the Conductor's car it still brings the chat with him (rules 4.4 A, 4.10)
        return not any(p["discard_size"] for p in players) and not chat_due(view)
    if prompt.kind == "grip_target" and action.kind == "target":
        return not players[action.args[0]]["discard_size"]
    if prompt.kind == "grip_category" and action.kind == "category":
        return not players[prompt.data["target"]]["discard"][action.args[0]]
    if prompt.kind == "turn" and action.kind == "move":
        return not any(CAR_OF.get(a.kind) == action.args[0] and not pointless(a, prompt, view) for a in prompt.actions)
    return False


def chat_due(view: dict[str, Any]) -> bool:
    """Whether an action in the Club Car would bring the chat with the Conductor: he stands there and
    no action of that car was done this turn (his chat comes with the first action in his car)."""
    return view.get("conductor_car") == "club" and not {"grip", "madam"} & set(view.get("used", []))


def worth_offering(prompt: Prompt, view: dict[str, Any]) -> list[Action]:
    """The prompt's actions, less the pointless ones, in order (all of them, were none left: a prompt
    always offers something)."""
    return [a for a in prompt.actions if not pointless(a, prompt, view)] or list(prompt.actions)


def why_not(kind: str, prompt: Prompt, view: dict[str, Any]) -> str | None:
    """Why the turn `prompt` offers no `kind` action (a msgid), or None when it offers one worth taking:
    the game's reason for an action it refuses now, or why a legal one would change nothing."""
    refused = prompt.data.get("unavailable", {}).get(kind)
    if refused is not None:
        return str(refused)
    action = Action(kind)
    if action in prompt.actions and pointless(action, prompt, view):
        return POINTLESS.get(kind)
    return None
