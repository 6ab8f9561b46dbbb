"""Phrases every game says alike, written (and translated) once: who won, and counted things that
several games and screens name ("3 rounds", "1 point")."""

from __future__ import annotations

from typing import Any

from kiosk.i18n import Nn_, Text, TextList

WINNERS = Nn_("Winner: {seats}", "Winners: {seats}")
ROUNDS = Nn_("{count} round", "{count} rounds")
POINTS = Nn_("{count} point", "{count} points")


def winners(seats: TextList) -> Text:
    """"Winner: Seat 2" or "Winners: Seat 1, Seat 3", by how many won."""
    return Text(WINNERS[0], {"count": len(seats.items), "seats": seats}, plural=WINNERS[1])


def with_counts(params: dict[str, Any], phrases: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """`params` with each number named in `phrases` replaced by its phrase in the grammatical number
    that count needs ("1 carriage", "2 carriages"); the phrase may use the other parameters too."""
    return {
        key: Text(phrases[key][0], {**params, "count": value}, plural=phrases[key][1])
        if key in phrases and isinstance(value, int) and not isinstance(value, bool) else value
        for key, value in params.items()
    }
