"""The rules quick reference's "Turn by turn" pages: every kind of decision a game asks for, in the
order the game's explanations list them, each said as "Learn as you play" says it (what this step is
and what its choices do), so the two never disagree. Packed into as many pages as the screen needs at
the size the quick reference is set at."""

from __future__ import annotations

from collections.abc import Callable

from kiosk.games.explanations import prompt_kinds
from kiosk.i18n import N_, Text, TextList

STEP = N_("• {what} {choices}")  # one kind of decision on a "Turn by turn" page


def steps(game_id: str) -> tuple[Text, ...]:
    """Each explained kind of decision once (kinds explained alike are one step)."""
    found: dict[tuple[str, str], Text] = {}
    for explanation in prompt_kinds(game_id).values():
        key = (explanation.what, explanation.choices)
        found.setdefault(key, Text(STEP, {"what": Text(explanation.what), "choices": Text(explanation.choices)}))
    return tuple(found.values())


def pack(all_steps: tuple[Text, ...], fits: Callable[[TextList], bool]) -> list[TextList]:
    """The steps in pages, one under the other, as many on each as `fits` allows (at least one)."""
    pages: list[TextList] = []
    current: tuple[Text, ...] = ()
    for step in all_steps:
        if current and not fits(TextList((*current, step), separator="\n")):
            pages.append(TextList(current, separator="\n"))
            current = ()
        current = (*current, step)
    if current:
        pages.append(TextList(current, separator="\n"))
    return pages
