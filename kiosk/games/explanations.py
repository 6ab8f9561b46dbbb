"""What each kind of decision and each public moment is, for "Learn as you play" (the `learn` option).

An explanation is written per kind of decision (a prompt's `kind`) or per kind of public moment (a
public event's `kind`), never from a game's state, so it cannot name anything private. Each game keeps
its own in `kiosk/games/<game>/explain.py`, as two plain dictionaries of msgids marked with `N_`:

- `PROMPTS`: prompt kind -> `Explanation` (at most three short seat pages: what this step is, what
  the choices do, one tip);
- `MOMENTS`: public event kind -> one short sentence for the board, in large type.

Screens translate them where they are shown, like every other game string.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Explanation:
    """One kind of decision, explained in three short parts (msgids)."""

    what: str
    choices: str
    tip: str

    def parts(self) -> tuple[str, str, str]:
        return self.what, self.choices, self.tip


_MODULES = {
    "mystery-express": "kiosk.games.mystery_express.explain",
    "pi": "kiosk.games.pi.explain",
    "watson-holmes": "kiosk.games.watson_holmes.explain",
    "mystery-city": "kiosk.games.mystery_city.explain",
}
GAME_IDS: tuple[str, ...] = tuple(_MODULES)


@cache
def _tables(game_id: str) -> tuple[dict[str, Explanation], dict[str, str]]:
    if game_id not in _MODULES:
        raise KeyError(f"unknown game {game_id!r}, expected one of {', '.join(_MODULES)}")
    module = importlib.import_module(_MODULES[game_id])
    return dict(module.PROMPTS), dict(module.MOMENTS)


def prompt_explanation(game_id: str, kind: str) -> Explanation | None:
    """The explanation of a kind of decision, or None where the game has none."""
    return _tables(game_id)[0].get(kind)


def moment_explanation(game_id: str, kind: str) -> str | None:
    """The board's sentence for a kind of public moment, or None where it has none."""
    return _tables(game_id)[1].get(kind)


def prompt_kinds(game_id: str) -> dict[str, Explanation]:
    """Every explained kind of decision of a game, in the order the game's file lists them."""
    return dict(_tables(game_id)[0])


def moment_kinds(game_id: str) -> dict[str, str]:
    """Every explained kind of public moment of a game."""
    return dict(_tables(game_id)[1])
